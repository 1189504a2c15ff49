// SPDX-License-Identifier: MIT
// voxnav bench-follow: N followers on one core, one tick after another, as a
// server runs its mobs: every follower's update() timed, with one planning
// budget per tick shared by all, and a wall appearing across someone's route
// every --wall-every seconds (removed again 3 s later). Bodies are ideal:
// they go where they are steered at the speed they are told and take the
// target's height over it (this times the follower, not a physics).
// Followers that arrive get a new seeded goal.
#include "crowd_common.hpp"

#include "voxnav/route/follower.hpp"
#include "voxnav/route/planning_budget.hpp"

#include <nlohmann/json.hpp>

#include <glm/geometric.hpp>

#include <chrono>
#include <cstdio>
#include <deque>

namespace voxnav::cli {

namespace {

struct FollowBenchArgs {
    std::string world;
    std::optional<std::string> agent;
    int followers = 1000, landmarks = 8;
    double seconds = 10.0, tick = 0.05, wall_every = 1.0;
    // The planning budget: in time by default (microseconds per tick), or in
    // expansions when --budget is given.
    std::uint32_t budget_us = 1000;
    std::optional<std::uint32_t> budget;
    std::uint32_t spread = 96, seed = 1;
    bool json = false;
};

// The ideal body: straight to the target at the steering's speed.
void step(BodyState& b, const Steering& s, double dt) {
    const glm::dvec2 to(s.target.x - b.feet.x, s.target.z - b.feet.z);
    const double d = glm::length(to);
    const double move = std::min(d, s.speed * dt);
    const glm::dvec3 before = b.feet;
    if (d > 1e-9) b.feet.x += to.x / d * move, b.feet.z += to.y / d * move;
    if (d - move < 0.5) b.feet.y = s.target.y;
    b.velocity = (b.feet - before) / dt;
    b.on_ground = true;
}

int run_follow_bench(const FollowBenchArgs& a) {
    if (a.followers < 1 || a.followers > 100000) throw UsageError("--followers must be 1..100000");
    if (!(a.seconds > 0.0 && a.seconds <= 3600.0)) throw UsageError("--seconds must be in (0, 3600]");
    if (!(a.tick > 0.0 && a.tick <= 1.0)) throw UsageError("--tick must be in (0, 1] seconds");
    if (a.budget && *a.budget < 1) throw UsageError("--budget must be at least 1 expansion per tick");
    if (a.budget_us < 1) throw UsageError("--budget-us must be at least 1 microsecond per tick");
    const AgentProfile profile = load_profile_or_fail(a.agent);
    World world = load_world_or_fail(a.world);
    const auto stone = world.blocks().find("stone") ? *world.blocks().find("stone")
                                                    : world.blocks().add("stone", BlockKind::Solid, false);
    Navigator nav(world, profile);
    // Landmark tables built before timing; repaired after the walls on their
    // worker thread, as in a game (not on the tick's thread).
    if (nav.landmarks()) {
        LandmarkSettings ls;
        ls.count = a.landmarks;
        ls.min_waypoints = 0;
        nav.use_landmarks(ls);
        if (a.landmarks > 0) nav.landmarks()->build_now(nav.snapshot());
    }
    std::mt19937 rng(a.seed);
    const Voxel centre = central_waypoint(nav, rng);
    const std::vector<Voxel> spots = crowd_around(nav, centre, std::max(64, a.followers / 4), int(a.spread), rng);
    if (spots.size() < 2) throw UsageError("--world: too few standable places reach each other for this agent");

    PlanningBudget budget = a.budget ? PlanningBudget(*a.budget, std::min<std::size_t>(*a.budget, 2000))
                                     : PlanningBudget(std::chrono::microseconds(a.budget_us));
    const std::string budget_text = a.budget ? std::to_string(*a.budget) + " expansions per tick"
                                             : std::to_string(a.budget_us) + " us per tick";
    FollowerSettings settings;
    settings.budget = &budget;
    std::vector<Follower> followers;
    std::vector<BodyState> bodies(std::size_t(a.followers));
    followers.reserve(std::size_t(a.followers));
    auto new_goal = [&](std::size_t i) { followers[i].set_goal(Goal::at(spots[rng() % spots.size()])); };
    for (int i = 0; i < a.followers; ++i) {
        const Voxel s = spots[rng() % spots.size()];
        bodies[std::size_t(i)].feet = glm::dvec3(s.x + profile.width / 2.0, s.y, s.z + profile.width / 2.0);
        bodies[std::size_t(i)].on_ground = true;
        followers.emplace_back(nav, settings);
        new_goal(std::size_t(i));
    }

    using clock = std::chrono::steady_clock;
    std::vector<double> update_us, plan_update_us, tick_ms, planning_ms, sync_ms;
    update_us.reserve(std::size_t(a.followers) * std::size_t(a.seconds / a.tick + 1));
    std::deque<std::pair<double, std::vector<Voxel>>> walls;  // placed at, voxels
    std::size_t plans = 0, arrivals = 0, walls_placed = 0, stuck = 0;
    double next_wall = a.wall_every;
    for (double t = 0.0; t < a.seconds; t += a.tick) {
        // The game's edits of this tick: a wall across a follower's way.
        if (a.wall_every > 0.0 && t >= next_wall) {
            next_wall += a.wall_every;
            const std::size_t i = rng() % followers.size();
            const Route& r = followers[i].route();
            const std::size_t k = followers[i].steering().waypoint + 4;
            if (r.usable() && k < r.waypoints.size()) {
                const Voxel p = r.waypoints[k].position;
                std::vector<Voxel> placed;
                for (int dx = -1; dx <= 1; ++dx)
                    for (int dz = -1; dz <= 1; ++dz)
                        for (int dy = 0; dy < 3; ++dy) {
                            const Voxel v = p + Voxel(dx, dy, dz);
                            if (world.block(v) == BlockId{0} && world.set_block(v, stone)) placed.push_back(v);
                        }
                walls.emplace_back(t, std::move(placed));
                ++walls_placed;
            }
        }
        while (!walls.empty() && t - walls.front().first >= 3.0) {
            for (const Voxel& v : walls.front().second) world.set_block(v, BlockId{0});  // air
            walls.pop_front();
        }
        // The tick's edits derived once, before the followers, as a game
        // syncs its navigators after the tick's edits (timed apart: it is
        // the world's cost, the same with one follower or a thousand).
        const auto s0 = clock::now();
        nav.sync();
        sync_ms.push_back(std::chrono::duration<double, std::milli>(clock::now() - s0).count());
        double tick_us = 0.0, planning_us = 0.0;  // all updates; those that planned
        for (std::size_t i = 0; i < followers.size(); ++i) {
            const int before = followers[i].steering().replans;
            const auto t0 = clock::now();
            const Steering& s = followers[i].update(bodies[i], t);
            const double us = std::chrono::duration<double, std::micro>(clock::now() - t0).count();
            tick_us += us;
            if (s.replans != before) {
                plan_update_us.push_back(us);
                planning_us += us;
                plans += std::size_t(s.replans - before);
            } else {
                update_us.push_back(us);
            }
            if (s.status == FollowStatus::Arrived || s.status == FollowStatus::NoPath) {
                arrivals += s.status == FollowStatus::Arrived;
                new_goal(i);
            } else if (s.status == FollowStatus::Stuck) {
                ++stuck;
            } else {
                step(bodies[i], s, a.tick);
            }
        }
        tick_ms.push_back(tick_us / 1000.0);
        planning_ms.push_back(planning_us / 1000.0);
    }
    const double u50 = percentile(update_us, 50), u99 = percentile(update_us, 99);
    const double t50 = percentile(tick_ms, 50), t99 = percentile(tick_ms, 99), tmax = percentile(tick_ms, 100);
    if (a.json) {
        nlohmann::ordered_json j;
        j["world"] = a.world;
        j["followers"] = a.followers;
        j["ticks"] = tick_ms.size();
        j["budget_per_tick"] = budget.per_tick();
        j["budget_unit"] = budget.in_time() ? "microseconds" : "expansions";
        j["us_per_expansion"] = budget.microseconds_per_expansion(&nav);
        j["update_us_p50"] = u50;
        j["update_us_p99"] = u99;
        j["plan_update_us_p50"] = percentile(plan_update_us, 50);
        j["tick_ms_p50"] = t50;
        j["tick_ms_p99"] = t99;
        j["tick_ms_max"] = tmax;
        j["sync_ms_p50"] = percentile(sync_ms, 50);
        j["sync_ms_p99"] = percentile(sync_ms, 99);
        j["sync_ms_max"] = percentile(sync_ms, 100);
        j["planning_ms_per_tick_p50"] = percentile(planning_ms, 50);
        j["planning_ms_per_tick_p99"] = percentile(planning_ms, 99);
        j["plans"] = plans;
        j["arrivals"] = arrivals;
        j["walls"] = walls_placed;
        j["stuck_updates"] = stuck;
        std::printf("%s\n", j.dump().c_str());
    } else {
        std::printf("%d followers, %zu ticks of %.3f s, budget %s, a wall every %.1f s (%zu placed)\n",
                    a.followers, tick_ms.size(), a.tick, budget_text.c_str(), a.wall_every, walls_placed);
        if (budget.in_time()) std::printf("estimated time per expansion: %.3f us\n", budget.microseconds_per_expansion(&nav));
        std::printf("update without a plan: p50 %.3f us, p99 %.3f us (%zu updates)\n", u50, u99, update_us.size());
        std::printf("update with a plan:    p50 %.1f us (%zu plans)\n", percentile(plan_update_us, 50), plans);
        std::printf("all followers per tick: p50 %.3f ms, p99 %.3f ms, max %.3f ms\n", t50, t99, tmax);
        std::printf("updates that planned, per tick: p50 %.3f ms, p99 %.3f ms\n", percentile(planning_ms, 50), percentile(planning_ms, 99));
        std::printf("world sync before the followers (the tick's walls derived): p50 %.3f ms, p99 %.3f ms, max %.3f ms\n",
                    percentile(sync_ms, 50), percentile(sync_ms, 99), percentile(sync_ms, 100));
        std::printf("arrivals %zu, stuck updates %zu\n", arrivals, stuck);
    }
    return kOk;
}

}  // namespace

Command add_follow_bench_command(CLI::App& app) {
    auto args = std::make_shared<FollowBenchArgs>();
    CLI::App* sub = app.add_subcommand("bench-follow", "Benchmark N followers per tick: update time, shared planning budget, walls appearing");
    add_world_option(sub, args->world);
    add_agent_option(sub, args->agent);
    sub->add_option("--followers", args->followers, "Followers (default 1000)");
    sub->add_option("--seconds", args->seconds, "Game seconds to run (default 10)");
    sub->add_option("--tick", args->tick, "Tick length, seconds (default 0.05)");
    sub->add_option("--budget-us", args->budget_us, "Planning time per tick shared by all followers, microseconds (default 1000)");
    sub->add_option("--budget", args->budget, "Search expansions per tick shared by all followers, in place of --budget-us")
        ->excludes(sub->get_option("--budget-us"));
    sub->add_option("--wall-every", args->wall_every, "A 3x3x3 wall across a follower's route every S seconds, gone 3 s later (default 1; 0: none)");
    sub->add_option("--spread", args->spread, "Side of the square the followers walk in, voxels (default 96)");
    sub->add_option("--seed", args->seed, "Seed (default 1)");
    sub->add_option("--landmarks", args->landmarks, "Landmarks, built before timing (default 8; 0: none)");
    sub->add_flag("--json", args->json, "One JSON object");
    return [sub, args]() -> int { return sub->parsed() ? run_follow_bench(*args) : -1; };
}

}  // namespace voxnav::cli
