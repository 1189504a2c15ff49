// SPDX-License-Identifier: MIT
// voxnav scen: replay Moving AI scenarios, compare with the published optimal
// lengths, and report speed. Both the outside answer-key test and a benchmark.
#include "cli_common.hpp"

#include "bench/scenarios.hpp"
#include "route/problems/landmark_keeper.hpp"

#include <cstdio>

namespace voxnav::cli {
namespace {

struct ScenArgs {
    std::string file;
    std::optional<std::string> map;
    bool check = false;
    long long every = 1;
    std::optional<long long> limit;
    double weight = 1.0;
    std::optional<long long> max_nodes;
    std::string accel = "auto";
    int landmarks = LandmarkSettings{}.count;
};

int run(const ScenArgs& a) {
    if (a.every < 1) throw UsageError("--every must be >= 1");
    if (a.limit && *a.limit < 0) throw UsageError("--limit must be >= 0");
    // Benchmarks ask for the optimum: no node cap unless one is given.
    const SearchLimits limits = make_limits(a.weight, a.max_nodes.value_or(0xFFFFFFFFll), std::nullopt);
    ScenarioFile scen;
    try {
        scen = load_scenarios(a.file);
    } catch (const LoadError& e) {
        throw UsageError(e.what());
    }
    const std::string map_path = a.map ? *a.map : scen.map_path;
    if (map_path.empty())
        throw UsageError(a.file + ": map '" + scen.map_name + "' not found next to the scenario file; give --map");
    const World world = load_world_or_fail(map_path);
    Navigator nav(world, benchmark_agent(scen.kind));
    // Landmark tables built before the replay (as a game's worker would have
    // by then), not beside the timed queries.
    build_landmarks_now(nav, a.landmarks);

    std::printf("index\texpanded\tgenerated\tmicroseconds\tcost\texpected\tok\n");
    QueryOptions options;
    options.limits = limits;
    options.acceleration = parse_accel(a.accel);
    Route r;
    std::uint64_t queries = 0, mismatches = 0, expanded = 0, generated = 0;
    std::size_t search_bytes = 0;
    double micros = 0.0;
    for (std::size_t i = 0; i < scen.scenarios.size(); i += static_cast<std::size_t>(a.every)) {
        if (a.limit && queries >= static_cast<std::uint64_t>(*a.limit)) break;
        const Scenario& s = scen.scenarios[i];
        nav.find_route(s.start, Goal::at(s.goal), options, r);
        const bool ok = r.status == SearchStatus::Found && matches_optimal(r.cost, s.optimal, limits.weight);
        ++queries;
        mismatches += !ok;
        expanded += r.metrics.expanded;
        micros += r.metrics.microseconds;
        generated += r.metrics.generated;
        search_bytes += nav.search_bytes_in_use();
        std::printf("%zu\t%llu\t%llu\t%.1f\t%.6f\t%.6f\t%s\n", i, (unsigned long long)r.metrics.expanded,
                    (unsigned long long)r.metrics.generated, r.metrics.microseconds,
                    r.status == SearchStatus::Found ? r.cost : -1.0, s.optimal, ok ? "ok" : to_string(r.status));
    }
    std::printf("# queries %llu\n# mismatches %llu\n# mean_us %.2f\n# expansions_per_s %.0f\n", (unsigned long long)queries,
                (unsigned long long)mismatches, queries ? micros / queries : 0.0, micros > 0 ? expanded / (micros * 1e-6) : 0.0);
    std::printf("# peak_rss_bytes %zu\n# search_bytes_per_node %.1f\n# store_bytes_per_voxel %.2f\n", peak_rss_bytes(),
                generated ? double(search_bytes) / double(generated) : 0.0,
                store_bytes_per_voxel(world));
    if (a.check && mismatches > 0) {
        std::fprintf(stderr, "voxnav scen: %llu of %llu queries do not match the published lengths\n",
                     (unsigned long long)mismatches, (unsigned long long)queries);
        return kQueryFailed;
    }
    return kOk;
}

}  // namespace

Command add_scen_command(CLI::App& app) {
    auto args = std::make_shared<ScenArgs>();
    CLI::App* sub = app.add_subcommand("scen", "Replay a Moving AI .scen or .3dscen file");
    sub->add_option("file", args->file, "Scenario file")->required();
    sub->add_option("--map", args->map, "Map file (default: the scenario's map beside the file)");
    sub->add_flag("--check", args->check, "Exit 1 when any cost differs from the published length");
    sub->add_option("--every", args->every, "Run every Nth scenario");
    sub->add_option("--limit", args->limit, "Run at most this many scenarios");
    sub->add_option("--weight", args->weight, "Heuristic weight >= 1");
    sub->add_option("--max-nodes", args->max_nodes, "Expansion cap per query (default: none)");
    add_accel_option(sub, args->accel);
    sub->add_option("--landmarks", args->landmarks, "Landmarks of the exact terrain bound, built before the replay (default 8; 0: none)")
        ->check(CLI::Range(0, LandmarkTable::max_count));
    return [sub, args]() -> int { return sub->parsed() ? run(*args) : -1; };
}

}  // namespace voxnav::cli
