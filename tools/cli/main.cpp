// SPDX-License-Identifier: MIT
// voxnav: route, replay benchmark scenarios, inspect and convert worlds.
#include "cli_common.hpp"

#include "detail/tsan.hpp"

#include <tbb/global_control.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace {

// Edits (insert, delete, replace) between two words: what "did you mean"
// weighs command names by.
std::size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = up;
        }
    }
    return row[b.size()];
}

// The sentence for a first word that is no command (CLI11 would only say
// that a subcommand is required), naming it and the nearest command.
std::string unknown_command(const CLI::App& app, const std::string& word) {
    std::string best, all;
    std::size_t best_distance = 3;  // suggest only near misses
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
        const std::string& name = sub->get_name();
        all += (all.empty() ? "" : ", ") + name;
        const std::size_t d = name.rfind(word, 0) == 0 ? 1 : edit_distance(word, name);
        if (d < best_distance) best_distance = d, best = name;
    }
    std::string s = "unknown command '" + word + "'";
    if (!best.empty()) s += " (did you mean '" + best + "'?)";
    return s + "; the commands are " + all + " (voxnav --help)";
}

}  // namespace

int main(int argc, char** argv) {
    using namespace voxnav::cli;
#ifdef VOXNAV_TSAN
    // TBB on the calling thread only (see src/detail/tsan.hpp).
    const tbb::global_control serial(tbb::global_control::max_allowed_parallelism, 1);
#endif
    CLI::App app{"voxnav - 3D voxel navigation"};
    app.require_subcommand(1);
    std::vector<Command> commands{add_route_command(app), add_scen_command(app), add_info_command(app),
                                  add_convert_command(app), add_gen_command(app), add_bench_command(app),
                                  add_live_command(app), add_query_bench_command(app), add_soak_command(app), add_render_command(app),
                                  add_reach_command(app), add_compare_command(app), add_view_command(app),
                                  add_field_command(app), add_crowd_command(app), add_chase_command(app), add_follow_command(app),
                                  add_follow_bench_command(app)};
    if (argc > 1 && argv[1][0] != '-') {
        const std::string word = argv[1];
        const auto subs = app.get_subcommands([&](const CLI::App* sub) { return sub->check_name(word); });
        if (subs.empty()) {
            std::fprintf(stderr, "voxnav: %s\n", unknown_command(app, word).c_str());
            return kBadInput;
        }
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::fprintf(stderr, "voxnav: %s\n", e.what());
        return kBadInput;
    }
    try {
        for (const Command& c : commands)
            if (int code = c(); code >= 0) return code;
    } catch (const UsageError& e) {
        std::fprintf(stderr, "voxnav: %s\n", e.what());
        return kBadInput;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "voxnav: %s\n", e.what());
        return kBadInput;
    }
    return kBadInput;
}
