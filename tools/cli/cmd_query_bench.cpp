// SPDX-License-Identifier: MIT
// voxnav bench-queries: what the game-query features cost, measured on one
// world and query set, each figure a ratio within one run (interleaved,
// medians of --repeat runs):
//   slicing  sliced (step(n) until done) against one-shot time
//   batch    RouteService throughput on 1, 2 and all worker threads
//   goals    expansions and time of each goal kind against the exact goal
//   zones    time with 1..64 cost zones against none (the list representation)
#include "cli_common.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <thread>

namespace voxnav::cli {
namespace {

using Clock = std::chrono::steady_clock;

struct QueryBenchArgs {
    std::string world;
    std::optional<std::string> agent;
    int queries = 50;
    std::uint32_t seed = 1;
    int repeat = 5;
    std::uint32_t slice = 1000;
    bool json = false;
};

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// Times `variants` over the query set, interleaved: each repeat runs every
// variant once over all queries. Returns per-variant median seconds per pass.
template <class Run>
std::vector<double> interleaved(int variants, int repeat, Run&& run) {
    std::vector<std::vector<double>> t{std::size_t(variants)};
    for (int r = 0; r < repeat; ++r)
        for (int v = 0; v < variants; ++v) {
            const auto t0 = Clock::now();
            run(v);
            t[std::size_t(v)].push_back(seconds_since(t0));
        }
    std::vector<double> out;
    for (auto& x : t) out.push_back(median(x));
    return out;
}

int run(const QueryBenchArgs& a) {
    if (a.queries < 1 || a.repeat < 1 || a.slice < 1) throw UsageError("--queries, --repeat and --slice must be >= 1");
    const AgentProfile profile = load_profile_or_fail(a.agent);
    const World world = load_world_or_fail(a.world);
    const std::vector<BenchQuery> qs = pick_queries(world, profile, a.queries, a.seed);
    Navigator nav(world, profile);
    nlohmann::ordered_json out;
    out["world"] = a.world;
    out["queries"] = qs.size();
    Route r;
    std::uint64_t expanded = 0;

    // --- slicing -------------------------------------------------------------
    std::uint64_t slices = 0;
    const auto slice_t = interleaved(2, a.repeat, [&](int v) {
        for (const BenchQuery& q : qs) {
            if (v == 0) {
                nav.find_route(q.from, Goal::at(q.to), {}, r);
                expanded += r.metrics.expanded;
            } else {
                nav.begin_route(q.from, Goal::at(q.to));
                do ++slices;
                while (!nav.step(a.slice));
            }
        }
    });
    out["slicing"] = {{"slice", a.slice},
                      {"one_shot_ms", slice_t[0] * 1e3},
                      {"sliced_ms", slice_t[1] * 1e3},
                      {"ratio", slice_t[1] / slice_t[0]},
                      {"slices_per_pass", slices / std::uint64_t(a.repeat)},
                      {"expanded_per_pass", expanded / std::uint64_t(a.repeat)}};

    // --- batch ---------------------------------------------------------------
    std::vector<int> counts{1, 2};
    const int all = int(std::max(1u, std::thread::hardware_concurrency()));
    if (all > 2) counts.push_back(all);
    nlohmann::ordered_json batch = nlohmann::ordered_json::array();
    std::vector<std::unique_ptr<RouteService>> services;
    for (int n : counts) {
        services.push_back(std::make_unique<RouteService>(world, n));
        services.back()->add_agent(profile);
    }
    const auto batch_t = interleaved(int(counts.size()), a.repeat, [&](int v) {
        RouteService& s = *services[std::size_t(v)];
        for (int k = 0; k < 4; ++k)
            for (const BenchQuery& q : qs) s.submit(0, {0, q.from, Goal::at(q.to), {}});
        s.wait();
        (void)s.collect();
    });
    for (std::size_t i = 0; i < counts.size(); ++i)
        batch.push_back({{"threads", services[i]->threads()},
                         {"queries_per_s", 4.0 * double(qs.size()) / batch_t[i]},
                         {"speedup", batch_t[0] / batch_t[i]}});
    out["batch"] = batch;

    // --- goals ---------------------------------------------------------------
    struct Kind {
        const char* name;
        std::function<Goal(const BenchQuery&)> make;
    };
    const std::vector<Kind> kinds{
        {"exact", [](const BenchQuery& q) { return Goal::at(q.to); }},
        {"near:3", [](const BenchQuery& q) { return Goal::near(glm::dvec3(q.to), 3.0); }},
        {"xz", [](const BenchQuery& q) { return Goal::column(q.to.x, q.to.z); }},
        {"touch", [](const BenchQuery& q) { return Goal::touch(q.to - Voxel(0, 1, 0)); }},
        {"any of 4", [](const BenchQuery& q) {
             return Goal::any_of({Goal::at(q.to), Goal::at(q.to + Voxel(5, 0, 0)), Goal::at(q.to + Voxel(0, 0, 5)),
                                  Goal::at(q.to - Voxel(5, 0, 5))});
         }},
        {"flee:16", [](const BenchQuery& q) { return Goal::flee({{glm::dvec3(q.from), 16.0}}); }},
    };
    std::vector<std::uint64_t> kind_expanded(kinds.size(), 0);
    std::vector<std::size_t> kind_found(kinds.size(), 0);
    const auto goal_t = interleaved(int(kinds.size()), a.repeat, [&](int v) {
        kind_expanded[std::size_t(v)] = 0;
        kind_found[std::size_t(v)] = 0;
        for (const BenchQuery& q : qs) {
            nav.find_route(q.from, kinds[std::size_t(v)].make(q), {}, r);
            kind_expanded[std::size_t(v)] += r.metrics.expanded;
            kind_found[std::size_t(v)] += r.status == SearchStatus::Found;
        }
    });
    nlohmann::ordered_json goals = nlohmann::ordered_json::array();
    for (std::size_t k = 0; k < kinds.size(); ++k)
        goals.push_back({{"goal", kinds[k].name},
                         {"found", kind_found[k]},
                         {"expanded", kind_expanded[k]},
                         {"expanded_vs_exact", double(kind_expanded[k]) / double(std::max<std::uint64_t>(1, kind_expanded[0]))},
                         {"time_vs_exact", goal_t[k] / goal_t[0]}});
    out["goals"] = goals;

    // --- zones ---------------------------------------------------------------
    // Random spheres of radius 4 over the queries' area, multiplier 1.5
    // (routes change little, so the time is the zones' own cost).
    // Each count as a list and as chunk buckets.
    struct ZoneRun {
        int count;
        ZoneIndex index;
    };
    std::vector<ZoneRun> zone_runs{{0, ZoneIndex::List}};
    for (int n : {1, 2, 4, 8, 16, 64, 256})
        for (ZoneIndex ix : {ZoneIndex::List, ZoneIndex::Chunks}) zone_runs.push_back({n, ix});
    VoxelBox area;
    for (const BenchQuery& q : qs) area = area.united({glm::min(q.from, q.to), glm::max(q.from, q.to) + 1});
    std::mt19937 rng(a.seed);
    std::vector<CostZone> pool;
    for (int z = 0; z < 256; ++z) {
        const Voxel s = area.size();
        pool.push_back(CostZone::sphere(
            glm::dvec3(area.lo) + glm::dvec3(rng() % std::uint32_t(s.x), rng() % std::uint32_t(s.y), rng() % std::uint32_t(s.z)), 4.0,
            1.5));
    }
    std::vector<QueryOptions> opts(zone_runs.size());
    for (std::size_t i = 0; i < zone_runs.size(); ++i) {
        opts[i].zones.assign(pool.begin(), pool.begin() + zone_runs[i].count);
        opts[i].zone_index = zone_runs[i].index;
    }
    std::vector<std::uint64_t> zone_expanded(zone_runs.size(), 0);
    const auto zone_t = interleaved(int(zone_runs.size()), a.repeat, [&](int v) {
        zone_expanded[std::size_t(v)] = 0;
        for (const BenchQuery& q : qs) {
            // A near goal of radius 0 takes the general problem even without zones.
            nav.find_route(q.from, Goal::near(glm::dvec3(q.to), 0.0), opts[std::size_t(v)], r);
            zone_expanded[std::size_t(v)] += r.metrics.expanded;
        }
    });
    nlohmann::ordered_json zones = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < zone_runs.size(); ++i)
        zones.push_back({{"zones", zone_runs[i].count},
                         {"index", zone_runs[i].index == ZoneIndex::List ? "list" : "chunks"},
                         {"expanded", zone_expanded[i]},
                         {"ns_per_expansion", zone_t[i] * 1e9 / double(std::max<std::uint64_t>(1, zone_expanded[i]))},
                         {"time_vs_none", zone_t[i] / zone_t[0]}});
    out["zones"] = zones;

    if (a.json) {
        std::printf("%s\n", out.dump().c_str());
        return kOk;
    }
    std::printf("world %s, %zu queries, medians of %d interleaved passes\n\n", a.world.c_str(), qs.size(), a.repeat);
    std::printf("slicing (n = %u): one-shot %.2f ms, sliced %.2f ms per pass: ratio %.3f (%llu slices)\n\n", a.slice,
                slice_t[0] * 1e3, slice_t[1] * 1e3, slice_t[1] / slice_t[0],
                (unsigned long long)(slices / std::uint64_t(a.repeat)));
    std::printf("batch (RouteService, %zu requests per pass):\n", 4 * qs.size());
    for (const auto& b : batch)
        std::printf("  %d threads  %9.0f queries/s  speedup %.2f\n", b["threads"].get<int>(), b["queries_per_s"].get<double>(),
                    b["speedup"].get<double>());
    std::printf("\ngoals:\n  %-9s %6s %10s %10s %8s\n", "goal", "found", "expanded", "vs exact", "time");
    for (const auto& g : goals)
        std::printf("  %-9s %6zu %10llu %10.3f %8.3f\n", g["goal"].get<std::string>().c_str(), g["found"].get<std::size_t>(),
                    (unsigned long long)g["expanded"].get<std::uint64_t>(), g["expanded_vs_exact"].get<double>(),
                    g["time_vs_exact"].get<double>());
    std::printf("\nzones (spheres r 4, x1.5):\n  %5s %-7s %10s %12s %8s\n", "zones", "index", "expanded", "ns/expansion", "time");
    for (const auto& z : zones)
        std::printf("  %5d %-7s %10llu %12.1f %8.3f\n", z["zones"].get<int>(), z["index"].get<std::string>().c_str(),
                    (unsigned long long)z["expanded"].get<std::uint64_t>(), z["ns_per_expansion"].get<double>(),
                    z["time_vs_none"].get<double>());
    return kOk;
}

}  // namespace

Command add_query_bench_command(CLI::App& app) {
    auto args = std::make_shared<QueryBenchArgs>();
    CLI::App* sub = app.add_subcommand("bench-queries", "Measure slicing, batches, goal kinds and cost zones on one world");
    add_world_option(sub, args->world);
    add_agent_option(sub, args->agent, "Agent profile JSON");
    sub->add_option("--random-queries", args->queries, "Seeded standable query pairs (default 50)");
    sub->add_option("--seed", args->seed, "Seed (default 1)");
    sub->add_option("--repeat", args->repeat, "Interleaved passes; medians reported (default 5)");
    sub->add_option("--slice", args->slice, "Expansions per slice (default 1000)");
    sub->add_flag("--json", args->json, "One JSON object");
    return [sub, args]() -> int { return sub->parsed() ? run(*args) : -1; };
}

}  // namespace voxnav::cli
