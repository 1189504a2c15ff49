// SPDX-License-Identifier: MIT
// Navigator's recorded searches: the trace of a route query, and the
// reachable set (a flood recorded the same way).
#include "route/navigator/navigator_impl.hpp"

#include <algorithm>
#include <unordered_map>

namespace voxnav {
namespace {

// A recorded node as a trace node: its feet voxel (node_of(state): a dig
// search's state also carries the blocks left, which traces do not show).
template <class State, class NodeOf>
TraceNode trace_node(const typename SearchRecord<State>::Node& n, const NavSnapshot& field,
                     const std::unordered_map<State, std::int64_t>& order, NodeOf node_of) {
    TraceNode t;
    t.position = field.voxel_of(node_of(n.state));
    t.g = n.g;
    t.h = n.h;
    t.action = MoveTag::from_bits(n.tag);
    if (!n.root) {
        const auto it = order.find(n.parent);
        t.parent = it == order.end() ? -1 : it->second;  // parents are always expanded
    }
    return t;
}

template <class State, class NodeOf>
void trace_from_record(const SearchRecord<State>& record, const NavSnapshot& field, NodeOf node_of, SearchTrace& t) {
    std::unordered_map<State, std::int64_t> order;
    order.reserve(record.expanded.size());
    for (std::size_t i = 0; i < record.expanded.size(); ++i) order.emplace(record.expanded[i].state, std::int64_t(i));
    t.expanded.reserve(record.expanded.size());
    for (const auto& n : record.expanded) t.expanded.push_back(trace_node(n, field, order, node_of));
    t.open.reserve(record.open.size());
    for (const auto& n : record.open) t.open.push_back(trace_node(n, field, order, node_of));
    t.has_end = record.has_end;
    if (t.has_end) t.end = trace_node(record.end, field, order, node_of);
}

}  // namespace

void Navigator::Impl::fill_trace(const Route& out) {
    SearchTrace& t = *trace_;
    t.clear();
    t.status = out.status;
    t.cost = out.cost;
    t.weight = limits_.weight;
    t.metrics = out.metrics;
    if (std::holds_alternative<DigProblem>(search_problem_)) trace_from_record(dig_->record, *snapshot_, &DigProblem::node, t);
    else trace_from_record(record_, *snapshot_, [](NavSnapshot::Index n) { return n; }, t);
}

Reach Navigator::Impl::reachable(const Voxel& from, const QueryOptions& options) {
    cancel();
    check_options(*snapshot_, profile_, options);
    Reach out;
    const std::string bad_start = prepare_costs(from, options);
    if (!bad_start.empty()) {
        out.status = SearchStatus::InvalidStart;
        out.error = bad_start;
        query_moves_.reset();
        return out;
    }
    ReachProblem flood(*active_moves_, zones_);
    // The recorder only when a trace is asked for: the reached set is the
    // search's closed set, read directly.
    search_.record_into(options.trace ? &record_ : nullptr);
    SearchLimits limits = limits_;
    limits.weight = 1.0;
    search_.run(flood, snapshot_->index_of(from), limits, result_);
    search_.record_into(nullptr);
    out.metrics = result_.metrics;
    out.status = result_.status == SearchStatus::Partial ? SearchStatus::Partial : SearchStatus::Found;
    out.waypoints.reserve(std::size_t(result_.metrics.expanded));
    search_.for_each_expanded(flood, [&](NavSnapshot::Index n, double g, std::uint8_t tag) {
        out.waypoints.push_back({snapshot_->voxel_of(n), g, MoveTag::from_bits(tag).motion()});  // the start: tag 0, Start
    });
    // In order of cost, the start first (a flood closes them in that order; the nodes were made in another).
    std::stable_sort(out.waypoints.begin(), out.waypoints.end(), [](const ReachedWaypoint& a, const ReachedWaypoint& b) { return a.cost < b.cost; });
    if (options.trace) {
        trace_ = options.trace;
        Route as_route;
        as_route.status = out.status;
        as_route.metrics = out.metrics;
        fill_trace(as_route);
        trace_ = nullptr;
    }
    query_moves_.reset();
    return out;
}

}  // namespace voxnav
