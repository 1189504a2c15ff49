// SPDX-License-Identifier: MIT
// The movement rules run both ways: every move for_each_move gives is found
// again by for_each_predecessor from its end, with the same cost and action,
// and nothing else is (agent/movement.hpp). Flow fields and landmark tables
// search backwards on that promise.
#include "random_world.hpp"
#include "test_helpers.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <iterator>
#include <tuple>
#include <vector>

using namespace voxnav;

namespace {

struct Move {
    Voxel from, to;
    MoveTag action;
    double cost;
    bool operator<(const Move& o) const {
        return std::tie(from.x, from.y, from.z, to.x, to.y, to.z, action, cost) <
               std::tie(o.from.x, o.from.y, o.from.z, o.to.x, o.to.y, o.to.z, o.action, o.cost);
    }
    bool operator==(const Move& o) const { return from == o.from && to == o.to && action == o.action && cost == o.cost; }
};

// Every move between waypoints of `box`, found forwards and found backwards.
void both_ways(const Navigator& nav, const VoxelBox& box, std::vector<Move>& forward, std::vector<Move>& backward) {
    const NavSnapshot& f = nav.field();
    const MovementModel& m = nav.moves();
    for (int y = box.lo.y; y < box.hi.y; ++y)
        for (int z = box.lo.z; z < box.hi.z; ++z)
            for (int x = box.lo.x; x < box.hi.x; ++x) {
                const Voxel v{x, y, z};
                const NavSnapshot::Index i = f.index_of(v);
                if (i == NavSnapshot::no_index || !m.is_waypoint(i)) continue;
                m.for_each_move(i, [&](NavSnapshot::Index t, double c, MoveTag a) {
                    REQUIRE(m.is_waypoint(t));
                    forward.push_back({v, f.voxel_of(t), a, c});
                });
                m.for_each_predecessor(i, [&](NavSnapshot::Index s, double c, MoveTag a) {
                    REQUIRE(m.is_waypoint(s));
                    backward.push_back({f.voxel_of(s), v, a, c});
                });
            }
    std::sort(forward.begin(), forward.end());
    std::sort(backward.begin(), backward.end());
}

}  // namespace

TEST_CASE("forward and backward moves agree on random worlds and agents", "[movement][backward]") {
    std::array<std::size_t, 256> seen{};  // moves per action over all worlds
    std::size_t leaps = 0, deep_falls = 0;
    for (std::uint32_t seed = 1; seed <= 80; ++seed) {
        // Every other world crosses chunk faces (the links' reads).
        const Voxel size = seed % 2 ? Voxel{10, 7, 10} : Voxel{20, 19, 18};
        const World w = testing::random_world(seed, size);
        AgentProfile a = testing::random_agent(seed);
        if (seed % 7 == 0) a.walk = a.jump = a.fall = a.swim = false, a.fly = true;  // pure flyers
        if (seed % 5 == 0) a.jump = true, a.jump_distance = 1 + int(seed % 3), a.jump_height = 1 + int(seed % 2);
        if (seed % 9 == 0) a.max_fall = 1;  // deeper drops only into water
        Navigator nav(w, a);
        std::vector<Move> forward, backward;
        both_ways(nav, VoxelBox{{0, 0, 0}, size}, forward, backward);
        INFO("seed " << seed << ", profile " << to_json(a));
        REQUIRE(forward.size() == backward.size());
        for (std::size_t k = 0; k < forward.size(); ++k) {
            INFO("move " << k << ": " << to_string(forward[k].action) << " from " << forward[k].from.x << ","
                          << forward[k].from.y << "," << forward[k].from.z << " to " << forward[k].to.x << ","
                          << forward[k].to.y << "," << forward[k].to.z);
            REQUIRE(forward[k] == backward[k]);
        }
        for (const Move& m : forward) {
            ++seen[m.action.bits];
            if (m.action == Action::Leap) {
                ++leaps;
                CHECK(m.from.y == m.to.y);  // a leap lands level
            }
            if (m.action == Action::Jump) CHECK(m.to.y > m.from.y);  // a jump rises
            if (m.action == Action::Fall && m.from.y - m.to.y > a.max_fall) ++deep_falls;
        }
    }
    // Every kind of move was exercised.
    for (Action a : {Action::Walk, Action::Jump, Action::Fall, Action::Swim, Action::Fly}) {
        INFO(to_string(a));
        CHECK(seen[std::size_t(a)] > 0);
    }
    CHECK(leaps > 0);
    CHECK(deep_falls > 0);
}

TEST_CASE("a fall into water from any height has the ledge as its predecessor", "[movement][backward][fall]") {
    // A ledge 12 voxels above a pool: deeper than max_fall, so only the water catches it.
    World w;
    const BlockId stone = *w.blocks().find("stone"), water = *w.blocks().find("water");
    for (int x = 0; x < 3; ++x) w.set_block({x, 0, 0}, stone);
    w.set_block({1, 1, 0}, water);
    w.set_block({0, 12, 0}, stone);  // the ledge's floor
    AgentProfile a;
    a.max_fall = 3;
    Navigator nav(w, a);
    const Voxel ledge{0, 13, 0}, pool{1, 1, 0};
    REQUIRE(testing::move_cost(nav, ledge, pool, Action::Fall) > 0);
    bool found = false;
    nav.moves().for_each_predecessor(nav.field().index_of(pool), [&](NavSnapshot::Index s, double c, MoveTag act) {
        if (nav.field().voxel_of(s) == ledge && act == Action::Fall) {
            found = true;
            CHECK(c == testing::move_cost(nav, ledge, pool, Action::Fall));
        }
    });
    CHECK(found);
}

TEST_CASE("forward and backward moves agree on a real Minecraft region with a few shaped chunks", "[movement][backward][real]") {
    // Most chunks of the region have no shape facts: their predecessors come
    // from the plain backward rules, those near shaped blocks from forward
    // expansion; both must give exactly the forward moves.
    const World w = load_world(std::string(VOXNAV_SOURCE_DIR) + "/worlds/samples/querz-nbt7_r.0.0.mca");
    AgentProfile climber;
    climber.climb = true;
    climber.swim = true;
    for (const AgentProfile& a : {AgentProfile{}, climber}) {
        Navigator nav(w, a);
        REQUIRE(nav.field().shaped_chunk_count() > 0);
        REQUIRE(nav.field().shaped_chunk_count() < nav.field().chunk_count());
        std::vector<Move> forward, backward;
        const VoxelBox box{{16, 30, 64}, {112, 90, 144}};
        both_ways(nav, box, forward, backward);
        // Moves across the box's faces are seen from one side only.
        for (auto* list : {&forward, &backward})
            list->erase(std::remove_if(list->begin(), list->end(), [&](const Move& m) { return !box.contains(m.from) || !box.contains(m.to); }),
                        list->end());
        REQUIRE(forward.size() > 1000);
        // The first move only one side has, if any.
        std::vector<Move> only_forward, only_backward;
        std::set_difference(forward.begin(), forward.end(), backward.begin(), backward.end(), std::back_inserter(only_forward));
        std::set_difference(backward.begin(), backward.end(), forward.begin(), forward.end(), std::back_inserter(only_backward));
        for (const auto* list : {&only_forward, &only_backward})
            for (const Move& m : *list) {
                INFO((list == &only_forward ? "only forwards: " : "only backwards: ")
                     << to_string(m.action) << " " << m.cost << " from " << m.from.x << "," << m.from.y << "," << m.from.z << " to "
                     << m.to.x << "," << m.to.y << "," << m.to.z);
                CHECK(false);
                break;
            }
        REQUIRE(only_forward.empty());
        REQUIRE(only_backward.empty());
        REQUIRE(forward.size() == backward.size());
    }
}
