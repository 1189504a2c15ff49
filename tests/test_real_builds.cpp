// SPDX-License-Identifier: MIT
// Real builds nobody here made (worlds/samples/builds/, copied from
// ../shared/data/minecraft-builds/ with SOURCES.md): each loads, its blocks
// fall into the shape families stated below, the structure files agree
// with an independent decode, and a route through each uses the stairs,
// door or ladder it has.
#include "mini_nbt.hpp"
#include "voxnav/voxnav.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <map>

using namespace voxnav;

namespace {

const std::string kBuilds = VOXNAV_SOURCE_DIR "/worlds/samples/builds/";

using Counts = std::map<std::string, std::uint64_t>;

World load(const std::string& file) {
    ImportReport report;
    World w = load_world(kBuilds + file, report);
    CHECK(report.errors.empty());
    return w;
}

// Non-air voxels per shape family (as `voxnav info` prints them).
Counts families(const World& w) {
    Counts out;
    const std::vector<std::uint64_t> n = w.block_counts();
    for (std::size_t id = 1; id < n.size(); ++id)
        if (n[id]) out[shape_family(w.blocks()[BlockId(id)])] += n[id];
    return out;
}
// "{full 2281, stairs 410, ...}": what a failed comparison prints.
std::string to_text(const Counts& c) {
    std::string s;
    for (const auto& [family, n] : c) s += (s.empty() ? "{" : ", ") + family + " " + std::to_string(n);
    return s + "}";
}

// A player: 1.8 high, jumps 1.25, steps 0.6, opens wooden doors, climbs.
AgentProfile player() {
    return parse_agent_profile(R"({"height": 1.8, "jump_height": 1.25, "opens": ["hand"]})");
}

bool has(const Route& r, Action a) {
    for (const Waypoint& w : r.waypoints)
        if (w.action == a) return true;
    return false;
}
// Whether the route opens anything; every voxel it opens holds a closed
// door, gate or trapdoor, and lies in the body at the waypoint that opens it.
bool opens(const World& w, const Route& r) {
    for (const Voxel& v : r.open) {
        const BlockType& t = w.block_type(v);
        INFO("opened " << v.x << "," << v.y << "," << v.z << " " << t.name);
        CHECK(t.shape.open_class != OpenClass::None);
        CHECK_FALSE(t.shape.open);
    }
    std::size_t listed = 0;
    for (std::size_t k = 0; k < r.waypoints.size(); ++k)
        for (const Voxel& v : r.voxels(k, WorldAct::Open)) {
            ++listed;
            const Voxel& p = r.waypoints[k].position;
            CHECK((v.x == p.x && v.z == p.z && v.y >= p.y - 1 && v.y <= p.y + 2));
        }
    CHECK(listed == r.open.size());
    return !r.open.empty();
}
bool has_half_height(const Route& r) {
    for (const Waypoint& w : r.waypoints)
        if (w.feet_y != double(w.position.y)) return true;
    return false;
}

Route route(const World& w, const Voxel& from, const Voxel& to) {
    Navigator nav(w, player());
    const Route r = nav.find_route(from, to);
    INFO(to_json(r));
    REQUIRE(r.status == SearchStatus::Found);
    return r;
}

// An independent count, from the structure file's own palette and block
// list: voxels whose palette Name ends with `suffix`, and whose properties
// do not include `unless` (e.g. "half=top": upside-down stairs are cubes).
std::uint64_t count_in_structure(const std::string& file, const std::string& suffix, const std::string& unless = "") {
    std::ifstream f(kBuilds + file, std::ios::binary);
    const mini::Node root = mini::decode(mini::gunzip_or_inflate(std::vector<std::uint8_t>(std::istreambuf_iterator<char>(f), {})));
    std::vector<bool> match;
    for (const mini::Node& e : root.get("palette")->items) {
        const std::string& name = e.get("Name")->str;
        bool m = name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
        if (m && !unless.empty())
            if (const mini::Node* p = e.get("Properties"))
                if (const mini::Node* v = p->get(unless.substr(0, unless.find('=')))) m = v->str != unless.substr(unless.find('=') + 1);
        match.push_back(m);
    }
    std::uint64_t n = 0;
    for (const mini::Node& b : root.get("blocks")->items) n += match.at(std::size_t(b.get("state")->num));
    return n;
}

}  // namespace

TEST_CASE("real builds: every file loads, with the shape families stated here", "[shapes][imports][builds]") {
    // Counts measured with `voxnav info` when the readers were written; a
    // change is a change in how real blocks are read, to be explained.
    // (Lanterns and chains collide since issue 35's physics judge: 53 + 1 in
    // smallhouse1, 4 lanterns in the cottage, passable before.)
    const std::map<std::string, Counts> expected{
        {"prismarine_smallhouse1.schem",
         {{"full", 2270}, {"stairs", 410}, {"fence", 167}, {"slab", 134}, {"passable", 23}, {"trapdoor", 69}, {"partial", 113},
          {"door", 8}, {"climbable", 5}, {"thin", 2}}},
        {"schematic4j_green-cottage_sponge-v3.schem",
         {{"full", 459}, {"stairs", 101}, {"trapdoor", 24}, {"fence", 18}, {"passable", 8}, {"slab", 10}, {"partial", 4}, {"door", 2},
          {"damage", 1}}},
        {"stm_run_down_house_left_side.nbt",
         {{"full", 201}, {"slab", 62}, {"passable", 49}, {"stairs", 35}, {"fence", 12}, {"door", 6}, {"damage", 1}, {"partial", 1}}},
        {"gdmc2024_doha_ladder.nbt", {{"full", 180}, {"climbable", 10}, {"slab", 3}, {"trapdoor", 2}}},
        {"farmersdelight_plains_compost_pile.nbt",
         {{"full", 145}, {"slab", 46}, {"fence", 33}, {"partial", 13}, {"passable", 8}, {"door", 4}, {"liquid", 2}, {"gate", 1}}},
        {"minestom_arena_lobby_r.0.0.mca", {{"full", 230}, {"slab", 54}, {"stairs", 29}}},
    };
    for (const auto& [file, counts] : expected) {
        INFO(file);
        CHECK(to_text(families(load(file))) == to_text(counts));
    }
}

TEST_CASE("real builds: structure files agree with an independent decode of their palettes", "[shapes][imports][builds]") {
    const World house = load("stm_run_down_house_left_side.nbt");
    const Counts f = families(house);
    CHECK(f.at("stairs") == count_in_structure("stm_run_down_house_left_side.nbt", "_stairs", "half=top"));
    CHECK(f.at("door") == count_in_structure("stm_run_down_house_left_side.nbt", "_door"));
    const Counts ladder = families(load("gdmc2024_doha_ladder.nbt"));
    CHECK(ladder.at("climbable") == count_in_structure("gdmc2024_doha_ladder.nbt", ":ladder"));
    CHECK(ladder.at("trapdoor") == count_in_structure("gdmc2024_doha_ladder.nbt", "_trapdoor"));
    const Counts pile = families(load("farmersdelight_plains_compost_pile.nbt"));
    CHECK(pile.at("gate") == count_in_structure("farmersdelight_plains_compost_pile.nbt", "_fence_gate"));
    CHECK(pile.at("fence") == count_in_structure("farmersdelight_plains_compost_pile.nbt", "_fence"));
    // States become shapes: a slab of type=top is the upper half.
    bool top_slab = false;
    for (const BlockType& t : house.blocks().types())
        if (t.name == "stone_slab[type=top]") top_slab = t.shape.bottom == 8 && t.shape.top == 16;
    CHECK(top_slab);
}

TEST_CASE("real builds: a player's route goes in at the door, up the stairs and up the ladder", "[shapes][builds]") {
    SECTION("a small house: in at its closed north door, up its slab staircase and its ladder to the top floor") {
        const World w = load("prismarine_smallhouse1.schem");
        const Route r = route(w, {10, 1, 3}, {10, 16, 13});
        CHECK(opens(w, r));
        CHECK(has(r, Action::Climb));
        CHECK(has_half_height(r));  // stood on slabs on the way up
        CHECK(r.waypoints.back().feet_y == 16.0);
    }
    SECTION("a run-down house: from its porch stairs in at the door and up an inner stair") {
        const World w = load("stm_run_down_house_left_side.nbt");
        const Route in = route(w, {1, 2, 1}, {5, 3, 3});
        CHECK(in.waypoints[0].feet_y == 2.0);  // on the porch stair
        CHECK(opens(w, in));
        CHECK(in.waypoints.back().action == Action::Jump);  // onto the stair from its side: a jump
        const Route front = route(w, {5, 2, 4}, {5, 3, 3});
        CHECK(front.waypoints.back().action == Action::Walk);  // from its front: a walk
        CHECK(front.waypoints.size() == 2);
    }
    SECTION("a ladder shaft: climbed to the top") {
        const Route r = route(load("gdmc2024_doha_ladder.nbt"), {0, 1, 1}, {1, 10, 2});
        int climbs = 0;
        for (const Waypoint& w : r.waypoints) climbs += w.action == Action::Climb;
        CHECK(climbs >= 7);
    }
    SECTION("a cottage: in at its open door, no opening needed") {
        const World w = load("schematic4j_green-cottage_sponge-v3.schem");
        const Route r = route(w, {2, 1, 5}, {7, 1, 5});
        CHECK_FALSE(opens(w, r));
        CHECK(r.waypoints.size() == 6);
    }
    SECTION("a compost yard: its gate and its shed's door are opened") {
        const World w = load("farmersdelight_plains_compost_pile.nbt");
        CHECK(opens(w, route(w, {1, 1, 1}, {2, 1, 0})));
        CHECK(opens(w, route(w, {8, 1, 0}, {8, 1, 2})));
        // Without hands, neither.
        Navigator nav(w, parse_agent_profile(R"({"height": 1.8, "jump_height": 1.25})"));
        CHECK(nav.find_route({8, 1, 0}, {8, 1, 2}).status == SearchStatus::NoPath);
        CHECK(nav.find_route({1, 1, 1}, {2, 1, 0}).status != SearchStatus::Found);
    }
}

// Issue 36: the table from the game's data. In smallhouse1 every standing
// lantern with two free voxels above it is a waypoint standing at 9/16 (25
// of them; the hand-written table before issue 35 made lanterns air, "no
// floor"), and no waypoint's body meets one of the 25 hanging lanterns
// (1..10/16 of its voxel).
TEST_CASE("real builds: lantern tops are stood on, hanging lanterns are in no body", "[shapes][builds][minecraft]") {
    const World w = load("prismarine_smallhouse1.schem");
    Navigator nav(w, player());
    const VoxelBox box = w.populated_box();
    int tops = 0, stood = 0, hanging = 0;
    for (int y = box.lo.y; y < box.hi.y; ++y)
        for (int z = box.lo.z; z < box.hi.z; ++z)
            for (int x = box.lo.x; x < box.hi.x; ++x) {
                const std::string& name = w.block_type({x, y, z}).name;
                if (name == "lantern[hanging=true]") {
                    ++hanging;
                    // A body whose feet stand in y - 1 or y (1.8 high) would meet it.
                    for (int dy = 0; dy <= 1; ++dy) CHECK_FALSE(nav.is_waypoint({x, y - dy, z}));
                }
                if (name != "lantern") continue;
                bool room = true;
                for (int dy = 1; dy <= 2; ++dy) room = room && w.block_type({x, y + dy, z}).kind == BlockKind::Air;
                if (!room) continue;
                ++tops;
                INFO(x << "," << y << "," << z);
                CHECK(nav.is_waypoint({x, y + 1, z}));
                stood += nav.is_waypoint({x, y + 1, z});
            }
    CHECK(hanging == 25);
    CHECK(tops == 25);
    CHECK(stood == tops);
}
