#include "voxnav/route/navigator.hpp"

#include "describe.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace voxnav {
namespace {

using detail::describe;

}  // namespace

Navigator::Navigator(const World& world, const AgentProfile& profile)
    : Navigator(world, NavField::shared(world, profile), profile) {}

Navigator::Navigator(const World& world, std::shared_ptr<NavField> field, const AgentProfile& profile)
    : Navigator(std::move(field), profile) {
    if (field_->world_id() != world.id()) throw std::invalid_argument("Navigator: the NavField was built for another world");
    world_ = &world;
}

Navigator::Navigator(std::shared_ptr<NavField> field, const AgentProfile& profile)
    : world_(nullptr), profile_(profile), field_(std::move(field)) {
    profile_.validate();
    if (!field_) throw std::invalid_argument("Navigator: no NavField given");
    if (!(field_->shape() == AgentShape::of(profile_)))
        throw std::invalid_argument("Navigator: the NavField was built for another agent shape (width, height, floor costs)");
    take_snapshot();
}

void Navigator::take_snapshot() {
    // A sliced query keeps the version it began with: node ids and facts
    // must not change under it. The latest version is taken when it ends.
    if (slicing_) return;
    snapshot_ = field_->snapshot();
    if (moves_) moves_->rebind(*snapshot_);
    else moves_.emplace(*snapshot_, profile_);
}

void Navigator::sync() {
    if (world_) field_->sync(*world_);
    take_snapshot();
}

bool Navigator::is_waypoint(const Voxel& v) const {
    const NavSnapshot::Index i = snapshot_->index_of(v);
    return i != NavSnapshot::no_index && moves_->is_waypoint(i);
}

std::string Navigator::why_not_waypoint(const Voxel& v) const {
    const NavSnapshot::Index i = snapshot_->index_of(v);
    if (i == NavSnapshot::no_index || !((*snapshot_)[i] & NavSnapshot::Node))
        return snapshot_->domain().contains(v) || i != NavSnapshot::no_index
                   ? describe(v) + " is outside the world's bounds"
                   : describe(v) + " is outside the world's navigable area (no loaded chunk there or next to it)";
    const std::uint8_t b = (*snapshot_)[i];
    if (!(b & NavSnapshot::Clear)) return describe(v) + " is blocked: a solid or hazard block is inside the agent's body";
    if (!profile_.fly && !(b & NavSnapshot::Supported)) return describe(v) + " has no floor: nothing solid below and no water";
    return "";
}

Route Navigator::find_route(const Voxel& from, const Voxel& to, const SearchLimits& limits) {
    Route r;
    find_route(from, to, limits, r);
    return r;
}

void Navigator::find_route(const Voxel& from, const Voxel& to, const SearchLimits& limits, Route& out) {
    QueryOptions q;
    q.limits = limits;
    find_route(from, Goal::at(to), q, out);
}

Route Navigator::find_route(const Voxel& from, const Goal& goal, const QueryOptions& options) {
    Route r;
    find_route(from, goal, options, r);
    return r;
}

void Navigator::find_route(const Voxel& from, const Goal& goal, const QueryOptions& options, Route& out) {
    begin_route(from, goal, options);
    while (!step(0xFFFFFFFFu)) {}
    std::swap(out, pending_);  // the two routes' storage is reused in turn
}

Route Navigator::find_route_from_game(const glm::dvec3& from_game, const Goal& goal, const QueryOptions& options) {
    begin_route_from_game(from_game, goal, options);
    while (!step(0xFFFFFFFFu)) {}
    return pending_;
}

void Navigator::sync_for_query(std::string& stale) {
    stale.clear();
    try {
        sync();
    } catch (const std::exception& e) {
        // The facts stay at their last good version; route on that, and say
        // so if the query fails.
        take_snapshot();
        stale = std::string(" (navigation facts not updated: ") + e.what() + ")";
    }
}

void Navigator::begin_route_from_game(const glm::dvec3& from_game, const Goal& goal, const QueryOptions& options) {
    cancel();
    sync_for_query(stale_);
    const Snap s = snap(from_game);
    if (!s.ok) {
        pending_ = Route{};
        pending_.revision = snapshot_->revision();
        pending_.status = SearchStatus::InvalidStart;
        pending_.error = "start " + s.what + "." + stale_;
        return;
    }
    begin_route(s.feet, goal, options);
    pending_.snapped = "start " + s.what + (pending_.snapped.empty() ? "" : "; " + pending_.snapped);
}

void Navigator::apply_floor_costs(const QueryOptions& options) {
    active_moves_ = &*moves_;
    if (options.floor_cost.empty()) return;
    // The facts keep one class per multiplier of the profile's floor_cost;
    // an override gives a class another multiplier.
    std::array<double, 16> mult = snapshot_->multipliers();
    std::array<bool, 16> set{};
    for (const auto& [name, m] : options.floor_cost) {
        if (!(m >= 1.0) || !std::isfinite(m))
            throw std::invalid_argument("QueryOptions.floor_cost['" + name + "']: the multiplier must be a finite number >= 1");
        const auto base = profile_.floor_cost.find(name);
        if (base == profile_.floor_cost.end() || !(base->second > 1.0))
            throw std::invalid_argument("QueryOptions.floor_cost['" + name +
                                        "']: only floors the profile's floor_cost gives a multiplier above 1 can be "
                                        "overridden (the shared facts keep only those apart)");
        const auto cls = std::size_t(std::find(mult.begin() + 1, mult.end(), base->second) - mult.begin());
        const double was = snapshot_->multipliers()[cls];
        if (set[cls] && mult[cls] != m)
            throw std::invalid_argument("QueryOptions.floor_cost['" + name + "']: floors that share the profile's multiplier " +
                                        std::to_string(was) + " must get the same override");
        mult[cls] = m;
        set[cls] = true;
    }
    // A wide footprint over two floors pays the class with the larger index.
    for (int i = 2; profile_.width > 1 && i < 16; ++i)
        if (mult[i] < mult[i - 1] && snapshot_->multipliers()[i] > snapshot_->multipliers()[i - 1])
            throw std::invalid_argument(
                "QueryOptions.floor_cost: for agents wider than 1 the overrides must keep the order of the profile's multipliers");
    query_moves_.emplace(*snapshot_, profile_, mult);
    active_moves_ = &*query_moves_;
}

// The query's limits, floor costs and zones; "" or why `from` is no start.
std::string Navigator::prepare_costs(const Voxel& from, const QueryOptions& options) {
    if (!slicing_) sync_for_query(stale_);
    apply_floor_costs(options);
    limits_ = options.limits;
    if (!(limits_.weight >= 1.0) || !std::isfinite(limits_.weight)) limits_.weight = 1.0;
    if (std::isnan(limits_.max_cost)) limits_.max_cost = std::numeric_limits<double>::infinity();
    zones_ = ZoneCosts(options.zones, options.zone_index);
    if (!is_waypoint(from)) return "start " + why_not_waypoint(from) + "." + stale_;
    return "";
}

void Navigator::begin_route(const Voxel& from, const Goal& goal, const QueryOptions& options) {
    cancel();
    for (const CostZone& z : options.zones) z.validate();
    if (goal.parts().empty() && !goal.is_flee()) throw std::invalid_argument("Navigator::begin_route: empty goal");
    Route& out = pending_;
    out.waypoints.clear();
    out.error.clear();
    out.snapped.clear();
    out.cost = 0.0;
    out.metrics = {};
    out.heuristic_scale = 1.0;
    out.status = SearchStatus::NoPath;
    trace_ = options.trace;
    if (trace_) trace_->clear();
    search_.record_into(trace_ ? &record_ : nullptr);
    const std::string bad_start = prepare_costs(from, options);
    out.revision = snapshot_->revision();
    if (!bad_start.empty()) {
        out.status = SearchStatus::InvalidStart;
        out.error = bad_start;
        if (trace_) trace_->status = out.status;
        return;
    }
    goal_ = goal;
    // Exact goals that are no waypoint: snap them when asked.
    if (options.snap_goal && !goal_.is_flee()) {
        for (std::size_t i = 0; i < goal_.parts().size(); ++i) {
            const Goal::Part& p = goal_.parts()[i];
            if (p.kind != Goal::Kind::At || is_waypoint(p.voxel)) continue;
            const Snap s = snap_feet(p.voxel);
            if (!s.ok) continue;  // the goal check below says why
            out.snapped += std::string(out.snapped.empty() ? "" : "; ") + "goal " + s.what;
            goal_.move_exact_part(i, s.feet);
        }
    }
    const std::string unsatisfiable = why_goal_unsatisfiable(goal_);
    if (!unsatisfiable.empty()) {
        out.status = SearchStatus::InvalidGoal;
        out.error = unsatisfiable + stale_;
        if (trace_) trace_->status = out.status;
        return;
    }
    out.heuristic_scale = zones_.smallest_multiplier();
    const NavSnapshot::Index start = snapshot_->index_of(from);
    if (goal_.is_single_voxel() && zones_.empty()) {
        // The plain query keeps its own, leaner problem.
        const NavSnapshot::Index goal_index = snapshot_->index_of(goal_.parts()[0].voxel);
        // O(1): the snapshot keeps the counts per chunk.
        const bool mostly_plain = double(snapshot_->plain_voxel_count()) >=
                                  kAutoJumpPlainShare * double(snapshot_->floor_voxel_count()) &&
                                  snapshot_->plain_voxel_count() > 0;
        const bool jumps = options.acceleration == Acceleration::JumpPoints ||
                           (options.acceleration == Acceleration::Auto && mostly_plain);
        const bool fly_jumps = options.acceleration != Acceleration::Off;
        if (jumps && !trace_ && JumpPointProblem::suits(profile_)) {
            jump_.emplace(*active_moves_, goal_index);
            search_.begin(*jump_, start, limits_);
        } else if (fly_jumps && !trace_ && OpenSkyProblem::suits(profile_)) {
            sky_.emplace(*active_moves_, goal_index);
            search_.begin(*sky_, start, limits_);
        } else {
            plain_.emplace(*active_moves_, goal_index);
            search_.begin(*plain_, start, limits_);
        }
    } else {
        bound_.emplace(goal_, *active_moves_);
        general_.emplace(*active_moves_, *bound_, zones_);
        search_.begin(*general_, start, limits_);
    }
    slicing_ = true;
}

bool Navigator::step(std::uint32_t max_expansions) {
    if (!slicing_) return true;
    const bool done = jump_    ? search_.step(*jump_, max_expansions)
                      : sky_   ? search_.step(*sky_, max_expansions)
                      : plain_ ? search_.step(*plain_, max_expansions)
                               : search_.step(*general_, max_expansions);
    if (done) finish_route(pending_);
    return done;
}

void Navigator::cancel() {
    if (slicing_) {
        search_.cancel();
        pending_ = Route{};
        pending_.status = SearchStatus::NoPath;
        pending_.error = "the query was cancelled.";
    }
    release_query();
}

void Navigator::release_query() {
    slicing_ = false;
    plain_.reset();
    jump_.reset();
    sky_.reset();
    general_.reset();
    bound_.reset();
    query_moves_.reset();
    search_.record_into(nullptr);
    trace_ = nullptr;
}

void Navigator::finish_route(Route& out) {
    if (jump_) {
        search_.finish(*jump_, result_);
        expand_jumps(*snapshot_, result_);
    } else if (sky_) {
        search_.finish(*sky_, result_);
    } else if (plain_) {
        search_.finish(*plain_, result_);
    } else {
        search_.finish(*general_, result_);
    }
    out.status = result_.status;
    out.metrics = result_.metrics;
    if (out.status == SearchStatus::NoPath) {
        const bool single = goal_.is_single_voxel(), by_cost = std::isfinite(limits_.max_cost);
        out.error = single ? (by_cost ? "no route to the goal costs at most max_cost." : "the goal cannot be reached from the start.")
                           : (by_cost ? "no route to a waypoint satisfying the goal costs at most max_cost."
                                      : "no waypoint satisfying the goal can be reached from the start.");
        out.error += stale_;
    }
    build_route(out);
    if (trace_) fill_trace(out);
    release_query();
}

// Why no waypoint can satisfy the goal ("" when one may). Sets of feet
// positions are looked at only up to kMaxLook positions; larger ones (a
// wide sphere, a plane) are left to the search, which then says no_path.
std::string Navigator::why_goal_unsatisfiable(const Goal& goal) const {
    if (goal.is_flee()) return "";
    constexpr std::int64_t kMaxLook = 1 << 16;
    const VoxelBox dom = snapshot_->domain();
    const int w = profile_.width, h = profile_.height;
    std::string why;
    for (const Goal::Part& p : goal.parts()) {
        // The part's feet positions lie in [lo, hi] (inclusive, 64-bit).
        std::int64_t lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
        std::string what;
        switch (p.kind) {
            case Goal::Kind::At: {
                const std::string not_here = why_not_waypoint(p.voxel);
                if (not_here.empty()) return "";
                what = "goal " + not_here;
                why += (why.empty() ? "" : "; ") + what;
                continue;
            }
            case Goal::Kind::Near:
                for (int a = 0; a < 3; ++a) {
                    lo[a] = std::int64_t(std::max(-4e9, std::ceil(p.point[a] - p.radius)));
                    hi[a] = std::int64_t(std::min(4e9, std::floor(p.point[a] + p.radius)));
                }
                what = "no waypoint lies within " + std::to_string(p.radius) + " voxels of the point";
                break;
            case Goal::Kind::Column:
                lo[0] = hi[0] = p.voxel.x;
                lo[2] = hi[2] = p.voxel.z;
                lo[1] = dom.lo.y;
                hi[1] = std::int64_t(dom.hi.y) - 1;
                what = "no waypoint lies in column x " + std::to_string(p.voxel.x) + ", z " + std::to_string(p.voxel.z);
                break;
            case Goal::Kind::Level:
                lo[0] = dom.lo.x;
                hi[0] = std::int64_t(dom.hi.x) - 1;
                lo[2] = dom.lo.z;
                hi[2] = std::int64_t(dom.hi.z) - 1;
                lo[1] = hi[1] = p.voxel.y;
                what = "no waypoint has its feet at y " + std::to_string(p.voxel.y);
                break;
            case Goal::Kind::Touch:
                for (int a = 0; a < 3; ++a) {
                    lo[a] = std::int64_t(p.voxel[a]) - (a == 1 ? h : w);
                    hi[a] = std::int64_t(p.voxel[a]) + 1;
                }
                what = "no waypoint lets the agent touch block (" + std::to_string(p.voxel.x) + ", " + std::to_string(p.voxel.y) +
                       ", " + std::to_string(p.voxel.z) + ")";
                break;
        }
        // Only positions inside the domain can be nodes.
        for (int a = 0; a < 3; ++a) {
            lo[a] = std::max<std::int64_t>(lo[a], dom.lo[a]);
            hi[a] = std::min<std::int64_t>(hi[a], std::int64_t(dom.hi[a]) - 1);
        }
        if (lo[0] > hi[0] || lo[1] > hi[1] || lo[2] > hi[2]) {
            why += (why.empty() ? "goal: " : "; ") + what + " (it is outside the world's navigable area)";
            continue;
        }
        const std::int64_t count = (hi[0] - lo[0] + 1) * (hi[1] - lo[1] + 1) * (hi[2] - lo[2] + 1);
        if (count > kMaxLook) return "";
        for (std::int64_t y = lo[1]; y <= hi[1]; ++y)
            for (std::int64_t z = lo[2]; z <= hi[2]; ++z)
                for (std::int64_t x = lo[0]; x <= hi[0]; ++x) {
                    const Voxel v{int(x), int(y), int(z)};
                    if (is_waypoint(v) && goal.satisfied_by(v, w, h)) return "";
                }
        why += (why.empty() ? "goal: " : "; ") + what;
    }
    return why + ".";
}

// Waypoints with the exact cost of each move, re-derived from the movement
// rules so that the route's costs add up without the search's rounding.
void Navigator::build_route(Route& out) const {
    const auto& states = result_.states;
    const MovementModel& moves = *active_moves_;
    double total = 0.0;
    for (std::size_t k = 0; k < states.size(); ++k) {
        Waypoint wp{snapshot_->voxel_of(states[k]), static_cast<Action>(result_.tags[k]), 0.0};
        if (k > 0) {
            double best = std::numeric_limits<double>::infinity();
            moves.for_each_move(states[k - 1], [&](NavSnapshot::Index t, double cost, Action a) {
                if (t == states[k] && a == wp.action && cost < best) best = cost;
            });
            if (!zones_.empty()) best *= zones_.multiplier(wp.position);
            wp.cost = best;
            total += best;
        }
        out.waypoints.push_back(wp);
    }
    out.cost = total;
}

}  // namespace voxnav
