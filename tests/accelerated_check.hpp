// SPDX-License-Identifier: MIT
// One query with search acceleration (jump points, open-sky pruning) and
// without, both checked against the reference Dijkstra, then sliced; the
// waypoints to pick queries from, and seeded queries among them.
#pragma once

#include "reference_model.hpp"

#include <catch2/catch.hpp>

#include <random>

namespace testing {

/// The reference's waypoints in a bounded world.
inline std::vector<voxnav::Voxel> waypoints_of(const ref::Model& model, const voxnav::World& w) {
    std::vector<voxnav::Voxel> out;
    const voxnav::VoxelBox b = *w.bounds();
    for (int y = b.lo.y; y < b.hi.y; ++y)
        for (int z = b.lo.z; z < b.hi.z; ++z)
            for (int x = b.lo.x; x < b.hi.x; ++x)
                if (model.waypoint({x, y, z})) out.push_back({x, y, z});
    return out;
}

/// Calls `query(nav, model, s, g)` for `count` seeded start and goal
/// waypoints of agent `a` in `w` (s and g drawn in that order, one per
/// statement, so every build runs the same pairs); nothing when the world
/// has fewer than 2 waypoints.
template <class Query>
void for_random_queries(const voxnav::World& w, const voxnav::AgentProfile& a, std::uint32_t seed, int count, Query&& query) {
    const ref::Model model(w, a);
    const auto spots = waypoints_of(model, w);
    if (spots.size() < 2) return;
    voxnav::Navigator nav(w, a);
    std::mt19937 rng(seed);
    for (int q = 0; q < count; ++q) {
        const voxnav::Voxel s = spots[rng() % spots.size()];
        const voxnav::Voxel g = spots[rng() % spots.size()];
        INFO("seed " << seed << " from " << s.x << "," << s.y << "," << s.z << " to " << g.x << "," << g.y << "," << g.z);
        query(nav, model, s, g);
    }
}

struct AcceleratedAndPlain {
    voxnav::Route fast, plain;
    bool found = false;
};

/// Routes s -> g with Acceleration::JumpPoints and with Off: the statuses
/// agree; a found route costs the reference's optimum both ways and every
/// move of the accelerated one is legal; sliced `slice` expansions at a time,
/// the accelerated query gives the one-shot answer.
inline AcceleratedAndPlain accelerated_and_plain(voxnav::Navigator& nav, const ref::Model& model, const voxnav::Voxel& s,
                                                 const voxnav::Voxel& g, std::uint32_t slice) {
    using namespace voxnav;
    QueryOptions off, jump;
    off.acceleration = Acceleration::Off;
    jump.acceleration = Acceleration::JumpPoints;
    AcceleratedAndPlain r;
    r.fast = nav.find_route(s, Goal::at(g), jump);
    r.plain = nav.find_route(s, Goal::at(g), off);
    const double best = model.dijkstra(s, g);
    REQUIRE(r.fast.status == r.plain.status);
    if (best < 0) {
        CHECK(r.fast.status == SearchStatus::NoPath);
        return r;
    }
    r.found = true;
    REQUIRE(r.fast.status == SearchStatus::Found);
    CHECK(r.fast.cost == Approx(best).epsilon(1e-9));
    CHECK(r.plain.cost == Approx(best).epsilon(1e-9));
    CHECK(model.check_route(r.fast) == "");  // every move legal (runs were expanded back)
    nav.begin_route(s, Goal::at(g), jump);
    while (!nav.step(slice)) {}
    const Route sliced = nav.route();
    CHECK(sliced.cost == r.fast.cost);
    CHECK(sliced.waypoints.size() == r.fast.waypoints.size());
    return r;
}

}  // namespace testing
