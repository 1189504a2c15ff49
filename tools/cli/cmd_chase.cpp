// SPDX-License-Identifier: MIT
// voxnav chase: a crowd chasing a moving target, re-planned every tick by a
// ChaseField (route/chase.hpp) and, in the same run, by a fresh A* per agent
// per tick: the time per tick of each and the largest difference between
// any agent's route cost from the two (it must be 0).
#include "crowd_common.hpp"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace voxnav::cli {

namespace {

struct ChaseArgs {
    std::string world, target_path, method = "auto";
    std::optional<std::string> agent;
    int agents = 100, spread = 64, landmarks = 8;
    double seconds = 30.0, tick_ms = 50.0, edits = 0.0;
    std::uint32_t seed = 1;
    bool json = false;
};

// The target: walks a route at the agent's own speed (route costs are seconds).
struct Target {
    std::vector<Waypoint> route;
    std::size_t at = 0;        // the waypoint it stands on
    double into = 0.0;         // seconds spent towards the next one
    std::vector<Voxel> legs;   // --target-path FILE: the points still to visit
    bool random = true;
    std::size_t moves = 0;

    [[nodiscard]] Voxel position() const { return route[at].position; }
};

std::vector<Voxel> read_target_path(const World& world, const std::string& path) {
    std::ifstream in(path);
    if (!in) throw UsageError("--target-path " + path + ": cannot open the file");
    std::vector<Voxel> out;
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
        const auto hash = line.find('#');
        if (hash != std::string::npos) line.erase(hash);
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        for (char& c : line)
            if (c == ' ' || c == '\t') c = ',';
        while (!line.empty() && (line.back() == ',' || line.back() == '\r')) line.pop_back();
        while (!line.empty() && line.front() == ',') line.erase(line.begin());
        try {
            out.push_back(parse_position(world, line, "--target-path"));
        } catch (const UsageError& e) {
            throw UsageError("--target-path " + path + " line " + std::to_string(n) + ": " + e.what());
        }
    }
    if (out.empty()) throw UsageError("--target-path " + path + ": no positions (one X,Y,Z or X Y Z per line)");
    return out;
}

// A new leg for the target: to the next listed point, or a random one nearby.
bool next_leg(Target& t, Navigator& nav, std::mt19937& rng) {
    const Voxel from = t.position();
    for (int tries = 0; tries < 40; ++tries) {
        Voxel to;
        if (!t.random) {
            if (t.legs.empty()) return false;
            to = t.legs.front();
            t.legs.erase(t.legs.begin());
        } else {
            const auto v = top_waypoint(nav, from.x - 24 + int(rng() % 49), from.z - 24 + int(rng() % 49));
            if (!v) continue;
            to = *v;
        }
        Route r = nav.find_route(from, Goal::at(to));
        if (r.status == SearchStatus::Found && r.waypoints.size() > 1) {
            t.route = std::move(r.waypoints);
            t.at = 0;
            t.into = 0.0;
            return true;
        }
        if (!t.random)
            throw UsageError("--target-path: no route from " + std::to_string(from.x) + "," + std::to_string(from.y) + "," +
                             std::to_string(from.z) + " to the next point " + std::to_string(to.x) + "," + std::to_string(to.y) +
                             "," + std::to_string(to.z));
    }
    return false;
}

void advance(Target& t, double seconds, Navigator& nav, std::mt19937& rng) {
    t.into += seconds;
    while (true) {
        if (t.at + 1 >= t.route.size() && !next_leg(t, nav, rng)) {
            t.into = 0.0;
            return;
        }
        const double step = t.route[t.at + 1].cost;
        if (t.into < step) return;
        t.into -= step;
        ++t.at;
        ++t.moves;
    }
}

struct Summary {
    double mean = 0, p50 = 0, p95 = 0, max = 0;
};
Summary summarise(const std::vector<double>& v) {
    Summary s;
    for (double x : v) s.mean += x, s.max = std::max(s.max, x);
    s.mean /= double(std::max<std::size_t>(1, v.size()));
    s.p50 = percentile(v, 50);
    s.p95 = percentile(v, 95);
    return s;
}
nlohmann::ordered_json to_json(const Summary& s) { return {{"mean", s.mean}, {"p50", s.p50}, {"p95", s.p95}, {"max", s.max}}; }

int run_chase(const ChaseArgs& a) {
    if (a.agents < 1 || a.agents > 100000) throw UsageError("--agents must be 1..100000");
    if (!(a.seconds > 0 && a.seconds <= 3600)) throw UsageError("--seconds must be in (0, 3600]");
    if (!(a.tick_ms >= 1 && a.tick_ms <= 10000)) throw UsageError("--tick-ms must be 1..10000");
    if (!(a.edits >= 0 && a.edits <= 10000)) throw UsageError("--edits must be 0..10000 per second");
    const AgentProfile profile = load_profile_or_fail(a.agent);
    World world = load_world_or_fail(a.world);
    Navigator fresh(world, profile);
    build_landmarks_now(fresh, a.landmarks);
    std::mt19937 rng(a.seed);
    Target target;
    target.random = a.target_path == "random";
    const Voxel start = target.random ? central_waypoint(fresh, rng) : read_target_path(world, a.target_path).front();
    if (!target.random) {
        target.legs = read_target_path(world, a.target_path);
        target.legs.erase(target.legs.begin());
        if (!fresh.is_waypoint(start)) throw UsageError("--target-path: the first position " + fresh.why_not_waypoint(start));
    }
    target.route = {{start, Action::Start, 0.0, double(start.y)}};
    std::mt19937 pick(a.seed * 7919u + 1u);
    std::vector<Voxel> crowd = crowd_around(fresh, start, a.agents, a.spread, pick);
    if (crowd.empty()) throw UsageError("--spread: no agent position reaches the target's start");
    std::vector<double> budget(crowd.size(), 0.0);

    const ChaseField::Method method = a.method == "routes" ? ChaseField::Method::Routes
                                      : a.method == "field"  ? ChaseField::Method::Field
                                                             : ChaseField::Method::Auto;
    ChaseField chase(world, profile, method);
    if (fresh.landmarks()) chase.navigator().use_landmarks(fresh.landmarks()->settings());  // the same tables as the fresh queries
    const double tick_s = a.tick_ms / 1000.0;
    const int ticks = int(std::lround(a.seconds / tick_s));
    const BlockId stone = world.blocks().find("stone") ? *world.blocks().find("stone") : BlockId(1);
    std::vector<Voxel> placed;
    double edit_credit = 0.0;
    std::size_t edits = 0, compared = 0, unreachable = 0;
    std::uint64_t fresh_expanded = 0, fresh_steps = 0;
    double max_diff = 0.0;
    std::vector<double> inc_ms, fresh_ms;
    std::vector<double> fresh_cost(crowd.size());
    std::vector<std::optional<FlowStep>> steps(crowd.size());
    std::uint64_t replanned = 0, certified = 0;
    for (int tick = 0; tick < ticks; ++tick) {
        advance(target, tick_s, fresh, rng);
        // Edits between ticks: a block placed on the surface near the crowd,
        // or an earlier one taken away.
        for (edit_credit += a.edits * tick_s; edit_credit >= 1.0; edit_credit -= 1.0) {
            if (!placed.empty() && rng() % 2) {
                const std::size_t k = rng() % placed.size();
                world.set_block(placed[k], BlockRegistry::air);
                placed.erase(placed.begin() + std::ptrdiff_t(k));
            } else {
                const Voxel c = crowd[rng() % crowd.size()];
                const auto v = top_waypoint(fresh, c.x - 8 + int(rng() % 17), c.z - 8 + int(rng() % 17));
                if (!v || *v == target.position()) continue;
                world.set_block(*v, stone);
                placed.push_back(*v);
            }
            ++edits;
        }
        fresh.sync();
        if (edits && fresh.landmarks() && a.landmarks > 0) fresh.landmarks()->build_now(fresh.snapshot());  // repaired, untimed
        // Agents an edit buried step out, as the game would push them.
        for (Voxel& c : crowd)
            if (!fresh.is_waypoint(c)) {
                const Navigator::Snap s = fresh.snap_feet(c);
                if (s.ok) c = s.feet;
            }
        const Goal goal = Goal::at(target.position());

        // The incremental way: bring the field up to date, read each next move.
        auto t0 = std::chrono::steady_clock::now();
        const ChaseField::Update u = chase.update(goal, crowd);
        for (std::size_t i = 0; i < crowd.size(); ++i) steps[i] = chase.next(i);
        inc_ms.push_back(ms_since(t0));
        replanned += u.replanned;
        certified += u.certified;

        // The fresh way: one A* per agent.
        t0 = std::chrono::steady_clock::now();
        for (std::size_t i = 0; i < crowd.size(); ++i) {
            const Route r = fresh.find_route(crowd[i], goal);
            fresh_cost[i] = r.status == SearchStatus::Found ? r.cost : -1.0;
            fresh_expanded += r.metrics.expanded;
            fresh_steps += r.waypoints.size();
        }
        fresh_ms.push_back(ms_since(t0));

        for (std::size_t i = 0; i < crowd.size(); ++i) {
            const double f = chase.cost(i);
            if (fresh_cost[i] < 0 || !std::isfinite(f)) {
                if ((fresh_cost[i] < 0) != !std::isfinite(f)) max_diff = std::numeric_limits<double>::infinity();
                ++unreachable;
                continue;
            }
            max_diff = std::max(max_diff, std::abs(f - fresh_cost[i]));
            ++compared;
            // The agent walks: its next move once this tick's time adds up to it.
            budget[i] += tick_s;
            if (!steps[i]) {
                budget[i] = 0.0;
            } else if (budget[i] >= steps[i]->cost) {
                budget[i] -= steps[i]->cost;
                crowd[i] = steps[i]->position;
            }
        }
    }
    const Summary inc = summarise(inc_ms), fr = summarise(fresh_ms);
    const double ratio = fr.mean > 0 ? inc.mean / fr.mean : 0.0;
    if (a.json) {
        nlohmann::ordered_json j;
        j["world"] = a.world;
        j["agents"] = crowd.size();
        j["ticks"] = ticks;
        j["tick_ms"] = a.tick_ms;
        j["target_moves"] = target.moves;
        j["edits"] = edits;
        j["incremental_ms"] = to_json(inc);
        j["fresh_ms"] = to_json(fr);
        j["ratio"] = ratio;
        j["method"] = a.method;
        j["fields_computed"] = chase.fields_computed();
        j["replanned"] = replanned;
        j["certified"] = certified;
        j["compared"] = compared;
        j["unreachable"] = unreachable;
        j["max_cost_difference"] = max_diff;
        std::printf("%s\n", j.dump().c_str());
    } else {
        std::printf("ticks %d of %.0f ms  agents %zu  target moved %zu times  edits %zu\n", ticks, a.tick_ms, crowd.size(), target.moves, edits);
        std::printf("incremental  per tick: mean %.3f ms  p50 %.3f  p95 %.3f  max %.3f  (%s: A* re-plans %llu, certified %llu, fields %llu)\n",
                    inc.mean, inc.p50, inc.p95, inc.max, a.method.c_str(), (unsigned long long)replanned, (unsigned long long)certified,
                    (unsigned long long)chase.fields_computed());
        std::printf("fresh A*     per tick: mean %.3f ms  p50 %.3f  p95 %.3f  max %.3f  (per query: %.0f expanded, %.0f waypoints)\n",
                    fr.mean, fr.p50, fr.p95, fr.max, double(fresh_expanded) / double(std::max<std::size_t>(1, compared + unreachable)),
                    double(fresh_steps) / double(std::max<std::size_t>(1, compared + unreachable)));
        std::printf("ratio        %.2f%% (incremental / fresh, mean per tick)\n", 100.0 * ratio);
        std::printf("cost check   %zu agent-ticks compared (%zu without a route in both), largest difference %.3g s\n", compared,
                    unreachable, max_diff);
    }
    return max_diff <= 1e-9 * 1e3 ? kOk : kQueryFailed;
}

}  // namespace

Command add_chase_command(CLI::App& app) {
    auto args = std::make_shared<ChaseArgs>();
    CLI::App* sub = app.add_subcommand("chase", "Benchmark a crowd chasing a moving target: incremental re-planning against fresh A*");
    add_world_option(sub, args->world);
    sub->add_option("--agents", args->agents, "Chasers (default 100)");
    sub->add_option("--target-path", args->target_path,
                    "The target's walk: 'random' (random legs of up to 24 voxels) or a file of X,Y,Z lines it walks through")
        ->required();
    add_agent_option(sub, args->agent, "Agent profile JSON of chasers and target (default: the 1x2 humanoid)");
    sub->add_option("--spread", args->spread, "Side of the square around the target's start the chasers start in (default 64)");
    sub->add_option("--seconds", args->seconds, "Simulated time (default 30)");
    sub->add_option("--tick-ms", args->tick_ms, "Tick length, milliseconds (default 50)");
    sub->add_option("--edits", args->edits, "Blocks placed or removed near the crowd per second (default 0)");
    sub->add_option("--seed", args->seed, "Seed (default 1)");
    sub->add_option("--landmarks", args->landmarks, "Landmarks for the fresh A* queries (default 8; 0: none)");
    sub->add_option("--method", args->method, "How the chase re-plans: auto, routes or field (default auto)")
        ->check(CLI::IsMember({"auto", "routes", "field"}));
    sub->add_flag("--json", args->json, "Print {\"incremental_ms\": {...}, \"fresh_ms\": {...}, \"max_cost_difference\": ...}");
    return [sub, args]() -> int { return sub->parsed() ? run_chase(*args) : -1; };
}

}  // namespace voxnav::cli
