// SPDX-License-Identifier: MIT
#include "voxnav/route/planning_budget.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace voxnav {

namespace {
// Before a navigator's first plan: 1 us an expansion (a walker's plain or
// jump-point search on a desktop core measures 0.1-1 us; starting high
// gives a first plan less, never more, than its share).
constexpr double kPriorUsPerExpansion = 1.0;
// The estimate is the mean of the first plans, then moves this share of the
// way to each plan's own figure (about the last ten plans count), so it
// follows a navigator whose terrain changes. One odd plan (a preempted
// thread: 13 us an expansion among plans of 0.3) moves it at most from half
// to twice itself: unclamped, one such plan shrank every grant fivefold.
constexpr double kLearnRate = 0.1;
constexpr double kMostChange = 2.0;
// A plan's time is a fixed part (snapping the body, setting the search up,
// building and indexing the route) and a part per expansion. Plans of fewer
// expansions than this teach the fixed part; larger ones, net of it, the
// part per expansion (without the split, a stream of small plans would
// price an expansion at the fixed cost and shrink every grant further).
constexpr std::size_t kLeastToLearn = 32;
constexpr double kPriorFixedUs = 5.0;
constexpr double kFloorUs = 0.005, kCeilingUs = 1000.0;
}  // namespace

PlanningBudget::PlanningBudget(std::size_t expansions_per_tick, std::size_t least_per_plan)
    : per_tick_(double(expansions_per_tick)), least_(double(least_per_plan)) {
    if (expansions_per_tick == 0) throw std::invalid_argument("PlanningBudget: expansions_per_tick must be at least 1");
    if (least_per_plan == 0) throw std::invalid_argument("PlanningBudget: least_per_plan must be at least 1");
    least_ = std::min(least_, per_tick_);
    us_per_expansion_.fill(kPriorUsPerExpansion);
    fixed_us_.fill(kPriorFixedUs);
}

PlanningBudget::PlanningBudget(std::chrono::microseconds per_tick, std::chrono::microseconds least_per_plan)
    : in_time_(true), per_tick_(double(per_tick.count())), least_(double(least_per_plan.count())) {
    if (per_tick.count() < 1) throw std::invalid_argument("PlanningBudget: per_tick must be at least 1 microsecond");
    if (least_per_plan.count() < 1) throw std::invalid_argument("PlanningBudget: least_per_plan must be at least 1 microsecond");
    least_ = std::min(least_, per_tick_);
    us_per_expansion_.fill(kPriorUsPerExpansion);
    fixed_us_.fill(kPriorFixedUs);
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

std::size_t PlanningBudget::slot(const Navigator* navigator) const {
    for (std::size_t i = 0; i < used_; ++i)
        if (navigators_[i] == navigator) return i;
    return kSlots;
}

std::size_t PlanningBudget::estimate_of(const Navigator* navigator) const {
    const std::size_t i = slot(navigator);
    // Past the slots, navigators share the last one; kSlots: not seen yet (the priors).
    return i < kSlots ? i : used_ == kSlots ? kSlots - 1 : kSlots;
}

double PlanningBudget::microseconds_per_expansion(const Navigator* navigator) const {
    const std::size_t i = estimate_of(navigator);
    return i < kSlots ? us_per_expansion_[i] : kPriorUsPerExpansion;
}

std::size_t PlanningBudget::grant(double now, std::uint64_t& ticket, const Navigator* navigator) {
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
    const double share = std::min(remaining_, std::max(least_, per_tick_ / double(std::max<std::size_t>(1, wanted_last_))));
    if (!in_time_) return std::size_t(share);
    // Time to expansions, by what this navigator's plans have cost.
    const std::size_t i = estimate_of(navigator);
    const double fixed = i < kSlots ? fixed_us_[i] : kPriorFixedUs;
    const double per_expansion = i < kSlots ? us_per_expansion_[i] : kPriorUsPerExpansion;
    return std::max<std::size_t>(1, std::size_t(std::max(0.0, share - fixed) / per_expansion));
}

void PlanningBudget::spend(std::size_t expansions, double microseconds, const Navigator* navigator) {
    if (!in_time_) {
        remaining_ -= std::min(double(expansions), remaining_);
        return;
    }
    if (!(microseconds >= 0.0) || !std::isfinite(microseconds)) microseconds = 0.0;
    remaining_ -= std::min(microseconds, remaining_);
    if (microseconds <= 0.0) return;
    std::size_t i = slot(navigator);
    if (i == kSlots) {
        if (used_ < kSlots) navigators_[i = used_++] = navigator;
        else i = kSlots - 1;  // past the slots: shared with the last navigator
    }
    // The first plan of each kind replaces the prior; later ones move the estimate.
    const auto learn = [](double& est, std::uint32_t& plans, double seen) {
        if (plans++ == 0) {
            est = seen;
            return;
        }
        seen = std::clamp(seen, est / kMostChange, est * kMostChange);
        est += std::max(kLearnRate, 1.0 / double(plans)) * (seen - est);
    };
    if (expansions < kLeastToLearn) {
        learn(fixed_us_[i], small_plans_[i], std::min(microseconds, kCeilingUs * kLeastToLearn));
        return;
    }
    const double net = std::max(0.0, microseconds - fixed_us_[i]);
    learn(us_per_expansion_[i], plans_learned_[i], std::clamp(net / double(expansions), kFloorUs, kCeilingUs));
}

}  // namespace voxnav
