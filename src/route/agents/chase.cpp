// SPDX-License-Identifier: MIT
// ChaseField: per-chaser routes kept while they provably stay the cheapest,
// or one flow field rooted at the target kept while nothing it depends on
// changes (chase.hpp says when each is used and why it stays exact).
#include "voxnav/route/chase.hpp"

#include "agent/movement.hpp"
#include "voxnav/facts/nav_field.hpp"
#include "facts/nav_snapshot.hpp"
#include "route/problems/landmarks.hpp"
#include "route/problems/nav_problem.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <tuple>

namespace voxnav {

namespace {

// What makes two updates ask for the same routes: the goal and the options
// that change costs or bounds (compared field by field: this runs every tick).
bool same_zone(const CostZone& a, const CostZone& b) {
    return a.shape == b.shape && a.centre == b.centre && a.radius == b.radius && a.box.lo == b.box.lo && a.box.hi == b.box.hi &&
           a.multiplier == b.multiplier;
}
bool same_part(const Goal::Part& a, const Goal::Part& b) {
    return a.kind == b.kind && a.voxel == b.voxel && a.point == b.point && a.radius == b.radius;
}
bool same_query(const Goal& g1, const QueryOptions& o1, const Goal& g2, const QueryOptions& o2) {
    if (g1.parts().size() != g2.parts().size() || g1.threats().size() != g2.threats().size()) return false;
    for (std::size_t i = 0; i < g1.parts().size(); ++i)
        if (!same_part(g1.parts()[i], g2.parts()[i])) return false;
    for (std::size_t i = 0; i < g1.threats().size(); ++i)
        if (g1.threats()[i].point != g2.threats()[i].point || g1.threats()[i].radius != g2.threats()[i].radius) return false;
    if (o1.limits.max_cost != o2.limits.max_cost || o1.limits.max_nodes != o2.limits.max_nodes ||
        o1.limits.weight != o2.limits.weight || o1.snap_goal != o2.snap_goal || o1.floor_cost != o2.floor_cost ||
        o1.zones.size() != o2.zones.size() || o1.acceleration != o2.acceleration || o1.landmarks != o2.landmarks)
        return false;
    for (std::size_t i = 0; i < o1.zones.size(); ++i)
        if (!same_zone(o1.zones[i], o2.zones[i])) return false;
    return true;
}

// a <= b up to the rounding of sums of move costs.
bool at_most(double a, double b) { return a <= b + 1e-9 * std::max(1.0, std::abs(b)); }

}  // namespace

struct VOXNAV_INTERNAL ChaseField::Impl {
    // One chaser's route (Routes): the waypoints from where it was planned,
    // the cost still ahead of each, and where the chaser stands on it.
    struct Chase {
        Route route;
        std::vector<double> ahead;  // ahead[k]: cost from waypoint k to the end
        std::size_t at = 0;
        Voxel planned_from{0};
    };

    Impl(Navigator nav, Method method) : nav(std::move(nav)), method(method) {}

    Navigator nav;
    Method method;
    Method used = Method::Routes;
    Goal goal;                          // goal and options of the routes or field
    QueryOptions options;
    bool have = false;                  // routes or a field exist for `goal` and `options`
    bool exact_goal = false;
    Voxel target{0};
    std::uint64_t valid_revision = 0;   // the latest revision they are known exact for
    std::vector<Voxel> changed;         // scratch: chunks changed since
    bool changes_known = true;
    double bound_factor = 1.0;          // the zones' smallest multiplier: lower bounds are scaled by it
    std::vector<Chase> routes;
    std::vector<char> own_route;        // Field: chasers answered by their own route instead
    std::vector<std::size_t> replan;    // scratch: chasers to re-plan this update
    std::vector<Voxel> meet_targets;    // scratch: their positions
    std::vector<double> scratch_costs;
    FlowField meet_field;               // the field re-plans end in
    // Re-plans of this many chasers or more at once may share a field around
    // the goal of kMeetShare times their median cost before, within
    // [kMeetRadiusMin, kMeetRadiusMax] seconds (tuned with voxnav chase:
    // RESULTS.md, issue 24); which way costs less is measured as it runs.
    static constexpr std::size_t kMeetChasers = 8;
    static constexpr double kMeetShare = 1.5, kMeetRadiusMin = 0.5, kMeetRadiusMax = 30.0;
    static constexpr std::uint32_t kMeetMaxNodes = 20000;
    static constexpr std::uint64_t kExploreEvery = 8;
    double plain_cost = 0.0, meet_cost = 0.0;  // measured seconds per re-planned chaser, each way
    std::uint64_t rounds_since_try = 0, explore_after = kExploreEvery;
    std::vector<Voxel> positions;       // the chasers of the last update
    std::shared_ptr<FlowField> field_, spare_;
    std::uint64_t fields = 0, replans = 0, certificates = 0;

    static void sum_ahead(Chase& c) {
        const auto& w = c.route.waypoints;
        c.ahead.assign(w.size(), 0.0);
        for (std::size_t k = w.size(); k-- > 1;) c.ahead[k - 1] = c.ahead[k] + w[k].cost;
    }
    void take_route(Chase& c, Route r, const Voxel& from) {
        c.route = std::move(r);
        c.at = 0;
        c.planned_from = from;
        sum_ahead(c);
    }

    // Could an edit in `chunk` give a route from `from` to the target cheaper
    // than `cost`? A changed move lies within move reach of the chunk
    // horizontally (at any height: falls read the columns above), so any
    // route using one costs at least the bound to that area and from it.
    bool edit_may_matter(const Voxel& from, double cost, const Voxel& chunk, int reach) const {
        const MovementModel& m = nav.moves();
        const int lo_x = chunk.x * 16 - reach, hi_x = chunk.x * 16 + 15 + reach;
        const int lo_z = chunk.z * 16 - reach, hi_z = chunk.z * 16 + 15 + reach;
        const Voxel near_from(std::clamp(from.x, lo_x, hi_x), from.y, std::clamp(from.z, lo_z, hi_z));
        const Voxel near_target(std::clamp(target.x, lo_x, hi_x), target.y, std::clamp(target.z, lo_z, hi_z));
        const double bound = bound_factor * (m.lower_bound_delta(std::abs(double(from.x - near_from.x)), 0.0,
                                                                 std::abs(double(from.z - near_from.z))) +
                                             m.lower_bound_delta(std::abs(double(target.x - near_target.x)), 0.0,
                                                                 std::abs(double(target.z - near_target.z))));
        return at_most(bound, cost);
    }

    bool edits_may_matter(const Chase& c, const Voxel& from) const {
        if (!changes_known || !exact_goal) return true;
        if (c.route.status != SearchStatus::Found) return !changed.empty();  // a route may have appeared
        const int reach = MovementModel::move_reach(nav.profile());
        for (const Voxel& chunk : changed)
            if (edit_may_matter(from, c.ahead[c.at], chunk, reach)) return true;
        return false;
    }

    void routes_update(const Goal& goal, const std::vector<Voxel>& chasers, const QueryOptions& options, bool same_goal,
                       bool edited, const std::optional<Route>& target_walk, Update& u) {
        if (routes.size() < chasers.size()) routes.resize(chasers.size());
        replan.clear();
        for (std::size_t i = 0; i < chasers.size(); ++i) {
            Chase& c = routes[i];
            const Voxel pos = chasers[i];
            bool need = !have;
            // Where the chaser stands on its route (it walks forwards; look
            // from its last place on, then from the start).
            if (!need) {
                const auto& w = c.route.waypoints;
                if (c.route.status == SearchStatus::Found) {
                    std::size_t k = c.at;
                    while (k < w.size() && w[k].position != pos) ++k;
                    if (k == w.size())
                        for (k = 0; k < c.at && w[k].position != pos; ++k) {}
                    if (k < w.size() && w[k].position == pos) c.at = k;
                    else need = true;
                } else {
                    need = pos != c.planned_from;
                }
            }
            if (!need && edited) need = edits_may_matter(c, pos);
            if (!need && !same_goal) {
                need = true;
                if (c.route.status == SearchStatus::Found && exact_goal) {
                    // The new target on the route: its prefix is a cheapest route there.
                    auto& w = c.route.waypoints;
                    std::size_t j = c.at;
                    while (j < w.size() && w[j].position != target) ++j;
                    if (j < w.size()) {
                        w.resize(j + 1);
                        sum_ahead(c);
                        need = false;
                    } else if (target_walk) {
                        // The route on to the target's new place, if it costs no
                        // more than the bound: nothing can be cheaper.
                        const double total = c.ahead[c.at] + target_walk->cost;
                        if (at_most(total, bound_factor * nav.moves().lower_bound(pos, target))) {
                            w.insert(w.end(), target_walk->waypoints.begin() + 1, target_walk->waypoints.end());
                            sum_ahead(c);
                            need = false;
                        }
                    }
                    if (!need) {
                        ++u.certified;
                        ++certificates;
                    }
                }
            }
            if (need) replan.push_back(i);
        }
        if (replan.empty()) return;
        // Many re-plans to one goal: one field around it that every re-plan's
        // A* ends in, guided by its costs (Navigator::find_route_via_field),
        // when that was measured to cost less per re-plan than plain A*.
        // The other way is tried again after kExploreEvery rounds, twice as
        // late each time it loses again (the crowd and the terrain change).
        const bool many = replan.size() >= kMeetChasers && goal.is_single_voxel();
        bool meet = false;
        if (many) {
            if (plain_cost == 0.0) meet = false;
            else if (meet_cost == 0.0) meet = true;
            else if (++rounds_since_try >= explore_after) {
                meet = meet_cost >= plain_cost;  // try the other way again
                rounds_since_try = 0;
            } else {
                meet = meet_cost < plain_cost;
            }
        }
        const auto t0 = std::chrono::steady_clock::now();
        if (meet) {
            std::vector<double>& before = scratch_costs;
            before.clear();
            for (std::size_t i : replan)
                if (routes[i].route.status == SearchStatus::Found) before.push_back(routes[i].ahead[routes[i].at]);
            std::sort(before.begin(), before.end());
            const double median = before.empty() ? kMeetRadiusMax : before[before.size() / 2];
            QueryOptions around = options;
            around.limits.max_cost = std::clamp(kMeetShare * median, kMeetRadiusMin, kMeetRadiusMax);
            around.limits.max_nodes = std::min<std::uint32_t>(options.limits.max_nodes, kMeetMaxNodes);
            meet_targets.clear();
            for (std::size_t i : replan) meet_targets.push_back(chasers[i]);
            nav.flow_field(goal, around, meet_field, meet_targets);
            meet = meet_field.usable();
        }
        for (std::size_t i : replan) {
            Route r;
            if (meet) nav.find_route_via_field(chasers[i], goal, options, meet_field, r);
            else r = nav.find_route(chasers[i], goal, options);
            take_route(routes[i], std::move(r), chasers[i]);
            ++u.replanned;
            ++replans;
        }
        if (many) {
            // Seconds per re-planned chaser, a running average per way.
            const double per = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / double(replan.size());
            double& avg = meet ? meet_cost : plain_cost;
            const bool trial = rounds_since_try == 0 && avg != 0.0;
            avg = avg == 0.0 ? per : 0.75 * avg + 0.25 * per;
            // A way that lost its trial again is tried half as often.
            if (trial) explore_after = (meet ? meet_cost >= plain_cost : plain_cost >= meet_cost) ? std::min<std::uint64_t>(2 * explore_after, 256) : kExploreEvery;
        }
    }

    void field_update(const Goal& goal, const std::vector<Voxel>& chasers, const QueryOptions& options, bool same_goal,
                      bool edited, Update& u) {
        bool need = !have || !same_goal || !field_ || (edited && (!changes_known || field_->affected_by(changed)));
        // A field stopped by max_cost or the node cap would not grow by being
        // computed again; one that stopped at the crowd must hold all of it.
        if (!need && field_->usable() && field_->stop() == FlowStop::Covered)
            for (const Voxel& c : chasers)
                if (!field_->contains(c) && nav.is_waypoint(c)) {
                    need = true;
                    break;
                }
        if (need) {
            // Readers may hold the current field: write into the spare one when
            // nobody else holds it, else into a new one.
            std::shared_ptr<FlowField> out = spare_ && spare_.use_count() == 1 ? std::move(spare_) : std::make_shared<FlowField>();
            nav.flow_field(goal, options, *out, chasers);
            spare_ = std::move(field_);
            field_ = std::move(out);
            u.field_computed = true;
            ++fields;
        }
        // Chasers the field cannot answer as find_route would get their own
        // A* every tick: beyond a node cap, no waypoint (a status with its
        // reason), or a goal the field refused.
        own_route.assign(chasers.size(), 0);
        if (routes.size() < chasers.size()) routes.resize(chasers.size());
        for (std::size_t i = 0; i < chasers.size(); ++i) {
            const Voxel c = chasers[i];
            if (field_->contains(c) || (field_->usable() && field_->stop() == FlowStop::Exhausted && nav.is_waypoint(c))) continue;
            own_route[i] = 1;
            take_route(routes[i], nav.find_route(c, goal, options), c);
            ++u.replanned;
            ++replans;
        }
    }
};

ChaseField::ChaseField(const World& world, const AgentProfile& profile, Method method)
    : impl_(std::make_unique<Impl>(Navigator(world, profile), method)) {}

ChaseField::ChaseField(std::shared_ptr<NavField> field, const AgentProfile& profile, Method method)
    : impl_(std::make_unique<Impl>(Navigator(std::move(field), profile), method)) {}

ChaseField::~ChaseField() = default;
ChaseField::ChaseField(ChaseField&&) noexcept = default;
ChaseField& ChaseField::operator=(ChaseField&&) noexcept = default;

void ChaseField::invalidate() { impl_->have = false; }

ChaseField::Update ChaseField::update(const Goal& goal, const std::vector<Voxel>& chasers, const QueryOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    Impl& s = *impl_;
    Update u;
    const AgentProfile& agent = s.nav.moves().profile();
    if (agent.changes_world()) {
        // Digging and placing routes have no field and no certificates (both
        // rest on the ordinary moves): every chaser gets its own fresh route.
        s.used = u.method = Method::Routes;
        s.have = false;
        s.routes.resize(chasers.size());
        for (std::size_t i = 0; i < chasers.size(); ++i) {
            s.take_route(s.routes[i], s.nav.find_route(chasers[i], goal, options), chasers[i]);
            ++s.replans;
        }
        u.replanned = chasers.size();
        s.positions = chasers;
        s.valid_revision = u.revision = s.nav.snapshot()->revision();
        u.microseconds = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
        return u;
    }
    const Method want = s.method == Method::Field ? Method::Field : Method::Routes;
    if (want != s.used) s.have = false;  // the other way's state is stale
    s.used = u.method = want;
    const bool same_goal = s.have && same_query(goal, options, s.goal, s.options);
    const bool was_exact = s.exact_goal;
    const Voxel old_target = s.target;
    if (!same_goal) {
        s.exact_goal = goal.is_single_voxel();
        if (s.exact_goal) s.target = goal.parts()[0].voxel;
        s.bound_factor = ZoneCosts(options.zones).smallest_multiplier();
    }
    // Workers may see a newer snapshot mid-update: go again until a pass
    // starts and ends on one revision (its edits are then checked as any).
    for (int pass = 0; pass < 4; ++pass) {
        s.nav.sync();
        const std::uint64_t revision = s.nav.snapshot()->revision();
        const bool edited = s.have && revision != s.valid_revision;
        s.changed.clear();
        s.changes_known = !edited || s.nav.snapshot()->changed_chunks_since(s.valid_revision, s.changed);
        if (edited) {
            std::sort(s.changed.begin(), s.changed.end(),
                      [](const Voxel& a, const Voxel& b) { return std::tie(a.x, a.y, a.z) < std::tie(b.x, b.y, b.z); });
            s.changed.erase(std::unique(s.changed.begin(), s.changed.end()), s.changed.end());
        }
        const bool goal_same = pass > 0 || same_goal;
        if (want == Method::Field) {
            s.field_update(goal, chasers, options, goal_same, edited, u);
        } else {
            // The target's own walk from its last place, shared by every chaser's certificate.
            std::optional<Route> walk;
            if (!goal_same && was_exact && s.exact_goal && s.have && old_target != s.target) {
                Route r = s.nav.find_route(old_target, Goal::at(s.target), options);
                if (r.status == SearchStatus::Found) walk = std::move(r);
            }
            s.routes_update(goal, chasers, options, goal_same, edited, walk, u);
        }
        if (!s.have || !goal_same) {
            s.goal = goal;
            s.options = options;
            s.options.trace = nullptr;
        }
        s.have = true;
        s.valid_revision = revision;
        s.nav.sync();
        if (s.nav.snapshot()->revision() == revision) break;
    }
    s.positions = chasers;
    u.revision = s.valid_revision;
    u.microseconds = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    return u;
}

Route ChaseField::route(std::size_t i) const {
    const Impl& s = *impl_;
    if (i >= s.positions.size()) {
        Route r;
        r.status = SearchStatus::InvalidStart;
        r.error = "no chaser " + std::to_string(i) + " in the last update.";
        return r;
    }
    if (s.used == Method::Field && !s.own_route[i]) return s.field_->route_from(s.positions[i]);
    const Impl::Chase& c = s.routes[i];
    Route r = c.route;
    if (r.status == SearchStatus::Found || r.status == SearchStatus::Partial) {
        r.drop_before(c.at);
        r.cost = c.ahead[c.at];
    }
    r.revision = s.valid_revision;
    return r;
}

double ChaseField::cost(std::size_t i) const {
    const Impl& s = *impl_;
    if (i >= s.positions.size()) return FlowField::no_cost;
    if (s.used == Method::Field && !s.own_route[i]) return s.field_->cost(s.positions[i]);
    const Impl::Chase& c = s.routes[i];
    return c.route.status == SearchStatus::Found ? c.ahead[c.at] : FlowField::no_cost;
}

std::optional<FlowStep> ChaseField::next(std::size_t i) const {
    const Impl& s = *impl_;
    if (i >= s.positions.size()) return std::nullopt;
    if (s.used == Method::Field && !s.own_route[i]) return s.field_->next(s.positions[i]);
    const Impl::Chase& c = s.routes[i];
    if (c.route.status != SearchStatus::Found || c.at + 1 >= c.route.waypoints.size()) return std::nullopt;
    const Waypoint& w = c.route.waypoints[c.at + 1];
    const Route::Voxels doors = c.route.voxels(c.at + 1, WorldAct::Open);
    return FlowStep{w.position, w.action, w.cost, std::vector<Voxel>(doors.begin(), doors.end())};
}

std::shared_ptr<const FlowField> ChaseField::field() const { return impl_->used == Method::Field ? impl_->field_ : nullptr; }
std::uint64_t ChaseField::fields_computed() const { return impl_->fields; }
std::uint64_t ChaseField::replans() const { return impl_->replans; }
std::uint64_t ChaseField::certified() const { return impl_->certificates; }
Navigator& ChaseField::navigator() { return impl_->nav; }

}  // namespace voxnav
