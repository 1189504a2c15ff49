// SPDX-License-Identifier: MIT
// LandmarkTable::build: waypoints numbered chunk by chunk, the moves read
// once into arrays (rounded down to quanta), landmarks placed one by one
// (a corner of the loaded world, then each the waypoint farthest in travel
// time from those placed), 2 exact Dijkstra searches per landmark
// (forwards from it, backwards to it), and the times packed per chunk.
// Its Dijkstras keep their own loop rather than AStar's: they run 2 x count
// times over the same arcs, read once into arrays in integer quanta (each
// cost rounded down), where AStar would ask the rules for every move again
// per search, and backwards through for_each_predecessor, which measured
// 3-4x slower than a loop built for it (flow_build.hpp has the A/B).
#include "route/problems/landmarks.hpp"

#include <tbb/parallel_invoke.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <utility>

namespace voxnav {
namespace {

using Row = std::uint32_t;
constexpr Row kNoRow = 0xFFFFFFFFu;


}  // namespace

std::shared_ptr<const LandmarkTable> LandmarkTable::build(const NavSnapshot& snap, const AgentProfile& profile, int count,
                                                          bool parallel, const std::atomic<bool>* cancel) {
    auto cancelled = [&] { return cancel && cancel->load(std::memory_order_relaxed); };
    const auto t0 = std::chrono::steady_clock::now();
    count = std::min(count, max_count);
    // Flyers' waypoints are every clear voxel: far too many rows, and open
    // sky already serves pure flyers.
    if (count <= 0 || profile.fly) return nullptr;
    const MovementModel moves(snap, profile);
    auto table = std::make_shared<LandmarkTable>();
    LandmarkTable& t = *table;
    t.count_ = count;
    t.revision_ = snap.revision();
    t.layout_ = snap.layout();

    // 1. Rows: the waypoints of each live chunk, in local-index order.
    std::vector<NodeId> nodes;
    std::vector<Row> first_row(snap.slot_capacity(), kNoRow);
    std::vector<std::uint32_t> chunk_of_slot(snap.slot_capacity(), 0xFFFFFFFFu);
    for (std::uint32_t s = 1; s < snap.slot_capacity(); ++s) {
        const ChunkSlot& cs = snap.slot(s);
        if (snap.slot_of(cs.chunk) != s) continue;  // a free slot
        Chunk c{};
        if (c.mark(cs, moves) == 0) continue;
        first_row[s] = Row(nodes.size());
        for (std::uint32_t l = 0; l < 4096; ++l)
            if ((c.mask[l >> 6] >> (l & 63u)) & 1u) nodes.push_back(node_id::make(s, l));
        chunk_of_slot[s] = std::uint32_t(t.chunks_.size());
        t.chunks_.push_back(std::make_shared<Chunk>(std::move(c)));
    }
    if (nodes.empty()) return nullptr;
    auto row_of = [&](NodeId i) -> Row {
        const std::uint32_t s = node_id::slot(i);
        if (s >= first_row.size() || first_row[s] == kNoRow) return kNoRow;
        std::uint32_t r;
        return t.chunks_[chunk_of_slot[s]]->row_of(node_id::local(i), r) ? first_row[s] + r : kNoRow;
    };

    // 2. The moves once, as arrays (forwards, and the same arcs reversed):
    // the 2 x count searches then read flat arrays instead of asking the
    // movement rules again each time (predecessors near shaped blocks are
    // found by expanding forwards, far slower than reading them back here).
    const std::size_t n = nodes.size();
    struct Arc {
        Row to;
        std::uint32_t quanta;
    };
    std::vector<std::uint32_t> out_begin(n + 1, 0), in_begin(n + 1, 0);
    std::vector<Arc> out_arcs;
    out_arcs.reserve(n * 8);
    for (Row u = 0; u < n; ++u) {
        if ((u & 4095u) == 0 && cancelled()) return nullptr;
        out_begin[u] = std::uint32_t(out_arcs.size());
        moves.for_each_move(nodes[u], [&](NodeId other, double cost, MoveTag) {
            const Row r = row_of(other);
            if (r != kNoRow) out_arcs.push_back({r, quanta_down(cost)});
        });
    }
    out_begin[n] = std::uint32_t(out_arcs.size());
    for (const Arc& a : out_arcs) ++in_begin[a.to + 1];
    for (std::size_t v = 0; v < n; ++v) in_begin[v + 1] += in_begin[v];
    std::vector<Arc> in_arcs(out_arcs.size());
    {
        std::vector<std::uint32_t> fill(in_begin.begin(), in_begin.end() - 1);
        for (Row u = 0; u < n; ++u)
            for (std::uint32_t e = out_begin[u]; e < out_begin[u + 1]; ++e) in_arcs[fill[out_arcs[e].to]++] = {u, out_arcs[e].quanta};
    }

    // 3. Landmarks lie inside the largest strongly connected part found
    // (tried from the centre and from the corners' nearest waypoints): a
    // landmark on a tree top or in a sealed cave would reach, or be reached
    // from, almost nothing and bound nothing.
    double x0 = 1e300, z0 = 1e300, x1 = -1e300, z1 = -1e300;
    for (const auto& cp : t.chunks_) {
        const Chunk& c = *cp;
        x0 = std::min(x0, c.chunk.x * 16.0);
        z0 = std::min(z0, c.chunk.z * 16.0);
        x1 = std::max(x1, c.chunk.x * 16.0 + 15.0);
        z1 = std::max(z1, c.chunk.z * 16.0 + 15.0);
    }
    const std::pair<double, double> corners[4] = {{x0, z0}, {x1, z1}, {x1, z0}, {x0, z1}};
    std::vector<Row> marks;
    auto nearest = [&](double tx, double tz, const std::vector<char>* core) {
        Row best = kNoRow;
        double best_d = 1e300;
        int best_y = 0;
        for (Row r = 0; r < n; ++r) {
            if (core && !(*core)[r]) continue;
            const Voxel v = snap.voxel_of(nodes[r]);
            const double d = std::hypot(v.x - tx, v.z - tz);
            if ((d < best_d || (d == best_d && v.y > best_y)) && std::find(marks.begin(), marks.end(), r) == marks.end()) {
                best = r;
                best_d = d;
                best_y = v.y;
            }
        }
        return best;
    };
    auto reach = [&](Row seed, const std::vector<std::uint32_t>& begin, const std::vector<Arc>& arcs, std::vector<char>& seen) {
        seen.assign(n, 0);
        std::vector<Row> stack{seed};
        seen[seed] = 1;
        while (!stack.empty()) {
            const Row u = stack.back();
            stack.pop_back();
            for (std::uint32_t e = begin[u]; e < begin[u + 1]; ++e)
                if (!seen[arcs[e].to]) {
                    seen[arcs[e].to] = 1;
                    stack.push_back(arcs[e].to);
                }
        }
    };
    std::vector<char> core, forwards, backwards;
    std::size_t core_size = 0;
    std::vector<Row> seeds{nearest((x0 + x1) / 2, (z0 + z1) / 2, nullptr)};
    for (const auto& [tx, tz] : corners) seeds.push_back(nearest(tx, tz, nullptr));
    for (Row seed : seeds) {
        if (seed == kNoRow || (!core.empty() && core[seed])) continue;
        if (cancelled()) return nullptr;
        reach(seed, out_begin, out_arcs, forwards);
        reach(seed, in_begin, in_arcs, backwards);
        std::size_t size = 0;
        for (std::size_t r = 0; r < n; ++r) {
            forwards[r] = char(forwards[r] && backwards[r]);
            size += std::size_t(forwards[r]);
        }
        if (size > core_size) {
            core.swap(forwards);
            core_size = size;
        }
        if (core_size * 2 >= n) break;  // no other part can be larger
    }
    // 4. Placing and times, one landmark at a time. The first is the core
    // waypoint nearest the corner (x0, z0) (highest on ties: the surface,
    // where most routes run); each next one is the core waypoint farthest
    // from those placed, by the round trip D(L, v) + D(v, L) to the nearest
    // of them (Goldberg and Harrelson's "farthest" selection), which puts
    // landmarks in the dead ends and far rooms where a goal's bound needs
    // one "behind" it. Against landmarks spread evenly around the rim
    // (tools/bench/RESULTS.md, issue 39 step 8): CatwalkAlley 0.72x the
    // time, the kit's small world "all of it" 26 expansions instead of 70,
    // its large world corner to corner 362 instead of 623; edge to edge
    // 345 instead of 292. Run k of `dist` is D(v, L_k) (backwards), run
    // count + k is D(L_k, v); each landmark's two runs go in parallel.
    std::vector<std::vector<std::uint32_t>> to(static_cast<std::size_t>(count)), from(static_cast<std::size_t>(count));
    auto dijkstra = [&](std::vector<std::uint32_t>& d, bool reversed, Row root) {
        d.assign(n, unreachable);
        const std::vector<std::uint32_t>& begin = reversed ? in_begin : out_begin;
        const std::vector<Arc>& arcs = reversed ? in_arcs : out_arcs;
        using Entry = std::pair<std::uint32_t, Row>;
        std::vector<Entry> heap;
        auto later = [](const Entry& a, const Entry& b) { return a.first > b.first; };
        d[root] = 0;
        heap.push_back({0, root});
        std::uint32_t pops = 0;
        while (!heap.empty()) {
            if ((++pops & 4095u) == 0 && cancelled()) return;
            std::pop_heap(heap.begin(), heap.end(), later);
            const auto [du, u] = heap.back();
            heap.pop_back();
            if (du != d[u]) continue;
            for (std::uint32_t e = begin[u]; e < begin[u + 1]; ++e) {
                const std::uint32_t nd = du + arcs[e].quanta;
                const Row r = arcs[e].to;
                if (nd < d[r]) {
                    d[r] = nd;
                    heap.push_back({nd, r});
                    std::push_heap(heap.begin(), heap.end(), later);
                }
            }
        }
    };
    // Per core waypoint, the round trip to the nearest landmark placed.
    std::vector<std::uint64_t> far(n, ~std::uint64_t(0));
    Row next = nearest(corners[0].first, corners[0].second, &core);
    while (next != kNoRow) {
        const std::size_t k = marks.size();
        marks.push_back(next);
        t.landmarks_.push_back(snap.voxel_of(nodes[next]));
        auto times_to = [&] { dijkstra(to[k], true, next); };
        auto times_from = [&] { dijkstra(from[k], false, next); };
        if (parallel) tbb::parallel_invoke(times_to, times_from);
        else times_to(), times_from();
        if (cancelled()) return nullptr;
        if (int(marks.size()) == count) break;
        next = kNoRow;
        std::uint64_t farthest = 0;
        for (Row r = 0; r < n; ++r) {
            if (!core[r]) continue;
            // Core waypoints reach and are reached from every landmark.
            far[r] = std::min(far[r], std::uint64_t(to[k][r]) + from[k][r]);
            if (far[r] > farthest) {
                farthest = far[r];
                next = r;
            }
        }
    }
    count = t.count_ = int(marks.size());
    if (count == 0) return nullptr;
    std::vector<std::vector<std::uint32_t>> dist(std::size_t(2 * count));
    for (int k = 0; k < count; ++k) {
        dist[std::size_t(k)].swap(to[std::size_t(k)]);
        dist[std::size_t(count + k)].swap(from[std::size_t(k)]);
    }

    // 5. Packing: per chunk and run the least time as base, then offsets.
    const int runs = 2 * count;
    Row row = 0;
    std::vector<std::uint32_t> values;
    for (const auto& cp : t.chunks_) {
        Chunk& c = *cp;
        const std::uint32_t rows = c.rows();
        values.resize(std::size_t(rows) * std::size_t(runs));
        for (std::uint32_t r = 0; r < rows; ++r)
            for (int k = 0; k < runs; ++k) values[std::size_t(r) * std::size_t(runs) + std::size_t(k)] = dist[std::size_t(k)][row + r];
        c.pack(values, runs);
        row += rows;
    }
    t.by_slot_.assign(snap.slot_capacity(), nullptr);
    for (std::uint32_t s = 1; s < snap.slot_capacity(); ++s)
        if (chunk_of_slot[s] != 0xFFFFFFFFu) t.by_slot_[s] = t.chunks_[chunk_of_slot[s]].get();
    t.account();
    t.seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return table;
}

std::uint32_t LandmarkTable::Chunk::mark(const ChunkSlot& facts, const MovementModel& moves) {
    chunk = facts.chunk;
    std::uint32_t n = 0;
    for (std::uint32_t w = 0; w < 64; ++w) {
        rank[w] = std::uint16_t(n);
        std::uint64_t bits = 0;
        for (std::uint32_t b = 0; b < 64; ++b)
            if (moves.is_waypoint(facts[w * 64 + b])) {
                bits |= std::uint64_t(1) << b;
                ++n;
            }
        mask[w] = bits;
    }
    return n;
}

std::uint32_t LandmarkTable::Chunk::rows() const {
    std::uint32_t n = 0;
    for (int w = 0; w < 64; ++w) n += detail::popcount64(mask[w]);
    return n;
}

void LandmarkTable::Chunk::pack(const std::vector<std::uint32_t>& values, int runs) {
    const std::uint32_t n = rows();
    std::vector<std::uint32_t> base(std::size_t(runs), 0);
    wide = false;
    for (int k = 0; k < runs; ++k) {
        std::uint32_t lo = unreachable, hi = 0;
        for (std::uint32_t r = 0; r < n; ++r) {
            const std::uint32_t v = values[std::size_t(r) * std::size_t(runs) + std::size_t(k)];
            if (v == unreachable) continue;
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        base[std::size_t(k)] = lo == unreachable ? 0 : lo;
        if (lo != unreachable && hi - lo >= 0xFFFFu) wide = true;
    }
    const std::size_t per_row = std::size_t(runs) * (wide ? 2 : 1);
    data.assign(2 * std::size_t(runs) + std::size_t(n) * per_row, 0);
    std::uint16_t* d = data.data();
    for (int k = 0; k < runs; ++k) {
        d[2 * k] = std::uint16_t(base[std::size_t(k)] & 0xFFFFu);
        d[2 * k + 1] = std::uint16_t(base[std::size_t(k)] >> 16);
    }
    for (std::uint32_t r = 0; r < n; ++r) {
        std::uint16_t* out = d + 2 * runs + std::size_t(r) * per_row;
        for (int k = 0; k < runs; ++k) {
            const std::uint32_t v = values[std::size_t(r) * std::size_t(runs) + std::size_t(k)];
            if (!wide) {
                out[k] = v == unreachable ? std::uint16_t(0xFFFFu) : std::uint16_t(v - base[std::size_t(k)]);
            } else {
                const std::uint32_t o = v == unreachable ? unreachable : v - base[std::size_t(k)];
                out[2 * k] = std::uint16_t(o & 0xFFFFu);
                out[2 * k + 1] = std::uint16_t(o >> 16);
            }
        }
    }
}

void LandmarkTable::Chunk::unpack(int runs, std::vector<std::uint32_t>& values) const {
    const std::uint32_t n = rows();
    values.resize(std::size_t(n) * std::size_t(runs));
    for (std::uint32_t r = 0; r < n; ++r)
        for (int k = 0; k < runs; ++k) values[std::size_t(r) * std::size_t(runs) + std::size_t(k)] = time(r, k, runs);
}

void LandmarkTable::account() {
    waypoints_ = 0;
    std::size_t bytes = chunks_.size() * (sizeof(Chunk) + sizeof(std::shared_ptr<Chunk>)) + by_slot_.capacity() * sizeof(const Chunk*) +
                        sizeof(LandmarkTable);
    narrow_top_ = 0;
    const int runs = 2 * count_;
    for (const auto& c : chunks_) {
        bytes += c->data.capacity() * sizeof(std::uint16_t);
        waypoints_ += c->rows();
        if (!c->wide && c->data.size() >= std::size_t(2 * runs))
            for (int k = 0; k < runs; ++k) narrow_top_ = std::max<std::uint64_t>(narrow_top_, std::uint64_t(Chunk::base(c->data.data(), k)) + 0xFFFEu);
    }
    bytes_ = bytes;
}

bool LandmarkBound::begin(std::shared_ptr<const LandmarkTable> table, const NavSnapshot& snap, const MovementModel& moves,
                          const std::vector<NodeId>& goals, double scale) {
    table_.reset();
    areas_.clear();
    if (!table || table->revision() > snap.revision() || goals.empty() || !(scale > 0.0)) return false;
    std::vector<Voxel>& changed = changed_;  // kept between queries: no allocation once warm
    changed.clear();
    if (!snap.changed_chunks_since(table->revision(), changed)) return false;
    const int k_count = table->count();
    std::uint32_t t[2 * LandmarkTable::max_count];
    for (int k = 0; k < k_count; ++k) {
        goal_to_[k] = 0;
        goal_from_[k] = LandmarkTable::unreachable;
    }
    Voxel glo = snap.voxel_of(goals[0]), ghi = glo;
    for (NodeId g : goals) {
        if (!table->times(snap, table->layout() == snap.layout(), g, t)) return false;
        for (int k = 0; k < k_count; ++k) {
            // The to-potential subtracts the largest goal time (unreachable
            // from some goal: the landmark says nothing); the from-potential
            // starts from the least.
            if (goal_to_[k] != LandmarkTable::unreachable)
                goal_to_[k] = t[k] == LandmarkTable::unreachable ? LandmarkTable::unreachable : std::max(goal_to_[k], t[k]);
            goal_from_[k] = std::min(goal_from_[k], t[k_count + k]);
        }
        const Voxel v = snap.voxel_of(g);
        glo = glm::min(glo, v);
        ghi = glm::max(ghi, v);
    }
    // Areas around the changed chunks, merged per 128 x 128 voxel cell (and
    // into one box beyond 8 cells), so that a query pays a few boxes per node.
    if (!changed.empty()) {
        const int reach = MovementModel::move_reach(moves.profile());
        struct Cell {
            int key_x, key_z;
            double lo_x, hi_x, lo_z, hi_z;
            void grow(double ax, double bx, double az, double bz) {
                lo_x = std::min(lo_x, ax), hi_x = std::max(hi_x, bx), lo_z = std::min(lo_z, az), hi_z = std::max(hi_z, bz);
            }
        };
        Cell cells[9];
        int cell_count = 0;
        bool one_box = false;  // more than 8 cells: one box holds them all
        for (const Voxel& c : changed) {
            const double lo_x = c.x * 16.0 - reach, hi_x = c.x * 16.0 + 15.0 + reach;
            const double lo_z = c.z * 16.0 - reach, hi_z = c.z * 16.0 + 15.0 + reach;
            if (one_box) {
                cells[0].grow(lo_x, hi_x, lo_z, hi_z);
                continue;
            }
            const int kx = c.x >> 3, kz = c.z >> 3;
            Cell* const end = cells + cell_count;
            Cell* it = std::find_if(cells, end, [&](const Cell& e) { return e.key_x == kx && e.key_z == kz; });
            if (it != end) {
                it->grow(lo_x, hi_x, lo_z, hi_z);
                continue;
            }
            cells[cell_count++] = {kx, kz, lo_x, hi_x, lo_z, hi_z};
            if (cell_count > 8) {
                for (int e = 1; e < cell_count; ++e) cells[0].grow(cells[e].lo_x, cells[e].hi_x, cells[e].lo_z, cells[e].hi_z);
                cell_count = 1;
                one_box = true;
            }
        }
        for (int i = 0; i < cell_count; ++i) {
            const Cell& e = cells[i];
            const double dx = std::max({0.0, e.lo_x - ghi.x, glo.x - e.hi_x});
            const double dz = std::max({0.0, e.lo_z - ghi.z, glo.z - e.hi_z});
            areas_.push_back({e.lo_x, e.hi_x, e.lo_z, e.hi_z, moves.lower_bound_delta(dx, 0.0, dz)});
        }
    }
    // Lanes of 32 bits hold every difference when times stay below 2^31.
    constexpr std::uint64_t kLane = std::uint64_t(1) << 31;
    lanes_ = table->narrow_top() < kLane;
    for (int k = 0; k < k_count; ++k) {
        const bool to_ok = goal_to_[k] != LandmarkTable::unreachable, from_ok = goal_from_[k] != LandmarkTable::unreachable;
        lanes_ = lanes_ && (!to_ok || goal_to_[k] < kLane) && (!from_ok || goal_from_[k] < kLane);
        goal_to32_[k] = to_ok ? std::int32_t(goal_to_[k] & 0x7FFFFFFFu) : 0;
        goal_from32_[k] = from_ok ? std::int32_t(goal_from_[k] & 0x7FFFFFFFu) : 0;
        to_ok_[k] = to_ok ? -1 : 0;
        from_ok_[k] = from_ok ? -1 : 0;
    }
    table_ = std::move(table);
    snap_ = &snap;
    moves_ = &moves;
    scale_ = scale;
    same_layout_ = table_->layout() == snap.layout();
    return true;
}

}  // namespace voxnav
