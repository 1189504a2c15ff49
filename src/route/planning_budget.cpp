// SPDX-License-Identifier: MIT
#include "voxnav/route/planning_budget.hpp"

#include <algorithm>
#include <stdexcept>

namespace voxnav {

PlanningBudget::PlanningBudget(std::size_t expansions_per_tick, std::size_t least_per_plan)
    : per_tick_(expansions_per_tick), least_(least_per_plan) {
    if (per_tick_ == 0) throw std::invalid_argument("PlanningBudget: expansions_per_tick must be at least 1");
    if (least_ == 0) throw std::invalid_argument("PlanningBudget: least_per_plan must be at least 1");
    least_ = std::min(least_, per_tick_);
}

void PlanningBudget::advance(double now) {
    if (now == tick_time_) return;
    tick_time_ = now;
    ++tick_;
    remaining_ = per_tick_;
    admit_upto_ = oldest_turned_;  // kNone when nobody waited: everyone may plan
    oldest_turned_ = kNone;
    wanted_last_ = wanted_;
    wanted_ = 0;
    turned_away_ = 0;
}

std::size_t PlanningBudget::grant(double now, std::uint64_t& ticket) {
    advance(now);
    ++wanted_;
    const std::uint64_t since = ticket != 0 ? ticket : tick_;
    if ((admit_upto_ != kNone && since > admit_upto_) || remaining_ < least_) {
        if (ticket == 0) ticket = tick_;
        oldest_turned_ = std::min(oldest_turned_, since);
        ++turned_away_;
        return 0;
    }
    ticket = 0;
    const std::size_t share = std::max(least_, per_tick_ / std::max<std::size_t>(1, wanted_last_));
    return std::min(remaining_, share);
}

void PlanningBudget::spend(std::size_t expansions) { remaining_ -= std::min(expansions, remaining_); }

}  // namespace voxnav
