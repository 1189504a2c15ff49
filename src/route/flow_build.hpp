// FlowField::Builder: the backward Dijkstra that fills a FlowField (internal
// to route/; Navigator::flow_field prepares the goal and the costs). Its
// scratch (a directory over the snapshot's node ids, pages of 256 entries,
// the open list) is kept between fields, so after warm-up a field
// allocates only what it holds.
#pragma once

#include "agent/movement.hpp"
#include "voxnav/route/flow_field.hpp"
#include "route/nav_problem.hpp"

#include <memory>
#include <vector>

namespace voxnav {

struct FlowField::Builder {
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
