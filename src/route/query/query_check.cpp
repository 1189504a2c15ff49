// SPDX-License-Identifier: MIT
// What a query may ask of a navigator's facts and profile, checked before
// any search: the limits' ranges, the zones, the floor-cost overrides (the
// Navigator's queries, flow fields and the RouteService's submit all check
// the same way, with the same messages).
#include "route/query/query_check.hpp"

#include "facts/block_traits.hpp"
#include "facts/nav_snapshot.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace voxnav {

std::array<double, 16> query_floor_multipliers(const NavSnapshot& snapshot, const AgentProfile& profile, const QueryOptions& options) {
    // The facts keep one class per multiplier of the profile's floor_cost;
    // an override gives a class another multiplier.
    std::array<double, 16> mult = snapshot.multipliers();
    std::array<bool, 16> set{};
    for (const auto& [name, m] : options.floor_cost) {
        if (!(m >= 1.0) || !std::isfinite(m))
            throw std::invalid_argument("QueryOptions.floor_cost['" + name + "']: the multiplier must be a finite number >= 1");
        const auto base = profile.floor_cost.find(name);
        if (base == profile.floor_cost.end() || !(base->second > 1.0))
            throw std::invalid_argument("QueryOptions.floor_cost['" + name +
                                        "']: only floors the profile's floor_cost gives a multiplier above 1 can be "
                                        "overridden (the shared facts keep only those apart)");
        const std::size_t cls = snapshot.floor_class_of(name);
        const double was = snapshot.multipliers()[cls];
        // A slow block keeps its own slowness under the override (soul sand:
        // the query's multiplier times 2.5).
        const double block_part = snapshot.block_traits() ? snapshot.block_traits()->floors().block_part(unsigned(cls)) : 1.0;
        if (set[cls] && mult[cls] != m * block_part)
            throw std::invalid_argument("QueryOptions.floor_cost['" + name + "']: floors that share the profile's multiplier " +
                                        std::to_string(was) + " must get the same override");
        mult[cls] = m * block_part;
        set[cls] = true;
    }
    // A wide footprint over two floors pays the class with the larger index.
    for (int i = 2; profile.width > 1 && i < 16; ++i)
        if (mult[i] < mult[i - 1] && snapshot.multipliers()[i] > snapshot.multipliers()[i - 1])
            throw std::invalid_argument(
                "QueryOptions.floor_cost: for agents wider than 1 the overrides must keep the order of the profile's multipliers");
    return mult;
}

void check_options(const NavSnapshot& snapshot, const AgentProfile& profile, const QueryOptions& options) {
    // The limits' documented ranges (search/status.hpp): a weight below 1
    // would break the cost bound the route promises, so it is the caller's
    // error, as in the C API and the CLI (it was silently taken as 1).
    const SearchLimits& l = options.limits;
    if (!(l.weight >= 1.0) || !std::isfinite(l.weight))
        throw std::invalid_argument("SearchLimits.weight must be finite and >= 1 (got " + std::to_string(l.weight) + ")");
    if (!(l.max_cost >= 0.0))
        throw std::invalid_argument("SearchLimits.max_cost must be >= 0 or infinity (got " + std::to_string(l.max_cost) + ")");
    for (const CostZone& z : options.zones) z.validate();
    if (!options.floor_cost.empty()) (void)query_floor_multipliers(snapshot, profile, options);
}

void check_query(const NavSnapshot& snapshot, const AgentProfile& profile, const Goal& goal, const QueryOptions& options) {
    if (goal.parts().empty() && !goal.is_flee()) throw std::invalid_argument("Navigator::begin_route: empty goal");
    check_options(snapshot, profile, options);
}

}  // namespace voxnav
