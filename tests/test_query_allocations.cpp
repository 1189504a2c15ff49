// SPDX-License-Identifier: MIT
// A warm navigator's queries allocate nothing (issue 39, item 1): the game
// asks thousands of short questions a second, and a heap call per query is
// both time and a lock in most allocators. This binary replaces the global
// operator new to count allocations while a test asks it to; it is its own
// executable so no other test runs under the counting allocator.
#include "route/problems/landmark_keeper.hpp"
#include "voxnav/route/navigator.hpp"
#include "bench/terrain.hpp"
#include "flat_world.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <cstdlib>
#include <new>
#include <random>

namespace {
std::atomic<bool> counting{false};
std::atomic<std::uint64_t> allocations{0};

void* counted(std::size_t n) {
    if (counting.load(std::memory_order_relaxed)) allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(n ? n : 1)) return p;
    throw std::bad_alloc();
}
}  // namespace

void* operator new(std::size_t n) { return counted(n); }
void* operator new[](std::size_t n) { return counted(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

using namespace voxnav;

namespace {

// Allocations made by `f` on this thread's watch (the navigator's landmark
// worker is off: tables are built before, with background = false).
template <class F>
std::uint64_t allocations_in(F&& f) {
    allocations.store(0);
    counting.store(true);
    f();
    counting.store(false);
    return allocations.load();
}

World hills() {
    TerrainParams p;
    p.size = {64, 24, 64};
    p.seed = 7;
    p.cliffs = true;
    p.lakes = true;
    return generate_terrain(p);
}

struct Pair {
    Voxel from, to;
};

// Waypoint pairs of every length, found by walking the waypoints of a navigator.
std::vector<Pair> pairs_of(Navigator& nav, const World& w, int count) {
    std::vector<Voxel> stands;
    const VoxelBox b = *w.bounds();
    for (int z = b.lo.z; z < b.hi.z; ++z)
        for (int x = b.lo.x; x < b.hi.x; ++x)
            for (int y = b.hi.y - 1; y >= b.lo.y; --y)
                if (nav.is_waypoint({x, y, z})) {
                    stands.push_back({x, y, z});
                    break;
                }
    std::mt19937 rng(3);
    std::vector<Pair> out;
    for (int i = 0; i < count; ++i) {
        const Voxel a = stands[rng() % stands.size()];
        out.push_back({a, i % 3 == 0 ? a : stands[rng() % stands.size()]});  // some empty queries (start = goal)
    }
    return out;
}


// Plain queries (jump points on mostly plain floor, open sky for a flyer),
// goals, any-of goals and flee queries, with and without landmark tables.
void check_warm(const World& w, const AgentProfile& agent, bool landmarks) {
    CAPTURE(landmarks, agent.fly);
    Navigator nav(w, agent);
    LandmarkSettings lm;
    lm.min_waypoints = 0;
    lm.background = false;
    nav.use_landmarks(lm);
    if (landmarks && nav.landmarks()) nav.landmarks()->build_now(nav.snapshot());
    const std::vector<Pair> pairs = pairs_of(nav, w, 60);
    QueryOptions goals;
    goals.landmarks = landmarks;
    std::vector<Goal> targets;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        switch (i % 4) {
        case 0: targets.push_back(Goal::at(pairs[i].to)); break;
        case 1: targets.push_back(Goal::near(pairs[i].to, 2.5)); break;
        case 2: targets.push_back(Goal::any_of({Goal::at(pairs[i].to), Goal::at(pairs[(i + 1) % pairs.size()].to)})); break;
        default: targets.push_back(Goal::flee({{glm::dvec3(pairs[i].to), 6.0}})); break;
        }
    }
    Route route;
    int found = 0;
    auto ask_all = [&] {
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            nav.find_route(pairs[i].from, pairs[i].to, SearchLimits{}, route);
            found += route.status == SearchStatus::Found;
            nav.find_route(pairs[i].from, targets[i], goals, route);
        }
    };
    ask_all();  // warm-up: sizes the search memory and the routes
    ask_all();
    found = 0;
    const std::uint64_t n = allocations_in(ask_all);
    CHECK(found > 30);
    CHECK(n == 0);
}

}  // namespace

TEST_CASE("A warm navigator answers plain, goal and flee queries without allocating", "[queries][alloc]") {
    AgentProfile walker;
    walker.jump = true;
    walker.fall = true;
    walker.swim = true;
    AgentProfile flyer;
    flyer.fly = true;
    flyer.walk = false;
    SECTION("hills, lakes and cliffs") {
        const World w = hills();
        for (bool landmarks : {false, true}) check_warm(w, walker, landmarks);
    }
    SECTION("mostly plain floor (jump points)") {
        const World w = testing::flat_world(4, {64, 8, 64});
        for (bool landmarks : {false, true}) check_warm(w, walker, landmarks);
    }
    SECTION("a flyer (open sky)") {
        const World w = hills();
        check_warm(w, flyer, false);
    }
}
