/// @file nav_field.hpp
/// @brief NavField: the per-voxel facts the movement rules read (clear,
/// supported, in water, floor multiplier) for one agent *shape* (width,
/// height, floor costs), kept per 16^3 chunk, re-derived per changed chunk
/// from the world's change journal, and published as immutable snapshots.
///
///   auto field = voxnav::NavField::shared(world, profile);  // one per shape, shared
///   world.set_block({3, 1, 4}, stone);                       // game thread
///   field->sync(world);                                      // game thread: re-derive, publish
///   auto snap = field->snapshot();                           // any thread: the latest version
///
/// Which chunks have facts: the world's loaded chunks and the one-chunk ring
/// around them, inside the world's bounds (grown by one voxel) when it has
/// bounds. Everything else reads as void (blocked, no node).
///
/// Costs: the first sync derives every navigable chunk (in parallel). After
/// that, a sync re-derives only the chunks whose facts read a changed chunk:
/// the chunk itself, the chunk above (support reads one voxel below) and the
/// chunks within `width - 1` below in x and z and `height - 1` below in y;
/// and it touches the navigability of the 26 chunks around a loaded or
/// unloaded one. The plain-floor bits (facts/plain_floor.hpp) are then
/// re-derived for the chunks whose fact bytes changed and the chunks beside
/// and below them, whose bits read theirs. Publishing copies one pointer per 256 slots and the pages
/// that changed. A chunk of uniform facts costs no fact memory. A new shape
/// costs one full derivation (spread over TBB's workers; `voxnav live`
/// measures it, the README gives figures) and its own facts memory; agents
/// of the same shape share everything.
///
/// Thread-safety: sync() must be called from the thread that writes the
/// World (it reads the World), and not while that World is written; calls
/// are serialised by an internal mutex. snapshot() may be called from any
/// thread at any time and returns a version that never changes.
#pragma once

#include "voxnav/agent/profile.hpp"
#include "voxnav/facts/nav_snapshot.hpp"
#include "voxnav/facts/plain_floor.hpp"
#include "voxnav/facts/block_geo.hpp"
#include "voxnav/world/world.hpp"

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace voxnav {

/// What derived facts depend on: agents with equal shapes share a NavField.
/// Heights in sixteenths of a voxel; `reach_up` is how far above a position
/// the movement rules may ask for headroom (body, jump and a margin) [Units: voxels].
struct AgentShape {
    int width = 1, height16 = 32, reach_up = 7;
    bool climb = true;
    unsigned opens = 0;  ///< AgentProfile::open_mask()
    std::vector<std::pair<std::string, double>> floor_cost;  ///< sorted; multipliers > 1 only
    [[nodiscard]] static AgentShape of(const AgentProfile& p);
    /// Whole voxels of a body on a full block.
    [[nodiscard]] int body_voxels() const { return (height16 + 15) / 16; }
    bool operator==(const AgentShape& o) const {
        return width == o.width && height16 == o.height16 && reach_up == o.reach_up && climb == o.climb && opens == o.opens &&
               floor_cost == o.floor_cost;
    }
};

class NavField {
public:
    using Index = NavSnapshot::Index;
    static constexpr Index no_index = NavSnapshot::no_index;

    /// Derives the facts of `world` for the profile's shape and publishes
    /// them. Throws ProfileError for an invalid profile, std::length_error
    /// beyond 2^20 - 2 navigable chunks.
    NavField(const World& world, const CheckedProfile& profile);

    /// The field of this world and shape that other navigators already use,
    /// or a new one. Fields live while someone holds them.
    [[nodiscard]] static std::shared_ptr<NavField> shared(const World& world, const CheckedProfile& profile);

    /// Re-derives what changed in `world` since the last sync and publishes a
    /// new snapshot. Cheap when nothing changed. Game thread only (see above).
    /// Throws std::length_error beyond 2^20 - 2 navigable chunks (the facts
    /// then stay at the last good version).
    void sync(const World& world);

    /// Keeps a copy of the world's block ids (and block types) in every
    /// snapshot from now on: what dig and place queries read, so that they
    /// run on worker threads too. Game thread, like sync(): brings the facts
    /// up to date, copies every navigable chunk's blocks once (O(chunks)),
    /// and from then on each sync copies only the chunks that changed.
    /// Memory: 8 KiB per chunk whose blocks differ (chunks of one block share
    /// one copy; air chunks none). Navigators of digging and placing agents
    /// built with the World, and RouteService::add_agent for them, call it.
    void keep_blocks(const World& world);
    [[nodiscard]] bool keeps_blocks() const { return keep_blocks_.load(std::memory_order_acquire); }

    /// The latest published version. Any thread; never blocks on sync().
    [[nodiscard]] std::shared_ptr<const NavSnapshot> snapshot() const { return std::atomic_load(&current_); }
    /// World revision of the latest published version.
    [[nodiscard]] std::uint64_t revision() const { return revision_.load(std::memory_order_acquire); }
    [[nodiscard]] const AgentShape& shape() const { return shape_; }
    /// Id of the World this field was derived from (World::id()).
    [[nodiscard]] std::uint64_t world_id() const { return world_id_; }

    /// Figures of the last sync: chunks re-derived, how many were uniform,
    /// seconds (all of it); chunks whose plain-floor bits were re-derived and
    /// the seconds that took (part of `seconds`).
    struct SyncStats {
        std::size_t derived = 0, uniform = 0, added = 0, removed = 0, plain_derived = 0;
        double seconds = 0.0, plain_seconds = 0.0;
        bool full = false;
    };
    [[nodiscard]] SyncStats last_sync() const;

private:
    void rebuild(const World& world);
    void update(const World& world, const std::vector<Voxel>& changed);
    bool navigable(const World& world, const Voxel& chunk) const;
    std::uint32_t add_slot(const Voxel& chunk);
    void remove_slot(std::uint32_t slot);
    void derive(const World& world, const std::vector<std::uint32_t>& slots);
    /// Whether the chunk lies near a shaped block: its facts carry shapes.
    [[nodiscard]] bool near_shaped(const Voxel& chunk) const;
    /// Chunk offsets (lo, hi inclusive) from a chunk to the world chunks near_shaped reads.
    void shaped_range(glm::ivec3& lo, glm::ivec3& hi) const;
    /// Re-scans whether world chunk c holds a shaped block; true when that changed.
    bool rescan_shaped(const World& world, const Voxel& c);
    void derive_plain(const std::vector<std::uint32_t>& slots, const std::vector<detail::LocalBox>& boxes);
    void set_plain(std::uint32_t slot, std::shared_ptr<const ChunkPlain> block, detail::PlainCounts counts);
    /// Records this sync's changed chunks (facts_changed_) in the journal
    /// the next snapshot carries; `full`: everything was derived again.
    void note_changes(std::uint64_t revision, bool full);
    void publish(std::uint64_t revision);
    /// Copies the block ids of `slots`' chunks (and the block types when the
    /// registry changed) into the writer's version.
    void copy_blocks(const World& world, const std::vector<std::uint32_t>& slots);
    /// Whether b is the one shared copy of a chunk of one block.
    [[nodiscard]] bool shared_blocks(const std::shared_ptr<const ChunkBlocks>& b) const;
    [[nodiscard]] std::shared_ptr<const ChunkFacts> uniform_block(Fact::Raw value);
    [[nodiscard]] bool is_mixed(const std::shared_ptr<const ChunkFacts>& block) const;

    AgentShape shape_;
    std::uint64_t world_id_ = 0;
    std::vector<std::uint8_t> block_code_;  // per block id: blocks body / solid / water / shaped / floor index
    std::vector<detail::BlockGeo> block_geo_;  // per block id, for the shaped derivation
    std::unordered_set<Voxel, ChunkHash> shaped_world_;  // loaded world chunks holding a shaped block
    bool any_shaped_type_ = false;
    bool coded_ = false;                    // block_code_ matches the registry at coded_version_
    std::size_t coded_types_ = 0;           // block types coded then
    std::uint64_t coded_version_ = 0;
    NavSnapshot work_;                      // the writer's version, published by copy
    std::vector<std::uint32_t> free_slots_;
    std::vector<std::uint32_t> facts_changed_;  // slots whose fact bytes derive() changed (this sync)
    std::shared_ptr<const FactChanges> changes_;  // the journal published with the snapshots
    std::vector<std::uint32_t> plain_mark_;     // per slot: 1 + its place in this sync's plain work, or 0
    std::vector<detail::PlainCounts> plain_counts_;  // per slot, behind the snapshot's totals
    static_assert(sizeof(Fact::Raw) == 1, "uniform_ keeps one block per fact value");
    std::array<std::shared_ptr<const ChunkFacts>, 256> uniform_{};
    std::optional<VoxelBox> bounds_;
    std::atomic<bool> built_{false};
    mutable std::mutex sync_mutex_;
    SyncStats stats_;
    std::shared_ptr<const NavSnapshot> current_;
    std::atomic<std::uint64_t> revision_{0};
    std::atomic<bool> keep_blocks_{false}, blocks_pending_{false};  // kept; every chunk still to copy
    std::uint64_t blocks_types_version_ = ~std::uint64_t(0);
    std::unordered_map<BlockId, std::shared_ptr<const ChunkBlocks>> uniform_blocks_;  // chunks of one block
    std::vector<std::uint32_t> added_slots_;  // slots added by this sync
    // The published transform, readable without the lock (a torn read only
    // sends sync down the locked path).
    std::atomic<double> transform_published_[4] = {1.0, 0.0, 0.0, 0.0};
    [[nodiscard]] bool transform_published(const WorldTransform& t) const;
};

}  // namespace voxnav
