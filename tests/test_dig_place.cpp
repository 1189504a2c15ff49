// SPDX-License-Identifier: MIT
// Digging and placing (the rules' block forms, agent/moves/block_look.hpp): one tiny hand-made world per
// rule of the issue, block materials from the table and the text format,
// and profile keys.
#include <catch2/catch.hpp>

#include "test_helpers.hpp"
#include "voxnav/voxnav.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

using namespace voxnav;
using testing::world_from_text;

namespace {

Route route_in(const World& w, const AgentProfile& a, const char* from = "S", const char* to = "G") {
    Navigator nav(w, a);
    return nav.find_route(*w.point(from), *w.point(to));
}

// Waypoints whose move digs (or places) first.
std::size_t count(const Route& r, WorldAct a) {
    return std::size_t(std::count_if(r.waypoints.begin(), r.waypoints.end(),
                                     [&](const Waypoint& w) { return (a == WorldAct::Dig ? w.dug : a == WorldAct::Place ? w.placed : w.opened) > 0; }));
}

AgentProfile digger() {
    AgentProfile a;
    a.dig = true;
    return a;
}

// A 15 x 15 floor; the goal stands in a room walled by `wall` (2 high, one
// thick) with a gap at the far side when `gap`.
std::string walled_room(char wall, bool gap, const std::string& legend = "") {
    std::string t = "voxnav-world 1\nsize 15 3 15\n" + legend + "layer 0\n";
    for (int z = 0; z < 15; ++z) t += std::string(15, '#') + "\n";
    for (int y = 1; y <= 2; ++y) {
        t += "layer " + std::to_string(y) + "\n";
        for (int z = 0; z < 15; ++z) {
            std::string row(15, '.');
            for (int x = 0; x < 15; ++x) {
                const bool ring = x >= 3 && x <= 11 && z >= 3 && z <= 11 && (x == 3 || x == 11 || z == 3 || z == 11);
                if (ring && !(gap && z == 3 && x == 7)) row[std::size_t(x)] = wall;
            }
            if (y == 1 && z == 12) row[7] = 'S';
            if (y == 1 && z == 7) row[7] = 'G';
            t += row + "\n";
        }
    }
    return t;
}

}  // namespace

TEST_CASE("a wall 1 thick is dug through when cheaper than the long way round, and walked round when not", "[dig]") {
    const World w = world_from_text(walled_room('#', true));
    const Route plain = route_in(w, AgentProfile{});
    REQUIRE(plain.status == SearchStatus::Found);  // round to the gap at the far side
    CHECK(plain.dig.empty());

    const Route dug = route_in(w, digger());
    REQUIRE(dug.status == SearchStatus::Found);
    CHECK(count(dug, WorldAct::Dig) >= 1);
    CHECK(!dug.dig.empty());
    CHECK(dug.cost < plain.cost);
    // Every listed voxel was stone in the wall, and each dig waypoint lists its own.
    std::size_t listed = 0;
    for (const Waypoint& p : dug.waypoints) {
        // A motion, never the act: a walk, jump or fall into the wall.
        if (p.dug > 0) CHECK((p.action == Action::Walk || p.action == Action::Jump || p.action == Action::Fall));
        listed += p.dug;
    }
    CHECK(listed == dug.dig.size());
    for (const Voxel& v : dug.dig) CHECK(w.block_type(v).name == "stone");

    // A slow digger walks round.
    AgentProfile slow = digger();
    slow.dig_speed = 0.05;  // 30 s a stone
    const Route round = route_in(w, slow);
    REQUIRE(round.status == SearchStatus::Found);
    CHECK(round.dig.empty());
    CHECK(round.cost == Approx(plain.cost));
}

TEST_CASE("the break time is hardness / dig_speed + dig_penalty per block", "[dig]") {
    // A wall 2 high between S and G with no way round; no jumping, so both
    // body voxels are dug: 2 x (1.5 / 2 + 0.25) s plus the walks.
    const World w = world_from_text("voxnav-world 1\nsize 3 3 1\nlayer 0\n###\nlayer 1\nS#G\nlayer 2\n.#.\n");
    AgentProfile a = digger();
    a.jump = false;
    a.dig_speed = 2.0;
    a.dig_penalty = 0.25;
    const Route r = route_in(w, a);
    REQUIRE(r.status == SearchStatus::Found);
    REQUIRE(r.waypoints.size() == 3);
    CHECK(r.waypoints[1].action == Action::Walk);
    CHECK(r.waypoints[1].dug == 2);
    CHECK(r.voxels(1, WorldAct::Dig).count == 2);
    CHECK(r.waypoints[1].cost == Approx(1.0 / a.walk_speed + 2 * (1.5 / 2.0 + 0.25)));
    CHECK(r.dig == std::vector<Voxel>{{1, 1, 0}, {1, 2, 0}});
    CHECK(r.cost == Approx(2.0 / a.walk_speed + 2.0));
}

TEST_CASE("a never_dig wall is never dug", "[dig]") {
    const World w = world_from_text(walled_room('P', true, "legend P oak_planks solid\n"));
    AgentProfile a = digger();
    const Route dug = route_in(w, a);
    REQUIRE(dug.status == SearchStatus::Found);
    CHECK(!dug.dig.empty());
    a.never_dig = {"*_planks"};
    const Route kept = route_in(w, a);
    REQUIRE(kept.status == SearchStatus::Found);
    for (const Voxel& v : kept.dig) CHECK(w.block_type(v).name != "oak_planks");
    CHECK(kept.dig.empty());
    // Closed all round: no route at all.
    const World closed = world_from_text(walled_room('P', false, "legend P oak_planks solid\n"));
    CHECK(route_in(closed, a).status == SearchStatus::NoPath);
}

TEST_CASE("bedrock is never dug", "[dig]") {
    const World w = world_from_text(walled_room('B', false, "legend B bedrock solid\n"));
    CHECK(!w.blocks()[*w.blocks().find("bedrock")].material.breakable());
    const Route r = route_in(w, digger());
    CHECK(r.status == SearchStatus::NoPath);
    const World stone = world_from_text(walled_room('#', false));
    CHECK(route_in(stone, digger()).status == SearchStatus::Found);
}

TEST_CASE("sand above a tunnel is not undermined", "[dig]") {
    // A wall 2 high from side to side; above it sand (or stone). Without
    // jumping the only way is a tunnel whose top voxel holds the sand up.
    auto world = [](char top) {
        return world_from_text(std::string("voxnav-world 1\nsize 3 4 1\nlegend s sand solid\nlegend g gravel solid\n") +
                               "layer 0\n###\nlayer 1\nS#G\nlayer 2\n.#.\nlayer 3\n." + top + ".\n");
    };
    AgentProfile a = digger();
    a.jump = false;
    CHECK(world('s').blocks()[*world('s').blocks().find("sand")].material.falls);
    CHECK(route_in(world('s'), a).status == SearchStatus::NoPath);
    CHECK(route_in(world('g'), a).status == SearchStatus::NoPath);
    const Route stone = route_in(world('#'), a);
    REQUIRE(stone.status == SearchStatus::Found);
    CHECK(stone.dig.size() == 2);
    // A jumper digs the sand itself (top first): nothing is left to fall.
    const Route jumper = route_in(world('s'), digger());
    REQUIRE(jumper.status == SearchStatus::Found);
    for (std::size_t i = 0; i < jumper.dig.size(); ++i) {
        const Voxel above = jumper.dig[i] + Voxel(0, 1, 0);
        if (world('s').block_type(above).material.falls) CHECK(std::find(jumper.dig.begin(), jumper.dig.end(), above) != jumper.dig.end());
    }
}

TEST_CASE("a block beside or above water is never dug", "[dig]") {
    // The wall's lower voxel has water behind it in z: digging it would flood the tunnel.
    const World w = world_from_text("voxnav-world 1\nsize 3 3 2\nlayer 0\n###\n###\nlayer 1\nS#G\n#~#\nlayer 2\n.#.\n###\n");
    AgentProfile a = digger();
    a.jump = false;
    CHECK(route_in(w, a).status == SearchStatus::NoPath);
    const World dry = world_from_text("voxnav-world 1\nsize 3 3 2\nlayer 0\n###\n###\nlayer 1\nS#G\n###\nlayer 2\n.#.\n###\n");
    CHECK(route_in(dry, a).status == SearchStatus::Found);
}

TEST_CASE("a gap of 3 is bridged by an agent with 3 blocks and refused with 2", "[place]") {
    const World w = world_from_text("voxnav-world 1\nsize 9 2 1\nlayer 0\n###...###\nlayer 1\n.S.....G.\n");
    AgentProfile a;
    a.place = true;
    CHECK(route_in(w, AgentProfile{}).status == SearchStatus::NoPath);
    a.blocks = 3;
    const Route r = route_in(w, a);
    REQUIRE(r.status == SearchStatus::Found);
    CHECK(count(r, WorldAct::Place) == 3);
    for (const Waypoint& p : r.waypoints)
        if (p.placed) CHECK(p.action == Action::Walk);  // a bridge is walked
    CHECK(r.place == std::vector<Voxel>{{3, 0, 0}, {4, 0, 0}, {5, 0, 0}});
    CHECK(r.cost == Approx(6.0 / a.walk_speed + 3 * a.place_cost));
    a.blocks = 2;
    CHECK(route_in(w, a).status == SearchStatus::NoPath);
    a.blocks.reset();  // unlimited
    CHECK(route_in(w, a).status == SearchStatus::Found);
    a.blocks = 0;
    CHECK(route_in(w, a).status == SearchStatus::NoPath);
}

TEST_CASE("a pillar of 4 climbs onto a ledge", "[place]") {
    // The ledge's top is 5 above the floor: four pillar jumps, then a jump on.
    std::string t = "voxnav-world 1\nsize 4 7 1\nlayer 0\n####\n";
    for (int y = 1; y <= 5; ++y) t += "layer " + std::to_string(y) + "\n" + (y == 1 ? "S.." : "...") + "#\n";
    t += "layer 6\n...G\n";
    const World w = world_from_text(t);
    AgentProfile a;
    a.place = true;
    a.blocks = 4;
    const Route r = route_in(w, a);
    REQUIRE(r.status == SearchStatus::Found);
    CHECK(count(r, WorldAct::Place) == 4);
    for (const Waypoint& p : r.waypoints)
        if (p.placed) CHECK(p.action == Action::Jump);  // a pillar is jumped
    CHECK(r.place.size() == 4);
    for (const Voxel& v : r.place) CHECK(v.x == 2);
    const double pillar = 1.0 / a.walk_speed + std::sqrt(2.0 / a.gravity) + a.place_cost;
    const double jump = 1.0 / a.walk_speed + std::sqrt(2.0 / a.gravity);
    CHECK(r.cost == Approx(2.0 / a.walk_speed + 4 * pillar + jump));
    a.blocks = 3;
    CHECK(route_in(w, a).status == SearchStatus::NoPath);
}

TEST_CASE("agents that neither dig nor place keep today's routes", "[dig]") {
    const World w = world_from_text(walled_room('#', true));
    AgentProfile a;
    a.dig_speed = 3.0;  // set but unused: dig is false
    a.place_cost = 0.1;
    a.blocks = 10;
    const Route r = route_in(w, a);
    const Route plain = route_in(w, AgentProfile{});
    REQUIRE(r.status == SearchStatus::Found);
    CHECK(r.cost == plain.cost);
    CHECK(r.metrics.expanded == plain.metrics.expanded);
    CHECK(r.dig.empty());
    CHECK(r.place.empty());
}

TEST_CASE("dig and place routes carry their voxels through route JSON", "[dig]") {
    const World w = world_from_text("voxnav-world 1\nsize 3 3 1\nlayer 0\n###\nlayer 1\nS#G\nlayer 2\n.#.\n");
    AgentProfile a = digger();
    a.jump = false;
    const Route r = route_in(w, a);
    const std::string json = to_json(r);
    CHECK(json.find("\"dig\":[[1,1,0],[1,2,0]]") != std::string::npos);
    CHECK(json.find(R"({"x":1,"y":1,"z":0,"feet_y":1.0,"action":"walk","dig":[[1,1,0],[1,2,0]]})") != std::string::npos);
    const Route back = route_from_json(json);
    CHECK(back.dig == r.dig);
    REQUIRE(back.waypoints.size() == r.waypoints.size());
    CHECK(back.waypoints[1].dug == 2);
}

TEST_CASE("block materials come from the block table, legend words and C++", "[dig]") {
    const World w = world_from_text(
        "voxnav-world 1\nsize 2 1 1\nlegend o obsidian solid\nlegend x custom solid hardness=7.5 falls\nlegend y other solid unbreakable\n"
        "layer 0\nxy\n");
    const BlockRegistry& reg = w.blocks();
    CHECK(reg[*reg.find("stone")].material.hardness == 1.5);
    CHECK(reg[*reg.find("obsidian")].material.hardness == 50.0);
    CHECK(reg[*reg.find("custom")].material.hardness == 7.5);
    CHECK(reg[*reg.find("custom")].material.falls);
    CHECK(!reg[*reg.find("other")].material.breakable());
    CHECK(reg[*reg.find("water")].material.replaceable);
    CHECK(!reg[*reg.find("stone")].material.replaceable);
    CHECK_THROWS_AS(world_from_text("voxnav-world 1\nsize 1 1 1\nlegend x a solid hardness=-1\nlayer 0\nx\n"), LoadError);

    World c;
    const BlockId ice = c.blocks().add("ice", BlockKind::Solid);
    c.blocks().set_material(ice, {0.5, false, false});
    CHECK(c.blocks()[ice].material.hardness == 0.5);
    CHECK_THROWS_AS(c.blocks().set_material(ice, {-1.0, false, false}), std::invalid_argument);

    const MinecraftBlockTable& table = MinecraftBlockTable::builtin();
    CHECK(!table.classify("minecraft:bedrock")->material.breakable());
    CHECK(!table.classify("barrier")->material.breakable());
    CHECK(!table.classify("oak_door")->material.breakable());
    CHECK(table.classify("dirt")->material.hardness == 0.5);
    CHECK(table.classify("gravel")->material.falls);
    CHECK(table.classify("tall_grass")->material.replaceable);
}

TEST_CASE("profile keys for digging and placing", "[dig][profile]") {
    const AgentProfile p = parse_agent_profile(
        R"({"dig": true, "dig_speed": 4, "dig_penalty": 0.1, "never_dig": ["*_planks", "cobblestone"], "place": true, "place_cost": 2, "blocks": 16})");
    CHECK(p.dig);
    CHECK(p.dig_speed == 4.0);
    CHECK(p.dig_penalty == 0.1);
    CHECK(p.never_dig == std::vector<std::string>{"*_planks", "cobblestone"});
    CHECK(p.place);
    CHECK(p.place_cost == 2.0);
    CHECK(p.blocks == 16);
    const AgentProfile d = parse_agent_profile("{}");
    CHECK(!d.dig);
    CHECK(!d.place);
    CHECK(!d.blocks);
    CHECK(!parse_agent_profile(R"({"blocks": null})").blocks);
    for (const char* bad : {R"({"dig_speed": 0})", R"({"blocks": -1})", R"({"blocks": 1.5})", R"({"never_dig": "stone"})",
                            R"({"place_cost": -1})", R"({"dig": 1})"}) {
        CHECK_THROWS_AS(parse_agent_profile(bad), ProfileError);
    }
    try {
        (void)parse_agent_profile(R"({"blocks": -1})");
    } catch (const ProfileError& e) {
        CHECK(e.key() == "blocks");
    }
    // Round trip through to_json.
    const AgentProfile back = parse_agent_profile(to_json(p));
    CHECK(back.never_dig == p.never_dig);
    CHECK(back.blocks == p.blocks);
}

TEST_CASE("a miner routes from the surface of a real region into a cave through stone, digs listed", "[dig][real]") {
    const World w = load_world(VOXNAV_SOURCE_DIR "/worlds/samples/prismarine_1.21.1_r.0.0.mca");
    AgentProfile miner;
    miner.dig = true;
    miner.dig_speed = 4.0;  // a stone pickaxe: stone in 0.375 s
    miner.dig_penalty = 0.1;
    Navigator nav(w, miner);
    const VoxelBox box = nav.field().domain();
    // A surface position on land near the middle of the region's loaded
    // chunks (with no liquid below it: under water nothing may be dug), and
    // the nearest cave floor 40 to 44 below it with rock overhead.
    const int mx = (box.lo.x + box.hi.x) / 2, mz = (box.lo.z + box.hi.z) / 2;
    std::optional<Voxel> top;
    for (int r = 0; r <= 24 && !top; r += 2)
        for (int dz = -r; dz <= r && !top; dz += 2)
            for (int dx = -r; dx <= r && !top; dx += 2) {
                if (std::max(std::abs(dx), std::abs(dz)) != r) continue;
                int y = box.hi.y - 1;
                while (y >= box.lo.y && !nav.is_waypoint({mx + dx, y, mz + dz})) --y;
                if (y < box.lo.y + 50) continue;
                bool dry = true;  // no liquid in the column down to 50 below
                for (int k = 0; k <= 50 && dry; ++k) dry = w.block_type({mx + dx, y - k, mz + dz}).kind != BlockKind::Liquid;
                if (dry) top = Voxel(mx + dx, y, mz + dz);
            }
    REQUIRE(top);
    const int cx = top->x, cz = top->z;
    std::optional<Voxel> cave;
    long best = 0;
    for (int r = 0; r <= 48 && !cave; ++r)
        for (int z = cz - r; z <= cz + r; ++z)
            for (int x = cx - r; x <= cx + r; ++x) {
                if (std::max(std::abs(x - cx), std::abs(z - cz)) != r) continue;
                for (int y = top->y - 40; y >= std::max(box.lo.y, top->y - 44); --y) {
                    if (!nav.is_waypoint({x, y, z})) continue;
                    const bool rock_above = w.block_type({x, y + 3, z}).kind == BlockKind::Solid;
                    const long d = long(x - cx) * (x - cx) + long(z - cz) * (z - cz);
                    if (rock_above && (!cave || d < best)) cave = Voxel(x, y, z), best = d;
                }
            }
    REQUIRE(cave);
    const Route r = nav.find_route(*top, Goal::at(*cave));
    INFO("from " << top->x << "," << top->y << "," << top->z << " to " << cave->x << "," << cave->y << "," << cave->z);
    REQUIRE(r.status == SearchStatus::Found);  // within the default node cap
    CHECK(r.metrics.expanded <= SearchLimits{}.max_nodes);
    CHECK(!r.dig.empty());
    std::size_t listed = 0;
    for (const Waypoint& p : r.waypoints) listed += p.dug;
    CHECK(listed == r.dig.size());
    for (const Voxel& v : r.dig) {
        CHECK(w.block_type(v).collides());
        CHECK(w.block_type(v).material.breakable());
    }
    WARN("miner: " << r.waypoints.size() << " waypoints, " << r.dig.size() << " dug, cost " << r.cost << " s, "
                   << r.metrics.expanded << " expanded, " << r.metrics.microseconds / 1000.0 << " ms");
}

TEST_CASE("dig queries run sliced as in one go and on workers, without block ids they fail, saying why", "[dig]") {
    const World w = world_from_text(walled_room('#', false));
    AgentProfile a = digger();
    a.place = true;
    a.blocks = 2;
    Navigator nav(w, a);
    const Route whole = nav.find_route(*w.point("S"), *w.point("G"));
    REQUIRE(whole.status == SearchStatus::Found);
    nav.begin_route(*w.point("S"), Goal::at(*w.point("G")));
    int slices = 1;
    while (!nav.step(3)) ++slices;
    CHECK(slices > 3);
    const Route& sliced = nav.route();
    CHECK(sliced.cost == whole.cost);
    CHECK(sliced.dig == whole.dig);
    CHECK(sliced.metrics.expanded == whole.metrics.expanded);
    // Cancelled mid-way: a status, and the next query is whole again.
    nav.begin_route(*w.point("S"), Goal::at(*w.point("G")));
    nav.step(2);
    nav.cancel();
    CHECK(nav.route().status == SearchStatus::Cancelled);
    CHECK(nav.find_route(*w.point("S"), *w.point("G")).cost == whole.cost);
    // A worker routes on snapshots alone: the shared field keeps block ids
    // since the navigator above asked, so it digs the same route.
    Navigator worker(NavField::shared(w, a), a);
    CHECK(NavField::shared(w, a)->keeps_blocks());
    const Route same = worker.find_route(*w.point("S"), *w.point("G"));
    CHECK(same.cost == whole.cost);
    CHECK(same.dig == whole.dig);
    // On a field that keeps none: failed, saying what to do.
    Navigator bare(std::make_shared<NavField>(w, a), a);
    const Route r = bare.find_route(*w.point("S"), *w.point("G"));
    CHECK(r.status == SearchStatus::Failed);
    CHECK_THAT(r.error, Catch::Contains("keep_blocks"));
}

TEST_CASE("a dig query after an edit reads the edited blocks", "[dig]") {
    World w = world_from_text("voxnav-world 1\nsize 3 3 1\nlayer 0\n###\nlayer 1\nS#G\nlayer 2\n.#.\n");
    AgentProfile a = digger();
    a.jump = false;
    Navigator nav(w, a);
    const Route before = nav.find_route(*w.point("S"), *w.point("G"));
    REQUIRE(before.status == SearchStatus::Found);
    CHECK(before.dig.size() == 2);
    // The wall's top becomes bedrock: now nothing can be dug through.
    const BlockId bedrock = w.blocks().add("bedrock", BlockKind::Solid);
    w.blocks().set_material(bedrock, {std::numeric_limits<double>::infinity(), false, false});
    w.set_block({1, 2, 0}, bedrock);
    CHECK(nav.find_route(*w.point("S"), *w.point("G")).status == SearchStatus::NoPath);
    w.set_block({1, 2, 0}, BlockRegistry::air);
    const Route after = nav.find_route(*w.point("S"), *w.point("G"));
    REQUIRE(after.status == SearchStatus::Found);
    CHECK(after.dig == std::vector<Voxel>{{1, 1, 0}});
}

TEST_CASE("RouteService workers route diggers and builders while the game edits, block copies follow only what changed", "[dig][live]") {
    World w = world_from_text(walled_room('#', false));
    AgentProfile a = digger();
    a.place = true;
    a.blocks = 4;
    RouteService service(w, 2);
    const RouteService::AgentId id = service.add_agent(a);
    const std::shared_ptr<NavField> field = NavField::shared(w, a);
    REQUIRE(field->keeps_blocks());
    Navigator reference(w, a);  // same field: the answers to compare with
    const Voxel s = *w.point("S"), g = *w.point("G");
    const BlockId stone = *w.blocks().find("stone");
    std::mt19937 rng(5);
    for (int round = 0; round < 20; ++round) {
        // The game edits a wall voxel, then routes are asked for and checked.
        const Voxel v(3 + int(rng() % 9), 1 + int(rng() % 2), 3);
        const auto before = field->snapshot();
        w.set_block(v, w.block(v) == stone ? BlockRegistry::air : stone);
        field->sync(w);
        const auto after = field->snapshot();
        // Only the edited chunk's ids were copied again (this world is one chunk and its ring).
        CHECK(after->chunk_blocks(after->slot_of(chunk_of(v))) != before->chunk_blocks(before->slot_of(chunk_of(v))));
        CHECK(after->chunk_blocks(after->slot_of(chunk_of(v)))[(v.x & 15) + 16 * ((v.z & 15) + 16 * (v.y & 15))] == w.block(v));
        for (int k = 0; k < 4; ++k) service.submit(id, {std::uint64_t(k), s, Goal::at(g), {}});
        service.wait();
        const Route expect = reference.find_route(s, g);
        for (const RouteService::Finished& f : service.collect()) {
            REQUIRE(f.route.status == expect.status);
            CHECK(f.route.cost == expect.cost);
            CHECK(f.route.dig == expect.dig);
        }
    }
}

TEST_CASE("a digger may be sent into the rock: a goal it stands at once dug out", "[dig]") {
    // A hill of stone; the goal is inside it, two voxels in.
    const World w = world_from_text("voxnav-world 1\nsize 5 4 1\nlayer 0\n#####\nlayer 1\nS.###\nlayer 2\n..###\nlayer 3\n..###\n");
    const Voxel goal(3, 1, 0);
    Navigator walker(w, AgentProfile{});
    CHECK(walker.find_route(*w.point("S"), goal).status == SearchStatus::InvalidGoal);
    Navigator nav(w, digger());
    const Route r = nav.find_route(*w.point("S"), goal);
    REQUIRE(r.status == SearchStatus::Found);
    CHECK(r.waypoints.back().position == goal);
    CHECK(r.dig.size() == 4);  // two columns of two
    // Inside bedrock it stays an invalid goal.
    const World hard = world_from_text(
        "voxnav-world 1\nsize 5 4 1\nlegend B bedrock solid\nlayer 0\n#####\nlayer 1\nS.#BB\nlayer 2\n..#BB\nlayer 3\n..###\n");
    Navigator hard_nav(hard, digger());
    CHECK(hard_nav.find_route(*hard.point("S"), Voxel(3, 1, 0)).status == SearchStatus::InvalidGoal);
    CHECK(hard_nav.find_route(*hard.point("S"), Voxel(2, 1, 0)).status == SearchStatus::Found);
}

TEST_CASE("crowds and chases of digging agents get the routes find_route gives", "[dig]") {
    const World w = world_from_text(walled_room('#', false));
    const AgentProfile a = digger();
    Navigator nav(w, a);
    std::vector<Voxel> from;
    for (int x = 0; x < 15; ++x) from.push_back({x, 1, 13});
    const Voxel g = *w.point("G");
    // A chase: every update, each chaser's route is find_route's.
    ChaseField chase(w, a);
    for (int tick = 0; tick < 3; ++tick) {
        const ChaseField::Update u = chase.update(Goal::at(g), from);
        CHECK(u.replanned == from.size());
        for (std::size_t i = 0; i < from.size(); ++i) {
            const Route expect = nav.find_route(from[i], g);
            const Route got = chase.route(i);
            REQUIRE(got.status == expect.status);
            CHECK(got.cost == Approx(expect.cost).epsilon(1e-12));  // summed from the end
            CHECK(got.dig == expect.dig);
        }
        for (Voxel& f : from) f.z -= 1;
    }
    // A crowd of 300 (where ordinary agents would share a flow field).
    RouteService service(w, 1);
    const RouteService::AgentId id = service.add_agent(a);
    RouteService::CrowdRequest c;
    for (int i = 0; i < 300; ++i) {
        c.npcs.push_back(std::uint64_t(i));
        c.from.push_back({i % 15, 1, 12 + (i / 15) % 3});
    }
    c.goal = Goal::at(g);
    service.submit_crowd(id, c);
    service.wait();
    const std::vector<RouteService::Finished> done = service.collect();
    REQUIRE(done.size() == 300);
    for (const RouteService::Finished& f : done) {
        CHECK_FALSE(f.via_field);
        const Route expect = nav.find_route(c.from[f.npc], g);
        CHECK(f.route.cost == expect.cost);
    }
}

// Regression (faults issue, 3): a pioneer's route through worlds/dig.vxw was
// called broken at waypoint 4 by check_route after any edit (0,4,0 set to
// stone, then sync()), and step_costs gave +inf for 5 of its 10 moves: both
// knew only the ordinary moves, not the digging and placing ones.
TEST_CASE("a digger's route stays valid through edits that leave it alone, and as the game carries it out", "[dig][live]") {
    World w = load_world(VOXNAV_SOURCE_DIR "/worlds/dig.vxw");
    const AgentProfile pioneer = load_agent_profile(VOXNAV_SOURCE_DIR "/worlds/agents/pioneer.json");
    Navigator nav(w, pioneer);
    const Route r = nav.find_route(*w.point("S"), *w.point("G"));
    REQUIRE(r.status == SearchStatus::Found);
    REQUIRE(count(r, WorldAct::Dig) >= 1);
    REQUIRE(count(r, WorldAct::Place) >= 1);
    const auto same_costs = [&](const std::vector<double>& costs) {
        REQUIRE(costs.size() == r.waypoints.size());
        for (std::size_t k = 1; k < costs.size(); ++k) {
            INFO("move " << k << " " << to_string(r.waypoints[k].action));
            CHECK(costs[k] == Approx(r.waypoints[k].cost));
        }
    };
    same_costs(nav.step_costs(r));
    // The edit of the report, far from the route.
    const BlockId stone = *w.blocks().find("stone");
    w.set_block({0, 4, 0}, stone);
    nav.sync();
    Navigator::RouteCheck c = nav.check_route(r);
    CHECK(c.valid);
    CHECK_FALSE(c.unchanged);
    INFO(c.why);
    same_costs(nav.step_costs(r));
    // Random edits: one away from every waypoint's body by more than the
    // moves reach (2 voxels) never breaks the route, nor changes its costs;
    // whatever check_route says, step_costs agrees with it.
    std::mt19937 rng(33);
    const Voxel size(12, 5, 5);
    for (int round = 0; round < 200; ++round) {
        World edited = w;
        const int vx = int(rng() % size.x), vy = int(rng() % size.y), vz = int(rng() % size.z);  // in this order on every compiler
        const Voxel v(vx, vy, vz);
        edited.set_block(v, rng() % 2 ? stone : BlockRegistry::air);
        Navigator n(edited, pioneer);
        const Navigator::RouteCheck rc = n.check_route(r);
        const std::vector<double> costs = n.step_costs(r);
        bool near = false;
        for (const Waypoint& p : r.waypoints)
            near = near || (std::abs(v.x - p.position.x) <= 2 && std::abs(v.z - p.position.z) <= 2 && v.y >= p.position.y - 2 &&
                            v.y <= p.position.y + 3);
        INFO("edit " << v.x << "," << v.y << "," << v.z << ": " << rc.why);
        if (!near) {
            CHECK(rc.valid);
            for (std::size_t k = 1; k < costs.size(); ++k) CHECK(costs[k] == Approx(r.waypoints[k].cost));
        }
        const bool all_finite = std::all_of(costs.begin(), costs.end(), [](double x) { return std::isfinite(x); });
        CHECK(rc.valid == all_finite);
    }
    // The game carries the route out step by step: digs what a step digs,
    // places what it places. Checked from the waypoint the NPC still stands
    // at (the work of move k done, the body not yet moved: the dug or
    // bridged move is now a plain walk, jump or fall) and from the one it
    // then reaches, the rest of the route holds at every step.
    std::size_t dug_at = 0, placed_at = 0, carried_out = 0;
    for (std::size_t k = 1; k < r.waypoints.size(); ++k) {
        const Waypoint& p = r.waypoints[k];
        for (std::uint32_t i = 0; i < p.dug; ++i) w.set_block(r.dig[dug_at++], BlockRegistry::air);
        for (std::uint32_t i = 0; i < p.placed; ++i) w.set_block(r.place[placed_at++], stone);
        nav.sync();
        const bool pillar = p.placed > 0 && p.action == Action::Jump && p.position == r.waypoints[k - 1].position + Voxel(0, 1, 0);
        if (!pillar && (p.dug || p.placed)) {  // (a pillar's block is placed under the body as it rises)
            const Navigator::RouteCheck mid = nav.check_route(r, k - 1);
            INFO("work of move " << k << " done, at waypoint " << k - 1 << ": " << mid.why);
            CHECK(mid.valid);
            CHECK(std::isfinite(nav.step_costs(r)[k]));
            ++carried_out;
        }
        const Navigator::RouteCheck step = nav.check_route(r, k);
        INFO("at waypoint " << k << ": " << step.why);
        CHECK(step.valid);
    }
    CHECK(carried_out >= 2);  // a dig and a bridge at least
    CHECK_FALSE(nav.check_route(r, r.waypoints.size()).valid);
}
