// SPDX-License-Identifier: MIT
// The landmark bound (route/landmarks.hpp): routes cost exactly what plain
// A* finds on seeded worlds (flat, hilly, water, caves) for random agents,
// goals and zones; the bound is admissible and consistent over every move;
// and it stays exact while its tables are stale (a wall dug, a bridge
// placed, chunks loaded that join two areas) and while a worker rebuilds
// them beside queries and edits.
#include "test_helpers.hpp"

#include "bench/terrain.hpp"
#include "route/problems/landmark_keeper.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <cmath>
#include <limits>
#include <random>
#include <thread>

using namespace voxnav;

namespace {

LandmarkSettings manual(int count) {
    LandmarkSettings s;
    s.count = count;
    s.min_waypoints = 0;
    s.background = false;
    return s;
}

// A table of `count` landmarks built now for the navigator's snapshot.
std::shared_ptr<const LandmarkTable> built_table(Navigator& nav, int count) {
    nav.use_landmarks(manual(count));
    nav.landmarks()->build_now(nav.snapshot());
    auto table = nav.landmarks()->table_for(nav.snapshot()->revision());
    REQUIRE(table);
    return table;
}

World seeded_world(int kind, std::uint32_t seed) {
    TerrainParams p;
    p.size = {64, 24, 64};
    p.seed = seed;
    p.caves = kind == 3;
    p.lakes = kind == 2 || kind == 3;
    p.cliffs = kind != 0;
    p.trees = kind == 1;
    return generate_terrain(p);
}

AgentProfile random_agent(std::mt19937& rng) {
    AgentProfile a;
    a.width = rng() % 4 == 0 ? 2 : 1;
    a.height = rng() % 2 ? 2.0 : 1.8;
    a.jump_height = rng() % 2 ? 1.0 : 1.25;
    a.jump_distance = int(rng() % 3);
    a.max_fall = 2 + int(rng() % 4);
    a.diagonal = rng() % 4 != 0;
    a.swim = rng() % 4 != 0;
    a.walk_speed = 4.3;
    a.swim_speed = rng() % 2 ? 2.0 : 1.2;
    return a;
}

std::vector<Voxel> surface_waypoints(const Navigator& nav) {
    std::vector<Voxel> out;
    const VoxelBox b = nav.field().domain();
    for (int z = b.lo.z; z < b.hi.z; ++z)
        for (int x = b.lo.x; x < b.hi.x; ++x)
            for (int y = b.hi.y - 1; y >= b.lo.y; --y)
                if (nav.is_waypoint({x, y, z})) {
                    out.push_back({x, y, z});
                    break;
                }
    return out;
}

bool same_cost(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b)); }

// Routes with landmarks equal routes without, on the navigator's latest snapshot.
void check_routes_equal(Navigator& nav, const std::vector<std::pair<Voxel, Goal>>& queries, const QueryOptions& base,
                        int* used = nullptr) {
    for (const auto& [from, goal] : queries) {
        QueryOptions with = base, without = base;
        without.acceleration = Acceleration::Off;
        const Route a = nav.find_route(from, goal, with);
        const Route b = nav.find_route(from, goal, without);
        INFO("from " << from.x << "," << from.y << "," << from.z << " goal " << goal.describe());
        REQUIRE(a.status == b.status);
        if (b.status == SearchStatus::Found) REQUIRE(same_cost(a.cost, b.cost));
        if (used && a.landmarks) ++*used;
    }
}

}  // namespace

TEST_CASE("landmark routes cost exactly what plain A* finds, any world, agent, goal and zone", "[landmarks][random]") {
    int used = 0, total = 0;
    for (int kind = 0; kind < 4; ++kind) {
        for (std::uint32_t seed = 1; seed <= 2; ++seed) {
            World w = seeded_world(kind, seed);
            std::mt19937 rng(seed * 31u + std::uint32_t(kind));
            const AgentProfile agent = random_agent(rng);
            Navigator nav(w, agent);
            nav.use_landmarks(manual(1 + int(rng() % 8)));
            nav.landmarks()->build_now(nav.snapshot());
            REQUIRE(nav.landmarks()->table_for(nav.snapshot()->revision()));
            const std::vector<Voxel> stand = surface_waypoints(nav);
            REQUIRE(stand.size() > 100);
            auto any = [&] { return stand[rng() % stand.size()]; };
            std::vector<std::pair<Voxel, Goal>> queries;
            for (int i = 0; i < 150; ++i) queries.push_back({any(), Goal::at(any())});
            for (int i = 0; i < 10; ++i) {
                const Voxel g = any();
                queries.push_back({any(), Goal::near(glm::dvec3(g), 1.0 + rng() % 3)});
                queries.push_back({any(), Goal::column(g.x, g.z)});
                queries.push_back({any(), Goal::touch(g - Voxel(0, 1, 0))});
                queries.push_back({any(), Goal::any_of({Goal::at(any()), Goal::at(any())})});
            }
            QueryOptions plain;
            check_routes_equal(nav, queries, plain, &used);
            // Zones dearer and cheaper than 1, and forbidden ones.
            QueryOptions zoned;
            for (int z = 0; z < 3; ++z) {
                const double mults[] = {0.5, 2.0, CostZone::forbid, 0.8, 3.0};
                zoned.zones.push_back(CostZone::sphere(glm::dvec3(any()), 3.0 + rng() % 6, mults[rng() % 5]));
            }
            check_routes_equal(nav, queries, zoned, &used);
            total += int(2 * queries.size());
        }
    }
    // The bound was in use, not bypassed.
    REQUIRE(used > total / 2);
}

TEST_CASE("landmarks stand in the largest part of the world both ways, not on a ledge nobody reaches", "[landmarks]") {
    // A floor, and in its corner a platform 4 high: it can be left (a fall)
    // but never reached. It is the waypoint nearest the corner, and the
    // highest: the first placement put a landmark there, which then bounded
    // nothing (regression).
    World w;
    const BlockId stone = *w.blocks().find("stone");
    for (int z = 0; z < 48; ++z)
        for (int x = 0; x < 48; ++x) w.set_block({x, 0, z}, stone);
    for (int y = 1; y <= 4; ++y) w.set_block({0, y, 0}, stone);
    AgentProfile agent;
    agent.max_fall = 6;
    Navigator nav(w, agent);
    REQUIRE(nav.is_waypoint({0, 5, 0}));
    const auto table = LandmarkTable::build(*nav.snapshot(), agent, 4);
    REQUIRE(table);
    for (const Voxel& l : table->landmarks()) REQUIRE(l.y == 1);
}

TEST_CASE("landmarks go where travel times are longest: a dead end's far end, then the corner farthest from both", "[landmarks]") {
    // A square floor and, leaving it, a strip 40 long: the strip's end is
    // the waypoint farthest there and back from the first landmark (by the
    // corner x 0, z 0), and the floor's far corner the one farthest from
    // both. (Landmarks spread around the rim of the loaded box put the third
    // beside the second, at the strip's end, where it bounds nothing new.)
    World w;
    const BlockId stone = *w.blocks().find("stone");
    for (int z = 0; z < 32; ++z)
        for (int x = 0; x < 32; ++x) w.set_block({x, 0, z}, stone);
    for (int x = 32; x < 72; ++x) w.set_block({x, 0, 16}, stone);
    AgentProfile agent;
    Navigator nav(w, agent);
    const auto table = LandmarkTable::build(*nav.snapshot(), agent, 3);
    REQUIRE(table);
    REQUIRE(table->count() == 3);
    CHECK(table->landmarks()[0] == Voxel(0, 1, 0));
    CHECK(table->landmarks()[1] == Voxel(71, 1, 16));
    // The third: the floor's corner farthest from both (31 diagonal moves
    // from the first, 55 straight ones from the second).
    CHECK(table->landmarks()[2] == Voxel(31, 1, 31));
}

TEST_CASE("each landmark after the first is the waypoint farthest, there and back, from those before it", "[landmarks]") {
    // Held to travel times the plain search finds (the table's are rounded
    // down per move, at most 1/1024 s each: the slack below).
    for (std::uint32_t seed = 1; seed <= 3; ++seed) {
        TerrainParams p;
        p.size = {32, 20, 32};
        p.seed = seed;
        p.cliffs = true;
        p.lakes = seed != 2;
        const World w = generate_terrain(p);
        AgentProfile agent;
        Navigator nav(w, agent);
        const auto table = LandmarkTable::build(*nav.snapshot(), agent, 4, seed % 2 == 0);
        REQUIRE(table);
        const std::vector<Voxel>& marks = table->landmarks();
        REQUIRE(marks.size() == 4);
        QueryOptions plain;
        plain.acceleration = Acceleration::Off;
        plain.landmarks = false;
        // Round trip to the nearest of the first k landmarks; moves counted.
        auto trip = [&](const Voxel& v, std::size_t k, std::size_t& moves) {
            double best = std::numeric_limits<double>::infinity();
            for (std::size_t j = 0; j < k; ++j) {
                const Route there = nav.find_route(marks[j], Goal::at(v), plain);
                const Route back = nav.find_route(v, Goal::at(marks[j]), plain);
                if (there.status != SearchStatus::Found || back.status != SearchStatus::Found) continue;
                if (there.cost + back.cost < best) {
                    best = there.cost + back.cost;
                    moves = there.waypoints.size() + back.waypoints.size();
                }
            }
            return best;
        };
        const std::vector<Voxel> spots = surface_waypoints(nav);
        REQUIRE(spots.size() > 500);
        for (std::size_t k = 1; k < marks.size(); ++k) {
            std::size_t mark_moves = 0;
            const double mark_trip = trip(marks[k], k, mark_moves);
            INFO("seed " << seed << " landmark " << k << " at " << marks[k].x << "," << marks[k].y << "," << marks[k].z);
            REQUIRE(std::isfinite(mark_trip));
            for (std::size_t i = 0; i < spots.size(); i += 7) {
                std::size_t moves = 0;
                const double t = trip(spots[i], k, moves);
                if (!std::isfinite(t)) continue;  // outside the part landmarks stand in
                INFO("waypoint " << spots[i].x << "," << spots[i].y << "," << spots[i].z << ": " << t << " s, landmark " << mark_trip << " s");
                CHECK(mark_trip >= t - double(moves + mark_moves) * LandmarkTable::quantum);
            }
        }
    }
}

TEST_CASE("a goal that landmarks prove unreachable answers no_path at once, as plain A* does after a search", "[landmarks]") {
    // A sealed pit in a floor: nothing gets in or out (regression: an
    // infinite bound at the start once gave the open list a NaN key).
    World w;
    const BlockId stone = *w.blocks().find("stone");
    for (int z = 0; z < 40; ++z)
        for (int x = 0; x < 40; ++x) w.set_block({x, 0, z}, stone);
    for (int z = 18; z <= 22; ++z)
        for (int x = 18; x <= 22; ++x)
            for (int y = 1; y <= 8; ++y)
                if (x == 18 || x == 22 || z == 18 || z == 22) w.set_block({x, y, z}, stone);
    AgentProfile agent;
    Navigator nav(w, agent);
    nav.use_landmarks(manual(4));
    nav.landmarks()->build_now(nav.snapshot());
    QueryOptions off;
    off.acceleration = Acceleration::Off;
    for (const auto& [from, to] : {std::pair<Voxel, Voxel>{{2, 1, 2}, {20, 1, 20}}, {{20, 1, 20}, {2, 1, 2}}}) {
        const Route plain = nav.find_route(from, Goal::at(to), off);
        const Route fast = nav.find_route(from, Goal::at(to), QueryOptions{});
        REQUIRE(plain.status == SearchStatus::NoPath);
        REQUIRE(fast.status == SearchStatus::NoPath);
        REQUIRE(fast.landmarks);
        REQUIRE(fast.metrics.expanded < plain.metrics.expanded);
    }
}

TEST_CASE("the landmark bound is admissible and consistent over every move", "[landmarks]") {
    World w = seeded_world(3, 5);
    AgentProfile agent;
    agent.jump_distance = 2;
    Navigator nav(w, agent);
    const auto table = built_table(nav, 8);
    const NavSnapshot& snap = nav.field();
    const MovementModel& moves = nav.moves();
    const std::vector<Voxel> stand = surface_waypoints(nav);
    std::mt19937 rng(9);
    for (int g = 0; g < 6; ++g) {
        const Voxel goal = stand[rng() % stand.size()];
        LandmarkBound bound;
        REQUIRE(bound.begin(table, snap, moves, {snap.index_of(goal)}, 1.0));
        auto h = [&](NodeId i) {
            const Voxel v = snap.voxel_of(i);
            return bound(i, v, moves.lower_bound(v, goal));
        };
        for (int k = 0; k < 400; ++k) {
            const NodeId u = snap.index_of(stand[rng() % stand.size()]);
            const double hu = h(u);
            moves.for_each_move(u, [&](NodeId t, double c, MoveTag) {
                if (std::isinf(hu)) REQUIRE(std::isinf(h(t)));  // a dead end leads only to dead ends
                else REQUIRE(hu <= c + h(t) + 1e-9);
            });
            const Route r = nav.find_route(snap.voxel_of(u), Goal::at(goal), QueryOptions{});
            if (r.status == SearchStatus::Found) REQUIRE(hu <= r.cost + 1e-9);
        }
    }
}

TEST_CASE("the landmark bound equals its definition over the table's times, any landmark count", "[landmarks]") {
    // The bound reads narrow chunks in place, four landmarks at a time in
    // 32-bit lanes, the rest one by one: held here to the potentials
    // computed from LandmarkTable::times, for 1 to 9 landmarks (remainders
    // of every size).
    int compared = 0;
    for (int count = 1; count <= 9; ++count) {
        World w = seeded_world(count % 3, std::uint32_t(40 + count));
        AgentProfile agent;
        Navigator nav(w, agent);
        const auto table = built_table(nav, count);
        const NavSnapshot& snap = nav.field();
        const MovementModel& moves = nav.moves();
        const std::vector<Voxel> stand = surface_waypoints(nav);
        std::mt19937 rng{std::uint32_t(count)};
        for (int g = 0; g < 4; ++g) {
            const Voxel goal = stand[rng() % stand.size()];
            const NodeId gi = snap.index_of(goal);
            LandmarkBound bound;
            REQUIRE(bound.begin(table, snap, moves, {gi}, 1.0));
            std::uint32_t tg[2 * LandmarkTable::max_count], tv[2 * LandmarkTable::max_count];
            REQUIRE(table->times(snap, true, gi, tg));
            for (int k = 0; k < 300; ++k) {
                const Voxel v = stand[rng() % stand.size()];
                const NodeId i = snap.index_of(v);
                const double octile = moves.lower_bound(v, goal);
                if (!table->times(snap, true, i, tv)) continue;
                std::int64_t best = 0;
                bool dead_end = false;
                constexpr std::uint32_t none = LandmarkTable::unreachable;
                for (int l = 0; l < count; ++l) {
                    if (tg[l] != none) {
                        if (tv[l] == none) dead_end = true;
                        else best = std::max(best, std::int64_t(tv[l]) - std::int64_t(tg[l]));
                    }
                    if (tv[count + l] != none) {
                        if (tg[count + l] == none) dead_end = true;
                        else best = std::max(best, std::int64_t(tg[count + l]) - std::int64_t(tv[count + l]));
                    }
                }
                const double want = dead_end ? std::numeric_limits<double>::infinity()
                                             : std::max(octile, LandmarkTable::quantum * double(best));
                REQUIRE(bound(i, v, octile) == want);
                ++compared;
            }
        }
    }
    CHECK(compared > 9000);
}

TEST_CASE("stale landmark tables stay exact: a wall dug, a bridge placed, chunks that join two areas", "[landmarks][live]") {
    // Two walled halves; a lake in the south; routes around, until edits open shortcuts.
    const int X = 96, Z = 64;
    World w;
    const BlockId stone = *w.blocks().find("stone");
    const BlockId water = *w.blocks().find("water");
    auto fill = [&](int x0, int x1, int y0, int y1, int z0, int z1, BlockId b) {
        for (int y = y0; y <= y1; ++y)
            for (int z = z0; z <= z1; ++z)
                for (int x = x0; x <= x1; ++x) w.set_block({x, y, z}, b);
    };
    fill(0, X - 1, 0, 0, 0, Z - 1, stone);
    fill(48, 48, 1, 3, 0, Z - 9, stone);   // a wall from the north edge, a gap in the south
    fill(60, 75, 0, 0, 20, 40, water);     // a lake
    AgentProfile agent;
    agent.swim_speed = 0.5;
    Navigator nav(w, agent);
    nav.use_landmarks(manual(6));
    nav.landmarks()->build_now(nav.snapshot());
    const std::uint64_t built = nav.snapshot()->revision();
    std::mt19937 rng(4);
    auto random_pairs = [&] {
        std::vector<std::pair<Voxel, Goal>> q;
        for (int i = 0; i < 40; ++i)
            q.push_back({Voxel(int(rng() % X), 1, int(rng() % Z)), Goal::at(Voxel(int(rng() % X), 1, int(rng() % Z)))});
        q.push_back({Voxel(40, 1, 2), Goal::at(Voxel(56, 1, 2))});   // across the wall's far end
        q.push_back({Voxel(58, 1, 30), Goal::at(Voxel(78, 1, 30))});  // across the lake
        return q;
    };
    int used = 0;
    check_routes_equal(nav, random_pairs(), QueryOptions{}, &used);
    REQUIRE(used > 0);

    // A wall dug: a shortcut the tables do not know.
    fill(48, 48, 1, 3, 0, 4, BlockId(0));
    nav.sync();
    REQUIRE(nav.snapshot()->revision() > built);
    REQUIRE(nav.landmarks()->table_for(nav.snapshot()->revision())->revision() == built);  // still the old table
    const Route dug = nav.find_route(Voxel(40, 1, 2), Goal::at(Voxel(56, 1, 2)), QueryOptions{});
    REQUIRE(dug.landmarks);
    check_routes_equal(nav, random_pairs(), QueryOptions{});

    // A bridge placed across the lake.
    fill(60, 75, 0, 0, 30, 30, stone);
    nav.sync();
    check_routes_equal(nav, random_pairs(), QueryOptions{});

    // New chunks that join the world to an area it could not reach: a floor
    // loaded beyond the east edge with a walkway onto it.
    fill(X, X + 40, 0, 0, 0, Z - 1, stone);
    nav.sync();
    std::vector<std::pair<Voxel, Goal>> far;
    for (int i = 0; i < 20; ++i) far.push_back({Voxel(int(rng() % X), 1, int(rng() % Z)), Goal::at(Voxel(X + 5 + int(rng() % 30), 1, int(rng() % Z)))});
    check_routes_equal(nav, far, QueryOptions{});

    // Slots handed to other chunks: an unloaded chunk's slot goes to a chunk
    // loaded elsewhere, and the old table's rows must not be read for it.
    w.unload_chunk(Voxel(1, 0, 1));
    fill(0, 15, 0, 0, Z, Z + 15, stone);
    nav.sync();
    REQUIRE(nav.snapshot()->layout() != nav.landmarks()->table_for(nav.snapshot()->revision())->layout());
    check_routes_equal(nav, random_pairs(), QueryOptions{});

    // After a rebuild the tables are current again and still exact.
    nav.landmarks()->build_now(nav.snapshot());
    REQUIRE(nav.landmarks()->table_for(nav.snapshot()->revision())->revision() == nav.snapshot()->revision());
    check_routes_equal(nav, random_pairs(), QueryOptions{});
    check_routes_equal(nav, far, QueryOptions{});
}

TEST_CASE("the journal lists the chunks whose facts changed, and says when it no longer knows", "[landmarks]") {
    World w;
    const BlockId stone = *w.blocks().find("stone");
    for (int x = 0; x < 32; ++x)
        for (int z = 0; z < 32; ++z) w.set_block({x, 0, z}, stone);
    auto field = std::make_shared<NavField>(w, AgentProfile{});
    const std::uint64_t r0 = field->snapshot()->revision();
    std::vector<Voxel> changed;
    REQUIRE(field->snapshot()->changed_chunks_since(r0, changed));
    REQUIRE(changed.empty());
    w.set_block({20, 1, 3}, stone);
    field->sync(w);
    REQUIRE(field->snapshot()->changed_chunks_since(r0, changed));
    REQUIRE(std::find(changed.begin(), changed.end(), Voxel(1, 0, 0)) != changed.end());
    changed.clear();
    REQUIRE(field->snapshot()->changed_chunks_since(field->snapshot()->revision(), changed));
    REQUIRE(changed.empty());
    REQUIRE_FALSE(field->snapshot()->changed_chunks_since(r0 - 1, changed));  // before the first derivation
}

TEST_CASE("a worker rebuilds landmark tables while queries and edits go on", "[landmarks][live][threads]") {
    World w = seeded_world(2, 3);
    AgentProfile agent;
    auto field = NavField::shared(w, agent);
    LandmarkSettings s;
    s.count = 4;
    s.min_waypoints = 0;
    s.rebuild_interval = 0.0;
    Navigator game(w, field, agent);
    game.use_landmarks(s);
    std::vector<Voxel> stand = surface_waypoints(game);
    std::atomic<bool> done{false};
    std::atomic<int> checked{0}, guided{0};
    std::thread router([&] {
        Navigator nav(field, agent);
        nav.use_landmarks(s);  // the same keeper as the game's
        std::mt19937 rng(2);
        while (!done.load()) {
            const Voxel a = stand[rng() % stand.size()], b = stand[rng() % stand.size()];
            QueryOptions off;
            off.acceleration = Acceleration::Off;
            const Route with = nav.find_route(a, Goal::at(b), QueryOptions{});
            const Route without = nav.find_route(a, Goal::at(b), off);
            // Each query takes the latest snapshot: compare those that ran on the same one.
            if (with.revision != without.revision) continue;
            if (with.status != without.status || (with.status == SearchStatus::Found && !same_cost(with.cost, without.cost)))
                checked.store(-1000000);
            checked.fetch_add(1);
            if (with.landmarks) guided.fetch_add(1);
        }
    });
    std::mt19937 rng(5);
    const BlockId stone = *w.blocks().find("stone");
    for (int i = 0; i < 60; ++i) {
        const Voxel v = stand[rng() % stand.size()] + Voxel(0, 1 + int(rng() % 2), 0);
        w.set_block(v, i % 3 == 0 ? BlockId(0) : stone);
        field->sync(w);
        game.landmarks()->offer(field->snapshot());
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    game.landmarks()->wait_idle();
    while (checked.load() >= 0 && checked.load() < 200) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    done.store(true);
    router.join();
    REQUIRE(checked.load() >= 200);
    REQUIRE(game.landmarks()->builds() >= 1);
}

TEST_CASE("repaired landmark tables stay exact and consistent through random edits, loads and unloads", "[landmarks][live]") {
    for (std::uint32_t seed = 1; seed <= 3; ++seed) {
        World w = seeded_world(int(seed % 4), seed + 20);
        std::mt19937 rng(seed * 101u);
        AgentProfile agent = random_agent(rng);
        agent.width = 1;
        Navigator nav(w, agent);
        nav.use_landmarks(manual(6));
        nav.landmarks()->build_now(nav.snapshot());
        const std::vector<Voxel> stand = surface_waypoints(nav);
        const BlockId stone = *w.blocks().find("stone");
        auto any = [&] { return stand[rng() % stand.size()]; };
        for (int round = 0; round < 6; ++round) {
            // A few walls built and dug, a chunk column loaded or unloaded.
            for (int e = 0; e < 12; ++e) {
                const Voxel v = any() + Voxel(0, int(rng() % 3), 0);
                w.set_block(v, rng() % 2 ? stone : BlockId(0));
            }
            if (round == 2) w.unload_chunk(Voxel(int(rng() % 4), 0, int(rng() % 4)));
            if (round == 4)
                for (int z = 0; z < 16; ++z)
                    for (int x = 64; x < 80; ++x) w.set_block({x, 10, z}, stone);  // a new chunk beside the world
            nav.sync();
            nav.landmarks()->build_now(nav.snapshot());
            const auto table = nav.landmarks()->table_for(nav.snapshot()->revision());
            REQUIRE(table);
            REQUIRE(table->revision() == nav.snapshot()->revision());
            REQUIRE(table->repairs() == round + 1);
            // Consistent over every move of sampled waypoints, for a few goals.
            const NavSnapshot& snap = nav.field();
            const MovementModel& moves = nav.moves();
            for (int g = 0; g < 3; ++g) {
                const Voxel goal = any();
                if (!nav.is_waypoint(goal)) continue;
                LandmarkBound bound;
                REQUIRE(bound.begin(table, snap, moves, {snap.index_of(goal)}, 1.0));
                REQUIRE(bound.stale_areas() == 0);
                auto h = [&](NodeId i) { return bound(i, snap.voxel_of(i), moves.lower_bound(snap.voxel_of(i), goal)); };
                for (int k = 0; k < 150; ++k) {
                    const Voxel pv = any();
                    if (!nav.is_waypoint(pv)) continue;
                    const NodeId u = snap.index_of(pv);
                    const double hu = h(u);
                    moves.for_each_move(u, [&](NodeId t, double c, MoveTag) {
                        if (std::isinf(hu)) REQUIRE(std::isinf(h(t)));
                        else REQUIRE(hu <= c + h(t) + 1e-9);
                    });
                }
            }
            std::vector<std::pair<Voxel, Goal>> queries;
            for (int i = 0; i < 40; ++i) queries.push_back({any(), Goal::at(any())});
            check_routes_equal(nav, queries, QueryOptions{});
        }
    }
}
