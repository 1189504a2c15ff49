// SPDX-License-Identifier: MIT
// The follower (route/follower.hpp), one tiny hand-made world per rule, with
// a tiny kinematic body: it goes where it is steered at the speed it is
// told, cannot enter a column higher than a step without being told to jump
// (or climb), drops onto lower targets once over them, and stands still
// when the game holds it (stuck in a pit).
#include <catch2/catch.hpp>

#include "test_helpers.hpp"
#include "voxnav/route/follower.hpp"
#include "voxnav/voxnav.hpp"

#include <glm/geometric.hpp>

#include <algorithm>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

using namespace voxnav;
using testing::world_from_text;

namespace {

constexpr double kTick = 0.05;  // 20 ticks a second [Units: seconds]

struct KinematicBody {
    BodyState s;
    double jump_height = 1.25;
    bool rising = false, held = false;
    // Like prismarine-physics under a lintel: a rise less than a step is not
    // stepped up; the body stops 0.8 from the higher column's centre unless
    // it jumps.
    bool small_rise_needs_jump = false;
    int jumps = 0;

    explicit KinematicBody(const Voxel& feet) { s.feet = glm::dvec3(feet.x + 0.5, feet.y, feet.z + 0.5), s.on_ground = true; }

    void step(const Steering& st, double dt) {
        const glm::dvec3 before = s.feet;
        if (held) {
            s.velocity = glm::dvec3(0.0);
            return;
        }
        const glm::dvec3 t = st.target;
        const glm::dvec2 to(t.x - s.feet.x, t.z - s.feet.z);
        const double d = glm::length(to);
        const bool small_rise = small_rise_needs_jump && t.y > s.feet.y + 1e-9 && t.y <= s.feet.y + 0.6;
        const bool must_rise = t.y > s.feet.y + 0.6 || small_rise;  // more than a step, or a step not taken
        if (st.jump && s.on_ground && must_rise && t.y - s.feet.y <= jump_height + 1e-9) rising = true, ++jumps;
        if (d > 1e-9) {
            glm::dvec2 p = glm::dvec2(s.feet.x, s.feet.z) + to / d * std::min(d, st.speed * dt);
            // A higher column is entered only rising (jumping or climbing).
            const double stop = small_rise ? 0.8 : 0.95;
            if (must_rise && !rising && st.climb == 0 && glm::length(glm::dvec2(t.x, t.z) - p) < stop) p = glm::dvec2(t.x, t.z) - to / d * stop;
            s.feet.x = p.x, s.feet.z = p.y;
        }
        bool falling = false;
        if (st.climb != 0) {
            s.feet.y = st.climb > 0 ? std::min(t.y, s.feet.y + 2.0 * dt) : std::max(t.y, s.feet.y - 2.0 * dt);
        } else if (rising) {
            s.feet.y = std::min(t.y, s.feet.y + 8.0 * dt);
            rising = s.feet.y < t.y;
        } else if (t.y < s.feet.y - 1e-9 && glm::length(glm::dvec2(t.x - s.feet.x, t.z - s.feet.z)) < 0.55) {
            s.feet.y = std::max(t.y, s.feet.y - 10.0 * dt);
            falling = s.feet.y > t.y;
        }
        s.on_ground = !rising && !falling;
        s.on_climbable = st.climb != 0;
        s.velocity = (s.feet - before) / dt;
    }
};

struct Walk {
    FollowStatus status = FollowStatus::Moving;
    double seconds = 0.0;
    std::vector<FollowStatus> seen;
    std::vector<Voxel> opened, closed;
    std::vector<glm::dvec3> feet_at_close;  // where the body was when told to close
    int replans = 0;
    int replans_when_stuck = -1;  // at the first `stuck`
    std::string why_stuck;
    std::vector<double> stuck_waits;  // each `stuck` spell's length [Units: seconds]
    int jump_asks = 0;                 // ticks the follower said jump
    int open_asks = 0;                 // ticks the follower said open
    int both_halves_asks = 0;          // ... of a two-block door (open_both_halves)
    [[nodiscard]] bool saw(FollowStatus s) const { return std::find(seen.begin(), seen.end(), s) != seen.end(); }
};

// The open wooden door of the text worlds' 'd' (added on first use).
BlockId open_door(World& w) {
    if (const auto id = w.blocks().find("door_open")) return *id;
    BlockShape sh;
    sh.open_class = OpenClass::Hand;
    sh.open = true;
    return w.blocks().add("door_open", BlockKind::Solid, false, sh);
}

// Ticks the game: its events, then sync, then the follower, then the body.
// Doors the follower asks for are opened with one use, as a game does (both
// halves of a two-block door).
Walk walk(World& w, Navigator& nav, Follower& f, KinematicBody& body, double max_seconds,
          const std::function<void(double)>& events = {}) {
    Walk out;
    for (double t = 0.0; t < max_seconds; t += kTick) {
        if (events) events(t);
        nav.sync();
        const Steering& s = f.update(body.s, t);
        out.seen.push_back(s.status);
        out.status = s.status;
        out.seconds = t;
        out.replans = s.replans;
        if (s.jump) ++out.jump_asks;
        if (s.status == FollowStatus::Stuck) {
            if (out.replans_when_stuck < 0) out.replans_when_stuck = s.replans, out.why_stuck = s.why;
            if (out.seen.size() < 2 || out.seen[out.seen.size() - 2] != FollowStatus::Stuck) out.stuck_waits.push_back(0.0);
            out.stuck_waits.back() += kTick;
        }
        if (s.status == FollowStatus::Arrived || s.status == FollowStatus::NoPath || s.status == FollowStatus::Failed) break;
        if (s.open) {
            ++out.open_asks;
            if (std::find(out.opened.begin(), out.opened.end(), *s.open) == out.opened.end()) out.opened.push_back(*s.open);
            w.set_block(*s.open, open_door(w));
            if (s.open_both_halves) {
                ++out.both_halves_asks;
                w.set_block(*s.open + Voxel(0, 1, 0), open_door(w));
            }
        }
        if (s.close) {
            out.closed.push_back(*s.close);
            out.feet_at_close.push_back(body.s.feet);
            w.set_block(*s.close, *w.blocks().find("door_closed"));
        }
        if (s.status == FollowStatus::Moving || s.status == FollowStatus::Replanning) body.step(s, kTick);
    }
    return out;
}

// An open stone floor x by z, feet level 1.
World open_floor(int x, int z) {
    std::string text = "voxnav-world 1\nsize " + std::to_string(x) + " 2 " + std::to_string(z) + "\nlayer 0\n";
    for (int i = 0; i < z; ++i) text += std::string(std::size_t(x), '#') + "\n";
    text += "layer 1\n";
    for (int i = 0; i < z; ++i) text += std::string(std::size_t(x), '.') + "\n";
    return world_from_text(text);
}

// A text world, a navigator for `agent`, a follower going to G, a body at S.
struct Scene {
    World w;
    Navigator nav;
    Follower f;
    KinematicBody body;
    explicit Scene(const std::string& text, const AgentProfile& agent = AgentProfile{}, const FollowerSettings& settings = FollowerSettings{})
        : w(world_from_text(text)), nav(w, agent), f(nav, settings), body(*w.point("S")) {
        f.set_goal(Goal::at(*w.point("G")));
    }
    Walk run(double seconds, const std::function<void(double)>& events = {}) { return walk(w, nav, f, body, seconds, events); }
};

}  // namespace

TEST_CASE("a follower walks a body to the goal and says it arrived", "[follower]") {
    Scene sc("voxnav-world 1\nsize 8 2 3\nlayer 0\n########\n########\n########\nlayer 1\n........\nS......G\n........\n");
    // The game may set the same goal every tick: nothing is planned again.
    const Walk r = sc.run(20.0, [&](double) { sc.f.set_goal(Goal::at(*sc.w.point("G"))); });
    CHECK(r.status == FollowStatus::Arrived);
    CHECK(r.replans == 1);
    CHECK_FALSE(r.saw(FollowStatus::Stuck));
    // About the route's cost: 7 voxels at 4.3 voxels a second.
    CHECK(r.seconds == Approx(sc.f.route().cost).margin(0.5));
    CHECK(std::string(to_string(r.status)) == "arrived");
}

TEST_CASE("a follower asks for the jump up a step, a body never told to jump is stuck", "[follower]") {
    const std::string step = "voxnav-world 1\nsize 6 3 1\nlayer 0\n######\nlayer 1\nS..###\nlayer 2\n.....G\n";
    Scene sc(step);
    const Walk r = sc.run(20.0);
    CHECK(r.status == FollowStatus::Arrived);
    CHECK(sc.body.jumps == 1);
    // The same body held below the step (it ignores jumps): the follower
    // retries, re-plans, then says stuck, and never loops on the step.
    Scene deaf(step);
    deaf.body.jump_height = 0.0;
    const Walk s = deaf.run(30.0);
    CHECK(s.saw(FollowStatus::Stuck));
    CHECK(s.replans_when_stuck == 2);  // the first route and one re-plan before `stuck`
    CHECK(s.why_stuck.find("no progress") != std::string::npos);
    // Each `stuck` waits longer before planning again (2 s, then 4 s, ...).
    REQUIRE(s.stuck_waits.size() >= 2);
    CHECK(s.stuck_waits[0] == Approx(2.0).margin(0.11));
    CHECK(s.stuck_waits[1] == Approx(4.0).margin(0.11));
}

TEST_CASE("a body held below a 1/16 step up under a lintel is told to jump, a step it takes is walked", "[follower]") {
    // A doorway with a carpet-high sill (1/16) under a lintel two voxels
    // above the floor: a Minecraft player (1.8 high) fits. prismarine-physics
    // 1.11 measures the step-up against the move already clipped by the sill,
    // rises the full 0.6 first, meets the lintel and never steps in; the
    // kinematic body's small_rise_needs_jump does the same.
    AgentProfile player;
    player.height = 1.8;
    player.jump_height = 1.25;
    const std::string doorway = "voxnav-world 1\nsize 7 4 1\nlegend c sill solid top=1\nlayer 0\n#######\n"
                                "layer 1\nS..cc.G\nlayer 2\n.......\nlayer 3\n...##..\n";
    Scene sc(doorway, player);
    sc.body.small_rise_needs_jump = true;
    const Walk r = sc.run(20.0);
    CHECK(r.status == FollowStatus::Arrived);
    CHECK(sc.body.jumps == 1);
    CHECK_FALSE(r.saw(FollowStatus::Stuck));
    // A body that steps up by itself is never told to jump there.
    Scene walker(doorway, player);
    const Walk w = walker.run(20.0);
    CHECK(w.status == FollowStatus::Arrived);
    CHECK(w.jump_asks == 0);
}

TEST_CASE("a body overhanging a drop, held, is not planned for again every tick", "[follower]") {
    // The body's feet stand on the ledge at x 1 (y 3) while its centre is
    // over the pit at x 2: it snaps to the pit's slab floor (feet y 1.5),
    // further than the corridor from where it stands. The route's first
    // segment starts where the body stood, so the same route is not planned
    // again every tick (it was); a body that cannot move is then seen stuck
    // as anywhere else.
    Scene sc("voxnav-world 1\nsize 7 5 1\nlegend s slab solid top=8\nlayer 0\n#######\nlayer 1\n##ss###\n"
             "layer 2\n##...##\nlayer 3\n.S....G\nlayer 4\n.......\n");
    sc.body.s.feet = glm::dvec3(2.05, 3.0, 0.5);
    sc.body.held = true;
    const Walk r = sc.run(10.0);
    CHECK(r.replans <= 4);
    CHECK(r.saw(FollowStatus::Stuck));
}

TEST_CASE("a follower asks to open a door before entering it, both halves", "[follower]") {
    AgentProfile opener;
    opener.opens = {"hand"};
    Scene sc("voxnav-world 1\nsize 5 3 1\nlayer 0\n#####\nlayer 1\nS.d.G\nlayer 2\n..d..\n", opener);
    const Walk r = sc.run(20.0);
    CHECK(r.status == FollowStatus::Arrived);
    REQUIRE_FALSE(r.opened.empty());
    CHECK(r.opened.front() == Voxel(2, 1, 0));
    // Issue 57: the two-block door asked for once, both halves together (its
    // lower voxel, flagged): opened by the game with one use, it is not asked
    // for again (a game whose "use" toggles would close it).
    CHECK(r.opened.size() == 1);
    CHECK(r.open_asks == 1);
    CHECK(r.both_halves_asks == 1);
    // Closed behind, once, after the doorway: the body stands past it then.
    CHECK(r.closed == std::vector<Voxel>{{2, 1, 0}});
    REQUIRE(r.feet_at_close.size() == 1);
    CHECK(r.feet_at_close[0].x > 3.0);  // out of the doorway (x 2..3)
    // Issue 57 (the physics judge): its whole footprint out of the door's
    // voxel, so the shut panel does not close on the body.
    CHECK(r.feet_at_close[0].x - opener.width / 2.0 >= 3.0 - 1e-3);
    // A zombie leaves it open.
    FollowerSettings rude;
    rude.close_doors = false;
    Scene z("voxnav-world 1\nsize 5 3 1\nlayer 0\n#####\nlayer 1\nS.d.G\nlayer 2\n..d..\n", opener, rude);
    const Walk zr = z.run(20.0);
    CHECK(zr.status == FollowStatus::Arrived);
    CHECK(zr.closed.empty());
    // Issue 36: a body standing inside the closed door: its route's start
    // lists the door, and the follower asks for it before the first move.
    Scene in("voxnav-world 1\nsize 5 3 1\npoint S 1 1 0\nlayer 0\n#####\nlayer 1\n.d..G\nlayer 2\n.d...\n", opener);
    const Walk ir = in.run(20.0);
    CHECK(ir.status == FollowStatus::Arrived);
    REQUIRE_FALSE(ir.opened.empty());
    CHECK(ir.opened.front() == Voxel(1, 1, 0));
    CHECK(ir.opened.size() == 1);
    CHECK(ir.both_halves_asks == 1);
}

TEST_CASE("two stacked openables a use opens one at a time: the one left shut is asked for alone", "[follower]") {
    // Issue 57: a game whose "use" opened only the lower of the two voxels
    // asked together (two trapdoors, not one door): the next tick asks for
    // the upper alone, once, and the body walks through.
    AgentProfile opener;
    opener.opens = {"hand"};
    Scene sc("voxnav-world 1\nsize 5 3 1\nlayer 0\n#####\nlayer 1\nS.d.G\nlayer 2\n..d..\n", opener);
    std::vector<std::pair<Voxel, bool>> asks;
    FollowStatus status = FollowStatus::Moving;
    for (double t = 0.0; t < 20.0 && status != FollowStatus::Arrived; t += kTick) {
        sc.nav.sync();
        const Steering& s = sc.f.update(sc.body.s, t);
        status = s.status;
        if (s.open) {
            asks.emplace_back(*s.open, s.open_both_halves);
            sc.w.set_block(*s.open, open_door(sc.w));  // only the voxel given
        }
        if (s.status == FollowStatus::Moving || s.status == FollowStatus::Replanning) sc.body.step(s, kTick);
    }
    CHECK(status == FollowStatus::Arrived);
    REQUIRE(asks.size() == 2);
    CHECK(asks[0] == std::make_pair(Voxel(2, 1, 0), true));
    CHECK(asks[1] == std::make_pair(Voxel(2, 2, 0), false));
}

TEST_CASE("a body pushed off its route re-attaches or re-plans, and arrives", "[follower]") {
    Scene sc("voxnav-world 1\nsize 10 2 5\nlayer 0\n##########\n##########\n##########\n##########\n##########\n"
             "layer 1\n..........\n..........\nS........G\n..........\n..........\n");
    bool pushed = false;
    const Walk r = sc.run(20.0, [&](double t) {
        if (!pushed && t >= 0.5) sc.body.s.feet.z -= 2.0, pushed = true;  // a knock-back two voxels aside
    });
    CHECK(pushed);
    CHECK(r.status == FollowStatus::Arrived);
    CHECK_FALSE(r.saw(FollowStatus::Stuck));
}

TEST_CASE("a wall placed across the route makes the follower re-plan at once, and the body goes round", "[follower]") {
    Scene sc("voxnav-world 1\nsize 9 3 5\nlayer 0\n#########\n#########\n#########\n#########\n#########\n"
             "layer 1\n.........\n.........\nS.......G\n.........\n.........\n"
             "layer 2\n.........\n.........\n.........\n.........\n.........\n");
    const BlockId stone = *sc.w.blocks().find("stone");
    bool built = false;
    const Walk r = sc.run(30.0, [&](double t) {
        if (built || t < 0.3) return;
        for (int z = 1; z <= 3; ++z)
            for (int y = 1; y <= 2; ++y) sc.w.set_block({5, y, z}, stone);  // across the straight route, not the rim
        built = true;
    });
    CHECK(r.status == FollowStatus::Arrived);
    CHECK(r.saw(FollowStatus::Replanning));
    CHECK(r.replans == 2);
}

TEST_CASE("a partial route is continued to the goal, an unreachable goal says no_path", "[follower]") {
    FollowerSettings capped;
    capped.query.limits.max_nodes = 5;
    // A plain search: jump points cross the whole corridor in two expansions,
    // so a cap of 5 would never cut the route short.
    capped.query.acceleration = Acceleration::Off;
    Scene sc("voxnav-world 1\nsize 16 2 1\nlayer 0\n################\nlayer 1\nS..............G\n", AgentProfile{}, capped);
    const Walk r = sc.run(30.0);
    CHECK(r.status == FollowStatus::Arrived);
    CHECK(r.replans >= 3);

    Scene cut("voxnav-world 1\nsize 6 2 1\nlayer 0\n##..##\nlayer 1\nS....G\n");
    const Walk n = cut.run(5.0);
    CHECK(n.status == FollowStatus::NoPath);
    CHECK_FALSE(cut.f.steering().why.empty());
    CHECK_THROWS_AS(cut.f.set_goal(Goal{}), std::invalid_argument);
}

TEST_CASE("a moving goal: set every tick, re-planned when it moved (at most once a second on the way), caught", "[follower]") {
    Scene sc("voxnav-world 1\nsize 24 2 1\nlayer 0\n########################\nlayer 1\nS.........G.............\n");
    Voxel target = *sc.w.point("G");
    int calls = 0, plans = 0;
    std::pair<Voxel, Voxel> planned{Voxel(-1, -1, -1), Voxel(-1, -1, -1)};  // the last route's ends
    const Walk r = sc.run(30.0, [&](double t) {
        // The route the previous tick gave: a new one is a new plan.
        const Route& route = sc.f.route();
        if (!route.waypoints.empty()) {
            const std::pair<Voxel, Voxel> ends{route.waypoints.front().position, route.waypoints.back().position};
            if (ends != planned) planned = ends, ++plans;
        }
        // The goal walks away at 1 voxel a second; the game sets it every tick.
        target = Voxel(std::min(20, 10 + int(t)), 1, 0);
        sc.f.set_goal(Goal::at(target));
        ++calls;
    });
    // `replans` counts from the goal's latest position (set_goal of another goal).
    CHECK(r.replans == 1);
    CHECK(r.status == FollowStatus::Arrived);
    // Caught where the goal is now, not where it was first.
    CHECK(sc.f.route().waypoints.back().position == target);
    CHECK(target.x > 10);
    // Re-planned for the goal's moves, not every tick: a move is planned for
    // once per replan_interval on the way, or at a route's end.
    CHECK(plans >= 2);
    CHECK(plans <= target.x - 10 + 1);
    CHECK(calls > 10 * plans);
}

TEST_CASE("a planning budget serves followers first come, first served, whatever the call order", "[follower][budget]") {
    PlanningBudget budget(100, 40);
    std::vector<std::uint64_t> tickets(11, 0);
    std::vector<int> served_in(11, 0);
    for (int tick = 1; tick <= 8; ++tick) {
        // Followers 0..9 want a plan until served, always called in this order;
        // follower 10 starts wanting at tick 2.
        for (int i = 0; i <= 10; ++i) {
            if (served_in[i] || (i == 10 && tick < 2)) continue;
            const std::size_t g = budget.grant(double(tick), tickets[i]);
            if (g > 0) {
                CHECK(g >= 40);
                budget.spend(g);
                served_in[i] = tick;
            }
        }
        CHECK(budget.remaining() <= 100);
    }
    // Tick 1 knows of no other wanting follower: the first takes it all.
    // Then ten wanted: shares of max(40, 100 / 10), two a tick, those turned
    // away at tick 1 before the one that came at tick 2.
    for (int i = 0; i < 10; ++i) CHECK(served_in[i] == 1 + (i + 1) / 2);
    CHECK(served_in[10] == 7);
    CHECK_THROWS_AS(PlanningBudget(0), std::invalid_argument);
}

namespace {
// An open floor 24 x 24; twelve bodies cross it to the far side, their
// followers sharing `budget`.
struct TwelveCrossing {
    World w = open_floor(24, 24);
    Navigator nav{w, AgentProfile{}};
    std::vector<Follower> followers;
    std::vector<KinematicBody> bodies;
    explicit TwelveCrossing(PlanningBudget& budget) {
        FollowerSettings s;
        s.budget = &budget;
        followers.reserve(12);
        for (int i = 0; i < 12; ++i) {
            followers.emplace_back(nav, s);
            followers.back().set_goal(Goal::at(Voxel(23, 1, 23 - i)));
            bodies.emplace_back(Voxel(0, 1, i));
        }
    }
};
}  // namespace

TEST_CASE("a planning budget in time converts its grants by each navigator's measured time per expansion", "[follower][budget]") {
    // Issue 57: a budget in microseconds a tick; the times here are given,
    // not measured, so the arithmetic is exact.
    World w = open_floor(4, 4);
    const Navigator walker(w, AgentProfile{}), digger(w, AgentProfile{});
    PlanningBudget budget(std::chrono::microseconds(1000), std::chrono::microseconds(50));
    CHECK(budget.in_time());
    CHECK(budget.per_tick() == 1000);
    CHECK(budget.expansions_per_tick() == 0);
    std::uint64_t t1 = 0, t2 = 0, t3 = 0, t4 = 0, t5 = 0;
    // Before any plan: the priors, 5 us a plan and 1 us an expansion; the
    // first takes the tick.
    CHECK(budget.microseconds_per_expansion(&walker) == 1.0);
    CHECK(budget.grant(1.0, t1, &walker) == 995);
    budget.spend(10, 20.0, &walker);  // a small plan: its time is the fixed part
    CHECK(budget.microseconds_per_expansion(&walker) == 1.0);
    CHECK(budget.remaining() == 980);
    // (980 us left - 20 fixed) at 1 us an expansion.
    CHECK(budget.grant(1.0, t2, &walker) == 960);
    budget.spend(1000, 520.0, &walker);  // net of the fixed part: 0.5 us an expansion
    CHECK(budget.microseconds_per_expansion(&walker) == 0.5);
    CHECK(budget.microseconds_per_expansion(&digger) == 1.0);  // its own estimate
    CHECK(budget.remaining() == 460);
    // The rest of the tick at the walker's 0.5 us: (460 - 20) / 0.5.
    CHECK(budget.grant(1.0, t5, &walker) == 880);
    budget.spend(880, 900.0, &walker);  // 1 us an expansion this time; over by 440 us: counted
    CHECK(budget.remaining() == 0);
    CHECK(budget.microseconds_per_expansion(&walker) == Approx(0.75));  // the mean of the first plans
    CHECK(budget.grant(1.0, t3, &digger) == 0);  // waits for the next tick
    CHECK(t3 != 0);
    // Next tick: four wanted a plan last tick, so a share is 250 us; the
    // digger (who waited) first, at its own (prior) rate.
    CHECK(budget.grant(2.0, t4, &walker) == 0);  // not before the one that waited
    CHECK(budget.grant(2.0, t3, &digger) == 245);
    budget.spend(100, 405.0, &digger);  // 4 us an expansion
    CHECK(budget.microseconds_per_expansion(&digger) == 4.0);
    // One odd plan (a preempted thread: 1000 us an expansion) moves the
    // estimate at most to twice itself, a third of the way there.
    budget.spend(100, 100000.0, &walker);
    CHECK(budget.microseconds_per_expansion(&walker) == Approx(1.0));
    CHECK_THROWS_AS(PlanningBudget(std::chrono::microseconds(0)), std::invalid_argument);
    CHECK_THROWS_AS(PlanningBudget(std::chrono::microseconds(100), std::chrono::microseconds(0)), std::invalid_argument);
}

TEST_CASE("followers sharing a planning budget in time all arrive, each plan timed and learnt", "[follower][budget]") {
    PlanningBudget budget(std::chrono::microseconds(300));
    TwelveCrossing c(budget);
    Navigator& nav = c.nav;
    std::vector<Follower>& followers = c.followers;
    std::vector<KinematicBody>& bodies = c.bodies;
    std::vector<bool> arrived(12, false);
    for (double t = 0.0; t < 60.0; t += kTick) {
        nav.sync();
        for (std::size_t i = 0; i < followers.size(); ++i) {
            if (arrived[i]) continue;
            const Steering& st = followers[i].update(bodies[i].s, t);
            REQUIRE(st.status != FollowStatus::NoPath);
            REQUIRE(st.status != FollowStatus::Failed);
            if (st.status == FollowStatus::Arrived) arrived[i] = true;
            if (st.status == FollowStatus::Moving || st.status == FollowStatus::Replanning) bodies[i].step(st, kTick);
        }
        if (std::all_of(arrived.begin(), arrived.end(), [](bool a) { return a; })) break;
    }
    for (int i = 0; i < 12; ++i) {
        INFO("follower " << i);
        CHECK(arrived[i]);
    }
    // The plans taught the budget this navigator's time per expansion
    // (whatever this machine takes: a positive figure, no longer the prior's
    // exact 1 us unless by chance).
    CHECK(budget.microseconds_per_expansion(&nav) > 0.0);
    CHECK(budget.microseconds_per_expansion(&nav) <= 1000.0);
}

TEST_CASE("followers sharing a planning budget stay within it each tick and all arrive", "[follower][budget]") {
    PlanningBudget budget(150, 40);
    TwelveCrossing c(budget);
    Navigator& nav = c.nav;
    std::vector<Follower>& followers = c.followers;
    std::vector<KinematicBody>& bodies = c.bodies;
    std::vector<int> waited(12, 0), longest_wait(12, 0);
    std::vector<bool> arrived(12, false);
    std::vector<int> replans(12, 0);
    for (double t = 0.0; t < 40.0; t += kTick) {
        nav.sync();
        std::uint64_t expanded = 0;  // by the tick's plans
        for (std::size_t i = 0; i < followers.size(); ++i) {
            if (arrived[i]) continue;
            const Steering& st = followers[i].update(bodies[i].s, t);
            if (st.replans != replans[i]) expanded += followers[i].route().metrics.expanded, replans[i] = st.replans;
            if (st.status == FollowStatus::Arrived) arrived[i] = true;
            const bool waiting = st.status == FollowStatus::Replanning && st.why == "waiting for the planning budget";
            waited[i] = waiting ? waited[i] + 1 : 0;
            longest_wait[i] = std::max(longest_wait[i], waited[i]);
            if (st.status == FollowStatus::Moving || st.status == FollowStatus::Replanning) bodies[i].step(st, kTick);
        }
        // What the tick's plans expanded: within the budget (a search may
        // overrun its cap by a node or two).
        CHECK(expanded <= 150 + 12 * 2);
        if (std::all_of(arrived.begin(), arrived.end(), [](bool a) { return a; })) break;
    }
    for (int i = 0; i < 12; ++i) {
        INFO("follower " << i);
        CHECK(arrived[i]);
        CHECK(longest_wait[i] <= 6);  // 3 plans a tick, 12 followers: served within 4 ticks
    }
}

TEST_CASE("a partial route's next segment is planned on a worker before the body gets to its end", "[follower][service]") {
    // A long corridor; routes capped so each covers only part of it.
    std::string text = "voxnav-world 1\nsize 90 2 3\nlayer 0\n";
    for (int z = 0; z < 3; ++z) text += std::string(90, '#') + "\n";
    text += "layer 1\n" + std::string(90, '.') + "\nS" + std::string(88, '.') + "G\n" + std::string(90, '.') + "\n";
    for (const bool on_worker : {false, true}) {
        INFO((on_worker ? "with a service" : "without"));
        World w = world_from_text(text);
        Navigator nav(w, AgentProfile{});
        RouteService service(w, 1);
        FollowerSettings s;
        s.query.limits.max_nodes = 30;
        s.query.acceleration = Acceleration::Off;  // voxel by voxel: 30 nodes stay 30 voxels
        s.query.landmarks = false;
        if (on_worker) s.service = &service, s.service_agent = service.add_agent(AgentProfile{});
        Follower f(nav, s);
        f.set_goal(Goal::at(*w.point("G")));
        KinematicBody body(*w.point("S"));
        int stops = 0;
        FollowStatus last = FollowStatus::Moving;
        for (double t = 0.0; t < 60.0; t += kTick) {
            const Steering& st = f.update(body.s, t);
            last = st.status;
            if (st.status == FollowStatus::Arrived) break;
            REQUIRE((st.status == FollowStatus::Moving || st.status == FollowStatus::Replanning));
            if (t > 0.0 && st.status == FollowStatus::Replanning) ++stops;
            body.step(st, kTick);
            // The worker's answer comes back between ticks (as a game's tick is long).
            if (on_worker) service.wait();
        }
        CHECK(last == FollowStatus::Arrived);
        if (on_worker) {
            CHECK(stops == 0);                   // never planned on the game thread after the first
            CHECK(f.steering().replans == 1);
            CHECK(f.route().status == SearchStatus::Found);
        } else {
            CHECK(stops >= 2);                   // planned at each partial end
        }
    }
}

TEST_CASE("followers after one target share one chase: routes from a ChaseField, no plan of their own", "[follower][chase]") {
    // An open floor 32 x 12; the target walks along it at 1 voxel a second.
    World w = open_floor(32, 12);
    Navigator nav(w, AgentProfile{});
    ChaseField chase(w, AgentProfile{}, ChaseField::Method::Routes);
    std::vector<Follower> followers;
    std::vector<KinematicBody> bodies;
    for (int i = 0; i < 6; ++i) {
        followers.emplace_back(nav);
        bodies.emplace_back(Voxel(0, 1, 2 * i));
    }
    std::vector<Voxel> feet(6);
    Voxel last_target(-1);
    int arrived_at_end = 0;
    for (double t = 0.0; t < 30.0; t += kTick) {
        const Voxel target(std::min(31, 8 + int(t)), 1, 6);  // stops at x 31 after 23 s
        const Goal goal = Goal::at(target);
        for (std::size_t i = 0; i < 6; ++i)
            feet[i] = Voxel(int(std::floor(bodies[i].s.feet.x)), int(std::lround(bodies[i].s.feet.y)), int(std::floor(bodies[i].s.feet.z)));
        chase.update(goal, feet);
        const bool moved = target != last_target;
        last_target = target;
        arrived_at_end = 0;
        for (std::size_t i = 0; i < 6; ++i) {
            followers[i].set_goal(goal);
            if (moved) REQUIRE(followers[i].set_route(chase.route(i), t));
            const Steering& s = followers[i].update(bodies[i].s, t);
            if (s.status == FollowStatus::Arrived) ++arrived_at_end;
            if (s.status == FollowStatus::Moving || s.status == FollowStatus::Replanning) bodies[i].step(s, kTick);
        }
    }
    CHECK(arrived_at_end == 6);  // all at the target where it stopped
    for (const Follower& f : followers) CHECK(f.steering().replans == 0);  // every route came from the chase
    // One chase re-plans far less than six followers re-planning each move.
    CHECK(chase.replans() < 6 * 24);
}

TEST_CASE("a follower cuts corners only where the swept body stays on waypoints", "[follower]") {
    // Open floor with a pillar the route bends round.
    Scene sc("voxnav-world 1\nsize 10 3 10\nlayer 0\n##########\n##########\n##########\n##########\n##########\n"
             "##########\n##########\n##########\n##########\n##########\n"
             "layer 1\nS.........\n..........\n..........\n..........\n....##....\n....##....\n..........\n"
             "..........\n..........\n.........G\n"
             "layer 2\n..........\n..........\n..........\n..........\n....##....\n....##....\n..........\n"
             "..........\n..........\n..........\n");
    int cut = 0;
    const Walk r = sc.run(20.0, [&](double) {
        const Steering& s = sc.f.steering();
        const Route& route = sc.f.route();
        if (s.status != FollowStatus::Moving || s.waypoint == 0 || s.waypoint >= route.waypoints.size()) return;
        // The point steered to: the approached waypoint, or a later one the
        // body may walk to straight from the last waypoint reached.
        const Voxel target(int(std::floor(s.target.x)), int(std::lround(s.target.y)), int(std::floor(s.target.z)));
        const Voxel last = route.waypoints[s.waypoint - 1].position;
        if (target != route.waypoints[s.waypoint].position) {
            ++cut;
            CHECK(sc.nav.straight_walk_clear(last, target));
        }
        const glm::dvec3 p = sc.body.s.feet;
        CHECK_FALSE((p.x > 4.0 && p.x < 6.0 && p.z > 4.0 && p.z < 6.0));  // never over the pillar
    });
    CHECK(r.status == FollowStatus::Arrived);
    CHECK(cut > 0);
}

TEST_CASE("on open floor the follower walks straight across where the route steps along voxels", "[follower]") {
    // From (0, 0) to (15, 5): the route is five diagonal steps and ten
    // straight ones (10 + 5 sqrt 2 = 17.1 voxels); straight across is 15.8.
    World w = open_floor(16, 6);
    Navigator nav(w, AgentProfile{});
    Follower f(nav);
    f.set_goal(Goal::at(Voxel(15, 1, 5)));
    KinematicBody body(Voxel(0, 1, 0));
    double walked = 0.0, t = 0.0;
    for (; t < 20.0; t += kTick) {
        const Steering& s = f.update(body.s, t);
        if (s.status == FollowStatus::Arrived) break;
        const glm::dvec3 before = body.s.feet;
        body.step(s, kTick);
        walked += glm::length(body.s.feet - before);
    }
    CHECK(f.steering().status == FollowStatus::Arrived);
    CHECK(walked < 10.0 + 5.0 * std::sqrt(2.0) - 0.8);  // straighter than the voxel steps
    CHECK(t < f.route().cost);                          // and sooner than the route's cost
}

namespace {

// Issue 57's sealed goal: a 64 x 64 stone floor, the goal (40, 1, 40) inside
// walls at x and z 38 and 42, y 1-3, roofed at y 4; the body at (37, 1, 40).
std::string sealed_box_text() {
    std::string text = "voxnav-world 1\nsize 64 5 64\nlayer 0\n";
    for (int z = 0; z < 64; ++z) text += std::string(64, '#') + "\n";
    for (int y = 1; y <= 4; ++y) {
        text += "layer " + std::to_string(y) + "\n";
        for (int z = 0; z < 64; ++z) {
            std::string row(64, '.');
            for (int x = 38; x <= 42; ++x) {
                const bool inside = z >= 38 && z <= 42;
                const bool wall = inside && (x == 38 || x == 42 || z == 38 || z == 42);
                if (y <= 3 ? wall : inside) row[std::size_t(x)] = '#';
            }
            if (y == 1 && z == 40) row[37] = 'S', row[40] = 'G';
            text += row + "\n";
        }
    }
    return text;
}

bool ended(FollowStatus s) {
    return s == FollowStatus::Arrived || s == FollowStatus::NoPath || s == FollowStatus::Stuck || s == FollowStatus::Failed;
}

}  // namespace

namespace {
// `others` followers walking the open floor far from the sealed box (they
// ask the budget first), then the follower going from S to G in the box:
// followers.back().
void walkers_then_sealed(const World& w, Navigator& nav, const FollowerSettings& s, int others, std::vector<Follower>& followers,
                         std::vector<KinematicBody>& bodies) {
    followers.reserve(std::size_t(others) + 1);
    for (int i = 0; i < others; ++i) {
        followers.emplace_back(nav, s);
        followers.back().set_goal(Goal::at(Voxel(60, 1, 2 + 3 * i)));
        bodies.emplace_back(Voxel(2, 1, 2 + 3 * i));
    }
    followers.emplace_back(nav, s);
    followers.back().set_goal(Goal::at(*w.point("G")));
    bodies.emplace_back(*w.point("S"));
}
}  // namespace

TEST_CASE("a goal sealed in a stone box ends no_path or stuck within 200 ticks of a PlanningBudget(300, 256), alone or sharing it", "[follower][budget]") {
    // With jump points (they cross the open floor in a few expansions and
    // prove the box unreachable at once) and voxel by voxel (a grant of 256
    // cannot cover the 4,000 voxels of the floor: every plan ends Partial).
    for (const int others : {0, 3})
    for (const bool jumps : {true, false}) {
        INFO(others << " other followers in the budget, jump points " << jumps);
        World w = world_from_text(sealed_box_text());
        REQUIRE(w.point("S"));
        REQUIRE(*w.point("G") == Voxel(40, 1, 40));
        Navigator nav(w, AgentProfile{});
        PlanningBudget budget(300, 256);
        FollowerSettings s;
        s.budget = &budget;
        if (!jumps) s.query.acceleration = Acceleration::Off;
        std::vector<Follower> followers;
        std::vector<KinematicBody> bodies;
        walkers_then_sealed(w, nav, s, others, followers, bodies);
        Follower& sealed = followers.back();
        FollowStatus last = FollowStatus::Moving;
        int ticks = 0, replans = 0;
        for (; ticks < 200; ++ticks) {
            const double t = ticks * kTick;
            nav.sync();
            for (std::size_t i = 0; i < followers.size(); ++i) {
                const Steering& st = followers[i].update(bodies[i].s, t);
                if (st.status == FollowStatus::Moving || st.status == FollowStatus::Replanning) bodies[i].step(st, kTick);
            }
            last = sealed.steering().status;
            // A follower that planned this tick never says it waits for the budget.
            if (sealed.steering().replans != replans) {
                replans = sealed.steering().replans;
                CHECK(sealed.steering().why != "waiting for the planning budget");
            }
            if (ended(last)) break;
        }
        CHECK((last == FollowStatus::NoPath || last == FollowStatus::Stuck));
        CHECK(ticks < 200);
        CHECK(ticks <= 5);  // docs/following.md: within 6 ticks (3 plans)
        CHECK_FALSE(sealed.steering().why.empty());
    }
}

TEST_CASE("three goals in a row each report replans 1 after their first plan", "[follower]") {
    World w = open_floor(12, 12);
    Navigator nav(w, AgentProfile{});
    Follower f(nav);
    KinematicBody body(Voxel(0, 1, 0));
    double t = 0.0;
    for (const Voxel& goal : {Voxel(8, 1, 0), Voxel(8, 1, 8), Voxel(0, 1, 8)}) {
        INFO("goal " << goal.x << ", " << goal.y << ", " << goal.z);
        f.set_goal(Goal::at(goal));
        const Steering& first = f.update(body.s, t);
        CHECK(first.replans == 1);
        FollowStatus last = first.status;
        for (int i = 0; i < 400 && last != FollowStatus::Arrived; ++i) {
            body.step(f.steering(), kTick);
            t += kTick;
            last = f.update(body.s, t).status;
        }
        CHECK(last == FollowStatus::Arrived);
        CHECK(f.steering().replans == 1);
        t += kTick;
    }
}

TEST_CASE("whenever the follower says speed 0 its target is the body's own feet, waiting, stuck, no_path or arrived", "[follower]") {
    // Every tick of each walk: a speed of 0 steers nowhere else than where the body is.
    int still = 0;
    auto check_tick = [&](const Steering& st, const BodyState& b) {
        if (st.speed != 0.0) return;
        ++still;
        INFO("status " << to_string(st.status) << ", why: " << st.why);
        CHECK(glm::length(st.target - b.feet) <= 1.0);
        CHECK(st.heading == glm::dvec2(0.0));
    };
    SECTION("followers turned away by a shared budget, the sealed goal") {
        World w = world_from_text(sealed_box_text());
        Navigator nav(w, AgentProfile{});
        PlanningBudget budget(300, 256);
        FollowerSettings s;
        s.budget = &budget;
        s.query.acceleration = Acceleration::Off;  // voxel by voxel: partial routes, followers turned away
        std::vector<Follower> followers;
        std::vector<KinematicBody> bodies;
        walkers_then_sealed(w, nav, s, 3, followers, bodies);
        int waiting = 0;
        for (int tick = 0; tick < 200; ++tick) {
            nav.sync();
            for (std::size_t i = 0; i < followers.size(); ++i) {
                const Steering& st = followers[i].update(bodies[i].s, tick * kTick);
                check_tick(st, bodies[i].s);
                waiting += st.why == "waiting for the planning budget";
                if (st.status == FollowStatus::Moving || st.status == FollowStatus::Replanning) bodies[i].step(st, kTick);
            }
        }
        CHECK(waiting > 0);
    }
    SECTION("a body that never jumps, stuck below a step") {
        Scene sc("voxnav-world 1\nsize 6 3 1\nlayer 0\n######\nlayer 1\nS..###\nlayer 2\n.....G\n");
        sc.body.jump_height = 0.0;
        bool stuck = false;
        for (double t = 0.0; t < 30.0; t += kTick) {
            const Steering& st = sc.f.update(sc.body.s, t);
            check_tick(st, sc.body.s);
            stuck = stuck || st.status == FollowStatus::Stuck;
            if (st.status == FollowStatus::Moving || st.status == FollowStatus::Replanning) sc.body.step(st, kTick);
        }
        CHECK(stuck);
    }
    SECTION("a goal across a gap, no_path") {
        Scene sc("voxnav-world 1\nsize 6 2 1\nlayer 0\n##..##\nlayer 1\nS....G\n");
        const Steering& st = sc.f.update(sc.body.s, 0.0);
        CHECK(st.status == FollowStatus::NoPath);
        check_tick(st, sc.body.s);
        check_tick(sc.f.update(sc.body.s, kTick), sc.body.s);
    }
    SECTION("arrived") {
        Scene sc("voxnav-world 1\nsize 8 2 3\nlayer 0\n########\n########\n########\nlayer 1\n........\nS......G\n........\n");
        FollowStatus last = FollowStatus::Moving;
        for (double t = 0.0; t < 20.0 && last != FollowStatus::Arrived; t += kTick) {
            const Steering& st = sc.f.update(sc.body.s, t);
            check_tick(st, sc.body.s);
            last = st.status;
            sc.body.step(st, kTick);
        }
        CHECK(last == FollowStatus::Arrived);
        check_tick(sc.f.update(sc.body.s, 30.0), sc.body.s);
    }
    CHECK(still > 0);
}

namespace {
// An open stone floor `length` x 3, a follower going to `goal`, a body
// standing at (1, 1, 1) whose state the test sets itself.
struct FloorGoal {
    World w;
    Navigator nav;
    Follower f;
    BodyState body;
    FloorGoal(int length, const Voxel& goal) : w(open_floor(length, 3)), nav(w, AgentProfile{}), f(nav) {
        f.set_goal(Goal::at(goal));
        body.feet = glm::dvec3(1.5, 1.0, 1.5);
        body.on_ground = true;
    }
};
}  // namespace

TEST_CASE("the follower says arrived only for a body at rest on the goal, never in the air or running over it", "[follower][arrival]") {
    const Voxel goal(9, 1, 1);
    FloorGoal fg(12, goal);
    Follower& f = fg.f;
    BodyState& b = fg.body;
    REQUIRE(f.update(b, 0.0).status != FollowStatus::Arrived);
    const glm::dvec3 centre(goal.x + 0.5, 1.0, goal.z + 0.5);
    double now = 0.05;
    auto at = [&](glm::dvec3 feet, glm::dvec3 velocity, bool on_ground) -> const Steering& {
        b.feet = feet, b.velocity = velocity, b.on_ground = on_ground;
        now += 0.05;
        return f.update(b, now);
    };
    // Over the goal in mid-air (a jump landing on it), then landed but still
    // running at walking speed: not arrived.
    CHECK(at(centre + glm::dvec3(0.0, 0.7, 0.0), glm::dvec3(4.3, -2.0, 0.0), false).status == FollowStatus::Moving);
    CHECK(at(centre, glm::dvec3(4.3, 0.0, 0.0), true).status == FollowStatus::Moving);
    // Come to rest 0.6 past it (within the waypoint's reach, off its centre):
    // steered back towards the goal's feet point, not arrived.
    const Steering& back = at(centre + glm::dvec3(0.6, 0.0, 0.0), glm::dvec3(0.0), true);
    CHECK(back.status == FollowStatus::Moving);
    CHECK(back.speed > 0.0);
    CHECK(back.heading.x == Approx(-1.0));
    CHECK(back.target.x == Approx(centre.x));
    // Half a voxel below the goal's feet point (a stair's lower step): not arrived.
    CHECK(at(centre - glm::dvec3(0.0, 0.5, 0.0), glm::dvec3(0.0), true).status != FollowStatus::Arrived);
    // Still, on the ground, 0.1 from the centre: arrived, told to stand where it is.
    const Steering& done = at(centre + glm::dvec3(0.1, 0.0, 0.0), glm::dvec3(0.0), true);
    CHECK(done.status == FollowStatus::Arrived);
    CHECK(done.speed == 0.0);
    CHECK(glm::length(done.target - b.feet) < 1e-9);
    CHECK(done.why.empty());
}

TEST_CASE("a body with momentum that glides on when let go comes to rest on the goal", "[follower][arrival]") {
    // Minecraft-like horizontal motion: steering is on or off (full speed
    // or released), velocity follows it through friction a tick: 0.546 on
    // stone (released at a sprint, a body slides about a third of a voxel),
    // 0.89 on ice (over two voxels).
    const double friction = GENERATE(0.546, 0.89);
    CAPTURE(friction);
    const Voxel goal(12, 1, 1);
    FloorGoal fg(20, goal);
    Follower& f = fg.f;
    BodyState& b = fg.body;
    constexpr double top = 5.6;  // voxels per second (a sprint)
    const glm::dvec3 centre(goal.x + 0.5, 1.0, goal.z + 0.5);
    auto glide = [&] {
        glm::dvec2 v(b.velocity.x, b.velocity.z);
        v *= friction;
        return v;
    };
    FollowStatus status = FollowStatus::Moving;
    double t = 0.0;
    for (; t < 20.0; t += kTick) {
        const Steering& s = f.update(b, t);
        status = s.status;
        if (status == FollowStatus::Arrived) break;
        const glm::dvec2 v = glide() + (s.speed > 0.0 ? s.heading * top * (1.0 - friction) : glm::dvec2(0.0));
        b.velocity = glm::dvec3(v.x, 0.0, v.y);
        b.feet += b.velocity * kTick;
    }
    REQUIRE(status == FollowStatus::Arrived);
    CHECK(t < 10.0);
    // Let go: it slides as its speed and the floor allow, and stays on the goal.
    for (int i = 0; i < 200; ++i) {
        const glm::dvec2 v = glide();
        b.velocity = glm::dvec3(v.x, 0.0, v.y);
        b.feet += b.velocity * kTick;
    }
    CHECK(glm::length(glm::dvec2(b.feet.x - centre.x, b.feet.z - centre.z)) <= 0.5);
}

TEST_CASE("a leap sprints only when its gap needs it and jumps from the start voxel", "[follower][leap]") {
    // Issue 57: sprinting over a 1-wide gap overshot a 1-wide landing (a
    // mineflayer bot fell into the pit). A 1-wide gap is jumped walking, a
    // 2-wide one sprinting; no jump from past the start voxel.
    AgentProfile leaper;
    leaper.jump_distance = 2;
    for (const int gap : {1, 2}) {
        INFO("gap " << gap);
        const std::string floor = "##" + std::string(std::size_t(gap), '.') + "#";
        const std::string feet = "S." + std::string(std::size_t(gap), '.') + "G";
        Scene sc("voxnav-world 1\nsize " + std::to_string(gap + 3) + " 4 1\nlayer 0\n" + floor + "\nlayer 1\n" + feet +
                     "\nlayer 2\n" + std::string(std::size_t(gap + 3), '.') + "\nlayer 3\n" + std::string(std::size_t(gap + 3), '.') + "\n",
                 leaper);
        // On the start voxel (x 1), at its centre: the leap is the move.
        BodyState b;
        b.feet = glm::dvec3(1.5, 1.0, 0.5);
        b.on_ground = true;
        Steering s = sc.f.update(b, 0.0);
        REQUIRE(sc.f.route().waypoints.back().action == Action::Leap);
        // Taking off where the jump lands the feet on the landing's centre:
        // a sprint jump (3.4) 0.4 before the start's centre over 2, a
        // walking one (2.1) 0.1 before it over 1.
        b.feet.x = 1.2;
        b.velocity = glm::dvec3(4.3, 0.0, 0.0);
        s = sc.f.update(b, 0.05);
        REQUIRE(s.status == FollowStatus::Moving);
        CHECK(s.jump == (gap == 2));
        CHECK(s.sprint == (gap == 2));
        b.feet.x = 1.65;
        s = sc.f.update(b, 0.10);
        CHECK(s.jump);
        // At the jump, by where the body is: 2.85 from the centre 3 away, a
        // walking jump (a run carries it 2.0-2.5) lands on the landing.
        CHECK_FALSE(s.sprint);
        // On the ground past the start voxel (fallen short into the gap's
        // column, held at its lip): no jump for this leap.
        b.feet.x = 2.6;
        s = sc.f.update(b, 0.15);
        CHECK_FALSE(s.jump);
    }
}

TEST_CASE("check_route checks the moves up to to_waypoint only, as the follower asks after an edit", "[follower][check]") {
    // Issue 57 (bench-follow's p99): a follower checks only the moves near
    // the chunks an edit changed; check_route's to_waypoint bounds the check.
    World w = open_floor(40, 1);
    Navigator nav(w, AgentProfile{});
    const Route r = nav.find_route(Voxel(0, 1, 0), Goal::at(Voxel(39, 1, 0)));
    REQUIRE(r.status == SearchStatus::Found);
    const std::size_t n = r.waypoints.size();
    REQUIRE(n > 3);
    // A wall across the last move's way.
    const Voxel last = r.waypoints[n - 1].position;
    const BlockId stone = *w.blocks().find("stone");
    w.set_block(last, stone);
    w.set_block(last + Voxel(0, 1, 0), stone);
    nav.sync();
    CHECK_FALSE(nav.check_route(r).valid);
    CHECK_FALSE(nav.check_route(r, 0, n - 1).valid);
    CHECK(nav.check_route(r, 0, n - 2).valid);  // the moves before it still hold
    CHECK(nav.check_route(r, 1, 1).valid);
}
