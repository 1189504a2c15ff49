// Plain-floor bits (facts/plain_floor.hpp): kept per chunk by NavField, they
// must equal the predicate after every edit, load and unload, and jump points
// reading them must keep giving the plain search's costs.
#include "flat_world.hpp"
#include "random_world.hpp"

#include "voxnav/facts/nav_field.hpp"
#include "voxnav/facts/plain_floor.hpp"
#include "voxnav/route/navigator.hpp"

#include <catch2/catch.hpp>

#include <random>

using namespace voxnav;

namespace {

// Every voxel of every slot: the stored bit against the predicate computed
// from the facts. Returns the number of disagreements.
std::size_t plain_mismatches(const NavSnapshot& snap, std::size_t& plain_count) {
    std::size_t bad = 0;
    for (std::uint32_t s = 1; s < snap.slot_capacity(); ++s)
        for (std::uint32_t l = 0; l < 4096; ++l) {
            const NavSnapshot::Index i = (s << NavSnapshot::local_bits) | l;
            const bool want = is_plain_floor(snap, i, kPlainJump);
            plain_count += want;
            bad += snap.plain(i) != want;
        }
    return bad;
}

// A random edit near the floor: a wall or step, a hole, water, mud, or air.
void random_edit(World& w, std::mt19937& rng, Voxel lo, Voxel size) {
    const auto& reg = w.blocks();
    const BlockId kinds[] = {*reg.find("stone"), *reg.find("water"), *reg.find("mud"), BlockRegistry::air};
    const Voxel v = lo + Voxel(int(rng() % std::uint32_t(size.x)), int(rng() % 3), int(rng() % std::uint32_t(size.z)));
    w.set_block(v, kinds[rng() % 4]);
}

}  // namespace

TEST_CASE("plain-floor bits equal the predicate after every edit, load and unload", "[facts][plain]") {
    std::size_t checked = 0, plain_seen = 0;
    for (std::uint32_t seed = 1; seed <= 12; ++seed) {
        // Floors at a chunk's bottom, its top, and just below its top, so
        // neighbours and the voxels above cross chunk faces.
        const int floor_y = seed % 3 == 0 ? 0 : seed % 3 == 1 ? 14 : 15;
        const Voxel size(36 + int(seed % 4) * 5, 6, 36);
        World w = testing::flat_world(seed, size, floor_y, /*bounded=*/seed % 2 == 0);
        AgentProfile a = testing::random_agent(seed);
        NavField field(w, a);
        std::size_t plain_count = 0;
        REQUIRE(plain_mismatches(*field.snapshot(), plain_count) == 0);
        std::mt19937 rng(seed);
        for (int round = 0; round < 25; ++round) {
            INFO("seed " << seed << " round " << round);
            const int edits = 1 + int(rng() % 6);
            for (int e = 0; e < edits; ++e) random_edit(w, rng, {0, floor_y, 0}, size);
            // Unbounded worlds also lose and regain whole chunks.
            if (seed % 2 == 1 && round % 5 == 4) {
                const Voxel c(int(rng() % 3), floor_y / 16, int(rng() % 3));
                if (w.is_loaded(c))
                    w.unload_chunk(c);
                else
                    random_edit(w, rng, {c.x * 16, floor_y, c.z * 16}, {16, 6, 16});
            }
            field.sync(w);
            const auto st = field.last_sync();
            // Locality: the bits of at most 18 chunks move per chunk whose facts changed.
            CHECK(st.plain_derived <= 18 * (st.derived + st.removed));
            REQUIRE(plain_mismatches(*field.snapshot(), plain_count) == 0);
            ++checked;
        }
        plain_seen += plain_count;
    }
    CHECK(checked == 12 * 25);
    CHECK(plain_seen > 100000);  // the worlds have plenty of plain floor to get wrong
}

TEST_CASE("jump points agree with the plain search after random edits", "[search][jump][plain]") {
    int compared = 0, found = 0;
    for (std::uint32_t seed = 1; seed <= 10; ++seed) {
        const int floor_y = seed % 2 ? 15 : 0;
        const Voxel size(40, 6, 34);
        World w = testing::flat_world(seed + 100, size, floor_y);
        AgentProfile a = testing::random_agent(seed);
        a.walk = a.diagonal = true;
        a.fly = false;
        REQUIRE(JumpPointProblem::suits(a));
        Navigator nav(w, a);
        std::mt19937 rng(seed);
        QueryOptions off, jump;
        off.acceleration = Acceleration::Off;
        jump.acceleration = Acceleration::JumpPoints;
        for (int round = 0; round < 12; ++round) {
            for (int e = 0, n = 1 + int(rng() % 8); e < n; ++e) random_edit(w, rng, {0, floor_y, 0}, size);
            nav.sync();
            for (int q = 0; q < 6; ++q) {
                const Voxel s(int(rng() % 40), floor_y + 1, int(rng() % 34)), g(int(rng() % 40), floor_y + 1, int(rng() % 34));
                INFO("seed " << seed << " round " << round << " from " << s.x << "," << s.z << " to " << g.x << "," << g.z);
                const Route fast = nav.find_route(s, Goal::at(g), jump);
                const Route plain = nav.find_route(s, Goal::at(g), off);
                ++compared;
                REQUIRE(fast.status == plain.status);
                if (plain.status != SearchStatus::Found) continue;
                ++found;
                CHECK(fast.cost == Approx(plain.cost).epsilon(1e-9));
            }
        }
    }
    CHECK(compared == 10 * 12 * 6);
    CHECK(found > compared / 3);
}
