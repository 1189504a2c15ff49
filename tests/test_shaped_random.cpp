// SPDX-License-Identifier: MIT
// Seeded random worlds of slabs, stairs, fences, carpets, snow, ladders,
// doors, gates, hazards and water, and random profiles: the engine's moves
// equal those of tests/reference_shaped.hpp position by position, routes
// cost what its Dijkstra says, predecessors agree with the moves, and the
// lower bound is admissible and consistent over every move; the moves read
// backwards near shaped blocks (moves::ShapedBack) are counted.
#include "random_shaped.hpp"
#include "reference_shaped.hpp"
#include "test_helpers.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <random>
#include <sstream>

using namespace voxnav;

namespace {

struct Key {
    Voxel to;
    MoveTag action;
    bool operator<(const Key& o) const {
        return std::make_tuple(to.x, to.y, to.z, action.bits) < std::make_tuple(o.to.x, o.to.y, o.to.z, o.action.bits);
    }
};

template <class Moves>
std::map<Key, double> cheapest(const Moves& moves) {
    std::map<Key, double> out;
    for (const auto& m : moves) {
        auto [it, fresh] = out.emplace(Key{m.to, m.action}, m.cost);
        if (!fresh) it->second = std::min(it->second, m.cost);
    }
    return out;
}

std::string describe(const std::map<Key, double>& moves) {
    std::ostringstream s;
    for (const auto& [k, c] : moves) s << " (" << k.to.x << "," << k.to.y << "," << k.to.z << " " << to_string(k.action) << " " << c << ")";
    return s.str();
}

}  // namespace

using testing::random_shaped_agent;
using testing::random_shaped_world;

TEST_CASE("random shaped worlds: the engine's moves, routes and bound agree with a simple reference", "[shapes][reference]") {
    int positions = 0, standable = 0, moves_checked = 0, routes = 0, reachable = 0, worlds = 0;
    std::map<MoveTag, int> seen, read_backwards;
    int read_backwards_across_levels = 0;  // side walks onto a position a voxel higher or lower (slabs, stairs)
    for (std::uint32_t seed = 1; seed <= 150; ++seed) {
        const std::string text = random_shaped_world(seed);
        const World w = testing::world_from_text(text);
        const AgentProfile a = random_shaped_agent(seed);
        INFO("seed " << seed << "\nprofile " << to_json(a) << "\n" << text);
        Navigator nav(w, a);
        const ref_shaped::Model ref(w, a);
        const VoxelBox b = *w.bounds();
        std::vector<Voxel> spots;
        ++worlds;
        for (int y = b.lo.y; y < b.hi.y; ++y)
            for (int z = b.lo.z; z < b.hi.z; ++z)
                for (int x = b.lo.x; x < b.hi.x; ++x) {
                    const Voxel p(x, y, z);
                    ++positions;
                    const auto i = nav.field().index_of(p);
                    const bool engine = i != NavField::no_index && nav.moves().is_waypoint(i);
                    INFO("position " << x << "," << y << "," << z);
                    REQUIRE(engine == ref.standable(p));
                    if (!engine) continue;
                    ++standable;
                    spots.push_back(p);
                    const auto mine = cheapest(testing::moves_from(nav, p));
                    const auto theirs = cheapest(ref.moves(p));
                    INFO("engine:   " << describe(mine) << "\nreference:" << describe(theirs));
                    REQUIRE(mine.size() == theirs.size());
                    for (const auto& [k, c] : theirs) {
                        auto it = mine.find(k);
                        REQUIRE(it != mine.end());
                        REQUIRE(it->second == Approx(c).epsilon(1e-12));
                        ++moves_checked;
                        ++seen[k.action];
                    }
                    // Backwards: every move into p is found from p, as
                    // many times as the engine makes it forwards (once per
                    // move: a source read backwards is not expanded too).
                    std::map<Key, double> back;
                    std::map<Key, int> times;
                    nav.moves().for_each_predecessor(i, [&](NavField::Index from, double cost, MoveTag act) {
                        auto [it, fresh] = back.emplace(Key{nav.field().voxel_of(from), act}, cost);
                        if (!fresh) it->second = std::min(it->second, cost);
                        ++times[Key{nav.field().voxel_of(from), act}];
                        // The kinds ShapedBack reads backwards, from a source taking the shaped rules.
                        const Voxel s = nav.field().voxel_of(from);
                        const int dx = p.x - s.x, dz = p.z - s.z;
                        const bool side = std::abs(dx) + std::abs(dz) == 1, vertical = dx == 0 && dz == 0;
                        const Action m = act.motion();
                        if (nav.field().shaped(from) && ((side && (m == Action::Walk || m == Action::Swim)) ||
                                                         (vertical && (m == Action::Climb || m == Action::Swim)))) {
                            ++read_backwards[act];
                            if (side && p.y != s.y) ++read_backwards_across_levels;
                        }
                    });
                    for (const auto& [k, c] : back) {
                        const auto fwd = cheapest(ref.moves(k.to));
                        auto it = fwd.find(Key{p, k.action});
                        INFO("predecessor " << k.to.x << "," << k.to.y << "," << k.to.z << " " << to_string(k.action));
                        REQUIRE(it != fwd.end());
                        REQUIRE(it->second == Approx(c).epsilon(1e-12));
                        int made = 0;
                        for (const auto& m : testing::moves_from(nav, k.to)) made += m.to == p && m.action == k.action;
                        REQUIRE(times[k] == made);
                    }
                    // And the other way round: every move from p is found
                    // backwards from its end (what flow fields search by).
                    for (const auto& [k, c] : mine) {
                        double found = -1.0;
                        nav.moves().for_each_predecessor(nav.field().index_of(k.to), [&](NavField::Index from, double cost, MoveTag act) {
                            if (from == i && act == k.action && (found < 0 || cost < found)) found = cost;
                        });
                        INFO("successor " << k.to.x << "," << k.to.y << "," << k.to.z << " " << to_string(k.action));
                        REQUIRE(found == Approx(c).epsilon(1e-12));
                        ++moves_checked;
                    }
                }
        if (spots.size() < 2) continue;
        std::mt19937 rng(seed);
        for (int q = 0; q < 6; ++q) {
            const Voxel s = spots[rng() % spots.size()], g = spots[rng() % spots.size()];
            const double want = ref.dijkstra(s, g);
            const Route r = nav.find_route(s, g);
            ++routes;
            INFO("from " << s.x << "," << s.y << "," << s.z << " to " << g.x << "," << g.y << "," << g.z);
            if (want < 0) {
                CHECK(r.status == SearchStatus::NoPath);
                continue;
            }
            ++reachable;
            REQUIRE(r.status == SearchStatus::Found);
            CHECK(r.cost == Approx(want).epsilon(1e-9));
            // The bound: admissible from every spot, consistent over every move.
            for (const Voxel& p : spots) {
                const double hp = nav.moves().lower_bound(p, g);
                for (const auto& m : testing::moves_from(nav, p)) REQUIRE(hp <= m.cost + nav.moves().lower_bound(m.to, g) + 1e-12);
            }
            CHECK(nav.moves().lower_bound(s, g) <= want + 1e-12);
        }
    }
    CHECK(standable > 2000);
    CHECK(moves_checked > 10000);
    CHECK(reachable > 100);
    for (MoveTag act : {MoveTag(Action::Walk), MoveTag(Action::Jump), MoveTag(Action::Fall), MoveTag(Action::Swim), MoveTag(Action::Climb),
                        MoveTag(Action::Walk, WorldAct::Open), MoveTag(Action::Leap)}) {
        INFO(to_string(act));
        CHECK(seen[act] > 20);
    }
    // The backward forms of the shaped level and climb moves were exercised.
    for (MoveTag act : {MoveTag(Action::Walk), MoveTag(Action::Swim), MoveTag(Action::Climb), MoveTag(Action::Walk, WorldAct::Open)}) {
        INFO("read backwards: " << to_string(act));
        CHECK(read_backwards[act] > 20);
    }
    CHECK(read_backwards_across_levels > 20);
}
