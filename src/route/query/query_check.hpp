// SPDX-License-Identifier: MIT
// Checks of a query against the facts it will run on (query_check.cpp):
// the query layer's one piece that reads a snapshot. Used by the navigator
// and by the agents over navigators (RouteService::submit) alike.
#pragma once

#include "voxnav/agent/profile.hpp"
#include "voxnav/route/goal.hpp"
#include "voxnav/route/query_costs.hpp"

#include <array>

namespace voxnav {

class NavSnapshot;

/// The floor multipliers a query's floor_cost overrides give the snapshot's
/// floor classes. Throws std::invalid_argument naming the override that is
/// wrong (what RouteService::submit checks too).
[[nodiscard]] std::array<double, 16> query_floor_multipliers(const NavSnapshot& snapshot, const AgentProfile& profile,
                                                             const QueryOptions& options);
/// What about a query's options is the caller's error: zones, floor-cost
/// overrides. Throws std::invalid_argument.
void check_options(const NavSnapshot& snapshot, const AgentProfile& profile, const QueryOptions& options);
/// check_options and an empty goal.
void check_query(const NavSnapshot& snapshot, const AgentProfile& profile, const Goal& goal, const QueryOptions& options);

}  // namespace voxnav
