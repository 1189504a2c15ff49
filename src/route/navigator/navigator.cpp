// SPDX-License-Identifier: MIT
// Navigator: construction, the query life cycle (begin, step, finish,
// cancel) and the forwarding of the public interface to Navigator::Impl.
#include "route/navigator/navigator_impl.hpp"

#include <functional>

#include "route/query/describe.hpp"
#include "facts/block_traits.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <type_traits>

namespace voxnav {
namespace {

using detail::describe;

}  // namespace

// --- the public interface ----------------------------------------------------

Navigator::Navigator(const World& world, const CheckedProfile& profile)
    : Navigator(world, NavField::shared(world, profile), profile) {}

Navigator::Navigator(const World& world, std::shared_ptr<NavField> field, const CheckedProfile& profile)
    : Navigator(std::move(field), profile) {
    if (impl_->field_->world_id() != world.id()) throw std::invalid_argument("Navigator: the NavField was built for another world");
    impl_->world_ = &world;
    // Digging and placing read block ids: the field keeps them from now on.
    if (impl_->digs_or_places() && !impl_->field_->keeps_blocks()) {
        impl_->field_->keep_blocks(world);
        impl_->take_snapshot();
    }
}

Navigator::Navigator(std::shared_ptr<NavField> field, const CheckedProfile& profile)
    : impl_(std::make_unique<Impl>(std::move(field), profile)) {}

Navigator::~Navigator() = default;
Navigator::Navigator(Navigator&&) noexcept = default;
Navigator& Navigator::operator=(Navigator&&) noexcept = default;

void Navigator::sync() { impl_->sync(); }

Route Navigator::find_route(const Voxel& from, const Voxel& to, const SearchLimits& limits) {
    Route r;
    find_route(from, to, limits, r);
    return r;
}

void Navigator::find_route(const Voxel& from, const Voxel& to, const SearchLimits& limits, Route& out) {
    // (Options and goal without allocating: this is the call a game makes most.)
    QueryOptions q;
    q.limits = limits;
    find_route(from, impl_->goal_at(to), q, out);
}

Route Navigator::find_route(const Voxel& from, const Goal& goal, const QueryOptions& options) {
    Route r;
    find_route(from, goal, options, r);
    return r;
}

void Navigator::find_route(const Voxel& from, const Goal& goal, const QueryOptions& options, Route& out) {
    impl_->begin_route(from, goal, options);
    while (!impl_->step(0xFFFFFFFFu)) {}
    std::swap(out, impl_->pending_);  // the two routes' storage is reused in turn
}

Route Navigator::find_route_from_game(const glm::dvec3& from_game, const Goal& goal, const QueryOptions& options) {
    impl_->begin_route_from_game(from_game, goal, options);
    while (!impl_->step(0xFFFFFFFFu)) {}
    Route out;
    std::swap(out, impl_->pending_);
    return out;
}

void Navigator::begin_route(const Voxel& from, const Goal& goal, const QueryOptions& options) { impl_->begin_route(from, goal, options); }
void Navigator::begin_route_from_game(const glm::dvec3& from_game, const Goal& goal, const QueryOptions& options) {
    impl_->begin_route_from_game(from_game, goal, options);
}
bool Navigator::step(std::uint32_t max_expansions) { return impl_->step(max_expansions); }
bool Navigator::route_in_progress() const { return impl_->in_query_; }
void Navigator::cancel() { impl_->cancel(); }
const Route& Navigator::route() const { return impl_->pending_; }
Reach Navigator::reachable(const Voxel& from, const QueryOptions& options) { return impl_->reachable(from, options); }
FlowField Navigator::flow_field(const Goal& goal, const QueryOptions& options) {
    FlowField out;
    impl_->flow_field(goal, options, out, {});
    return out;
}
void Navigator::flow_field(const Goal& goal, const QueryOptions& options, FlowField& out, const std::vector<Voxel>& cover) {
    impl_->flow_field(goal, options, out, cover);
}
void Navigator::find_route_via_field(const Voxel& from, const Goal& goal, const QueryOptions& options, const FlowField& field,
                                     Route& out) {
    impl_->find_route_via_field(from, goal, options, field, out);
}
bool Navigator::straight_walk_clear(const Voxel& a, const Voxel& b) const {
    return a.y == b.y && impl_->smoothed_segment_clear(a, b);
}
Navigator::Snap Navigator::snap_voxel_units(const glm::dvec3& feet) const { return impl_->snap_voxel_units(feet); }
Navigator::Snap Navigator::snap(const glm::dvec3& game_position) const { return impl_->snap(game_position); }
Navigator::Snap Navigator::snap_feet(const Voxel& feet) const { return impl_->snap_feet(feet); }
glm::dvec3 Navigator::to_game(const Voxel& feet) const { return impl_->to_game(feet); }
std::vector<glm::dvec3> Navigator::to_game(const Route& route) const {
    std::vector<glm::dvec3> out;
    out.reserve(route.waypoints.size());
    for (const Waypoint& w : route.waypoints) out.push_back(impl_->to_game(w.position));
    return out;
}
Navigator::RouteCheck Navigator::check_route(const Route& route, std::size_t from_waypoint, std::size_t to_waypoint) {
    return impl_->check_route(route, from_waypoint, to_waypoint);
}
Route Navigator::smooth_route(const Route& route, const std::vector<CostZone>& zones) const { return impl_->smooth_route(route, zones); }
bool Navigator::is_waypoint(const Voxel& v) const { return impl_->is_waypoint(v); }
std::string Navigator::why_not_waypoint(const Voxel& v) const { return impl_->why_not_waypoint(v); }
std::vector<double> Navigator::step_costs(const Route& route, const std::vector<CostZone>& zones) const {
    return impl_->step_costs(route, zones);
}
const AgentProfile& Navigator::profile() const { return *impl_->profile_; }
const NavSnapshot& Navigator::field() const { return *impl_->snapshot_; }
const std::shared_ptr<const NavSnapshot>& Navigator::snapshot() const { return impl_->snapshot_; }
const std::shared_ptr<NavField>& Navigator::shared_field() const { return impl_->field_; }
const MovementModel& Navigator::moves() const { return *impl_->moves_; }
void Navigator::reserve(std::size_t max_nodes) {
    impl_->cancel();
    impl_->sync();
    // The direct index's directory for the facts as they are now (a world
    // that grows later grows it at its next query).
    impl_->search_.reserve(max_nodes, std::size_t(impl_->snapshot_->slot_capacity()) << node_id::local_bits);
    if (impl_->digs_or_places()) {
        if (!impl_->dig_) impl_->dig_ = std::make_unique<DigQuery>();
        impl_->dig_->search.reserve(max_nodes);
    }
}

std::size_t Navigator::search_memory_bytes() const {
    return impl_->search_.memory_bytes() + impl_->flow_builder_.memory_bytes() + (impl_->dig_ ? impl_->dig_->memory_bytes() : 0);
}
std::size_t Navigator::search_bytes_in_use() const { return impl_->search_.bytes_in_use(); }

// --- the implementation --------------------------------------------------------

void Navigator::use_landmarks(const LandmarkSettings& settings) {
    if (impl_->landmarks_) impl_->landmarks_ = LandmarkKeeper::shared(impl_->field_, impl_->profile_, settings);
}
const std::shared_ptr<LandmarkKeeper>& Navigator::landmarks() const { return impl_->landmarks_; }

Navigator::Impl::Impl(std::shared_ptr<NavField> field, const CheckedProfile& profile)
    : profile_(profile), field_(std::move(field)) {
    if (!field_) throw std::invalid_argument("Navigator: no NavField given");
    // (The profile was checked once, on its way to a CheckedProfile; the
    // field, the rules and the landmark keeper share it as it is.)
    if (!(field_->shape() == AgentShape::of(*profile_)))
        throw std::invalid_argument("Navigator: the NavField was built for another agent shape (width, height, floor costs)");
    take_snapshot();
    // Flyers' waypoints fill the air: no tables (open sky serves pure flyers).
    if (!profile_->fly) landmarks_ = LandmarkKeeper::shared(field_, profile_, LandmarkSettings{});
}

void Navigator::Impl::take_snapshot() {
    // A sliced query keeps the version it began with: node ids and facts
    // must not change under it. The latest version is taken when it ends.
    if (in_query_) return;
    std::shared_ptr<const NavSnapshot> latest = field_->snapshot();
    if (moves_ && latest == snapshot_) return;  // nothing published since: the rules stay bound
    snapshot_ = std::move(latest);
    if (moves_) moves_->rebind(*snapshot_);
    else moves_.emplace(*snapshot_, profile_);
}

void Navigator::Impl::sync() {
    if (world_) field_->sync(*world_);
    take_snapshot();
}

bool Navigator::Impl::is_waypoint(const Voxel& v) const {
    const NavSnapshot::Index i = snapshot_->index_of(v);
    return i != NavSnapshot::no_index && moves_->is_waypoint(i);
}

std::string Navigator::Impl::why_not_waypoint(const Voxel& v) const {
    // Outside the bounds of a bounded world: the only position that is
    // outside the world (an unbounded world's chunks cover every int32 voxel).
    const std::optional<VoxelBox>& bounds = snapshot_->bounds();
    if (bounds && !bounds->contains(v)) return describe(v) + " is outside the world's bounds";
    // A chunk the game has not given: one sentence, whatever else is loaded
    // (its chunk may have a slot, in the ring around loaded chunks, or
    // none). A position of that ring may be a waypoint all the same: feet
    // in an unloaded chunk on a loaded floor.
    const NavSnapshot::Index i = snapshot_->index_of(v);
    if (i != NavSnapshot::no_index && moves_->is_waypoint(i)) return "";
    if (i == NavSnapshot::no_index || !snapshot_->slot(node_id::slot(i)).loaded) {
        const Voxel c = chunk_of(v);
        return describe(v) + " is in chunk (" + std::to_string(c.x) + ", " + std::to_string(c.y) + ", " + std::to_string(c.z) +
               "), which the game has not loaded";
    }
    const Fact f = (*snapshot_)[i];
    if (!f.node()) return describe(v) + " is outside the world's bounds";  // (only positions inside the bounds are nodes)
    const ChunkSlot& slot = snapshot_->slot(node_id::slot(i));
    if (!f.clear()) return describe(v) + " is blocked: a solid or hazard block is inside the agent's body";
    const Voxel below = chunk_of(v - Voxel(0, 1, 0));
    if (below != slot.chunk && !snapshot_->slot(snapshot_->slot_of(below)).loaded)
        return describe(v) + " has no floor: the chunk below it (" + std::to_string(below.x) + ", " + std::to_string(below.y) + ", " +
               std::to_string(below.z) + ") is not loaded";
    return describe(v) + " has no floor: nothing solid below and no water";
}

void Navigator::Impl::sync_for_query(std::string& stale) {
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

void Navigator::Impl::begin_route_from_game(const glm::dvec3& from_game, const Goal& goal, const QueryOptions& options) {
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

void Navigator::Impl::apply_floor_costs(const QueryOptions& options) {
    active_moves_ = &*moves_;
    floor_scale_ = 1.0;
    if (options.floor_cost.empty()) return;
    const std::array<double, 16> mult = query_floor_multipliers(*snapshot_, profile_, options);
    for (std::size_t c = 0; c < mult.size(); ++c) floor_scale_ = std::min(floor_scale_, mult[c] / snapshot_->multipliers()[c]);
    query_moves_.emplace(*snapshot_, profile_, mult);
    active_moves_ = &*query_moves_;
}

void Navigator::Impl::prepare_costs(const QueryOptions& options) {
    if (!in_query_) sync_for_query(stale_);
    apply_floor_costs(options);
    limits_ = options.limits;  // (check_options refused any outside their ranges)
    zones_ = ZoneCosts(options.zones, options.zone_index);
}

// The query's limits, floor costs and zones; "" or why `from` is no start.
std::string Navigator::Impl::prepare_costs(const Voxel& from, const QueryOptions& options) {
    prepare_costs(options);
    if (!is_waypoint(from)) return "start " + why_not_waypoint(from) + "." + stale_;
    return "";
}

std::string Navigator::Impl::snap_goal_parts() {
    std::string snapped;
    if (goal_.is_flee()) return snapped;
    for (std::size_t i = 0; i < goal_.parts().size(); ++i) {
        const Goal::Part& p = goal_.parts()[i];
        if (p.kind != Goal::Kind::At || is_waypoint(p.voxel)) continue;
        const Snap s = snap_feet(p.voxel);
        if (!s.ok) continue;  // the goal check says why
        snapped += std::string(snapped.empty() ? "" : "; ") + "goal " + s.what;
        goal_.move_exact_part(i, s.feet);
    }
    return snapped;
}

void Navigator::Impl::begin_route(const Voxel& from, const Goal& goal, const QueryOptions& options) {
    cancel();
    check_query(*snapshot_, profile_, goal, options);
    Route& out = pending_;
    out.waypoints.clear();
    out.dig.clear();
    out.place.clear();
    out.open.clear();
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
    if (options.snap_goal) out.snapped = snap_goal_parts();
    const std::string unsatisfiable = why_goal_unsatisfiable(goal_);
    if (!unsatisfiable.empty()) {
        out.status = SearchStatus::InvalidGoal;
        out.error = unsatisfiable + stale_;
        if (trace_) trace_->status = out.status;
        return;
    }
    out.heuristic_scale = zones_.smallest_multiplier();
    if (digs_or_places()) {
        begin_dig(snapshot_->index_of(from));
        return;
    }
    choose_search(snapshot_->index_of(from), options);
    in_query_ = true;
}

const LandmarkBound* Navigator::Impl::prepare_landmarks(const QueryOptions& options) {
    pending_.landmarks = false;
    if (!landmarks_ || !options.landmarks || options.acceleration == Acceleration::Off || trace_ || goal_.is_flee()) return nullptr;
    landmarks_->offer(snapshot_);
    std::shared_ptr<const LandmarkTable> table = landmarks_->table_for(snapshot_->revision());
    if (!table) return nullptr;
    // The goal's waypoints: their times bound every route's end.
    constexpr std::int64_t kMaxGoalWaypoints = 4096;
    goal_nodes_.clear();
    std::int64_t looked = 0;
    for (const Goal::Part& p : goal_.parts()) {
        const bool small = for_each_feet_position(p, kMaxGoalWaypoints - looked, [&](const Voxel& v) {
            ++looked;
            if (is_waypoint(v) && goal_.satisfied_by(v, profile_->width, profile_->body_voxels()))
                goal_nodes_.push_back(snapshot_->index_of(v));
            return false;
        });
        if (!small) return nullptr;
    }
    if (!landmark_bound_.begin(std::move(table), *snapshot_, *active_moves_, goal_nodes_,
                               zones_.smallest_multiplier() * floor_scale_))
        return nullptr;
    pending_.landmarks = true;
    return &landmark_bound_;
}

void Navigator::Impl::choose_search(NavSnapshot::Index start, const QueryOptions& options) {
    const LandmarkBound* landmarks = prepare_landmarks(options);
    if (goal_.is_single_voxel() && zones_.empty()) {
        // The plain query keeps its own, leaner problem.
        const NavSnapshot::Index goal_index = snapshot_->index_of(goal_.parts()[0].voxel);
        // O(1): the snapshot keeps the counts per chunk.
        const double share = landmarks ? kAutoJumpPlainShareWithLandmarks : kAutoJumpPlainShare;
        const bool mostly_plain = double(snapshot_->plain_voxel_count()) >= share * double(snapshot_->floor_voxel_count()) &&
                                  snapshot_->plain_voxel_count() > 0;
        const bool jumps = options.acceleration == Acceleration::JumpPoints ||
                           (options.acceleration == Acceleration::Auto && mostly_plain);
        const bool sky = options.acceleration != Acceleration::Off;
        // Traces show the plain search.
        if (jumps && !trace_ && active_moves_->grid_on_plain_floor())
            search_problem_.emplace<JumpPointProblem>(*active_moves_, goal_index, landmarks);
        else if (sky && !trace_ && active_moves_->only_flies())
            search_problem_.emplace<OpenSkyProblem>(*active_moves_, goal_index);
        else
            search_problem_.emplace<NavProblem>(*active_moves_, goal_index, landmarks);
    } else {
        bind_goal();
        search_problem_.emplace<GoalProblem>(*active_moves_, *bound_, zones_, landmarks);
    }
    std::visit(
        [&](const auto& problem) {
            if constexpr (kNodeSearch<std::decay_t<decltype(problem)>>) search_.begin(problem, start, limits_);
        },
        search_problem_);
}

bool Navigator::Impl::step(std::uint32_t max_expansions) {
    if (!in_query_) return true;
    const bool done = std::visit(
        [&](const auto& problem) {
            using P = std::decay_t<decltype(problem)>;
            if constexpr (std::is_same_v<P, std::monostate>) return true;
            else return engine<P>().step(problem, max_expansions);
        },
        search_problem_);
    if (done) finish_route(pending_);
    return done;
}

void Navigator::Impl::cancel() {
    if (in_query_) {
        search_.cancel();
        if (dig_) dig_->search.cancel();
        pending_ = Route{};
        pending_.status = SearchStatus::Cancelled;
        pending_.error = "the query was cancelled.";
    }
    release_query();
}

void Navigator::Impl::release_query() {
    in_query_ = false;
    search_problem_.emplace<std::monostate>();
    landmark_bound_.release();
    query_moves_.reset();
    search_.record_into(nullptr);
    if (dig_) dig_->search.record_into(nullptr);
    trace_ = nullptr;
    meet_field_ = nullptr;
}

void Navigator::Impl::finish_route(Route& out) {
    // The answer of whichever search ran, read back through its own rules.
    std::visit(
        [&](const auto& problem) {
            using P = std::decay_t<decltype(problem)>;
            if constexpr (std::is_same_v<P, DigProblem>) {
                dig_->search.finish(problem, dig_->result);
                answer(dig_->result.status, dig_->result.metrics, out);
                build_route(DigSteps(problem), dig_->result.states, dig_->result.tags, out);
            } else if constexpr (kNodeSearch<P>) {
                search_.finish(problem, result_);
                if constexpr (std::is_same_v<P, JumpPointProblem>) expand_jumps(*snapshot_, result_, jump_scratch_);
                answer(result_.status, result_.metrics, out);
                build_route(OrdinarySteps(*active_moves_, zones_), result_.states, result_.tags, out);
            }
        },
        search_problem_);
    if (meet_field_ && out.status == SearchStatus::Found) append_field_route(out);
    if (trace_) fill_trace(out);
    release_query();
}

void Navigator::Impl::answer(SearchStatus status, const SearchMetrics& metrics, Route& out) const {
    out.status = status;
    out.metrics = metrics;
    if (out.status == SearchStatus::NoPath) no_path_sentence(out.error);
}

void Navigator::Impl::no_path_sentence(std::string& s) const {
    // Written in place: a warm route's string has the room, so an unreachable
    // goal (common in a game) allocates nothing either.
    const bool single = goal_.is_single_voxel(), by_cost = std::isfinite(limits_.max_cost);
    s.assign(single ? (by_cost ? "no route to the goal costs at most max_cost." : "the goal cannot be reached from the start")
                    : (by_cost ? "no route to a waypoint satisfying the goal costs at most max_cost."
                               : "no waypoint satisfying the goal can be reached from the start"));
    if (!by_cost) s += digs_or_places() ? ", even digging and placing." : ".";
    s += stale_;
}

// Why no waypoint can satisfy the goal ("" when one may). Sets of feet
// positions are looked at only up to kMaxLook positions; larger ones (a
// wide sphere, a plane) are left to the search, which then says no_path.
std::string Navigator::Impl::why_goal_unsatisfiable(const Goal& goal) const {
    if (goal.is_flee()) return "";
    constexpr std::int64_t kMaxLook = 1 << 16;
    const int w = profile_->width, h = profile_->body_voxels();
    // A digging agent may also end where it would stand after digging.
    const std::function<bool(const Voxel&)> dug_end = dig_end_test();
    auto is_end = [&](const Voxel& v) { return is_waypoint(v) || (dug_end && dug_end(v)); };
    std::string why;
    for (const Goal::Part& p : goal.parts()) {
        if (p.kind == Goal::Kind::At) {
            const std::string not_here = why_not_waypoint(p.voxel);
            if (not_here.empty() || (dug_end && dug_end(p.voxel))) return "";
            why += (why.empty() ? "" : "; ") + ("goal " + not_here);
            continue;
        }
        // The part's feet positions inside the domain (only there are nodes).
        bool outside = true, found = false;
        const bool small = for_each_feet_position(p, kMaxLook, [&](const Voxel& v) {
            outside = false;
            found = is_end(v) && goal.satisfied_by(v, w, h);
            return found;
        }, &outside);
        if (!small || found) return "";
        if (outside) {
            why += (why.empty() ? "goal: " : "; ") + p.unsatisfied() + " (it is outside the world's navigable area)";
            continue;
        }
        why += (why.empty() ? "goal: " : "; ") + p.unsatisfied();
    }
    return why + ".";
}

// Waypoints with the exact cost of each move, re-derived from the rules
// (find_route_steps) so that the route's costs add up without the search's
// rounding, and the voxels each move opens, digs and places.
template <class Steps>
void Navigator::Impl::build_route(const Steps& steps, const std::vector<typename Steps::State>& states,
                                  const std::vector<std::uint8_t>& tags, Route& out) {
    steps_.resize(states.size());
    for (std::size_t k = 0; k < states.size(); ++k) steps_[k] = MoveTag::from_bits(tags[k]);
    find_route_steps(steps, states.data(), steps_.data(), states.size(), StepMatch::Exact, found_);
    out.dig = found_.dig;
    out.place = found_.place;
    double total = 0.0;
    // Filled in place: a Waypoint built aside and copied in was read back
    // before its stores landed (a store-forwarding stall per waypoint).
    out.waypoints.resize(states.size());
    for (std::size_t k = 0; k < states.size(); ++k) {
        const NodeId n = Steps::node(states[k]);
        Waypoint& w = out.waypoints[k];
        w.position = snapshot_->voxel_of(n);
        w.action = k == 0 ? Action::Start : steps_[k].motion();
        w.cost = found_.cost[k];
        // (A dig route's waypoint inside rock until dug has no surface yet.)
        w.feet_y = double(w.position.y) + (active_moves_->is_waypoint(n) ? snapshot_->feet_offset(n) : 0.0);
        w.opened = 0;
        w.dug = found_.dug[k];
        w.placed = found_.placed[k];
        // A start inside a closed door the agent opens (its body fits only
        // once it is open) begins by opening it: the panel would stop the
        // first move. (Free in the route's cost, as every route from there pays it.)
        if ((k > 0 && steps_[k].does(WorldAct::Open)) || (k == 0 && active_moves_->is_waypoint(n) && snapshot_->shape_fact(n, 0).needs_open())) {
            const std::size_t before = out.open.size();
            active_moves_->doors_to_open(n, out.open);
            w.opened = std::uint32_t(out.open.size() - before);
        }
        total += found_.cost[k];
    }
    out.cost = total;
}

}  // namespace voxnav
