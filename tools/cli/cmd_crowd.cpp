// SPDX-License-Identifier: MIT
// voxnav crowd: N agents to one goal, one flow field against N A* queries:
// time, memory, and whether every agent's cost agrees. The table the
// crossover N (RouteService's batch rule) was read from.
#include "crowd_common.hpp"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>

namespace voxnav::cli {

namespace {

struct CrowdArgs {
    std::string world;
    std::optional<std::string> agent;
    std::vector<int> agents{1, 10, 100, 1000}, spreads{64, 256};
    std::uint32_t seed = 1;
    int reps = 3, landmarks = 8;
    bool json = false;
};

struct Row {
    int agents = 0, spread = 0;
    double field_ms = 0, astar_ms = 0;
    std::size_t field_bytes = 0, astar_bytes = 0, field_waypoints = 0;
    double max_difference = 0;
    bool costs_equal = true;
};

Row measure(Navigator& nav, const Voxel& goal, const std::vector<Voxel>& crowd, int spread, int reps) {
    Row row;
    row.agents = int(crowd.size());
    row.spread = spread;
    QueryOptions fq;
    fq.limits.max_nodes = 50'000'000;
    FlowField field;
    std::vector<double> field_ms, astar_ms;
    std::vector<double> costs(crowd.size());
    for (int r = 0; r < reps; ++r) {
        // Interleaved: one field, then the N queries, per repetition.
        auto t0 = std::chrono::steady_clock::now();
        nav.flow_field(Goal::at(goal), fq, field, crowd);
        field_ms.push_back(ms_since(t0));
        t0 = std::chrono::steady_clock::now();
        std::size_t peak = 0;
        for (std::size_t i = 0; i < crowd.size(); ++i) {
            const Route route = nav.find_route(crowd[i], Goal::at(goal));
            costs[i] = route.status == SearchStatus::Found ? route.cost : -1.0;
            peak = std::max(peak, nav.search_bytes_in_use());
        }
        astar_ms.push_back(ms_since(t0));
        row.astar_bytes = peak;
    }
    row.field_ms = median(field_ms);
    row.astar_ms = median(astar_ms);
    row.field_bytes = field.memory_bytes();
    row.field_waypoints = field.reachable();
    for (std::size_t i = 0; i < crowd.size(); ++i) {
        const double f = field.cost(crowd[i]);
        if (costs[i] < 0 || !std::isfinite(f)) {
            row.costs_equal &= costs[i] < 0 && !std::isfinite(f);
            continue;
        }
        row.max_difference = std::max(row.max_difference, std::abs(f - costs[i]));
        row.costs_equal &= std::abs(f - costs[i]) <= 1e-9 * std::max(1.0, costs[i]);
    }
    return row;
}

int run_crowd(const CrowdArgs& a) {
    if (a.reps < 1 || a.reps > 100) throw UsageError("--reps must be 1..100");
    for (int n : a.agents)
        if (n < 1 || n > 100000) throw UsageError("--agents: each count must be 1..100000");
    for (int s : a.spreads)
        if (s < 1 || s > 100000) throw UsageError("--spread: each side must be 1..100000 voxels");
    const AgentProfile profile = load_profile_or_fail(a.agent);
    const World world = load_world_or_fail(a.world);
    Navigator nav(world, profile);
    build_landmarks_now(nav, a.landmarks);
    std::mt19937 rng(a.seed);
    const Voxel goal = central_waypoint(nav, rng);
    std::vector<Row> rows;
    for (int spread : a.spreads) {
        const int most = *std::max_element(a.agents.begin(), a.agents.end());
        std::mt19937 pick(a.seed * 7919u + std::uint32_t(spread));
        const std::vector<Voxel> all = crowd_around(nav, goal, most, spread, pick);
        for (int n : a.agents) {
            std::vector<Voxel> crowd = all;
            crowd.resize(std::min(std::size_t(n), all.size()));
            if (crowd.empty()) continue;
            rows.push_back(measure(nav, goal, crowd, spread, a.reps));
        }
    }
    if (a.json) {
        nlohmann::ordered_json j;
        j["world"] = a.world;
        j["goal"] = {goal.x, goal.y, goal.z};
        j["landmarks"] = a.landmarks;
        j["shaped_chunks"] = nav.snapshot()->shaped_chunk_count();
        j["chunks"] = nav.snapshot()->chunk_count();
        auto& list = j["rows"] = nlohmann::ordered_json::array();
        for (const Row& r : rows)
            list.push_back({{"agents", r.agents}, {"spread", r.spread}, {"field_ms", r.field_ms}, {"astar_ms", r.astar_ms},
                            {"field_bytes", r.field_bytes}, {"astar_bytes", r.astar_bytes}, {"field_waypoints", r.field_waypoints},
                            {"costs_equal", r.costs_equal}, {"max_cost_difference", r.max_difference}});
        std::printf("%s\n", j.dump().c_str());
    } else {
        const NavSnapshot& snap = *nav.snapshot();
        std::printf("goal %d,%d,%d  landmarks %d  median of %d  shaped chunks %zu of %zu\n\n", goal.x, goal.y, goal.z, a.landmarks,
                    a.reps, snap.shaped_chunk_count(), snap.chunk_count());
        std::printf("%7s %7s %11s %11s %9s %13s %12s %10s %8s\n", "agents", "spread", "field ms", "N A* ms", "A*/field",
                    "field bytes", "A* bytes", "field wps", "costs");
        for (const Row& r : rows)
            std::printf("%7d %7d %11.3f %11.3f %9.2f %13zu %12zu %10zu %8s\n", r.agents, r.spread, r.field_ms, r.astar_ms,
                        r.field_ms > 0 ? r.astar_ms / r.field_ms : 0.0, r.field_bytes, r.astar_bytes, r.field_waypoints,
                        r.costs_equal ? "equal" : "DIFFER");
    }
    for (const Row& r : rows)
        if (!r.costs_equal) return kQueryFailed;
    return kOk;
}

}  // namespace

Command add_crowd_command(CLI::App& app) {
    auto args = std::make_shared<CrowdArgs>();
    CLI::App* sub = app.add_subcommand("crowd", "Benchmark N agents to one goal: one flow field against N A* queries");
    add_world_option(sub, args->world);
    add_agent_option(sub, args->agent);
    sub->add_option("--agents", args->agents, "Crowd sizes (default 1,10,100,1000)")->delimiter(',');
    sub->add_option("--spread", args->spreads, "Sides of the square the crowd stands in, voxels (default 64,256)")->delimiter(',');
    sub->add_option("--seed", args->seed, "Seed of the goal and the crowd (default 1)");
    sub->add_option("--reps", args->reps, "Repetitions; the median is reported (default 3)");
    sub->add_option("--landmarks", args->landmarks, "Landmarks for the A* queries, built before timing (default 8; 0: none)");
    sub->add_flag("--json", args->json, "Print {\"rows\": [{\"agents\": N, \"field_ms\": ..., \"astar_ms\": ...}]}");
    return [sub, args]() -> int { return sub->parsed() ? run_crowd(*args) : -1; };
}

}  // namespace voxnav::cli
