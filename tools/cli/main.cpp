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

// The sentence for a first word that is no command (CLI11 would only say
// that a subcommand is required), naming it and the nearest command.
std::string unknown_command(const CLI::App& app, const std::string& word) {
    std::vector<std::string> names;
    std::string all;
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
        names.push_back(sub->get_name());
        all += (all.empty() ? "" : ", ") + sub->get_name();
    }
    const std::string best = voxnav::cli::nearest_word(word, names);
    std::string s = "unknown command '" + word + "'";
    if (!best.empty()) s += " (did you mean '" + best + "'?)";
    return s + "; the commands are " + all + " (voxnav --help)";
}

// A word CLI11 reads as a value, not as an option, where an option could
// stand: a negative number ("-3", "-1,1,1"; no voxnav option is a digit).
bool negative_number(const std::string& word) {
    return word.size() >= 2 && word[0] == '-' && word[1] >= '0' && word[1] <= '9';
}

// The values CLI11 takes after an option given without "=value", whatever
// they look like (its minimum; it takes more only while they are no option).
std::size_t values_taken(const CLI::Option& opt) {
    return static_cast<std::size_t>(std::max(0, std::min(opt.get_type_size_min(), opt.get_items_expected_min())));
}

// The sentence for the first option of `args` (a command's words after its
// name, or the words before the command) that `app` does not define, naming
// it and the nearest option it does; "" when all are defined. CLI11 checks
// required options before it reports extra ones, so a misspelt --wrld would
// otherwise be reported as "--world is required". Values are skipped as
// CLI11 takes them: `--from -3,1,2` is a position, not an option.
std::string unknown_option(const CLI::App& app, const std::vector<std::string>& args) {
    std::vector<std::string> names;
    for (const CLI::Option* opt : app.get_options()) {
        for (const std::string& n : opt->get_lnames()) names.push_back("--" + n);
        for (const std::string& n : opt->get_snames()) names.push_back("-" + n);
    }
    const std::string where = app.get_parent() ? app.get_name() + ": " : "";
    const std::string help = app.get_parent() ? "voxnav " + app.get_name() + " --help" : "voxnav --help";
    auto unknown = [&](const std::string& word) {
        // "-world" as well as "--wrld": suggest among the long names too
        const std::string best = voxnav::cli::nearest_word(word, names);
        return where + "unknown option '" + word + "'" +
               (best.empty() ? " (" + help + " lists the options)" : " (did you mean '" + best + "'?)");
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--") break;  // the rest are positional
        if (a.size() < 2 || a[0] != '-' || negative_number(a)) continue;
        if (a[1] == '-') {
            const std::size_t eq = a.find('=');
            const std::string name = a.substr(0, eq);
            const CLI::Option* opt = app.get_option_no_throw(name);
            if (!opt) return unknown(name);
            if (eq == std::string::npos) i += values_taken(*opt);
            continue;
        }
        // -x, -xVALUE, or flags run together (-abc)
        for (std::size_t k = 1; k < a.size(); ++k) {
            const CLI::Option* opt = app.get_option_no_throw(std::string("-") + a[k]);
            if (!opt) return unknown(k == 1 ? a : std::string("-") + a[k]);
            if (opt->get_items_expected_max() > 0) {
                if (k + 1 == a.size()) i += values_taken(*opt);
                break;  // the rest of the word is the value
            }
        }
    }
    return "";
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
    app.set_version_flag("--version", std::string("voxnav ") + voxnav::version(), "Print the version (voxnav MAJOR.MINOR.PATCH) and exit");
    // Words CLI11 would misreport, checked first: an unknown command, and an
    // option neither voxnav nor the command defines.
    const std::vector<std::string> words(argv + 1, argv + argc);
    const auto command = std::find_if(words.begin(), words.end(), [](const std::string& w) { return w.empty() || w[0] != '-'; });
    if (std::string why = unknown_option(app, {words.begin(), command}); !why.empty()) {
        std::fprintf(stderr, "voxnav: %s\n", why.c_str());
        return kBadInput;
    }
    if (command != words.end()) {
        const std::string& word = *command;
        const auto subs = app.get_subcommands([&](const CLI::App* sub) { return sub->check_name(word); });
        if (subs.empty()) {
            std::fprintf(stderr, "voxnav: %s\n", unknown_command(app, word).c_str());
            return kBadInput;
        }
        if (std::string why = unknown_option(*subs.front(), {command + 1, words.end()}); !why.empty()) {
            std::fprintf(stderr, "voxnav: %s\n", why.c_str());
            return kBadInput;
        }
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
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
