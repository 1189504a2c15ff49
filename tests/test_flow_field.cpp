// SPDX-License-Identifier: MIT
// Flow fields (route/flow_field.hpp) and chases (route/chase.hpp): on seeded
// worlds with every move kind (leaps, falls, swims, flight, wide agents,
// one-way drops, stairs, ladders, doors), the field's cost at every waypoint
// equals a fresh A* from it, and following next reaches the goal with that
// cost over real moves; caps and covers give smaller fields that say so; a
// chase's routes cost what fresh searches cost through target walks and
// edits; and fields are read while another thread syncs edits.
#include "random_shaped.hpp"
#include "random_world.hpp"
#include "test_helpers.hpp"

#include "bench/terrain.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <mutex>
#include <random>
#include <thread>

using namespace voxnav;

namespace {

bool same_cost(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b)); }

std::vector<Voxel> waypoints_of(const Navigator& nav) {
    std::vector<Voxel> out;
    const VoxelBox b = nav.field().domain();
    for (int y = b.lo.y; y < b.hi.y; ++y)
        for (int z = b.lo.z; z < b.hi.z; ++z)
            for (int x = b.lo.x; x < b.hi.x; ++x)
                if (nav.is_waypoint({x, y, z})) out.push_back({x, y, z});
    return out;
}

// Following next from `p` gives real moves that add up to the field's cost.
void check_following(Navigator& nav, const FlowField& field, const Voxel& p, const QueryOptions& q) {
    const Route r = field.route_from(p);
    REQUIRE(r.status == SearchStatus::Found);
    REQUIRE(r.waypoints.front().position == p);
    REQUIRE(field.at_goal(r.waypoints.back().position));
    // step_costs prices with the profile's floor costs: compare the costs
    // only without per-query overrides (the total is compared with A* anyway).
    const std::vector<double> steps = nav.step_costs(r, q.zones);
    const bool priced_alike = q.floor_cost.empty();
    double sum = 0.0;
    for (std::size_t k = 1; k < steps.size(); ++k) {
        INFO("step " << k << " " << to_string(r.waypoints[k].action));
        REQUIRE(std::isfinite(steps[k]));
        if (priced_alike) REQUIRE(same_cost(steps[k], r.waypoints[k].cost));
        sum += steps[k];
    }
    if (priced_alike) REQUIRE(same_cost(sum, field.cost(p)));
}

// Every waypoint of the world: in the field exactly when find_route finds a
// route, with its cost; following next from it reproduces that cost.
void check_field(Navigator& nav, const Goal& goal, const QueryOptions& q, int& checked) {
    const FlowField field = nav.flow_field(goal, q);
    INFO("goal " << goal.describe() << " field status " << to_string(field.status()) << " " << field.error());
    if (field.status() == SearchStatus::InvalidGoal) {
        const Route r = nav.find_route(nav.field().domain().lo, goal, q);
        REQUIRE((r.status == SearchStatus::InvalidGoal || r.status == SearchStatus::InvalidStart));
        return;
    }
    REQUIRE(field.status() == SearchStatus::Found);
    REQUIRE(field.stop() == FlowStop::Exhausted);
    std::size_t in_field = 0;
    for (const Voxel& p : waypoints_of(nav)) {
        QueryOptions off = q;
        off.acceleration = Acceleration::Off;
        const Route fresh = nav.find_route(p, goal, off);
        INFO("from " << p.x << "," << p.y << "," << p.z << ": fresh " << to_string(fresh.status) << " " << fresh.cost << ", field "
                     << field.cost(p));
        REQUIRE((fresh.status == SearchStatus::Found) == field.contains(p));
        if (fresh.status != SearchStatus::Found) continue;
        ++in_field;
        REQUIRE(same_cost(field.cost(p), fresh.cost));
        check_following(nav, field, p, q);
        ++checked;
    }
    REQUIRE(in_field == field.reachable());
}

Goal random_goal(std::mt19937& rng, const std::vector<Voxel>& spots) {
    const Voxel g = spots[rng() % spots.size()];
    switch (rng() % 5) {
        case 0: return Goal::at(g);
        case 1: return Goal::near(glm::dvec3(g) + glm::dvec3(0.3, 0.0, -0.2), 1.0 + double(rng() % 3));
        case 2: return Goal::touch(g - Voxel(0, 1, 0));
        case 3: return Goal::column(g.x, g.z);
        default: return Goal::any_of({Goal::at(g), Goal::at(spots[rng() % spots.size()])});
    }
}

}  // namespace

TEST_CASE("a flow field's costs equal fresh A* from every waypoint, any world, agent and goal", "[flow][random]") {
    int checked = 0, fields = 0;
    std::array<std::size_t, 256> actions{};
    for (std::uint32_t seed = 1; seed <= 36; ++seed) {
        const Voxel size = seed % 3 ? Voxel{10, 7, 10} : Voxel{20, 12, 18};  // a third cross chunk faces
        const World w = testing::random_world(seed, size);
        AgentProfile a = testing::random_agent(seed);
        if (seed % 7 == 0) a.walk = a.jump = a.fall = a.swim = false, a.fly = true;  // pure flyers
        if (seed % 5 == 0) a.jump = true, a.jump_distance = 1 + int(seed % 3), a.jump_height = 1 + int(seed % 2);  // leaps
        if (seed % 4 == 0) a.max_fall = 1;  // deeper drops only into water: one-way ledges
        Navigator nav(w, a);
        const std::vector<Voxel> spots = waypoints_of(nav);
        if (spots.size() < 2) continue;
        std::mt19937 rng(seed);
        INFO("seed " << seed << " profile " << to_json(a));
        QueryOptions plain;
        check_field(nav, random_goal(rng, spots), plain, checked);
        // Zones (dearer, cheaper, forbidden) and a floor-cost override.
        QueryOptions zoned;
        const double mults[] = {0.5, 2.0, CostZone::forbid, 3.0};
        zoned.zones.push_back(CostZone::sphere(glm::dvec3(spots[rng() % spots.size()]), 2.0 + rng() % 3, mults[rng() % 4]));
        zoned.zones.push_back(CostZone::sphere(glm::dvec3(spots[rng() % spots.size()]), 2.0 + rng() % 3, mults[rng() % 4]));
        if (a.floor_cost.count("mud") && a.floor_cost.at("mud") > 1.0) zoned.floor_cost["mud"] = 7.0;
        check_field(nav, random_goal(rng, spots), zoned, checked);
        fields += 2;
        const FlowField f = nav.flow_field(Goal::at(spots[0]));
        f.for_each([&](const Voxel&, double, const Voxel&, MoveTag act) { ++actions[act.bits]; });
    }
    INFO("checked " << checked << " waypoints in " << fields << " fields");
    REQUIRE(checked > 2000);
    // Every move kind was on some field's routes.
    for (Action act : {Action::Walk, Action::Jump, Action::Fall, Action::Swim, Action::Fly}) {
        INFO(to_string(act));
        CHECK(actions[std::size_t(act)] > 0);
    }
}

TEST_CASE("flow fields on shaped worlds: stairs, slabs, ladders, doors, one-way drops", "[flow][shapes][random]") {
    int checked = 0;
    std::array<std::size_t, 256> actions{};
    for (std::uint32_t seed = 1; seed <= 60; ++seed) {
        const World w = testing::world_from_text(testing::random_shaped_world(seed));
        const AgentProfile a = testing::random_shaped_agent(seed);
        Navigator nav(w, a);
        const std::vector<Voxel> spots = waypoints_of(nav);
        if (spots.size() < 2) continue;
        std::mt19937 rng(seed);
        INFO("seed " << seed << " profile " << to_json(a));
        const Goal goal = random_goal(rng, spots);
        check_field(nav, goal, QueryOptions{}, checked);
        const FlowField f = nav.flow_field(goal);
        f.for_each([&](const Voxel&, double, const Voxel&, MoveTag act) { ++actions[act.bits]; });
    }
    REQUIRE(checked > 500);
    for (MoveTag act : {MoveTag(Action::Walk), MoveTag(Action::Jump), MoveTag(Action::Fall), MoveTag(Action::Climb), MoveTag(Action::Walk, WorldAct::Open)}) {
        INFO(to_string(act));
        CHECK(actions[act.bits] > 0);
    }
}

TEST_CASE("a flow field finds the swim up out of water into a cobweb", "[flow][shapes][slow]") {
    // Regression: the backward form of the vertical moves dropped every
    // move that starts or ends in a cobweb, but only climbs are barred
    // there; a swim up into one was made forwards, missing backwards, so the
    // field (searched backwards) priced the water below dearer than A*.
    const World w = testing::world_from_text(
        "voxnav-world 1\nsize 2 4 1\nlegend w web air slow=0.25,0.05\nlayer 0\n##\nlayer 1\n~#\nlayer 2\n~.\nlayer 3\nw.\n");
    AgentProfile a;
    a.height = 2.0;
    Navigator nav(w, a);
    const Voxel below(0, 1, 0), above(0, 2, 0);
    const Route r = nav.find_route(below, Goal::at(above));
    REQUIRE(r.status == SearchStatus::Found);
    // (Since issue 57 priced moves into a web by the physics, the cheapest
    // way may jump out of the water first; it ends swimming into the web.)
    CHECK(r.waypoints.back().action == Action::Swim);
    const FlowField field = nav.flow_field(Goal::at(above));
    CHECK(field.cost(below) == Approx(r.cost));
}

TEST_CASE("the node cap gives a partial field that says so, still exact where it holds costs", "[flow]") {
    TerrainParams p;
    p.size = {48, 24, 48};
    p.seed = 3;
    p.cliffs = true;
    const World w = generate_terrain(p);
    Navigator nav(w, AgentProfile{});
    const std::vector<Voxel> spots = waypoints_of(nav);
    const Voxel goal = spots[spots.size() / 2];
    QueryOptions q;
    q.limits.max_nodes = 300;
    const FlowField f = nav.flow_field(Goal::at(goal), q);
    REQUIRE(f.status() == SearchStatus::Partial);
    REQUIRE(f.stop() == FlowStop::NodeCap);
    REQUIRE(f.reachable() == 300);
    REQUIRE(std::isfinite(f.radius()));
    std::size_t seen = 0;
    f.for_each([&](const Voxel& v, double c, const Voxel&, MoveTag) {
        ++seen;
        REQUIRE(c <= f.radius());
        const Route r = nav.find_route(v, goal);
        REQUIRE(same_cost(r.cost, c));
    });
    REQUIRE(seen == 300);
    // Everything cheaper than the radius is in.
    for (const Voxel& v : spots) {
        const Route r = nav.find_route(v, goal);
        if (r.status == SearchStatus::Found && r.cost < f.radius()) REQUIRE(f.contains(v));
    }
    // max_cost: everything within it, nothing beyond.
    QueryOptions within;
    within.limits.max_cost = 2.0;
    const FlowField g = nav.flow_field(Goal::at(goal), within);
    REQUIRE(g.status() == SearchStatus::Found);
    REQUIRE(g.stop() == FlowStop::Exhausted);
    REQUIRE(g.largest_cost() <= 2.0);
    for (const Voxel& v : spots) {
        const Route r = nav.find_route(v, goal);
        REQUIRE((r.status == SearchStatus::Found && r.cost <= 2.0) == g.contains(v));
    }
}

TEST_CASE("a field covering a crowd stops once every member has its cost", "[flow]") {
    TerrainParams p;
    p.size = {64, 24, 64};
    p.seed = 5;
    const World w = generate_terrain(p);
    Navigator nav(w, AgentProfile{});
    const std::vector<Voxel> spots = waypoints_of(nav);
    std::mt19937 rng(9);
    const Voxel goal = spots[rng() % spots.size()];
    const FlowField whole = nav.flow_field(Goal::at(goal));
    std::vector<Voxel> crowd;
    for (const Voxel& v : spots)
        if (std::abs(v.x - goal.x) + std::abs(v.z - goal.z) < 12 && rng() % 8 == 0 && whole.contains(v)) crowd.push_back(v);
    REQUIRE(crowd.size() > 5);
    FlowField small;
    nav.flow_field(Goal::at(goal), QueryOptions{}, small, crowd);
    REQUIRE(small.stop() == FlowStop::Covered);
    REQUIRE(small.reachable() < whole.reachable() / 2);
    for (const Voxel& c : crowd) {
        REQUIRE(small.contains(c));
        REQUIRE(same_cost(small.cost(c), whole.cost(c)));
        REQUIRE(same_cost(small.route_from(c).cost, nav.find_route(c, goal).cost));
    }
}

TEST_CASE("flow fields refuse goals they cannot root, naming why", "[flow]") {
    const World w = load_world(std::string(VOXNAV_SOURCE_DIR) + "/worlds/demo.vxw");
    Navigator nav(w, AgentProfile{});
    const FlowField flee = nav.flow_field(Goal::flee({{{1, 1, 1}, 5.0}}));
    REQUIRE(flee.status() == SearchStatus::InvalidGoal);
    REQUIRE(flee.error().find("flee") != std::string::npos);
    const FlowField nowhere = nav.flow_field(Goal::at({1, 50, 1}));
    REQUIRE(nowhere.status() == SearchStatus::InvalidGoal);
    REQUIRE(!nowhere.error().empty());
    REQUIRE(!nowhere.contains({1, 1, 1}));
    REQUIRE(nowhere.route_from({1, 1, 1}).status == SearchStatus::NoPath);
    REQUIRE_THROWS_AS(nav.flow_field(Goal{}), std::invalid_argument);
    QueryOptions bad;
    CostZone z;
    z.radius = -1.0;
    bad.zones.push_back(z);
    REQUIRE_THROWS_AS(nav.flow_field(Goal::at({1, 1, 1}), bad), std::invalid_argument);
}

TEST_CASE("a chase re-plans exactly through random target walks and edits between ticks", "[flow][chase][live]") {
    int compared = 0;
    std::uint64_t kept = 0, certified = 0, replanned = 0, fields = 0;
    for (std::uint32_t seed = 1; seed <= 8; ++seed) {
        TerrainParams p;
        p.size = {48, 24, 48};
        p.seed = seed;
        p.cliffs = seed % 2 == 1;
        p.lakes = seed % 3 == 0;
        World w = generate_terrain(p);
        AgentProfile a;
        a.jump_distance = int(seed % 3);
        // Both ways, and Auto, over the same walks.
        const ChaseField::Method method = seed % 3 == 0 ? ChaseField::Method::Field
                                          : seed % 3 == 1 ? ChaseField::Method::Routes
                                                          : ChaseField::Method::Auto;
        ChaseField chase(w, a, method);
        Navigator fresh(w, a);
        std::vector<Voxel> spots = waypoints_of(fresh);
        std::mt19937 rng(seed);
        Voxel target = spots[rng() % spots.size()];
        std::vector<Voxel> crowd;
        for (int i = 0; i < 12; ++i) crowd.push_back(spots[rng() % spots.size()]);
        const BlockId stone = *w.blocks().find("stone");
        for (int tick = 0; tick < 60; ++tick) {
            // The target walks a move now and then.
            if (tick % 3 == 0) {
                std::vector<testing::Edge> moves = testing::moves_from(fresh, target);
                if (!moves.empty()) target = moves[rng() % moves.size()].to;
            }
            // Edits: near the crowd sometimes, far away sometimes.
            if (tick % 4 == 1) {
                const Voxel v = spots[rng() % spots.size()] + Voxel(0, int(rng() % 2), 0);
                if (v != target) w.set_block(v, rng() % 2 ? stone : BlockId(0));
            }
            const ChaseField::Update u = chase.update(Goal::at(target), crowd);
            kept += u.replanned == 0 && !u.field_computed;
            certified += u.certified;
            replanned += u.replanned;
            fields += u.field_computed;
            fresh.sync();
            REQUIRE(u.revision == fresh.snapshot()->revision());
            for (std::size_t i = 0; i < crowd.size(); ++i) {
                Voxel& c = crowd[i];
                const Route want = fresh.find_route(c, Goal::at(target));
                const Route got = chase.route(i);
                INFO("seed " << seed << " tick " << tick << " chaser " << c.x << "," << c.y << "," << c.z << " target " << target.x
                             << "," << target.y << "," << target.z << " method " << int(u.method));
                if (want.status != SearchStatus::Found) {
                    REQUIRE(got.status != SearchStatus::Found);
                    REQUIRE(!std::isfinite(chase.cost(i)));
                    continue;
                }
                REQUIRE(got.status == SearchStatus::Found);
                REQUIRE(got.waypoints.front().position == c);
                REQUIRE(got.waypoints.back().position == target);
                REQUIRE(same_cost(got.cost, want.cost));
                REQUIRE(same_cost(chase.cost(i), want.cost));
                // The moves exist on the latest facts (not only on an older snapshot) and add up.
                const std::vector<double> steps = fresh.step_costs(got);
                double sum = 0.0;
                for (double s : steps) {
                    REQUIRE(std::isfinite(s));
                    sum += s;
                }
                REQUIRE(same_cost(sum, want.cost));
                ++compared;
                // The chaser takes its next move (none at the goal).
                if (auto step = chase.next(i)) {
                    REQUIRE(step->position == got.waypoints[1].position);
                    c = step->position;
                }
            }
            // Someone is knocked far off now and then.
            if (tick % 9 == 8) crowd[rng() % crowd.size()] = spots[rng() % spots.size()];
        }
    }
    INFO("compared " << compared << ", ticks kept " << kept << ", certified " << certified << ", replanned " << replanned
                     << ", fields " << fields);
    REQUIRE(compared > 2000);
    REQUIRE(kept > 20);        // ticks that searched nothing
    REQUIRE(certified > 20);   // target moves that needed no search for some chasers
    REQUIRE(fields > 0);
    REQUIRE(replanned < std::uint64_t(compared) / 2);
}

TEST_CASE("fields are computed and read while another thread edits and syncs", "[flow][live][threads]") {
    TerrainParams p;
    p.size = {48, 24, 48};
    p.seed = 4;
    World w = generate_terrain(p);
    AgentProfile a;
    auto field = NavField::shared(w, a);
    Navigator game(w, field, a);
    const std::vector<Voxel> spots = waypoints_of(game);
    const Voxel goal = spots[spots.size() / 3];
    std::shared_ptr<const FlowField> current = std::make_shared<FlowField>(game.flow_field(Goal::at(goal)));
    std::mutex handover;  // guards `current` (the pointer, not the field)
    std::atomic<bool> done{false};
    std::atomic<int> computed{0}, reads{0}, bad{0};
    std::thread worker([&] {
        Navigator nav(field, a);
        while (!done.load()) {
            auto next = std::make_shared<FlowField>();
            nav.flow_field(Goal::at(goal), QueryOptions{}, *next);
            std::lock_guard<std::mutex> lock(handover);
            current = std::move(next);
            computed.fetch_add(1);
        }
    });
    std::thread reader([&] {
        std::mt19937 rng(1);
        while (!done.load()) {
            std::shared_ptr<const FlowField> f;
            {
                std::lock_guard<std::mutex> lock(handover);
                f = current;
            }
            const Voxel v = spots[rng() % spots.size()];
            if (f->contains(v)) {
                const Route r = f->route_from(v);
                if (r.status != SearchStatus::Found || !same_cost(r.cost, f->cost(v))) bad.fetch_add(1);
            }
            reads.fetch_add(1);
        }
    });
    std::mt19937 rng(7);
    const BlockId stone = *w.blocks().find("stone");
    for (int i = 0; i < 40 || computed.load() < 3; ++i) {
        const Voxel v = spots[rng() % spots.size()] + Voxel(0, 1, 0);
        w.set_block(v, i % 2 ? BlockId(0) : stone);
        field->sync(w);
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    done.store(true);
    worker.join();
    reader.join();
    REQUIRE(bad.load() == 0);
    REQUIRE(computed.load() >= 3);
    REQUIRE(reads.load() > 0);
}

TEST_CASE("routes that end in a field cost what find_route finds, from inside and outside it", "[flow][random]") {
    int inside = 0, outside = 0;
    for (std::uint32_t seed = 1; seed <= 24; ++seed) {
        const Voxel size = seed % 2 ? Voxel{20, 12, 18} : Voxel{10, 7, 10};
        const World w = testing::random_world(seed, size);
        AgentProfile a = testing::random_agent(seed);
        if (seed % 5 == 0) a.jump = true, a.jump_distance = 1 + int(seed % 3);
        Navigator nav(w, a);
        const std::vector<Voxel> spots = waypoints_of(nav);
        if (spots.size() < 2) continue;
        std::mt19937 rng(seed);
        const Goal goal = Goal::at(spots[rng() % spots.size()]);
        QueryOptions q;
        if (seed % 3 == 0) q.zones.push_back(CostZone::sphere(glm::dvec3(spots[rng() % spots.size()]), 3.0, seed % 2 ? 0.5 : 3.0));
        QueryOptions around = q;
        around.limits.max_cost = 0.5 + double(rng() % 4);
        FlowField field;
        nav.flow_field(goal, around, field);
        REQUIRE(field.usable());
        INFO("seed " << seed << " profile " << to_json(a));
        for (const Voxel& p : spots) {
            Route via;
            nav.find_route_via_field(p, goal, q, field, via);
            const Route fresh = nav.find_route(p, goal, q);
            INFO("from " << p.x << "," << p.y << "," << p.z);
            REQUIRE(via.status == fresh.status);
            if (fresh.status != SearchStatus::Found) continue;
            REQUIRE(same_cost(via.cost, fresh.cost));
            REQUIRE(via.waypoints.front().position == p);
            REQUIRE(goal.satisfied_by(via.waypoints.back().position, a.width, a.body_voxels()));
            const std::vector<double> steps = nav.step_costs(via, q.zones);
            double sum = 0.0;
            for (double s : steps) sum += s;
            REQUIRE(same_cost(sum, fresh.cost));
            (field.contains(p) ? inside : outside)++;
        }
    }
    REQUIRE(inside > 100);
    REQUIRE(outside > 100);
}

TEST_CASE("a crowd request goes through one field when many NPCs share a goal, else one A* each, routes cost the same", "[flow][service]") {
    CHECK(!prefer_flow_field(10, 64));
    CHECK(prefer_flow_field(300, 64));
    CHECK(prefer_flow_field(100, 256));
    CHECK(!prefer_flow_field(100, 64));
    CHECK(!prefer_flow_field(300, 64, 0.5));  // shaped worlds: fields are dearer
    CHECK(prefer_flow_field(1000, 64, 0.5));
    TerrainParams p;
    p.size = {64, 24, 64};
    p.seed = 8;
    const World w = generate_terrain(p);
    const AgentProfile a;
    Navigator nav(w, a);
    std::vector<Voxel> spots;
    for (const Voxel& v : waypoints_of(nav))
        if (v.x >= 2 && v.z >= 2 && v.x < 62 && v.z < 62) spots.push_back(v);
    std::mt19937 rng(3);
    const Voxel goal = spots[rng() % spots.size()];
    RouteService service(w, 2);
    const auto kind = service.add_agent(a);
    for (std::size_t n : {std::size_t(5), std::size_t(400)}) {
        RouteService::CrowdRequest c;
        for (std::size_t i = 0; i < n; ++i) {
            c.npcs.push_back(1000 + i);
            c.from.push_back(spots[rng() % spots.size()]);
        }
        c.goal = Goal::at(goal);
        const std::vector<Voxel> from = c.from;
        const auto ticket = service.submit_crowd(kind, std::move(c));
        service.wait();
        const std::vector<RouteService::Finished> done = service.collect();
        REQUIRE(done.size() == n);
        std::size_t via_field = 0;
        for (std::size_t i = 0; i < n; ++i) {
            REQUIRE(done[i].ticket == ticket);
            REQUIRE(done[i].npc == 1000 + i);
            via_field += done[i].via_field;
            const Route want = nav.find_route(from[i], Goal::at(goal));
            REQUIRE(done[i].route.status == want.status);
            if (want.status == SearchStatus::Found) REQUIRE(same_cost(done[i].route.cost, want.cost));
        }
        if (n == 5) REQUIRE(via_field == 0);
        else REQUIRE(via_field > n / 2);
    }
    RouteService::CrowdRequest bad;
    bad.npcs = {1, 2};
    bad.from = {goal};
    bad.goal = Goal::at(goal);
    REQUIRE_THROWS_AS(service.submit_crowd(kind, bad), std::invalid_argument);
}

TEST_CASE("a chase by one field answers chasers beyond its node cap as find_route does", "[flow][chase]") {
    TerrainParams p;
    p.size = {48, 24, 48};
    p.seed = 2;
    const World w = generate_terrain(p);
    const AgentProfile a;
    ChaseField chase(w, a, ChaseField::Method::Field);
    Navigator nav(w, a);
    const std::vector<Voxel> spots = waypoints_of(nav);
    std::mt19937 rng(4);
    const Voxel target = spots[rng() % spots.size()];
    std::vector<Voxel> crowd;
    for (int i = 0; i < 10; ++i) crowd.push_back(spots[rng() % spots.size()]);
    crowd.push_back(target + Voxel(0, 30, 0));  // no waypoint: a status with its reason
    QueryOptions q;
    q.limits.max_nodes = 150;  // most chasers lie beyond the field's cap
    const ChaseField::Update u = chase.update(Goal::at(target), crowd, q);
    REQUIRE(u.field_computed);
    REQUIRE(chase.field()->stop() == FlowStop::NodeCap);
    int beyond = 0;
    for (std::size_t i = 0; i < crowd.size(); ++i) {
        const Route want = nav.find_route(crowd[i], Goal::at(target), q);
        const Route got = chase.route(i);
        INFO("chaser " << i);
        REQUIRE(got.status == want.status);
        if (want.usable()) REQUIRE(same_cost(got.cost, want.cost));
        beyond += !chase.field()->contains(crowd[i]);
    }
    REQUIRE(beyond > 2);
}
