// SPDX-License-Identifier: MIT
/// @file landmark_keeper.hpp
/// @brief LandmarkKeeper: the landmark tables (route/landmarks.hpp) of one
/// NavField and agent profile, built and rebuilt on a worker thread of its
/// own as the world changes, and handed to queries. Navigators share one
/// keeper per field, profile and settings; a game only chooses the settings
/// (Navigator::use_landmarks).
///
///   auto keeper = voxnav::LandmarkKeeper::shared(field, profile, {});
///   keeper->offer(field->snapshot());                   // any thread; never waits for a build
///   auto table = keeper->table_for(snapshot->revision()); // may be null, or older than the snapshot
///
/// What the game thread pays: nothing per edit beyond NavField::sync's
/// journal (one copy of at most FactChanges::kKept chunk coordinates per
/// sync that changed facts). The worker, one thread at nice 10, repairs the
/// table (only the times the changes reach: LandmarkTable::repair) or,
/// every max_repairs times or after large changes, builds it anew (2 x count
/// Dijkstra searches over every waypoint, one after another), at most once per
/// `rebuild_interval` while snapshots keep changing. Until a build catches
/// up, queries stay exact through the journal (landmarks.hpp) and get
/// slower only near what changed.
///
/// Thread-safety: every member may be called from any thread. The worker
/// stops with the keeper (a build in progress is abandoned within a few
/// milliseconds, so a program's exit never waits for one).
/// Errors: a build that throws (std::bad_alloc) leaves the previous table
/// in use; nothing is thrown to callers but std::bad_alloc from shared().
#pragma once

#include "voxnav/agent/profile.hpp"
#include "voxnav/facts/nav_field.hpp"
#include "voxnav/route/landmark_settings.hpp"
#include "route/problems/landmarks.hpp"

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

namespace voxnav {

class LandmarkKeeper {
public:
    /// The keeper of this field, profile and settings that others already
    /// use, or a new one. Keepers live while someone holds them.
    [[nodiscard]] static std::shared_ptr<LandmarkKeeper> shared(const std::shared_ptr<NavField>& field,
                                                                const AgentProfile& profile, const LandmarkSettings& settings);
    LandmarkKeeper(const AgentProfile& profile, const LandmarkSettings& settings);
    ~LandmarkKeeper();
    LandmarkKeeper(const LandmarkKeeper&) = delete;
    LandmarkKeeper& operator=(const LandmarkKeeper&) = delete;

    /// Asks for tables of `snap` (or a later version): wakes the worker when
    /// `snap` is newer than the table and than the build in progress. Cheap
    /// (a short lock, no build) and ignored for worlds below min_waypoints.
    void offer(const std::shared_ptr<const NavSnapshot>& snap);
    /// Tables of `snap` on the calling thread, kept: the current table
    /// repaired when it can be (see max_repairs), else built anew.
    void build_now(const std::shared_ptr<const NavSnapshot>& snap);
    /// The newest table built on a version at or before `revision` (a table
    /// of a later version could be wrong for it), or null.
    [[nodiscard]] std::shared_ptr<const LandmarkTable> table_for(std::uint64_t revision) const;
    /// Blocks until no build is waiting or running (tests and tools).
    void wait_idle();
    [[nodiscard]] const LandmarkSettings& settings() const { return settings_; }
    /// Builds finished so far.
    [[nodiscard]] std::uint64_t builds() const;

private:
    void run();
    void keep(std::shared_ptr<const LandmarkTable> table);
    /// Repair of the current table for `snap` when allowed and possible, else a build.
    [[nodiscard]] std::shared_ptr<const LandmarkTable> make(const NavSnapshot& snap, bool parallel);

    AgentProfile profile_;
    LandmarkSettings settings_;
    std::weak_ptr<NavField> field_;  // whose snapshots the tables are of (set by shared())
    mutable std::mutex mutex_;
    std::condition_variable wake_, idle_;
    std::shared_ptr<const NavSnapshot> pending_;
    std::shared_ptr<const LandmarkTable> current_, previous_;
    std::uint64_t building_revision_ = 0, builds_ = 0;
    bool building_ = false, stop_ = false;
    std::atomic<bool> cancel_{false};  // stop_, read by a build in progress
    std::thread worker_;
};

}  // namespace voxnav
