// SPDX-License-Identifier: MIT
// Small helpers shared by the test files.
#pragma once

#include "route/problems/jump_points.hpp"
#include "route/problems/nav_problem.hpp"
#include "route/problems/open_sky.hpp"
#include "voxnav/voxnav.hpp"

#include <sstream>
#include <string>
#include <vector>

namespace testing {

inline voxnav::World world_from_text(const std::string& text) {
    std::istringstream in(text);
    return voxnav::read_text_world(in, "test.vxw");
}

struct Edge {
    voxnav::Voxel to;
    double cost;
    voxnav::MoveTag action;
};

inline std::vector<Edge> moves_from(const voxnav::Navigator& nav, const voxnav::Voxel& p) {
    std::vector<Edge> out;
    const auto i = nav.field().index_of(p);
    if (i == voxnav::NavField::no_index) return out;
    nav.moves().for_each_move(i, [&](voxnav::NavField::Index t, double c, voxnav::MoveTag a) {
        out.push_back({nav.field().voxel_of(t), c, a});
    });
    return out;
}

/// The cheapest move from p to q with action a, or -1 when there is none.
inline double move_cost(const voxnav::Navigator& nav, const voxnav::Voxel& p, const voxnav::Voxel& q, voxnav::MoveTag a) {
    double best = -1;
    for (const Edge& e : moves_from(nav, p))
        if (e.to == q && e.action == a && (best < 0 || e.cost < best)) best = e.cost;
    return best;
}

inline bool has_move_to(const voxnav::Navigator& nav, const voxnav::Voxel& p, const voxnav::Voxel& q) {
    for (const Edge& e : moves_from(nav, p))
        if (e.to == q) return true;
    return false;
}

}  // namespace testing
