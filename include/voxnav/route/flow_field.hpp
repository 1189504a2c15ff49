// SPDX-License-Identifier: MIT
/// @file flow_field.hpp
/// @brief FlowField: the exact cost to one goal from every waypoint around
/// it, and the next move of a cheapest route from each, computed by one
/// search backwards from the goal (Navigator::flow_field). What a game
/// uses when many NPCs head for one place: a horde to the player, villagers
/// to the bell, a wave to the base. Each NPC reads its next waypoint in
/// O(1) instead of running its own search.
///
///   voxnav::QueryOptions q;
///   q.limits.max_cost = 30.0;                       // a field around the goal, not the world
///   voxnav::FlowField field = nav.flow_field(voxnav::Goal::near(player, 1.5), q);
///   for (Zombie& z : zombies)
///       if (auto step = field.next(z.feet)) z.walk_to(step->position, step->action);
///
/// What it holds. Every waypoint whose cheapest route to the goal costs
/// less than radius() is in the field with that cost (`cost`), and
/// `next` gives the following waypoint and action of such a route;
/// following `next` from any waypoint reaches the goal with exactly
/// `cost` (up to floating-point rounding of the sums). The costs are those
/// find_route gives at weight 1 with the same QueryOptions (floor costs,
/// cost zones: a move is priced by the zones holding its end). Where the
/// search stopped is radius():
/// - FlowStop::Exhausted: every waypoint that reaches the goal within
///   limits.max_cost is in (radius = +inf, or just above max_cost);
/// - FlowStop::NodeCap: limits.max_nodes waypoints were settled first
///   (status Partial): the field holds the cheapest ones;
/// - FlowStop::Covered: every waypoint asked to be covered had its cost
///   (the crowd's positions; Navigator::flow_field's `cover`).
///
/// Snapshots. A field is computed on one NavSnapshot, which it keeps alive
/// (revision() says which world revision). Edits after it are not in it;
/// affected_by() tells whether a list of changed chunks could change any of
/// its costs or moves (ChaseField uses it to keep a field across ticks).
///
/// Threads. A computed field is immutable: any number of threads may read
/// one at once. Compute the next one on a worker (a worker Navigator) into
/// another FlowField and hand it over (a std::shared_ptr swap) while agents
/// read the previous one. Never compute into a field others read.
///
/// Memory: 16 bytes per waypoint in the field, plus 48 bytes per run of 256
/// node ids (a y layer of a chunk) holding any: about 20 bytes per waypoint
/// on terrain. Recomputing into the same FlowField reuses its memory; the
/// search's own scratch stays with the Navigator.
///
/// Errors: readers throw nothing; positions outside the field read as
/// "no cost". Navigator::flow_field documents its errors.
#pragma once

#include "voxnav/api.hpp"

#include "voxnav/agent/action.hpp"
#include "voxnav/facts/node_id.hpp"
#include "voxnav/route/route.hpp"
#include "voxnav/search/status.hpp"
#include "voxnav/world/box.hpp"

#include <bitset>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace voxnav {
// Internal types the API holds by pointer (src/; not exported).
class NavSnapshot;

VOXNAV_API_BEGIN


/// The move an NPC at a waypoint makes next on a cheapest route to the goal.
struct FlowStep {
    Voxel position{0};              ///< the next waypoint (feet voxel)
    Action action = Action::Start;  ///< the motion that reaches it
    double cost = 0.0;              ///< that move's cost (zones included) [Units: seconds]
    /// Closed doors, gates or trapdoors the move opens first (empty for most moves).
    std::vector<Voxel> open;
};

/// Why a field's search stopped (see the file comment).
enum class FlowStop : std::uint8_t { Exhausted, NodeCap, Covered };

class FlowField {
public:
    static constexpr double no_cost = std::numeric_limits<double>::infinity();

    FlowField();
    ~FlowField();
    FlowField(FlowField&&) noexcept;
    FlowField& operator=(FlowField&&) noexcept;
    FlowField(const FlowField&) = delete;
    FlowField& operator=(const FlowField&) = delete;

    /// Found: the field is what its limits asked for (stop() says which
    /// bound ended it); Partial: the node cap ended it; InvalidGoal: no
    /// waypoint satisfies the goal, or the goal cannot root a field (flee
    /// goals, too many goal positions); error says why.
    [[nodiscard]] SearchStatus status() const { return status_; }
    [[nodiscard]] const std::string& error() const { return error_; }
    [[nodiscard]] FlowStop stop() const { return stop_; }
    /// True for Found and Partial (the field can be read).
    [[nodiscard]] bool usable() const { return status_ == SearchStatus::Found || status_ == SearchStatus::Partial; }
    /// Every waypoint whose cost to the goal is below this is in the field. [Units: seconds]
    [[nodiscard]] double radius() const { return radius_; }
    /// Waypoints with a cost (the goal's own waypoints included).
    [[nodiscard]] std::size_t reachable() const { return entries_.size(); }
    /// The largest cost in the field (the goal's waypoints cost 0; 0 when
    /// empty). [Units: seconds]
    [[nodiscard]] double largest_cost() const { return largest_; }
    /// World revision of the snapshot it was computed on.
    [[nodiscard]] std::uint64_t revision() const;
    /// That snapshot (null before the first computation).
    [[nodiscard]] const std::shared_ptr<const NavSnapshot>& snapshot() const { return snapshot_; }
    /// The search's figures (expanded = waypoints settled).
    [[nodiscard]] const SearchMetrics& metrics() const { return metrics_; }

    // --- reading (O(1) each) ---------------------------------------------
    /// The cheapest cost from `feet` to the goal, or no_cost when `feet` is
    /// not in the field (no waypoint, unreachable, or beyond its radius).
    [[nodiscard]] double cost(const Voxel& feet) const;
    [[nodiscard]] bool contains(const Voxel& feet) const { return cost(feet) != no_cost; }
    /// The next move from `feet`; nullopt when `feet` is not in the field or
    /// already satisfies the goal.
    [[nodiscard]] std::optional<FlowStep> next(const Voxel& feet) const;
    /// Whether `feet` is one of the goal's waypoints (cost 0, no next move).
    [[nodiscard]] bool at_goal(const Voxel& feet) const;
    /// The same by node id of snapshot(): for loops over many agents.
    [[nodiscard]] double cost(NodeId node) const;
    /// The next waypoint's node id, or node_id::none; `move` gets its motion
    /// and world acts (MoveTag::does(WorldAct::Open): it opens a door first).
    [[nodiscard]] NodeId next(NodeId node, MoveTag* move = nullptr) const;

    /// The whole route from `feet` by following next: Found with the
    /// field's cost, or NoPath (error says why) when `feet` is not in it.
    [[nodiscard]] Route route_from(const Voxel& feet) const;
    /// Calls f(feet voxel, cost, next voxel, MoveTag move) for every waypoint
    /// in the field (the goal's own: next = itself, move Start), in no order.
    template <class F>
    void for_each(F&& f) const;

    /// Whether edits to these chunks (chunk coordinates) could change a
    /// cost or move of this field: a chunk horizontally within one chunk of
    /// a chunk holding one of its waypoints, at that height or above (falls
    /// read the columns above). Conservative: true may be harmless.
    [[nodiscard]] bool affected_by(const std::vector<Voxel>& changed_chunks) const;
    /// Bytes held (entries, pages and their table).
    [[nodiscard]] std::size_t memory_bytes() const;

    struct Builder;  // src/route/problems/flow_build.hpp: the search that fills a field

private:
    // A settled position: its cost, the next waypoint (node_id::none at the
    // goal) and the move there.
    struct Stored {
        double cost;
        NodeId next;
        MoveTag action;
    };
    // The settled positions of one run of 256 node ids (a y layer of a
    // chunk): which of them (mask) and where their Stored entries start.
    struct Page {
        std::uint32_t key = 0;   // node id >> 8
        std::uint32_t base = 0;  // index of the first entry in entries_
        std::uint64_t mask[4] = {0, 0, 0, 0};
    };
    [[nodiscard]] const Stored* entry(NodeId node) const {
        if (node == node_id::none || table_.empty()) return nullptr;
        const std::uint32_t key = node >> 8;
        for (std::size_t i = slot_of(key);; i = (i + 1) & (table_.size() - 1)) {
            const std::uint32_t p = table_[i];
            if (p == 0) return nullptr;
            const Page& page = pages_[p - 1];
            if (page.key != key) continue;
            const unsigned bit = node & 255u, word = bit >> 6;
            const std::uint64_t below = page.mask[word] & ((std::uint64_t(1) << (bit & 63u)) - 1);
            if (!((page.mask[word] >> (bit & 63u)) & 1u)) return nullptr;
            std::uint32_t rank = page.base + std::uint32_t(std::bitset<64>(below).count());
            for (unsigned w = 0; w < word; ++w) rank += std::uint32_t(std::bitset<64>(page.mask[w]).count());
            return &entries_[rank];
        }
    }
    [[nodiscard]] std::size_t slot_of(std::uint32_t key) const {
        return std::size_t((std::uint64_t(key) * 0x9E3779B97F4A7C15ull) >> 32) & (table_.size() - 1);
    }
    [[nodiscard]] Voxel voxel_of(NodeId node) const;

    SearchStatus status_ = SearchStatus::InvalidGoal;
    std::string error_ = "no field computed yet.";
    FlowStop stop_ = FlowStop::Exhausted;
    double radius_ = 0.0, largest_ = 0.0;
    int reach_chunks_ = 1;  // how far (in chunks) a move's reads reach from its end
    SearchMetrics metrics_;
    std::shared_ptr<const NavSnapshot> snapshot_;
    int body_width_ = 1, body_height16_ = 32;  // the agent's body, for the doors a move opens
    std::vector<Page> pages_;
    std::vector<Stored> entries_;
    std::vector<std::uint32_t> table_;  // open addressing by page key: page index + 1, or 0
    // Chunk columns (x, z) holding settled waypoints, with their lowest
    // chunk y: what affected_by compares with.
    struct Column {
        int x, z, lowest_y;
    };
    std::vector<Column> columns_;
};

/// The batch rule (RouteService::submit_crowd): whether one flow field
/// answers `agents` NPCs going to one goal sooner than one A* each: a field
/// from 200 agents at spread 64, from 100 at 256, the count in between;
/// where more than a quarter of the chunks are shaped, 5x those counts
/// (the break-even counts `voxnav crowd` measured: docs/benchmarks.md,
/// "Where the defaults come from"). `spread`: side of the square centred on the goal that holds
/// every start [Units: voxels]; `shaped_share`:
/// NavSnapshot::shaped_chunk_count() / chunk_count().
[[nodiscard]] bool prefer_flow_field(std::size_t agents, double spread, double shaped_share = 0.0);

template <class F>
void FlowField::for_each(F&& f) const {
    for (const Page& page : pages_) {
        std::uint32_t rank = page.base;
        for (unsigned k = 0; k < 256; ++k) {
            if (!((page.mask[k >> 6] >> (k & 63u)) & 1u)) continue;
            const Stored& e = entries_[rank++];
            const NodeId n = (NodeId(page.key) << 8) | NodeId(k);
            f(voxel_of(n), e.cost, e.next == node_id::none ? voxel_of(n) : voxel_of(e.next), e.action);
        }
    }
}

VOXNAV_API_END
}  // namespace voxnav
