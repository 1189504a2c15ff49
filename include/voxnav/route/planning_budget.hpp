// SPDX-License-Identifier: MIT
/// @file planning_budget.hpp
/// @brief PlanningBudget: one search budget per tick shared by every
/// Follower that plans in it, as a server with hundreds of mobs needs (one
/// tick must not pay for a hundred routes planned at once).
///
/// @code
///   voxnav::PlanningBudget budget(20'000);    // expansions per tick, all followers together
///   voxnav::FollowerSettings s; s.budget = &budget;
///   voxnav::Follower zombie(nav, s);          // ... and every other follower
/// @endcode
///
/// How it shares:
/// - A tick is the set of update() calls with one `now`: the first call
///   with another `now` starts the next tick and refills the budget.
/// - A follower due to plan is given at most max(least_per_plan,
///   expansions_per_tick / N) expansions, N the followers that wanted to
///   plan in the previous tick, so every one that waits gets a share. A
///   longer search ends Partial: the follower walks that part and plans on
///   from its end (so a long route is spread over ticks while the body moves).
/// - Fair: when followers had to wait in a tick, the next tick serves only
///   those that have waited longest (since the oldest tick anyone was
///   turned away in) until they are served; later ones wait. No follower
///   waits forever, whatever order the game updates them in.
/// - A follower turned away keeps its status (it follows the route it has,
///   or stands still reporting `replanning`) and asks again next tick. A
///   follower asks at most once a tick (Follower plans once a tick).
///
/// Threads: a budget belongs to the thread that updates its followers.
/// Limits: a search may overrun its grant by the few nodes the search
/// expands past the cap check; the budget counts what was really expanded.
#pragma once

#include "voxnav/api.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>

namespace voxnav {
VOXNAV_API_BEGIN

class PlanningBudget {
public:
    /// expansions_per_tick >= 1: what all followers together may expand in
    /// one tick. least_per_plan >= 1: the fewest a plan is given (a tick
    /// with less left turns the rest away). Throws std::invalid_argument
    /// for 0 in either.
    explicit PlanningBudget(std::size_t expansions_per_tick, std::size_t least_per_plan = 256);

    /// For a follower about to plan at `now` (its update's clock): the
    /// expansions it may spend, or 0: wait for the next tick. `ticket` is the
    /// follower's own (0 when not waiting; set here when it is turned away,
    /// cleared when served).
    [[nodiscard]] std::size_t grant(double now, std::uint64_t& ticket);
    /// What the plan given a grant really expanded.
    void spend(std::size_t expansions);

    [[nodiscard]] std::size_t expansions_per_tick() const { return per_tick_; }
    /// Left in the current tick.
    [[nodiscard]] std::size_t remaining() const { return remaining_; }
    /// Plans turned away in the current tick.
    [[nodiscard]] std::size_t turned_away() const { return turned_away_; }

private:
    void advance(double now);

    std::size_t per_tick_, least_;
    std::size_t remaining_ = 0;
    std::uint64_t tick_ = 0;
    double tick_time_ = std::numeric_limits<double>::quiet_NaN();
    static constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max();
    std::uint64_t admit_upto_ = kNone;      // serve only tickets from this tick or older
    std::uint64_t oldest_turned_ = kNone;   // the oldest ticket turned away this tick
    std::size_t wanted_ = 0, wanted_last_ = 0, turned_away_ = 0;
};

VOXNAV_API_END
}  // namespace voxnav
