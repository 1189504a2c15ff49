// SPDX-License-Identifier: MIT
/// @file trace.hpp
/// @brief SearchRecord: what one A* search did, in the search's own states.
///
/// AStar fills one when given it (AStar::record_into); otherwise it costs the
/// search one predictable branch per expansion. The route layer turns it into
/// a voxnav::SearchTrace (route/trace.hpp) with positions and actions.
///
/// Errors: recording may throw std::bad_alloc; nothing else.
#pragma once

#include <cstdint>
#include <vector>

namespace voxnav {

template <class State>
struct SearchRecord {
    struct Node {
        State state;
        State parent;             ///< meaningless when root
        double g = 0.0;           ///< cost from the start [Units: seconds]
        double h = 0.0;           ///< heuristic (unweighted) [Units: seconds]
        std::uint8_t tag = 0;     ///< the move that reached it
        bool root = false;        ///< the start (no parent)
    };
    /// Every expansion, in order (the goal, taken from the open list but not
    /// expanded, is `end` instead). size() == SearchMetrics::expanded.
    std::vector<Node> expanded;
    /// The open list when the search ended, in no particular order.
    std::vector<Node> open;
    /// The node the answer ends at: the goal (Found) or the expanded node
    /// nearest the goal (Partial); unset for NoPath.
    bool has_end = false;
    Node end{};

    void clear() {
        expanded.clear();
        open.clear();
        has_end = false;
    }
};

}  // namespace voxnav
