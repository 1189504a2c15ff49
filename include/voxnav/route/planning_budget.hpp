// SPDX-License-Identifier: MIT
/// @file planning_budget.hpp
/// @brief PlanningBudget: one search budget per tick shared by every
/// Follower that plans in it, as a server with hundreds of mobs needs (one
/// tick must not pay for a hundred routes planned at once).
///
/// @code
///   voxnav::PlanningBudget budget(std::chrono::microseconds(1000));  // 1 ms a tick, all followers together
///   voxnav::FollowerSettings s; s.budget = &budget;
///   voxnav::Follower zombie(nav, s);          // ... and every other follower
///   voxnav::PlanningBudget by_count(20'000);  // or: expansions per tick
/// @endcode
///
/// Two units:
/// - **Time** (microseconds per tick, as the Luanti mod's search budget): what
///   a game budgets a tick in. An expansion is no unit of time (a jump-point
///   expansion scans runs; a dig search's expands costs more than a walker's),
///   so each plan's grant is converted to expansions by a running estimate
///   of microseconds per expansion kept per navigator (an agent kind),
///   learned from the plans' measured times (the follower times each plan
///   with a steady clock). A plan may overrun its grant when the estimate is
///   off; the budget counts the time really spent and the next plans of the
///   tick get less (or wait), and the estimate follows.
/// - **Expansions** per tick: exact and repeatable (tests, replays), blind to
///   how much an expansion costs.
///
/// How it shares:
/// - A tick is the set of update() calls with one `now`: the first call
///   with another `now` starts the next tick and refills the budget.
/// - A follower due to plan is given at most max(least_per_plan,
///   per_tick / N), N the followers that wanted to plan in the previous
///   tick, so every one that waits gets a share. A longer search ends
///   Partial: the follower walks that part and plans on from its end (so a
///   long route is spread over ticks while the body moves).
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
/// expands past the cap check (and, in time, by the estimate's error); the
/// budget counts what was really expanded or spent. At most 64 navigators
/// keep an estimate each (more share one, the last, conservative slot).
#pragma once

#include "voxnav/api.hpp"

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace voxnav {
VOXNAV_API_BEGIN

class Navigator;

class PlanningBudget {
public:
    /// expansions_per_tick >= 1: what all followers together may expand in
    /// one tick. least_per_plan >= 1: the fewest a plan is given (a tick
    /// with less left turns the rest away). Throws std::invalid_argument
    /// for 0 in either.
    explicit PlanningBudget(std::size_t expansions_per_tick, std::size_t least_per_plan = 256);
    /// In time: per_tick >= 1 us of planning for all followers together in
    /// one tick; least_per_plan >= 1 us the least a plan is given (default
    /// 50 us: a short route's search; a tick with less left turns the rest
    /// away). Throws std::invalid_argument for less than 1 us in either.
    explicit PlanningBudget(std::chrono::microseconds per_tick,
                            std::chrono::microseconds least_per_plan = std::chrono::microseconds(50));

    /// For a follower about to plan at `now` (its update's clock) on
    /// `navigator` (whose estimate converts a grant in time): the expansions
    /// it may spend, or 0: wait for the next tick. `ticket` is the
    /// follower's own (0 when not waiting; set here when it is turned away,
    /// cleared when served).
    [[nodiscard]] std::size_t grant(double now, std::uint64_t& ticket, const Navigator* navigator = nullptr);
    /// What the plan given a grant really expanded, and the time it took on
    /// the follower's thread [Units: microseconds] (a budget in time counts
    /// the time and learns the navigator's time per expansion from it; a
    /// budget in expansions counts the expansions).
    void spend(std::size_t expansions, double microseconds = 0.0, const Navigator* navigator = nullptr);

    /// True when given in time.
    [[nodiscard]] bool in_time() const { return in_time_; }
    /// Per tick, in the budget's unit: expansions, or microseconds in time.
    [[nodiscard]] std::size_t per_tick() const { return std::size_t(per_tick_); }
    /// Expansions per tick; 0 for a budget in time.
    [[nodiscard]] std::size_t expansions_per_tick() const { return in_time_ ? 0 : std::size_t(per_tick_); }
    /// Left in the current tick, in the budget's unit (expansions or microseconds).
    [[nodiscard]] std::size_t remaining() const { return std::size_t(remaining_); }
    /// Plans turned away in the current tick.
    [[nodiscard]] std::size_t turned_away() const { return turned_away_; }
    /// The running estimate for `navigator`: microseconds per expansion
    /// (before its first plan: a prior of 1 us), net of each plan's fixed
    /// part (learnt from plans of under 32 expansions; prior 5 us). A grant
    /// in time is (share - fixed part) / this. [Units: microseconds]
    [[nodiscard]] double microseconds_per_expansion(const Navigator* navigator) const;

private:
    void advance(double now);
    std::size_t slot(const Navigator* navigator) const;
    // The slot whose estimates serve `navigator` (kSlots: none yet, the priors).
    std::size_t estimate_of(const Navigator* navigator) const;

    bool in_time_ = false;
    double per_tick_, least_;  // in the budget's unit
    double remaining_ = 0.0;
    std::uint64_t tick_ = 0;
    double tick_time_ = std::numeric_limits<double>::quiet_NaN();
    static constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max();
    std::uint64_t admit_upto_ = kNone;      // serve only tickets from this tick or older
    std::uint64_t oldest_turned_ = kNone;   // the oldest ticket turned away this tick
    std::size_t wanted_ = 0, wanted_last_ = 0, turned_away_ = 0;
    // Per navigator: microseconds per expansion (fixed slots: grant and
    // spend never allocate).
    static constexpr std::size_t kSlots = 64;
    std::array<const Navigator*, kSlots> navigators_{};
    std::array<double, kSlots> us_per_expansion_{};
    std::array<std::uint32_t, kSlots> plans_learned_{};
    std::array<double, kSlots> fixed_us_{};  // each plan's fixed part [Units: microseconds]
    std::array<std::uint32_t, kSlots> small_plans_{};
    std::size_t used_ = 0;
};

VOXNAV_API_END
}  // namespace voxnav
