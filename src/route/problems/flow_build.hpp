// SPDX-License-Identifier: MIT
// FlowField::Builder: the backward Dijkstra that fills a FlowField (internal
// to route/; Navigator::flow_field prepares the goal and the costs). Its
// scratch (a directory over the snapshot's node ids, pages of 256 entries,
// the open list) is kept between fields, so after warm-up a field
// allocates only what it holds.
//
// Why its own loop and not AStar (which every route query, the dig search
// and reachable run on): a field is a backward flood, and the moves into a
// position of a shaped chunk are found by expanding every position that
// may start one; this loop caches those forward moves per position for the
// rest of the flood (most are asked for by several neighbours) and settles
// straight into the entries the field keeps. Measured 2026-11-26 on the
// querz r.0.0 region (747,979 waypoints reach (150,55,60), pinned to one
// core, 3 runs): this loop 1.48-2.46 s; the same backward flood as an
// AStar problem over MovementModel::for_each_predecessor 6.27-9.09 s (the
// forward flood from there, `voxnav reach`, 0.39-0.72 s for 740,012). The
// landmark build and repair keep their own loops for the same reason and
// one more: they run on integer quanta (costs rounded down, landmarks.hpp)
// over a compact arc list built once per table.
#pragma once

#include "agent/movement.hpp"
#include "voxnav/route/flow_field.hpp"
#include "route/problems/nav_problem.hpp"

#include <memory>
#include <vector>

namespace voxnav {

struct VOXNAV_INTERNAL FlowField::Builder {
    /// Fills `out` with the costs to `goals` (node ids of `snapshot`, each a
    /// waypoint satisfying the goal) over the predecessors of `moves`,
    /// priced by `zones` at each move's end, within `limits` (max_cost,
    /// max_nodes; weight is ignored). Non-empty `cover`: stops once every
    /// one of those node ids is settled. Throws only std::bad_alloc.
    void compute(FlowField& out, std::shared_ptr<const NavSnapshot> snapshot, const MovementModel& moves, const ZoneCosts& zones,
                 const std::vector<NodeId>& goals, const SearchLimits& limits, const std::vector<NodeId>& cover);
    /// Sets `out` to an error (`status`, `error`) on `snapshot`.
    static void fail(FlowField& out, std::shared_ptr<const NavSnapshot> snapshot, SearchStatus status, std::string error);
    /// Bytes of scratch held.
    [[nodiscard]] std::size_t memory_bytes() const;

private:
    struct Entry {
        double cost;
        NodeId next;
        MoveTag action;
        std::uint8_t settled;  // 1 once its cost is final
        std::uint8_t wanted;   // 1 for a position the search must cover
        std::uint8_t count;    // forward moves cached at `moves` (shaped chunks)
        std::uint32_t moves;   // kNoMoves, or the first of them in moves_
    };
    // A forward move from a position of a shaped chunk, kept for the rest
    // of the search: predecessors there are found by expanding each
    // position that may start a move into the one settled, and most such
    // positions are asked about by several neighbours.
    struct Move {
        NodeId to;
        MoveTag action;
        double cost;
    };
    static constexpr std::uint32_t kNoMoves = 0xFFFFFFFFu;
    struct Open {
        double cost;
        NodeId node;
        bool operator<(const Open& o) const { return cost > o.cost; }  // std heap: the cheapest on top
    };
    static constexpr unsigned kPageBits = 8;
    static constexpr std::size_t kPage = std::size_t(1) << kPageBits;
    Entry& slot(NodeId node);
    void reset(const NavSnapshot& snapshot);
    static void clear(FlowField& out, std::shared_ptr<const NavSnapshot> snapshot);
    void store(FlowField& out, int reach_chunks) const;

    std::vector<std::uint32_t> dir_;      // per 256 node ids: page number + 1, or 0
    std::vector<Entry> pages_;            // 256 entries per page
    std::vector<std::uint32_t> touched_;  // directory keys with a page, in page order
    std::vector<Open> open_;
    std::vector<Move> moves_;             // cached forward moves, this search only
};

}  // namespace voxnav
