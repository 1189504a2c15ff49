// SPDX-License-Identifier: MIT
// LandmarkTable::repair: a table of an older snapshot brought to a newer one
// by touching only what the changes reach.
// (Its own loop, not AStar's: it lowers existing times from seeds around the
// changes, in integer quanta, and stops where nothing undercuts; AStar
// starts from one state at cost 0. See flow_build.hpp for the A/B of a
// backward flood on AStar against a loop of its own.)
//
// Why it stays exact: the bound needs, per landmark, times d that no move
// undercuts (d(v) <= d(u) + c(u, v) for every move u -> v of the new
// snapshot, the other way round for the times to the landmark), not the
// shortest times themselves: any such d gives an admissible, consistent
// potential (landmarks.hpp), and "unreachable" stays a proof that no route
// exists. The old times satisfy this on every move that did not get cheaper
// or appear. Those moves all start within MovementModel::move_reach of a changed chunk, at
// any height (the journal's rule). So the repair checks every move from
// there, lowers the times a move undercuts, and spreads the lowering as
// Dijkstra does; times that rose stay as they were (still valid, only
// looser) until the next full build.
#include "route/problems/landmarks.hpp"
#include "voxnav/world/world.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <unordered_map>
#include <tuple>
#include <unordered_set>

namespace voxnav {

std::shared_ptr<const LandmarkTable> LandmarkTable::repair(const LandmarkTable& old, const NavSnapshot& snap,
                                                           const AgentProfile& profile, std::size_t max_chunks,
                                                           const std::atomic<bool>* cancel) {
    const auto t0 = std::chrono::steady_clock::now();
    if (old.revision_ > snap.revision()) return nullptr;
    std::vector<Voxel> changed;
    if (!snap.changed_chunks_since(old.revision_, changed)) return nullptr;
    std::sort(changed.begin(), changed.end(), [](const Voxel& a, const Voxel& b) {
        return std::tie(a.x, a.y, a.z) < std::tie(b.x, b.y, b.z);
    });
    changed.erase(std::unique(changed.begin(), changed.end()), changed.end());
    if (changed.size() > max_chunks) return nullptr;
    const MovementModel moves(snap, profile);
    const int runs = 2 * old.count_;
    auto table = std::make_shared<LandmarkTable>();
    LandmarkTable& t = *table;
    t.count_ = old.count_;
    t.revision_ = snap.revision();
    t.layout_ = snap.layout();
    t.landmarks_ = old.landmarks_;

    // 1. Chunks: the old ones that are still navigable, unchanged; changed
    // and new ones get rows from the new facts (an old row keeps its times,
    // a new one starts unreachable).
    std::unordered_set<Voxel, ChunkHash> changed_set(changed.begin(), changed.end());
    std::unordered_map<Voxel, std::size_t, ChunkHash> old_index;
    for (std::size_t i = 0; i < old.chunks_.size(); ++i) old_index.emplace(old.chunks_[i]->chunk, i);
    t.by_slot_.assign(snap.slot_capacity(), nullptr);
    std::vector<std::uint32_t> chunk_of_slot(snap.slot_capacity(), 0xFFFFFFFFu);
    std::vector<std::uint32_t> old_values, new_values;
    for (std::uint32_t s = 1; s < snap.slot_capacity(); ++s) {
        const ChunkSlot& cs = snap.slot(s);
        if (snap.slot_of(cs.chunk) != s) continue;
        const auto found = old_index.find(cs.chunk);
        if (!changed_set.count(cs.chunk)) {
            // Facts unchanged since the old table (a chunk new to the field is
            // in the journal too): its rows, or its having none, still hold.
            if (found == old_index.end()) continue;
            chunk_of_slot[s] = std::uint32_t(t.chunks_.size());
            t.chunks_.push_back(old.chunks_[found->second]);  // shared, not copied
            continue;
        }
        Chunk c{};
        const std::uint32_t n = c.mark(cs, moves);
        if (n == 0) continue;
        new_values.assign(std::size_t(n) * std::size_t(runs), unreachable);
        if (found != old_index.end()) {
            const Chunk& o = *old.chunks_[found->second];
            o.unpack(runs, old_values);
            std::uint32_t old_row = 0, new_row = 0;
            for (std::uint32_t l = 0; l < 4096; ++l) {
                const bool was = (o.mask[l >> 6] >> (l & 63u)) & 1u, is = (c.mask[l >> 6] >> (l & 63u)) & 1u;
                if (was && is)
                    std::copy_n(old_values.begin() + std::ptrdiff_t(std::size_t(old_row) * std::size_t(runs)), runs,
                                new_values.begin() + std::ptrdiff_t(std::size_t(new_row) * std::size_t(runs)));
                old_row += was;
                new_row += is;
            }
        }
        c.pack(new_values, runs);
        chunk_of_slot[s] = std::uint32_t(t.chunks_.size());
        t.chunks_.push_back(std::make_shared<Chunk>(std::move(c)));
    }

    // 2. Working times of the chunks the repair lowers, unpacked on first touch.
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> work;  // chunk index -> rows x runs
    auto locate = [&](NodeId i, std::uint32_t& chunk, std::uint32_t& row) {
        const std::uint32_t s = node_id::slot(i);
        if (s >= chunk_of_slot.size() || chunk_of_slot[s] == 0xFFFFFFFFu) return false;
        chunk = chunk_of_slot[s];
        return t.chunks_[chunk]->row_of(node_id::local(i), row);
    };
    auto values_of = [&](std::uint32_t chunk) -> std::vector<std::uint32_t>& {
        auto it = work.find(chunk);
        if (it == work.end()) {
            it = work.emplace(chunk, std::vector<std::uint32_t>()).first;
            t.chunks_[chunk]->unpack(runs, it->second);
        }
        return it->second;
    };
    auto get = [&](std::uint32_t chunk, std::uint32_t row, int k) {
        const auto it = work.find(chunk);
        if (it != work.end()) return it->second[std::size_t(row) * std::size_t(runs) + std::size_t(k)];
        return t.chunks_[chunk]->time(row, k, runs);  // read packed, without unpacking the chunk
    };

    // 3. Every move that may be new or cheaper: the moves from waypoints
    // within move_reach (horizontally, at every height) of a changed chunk,
    // read once for all the runs.
    const int reach = MovementModel::move_reach(profile), reach_chunks = (reach + 15) / 16;
    const VoxelBox dom = snap.domain();
    std::unordered_set<Voxel, ChunkHash> columns;
    for (const Voxel& c : changed)
        for (int dz = -reach_chunks; dz <= reach_chunks; ++dz)
            for (int dx = -reach_chunks; dx <= reach_chunks; ++dx) columns.insert(Voxel(c.x + dx, 0, c.z + dz));
    auto near_change = [&](const Voxel& v) {
        for (const Voxel& c : changed)
            if (v.x >= c.x * 16 - reach && v.x <= c.x * 16 + 15 + reach && v.z >= c.z * 16 - reach && v.z <= c.z * 16 + 15 + reach)
                return true;
        return false;
    };
    struct Move {
        NodeId from, to;
        std::uint32_t quanta;
    };
    std::vector<Move> seeds;
    for (const Voxel& col : columns)
        for (int cy = dom.lo.y >> 4; cy <= (dom.hi.y - 1) >> 4; ++cy) {
            const std::uint32_t s = snap.slot_of(Voxel(col.x, cy, col.z));
            if (s == 0) continue;
            for (std::uint32_t l = 0; l < 4096; ++l) {
                const NodeId u = node_id::make(s, l);
                if (!moves.is_waypoint(snap.slot(s)[l]) || !near_change(snap.voxel_of(u))) continue;
                moves.for_each_move(u, [&](NodeId v, double cost, MoveTag) { seeds.push_back({u, v, quanta_down(cost)}); });
            }
        }

    // 4. Per landmark and direction: lower what a move undercuts, then spread.
    std::uint64_t touched = 0;
    using Entry = std::pair<std::uint32_t, NodeId>;
    std::vector<Entry> heap;
    auto later = [](const Entry& a, const Entry& b) { return a.first > b.first; };
    for (int k = 0; k < runs; ++k) {
        if (cancel && cancel->load(std::memory_order_relaxed)) return nullptr;
        const bool to_landmark = k < old.count_;
        heap.clear();
        // Lowers the time of `node` to `value` when that is lower.
        auto lower = [&](NodeId node, std::uint32_t value) {
            std::uint32_t chunk, row;
            if (!locate(node, chunk, row) || value >= get(chunk, row, k)) return;
            values_of(chunk)[std::size_t(row) * std::size_t(runs) + std::size_t(k)] = value;
            ++touched;
            heap.push_back({value, node});
            std::push_heap(heap.begin(), heap.end(), later);
        };
        auto time_of = [&](NodeId node) {
            std::uint32_t chunk, row;
            return locate(node, chunk, row) ? get(chunk, row, k) : unreachable;
        };
        for (const Move& m : seeds) {
            if (to_landmark) {
                const std::uint32_t dv = time_of(m.to);  // D(u, L) <= c(u, v) + D(v, L)
                if (dv != unreachable) lower(m.from, dv + m.quanta);
            } else {
                const std::uint32_t du = time_of(m.from);  // D(L, v) <= D(L, u) + c(u, v)
                if (du != unreachable) lower(m.to, du + m.quanta);
            }
        }
        while (!heap.empty()) {
            std::pop_heap(heap.begin(), heap.end(), later);
            // Plain copies, not structured bindings: lambdas below capture
            // them, which clang before C++20 refuses.
            const auto value = heap.back().first;
            const auto node = heap.back().second;
            heap.pop_back();
            if (value != time_of(node)) continue;
            if (to_landmark)
                moves.for_each_predecessor(node, [&](NodeId p, double cost, MoveTag) { lower(p, value + quanta_down(cost)); });
            else
                moves.for_each_move(node, [&](NodeId v, double cost, MoveTag) { lower(v, value + quanta_down(cost)); });
        }
    }
    // Lowered chunks are copied, not changed: the old table still reads theirs.
    for (auto& [chunk, values] : work) {
        auto fresh = std::make_shared<Chunk>(*t.chunks_[chunk]);
        fresh->pack(values, runs);
        t.chunks_[chunk] = std::move(fresh);
    }
    for (std::uint32_t s = 1; s < snap.slot_capacity(); ++s)
        if (chunk_of_slot[s] != 0xFFFFFFFFu) t.by_slot_[s] = t.chunks_[chunk_of_slot[s]].get();

    t.account();
    t.repaired_entries_ = touched;
    t.repairs_ = old.repairs_ + 1;
    t.seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return table;
}

}  // namespace voxnav
