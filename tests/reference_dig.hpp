// SPDX-License-Identifier: MIT
// A deliberately simple reference for digging and placing, written from the
// issue's wording and the rules in agent/moves/block_look.hpp against
// World::block() (no facts, no caches), on top of the reference movement
// model (reference_model.hpp) for the ordinary moves, and a plain Dijkstra
// over (position, blocks left). Slow and obvious on purpose.
#pragma once

#include "reference_model.hpp"

#include <algorithm>
#include <limits>
#include <set>

namespace ref {

struct DigMove {
    Voxel to;
    double cost;
    voxnav::MoveTag action;
    std::vector<Voxel> dug, placed;
};

class DigModel {
public:
    static constexpr int unlimited = 1 << 20;

    DigModel(const World& w, const AgentProfile& a) : w_(w), a_(a), base_(w, a), nodes_(w.bounds()) {}

    int start_blocks() const { return a_.place && a_.blocks ? *a_.blocks : unlimited; }

    const voxnav::BlockType& type(const Voxel& v) const { return w_.block_type(v); }
    bool liquid(const Voxel& v) const { return type(v).kind == BlockKind::Liquid; }
    bool open(const Voxel& v) const { return !type(v).blocks_body() && !liquid(v); }
    bool supports(const Voxel& v) const {
        const auto& t = type(v);
        return t.collides() && t.shape.top <= 16 && t.shape.damage != voxnav::Damage::Floor;
    }
    double break_time(const Voxel& v) const {
        const auto& t = type(v);
        if (!a_.dig || !t.collides() || !t.material.breakable()) return std::numeric_limits<double>::infinity();
        for (const std::string& g : a_.never_dig)
            if (voxnav::glob_matches(g, t.name)) return std::numeric_limits<double>::infinity();
        return t.material.hardness / a_.dig_speed + a_.dig_penalty;
    }
    bool in_body(const Voxel& p, const Voxel& v) const {
        const int h = a_.body_voxels();
        return v.x - p.x >= 0 && v.x - p.x < a_.width && v.z - p.z >= 0 && v.z - p.z < a_.width && v.y - p.y >= 0 && v.y - p.y < h;
    }
    std::vector<Voxel> box(const Voxel& lo, int sy) const {
        std::vector<Voxel> out;
        for (int y = 0; y < sy; ++y)
            for (int z = 0; z < a_.width; ++z)
                for (int x = 0; x < a_.width; ++x) out.push_back(lo + Voxel(x, y, z));
        return out;
    }
    // Makes `vs` passable: open voxels and the agent's own body stay, solids
    // are dug when the agent may dig them. False when one cannot be.
    bool pass(const Voxel& p, const std::vector<Voxel>& vs, std::vector<Voxel>& dug, double& t) const {
        for (const Voxel& v : vs) {
            if (in_body(p, v) || open(v)) continue;
            const double b = break_time(v);
            if (std::isinf(b)) return false;
            dug.push_back(v);
            t += b;
        }
        return true;
    }
    bool safe(const Voxel& p, const std::vector<Voxel>& dug) const {
        for (const Voxel& v : dug) {
            const Voxel up = v + Voxel(0, 1, 0);
            const bool dug_too = std::find(dug.begin(), dug.end(), up) != dug.end();
            if (!in_body(p, up) && !dug_too && (liquid(up) || type(up).material.falls)) return false;
            for (const Voxel& s : {Voxel(1, 0, 0), Voxel(-1, 0, 0), Voxel(0, 0, 1), Voxel(0, 0, -1)})
                if (liquid(v + s)) return false;
        }
        return true;
    }
    // The floor multiplier under t, 0 when nothing supports it.
    double floor_at(const Voxel& t) const {
        double m = 0.0;
        for (const Voxel& v : box(t - Voxel(0, 1, 0), 1))
            if (supports(v)) {
                auto it = a_.floor_cost.find(type(v).name);
                m = std::max(m, it == a_.floor_cost.end() ? 1.0 : it->second);
            }
        return m;
    }
    bool node(const Voxel& v) const { return !nodes_ || nodes_->contains(v); }

    std::vector<DigMove> moves(const Voxel& p, int left) const {
        std::vector<DigMove> out;
        const bool ordinary = base_.waypoint(p);
        if (ordinary)
            for (const Move& m : base_.moves(p)) out.push_back({m.to, m.cost, m.action, {}, {}});
        for (const Voxel& v : box(p, 1))
            if (liquid(v)) return out;
        const double walk = 1.0 / a_.walk_speed;
        const Voxel up(0, 1, 0);
        auto air = [&](int k) { return std::sqrt(2.0 * k / a_.gravity); };
        auto add = [&](const Voxel& to, double cost, Action plain, std::vector<Voxel> dug, std::vector<Voxel> placed = {}) {
            if (!node(to)) return;
            if (dug.empty() && placed.empty() && ordinary) return;
            using voxnav::MoveTag;
            using voxnav::WorldAct;
            const MoveTag act = !placed.empty() ? MoveTag(plain, WorldAct::Place) : !dug.empty() ? MoveTag(plain, WorldAct::Dig) : MoveTag(plain);
            out.push_back({to, cost, act, std::move(dug), std::move(placed)});
        };
        const int h = a_.body_voxels();
        for (const Voxel& d : {Voxel(1, 0, 0), Voxel(-1, 0, 0), Voxel(0, 0, 1), Voxel(0, 0, -1)}) {
            const Voxel q = p + d;
            std::vector<Voxel> dug;
            double t = 0.0;
            const bool q_ok = pass(p, box(q, h), dug, t) && safe(p, dug);
            const double mq = floor_at(q);
            // walk, with what it digs
            if (q_ok && mq > 0 && a_.walk) add(q, walk * mq + t, Action::Walk, dug);
            // fall from q through open voxels
            if (q_ok && mq == 0 && a_.fall)
                for (int k = 1; k <= a_.max_fall; ++k) {
                    bool clear_layer = true;
                    for (const Voxel& v : box(q - k * up, 1)) clear_layer = clear_layer && open(v);
                    if (!clear_layer) break;
                    if (floor_at(q - k * up) > 0) {
                        add(q - k * up, walk * floor_at(q - k * up) + air(k) + t, Action::Fall, dug);
                        break;
                    }
                }
            // bridge
            if (a_.place && a_.walk && mq == 0) {
                bool body_open = true;
                for (const Voxel& v : box(q, h)) body_open = body_open && (in_body(p, v) || open(v));
                bool can_place = body_open;
                std::vector<Voxel> placed = box(q - up, 1);
                for (const Voxel& v : placed) can_place = can_place && !type(v).collides() && type(v).material.replaceable;
                if (can_place && left >= int(placed.size()))
                    add(q, walk + a_.place_cost * double(placed.size()), Action::Walk, {}, placed);
            }
            // one step down, digging the step
            if (a_.dig && a_.fall) {
                std::vector<Voxel> dd;
                double tt = 0.0;
                if (pass(p, box(q - up, h + 1), dd, tt) && safe(p, dd)) {
                    const bool step = std::any_of(dd.begin(), dd.end(), [&](const Voxel& v) { return v.y == q.y - 1; });
                    if (step && floor_at(q - up) > 0) add(q - up, walk * floor_at(q - up) + air(1) + tt, Action::Fall, dd);
                }
            }
            // jumps, digging headroom and body
            if (a_.jump)
                for (int k = 1; k <= a_.jump_voxels(); ++k) {
                    std::vector<Voxel> dj;
                    double tj = 0.0;
                    const Voxel target = q + k * up;
                    if (pass(p, box(p + h * up, k), dj, tj) && pass(p, box(target, h), dj, tj) && safe(p, dj) && floor_at(target) > 0)
                        add(target, walk * floor_at(target) + air(k) + tj, Action::Jump, dj);
                }
        }
        // straight down, digging the floor
        if (a_.dig && a_.fall) {
            std::vector<Voxel> dug;
            double t = 0.0;
            if (pass(p, box(p - up, 1), dug, t) && !dug.empty() && safe(p, dug) && floor_at(p - up) > 0)
                add(p - up, walk * floor_at(p - up) + air(1) + t, Action::Fall, dug);
        }
        // pillar
        if (a_.place && a_.jump && a_.jump_voxels() >= 1) {
            bool room = true;
            for (const Voxel& v : box(p + h * up, 1)) room = room && open(v);
            std::vector<Voxel> placed = box(p, 1);
            for (const Voxel& v : placed)
                room = room && ((!type(v).collides() && type(v).material.replaceable) || !std::isinf(break_time(v)));
            if (room && left >= int(placed.size())) add(p + up, walk + air(1) + a_.place_cost * double(placed.size()), Action::Jump, {}, placed);
        }
        return out;
    }

    /// Cheapest cost from s to g, or -1.
    double dijkstra(const Voxel& s, const Voxel& g, std::size_t max_nodes = 400'000) const {
        using Key = std::tuple<int, int, int, int>;
        std::map<Key, double> dist;
        using Item = std::pair<double, Key>;
        std::priority_queue<Item, std::vector<Item>, std::greater<>> pq;
        const Key k0{s.x, s.y, s.z, start_blocks()};
        dist[k0] = 0.0;
        pq.push({0.0, k0});
        std::size_t popped = 0;
        while (!pq.empty() && popped < max_nodes) {
            const auto [d, k] = pq.top();
            pq.pop();
            if (d > dist[k]) continue;
            const Voxel p(std::get<0>(k), std::get<1>(k), std::get<2>(k));
            const int left = std::get<3>(k);
            if (p == g) return d;
            ++popped;
            for (const DigMove& m : moves(p, left)) {
                const int nl = left == unlimited ? left : left - int(m.placed.size());
                const Key nk{m.to.x, m.to.y, m.to.z, nl};
                const double nd = d + m.cost;
                auto it = dist.find(nk);
                if (it == dist.end() || nd < it->second - 1e-12) {
                    dist[nk] = nd;
                    pq.push({nd, nk});
                }
            }
        }
        return -1.0;
    }

private:
    const World& w_;
    AgentProfile a_;
    Model base_;
    std::optional<voxnav::VoxelBox> nodes_;
};

}  // namespace ref
