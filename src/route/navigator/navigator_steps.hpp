// SPDX-License-Identifier: MIT
// One reading of a route's steps for every rule family. A route is a list
// of states, each reached from the one before by a move of the rules; its
// steps are found again by asking the family for the moves from each state
// and keeping the cheapest to the next one that makes the planned step.
// build_route and the dig finish (the search's own tags, matched exactly),
// and step_costs and check_route (a route's waypoints, matched as
// MoveTag::still_made_by: a door opened, a voxel dug or a block placed
// since may have made a step plain) all read a route through it.
//
// A family supplies: `State`; `static NodeId node(State)` (node_id::none:
// no state); `each_move(State, f(State to, double cost, MoveTag, const
// moves::BlockMove* voxels or null))`, zones applied.
#pragma once

#include "agent/movement.hpp"
#include "route/problems/dig_problem.hpp"
#include "voxnav/route/query_costs.hpp"

#include <cstddef>
#include <limits>
#include <vector>

namespace voxnav {

/// The ordinary rules as a step family (zones multiply each move's cost;
/// moves into a forbidden zone do not exist).
class OrdinarySteps {
public:
    using State = NavSnapshot::Index;
    OrdinarySteps(const MovementModel& moves, const ZoneCosts& zones)
        : moves_(&moves), zones_(&zones) {}
    [[nodiscard]] static NodeId node(State s) { return s; }
    /// The cost of the step s -> t made by `planned`, when the rules need not
    /// be asked, because one rule alone makes such steps and its price needs
    /// no reading beyond t's fact (no zones):
    /// - a level walk to one of the 8 neighbours from a position whose chunk
    ///   takes the plain rules (no shape facts there): only Level walks at
    ///   the same height, at its walk step onto t's floor (shaped rules, the
    ///   only other source of walks, apply only from shaped chunks);
    /// - a swim to one of the 8 level neighbours, or straight up or down,
    ///   from a position whose chunk takes the plain rules: only Level
    ///   (level swims, at swim_axis or swim_diag) and SwimVertical (at
    ///   swim_axis) make swims there;
    /// - a fly move to one of the 26 neighbours: only Fly makes fly moves,
    ///   at a cost fixed by the direction.
    /// The step was made by the search with this tag, so it is legal; only
    /// its price is read here. Routes are mostly such steps, and asking the
    /// rules for all moves of each was as dear as the search on long routes.
    /// False: ask the rules.
    [[nodiscard]] bool known_step(State s, State t, MoveTag planned, double& cost) const {
        const bool walk = planned == MoveTag(Action::Walk), swim = planned == MoveTag(Action::Swim);
        if (!zones_->empty() || !(walk || swim || planned == MoveTag(Action::Fly))) return false;
        const NavSnapshot& f = moves_->field();
        int dx, dy, dz;
        if (node_id::slot(s) == node_id::slot(t)) {
            dx = node_id::lx(t) - node_id::lx(s);
            dy = node_id::ly(t) - node_id::ly(s);
            dz = node_id::lz(t) - node_id::lz(s);
        } else {
            const Voxel d = f.voxel_of(t) - f.voxel_of(s);
            dx = d.x, dy = d.y, dz = d.z;
        }
        if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || dz < -1 || dz > 1 || (dx == 0 && dy == 0 && dz == 0)) return false;
        if (!walk && !swim) {
            cost = moves_->tables().fly_cost[moves::Fly::cube(dx, dy, dz)];
            return true;
        }
        if (moves_->always_shaped() || f.shaped(s)) return false;
        if (swim) {
            if (dy != 0 && (dx != 0 || dz != 0)) return false;
            cost = dx != 0 && dz != 0 ? moves_->tables().swim_diag : moves_->tables().swim_axis;
            return true;
        }
        if (dy != 0) return false;
        const Fact onto = f[t];
        if (!onto.dry_standable()) return false;
        cost = moves_->walk_step(onto, dx != 0 && dz != 0);
        return true;
    }
    template <class F>
    void each_move(State s, F&& f) const {
        const NavSnapshot& snapshot = moves_->field();
        moves_->for_each_move(s, [&](State t, double cost, MoveTag a) {
            const double m = zones_->empty() ? 1.0 : zones_->multiplier(snapshot.voxel_of(t));
            if (m != CostZone::forbid) f(t, cost * m, a, static_cast<const moves::BlockMove*>(nullptr));
        });
    }

private:
    const MovementModel* moves_;
    const ZoneCosts* zones_;
};

/// The rules of a digging or placing agent (DigProblem: the ordinary moves
/// and those that dig or place, with the blocks left) as a step family.
class DigSteps {
public:
    using State = DigProblem::State;
    explicit DigSteps(const DigProblem& problem) : problem_(&problem) {}
    [[nodiscard]] static NodeId node(State s) { return DigProblem::node(s); }
    [[nodiscard]] bool known_step(State, State, MoveTag, double&) const { return false; }
    template <class F>
    void each_move(State s, F&& f) const {
        problem_->each_move(s, f);
    }

private:
    const DigProblem* problem_;
};

/// How a step is matched against the moves the rules give: the search's
/// own tag (Exact), or a route's planned step (MoveTag::still_made_by).
enum class StepMatch { Exact, StillMade };

/// The moves the steps of a route found: per step its cost (+inf when no
/// move makes it), tag, and the voxels its move digs and places.
struct FoundSteps {
    std::vector<double> cost;
    std::vector<MoveTag> tag;
    std::vector<Voxel> dig, place;            // all, in route order
    std::vector<std::uint32_t> dug, placed;   // per step: its share
};

/// Finds the steps of the route states[0..count) planned as planned[k]
/// (planned[0] is ignored; step 0 costs 0). O(moves read around the route).
template <class Steps>
void find_route_steps(const Steps& steps, const typename Steps::State* states, const MoveTag* planned, std::size_t count,
                      StepMatch match, FoundSteps& out) {
    using State = typename Steps::State;
    constexpr double kInf = std::numeric_limits<double>::infinity();
    out.cost.assign(count, 0.0);
    out.tag.assign(count, MoveTag(Action::Start));
    out.dug.assign(count, 0);
    out.placed.assign(count, 0);
    out.dig.clear();
    out.place.clear();
    for (std::size_t k = 1; k < count; ++k) {
        const NodeId to = Steps::node(states[k]);
        double best = kInf;
        const std::size_t dug_at = out.dig.size(), placed_at = out.place.size();
        if (match == StepMatch::Exact && to != node_id::none && Steps::node(states[k - 1]) != node_id::none &&
            steps.known_step(states[k - 1], states[k], planned[k], best)) {
            out.cost[k] = best;
            out.tag[k] = planned[k];
            continue;
        }
        if (Steps::node(states[k - 1]) != node_id::none && to != node_id::none)
            steps.each_move(states[k - 1], [&](State t, double cost, MoveTag a, const moves::BlockMove* m) {
                if (Steps::node(t) != to || !(cost < best)) return;
                if (match == StepMatch::Exact ? a != planned[k] : !planned[k].still_made_by(a)) return;
                best = cost;
                out.tag[k] = a;
                out.dig.resize(dug_at);
                out.place.resize(placed_at);
                if (m) {
                    out.dig.insert(out.dig.end(), m->dug, m->dug + m->dug_count);
                    out.place.insert(out.place.end(), m->placed, m->placed + m->placed_count);
                }
            });
        out.cost[k] = best;
        if (best == kInf) out.tag[k] = planned[k];
        out.dug[k] = std::uint32_t(out.dig.size() - dug_at);
        out.placed[k] = std::uint32_t(out.place.size() - placed_at);
    }
}

}  // namespace voxnav
