// SPDX-License-Identifier: MIT
// The options of one route query (start, goals, zones, agent, limits), shared
// by `voxnav route`, `render` and `view`, and turning them into a Navigator
// query.
#pragma once

#include "cli_common.hpp"

namespace voxnav::cli {

struct QueryArgs {
    std::string from;
    std::vector<std::string> to, flee, avoid, prefer;
    std::optional<std::string> agent;
    double weight = 1.0;
    std::optional<long long> max_nodes;
    std::optional<double> max_cost;
    bool snap = false;
};

/// Adds --from, --to, --flee, --avoid, --prefer, --agent, --weight,
/// --max-nodes, --max-cost and --snap. --from is required when from_required.
void add_query_options(CLI::App* sub, QueryArgs& args, bool from_required);

/// A query ready to run, or (bad_start set) a start that failed to snap.
struct PreparedQuery {
    Voxel from{0};
    Goal goal;
    QueryOptions options;
    std::string notes;              ///< what snapping did, for Route::snapped
    std::optional<Route> bad_start; ///< the answer when the start could not be used
};
/// Throws UsageError for bad option text. Needs --to or --flee.
PreparedQuery prepare_query(const World& world, const Navigator& nav, const QueryArgs& args);
/// The goal of one or more --to values (any of them); `snapped` gets what
/// snapping game positions did. UsageError naming --to for bad text.
Goal goal_of_to_options(const World& world, const Navigator& nav, const std::vector<std::string>& to, std::string& snapped);
/// --avoid and --prefer values as cost zones (UsageError naming the option).
std::vector<CostZone> zones_of_options(const std::vector<std::string>& avoid, const std::vector<std::string>& prefer);
/// Runs a prepared query (in slices of `slice` expansions when non-zero).
Route run_query(Navigator& nav, PreparedQuery& query, std::uint32_t slice = 0, std::uint64_t* slices = nullptr);

}  // namespace voxnav::cli
