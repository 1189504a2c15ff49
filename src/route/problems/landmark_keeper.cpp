// SPDX-License-Identifier: MIT
// LandmarkKeeper: the registry of keepers, and the worker that rebuilds
// tables as newer snapshots are offered.
#include "route/problems/landmark_keeper.hpp"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <chrono>
#include <map>
#include <string>
#include <tuple>

namespace voxnav {
namespace {

struct Registry {
    std::mutex mutex;
    // (field, profile JSON) -> keepers of that pair (one per settings).
    std::multimap<std::pair<const NavField*, std::string>, std::weak_ptr<LandmarkKeeper>> keepers;
};
Registry& registry() {
    static Registry r;
    return r;
}

}  // namespace

std::shared_ptr<LandmarkKeeper> LandmarkKeeper::shared(const std::shared_ptr<NavField>& field, const AgentProfile& profile,
                                                       const LandmarkSettings& settings) {
    Registry& r = registry();
    const auto key = std::make_pair(field.get(), to_json(profile));
    std::lock_guard<std::mutex> lock(r.mutex);
    for (auto it = r.keepers.begin(); it != r.keepers.end();) it = it->second.expired() ? r.keepers.erase(it) : std::next(it);
    auto [lo, hi] = r.keepers.equal_range(key);
    for (auto it = lo; it != hi; ++it)
        if (auto k = it->second.lock())
            if (k->settings() == settings && k->field_.lock() == field) return k;  // not another field at a reused address
    auto k = std::make_shared<LandmarkKeeper>(profile, settings);
    k->field_ = field;
    r.keepers.emplace(key, k);
    return k;
}

LandmarkKeeper::LandmarkKeeper(const AgentProfile& profile, const LandmarkSettings& settings)
    : profile_(profile), settings_(settings) {}

LandmarkKeeper::~LandmarkKeeper() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    cancel_.store(true);
    wake_.notify_all();
    if (worker_.joinable()) worker_.join();
}

void LandmarkKeeper::offer(const std::shared_ptr<const NavSnapshot>& snap) {
    if (!snap || settings_.count <= 0 || !settings_.background || snap->floor_voxel_count() < settings_.min_waypoints) return;
    std::lock_guard<std::mutex> lock(mutex_);
    const std::uint64_t have = building_ ? building_revision_ : (current_ ? current_->revision() : 0);
    const bool fresh = (current_ || building_) && snap->revision() <= have;
    if (fresh || (pending_ && pending_->revision() >= snap->revision())) return;
    pending_ = snap;
    if (!worker_.joinable()) worker_ = std::thread([this] { run(); });
    wake_.notify_one();
}

void LandmarkKeeper::build_now(const std::shared_ptr<const NavSnapshot>& snap) {
    if (!snap || settings_.count <= 0) return;
    keep(make(*snap, true));
}

std::shared_ptr<const LandmarkTable> LandmarkKeeper::make(const NavSnapshot& snap, bool parallel) {
    std::shared_ptr<const LandmarkTable> base;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        base = current_;
    }
    if (base && base->repairs() < settings_.max_repairs)
        if (auto repaired = LandmarkTable::repair(*base, snap, profile_, 256, &cancel_)) return repaired;
    return LandmarkTable::build(snap, profile_, settings_.count, parallel, &cancel_);
}

void LandmarkKeeper::keep(std::shared_ptr<const LandmarkTable> table) {
    // The table dropped here (megabytes) is freed after the lock is let go:
    // the game thread takes this lock in offer() and table_for(), and the
    // worker, at nice 10, may wait for the core once preempted.
    std::shared_ptr<const LandmarkTable> dropped;
    std::lock_guard<std::mutex> lock(mutex_);
    ++builds_;
    if (!table) return;
    if (current_ && current_->revision() > table->revision()) {
        dropped = std::move(table);  // a newer one landed first
        return;
    }
    dropped = std::move(previous_);
    previous_ = std::move(current_);
    current_ = std::move(table);
}

std::shared_ptr<const LandmarkTable> LandmarkKeeper::table_for(std::uint64_t revision) const {
    std::lock_guard<std::mutex> lock(mutex_);
    if (current_ && current_->revision() <= revision) return current_;
    if (previous_ && previous_->revision() <= revision) return previous_;
    return nullptr;
}

std::uint64_t LandmarkKeeper::builds() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return builds_;
}

void LandmarkKeeper::wait_idle() {
    std::unique_lock<std::mutex> lock(mutex_);
    idle_.wait(lock, [&] { return stop_ || (!building_ && !pending_); });
}

void LandmarkKeeper::run() {
    // Below the game's threads: one core at most (builds run serially here),
    // and mostly what the game leaves idle. Not SCHED_IDLE: with it, a
    // loaded machine (the luanti walk test beside other tests) saw the
    // server's p99 step at 152 ms against 14 ms, likely a starved worker
    // (no tables) or one preempted inside the lock table_for() takes. At
    // nice 10 it takes about a tenth of a core the game thread also wants.
    setpriority(PRIO_PROCESS, pid_t(syscall(SYS_gettid)), 10);
    using Clock = std::chrono::steady_clock;
    Clock::time_point last_start{};
    bool started = false;
    std::unique_lock<std::mutex> lock(mutex_);
    while (true) {
        wake_.wait(lock, [&] { return stop_ || pending_; });
        if (stop_) break;
        // While the world keeps changing, at most one build per interval.
        if (started) {
            const auto next = last_start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(settings_.rebuild_interval));
            if (wake_.wait_until(lock, next, [&] { return stop_; })) break;
        }
        std::shared_ptr<const NavSnapshot> snap = std::move(pending_);
        pending_.reset();
        building_ = true;
        building_revision_ = snap->revision();
        last_start = Clock::now();
        started = true;
        lock.unlock();
        std::shared_ptr<const LandmarkTable> table;
        try {
            table = make(*snap, false);
        } catch (const std::exception&) {
            table.reset();  // out of memory: keep the previous table
        }
        snap.reset();
        keep(std::move(table));
        lock.lock();
        building_ = false;
        idle_.notify_all();
    }
    building_ = false;
    idle_.notify_all();
}

}  // namespace voxnav
