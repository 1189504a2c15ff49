// SPDX-License-Identifier: MIT
// A deliberately simple reference for the movement model, written straight
// from spec/movement-model.md against World::block() (no NavField, no
// caching), and a plain Dijkstra over it. Slow and obvious on purpose: the
// engine is checked against it.
#pragma once

#include "route/problems/jump_points.hpp"
#include "route/problems/nav_problem.hpp"
#include "route/problems/open_sky.hpp"
#include "voxnav/voxnav.hpp"

#include <cmath>
#include <map>
#include <optional>
#include <queue>
#include <tuple>
#include <vector>

namespace ref {

using voxnav::Action;
using voxnav::AgentProfile;
using voxnav::BlockKind;
using voxnav::Voxel;
using voxnav::World;

struct Move {
    Voxel to;
    double cost;
    voxnav::MoveTag action;
};

struct VoxelLess {
    bool operator()(const Voxel& a, const Voxel& b) const {
        return std::tie(a.x, a.y, a.z) < std::tie(b.x, b.y, b.z);
    }
};

class Model {
public:
    Model(const World& w, const AgentProfile& a, std::optional<voxnav::VoxelBox> nodes = std::nullopt)
        : w_(w), a_(a), nodes_(nodes ? nodes : w.bounds()) {}

    bool is_node(const Voxel& p) const { return !nodes_ || nodes_->contains(p); }
    bool solid(const Voxel& v) const { return w_.block_type(v).kind == BlockKind::Solid; }
    bool hazard(const Voxel& v) const { return w_.block_type(v).kind == BlockKind::Liquid && w_.block_type(v).hazard; }
    bool water(const Voxel& v) const { return w_.block_type(v).kind == BlockKind::Liquid && !w_.block_type(v).hazard; }

    bool clear(const Voxel& p) const {
        for (int i = 0; i < a_.width; ++i)
            for (int j = 0; j < a_.body_voxels(); ++j)
                for (int k = 0; k < a_.width; ++k) {
                    const Voxel v = p + Voxel(i, j, k);
                    if (solid(v) || hazard(v)) return false;
                }
        return true;
    }
    bool in_water(const Voxel& p) const {
        for (int i = 0; i < a_.width; ++i)
            for (int k = 0; k < a_.width; ++k)
                if (water(p + Voxel(i, 0, k))) return true;
        return false;
    }
    bool supported(const Voxel& p) const {
        for (int i = 0; i < a_.width; ++i)
            for (int k = 0; k < a_.width; ++k)
                if (solid(p + Voxel(i, -1, k))) return true;
        return in_water(p);
    }
    bool standable(const Voxel& p) const { return clear(p) && supported(p); }
    bool waypoint(const Voxel& p) const { return is_node(p) && (a_.fly ? clear(p) : standable(p)); }

    double m(const Voxel& p) const {
        if (in_water(p)) return 1.0;
        double best = 1.0;
        for (int i = 0; i < a_.width; ++i)
            for (int k = 0; k < a_.width; ++k) {
                const Voxel v = p + Voxel(i, -1, k);
                if (!solid(v)) continue;
                auto it = a_.floor_cost.find(w_.block_type(v).name);
                if (it != a_.floor_cost.end()) best = std::max(best, it->second);
            }
        return best;
    }

    // Headroom for a jump of k from p: voxels at heights height .. height+k-1
    // above the footprint.
    bool headroom(const Voxel& p, int k) const {
        for (int i = 0; i < a_.width; ++i)
            for (int kk = 0; kk < a_.width; ++kk)
                for (int j = a_.body_voxels(); j < a_.body_voxels() + k; ++j) {
                    const Voxel v = p + Voxel(i, j, kk);
                    if (solid(v) || hazard(v)) return false;
                }
        return true;
    }

    std::vector<Move> moves(const Voxel& p) const {
        std::vector<Move> out;
        const Voxel up(0, 1, 0);
        const Voxel axes[4] = {{1, 0, 0}, {-1, 0, 0}, {0, 0, 1}, {0, 0, -1}};
        auto add = [&](const Voxel& to, double cost, Action act) {
            if (is_node(to)) out.push_back({to, cost, act});
        };
        if (standable(p)) {
            const bool pw = in_water(p);
            std::vector<Voxel> dirs(axes, axes + 4);
            if (a_.diagonal)
                for (Voxel d : {Voxel(1, 0, 1), Voxel(1, 0, -1), Voxel(-1, 0, 1), Voxel(-1, 0, -1)}) dirs.push_back(d);
            for (const Voxel& d : dirs) {
                const bool diag = d.x != 0 && d.z != 0;
                const double hd = diag ? std::sqrt(2.0) : 1.0;
                const Voxel q = p + d;
                // 1. same level
                if (standable(q) && (!diag || (clear(p + Voxel(d.x, 0, 0)) && clear(p + Voxel(0, 0, d.z))))) {
                    if (in_water(q)) {
                        if (a_.swim) add(q, hd / a_.swim_speed, Action::Swim);
                    } else if (a_.walk) {
                        add(q, hd / a_.walk_speed * m(q), Action::Walk);
                    }
                }
                if (diag) continue;
                // 2. jump up
                if (a_.jump) {
                    const int kmax = pw ? std::min(1, a_.jump_voxels()) : a_.jump_voxels();
                    for (int k = 1; k <= kmax; ++k) {
                        const Voxel t = q + k * up;
                        if (standable(t) && !in_water(t) && headroom(p, k))
                            add(t, 1.0 / a_.walk_speed * m(t) + std::sqrt(2.0 * k / a_.gravity), Action::Jump);
                    }
                }
                // 3. fall
                if (a_.fall && !pw && clear(q) && !supported(q)) {
                    const int floor_y = nodes_ ? nodes_->lo.y : q.y - 512;
                    for (int k = 1; q.y - k >= floor_y; ++k) {
                        const Voxel t = q - k * up;
                        if (!clear(t)) break;
                        if (supported(t)) {
                            if (k <= a_.max_fall || in_water(t))
                                add(t, 1.0 / a_.walk_speed * m(t) + std::sqrt(2.0 * k / a_.gravity), Action::Fall);
                            break;
                        }
                    }
                }
                // 4. leap
                if (a_.jump && !pw) {
                    for (int g = 1; g <= a_.jump_distance; ++g) {
                        bool gaps = headroom(p, 1);
                        for (int i = 1; i <= g && gaps; ++i) {
                            const Voxel c = p + i * d;
                            gaps = clear(c) && clear(c + up) && !supported(c);
                        }
                        const Voxel l = p + (g + 1) * d;
                        if (gaps && standable(l) && !in_water(l))
                            add(l, (g + 1) / a_.walk_speed * m(l) + 2.0 * std::sqrt(2.0 / a_.gravity), Action::Leap);
                    }
                }
            }
            // 5. swim up / down
            if (a_.swim && pw)
                for (const Voxel& t : {p + up, p - up})
                    if (standable(t)) add(t, 1.0 / a_.swim_speed, Action::Swim);
        }
        // 6. fly
        if (a_.fly && clear(p)) {
            for (int a = -1; a <= 1; ++a)
                for (int b = -1; b <= 1; ++b)
                    for (int c = -1; c <= 1; ++c) {
                        if (!a && !b && !c) continue;
                        bool ok = true;
                        for (int a2 : {0, a})
                            for (int b2 : {0, b})
                                for (int c2 : {0, c}) ok = ok && clear(p + Voxel(a2, b2, c2));
                        if (ok) add(p + Voxel(a, b, c), std::sqrt(double(a * a + b * b + c * c)) / a_.fly_speed, Action::Fly);
                    }
        }
        return out;
    }

    /// Cheapest route cost, or -1 when unreachable. Explores at most max_nodes.
    double dijkstra(const Voxel& s, const Voxel& g, std::size_t max_nodes = 2'000'000) const {
        return dijkstra_to(s, [&](const Voxel& p) { return p == g; }, [](const Voxel&) { return 1.0; }, max_nodes);
    }

    /// Cheapest cost from s to any waypoint where `goal` holds, with each
    /// move's cost times `factor(move end)` (+inf: the move is forbidden);
    /// -1 when none is reachable.
    template <class Goal, class Factor>
    double dijkstra_to(const Voxel& s, Goal&& goal, Factor&& factor, std::size_t max_nodes = 2'000'000) const {
        std::map<Voxel, double, VoxelLess> dist;
        using Item = std::pair<double, std::tuple<int, int, int>>;
        std::priority_queue<Item, std::vector<Item>, std::greater<>> pq;
        dist[s] = 0;
        pq.push({0.0, {s.x, s.y, s.z}});
        std::size_t popped = 0;
        while (!pq.empty() && popped < max_nodes) {
            auto [d, t] = pq.top();
            pq.pop();
            const Voxel p(std::get<0>(t), std::get<1>(t), std::get<2>(t));
            if (d > dist[p]) continue;
            if (goal(p)) return d;
            ++popped;
            for (const Move& mv : moves(p)) {
                const double f = factor(mv.to);
                if (std::isinf(f)) continue;
                const double nd = d + mv.cost * f;
                auto it = dist.find(mv.to);
                if (it == dist.end() || nd < it->second - 1e-12) {
                    dist[mv.to] = nd;
                    pq.push({nd, {mv.to.x, mv.to.y, mv.to.z}});
                }
            }
        }
        return -1.0;
    }

    /// Checks that a route is a chain of legal moves whose costs add up.
    /// Returns "" or a description of the first fault.
    std::string check_route(const voxnav::Route& r) const {
        return check_route(r, [](const Voxel&) { return 1.0; });
    }
    /// The same, with each move's cost times factor(move end).
    template <class Factor>
    std::string check_route(const voxnav::Route& r, Factor&& factor) const {
        if (r.waypoints.empty()) return "no waypoints";
        if (r.waypoints[0].action != Action::Start) return "first waypoint is not 'start'";
        double total = 0.0;
        for (std::size_t i = 1; i < r.waypoints.size(); ++i) {
            const auto& from = r.waypoints[i - 1].position;
            const auto& wp = r.waypoints[i];
            if (!waypoint(wp.position)) return "waypoint " + std::to_string(i) + " is not a valid position";
            double best = -1;
            for (const Move& mv : moves(from))
                if (mv.to == wp.position && mv.action == wp.action && (best < 0 || mv.cost < best)) best = mv.cost;
            if (best < 0) return "waypoint " + std::to_string(i) + " is not reached by a legal '" + voxnav::to_string(wp.action) + "' move";
            const double f = factor(wp.position);
            if (std::isinf(f)) return "waypoint " + std::to_string(i) + " lies in a forbidden zone";
            total += best * f;
        }
        if (std::abs(total - r.cost) > 1e-9 * std::max(1.0, total)) return "costs add up to " + std::to_string(total) + ", not " + std::to_string(r.cost);
        return "";
    }

private:
    const World& w_;
    AgentProfile a_;
    std::optional<voxnav::VoxelBox> nodes_;
};

}  // namespace ref
