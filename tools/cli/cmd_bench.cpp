// SPDX-License-Identifier: MIT
// voxnav gen: deterministic benchmark terrain (and query files).
// voxnav bench: run a query file many times and report speed and memory.
#include "cli_common.hpp"

#include "bench/terrain.hpp"
#include "facts/nav_snapshot.hpp"
#include "route/problems/landmark_keeper.hpp"

#include <nlohmann/json.hpp>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <sstream>
#include <sys/resource.h>

namespace voxnav::cli {

std::size_t peak_rss_bytes() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return std::size_t(u.ru_maxrss) * 1024;
}

double store_bytes_per_voxel(const World& world) {
    return world.non_air_voxels() ? double(world.memory_bytes()) / double(world.non_air_voxels()) : 0.0;
}

// Seeded standable start and goal pairs at a spread of distances.
std::vector<BenchQuery> pick_queries(const World& w, const AgentProfile& a, int n, std::uint32_t seed) {
    Navigator nav(w, a);
    const VoxelBox b = nav.field().domain();
    std::vector<Voxel> surface;
    for (int z = b.lo.z; z < b.hi.z; z += 2)
        for (int x = b.lo.x; x < b.hi.x; x += 2)
            for (int y = b.hi.y - 1; y >= b.lo.y; --y)
                if (nav.is_waypoint({x, y, z})) {
                    surface.push_back({x, y, z});
                    break;
                }
    if (surface.size() < 2) throw UsageError("the world has too few standable positions for this agent");
    std::mt19937 rng(seed);
    std::vector<BenchQuery> out;
    const int span = std::max(b.size().x, b.size().z);
    for (int i = 0; i < n; ++i) {
        // Distances from a few voxels to most of the map.
        const int limit = std::max(4, span * (i % 5 + 1) / 6);
        const Voxel s = surface[rng() % surface.size()];
        Voxel g = s;
        for (int tries = 0; tries < 1000 && (g == s || std::abs(g.x - s.x) + std::abs(g.z - s.z) > limit); ++tries)
            g = surface[rng() % surface.size()];
        out.push_back({"q" + std::to_string(i), s, g});
    }
    return out;
}

namespace {

struct GenArgs {
    std::string size = "256,32,256";
    std::uint32_t seed = 1;
    std::string out;
    std::optional<std::string> queries_out;
    int queries = 50;
    std::optional<std::string> agent;
};

int run_gen(const GenArgs& a) {
    TerrainParams p;
    std::vector<int> s;
    {
        std::stringstream ss(a.size);
        std::string part;
        while (std::getline(ss, part, ',')) s.push_back(std::atoi(part.c_str()));
    }
    if (s.size() != 3 || s[0] < 8 || s[1] < 8 || s[2] < 8) throw UsageError("--size must be X,Y,Z with each >= 8");
    p.size = {s[0], s[1], s[2]};
    p.seed = a.seed;
    const auto t0 = std::chrono::steady_clock::now();
    const World w = generate_terrain(p);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    try {
        save_vdb(w, a.out);
    } catch (const LoadError& e) {
        throw UsageError(e.what());
    }
    std::printf("wrote %s: %d x %d x %d, seed %u, %llu non-air voxels, %.2f MiB, generated in %.2f s\n", a.out.c_str(), s[0], s[1],
                s[2], a.seed, (unsigned long long)w.non_air_voxels(), w.memory_bytes() / 1048576.0, secs);
    if (a.queries_out) {
        const auto qs = pick_queries(w, load_profile_or_fail(a.agent), a.queries, a.seed);
        try {
            save_bench_queries(qs, *a.queries_out);
        } catch (const LoadError& e) {
            throw UsageError(e.what());
        }
        std::printf("wrote %s: %zu queries\n", a.queries_out->c_str(), qs.size());
    }
    return kOk;
}

struct BenchArgs {
    std::string world, queries;
    std::optional<std::string> agent;
    int repeat = 5;
    int threads = 1;
    bool json = false;
    double weight = 1.0;
    std::optional<long long> max_nodes;
    int random_queries = 0;
    std::uint32_t seed = 1;
    std::string accel = "auto";
    int landmarks = LandmarkSettings{}.count;
};

double median_of(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

struct QueryResult {
    Route route;
    std::vector<double> us;       // the search's own clock (SearchMetrics::microseconds)
    std::vector<double> wall_us;  // find_route's wall time: setup and route build too
    std::size_t search_bytes = 0;
};

// A query's fixed cost: the median wall time of find_route, everything the
// game pays included (setup, goal preparation, landmark lookups, search
// memory reset, route build), for an empty query (start = goal) and a
// one-step query (to a neighbouring waypoint), on a warm navigator.
struct FixedCost {
    double empty_us = 0.0, one_step_us = 0.0;
};

FixedCost fixed_cost(Navigator& nav, const Voxel& at, const QueryOptions& options) {
    constexpr int kRuns = 2001;
    Route r;
    auto median_wall = [&](const Voxel& to) {
        std::vector<double> us(kRuns);
        const Goal goal = Goal::at(to);
        for (int k = 0; k < 50; ++k) nav.find_route(at, goal, options, r);  // warm
        for (double& t : us) {
            const auto s = std::chrono::steady_clock::now();
            nav.find_route(at, goal, options, r);
            t = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - s).count();
        }
        return median_of(us);
    };
    FixedCost c;
    c.empty_us = median_wall(at);
    for (int dy = 0; dy <= 1 && c.one_step_us == 0.0; ++dy)
        for (int k = 0; k < 8 && c.one_step_us == 0.0; ++k) {
            static const int dx[8] = {1, -1, 0, 0, 1, 1, -1, -1}, dz[8] = {0, 0, 1, -1, 1, -1, 1, -1};
            const Voxel n = at + Voxel(dx[k], dy == 0 ? 0 : (k % 2 ? -1 : 1), dz[k]);
            if (!nav.is_waypoint(n)) continue;
            nav.find_route(at, Goal::at(n), options, r);
            if (r.status == SearchStatus::Found && r.waypoints.size() == 2) c.one_step_us = median_wall(n);
        }
    return c;
}

int run_bench(const BenchArgs& a) {
    if (a.repeat < 1) throw UsageError("--repeat must be >= 1");
    if (a.threads < 1) throw UsageError("--threads must be >= 1");
    QueryOptions options;
    options.limits = make_limits(a.weight, a.max_nodes, std::nullopt);
    options.acceleration = parse_accel(a.accel);
    const AgentProfile profile = load_profile_or_fail(a.agent);
    World world = load_world_or_fail(a.world);
    world.compact();
    std::vector<BenchQuery> queries;
    if (a.random_queries > 0) {
        queries = pick_queries(world, profile, a.random_queries, a.seed);
    } else {
        if (a.queries.empty()) throw UsageError("give --queries FILE or --random-queries N");
        try {
            queries = load_bench_queries(a.queries);
        } catch (const LoadError& e) {
            throw UsageError(e.what());
        }
    }
    const auto t0 = std::chrono::steady_clock::now();
    auto field = std::make_shared<NavField>(world, profile);
    const double derive_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    Navigator nav(world, field, profile);
    // Landmark tables built here, before the clock runs, as a game's worker
    // would have built them by the time routes are asked for.
    build_landmarks_now(nav, a.landmarks);
    std::shared_ptr<const LandmarkTable> table;
    if (nav.landmarks() && a.landmarks > 0) table = nav.landmarks()->table_for(nav.snapshot()->revision());

    // Warm-up: one pass sizes the search memory; timed passes then allocate nothing.
    std::vector<QueryResult> results(queries.size());
    for (std::size_t i = 0; i < queries.size(); ++i) nav.find_route(queries[i].from, Goal::at(queries[i].to), options, results[i].route);
    // With a weight above 1, the same queries also run at weight 1 (passes
    // interleaved, so machine noise falls on both alike): the weighted
    // routes' cost excess and speed-up over the exact answers.
    const bool compare_exact = a.weight > 1.0;
    QueryOptions exact_options = options;
    exact_options.limits.weight = 1.0;
    std::vector<QueryResult> exact(compare_exact ? queries.size() : 0);
    for (std::size_t i = 0; i < exact.size(); ++i) nav.find_route(queries[i].from, Goal::at(queries[i].to), exact_options, exact[i].route);
    std::uint64_t expanded = 0;
    double total_us = 0.0;
    std::size_t bytes = 0, generated = 0;
    for (int r = 0; r < a.repeat; ++r) {
        for (std::size_t i = 0; i < queries.size(); ++i) {
            const Goal goal = Goal::at(queries[i].to);
            const auto s = std::chrono::steady_clock::now();
            nav.find_route(queries[i].from, goal, options, results[i].route);
            results[i].wall_us.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - s).count());
            const auto& m = results[i].route.metrics;
            results[i].us.push_back(m.microseconds);
            expanded += m.expanded;
            total_us += m.microseconds;
            if (r == 0) {
                bytes += nav.search_bytes_in_use();
                generated += m.generated;
            }
        }
        for (std::size_t i = 0; i < exact.size(); ++i) {
            nav.find_route(queries[i].from, Goal::at(queries[i].to), exact_options, exact[i].route);
            exact[i].us.push_back(exact[i].route.metrics.microseconds);
        }
    }

    // Threads: the same batch on 1 and on T threads, each thread with its
    // own Navigator over the shared field; results must be identical.
    double batch1 = 0, batchT = 0;
    bool identical = true;
    if (a.threads > 1) {
        // Navigators live across the warm-up and timed batches, as a game's would.
        tbb::enumerable_thread_specific<std::unique_ptr<Navigator>> navs;
        auto run_batch = [&](int threads, std::vector<Route>& out) {
            tbb::global_control gc(tbb::global_control::max_allowed_parallelism, std::size_t(threads));
            out.assign(queries.size(), Route{});
            const auto s = std::chrono::steady_clock::now();
            for (int r = 0; r < a.repeat; ++r)
                // One query per task: query sizes differ by orders of magnitude.
                tbb::parallel_for(
                    tbb::blocked_range<std::size_t>(0, queries.size(), 1),
                    [&](const tbb::blocked_range<std::size_t>& range) {
                        auto& n = navs.local();
                        if (!n) n = std::make_unique<Navigator>(world, field, profile);
                        for (std::size_t i = range.begin(); i < range.end(); ++i)
                            n->find_route(queries[i].from, Goal::at(queries[i].to), options, out[i]);
                    },
                    tbb::simple_partitioner());
            return std::chrono::duration<double>(std::chrono::steady_clock::now() - s).count();
        };
        std::vector<Route> one, many;
        run_batch(1, one);  // warm-up
        batch1 = run_batch(1, one);
        run_batch(a.threads, many);
        batchT = run_batch(a.threads, many);
        for (std::size_t i = 0; i < queries.size(); ++i)
            identical = identical && one[i].status == many[i].status && one[i].cost == many[i].cost &&
                        one[i].waypoints.size() == many[i].waypoints.size();
    }

    const FixedCost fixed = queries.empty() ? FixedCost{} : fixed_cost(nav, queries[0].from, options);
    const double eps = total_us > 0 ? expanded / (total_us * 1e-6) : 0.0;
    const double mean_us = total_us / double(queries.size() * a.repeat);
    const double per_node = generated ? double(bytes) / double(generated) : 0.0;
    const double per_voxel = store_bytes_per_voxel(world);
    nlohmann::ordered_json j;
    j["queries"] = nlohmann::ordered_json::array();
    // Excess over the exact cost, per query where both found the goal.
    double excess_sum = 0.0, excess_max = 0.0, us_weighted = 0.0, us_exact = 0.0;
    std::size_t excess_n = 0;
    for (std::size_t i = 0; i < queries.size(); ++i) {
        const Route& r = results[i].route;
        const double us_median = median_of(results[i].us);
        const Voxel f = queries[i].from, t = queries[i].to;
        nlohmann::ordered_json q = {{"name", queries[i].name},
                                    {"from", {f.x, f.y, f.z}},
                                    {"to", {t.x, t.y, t.z}},
                                    {"status", to_string(r.status)},
                                    {"cost", r.cost},
                                    {"expanded", r.metrics.expanded},
                                    {"generated", r.metrics.generated},
                                    {"us_min", *std::min_element(results[i].us.begin(), results[i].us.end())},
                                    {"us_median", us_median},
                                    {"wall_us_median", median_of(results[i].wall_us)}};
        if (compare_exact) {
            const Route& e = exact[i].route;
            const double e_median = median_of(exact[i].us);
            q["exact_cost"] = e.cost;
            q["exact_us_median"] = e_median;
            us_weighted += us_median;
            us_exact += e_median;
            if (r.status == SearchStatus::Found && e.status == SearchStatus::Found && e.cost > 0.0) {
                const double excess = r.cost / e.cost - 1.0;
                q["cost_excess"] = excess;
                excess_sum += excess;
                excess_max = std::max(excess_max, excess);
                ++excess_n;
            }
        }
        j["queries"].push_back(q);
    }
    const NavSnapshot& facts = *field->snapshot();
    const double accel_per_voxel = double(facts.acceleration_bytes()) / (double(world.loaded_chunks().size()) * 4096.0);
    const double plain_share = facts.floor_voxel_count() ? double(facts.plain_voxel_count()) / double(facts.floor_voxel_count()) : 0.0;
    j["summary"] = {{"expansions_per_s", eps},
                    {"mean_us", mean_us},
                    {"peak_rss_bytes", peak_rss_bytes()},
                    {"search_bytes_per_node", per_node},
                    {"store_bytes_per_voxel", per_voxel},
                    {"derive_seconds", derive_s},
                    {"accel_bytes_per_loaded_voxel", accel_per_voxel},
                    {"plain_floor_share", plain_share},
                    {"fixed_us_empty", fixed.empty_us},
                    {"fixed_us_one_step", fixed.one_step_us}};
    const double excess_mean = excess_n ? excess_sum / double(excess_n) : 0.0;
    const double speedup = us_weighted > 0.0 ? us_exact / us_weighted : 0.0;
    const double loaded_voxels = double(world.loaded_chunks().size()) * 4096.0;
    if (table)
        j["summary"]["landmarks"] = {{"count", table->count()},
                                     {"build_seconds", table->build_seconds()},
                                     {"bytes", table->memory_bytes()},
                                     {"bytes_per_loaded_voxel", double(table->memory_bytes()) / loaded_voxels},
                                     {"standable_nodes", table->waypoints()},
                                     {"bytes_per_standable_node", double(table->memory_bytes()) / double(std::max<std::uint64_t>(1, table->waypoints()))}};
    if (compare_exact)
        j["summary"]["vs_exact"] = {{"weight", a.weight},
                                    {"queries_compared", excess_n},
                                    {"cost_excess_mean", excess_mean},
                                    {"cost_excess_max", excess_max},
                                    {"speedup", speedup}};
    if (a.threads > 1)
        j["summary"]["threads"] = {{"threads", a.threads}, {"batch_s_1", batch1}, {"batch_s_n", batchT},
                                   {"speedup", batchT > 0 ? batch1 / batchT : 0.0}, {"identical", identical}};
    if (a.json) {
        std::printf("%s\n", j.dump(1).c_str());
    } else {
        std::printf("%-10s %-8s %10s %9s %9s %10s %10s %12s\n", "name", "status", "cost", "expanded", "generated", "us_min",
                    "us_median", "us/10k exp");
        for (const auto& q : j["queries"]) {
            const double exp = q["expanded"].get<double>();
            std::printf("%-10s %-8s %10.4f %9llu %9llu %10.1f %10.1f %12.1f\n", q["name"].get<std::string>().c_str(),
                        q["status"].get<std::string>().c_str(), q["cost"].get<double>(), (unsigned long long)q["expanded"].get<std::uint64_t>(),
                        (unsigned long long)q["generated"].get<std::uint64_t>(), q["us_min"].get<double>(), q["us_median"].get<double>(),
                        exp > 0 ? q["us_median"].get<double>() / exp * 1e4 : 0.0);
        }
        std::printf("# expansions_per_s %.0f\n# mean_us %.2f\n# peak_rss_bytes %zu\n# search_bytes_per_node %.1f\n"
                    "# store_bytes_per_voxel %.2f\n# derive_seconds %.3f\n# accel_bytes_per_loaded_voxel %.4f\n"
                    "# plain_floor_share %.3f\n# fixed_us_empty %.3f\n# fixed_us_one_step %.3f\n",
                    eps, mean_us, peak_rss_bytes(), per_node, per_voxel, derive_s, accel_per_voxel, plain_share, fixed.empty_us,
                    fixed.one_step_us);
        if (table)
            std::printf("# landmarks %d build_seconds %.3f bytes %zu bytes_per_loaded_voxel %.3f standable_nodes %llu "
                        "bytes_per_standable_node %.1f\n",
                        table->count(), table->build_seconds(), table->memory_bytes(), double(table->memory_bytes()) / loaded_voxels,
                        (unsigned long long)table->waypoints(), double(table->memory_bytes()) / double(std::max<std::uint64_t>(1, table->waypoints())));
        if (compare_exact)
            std::printf("# vs_exact weight %.3f queries_compared %zu cost_excess_mean %.5f cost_excess_max %.5f speedup %.2f\n",
                        a.weight, excess_n, excess_mean, excess_max, speedup);
        if (a.threads > 1)
            std::printf("# threads %d batch_s_1 %.4f batch_s_n %.4f speedup %.2f identical %s\n", a.threads, batch1, batchT,
                        batchT > 0 ? batch1 / batchT : 0.0, identical ? "yes" : "NO");
    }
    return identical ? kOk : kQueryFailed;
}

}  // namespace

Command add_gen_command(CLI::App& app) {
    auto args = std::make_shared<GenArgs>();
    CLI::App* sub = app.add_subcommand("gen", "Generate deterministic benchmark terrain (hills, cliffs, caves, lakes, trees)");
    sub->add_option("--size", args->size, "X,Y,Z extent (default 256,32,256)");
    sub->add_option("--seed", args->seed, "Seed (default 1)");
    sub->add_option("--out", args->out, "Output world (.vdb)")->required();
    sub->add_option("--queries-out", args->queries_out, "Also write a bench query file");
    sub->add_option("--queries", args->queries, "Number of queries to write (default 50)");
    add_agent_option(sub, args->agent, "Agent profile the queries are standable for");
    return [sub, args]() -> int { return sub->parsed() ? run_gen(*args) : -1; };
}

Command add_bench_command(CLI::App& app) {
    auto args = std::make_shared<BenchArgs>();
    CLI::App* sub = app.add_subcommand("bench", "Time a file of route queries: speed and memory");
    add_world_option(sub, args->world);
    sub->add_option("--queries", args->queries, "Query file: 'name sx sy sz gx gy gz' lines");
    sub->add_option("--random-queries", args->random_queries, "Instead, pick N seeded standable pairs");
    sub->add_option("--seed", args->seed, "Seed for --random-queries (default 1)");
    add_agent_option(sub, args->agent, "Agent profile JSON");
    sub->add_option("--repeat", args->repeat, "Timed runs of each query (default 5)");
    sub->add_option("--threads", args->threads, "Also route the batch on this many threads and compare");
    sub->add_option("--weight", args->weight, "Heuristic weight >= 1 (above 1: also runs weight 1 and prints the cost excess and speed-up)");
    sub->add_option("--max-nodes", args->max_nodes, "Expansion cap per query");
    sub->add_flag("--json", args->json, "One JSON object");
    add_accel_option(sub, args->accel);
    sub->add_option("--landmarks", args->landmarks, "Landmarks of the exact terrain bound, built before timing (default 8; 0: none)")
        ->check(CLI::Range(0, LandmarkTable::max_count));
    return [sub, args]() -> int { return sub->parsed() ? run_bench(*args) : -1; };
}

}  // namespace voxnav::cli
