// SPDX-License-Identifier: MIT
// A deliberately simple reference for the real-block rules, written from the
// issue's wording and the README's "Real blocks" section against
// World::block_type() alone: heights in sixteenths, every question answered
// by scanning the blocks again (no facts, no caching). Slow and obvious on
// purpose; tests/test_shaped_random.cpp checks the engine against it.
#pragma once

#include "voxnav/voxnav.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <queue>
#include <tuple>
#include <vector>

namespace ref_shaped {

using namespace voxnav;

struct Move {
    Voxel to;
    double cost;
    voxnav::MoveTag action;
};

struct Less {
    bool operator()(const Voxel& a, const Voxel& b) const { return std::tie(a.x, a.y, a.z) < std::tie(b.x, b.y, b.z); }
};

class Model {
public:
    Model(const World& w, const AgentProfile& a) : w_(w), a_(a), nodes_(*w.bounds()) {
        h16_ = int(std::ceil(a.height * 16 - 1e-9));
        step16_ = int(std::floor(a.step_height * 16 + 1e-9));
        jump16_ = int(std::floor(a.jump_height * 16 + 1e-9));
    }

    // --- what one block does to this agent ------------------------------------
    const BlockType& type(const Voxel& v) const { return w_.block_type(v); }
    // A closed door the agent can open: a surface to stand on, no obstacle once opened.
    bool opens(const BlockType& t) const {
        if (t.kind != BlockKind::Solid || t.shape.open || t.shape.open_class == OpenClass::None) return false;
        for (const std::string& c : a_.opens)
            if (parse_open_class(c) == t.shape.open_class) return true;
        return false;
    }
    // Its obstruction [lo, hi] in sixteenths of its voxel, if any.
    bool interval(const BlockType& t, int& lo, int& hi) const {
        if (t.collides()) {
            lo = t.shape.bottom, hi = t.shape.top;
            return true;
        }
        if (t.blocks_body()) {  // hazard liquids and damaging blocks fill their voxel
            lo = 0, hi = 16;
            return true;
        }
        return false;
    }
    bool in_body(const BlockType& t) const { return t.blocks_body() && !opens(t); }

    // --- positions ----------------------------------------------------------
    template <class F>
    void footprint(const Voxel& p, F&& f) const {
        for (int i = 0; i < a_.width; ++i)
            for (int k = 0; k < a_.width; ++k) f(p.x + i, p.z + k);
    }
    // f(t, cy) for every block in the footprint columns from two voxels
    // below p up to the top of a body standing on surface s.
    template <class F>
    void up_the_body(const Voxel& p, long s, F&& f) const {
        footprint(p, [&](int x, int z) {
            for (int cy = p.y - 2; 16L * cy < s + h16_; ++cy) f(type({x, cy, z}), cy);
        });
    }
    // f(t) for every floor the feet stand on at surface s (a collision that
    // is no damaging floor, topped at s).
    template <class F>
    void floors_at(const Voxel& p, long s, F&& f) const {
        footprint(p, [&](int x, int z) {
            for (int cy = p.y - 2; cy <= p.y; ++cy) {
                const BlockType& t = type({x, cy, z});
                if (t.collides() && t.shape.damage != Damage::Floor && 16L * cy + t.shape.top == s) f(t);
            }
        });
    }
    // The highest obstruction top in [16y - 8, 16y + 8) under the footprint; 16y if none.
    long surface(const Voxel& p, bool* topped = nullptr) const {
        long best = 16L * p.y;
        bool any = false;
        footprint(p, [&](int x, int z) {
            for (int cy = p.y - 2; cy <= p.y; ++cy) {
                int lo, hi;
                if (!interval(type({x, cy, z}), lo, hi)) continue;
                const long t = 16L * cy + hi;
                if (t >= 16L * p.y - 8 && t < 16L * p.y + 8 && (!any || t > best)) best = t, any = true;
            }
        });
        if (topped) *topped = any;
        return best;
    }
    // No obstruction of the body in the footprint columns of p over [lo, hi).
    bool free(const Voxel& p, long lo, long hi) const {
        bool ok = true;
        footprint(p, [&](int x, int z) {
            for (int cy = int(std::floor(lo / 16.0)) - 2; ok && 16L * cy < hi; ++cy) {
                const BlockType& t = type({x, cy, z});
                int b, top;
                if (!in_body(t) || !interval(t, b, top)) continue;
                if (16L * cy + b < hi && 16L * cy + top > lo) ok = false;
            }
        });
        return ok;
    }
    bool water(const Voxel& p) const {
        bool any = false;
        footprint(p, [&](int x, int z) { any |= type({x, p.y, z}).is_water(); });
        return any;
    }
    bool clear(const Voxel& p) const {
        const long s = surface(p);
        return free(p, s, s + h16_);
    }
    bool supported(const Voxel& p) const {
        bool topped = false;
        const long s = surface(p, &topped);
        bool floor = false, bad = false, hold = false;
        footprint(p, [&](int x, int z) {
            for (int cy = p.y - 2; topped && cy <= p.y; ++cy) {
                const BlockType& t = type({x, cy, z});
                int lo, hi;
                if (!interval(t, lo, hi) || 16L * cy + hi != s) continue;
                if (t.collides() && t.shape.damage != Damage::Floor) floor = true;
                if (t.shape.damage == Damage::Floor) bad = true;
            }
            if (a_.climb && (type({x, p.y, z}).shape.climbable || type({x, p.y - 1, z}).shape.climbable)) hold = true;
        });
        return (floor && !bad) || water(p) || hold;
    }
    bool standable(const Voxel& p) const { return nodes_.contains(p) && clear(p) && supported(p); }
    // The agent holds on at its feet (a ladder it climbs).
    bool holds(const Voxel& p) const {
        bool any = false;
        footprint(p, [&](int x, int z) { any |= a_.climb && type({x, p.y, z}).shape.climbable; });
        return any;
    }
    // A closed door it opens meets the body standing at p.
    bool needs_open(const Voxel& p) const {
        const long s = surface(p);
        bool any = false;
        up_the_body(p, s, [&](const BlockType& t, int cy) {
            if (opens(t) && 16L * cy + t.shape.top > s && 16L * cy + t.shape.bottom < s + h16_) any = true;
        });
        return any;
    }
    // Any door, gate or trapdoor whose voxel meets the body.
    bool door(const Voxel& p) const {
        const long s = surface(p);
        bool any = false;
        up_the_body(p, s, [&](const BlockType& t, int cy) { any |= t.shape.open_class != OpenClass::None && 16L * cy + 16 > s; });
        return any;
    }
    // The stair faces of the floor the agent stands on.
    unsigned stairs(const Voxel& p) const {
        const long s = surface(p);
        unsigned faces = 0;
        floors_at(p, s, [&](const BlockType& t) { faces |= t.shape.stair_faces; });
        return faces;
    }
    // The walking multiplier onto p: the dearest of the floors under the
    // feet (the profile's floor_cost of the name times 1 / floor_speed) and
    // the passable blocks in the body that slow it (1 / inside_speed).
    double m(const Voxel& p) const {
        if (water(p)) return 1.0;
        const long s = surface(p);
        double best = 1.0;
        auto named = [&](const BlockType& t) {
            auto it = a_.floor_cost.find(t.name);
            return it != a_.floor_cost.end() && it->second > 1.0 ? it->second : 1.0;
        };
        floors_at(p, s, [&](const BlockType& t) { best = std::max(best, named(t) / t.shape.floor_speed); });
        up_the_body(p, s, [&](const BlockType& t, int cy) {
            if (!t.collides() && !t.blocks_body() && t.shape.inside_speed < 1.0 && 16L * cy + 16 > s)
                best = std::max(best, named(t) / t.shape.inside_speed);
        });
        return best;
    }
    // A passable block in the body slows it (either factor below 1):
    // walks, swims and falls leave p, walks and swims enter it; no jump,
    // climb or leap starts or ends at p, no fall ends at or passes through it.
    bool stuck(const Voxel& p) const {
        const long s = surface(p);
        bool any = false;
        up_the_body(p, s, [&](const BlockType& t, int cy) {
            any |= !t.collides() && !t.blocks_body() && (t.shape.inside_speed < 1.0 || t.shape.inside_vspeed < 1.0) && 16L * cy + 16 > s;
        });
        return any;
    }
    // The multiplier of the time spent inside at p: m(p) on dry floor; in
    // water the slowing blocks' alone (1 / inside_speed, the profile's
    // floor_cost of their name too).
    double inside_m(const Voxel& p) const {
        if (!water(p)) return m(p);
        const long s = surface(p);
        double best = 1.0;
        up_the_body(p, s, [&](const BlockType& t, int cy) {
            if (!t.collides() && !t.blocks_body() && t.shape.inside_speed < 1.0 && 16L * cy + 16 > s) {
                auto it = a_.floor_cost.find(t.name);
                best = std::max(best, (it != a_.floor_cost.end() && it->second > 1.0 ? it->second : 1.0) / t.shape.inside_speed);
            }
        });
        return best;
    }
    // Seconds per voxel moving up or down in a slowing block: it sinks at
    // inside_vspeed x walk_speed (the least of the world's such blocks), at
    // least a swim's time.
    double inside_vstep() const {
        double v = 1.0;
        for (const BlockType& t : w_.blocks().types())
            if (!t.collides() && !t.blocks_body() && (t.shape.inside_speed < 1.0 || t.shape.inside_vspeed < 1.0)) v = std::min(v, t.shape.inside_vspeed);
        return std::max(1.0 / (v * a_.walk_speed), 1.0 / a_.swim_speed);
    }
    // The time inside a slowing block at either end, as the README's "Slow
    // blocks" says: a move into or out of such a position spends 0.8 of its
    // length inside (a 0.6-wide body over a 1-wide column), one within it all.
    double slowed(const Voxel& p, const Voxel& q, double cost, MoveTag act) const {
        const bool in_p = stuck(p), in_q = stuck(q);
        if (!in_p && !in_q) return cost;
        const double share = in_p && in_q ? 1.0 : 0.8;
        if (p.x == q.x && p.z == q.z) return cost + share * (inside_vstep() - 1.0 / a_.swim_speed);
        const bool swim = act.motion() == Action::Swim;
        const double base = (p.x != q.x && p.z != q.z ? std::sqrt(2.0) : 1.0) / (swim ? a_.swim_speed : a_.walk_speed);
        const double mp = inside_m(p), mq = inside_m(q), charged = swim ? 1.0 : mq;
        const double rate = in_p && in_q ? std::max(mp, mq) : in_q ? 1.0 + share * (mq - 1.0) : charged + share * (mp - 1.0);
        return cost + base * (rate - charged);
    }
    // The least jump factor of the floors under the feet (1: none lowers a jump).
    double jump_factor(const Voxel& p) const {
        double f = 1.0;
        floors_at(p, surface(p), [&](const BlockType& t) { f = std::min(f, t.shape.jump_factor); });
        return f;
    }
    double air(long h16) const { return std::sqrt(2.0 * (double(h16) / 16.0) / a_.gravity); }

    // --- the moves ----------------------------------------------------------
    std::vector<Move> moves(const Voxel& p) const {
        std::vector<Move> out;
        if (!standable(p)) return out;
        const bool p_stuck = stuck(p);
        auto add = [&](const Voxel& q, double cost, MoveTag act) {
            const Action m = act.motion();
            if (m == Action::Fall && stuck(q)) return;
            if (m != Action::Walk && m != Action::Swim && m != Action::Fall && (p_stuck || stuck(q))) return;
            cost = slowed(p, q, cost, act);
            if (needs_open(q)) cost += a_.open_time, act = act.with(WorldAct::Open);
            out.push_back({q, cost, act});
        };
        auto level = [&](const Voxel& q, double dist) {  // a walk or a swim
            if (water(q)) {
                if (a_.swim) add(q, dist / a_.swim_speed, Action::Swim);
            } else if (a_.walk) {
                add(q, dist / a_.walk_speed * m(q), Action::Walk);
            }
        };
        const long sp = surface(p);
        const bool pw = water(p);
        int jump_max = a_.jump ? (pw ? std::min(16, jump16_) : jump16_) : -1;
        const double jf = jump_factor(p);  // honey: a jump rises at most jump_height x 0.5, and no leap starts
        if (jf < 1.0 && jump_max >= 0) jump_max = std::min(jump_max, int(std::floor(a_.jump_height * jf * 16 + 1e-9)));
        const Voxel dirs[4] = {{1, 0, 0}, {-1, 0, 0}, {0, 0, 1}, {0, 0, -1}};
        for (int d = 0; d < 4; ++d) {
            const unsigned toward_p = 1u << (d ^ 1), toward_q = 1u << d;
            // Up or level, onto any column position within reach.
            for (int k = 0; 16 * k - 8 <= std::max(jump_max, step16_ + 8); ++k) {
                const Voxel q = p + dirs[d] + Voxel(0, k, 0);
                if (!standable(q)) continue;
                const long sq = surface(q), r = sq - sp;
                if (r < 0 || !free(p, sp, sq + h16_)) continue;
                if (r <= step16_) level(q, 1.0);
                else if (!water(q) && a_.walk && (stairs(q) & toward_p) && r - 8 <= step16_) add(q, 1.0 / a_.walk_speed * m(q), Action::Walk);
                else if (!water(q) && a_.jump && r <= jump_max) add(q, 1.0 / a_.walk_speed * m(q) + air(r), Action::Jump);
            }
            // Down: step aside, drop to the first supported position.
            const Voxel q0 = p + dirs[d];
            if (!free(q0, sp, sp + h16_)) continue;
            for (Voxel q = q0; q.y >= nodes_.lo.y; q.y -= 1) {
                if (q.y < q0.y && !clear(q)) break;
                if (!supported(q)) {
                    if (stuck(q)) break;  // a cobweb in the drop catches the body
                    continue;
                }
                const long sq = surface(q);
                if (q.y == q0.y && (sq >= sp || !free(q, sq, sp + h16_))) break;
                if (!standable(q)) break;
                const long drop = sp - sq;
                if (drop <= step16_) level(q, 1.0);
                else if (!water(q) && a_.walk && (stairs(p) & toward_q) && drop - 8 <= step16_) add(q, 1.0 / a_.walk_speed * m(q), Action::Walk);
                else if (a_.fall && !pw && (drop <= 16.0 * a_.max_fall || (water(q) && drop <= 16.0 * a_.max_fall_into_water)))
                    add(q, 1.0 / a_.walk_speed * m(q) + air(drop), Action::Fall);
                break;
            }
        }
        // Diagonal level walks and swims, corners free, no doors at either end.
        if (a_.diagonal && !door(p))
            for (const Voxel d : {Voxel(1, 0, 1), Voxel(1, 0, -1), Voxel(-1, 0, 1), Voxel(-1, 0, -1)}) {
                const Voxel q = p + d;
                if (!standable(q) || door(q)) continue;
                const long sq = surface(q), top = std::max(sp, sq);
                if (std::abs(sq - sp) > step16_) continue;
                if (door(p + Voxel(d.x, 0, 0)) || door(p + Voxel(0, 0, d.z))) continue;  // nor past one at a corner
                if (!free(p, sp, top + h16_) || !free(q, sq, top + h16_) || !free(p + Voxel(d.x, 0, 0), top, top + h16_) ||
                    !free(p + Voxel(0, 0, d.z), top, top + h16_))
                    continue;
                level(q, std::sqrt(2.0));
            }
        // Climbing one voxel up or down a ladder.
        if (a_.climb) {
            const Voxel up = p + Voxel(0, 1, 0), down = p - Voxel(0, 1, 0);
            if (holds(p) && standable(up) && surface(up) > sp && free(p, sp, surface(up) + h16_))
                add(up, double(surface(up) - sp) / 16.0 / a_.climb_speed, Action::Climb);
            if (standable(down) && holds(down) && surface(down) < sp && free(down, surface(down), sp + h16_))
                add(down, double(sp - surface(down)) / 16.0 / a_.climb_speed, Action::Climb);
        }
        // Leaping level over open gaps (jump_distance): the start dry and
        // without a door, its column free a voxel over the body; each gap
        // clear, unsupported, without a door, its column free over the arc
        // from the start's surface; the landing at the same level, dry,
        // without a door (nor a closed gate below poking into its body, which
        // would need opening), its surface within step_height of the start's;
        // never from honey (a floor that lowers jumps).
        if (a_.jump && a_.jump_distance > 0 && !pw && !door(p) && jf == 1.0 && free(p, sp, sp + 16 + h16_))
            for (int d = 0; d < 4; ++d)
                for (int g = 1; g <= a_.jump_distance; ++g) {
                    const Voxel c = p + Voxel(dirs[d].x * g, 0, dirs[d].z * g);
                    if (!nodes_.contains(c) || !clear(c) || supported(c) || door(c) || stuck(c) || !free(c, sp, sp + 16 + h16_)) break;
                    const Voxel l = p + Voxel(dirs[d].x * (g + 1), 0, dirs[d].z * (g + 1));
                    if (!standable(l) || water(l) || door(l) || needs_open(l) || std::abs(surface(l) - sp) > step16_) continue;
                    add(l, (g + 1) / a_.walk_speed * m(l) + 2.0 * std::sqrt(2.0 / a_.gravity), Action::Leap);
                }
        // Swimming straight up and down.
        if (a_.swim && pw)
            for (const Voxel q : {p + Voxel(0, 1, 0), p - Voxel(0, 1, 0)})
                if (standable(q)) add(q, 1.0 / a_.swim_speed, Action::Swim);
        return out;
    }

    /// Cheapest cost from s to g, -1 when unreachable.
    double dijkstra(const Voxel& s, const Voxel& g) const {
        std::map<Voxel, double, Less> dist;
        using Item = std::pair<double, std::tuple<int, int, int>>;
        std::priority_queue<Item, std::vector<Item>, std::greater<>> pq;
        dist[s] = 0;
        pq.push({0.0, {s.x, s.y, s.z}});
        while (!pq.empty()) {
            auto [d, t] = pq.top();
            pq.pop();
            const Voxel p(std::get<0>(t), std::get<1>(t), std::get<2>(t));
            if (d > dist[p]) continue;
            if (p == g) return d;
            for (const Move& mv : moves(p)) {
                const double nd = d + mv.cost;
                auto it = dist.find(mv.to);
                if (it == dist.end() || nd < it->second - 1e-12) {
                    dist[mv.to] = nd;
                    pq.push({nd, {mv.to.x, mv.to.y, mv.to.z}});
                }
            }
        }
        return -1.0;
    }

private:
    const World& w_;
    AgentProfile a_;
    VoxelBox nodes_;
    int h16_, step16_, jump16_;
};

}  // namespace ref_shaped
