// SPDX-License-Identifier: MIT
#include "voxnav/route/follower.hpp"

#include "voxnav/world/world.hpp"

#include "facts/block_traits.hpp"
#include "facts/nav_snapshot.hpp"
#include "facts/snapshot_blocks.hpp"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <tuple>
#include <stdexcept>

namespace voxnav {

const char* to_string(FollowStatus s) {
    switch (s) {
        case FollowStatus::Moving: return "moving";
        case FollowStatus::Arrived: return "arrived";
        case FollowStatus::Replanning: return "replanning";
        case FollowStatus::Stuck: return "stuck";
        case FollowStatus::NoPath: return "no_path";
        case FollowStatus::Failed: return "failed";
    }
    return "failed";
}

namespace {

// How many waypoints ahead or behind a body pushed off its route looks for one to re-attach to.
constexpr std::size_t kReattachWindow = 8;
// The order route_chunks_ is sorted and searched in.
bool chunk_less(const Voxel& p, const Voxel& q) { return std::tie(p.x, p.y, p.z) < std::tie(q.x, q.y, q.z); }
// The chunks from lo to hi (inclusive, chunk coordinates).
struct ChunkBox {
    Voxel lo, hi;
    [[nodiscard]] bool holds(const Voxel& c) const {
        return c.x >= lo.x && c.x <= hi.x && c.y >= lo.y && c.y <= hi.y && c.z >= lo.z && c.z <= hi.z;
    }
};
// The chunks a body at waypoint position p may touch: its footprint and
// height, the floor below, a voxel of margin around.
ChunkBox waypoint_chunks(const Voxel& p, const AgentProfile& a) {
    const Voxel lo_pad(-1, -2, -1), hi_pad(a.width, int(std::ceil(a.height)) + 1, a.width);
    return {chunk_of(p + lo_pad), chunk_of(p + hi_pad)};
}
// How many plain walks ahead a corner may be cut to.
constexpr std::size_t kCornerLookahead = 8;
// Airborne, a body arcs away from its segment: the corridor grows by this. [Units: voxels]
constexpr double kAirSlack = 1.0;
// How far a jump carries a body's feet before they are back at the height
// they left, measured with prismarine-physics for a player: walking 1.9-2.05
// (2.2 when it ran up sprinting), sprinting 3.25-3.6. A leap takes off where
// that lands the feet on the landing's centre, from the start voxel: walking
// for landings up to kWalkingLeap away (centre to centre: a 1-wide gap),
// sprinting beyond (a sprint jump over a 1-wide gap overshoots a 1-wide
// landing: a mineflayer bot fell into the pit so, twice). [Units: voxels]
constexpr double kWalkingJumpReach = 2.1, kSprintJumpReach = 3.4, kWalkingLeap = 2.4;
// At the jump: sprint when the landing's centre is farther than this from
// the feet. A walking jump carries them 1.9 from nearly still, 2.0-2.5 from
// a run, and a landing up to half a voxel short still stands on the voxel;
// a sprint jump carries 3.25-3.6. [Units: voxels]
constexpr double kSprintFrom = 2.9;
// How far the feet may be off a landing voxel with the body still on it (a
// Minecraft player's half-width). [Units: voxels]
constexpr double kLandingOverhang = 0.3;
// A body held on the ground below a walk step up no higher than a step (a
// 1/16 rise into a doorway under a lintel: prismarine-physics measures the
// step-up against the already clipped move and never takes it) for this
// long is told to jump, as a mob's move control jumps onto a floor above its
// feet. [Units: seconds]
constexpr double kHeldBelowStepJump = 0.25;
// "Held": horizontal speed under this share of the walk speed. [Units: -]
constexpr double kHeldSpeedShare = 0.1;
// Settling on the goal: how far above or below the goal's feet point the
// body may stand and have arrived (a stair's half step is not), and how
// long a body let go keeps moving, to let go where it would stop near the
// goal: on the ground Minecraft's friction stops a walk in about 0.06 s of
// its speed, in the air its drag in about 0.5 s. [Units: voxels, seconds]
constexpr double kArriveHeight = 0.3;
constexpr double kCoastGround = 0.08;
constexpr double kCoastAir = 0.5;
// How many start voxels of partial plans a follower remembers to tell a
// partial route that goes back to where the body already was.
constexpr std::size_t kPartialStartsKept = 64;

}  // namespace

Follower::Follower(Navigator& navigator, FollowerSettings settings)
    : nav_(&navigator), settings_(std::move(settings)), query_(settings_.query) {
    const double w = nav_->profile().width;
    radius_ = settings_.reach_radius >= 0.0 ? settings_.reach_radius : (w > 0.75 ? w / 2.0 : 0.75 - w / 2.0);
    out_.why = "no goal";
}

void Follower::set_goal(const Goal& goal) {
    if (goal.parts().empty() && goal.threats().empty()) throw std::invalid_argument("Follower::set_goal: the goal is empty");
    const std::string words = goal.describe();
    if (goal_ && words == goal_words_) return;  // the same goal: keep going
    // Another goal: `replans` and the partial plans without progress count from here.
    out_.replans = 0;
    forget_partial_plans();
    if (goal_ && route_.usable() && !route_.waypoints.empty()) {
        // A moving goal (another entity): keep the route and progress, and
        // plan to the new goal at the next update, at most once per
        // replan_interval (update() decides).
        goal_ = goal;
        goal_words_ = words;
        goal_moved_ = true;
        return;
    }
    goal_ = goal;
    goal_words_ = words;
    goal_moved_ = false;
    route_ = Route{};
    next_.drop();
    out_ = Steering{};
    plan_due_ = true;
    stage_ = 0;
    backoff_ = 0.0;
    wait_until_ = -1.0;
}

bool Follower::set_route(Route route, double now) {
    if (!goal_ || !route.usable() || route.waypoints.empty()) return false;
    next_.drop();
    route_ = std::move(route);
    index_acts();
    k_ = route_.waypoints.size() > 1 ? 1 : 0;
    planned_from_ = centre(0);
    door_past_ = 0;
    plan_due_ = false;
    goal_moved_ = false;
    last_goal_replan_ = now;
    progress_at_ = now;
    stage_ = 0;
    // Checked against edits from the version it was planned on.
    checked_revision_ = std::min(route_.revision, nav_->snapshot()->revision());
    out_.status = FollowStatus::Moving;
    out_.why.clear();
    return true;
}

void Follower::stop() {
    next_.drop();
    goal_.reset();
    goal_words_.clear();
    goal_moved_ = false;
    route_ = Route{};
    out_ = Steering{};
    out_.why = "no goal";
}

glm::dvec3 Follower::centre(std::size_t k) const {
    const Waypoint& w = route_.waypoints[k];
    const double half = nav_->profile().width / 2.0;
    return {w.position.x + half, w.feet_y, w.position.z + half};
}

bool Follower::reached(const BodyState& body, std::size_t k) const {
    const glm::dvec3 c = centre(k);
    // A straight vertical step (a ladder, swimming up or down, flying up)
    // is reached at its height; others within a voxel of it (Minecraft's test).
    const bool vertical = k > 0 && route_.waypoints[k - 1].position.x == route_.waypoints[k].position.x &&
                          route_.waypoints[k - 1].position.z == route_.waypoints[k].position.z;
    const double dy_max = vertical ? 0.25 : 1.0;
    // A leap's landing is reached on landing anywhere on its voxel: steered
    // back to its centre, a body on a 1-wide landing between two leaps
    // brakes, turns and jumps again the wrong way (a parkour line's body
    // fell into the pit so).
    // (Its feet may overhang the voxel by up to a Minecraft player's
    // half-width, 0.3, and the body still stand on it.)
    if (route_.waypoints[k].action == Action::Leap && body.on_ground) {
        const Voxel& v = route_.waypoints[k].position;
        const double over = std::min(kLandingOverhang, nav_->profile().width / 2.0);
        if (body.feet.x >= v.x - over && body.feet.x < v.x + 1 + over && body.feet.z >= v.z - over &&
            body.feet.z < v.z + 1 + over && std::abs(body.feet.y - c.y) < 0.5)
            return true;
    }
    return std::abs(body.feet.x - c.x) < radius_ && std::abs(body.feet.z - c.z) < radius_ && std::abs(body.feet.y - c.y) < dy_max;
}

double Follower::distance_to_segment(const BodyState& body) const {
    // The segment steered along: to the aim when a corner is being cut.
    const glm::dvec3 b = centre(aim_k_ == k_ ? aim_ : k_);
    // The first segment runs from where the body stood when the route was
    // planned: its start waypoint is the voxel it snapped to, which may lie
    // below an overhanging body (feet on the next column's edge) by more
    // than the corridor, and the same route would be planned again every tick.
    const glm::dvec3 a = k_ == 1 ? planned_from_ : k_ > 0 ? centre(k_ - 1) : b;
    const glm::dvec3 ab = b - a;
    const double len2 = glm::dot(ab, ab);
    const double t = len2 > 0.0 ? std::clamp(glm::dot(body.feet - a, ab) / len2, 0.0, 1.0) : 0.0;
    return glm::length(body.feet - (a + t * ab));
}

bool Follower::reattach(const BodyState& body) {
    const std::size_t n = route_.waypoints.size();
    const std::size_t lo = k_ > kReattachWindow ? k_ - kReattachWindow : 0, hi = std::min(n, k_ + kReattachWindow + 1);
    std::size_t best = n;
    double best_d = settings_.corridor;
    for (std::size_t j = lo; j < hi; ++j) {
        const double d = glm::length(body.feet - centre(j));
        if (d <= best_d) best = j, best_d = d;
    }
    if (best == n) return false;
    // Head for the nearest waypoint; from it the route goes on as planned.
    k_ = best == 0 ? std::min<std::size_t>(1, n - 1) : best;
    return true;
}

bool Follower::plan(const BodyState& body, double now) {
    if (settings_.budget) {
        const std::size_t granted = settings_.budget->grant(now, budget_ticket_, nav_);
        if (granted == 0) return false;  // the tick's budget is spent: next tick
        query_.limits.max_nodes = static_cast<std::uint32_t>(std::min<std::size_t>(settings_.query.limits.max_nodes, granted));
    }
    // Timed for a budget in time (two clock reads a plan, none a tick).
    const auto started = std::chrono::steady_clock::now();
    ++out_.replans;
    planned_at_ = now;
    plan_due_ = false;
    progress_at_ = now;
    next_.drop();
    planned_from_ = body.feet;
    const Navigator::Snap snap = nav_->snap_voxel_units(body.feet);
    if (!snap.ok) {
        route_ = Route{};
        out_.status = FollowStatus::NoPath;
        out_.why = "the body stands on no waypoint: " + snap.what;
        return true;
    }
    nav_->find_route(snap.feet, *goal_, query_, route_);
    if (settings_.budget)
        settings_.budget->spend(route_.metrics.expanded,
                                std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - started).count(), nav_);
    checked_revision_ = nav_->snapshot()->revision();
    if (!route_.usable()) {
        const bool none = route_.status == SearchStatus::NoPath || route_.status == SearchStatus::InvalidGoal;
        out_.status = none ? FollowStatus::NoPath : FollowStatus::Failed;
        out_.why = route_.error.empty() ? std::string(to_string(route_.status)) : route_.error;
        route_.waypoints.clear();
        forget_partial_plans();
        return true;
    }
    if (route_.status == SearchStatus::Found) {
        forget_partial_plans();
    } else {
        // A partial route that ends where the body stands (one waypoint) or
        // where an earlier partial plan of this goal started makes no
        // progress; no_progress_plans of them in a row end the goal.
        const Voxel end = route_.waypoints.back().position;
        const bool back = end == snap.feet || std::find(partial_from_.begin(), partial_from_.end(), end) != partial_from_.end();
        fruitless_ = back ? fruitless_ + 1 : 0;
        if (partial_from_.size() >= kPartialStartsKept) partial_from_.erase(partial_from_.begin());
        partial_from_.push_back(snap.feet);
        if (fruitless_ >= no_progress_plans) {
            out_.status = FollowStatus::NoPath;
            out_.why = "no progress towards the goal: " + std::to_string(fruitless_) +
                       " partial routes in a row (searches of at most " + std::to_string(query_.limits.max_nodes) +
                       " expansions) ended where the body stands or stood";
            route_.waypoints.clear();
            route_.status = SearchStatus::NoPath;
            forget_partial_plans();
            return true;
        }
    }
    index_acts();
    k_ = route_.waypoints.size() > 1 ? 1 : 0;
    door_past_ = 0;  // a door still to close is closed once the body is clear of it
    out_.status = FollowStatus::Moving;
    return true;
}

bool Follower::still_blocks(const Voxel& v, WorldAct act) const {
    const NavSnapshot& s = *nav_->snapshot();
    if (!s.has_blocks() || !s.block_traits()) {
        // No block ids kept (an agent that neither digs nor places): a door's
        // shape facts still say whether it is closed. Asking again for a door
        // already open would have a game that toggles on "use" (Minecraft)
        // close it in the body's face.
        if (act != WorldAct::Open) return true;  // cannot tell: keep asking
        const NavSnapshot::Index i = s.index_of(v);
        if (i == NavSnapshot::no_index) return true;
        return s.shaped(i) && s.shape_fact(i, 0).closed_door_here();
    }
    const SnapshotBlocks blocks(s);
    const BlockId id = blocks.at(v);
    const BlockTraitsTable& t = *s.block_traits();
    const bool solid = id < t.size() && t[id].collides;
    // A door to open and a voxel to dig are still solid; a place is still empty.
    return act != WorldAct::Place ? solid : !solid;
}

std::size_t Follower::aim() {
    // Cut the corner: the farthest of the next plain walks at this level that
    // the body can walk to straight from the last waypoint (its footprint
    // sweeping only walkable waypoints: smooth_route's rule). Computed once
    // per waypoint reached and revision of the facts.
    const std::uint64_t revision = nav_->snapshot()->revision();
    if (aim_k_ == k_ && aim_revision_ == revision) return aim_;
    // Edits outside the box swept from the last waypoint to the aim (most
    // edits of a live world) leave the aim as it was: 1,000 followers aiming
    // again after every edit anywhere doubled the tick's p99 in
    // bench-follow. (An edit that opens a longer cut is taken at the next
    // waypoint.)
    if (aim_k_ == k_ && k_ > 0 && aim_ < route_.waypoints.size()) {
        changed_.clear();
        if (nav_->snapshot()->changed_chunks_since(aim_revision_, changed_)) {
            const Voxel a = route_.waypoints[k_ - 1].position, b = route_.waypoints[aim_].position;
            const int w = int(std::ceil(nav_->profile().width));
            const ChunkBox swept{chunk_of(glm::min(a, b) - Voxel(1, 1, 1)), chunk_of(glm::max(a, b) + Voxel(w, 1, w))};
            const bool inside = std::any_of(changed_.begin(), changed_.end(), [&](const Voxel& c) { return swept.holds(c); });
            if (!inside) {
                aim_revision_ = revision;
                return aim_;
            }
        }
    }
    aim_k_ = k_;
    aim_revision_ = revision;
    aim_ = k_;
    const std::vector<Waypoint>& wps = route_.waypoints;
    if (k_ == 0 || !nav_->profile().walk || (wps[k_ - 1].action != Action::Walk && wps[k_ - 1].action != Action::Start)) return aim_;
    const Voxel from = wps[k_ - 1].position;
    for (std::size_t j = k_; j < wps.size() && j <= k_ + kCornerLookahead; ++j) {
        const Waypoint& w = wps[j];
        if (w.action != Action::Walk || w.position.y != from.y || w.opened || w.dug || w.placed) break;
        if (j > k_ && nav_->straight_walk_clear(from, w.position)) aim_ = j;
    }
    return aim_;
}

void Follower::steer(const BodyState& body, double now) {
    const std::size_t aimed = aim();
    const Waypoint& w = route_.waypoints[aimed];
    const AgentProfile& a = nav_->profile();
    const glm::dvec3 t = centre(aimed);
    out_.waypoint = k_;
    out_.target = t;
    const glm::dvec2 d(t.x - body.feet.x, t.z - body.feet.z);
    const double len = glm::length(d);
    out_.heading = len > 1e-9 ? d / len : glm::dvec2(0.0);
    const double run = glm::length(glm::dvec2(body.velocity.x, body.velocity.z));
    out_.speed = a.walk_speed;
    switch (w.action) {
        case Action::Jump:
            // Jump from the next column, a little earlier the faster the body runs.
            out_.jump = body.on_ground && len <= 1.0 + 0.1 * run;
            break;
        case Action::Leap: {
            // Jump from the start voxel where the jump lands the feet on the
            // landing's centre, sprinting only when the gap needs it
            // (kWalkingJumpReach and the constants beside it say why).
            const glm::dvec3 s = centre(k_ - 1);
            const double across = glm::length(glm::dvec2(t.x - s.x, t.z - s.z));
            const glm::dvec2 dir = glm::dvec2(t.x - s.x, t.z - s.z) / across;
            const double past = glm::dot(glm::dvec2(body.feet.x - s.x, body.feet.z - s.z), dir);
            const bool sprinted = across > kWalkingLeap;
            const double take_off = std::clamp(across - (sprinted ? kSprintJumpReach : kWalkingJumpReach), -0.5, 0.5);
            // (Only from the start voxel: a body on the ground past it has
            // landed or fallen, and jumps no more for this leap.)
            out_.jump = body.on_ground && past >= take_off && past <= 0.5 + a.width / 2.0;
            // At the jump, by where the body really is: one that came down
            // late on a 1-wide landing from the last leap, still running,
            // jumps on walking (its run carries a walking jump further, a
            // sprint jump over the landing).
            out_.sprint = out_.jump ? across - past > kSprintFrom : sprinted;
            break;
        }
        case Action::Swim: out_.speed = a.swim_speed; break;
        case Action::Climb:
            out_.speed = a.climb_speed;
            out_.climb = t.y > body.feet.y + 0.05 ? 1 : (t.y < body.feet.y - 0.05 ? -1 : 0);
            break;
        case Action::Fly: out_.speed = a.fly_speed; break;
        default: {
            // A walk up less than a step that the body does not take: jump.
            const double rise = t.y - body.feet.y;
            const bool held = body.on_ground && rise > 1e-3 && rise <= a.step_height + 1e-9 && len <= 1.0 + radius_ &&
                              run < kHeldSpeedShare * a.walk_speed;
            if (!held) held_since_ = -1.0;
            else if (held_since_ < 0.0) held_since_ = now;
            out_.jump = held && now - held_since_ >= kHeldBelowStepJump;
            break;
        }
    }
    // In water the head stays up while the target is not below.
    if (body.in_liquid && a.swim && t.y >= body.feet.y - 0.1 && w.action != Action::Climb) out_.jump = true;
    // What the move does to the world first: the first voxel not done yet.
    if (w.opened || (k_ == 1 && route_.waypoints[0].opened)) ask_to_open();
    if (w.dug) out_.dig = first_to_do(WorldAct::Dig);
    if (w.placed) out_.place = first_to_do(WorldAct::Place);
}

void Follower::forget_partial_plans() {
    fruitless_ = 0;
    partial_from_.clear();
}

void Follower::plan_next_tick() {
    plan_due_ = true;
    out_.status = FollowStatus::Replanning;
    out_.why = "the route planned this tick ends here: planning on next tick";
}

void Follower::settle(const BodyState& body, double now) {
    // The last waypoint is reached, but a body still in the air or still
    // running comes to rest past it (a jump onto a stair lands half a voxel
    // on; released mid-air, Minecraft's drag lets it glide on). It arrives
    // once it is held (ground, water or a ladder), within arrive_radius of
    // the goal's feet point and nearly still; until then it is steered back
    // to that point and let go where it would coast to a stop near it.
    const std::size_t last = route_.waypoints.size() - 1;
    const glm::dvec3 t = centre(last);
    const AgentProfile& a = nav_->profile();
    out_.waypoint = last;
    out_.target = t;
    const glm::dvec2 off(t.x - body.feet.x, t.z - body.feet.z);
    const glm::dvec2 run(body.velocity.x, body.velocity.z);
    const bool held = body.on_ground || body.in_liquid || body.on_climbable;
    const bool there = glm::length(off) <= settings_.arrive_radius && std::abs(t.y - body.feet.y) <= kArriveHeight;
    if ((held && there && glm::length(run) <= settings_.rest_speed) || now - progress_at_ > settings_.settle_time) {
        // Settled, or given settle_time to settle (a body pushed about by
        // others): arrived, standing still where it is.
        out_.status = FollowStatus::Arrived;
        if (!(held && there)) out_.why = "arrived within reach of the goal without coming to rest there in " + std::to_string(settings_.settle_time) + " s";
        return;
    }
    out_.status = FollowStatus::Moving;
    // Where the body would stop if let go now: on the ground within a few
    // ticks; in the air it glides on until it lands.
    const glm::dvec2 stop = -off + run * (held ? kCoastGround : kCoastAir);
    if (glm::length(stop) <= settings_.arrive_radius * 0.5) return;  // let go: speed 0
    const double len = glm::length(off);
    out_.heading = len > 1e-9 ? off / len : glm::dvec2(0.0);
    out_.speed = body.in_liquid && a.swim ? a.swim_speed : a.walk_speed;
    // In water the head stays up while the goal is not below.
    if (body.in_liquid && a.swim && t.y >= body.feet.y - 0.1) out_.jump = true;
}

void Follower::index_chunks() {
    // Every chunk the body may touch on the route (waypoint_chunks): an edit
    // elsewhere cannot change a move of it.
    route_chunks_.clear();
    for (const Waypoint& w : route_.waypoints) {
        const ChunkBox box = waypoint_chunks(w.position, nav_->profile());
        for (int x = box.lo.x; x <= box.hi.x; ++x)
            for (int y = box.lo.y; y <= box.hi.y; ++y)
                for (int z = box.lo.z; z <= box.hi.z; ++z) {
                    const Voxel c(x, y, z);
                    if (route_chunks_.empty() || route_chunks_.back() != c) route_chunks_.push_back(c);
                }
    }
    std::sort(route_chunks_.begin(), route_chunks_.end(), chunk_less);
    route_chunks_.erase(std::unique(route_chunks_.begin(), route_chunks_.end()), route_chunks_.end());
}

bool Follower::edits_near_route() {
    changed_.clear();
    if (!nav_->snapshot()->changed_chunks_since(checked_revision_, changed_)) return true;  // not known: check
    for (const Voxel& c : changed_)
        if (std::binary_search(route_chunks_.begin(), route_chunks_.end(), c, chunk_less)) return true;
    return false;
}

bool Follower::route_holds_near_edits() {
    // Only the moves near the chunks that changed (changed_, from
    // edits_near_route; empty when not known: all of them): checking every
    // move ahead cost a quarter of 1,000 followers 3 us each per edit.
    const std::size_t first = k_ > 0 ? k_ - 1 : 0, n = route_.waypoints.size();
    std::size_t lo = n, hi = 0;
    if (changed_.empty()) {
        lo = first, hi = n - 1;
    } else {
        for (std::size_t j = first; j < n; ++j) {
            const ChunkBox box = waypoint_chunks(route_.waypoints[j].position, nav_->profile());
            if (std::any_of(changed_.begin(), changed_.end(), [&](const Voxel& c) { return box.holds(c); }))
                lo = std::min(lo, j), hi = j;
        }
        if (lo == n) return true;  // near the route's chunks, but no move of it
    }
    // The moves into the waypoints from lo to hi, and out of hi.
    const std::size_t from = std::max(first, lo > 0 ? lo - 1 : 0), to = std::min(n - 1, hi + 1);
    return nav_->check_route(route_, from, to).valid;
}

void Follower::index_acts() {
    index_chunks();
    aim_k_ = SIZE_MAX;  // a new route: aim again
    act_offsets_.clear();
    if (route_.open.empty() && route_.dig.empty() && route_.place.empty()) return;
    act_offsets_.reserve(route_.waypoints.size() + 1);
    std::array<std::uint32_t, 3> at{0, 0, 0};
    for (const Waypoint& w : route_.waypoints) {
        act_offsets_.push_back(at);
        at[0] += w.opened, at[1] += w.dug, at[2] += w.placed;
    }
}

Route::Voxels Follower::acts(std::size_t k, WorldAct act) const {
    if (act_offsets_.empty() || k >= route_.waypoints.size()) return {};
    const Waypoint& w = route_.waypoints[k];
    const int i = act == WorldAct::Open ? 0 : act == WorldAct::Dig ? 1 : 2;
    const std::vector<Voxel>& all = i == 0 ? route_.open : i == 1 ? route_.dig : route_.place;
    const std::size_t n = i == 0 ? w.opened : i == 1 ? w.dug : w.placed;
    const std::size_t from = act_offsets_[k][i];
    if (n == 0 || from + n > all.size()) return {};
    return {all.data() + from, n};
}

void Follower::continue_on_worker() {
    if (next_.ticket) {
        if (std::optional<RouteService::Finished> f = settings_.service->take(next_.ticket)) {
            next_.ticket = 0;
            append_segment(f->route);
        }
        return;
    }
    const std::size_t n = route_.waypoints.size();
    if (route_.status != SearchStatus::Partial || n < 2 || goal_moved_ || n - std::min(k_, n) > settings_.lookahead) return;
    RouteService::Request r;
    r.from = route_.waypoints.back().position;
    r.goal = *goal_;
    r.options = settings_.query;
    r.claim = true;
    next_.service = settings_.service;
    try {
        next_.ticket = settings_.service->submit(settings_.service_agent, std::move(r));
    } catch (const std::exception&) {
        // An agent id the service does not know, or options it refuses:
        // plan on from the end here, as without a service.
        next_.ticket = 0;
    }
}

void Follower::append_segment(const Route& next) {
    // Only a route on from this one's end (a re-plan since dropped the ask).
    if (!next.usable() || next.waypoints.size() < 2 || next.waypoints.front().position != route_.waypoints.back().position) return;
    route_.waypoints.insert(route_.waypoints.end(), next.waypoints.begin() + 1, next.waypoints.end());
    route_.open.insert(route_.open.end(), next.open.begin(), next.open.end());
    route_.dig.insert(route_.dig.end(), next.dig.begin(), next.dig.end());
    route_.place.insert(route_.place.end(), next.place.begin(), next.place.end());
    route_.cost += next.cost;
    route_.status = next.status;
    index_acts();
}

std::optional<Voxel> Follower::first_to_do(WorldAct act) const {
    // A route that starts inside a closed door opens it first (its start's
    // share), before the first move's own.
    if (act == WorldAct::Open && k_ == 1)
        for (const Voxel& v : acts(0, act))
            if (still_blocks(v, act)) return v;
    for (const Voxel& v : acts(k_, act))
        if (still_blocks(v, act)) return v;
    return std::nullopt;
}

bool Follower::clear_of(const BodyState& body, const Voxel& v) const {
    // The body's footprint (a square of the agent's width) against the
    // voxel's square, with a hair to spare: touching is clear.
    const double half = nav_->profile().width / 2.0 - 1e-3;
    const auto apart = [half](double c, int lo) { return c + half <= lo || c - half >= lo + 1; };
    return apart(body.feet.x, v.x) || apart(body.feet.z, v.z);
}

bool Follower::still_to_open(const Voxel& v) const {
    auto listed = [&v](const Route::Voxels& vs) { return std::find(vs.begin(), vs.end(), v) != vs.end(); };
    return (listed(acts(k_, WorldAct::Open)) || (k_ == 1 && listed(acts(0, WorldAct::Open)))) &&
           still_blocks(v, WorldAct::Open);
}

void Follower::ask_to_open() {
    // A two-block door is two voxels of the move's open list, one above the
    // other, and one "use" opens both: asked half by half (one tick each), a
    // game forwarding each ask as a use opens the door and shuts it again.
    const std::optional<Voxel> v = first_to_do(WorldAct::Open);
    if (!v) return;
    const Voxel up{0, 1, 0};
    if (still_to_open(*v - up)) {
        out_.open = *v - up;
        out_.open_both_halves = true;
    } else {
        out_.open = v;
        out_.open_both_halves = still_to_open(*v + up);
    }
}

const Steering& Follower::update(const BodyState& body, double now) {
    tick(body, now);
    // Told to stand still (waiting for the budget, stuck, no path, arrived):
    // the target is where the body is, so a body that steers to its target stays.
    if (out_.speed == 0.0) {
        out_.target = body.feet;
        out_.heading = glm::dvec2(0.0);
    }
    return out_;
}

void Follower::tick(const BodyState& body, double now) {
    // The latest facts: a world navigator derives the tick's edits (cheap
    // when there are none), a worker takes the latest published version.
    nav_->sync();
    const Steering before = out_;
    out_ = Steering{};
    out_.replans = before.replans;
    if (!goal_) {
        out_.why = "no goal";
        return;
    }
    if (now < wait_until_) {
        out_.status = FollowStatus::Stuck;
        out_.why = "stuck: waiting " + std::to_string(wait_until_ - now) + " s before planning again";
        return;
    }
    bool replanned = false;
    const bool following = route_.usable() && k_ < route_.waypoints.size();
    auto replan = [&] {
        if (now == planned_at_) {
            // Planned already this tick (a partial route that ended where
            // the body stands): once a tick; the next tick plans on.
            plan_due_ = true;
            if (route_.usable() && k_ < route_.waypoints.size()) return true;
            plan_next_tick();
            return false;
        }
        if (!plan(body, now)) {
            // Turned away by the shared budget: ask again next tick, and
            // meanwhile keep following the route there is, if any.
            plan_due_ = true;
            if (following && k_ < route_.waypoints.size()) return true;
            out_.status = FollowStatus::Replanning;
            out_.why = "waiting for the planning budget";
            return false;
        }
        replanned = true;
        return route_.usable() && !route_.waypoints.empty();
    };
    if (!plan_due_ && goal_moved_ && now - last_goal_replan_ >= settings_.replan_interval) plan_due_ = true;
    if (plan_due_) {
        const bool first = out_.replans == 0;
        if (goal_moved_) last_goal_replan_ = now, goal_moved_ = false;
        if (!replan()) return;
        replanned = !first;
    } else if (!route_.usable() || route_.waypoints.empty()) {
        // No route: try again when edits may have opened a way.
        const std::uint64_t revision = nav_->snapshot()->revision();
        if (revision == checked_revision_ || now - last_edit_replan_ < settings_.replan_interval) {
            out_.status = before.status;
            out_.why = before.why;
            return;
        }
        last_edit_replan_ = now;
        if (!replan()) return;
    } else {
        // Edits: check the rest of the route once per new revision of the facts.
        const std::uint64_t revision = nav_->snapshot()->revision();
        if (revision != checked_revision_ && now - last_edit_replan_ >= settings_.replan_interval) {
            // Only when a chunk near the route changed (most edits of a
            // live world are elsewhere); else the route holds as it did.
            const bool near = edits_near_route();
            checked_revision_ = revision;
            if (near && !route_holds_near_edits()) {
                last_edit_replan_ = now;
                if (!replan()) return;
            }
        }
    }
    const std::size_t n = route_.waypoints.size();
    // Progress: every waypoint reached this tick.
    while (k_ < n && reached(body, k_)) {
        // A move that opened a door: close it once the body is past the
        // doorway (its lower half: closing one half closes both).
        if (route_.waypoints[k_].opened) {
            const Route::Voxels doors = acts(k_, WorldAct::Open);
            if (!doors.empty())
                door_behind_ = *std::min_element(doors.begin(), doors.end(), [](const Voxel& a, const Voxel& b) { return a.y < b.y; });
            door_past_ = k_ + 1;
        }
        ++k_;
        progress_at_ = now;
        stage_ = 0;
        backoff_ = 0.0;
    }
    // The door behind is closed once the waypoint after the doorway is
    // reached and the body's box has left the door's voxel: Minecraft shuts
    // a door whoever stands in its frame, and the shut panel then holds the
    // body inside it (the physics judge saw 6 such ticks in 652 routes).
    if (settings_.close_doors && door_behind_ && k_ > door_past_ && clear_of(body, *door_behind_)) {
        out_.close = door_behind_;
        door_behind_.reset();
    }
    // Cutting a corner, the body may pass the waypoints before its aim
    // without reaching them: reaching one further on counts for them.
    if (aim_k_ == k_ && aim_ > k_)
        for (std::size_t j = aim_; j > k_; --j)
            if (reached(body, j)) {
                k_ = j + 1;
                progress_at_ = now;
                stage_ = 0;
                backoff_ = 0.0;
                break;
            }
    if (settings_.service) continue_on_worker();
    if (k_ >= route_.waypoints.size()) {
        if (route_.status == SearchStatus::Found && !goal_moved_) {
            settle(body, now);
            return;
        }
        // The end of a route to where a moving goal was, or of a partial
        // route: plan on from here.
        if (goal_moved_) goal_moved_ = false, last_goal_replan_ = now;
        if (!replan()) return;
        if (route_.waypoints.size() < 2) {
            // A one-waypoint partial route: the body is at its end already.
            plan_next_tick();
            return;
        }
    }
    const bool airborne = !body.on_ground && !body.in_liquid && !body.on_climbable;
    // Pushed off the route: re-attach, else re-plan from here.
    if (distance_to_segment(body) > settings_.corridor + (airborne ? kAirSlack : 0.0) && !reattach(body)) {
        if (!replan()) return;
    }
    // Stuck: retry the step once, then re-plan, then wait with back-off.
    double expected = route_.waypoints[k_].cost;  // to the aim, when cutting a corner
    if (aim_k_ == k_)
        for (std::size_t j = k_ + 1; j <= aim_ && j < route_.waypoints.size(); ++j) expected += route_.waypoints[j].cost;
    const double allowed = expected * settings_.stuck_factor + settings_.stuck_slack;
    if (now - progress_at_ > allowed) {
        if (stage_ == 0) {
            stage_ = 1;
            progress_at_ = now;
        } else if (stage_ == 1) {
            stage_ = 2;
            if (!replan()) return;
        } else {
            backoff_ = backoff_ > 0.0 ? std::min(backoff_ * 2.0, settings_.stuck_backoff * 8.0) : settings_.stuck_backoff;
            wait_until_ = now + backoff_;
            plan_due_ = true;
            out_.status = FollowStatus::Stuck;
            out_.waypoint = k_;
            out_.target = centre(k_);
            out_.why = "no progress towards waypoint " + std::to_string(k_) + " after a retry and a new route; planning again in " +
                       std::to_string(backoff_) + " s";
            return;
        }
    }
    steer(body, now);
    out_.status = replanned ? FollowStatus::Replanning : FollowStatus::Moving;
}

}  // namespace voxnav
