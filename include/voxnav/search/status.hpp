// SPDX-License-Identifier: MIT
/// @file status.hpp
/// @brief What a search was asked (SearchLimits) and what it reports
/// (SearchStatus, SearchMetrics).
///
/// Errors: none here; Navigator, RouteService and the flow-field and reach
/// queries throw std::invalid_argument for limits outside their [Limit]s.
#pragma once

#include "voxnav/api.hpp"

#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

namespace voxnav {
VOXNAV_API_BEGIN

enum class SearchStatus : std::uint8_t {
    Found,         ///< a route to the goal
    Partial,       ///< node cap reached: a route to the expanded node nearest the goal
    NoPath,        ///< the goal is unreachable (within max_cost, if given)
    InvalidStart,  ///< the start is not a waypoint for this agent
    InvalidGoal,   ///< the goal is not a waypoint for this agent
    Cancelled,     ///< the query was cancelled before it ended (Navigator::cancel, RouteService::cancel)
    Failed,        ///< the query could not run (out of memory on a worker; error says why)
};
[[nodiscard]] const char* to_string(SearchStatus s);
[[nodiscard]] std::optional<SearchStatus> parse_search_status(std::string_view s);

struct SearchLimits {
    /// Nodes are ordered by g + weight * h; the route costs at most weight
    /// times the optimum. [Limit: >= 1, finite; otherwise queries throw
    /// std::invalid_argument]
    double weight = 1.0;
    /// Most node expansions before answering Partial. The default is meant to
    /// keep one query within one tick of a 20 Hz server on a current core
    /// (`voxnav bench` prints the expansions per second, docs/cli.md); lower it for a
    /// tighter budget. [Limit: >= 0]
    std::uint32_t max_nodes = 200'000;
    /// Nodes whose g + h exceed this are not expanded. [Units: seconds] [Limit: >= 0, not NaN]
    double max_cost = std::numeric_limits<double>::infinity();
};

struct SearchMetrics {
    std::uint64_t expanded = 0;   ///< nodes taken from the open list and expanded
    std::uint64_t generated = 0;  ///< distinct nodes created (each one search-memory record)
    std::uint64_t relaxed = 0;    ///< moves evaluated (successor edges)
    std::uint64_t improved = 0;   ///< open nodes given a cheaper parent (decrease-key)
    double microseconds = 0.0;    ///< wall time of the search itself
};

VOXNAV_API_END
}  // namespace voxnav
