// SPDX-License-Identifier: MIT
/// @file landmarks.hpp
/// @brief Landmark tables (ALT: A*, landmarks and the triangle inequality,
/// Goldberg and Harrelson 2005): exact travel times from every waypoint to
/// and from a few landmarks spread by travel time over the loaded world
/// (each as far as possible from the others), which give the
/// search a lower bound that knows the terrain (water, hills, floor costs,
/// detours) where the octile bound only knows distance. Routes stay exact:
/// the bound is admissible and consistent, so A* returns the same cost as
/// without it, while expanding several times fewer nodes on long routes.
///
///   auto table = voxnav::LandmarkTable::build(*snapshot, profile, 8);   // seconds on a big world: off the game thread
///   voxnav::LandmarkBound bound;
///   if (bound.begin(*table, *snapshot, moves, goal_nodes, 1.0)) h = bound(node, voxel, octile);
///
/// Navigator uses them by itself (QueryOptions::landmarks, LandmarkSettings);
/// a game rarely needs this header.
///
/// Exactness. Travel times are kept in quanta of 1/1024 s of a metric whose
/// every move is rounded *down* to whole quanta, so the potentials
/// q (D(v) - D(goal)) are consistent for the true costs. The bound at a
/// node is max(octile, every landmark's two potentials).
///
/// Live worlds. A table is built on one snapshot. Later versions may differ:
/// a cost that rose (a wall built, a chunk unloaded, a zone) leaves the
/// bound admissible and consistent (Delling and Wagner 2007); a cost that
/// fell (a wall dug, a bridge placed, a chunk loaded) may not. So the
/// snapshot's journal (NavSnapshot::changed_chunks_since) gives the chunks
/// whose facts changed since the table's version; around them (grown by
/// the longest move's reach, all heights) the bound is capped by the octile
/// bound *through* that area, lb(v, area) + lb(area, goal), which every
/// route using a changed move must pay. The cap is a minimum of consistent
/// bounds, so still consistent: no node is ever reopened. When the journal
/// no longer reaches back to the table, the query uses the octile bound.
/// A table newer than the snapshot is never used. repair() brings a table
/// to a newer snapshot touching only what the changes reach
/// (landmark_repair.cpp).
///
/// Memory per chunk holding waypoints: a 512-byte waypoint mask, 128 bytes
/// of ranks, 8 bytes per landmark of bases; per waypoint 4 bytes per
/// landmark (2 bytes each way), or 8 in the rare chunk whose times span
/// more than 64 s.
///
/// Thread-safety: a table is immutable once built; read it from any thread.
/// A LandmarkBound belongs to one query (one thread).
///
/// Errors: build throws std::bad_alloc only; reading never throws.
#pragma once

#include "agent/movement.hpp"
#include "detail/config.hpp"
#include "facts/nav_snapshot.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

namespace voxnav {

namespace detail {
/// Set bits of a word, inline (the builtin is a library call unless the
/// target has POPCNT, which the portable build does not assume).
[[nodiscard]] VOXNAV_INLINE inline unsigned popcount64(std::uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return unsigned((x * 0x0101010101010101ull) >> 56);
}
}  // namespace detail

class LandmarkTable {
public:
    /// Seconds per unit of the stored times.
    static constexpr double quantum = 1.0 / 1024.0;
    static constexpr std::uint32_t unreachable = 0xFFFFFFFFu;
    /// Most landmarks a table holds.
    static constexpr int max_count = 32;

    /// Builds the tables of `count` landmarks for the agent on `snapshot`
    /// (the profile's own floor costs). The first landmark stands by a
    /// corner of the navigable chunks' horizontal extent, each next one at
    /// the waypoint farthest there and back from those placed (so in dead
    /// ends and far rooms). Landmarks are placed one after another; each
    /// one's 2 Dijkstra searches run side by side on TBB's workers
    /// (`parallel`), or one after the other on the calling thread. Returns
    /// null when the agent has no ground waypoints to place landmarks on
    /// (flyers: open sky is their acceleration) or count is 0, and when
    /// `cancel` (read now and then, from any thread) becomes true.
    [[nodiscard]] static std::shared_ptr<const LandmarkTable> build(const NavSnapshot& snapshot, const AgentProfile& profile,
                                                                    int count, bool parallel = true,
                                                                    const std::atomic<bool>* cancel = nullptr);

    /// `old` brought to `snapshot`, a later version of the same NavField,
    /// touching only what changed (landmark_repair.cpp says why it stays
    /// exact): times a change lowered are lowered, times it raised stay
    /// (valid, looser until the next build). Null when the journal no longer
    /// reaches back to `old`, more than `max_chunks` chunks changed, or on
    /// `cancel`; then build anew.
    [[nodiscard]] static std::shared_ptr<const LandmarkTable> repair(const LandmarkTable& old, const NavSnapshot& snapshot,
                                                                     const AgentProfile& profile, std::size_t max_chunks = 256,
                                                                     const std::atomic<bool>* cancel = nullptr);

    /// A move's cost in whole quanta, rounded down: potentials over sums of
    /// these are consistent for the true costs (the module comment).
    [[nodiscard]] static std::uint32_t quanta_down(double cost) { return std::uint32_t(std::floor(cost / quantum)); }

    struct Chunk {
        Voxel chunk;
        bool wide = false;        ///< rows of 32-bit offsets (times spanning more than 65534 quanta)
        std::uint64_t mask[64];   ///< waypoint bits by local index
        std::uint16_t rank[64];   ///< waypoints before each mask word
        /// One block, so that a lookup touches one allocation: 2 x count
        /// bases (least time to each landmark, then from each; 32 bits as
        /// low, high halves), then per waypoint 2 x count offsets (16 bits,
        /// 0xFFFF: unreachable; or 32 bits as halves when wide).
        std::vector<std::uint16_t> data;
        /// Sets chunk, mask and ranks from the waypoints of a chunk's facts;
        /// returns how many there are.
        std::uint32_t mark(const ChunkSlot& facts, const MovementModel& moves);
        /// Waypoints with a row.
        [[nodiscard]] std::uint32_t rows() const;
        /// The row of local index `l` into `row`; false when it is no waypoint here.
        VOXNAV_INLINE bool row_of(std::uint32_t l, std::uint32_t& row) const {
            const std::uint64_t word = mask[l >> 6], bit = std::uint64_t(1) << (l & 63u);
            if (!(word & bit)) return false;
            row = rank[l >> 6] + detail::popcount64(word & (bit - 1));
            return true;
        }
        /// Run `k`'s base in a chunk's `data` (32 bits as low, high halves).
        VOXNAV_INLINE static std::uint32_t base(const std::uint16_t* d, int k) {
            return std::uint32_t(d[2 * k]) | std::uint32_t(d[2 * k + 1]) << 16;
        }
        /// Time `k` of row `row` (of `runs` per row), in quanta, or unreachable.
        VOXNAV_INLINE std::uint32_t time(std::uint32_t row, int k, int runs) const {
            const std::uint16_t* d = data.data();
            const std::uint32_t base = Chunk::base(d, k);
            if (!wide) {
                const std::uint16_t o = d[2 * runs + std::size_t(row) * std::size_t(runs) + std::size_t(k)];
                return o == 0xFFFFu ? unreachable : base + o;
            }
            const std::uint16_t* o = d + 2 * runs + std::size_t(row) * std::size_t(2 * runs) + std::size_t(2 * k);
            const std::uint32_t off = std::uint32_t(o[0]) | std::uint32_t(o[1]) << 16;
            return off == unreachable ? unreachable : base + off;
        }
        /// Stores `values` (rows x runs times, row-major) with the least
        /// time of each run as its base; wide when a run spans 65534 quanta.
        void pack(const std::vector<std::uint32_t>& values, int runs);
        /// The times back, as pack() took them.
        void unpack(int runs, std::vector<std::uint32_t>& values) const;
    };

    /// Times of node `i` of `snap` (to landmark k in [0, count), from landmark
    /// k in [count, 2 count)) into `out`, in quanta (unreachable when there is
    /// no route); false when the table has no row for it (a chunk it does not
    /// know, or no waypoint when it was built). `same_layout`: `snap` has
    /// the table's slot layout (NavSnapshot::layout), so the chunk of a slot
    /// need not be compared.
    VOXNAV_INLINE bool times(const NavSnapshot& snap, bool same_layout, NodeId i, std::uint32_t* out) const {
        const Chunk* c = chunk_of(snap, same_layout, i);
        std::uint32_t row;
        if (!c || !c->row_of(node_id::local(i), row)) return false;
        const int n = 2 * count_;
        for (int k = 0; k < n; ++k) out[k] = c->time(row, k, n);
        return true;
    }
    /// The chunk of the table holding node `i` of `snap`, or null (see times).
    VOXNAV_INLINE const Chunk* chunk_of(const NavSnapshot& snap, bool same_layout, NodeId i) const {
        const std::uint32_t s = node_id::slot(i);
        if (s >= by_slot_.size() || by_slot_[s] == nullptr) return nullptr;
        const Chunk* c = by_slot_[s];
        return same_layout || c->chunk == snap.slot(s).chunk ? c : nullptr;
    }

    [[nodiscard]] int count() const { return count_; }
    /// The world revision of the snapshot the table was built on.
    [[nodiscard]] std::uint64_t revision() const { return revision_; }
    /// The slot layout (NavSnapshot::layout) of that snapshot.
    [[nodiscard]] std::uint64_t layout() const { return layout_; }
    [[nodiscard]] const std::vector<Voxel>& landmarks() const { return landmarks_; }
    /// Waypoints with a row.
    [[nodiscard]] std::uint64_t waypoints() const { return waypoints_; }
    /// The largest time a chunk of 16-bit offsets can hold, in quanta:
    /// below 2^31, bounds read such chunks four landmarks at a time in
    /// 32-bit lanes.
    [[nodiscard]] std::uint64_t narrow_top() const { return narrow_top_; }
    /// Bytes the table holds (chunks, rows, the slot index).
    [[nodiscard]] std::size_t memory_bytes() const { return bytes_; }
    /// Wall time of the build or repair. [Units: seconds]
    [[nodiscard]] double build_seconds() const { return seconds_; }
    /// Repairs since the last full build (0: built), and the entries the
    /// last repair lowered.
    [[nodiscard]] int repairs() const { return repairs_; }
    [[nodiscard]] std::uint64_t repaired_entries() const { return repaired_entries_; }

private:
    /// Sets waypoints_ and bytes_ from the chunks and the slot index.
    void account();
    int count_ = 0;
    std::uint64_t revision_ = 0, layout_ = 0, waypoints_ = 0, repaired_entries_ = 0;
    int repairs_ = 0;
    std::size_t bytes_ = 0;
    std::uint64_t narrow_top_ = 0;  // the largest time a narrow chunk can hold (a base plus 0xFFFE)
    double seconds_ = 0.0;
    std::vector<Voxel> landmarks_;
    std::vector<std::shared_ptr<Chunk>> chunks_;  // shared with the tables repaired from this one, never changed once built
    std::vector<const Chunk*> by_slot_;  // by the slot numbers of the snapshot built on
};

/// The landmark bound of one query: the goal's times read once, the areas
/// changed since the table's version, and the bound at any node.
class LandmarkBound {
public:
    /// Prepares the bound for reaching any of `goals` (node ids of `snap`)
    /// with every cost at least `scale` times the profile's (zones and floor
    /// overrides cheaper than the profile: their product; else 1). False
    /// when the table cannot help this query: it is newer than `snap`, the
    /// journal no longer reaches back to it, or a goal has no row.
    bool begin(std::shared_ptr<const LandmarkTable> table, const NavSnapshot& snap, const MovementModel& moves,
               const std::vector<NodeId>& goals, double scale);
    /// The bound at node `i` (at `v`), given the octile bound `octile` that
    /// the caller already scaled. Infinite when `i` cannot reach the goal.
    VOXNAV_INLINE double operator()(NodeId i, const Voxel& v, double octile) const {
        const LandmarkTable::Chunk* c = table_->chunk_of(*snap_, same_layout_, i);
        std::uint32_t row;
        if (!c || !c->row_of(node_id::local(i), row)) return octile;
        std::int64_t best = 0;
        bool dead_end = false;
        const int k_count = table_->count(), runs = 2 * k_count;
        int k = 0;
#if defined(__SSE2__)
        // Narrow rows four landmarks at a time; the rest one by one below.
        if (lanes_ && !c->wide) {
            const std::uint16_t* d = c->data.data();
            k = best_in_lanes(d, d + 2 * runs + std::size_t(row) * std::size_t(runs), best, dead_end);
        }
#endif
        for (; k < k_count; ++k) {
            // To landmark k: D(v, L) - max D(g, L). When every goal reaches L
            // and v does not, v reaches no goal.
            if (goal_to_[k] != LandmarkTable::unreachable) {
                const std::uint32_t t = c->time(row, k, runs);
                if (t == LandmarkTable::unreachable) dead_end = true;
                else best = std::max(best, std::int64_t(t) - std::int64_t(goal_to_[k]));
            }
            // From landmark k: min D(L, g) - D(L, v). When L reaches v but
            // no goal, v reaches no goal either (else L would, through v).
            const std::uint32_t f = c->time(row, k_count + k, runs);
            if (f != LandmarkTable::unreachable) {
                if (goal_from_[k] == LandmarkTable::unreachable) dead_end = true;
                else best = std::max(best, std::int64_t(goal_from_[k]) - std::int64_t(f));
            }
        }
        // Capped below near changes the table does not know (an infinite
        // bound too: a change may have opened the way).
        double h = dead_end ? std::numeric_limits<double>::infinity()
                            : std::max(octile, scale_ * LandmarkTable::quantum * double(best));
        for (const Area& a : areas_) {
            const double dx = std::max({0.0, a.lo_x - v.x, double(v.x) - a.hi_x});
            const double dz = std::max({0.0, a.lo_z - v.z, double(v.z) - a.hi_z});
            h = std::min(h, std::max(octile, scale_ * (moves_->lower_bound_delta(dx, 0.0, dz) + a.to_goal)));
        }
        return h;
    }
    /// Lets go of the table (the query is over).
    void release() { table_.reset(); }
    /// Areas whose changes since the table's version cap the bound.
    [[nodiscard]] std::size_t stale_areas() const { return areas_.size(); }

private:
#if defined(__SSE2__)
    /// top = the larger of top and v in each 32-bit lane (SSE2 has no pmaxsd).
    VOXNAV_INLINE static void keep_max(__m128i& top, __m128i v) {
        const __m128i gt = _mm_cmpgt_epi32(v, top);
        top = _mm_or_si128(_mm_and_si128(gt, v), _mm_andnot_si128(gt, top));
    }
    /// The potentials of landmarks [0, 4 n) of a narrow row, four at a time
    /// in 32-bit lanes (begin checked that no difference overflows them):
    /// the same arithmetic as the scalar loop, with masks for its branches.
    /// Raises `best`, sets `dead_end`; returns the first landmark left.
    VOXNAV_INLINE int best_in_lanes(const std::uint16_t* d, const std::uint16_t* o, std::int64_t& best, bool& dead_end) const {
        const int k_count = table_->count();
        const __m128i zero = _mm_setzero_si128(), none = _mm_set1_epi32(0xFFFF), all = _mm_set1_epi32(-1);
        __m128i top = zero, dead = zero;
        int k = 0;
        for (; k + 4 <= k_count; k += 4) {
            const __m128i to = _mm_unpacklo_epi16(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(o + k)), zero);
            const __m128i from = _mm_unpacklo_epi16(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(o + k_count + k)), zero);
            // Bases: 32 bits as low, high halves, so little-endian words.
            const __m128i base_to = _mm_loadu_si128(reinterpret_cast<const __m128i*>(d + 2 * k));
            const __m128i base_from = _mm_loadu_si128(reinterpret_cast<const __m128i*>(d + 2 * (k_count + k)));
            const __m128i to_none = _mm_cmpeq_epi32(to, none), from_none = _mm_cmpeq_epi32(from, none);
            const __m128i to_ok = _mm_load_si128(reinterpret_cast<const __m128i*>(to_ok_ + k));
            const __m128i from_ok = _mm_load_si128(reinterpret_cast<const __m128i*>(from_ok_ + k));
            __m128i v_to = _mm_sub_epi32(_mm_add_epi32(base_to, to), _mm_load_si128(reinterpret_cast<const __m128i*>(goal_to32_ + k)));
            __m128i v_from = _mm_sub_epi32(_mm_load_si128(reinterpret_cast<const __m128i*>(goal_from32_ + k)), _mm_add_epi32(base_from, from));
            v_to = _mm_and_si128(v_to, _mm_andnot_si128(to_none, to_ok));
            v_from = _mm_and_si128(v_from, _mm_andnot_si128(from_none, from_ok));
            dead = _mm_or_si128(dead, _mm_or_si128(_mm_and_si128(to_ok, to_none), _mm_andnot_si128(_mm_or_si128(from_ok, from_none), all)));
            keep_max(top, v_to);
            keep_max(top, v_from);
        }
        // The largest lane: the max with the halves swapped, then the pairs.
        keep_max(top, _mm_shuffle_epi32(top, _MM_SHUFFLE(1, 0, 3, 2)));
        keep_max(top, _mm_shuffle_epi32(top, _MM_SHUFFLE(2, 3, 0, 1)));
        best = std::max(best, std::int64_t(_mm_cvtsi128_si32(top)));
        dead_end |= _mm_movemask_epi8(dead) != 0;
        return k;
    }
#endif
    struct Area {
        double lo_x, hi_x, lo_z, hi_z;  // voxel coordinates, inclusive
        double to_goal;                 // unscaled lower bound from the area to the goal
    };
    std::shared_ptr<const LandmarkTable> table_;
    const NavSnapshot* snap_ = nullptr;
    const MovementModel* moves_ = nullptr;
    double scale_ = 1.0;
    bool same_layout_ = false;
    std::uint32_t goal_to_[LandmarkTable::max_count];
    std::uint32_t goal_from_[LandmarkTable::max_count];
    // The goal's times as 32-bit lanes, and whether each potential says
    // anything (all ones) for best_in_lanes; `lanes_` when every narrow
    // time and goal time is below 2^31 (no difference overflows a lane).
    alignas(16) std::int32_t goal_to32_[LandmarkTable::max_count], goal_from32_[LandmarkTable::max_count];
    alignas(16) std::int32_t to_ok_[LandmarkTable::max_count], from_ok_[LandmarkTable::max_count];
    bool lanes_ = false;
    std::vector<Area> areas_;
    std::vector<Voxel> changed_;  // begin's scratch
};

}  // namespace voxnav
