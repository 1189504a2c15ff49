// FlowField::Builder: the backward Dijkstra that fills a FlowField (internal
// to route/; Navigator::flow_field prepares the goal and the costs).
#pragma once

#include "voxnav/agent/movement.hpp"
#include "voxnav/route/flow_field.hpp"
#include "voxnav/route/nav_problem.hpp"

#include <memory>
#include <vector>

namespace voxnav {

struct FlowField::Builder {
    /// Fills `out` with the costs to `goals` (node ids of `snapshot`, each a
    /// waypoint satisfying the goal) over the predecessors of `moves`,
    /// priced by `zones` at each move's end, within `limits` (max_cost,
    /// max_nodes; weight is ignored). Non-empty `cover`: stops once every
    /// one of those node ids is settled. Reuses `out`'s memory and this
    /// builder's open list. Throws only std::bad_alloc.
    void compute(FlowField& out, std::shared_ptr<const NavSnapshot> snapshot, const MovementModel& moves, const ZoneCosts& zones,
                 const std::vector<NodeId>& goals, const SearchLimits& limits, const std::vector<NodeId>& cover);
    /// Sets `out` to an error (status InvalidGoal) on `snapshot`.
    static void fail(FlowField& out, std::shared_ptr<const NavSnapshot> snapshot, SearchStatus status, std::string error);

private:
    struct Open {
        double cost;
        NodeId node;
        bool operator<(const Open& o) const { return cost > o.cost; }  // std heap: the cheapest on top
    };
    static Entry& slot(FlowField& out, NodeId node);
    static void reset(FlowField& out, std::shared_ptr<const NavSnapshot> snapshot);
    static void find_columns(FlowField& out, int reach_chunks);
    std::vector<Open> open_;
};

}  // namespace voxnav
