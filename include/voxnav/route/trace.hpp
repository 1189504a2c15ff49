/// @file trace.hpp
/// @brief SearchTrace: what a route query's search did, in waypoints: every
/// expansion in order (position, g, h, parent, action) and the open list when
/// it ended. The input of `voxnav render` / `voxnav view`, and a regression
/// record: rebuild_route(trace) gives the query's route back, and the same
/// query on the same world records the same trace.
///
///   voxnav::SearchTrace trace;
///   voxnav::QueryOptions q;
///   q.trace = &trace;                       // recording costs nothing when unset
///   voxnav::Route r = nav.find_route(from, voxnav::Goal::at(to), q);
///   // trace.expanded.size() == r.metrics.expanded
///
/// Memory: 48 bytes per expanded or open node; a 200,000-node query records
/// about 10 MB. The JSON form takes about 60 bytes per node.
#pragma once

#include "voxnav/agent/action.hpp"
#include "voxnav/route/route.hpp"
#include "voxnav/world/box.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace voxnav {

struct TraceNode {
    Voxel position{0};          ///< feet voxel
    double g = 0.0;             ///< cost from the start [Units: seconds]
    double h = 0.0;             ///< heuristic (lower bound to the goal, unweighted) [Units: seconds]
    std::int64_t parent = -1;   ///< index into SearchTrace::expanded of its parent; -1 for the start
    Action action = Action::Start;  ///< the move from the parent
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

    void clear() { *this = SearchTrace{}; }
};

/// The route the trace's search answered: the chain of parents from `end`
/// back to the start, each move costing the g difference. Empty waypoints for
/// NoPath. Throws std::invalid_argument when a parent index is out of range
/// or the chain loops (a damaged trace).
[[nodiscard]] Route rebuild_route(const SearchTrace& trace);

/// Trace JSON: {"status", "cost", "weight", "expanded": N, "generated",
/// "time_us", "fields": ["x","y","z","g","h","parent","action"],
/// "expansions": [[x,y,z,g,h,parent,action], ...], "open": [...], "end": [...] or null}.
[[nodiscard]] std::string to_json(const SearchTrace& trace);
/// Parses trace JSON as to_json writes it. Throws std::runtime_error naming
/// the key or entry that is wrong.
[[nodiscard]] SearchTrace trace_from_json(const std::string& text);

}  // namespace voxnav
