// SPDX-License-Identifier: MIT
/// @file trace.hpp
/// @brief SearchTrace: what a route query's search did, in waypoints: every
/// expansion in order (position, g, h, parent, action) and the open list when
/// it ended. The input of `voxnav render` / `voxnav view`, and a regression
/// record: rebuild_route(trace) gives the query's route back, and the same
/// query on the same world records the same trace.
///
/// @code
///   voxnav::SearchTrace trace;
///   voxnav::QueryOptions q;
///   q.trace = &trace;                       // recording costs nothing when unset
///   voxnav::Route r = nav.find_route(from, voxnav::Goal::at(to), q);
///   // trace.expanded.size() == r.metrics.expanded
/// @endcode
///
/// A dig or place query (AgentProfile::dig, AgentProfile::place) records its search too:
/// its states are positions with the blocks left, so one position may be
/// expanded more than once (the trace shows positions only).
///
/// Memory: 48 bytes per expanded or open node; a 200,000-node query records
/// about 10 MB. The JSON form takes about 60 bytes per node.
#pragma once

#include "voxnav/api.hpp"

#include "voxnav/agent/action.hpp"
#include "voxnav/route/route.hpp"
#include "voxnav/world/box.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace voxnav {
VOXNAV_API_BEGIN

struct TraceNode {
    Voxel position{0};          ///< feet voxel
    double g = 0.0;             ///< cost from the start [Units: seconds]
    double h = 0.0;             ///< heuristic (lower bound to the goal, unweighted) [Units: seconds]
    std::int64_t parent = -1;   ///< index into SearchTrace::expanded of its parent; -1 for the start
    MoveTag action = Action::Start;  ///< the move from the parent: its motion and world acts
};

struct SearchTrace {
    /// Every expansion in order; the first is the start. size() equals the
    /// route's metrics.expanded.
    std::vector<TraceNode> expanded;
    /// The nodes still open when the search ended, in no particular order.
    std::vector<TraceNode> open;
    /// Where the route ends (the goal reached, or for a partial route the
    /// expanded node nearest the goal); meaningless unless has_end.
    bool has_end = false;
    TraceNode end;
    /// The query's answer: status, cost and metrics (waypoints not kept:
    /// rebuild_route gives them).
    SearchStatus status = SearchStatus::NoPath;
    double cost = 0.0;       ///< [Units: seconds]
    double weight = 1.0;     ///< heuristic weight of the query
    SearchMetrics metrics;
    /// Read from a trace written before motions and world acts were apart
    /// (no "format" key): its "jump" may be a leap, and "open", "dig" and
    /// "place" stood for a move's motion (see trace_moves_match).
    bool legacy_actions = false;

    void clear() { *this = SearchTrace{}; }
};

/// The route the trace's search answered: the chain of parents from `end`
/// back to the start, each move costing the g difference. Empty waypoints for
/// NoPath. Throws std::invalid_argument when a parent index is out of range
/// or the chain loops (a damaged trace).
[[nodiscard]] Route rebuild_route(const SearchTrace& trace);

/// Whether move `recorded` of trace `from` is the move `now` of a search
/// run again: the same motion and world acts. For a legacy trace, a
/// recorded "jump" is a jump or a leap that acts on nothing, and a recorded
/// "open", "dig" or "place" is any move that opens, digs or places.
[[nodiscard]] bool trace_moves_match(const SearchTrace& from, MoveTag recorded, MoveTag now);

/// Trace JSON: {"status", "cost", "weight", "expanded": N, "generated",
/// "time_us", "format": 2, "fields": ["x","y","z","g","h","parent","action"],
/// "expansions": [[x,y,z,g,h,parent,action], ...], "open": [...], "end": [...] or null}.
/// An action is a motion word (Action), followed by "+open", "+dig" or
/// "+place" for each world act of the move ("walk+open"). Traces without
/// "format" (written before 2026-11-26) read as legacy_actions.
[[nodiscard]] std::string to_json(const SearchTrace& trace);
/// Parses trace JSON as to_json writes it. Throws std::runtime_error naming
/// the key or entry that is wrong.
[[nodiscard]] SearchTrace trace_from_json(const std::string& text);

VOXNAV_API_END
}  // namespace voxnav
