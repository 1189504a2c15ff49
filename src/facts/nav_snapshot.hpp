// SPDX-License-Identifier: MIT
/// @file nav_snapshot.hpp
/// @brief NavSnapshot: one immutable version of the derived per-voxel facts of
/// one agent shape, kept per 16^3 chunk, that routing threads read while the
/// game thread prepares the next version.
///
///   std::shared_ptr<const voxnav::NavSnapshot> snap = field.snapshot();  // any thread
///   voxnav::NavSnapshot::Index i = snap->index_of({10, 65, -3});
///   if (i != voxnav::NavSnapshot::no_index && (*snap)[i].clear()) ...
///
/// Node ids (facts/node_id.hpp): a chunk *slot* (20 bits) and the voxel's
/// index inside the chunk (12 bits: x + 16 z + 256 y), so ids never depend on
/// where a chunk lies or how far apart chunks are. Slot 0 is the void: every voxel of a chunk with
/// no facts (not navigable) reads as 0 (not clear, not a node). Each slot
/// links to the slots of its 26 neighbour chunks, so moving across a chunk
/// face costs one table read.
///
/// Memory: 4096 bytes per chunk whose facts differ between voxels, and
/// 16384 more (4 bytes per voxel) per chunk near shaped blocks; a chunk
/// whose voxels all have the same facts (open sky, solid rock) shares one
/// block per distinct value. 3072 bytes of plain-floor bits per chunk with any
/// plain floor (512 of bits, 2560 of run tables). Plus 136 bytes of slot
/// record and about 32 bytes of chunk table per navigable chunk. Where block ids are kept (NavField::keep_blocks,
/// for digging and placing agents), 8192 bytes per chunk whose blocks differ
/// (a chunk of one block shares one copy, an air chunk none).
///
/// Thread-safety: immutable once published; read it from any thread. Reads
/// never lock and never allocate. [Limit: 2^20 - 2 navigable chunks per shape]
///
/// Errors: reading a snapshot never throws; positions outside the facts read
/// as no node (no_index).
#pragma once

#include "detail/config.hpp"
#include "facts/fact.hpp"
#include "voxnav/facts/node_id.hpp"
#include "facts/paged_array.hpp"
#include "voxnav/facts/nav_field.hpp"
#include "voxnav/world/block.hpp"
#include "voxnav/world/box.hpp"
#include "voxnav/world/transform.hpp"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace voxnav {

class BlockTraitsTable;

/// The facts of one chunk, one Fact::Raw per voxel, x fastest, then z, then y.
struct ChunkFacts {
    std::array<Fact::Raw, 4096> bits;
};

/// The shape facts of one chunk near shaped blocks, one per voxel.
struct ChunkShapes {
    std::array<ShapeFact::Raw, 4096> facts;
};

/// The block ids of one chunk, x fastest, then z, then y (World::set_chunk's
/// order): what dig and place queries read (NavField::keep_blocks).
struct ChunkBlocks {
    std::array<BlockId, 4096> ids;
};

/// Where swim runs go on in one chunk (facts/plain_water.hpp,
/// swim_go_bits): x[dir][lz + 16 * ly] bit lx for a run along x (dir 0:
/// towards +x, 1: towards -x), z[dir][lx + 16 * ly] bit lz along z; the
/// layout of ChunkPlain::go_x and go_z, over plain water, with the lines
/// above and below a run beside it too and the position behind a chunk's
/// first read from the chunk before (no edge bits). Kept only for chunks
/// where some run goes on (most chunks hold no water).
struct SwimTables {
    std::array<std::array<std::uint16_t, 256>, 2> x{}, z{};
    [[nodiscard]] bool operator==(const SwimTables& o) const { return x == o.x && z == o.z; }
    /// The tables of a chunk without any: all zeros.
    [[nodiscard]] static const SwimTables& none() {
        static const SwimTables zeros{};
        return zeros;
    }
};

/// The plain-floor bits of one chunk (facts/plain_floor.hpp): bit l % 64 of
/// words[l / 64] for the voxel of local index l; the walking run tables; and
/// the swim run tables, if any (a chunk keeps this only when it has plain
/// floor or a swim run goes on in it).
struct ChunkPlain {
    std::array<std::uint64_t, 64> words;
    /// Where a straight jump point run (route/jump_points.cpp) goes on, so a
    /// run reads one word per chunk it crosses: go_x[dir][lz + 16 * ly] bit
    /// lx for a run along x (dir 0: towards +x, 1: towards -x) is set when
    /// the position is walkable, plain, and no forced neighbour lies there
    /// (a line beside the run walkable there but not at the position
    /// behind). The forced test of a run's first position in the chunk
    /// (lx 0 towards +x, 15 towards -x), whose position behind lies in the
    /// chunk before, is the run's own (edge_x). go_z[dir][lx + 16 * ly] bit
    /// lz: the same along z. The lines beside are read across the chunk's
    /// faces; a neighbour's change re-derives these with the plain bits.
    std::array<std::array<std::uint16_t, 256>, 2> go_x, go_z;
    /// The lines beside the x-row at (ly, lz), walkable at its ends:
    /// edge_x[lz + 16 * ly] bit 0: line z - 1 at lx 0, bit 1: line z + 1 at
    /// lx 0, bits 2 and 3: the same at lx 15. edge_z[lx + 16 * ly]: the
    /// lines x - 1 and x + 1 beside the z-lane, at lz 0 and 15.
    std::array<std::uint8_t, 256> edge_x, edge_z;
    /// Where swim runs go on (never null: SwimTables::none() when no run
    /// does), and what keeps them.
    const SwimTables* swim = &SwimTables::none();
    std::shared_ptr<const SwimTables> swim_owner;
    void set_swim(std::shared_ptr<const SwimTables> t) {
        swim_owner = std::move(t);
        swim = swim_owner ? swim_owner.get() : &SwimTables::none();
    }
    /// The plain bits of the x-row at (ly, lz): bit x.
    [[nodiscard]] std::uint32_t row(int ly, int lz) const {
        const unsigned l = node_id::local_of(0, ly, lz);
        return std::uint32_t(words[l >> 6] >> (l & 63u)) & 0xFFFFu;
    }
};

/// The chunks whose facts changed, version by version, over the last
/// kKept changes (what keeps derived data such as landmark tables exact
/// while they catch up). Immutable once published.
struct FactChanges {
    static constexpr std::size_t kKept = 1024;
    /// Changes to versions after this revision are all listed; older ones are not.
    std::uint64_t known_after = 0;
    std::vector<std::uint64_t> revisions;  ///< revision of the version each chunk changed in, ascending
    std::vector<Voxel> chunks;             ///< chunk coordinates, beside `revisions`
};

/// Where a navigable chunk's facts live and which slots its neighbours have.
struct ChunkSlot {
    const Fact::Raw* bits;       ///< 4096 facts (never null; the void reads zeros)
    const ChunkPlain* plain;     ///< plain-floor bits (never null; the void, and chunks without plain floor, read zeros)
    /// 4096 shape facts when the chunk lies near shaped blocks, else null:
    /// then every position stands on a full block or nothing, and the
    /// movement model takes its plain path.
    const ShapeFact::Raw* shapes;
    Voxel chunk;                 ///< chunk coordinate
    std::uint32_t link[node_id::link_count];  ///< slot of chunk + (dx, dy, dz) at node_id::link(dx, dy, dz); 0 = void
    /// The game has loaded this chunk (World::is_loaded); false for the ring
    /// of navigable chunks around loaded ones, whose voxels read as air.
    bool loaded;
    /// The fact of local index l (0..4095) of this chunk.
    [[nodiscard]] Fact operator[](std::uint32_t l) const { return Fact(bits[l]); }
};

class NavSnapshot {
public:
    using Index = NodeId;
    static constexpr Index no_index = node_id::none;
    static constexpr std::uint32_t max_slots = (1u << 20) - 1;  // slot 2^20 - 1 would collide with no_index

    NavSnapshot();

    // --- reading, by node id -------------------------------------------------
    [[nodiscard]] Fact operator[](Index i) const { return slots_[node_id::slot(i)][node_id::local(i)]; }
    /// Whether node i is plain floor for agents jumping up to kPlainJump
    /// voxels (facts/plain_floor.hpp). One bit read.
    [[nodiscard]] bool plain(Index i) const {
        const unsigned l = node_id::local(i);
        return (slots_[node_id::slot(i)].plain->words[l >> 6] >> (l & 63u)) & 1u;
    }
    [[nodiscard]] const ChunkSlot& slot(std::uint32_t s) const { return slots_[s]; }
    /// Whether node i's chunk carries shape facts (lies near shaped blocks).
    [[nodiscard]] bool shaped(Index i) const { return slots_[node_id::slot(i)].shapes != nullptr; }
    /// The shape fact of node i: stored near shaped blocks, else
    /// ShapeFact::plain() with the headroom the clear bit promises for a body
    /// of `body_voxels` voxels.
    [[nodiscard]] ShapeFact shape_fact(Index i, int body_voxels) const {
        const ChunkSlot& c = slots_[node_id::slot(i)];
        if (c.shapes) return ShapeFact(c.shapes[node_id::local(i)]);
        return ShapeFact::plain(c[node_id::local(i)].clear() ? unsigned(body_voxels) * 16u : 0u);
    }
    /// Feet height of node i above its voxel's bottom. [Units: voxels] [-0.5..0.4375]
    [[nodiscard]] double feet_offset(Index i) const {
        const ChunkSlot& c = slots_[node_id::slot(i)];
        return c.shapes ? ShapeFact(c.shapes[node_id::local(i)]).offset() / 16.0 : 0.0;
    }
    /// Node id of the voxel (dx, dy, dz) away from `i` (any distance; the void
    /// once outside the navigable chunks).
    [[nodiscard]] VOXNAV_INLINE Index offset(Index i, int dx, int dy, int dz) const {
        return offset_in(slots_[node_id::slot(i)], i, dx, dy, dz);
    }
    /// As offset(), when the caller already holds the slot record of i's chunk.
    [[nodiscard]] VOXNAV_INLINE Index offset_in(const ChunkSlot& home, Index i, int dx, int dy, int dz) const {
        int lx = node_id::lx(i) + dx, lz = node_id::lz(i) + dz, ly = node_id::ly(i) + dy;
        std::uint32_t s = node_id::slot(i);
        if (!node_id::in_chunk(lx, ly, lz)) {
            const int cx = lx >> 4, cy = ly >> 4, cz = lz >> 4;  // floor division: chunks to cross per axis
            if (((cx + 1) | (cy + 1) | (cz + 1)) & ~3) return far_offset(i, dx, dy, dz);
            s = home.link[node_id::link(cx, cy, cz)];
            lx &= 15, ly &= 15, lz &= 15;
        }
        return node_id::make(s, lx, ly, lz);
    }
    /// Appends the closed doors, gates or trapdoors a body `width` voxels wide
    /// and `height16` sixteenths tall standing at node i opens (where its
    /// shape fact needs_open): every voxel of its footprint columns, from
    /// its feet surface up its height, holding one of a class the agent
    /// opens (a two-block door: both halves). For the agent shape these
    /// facts were derived for.
    void doors_to_open(Index i, int width, int height16, std::vector<Voxel>& out) const;
    /// Voxel of a node id.
    [[nodiscard]] Voxel voxel_of(Index i) const {
        return slots_[node_id::slot(i)].chunk * 16 + Voxel(node_id::lx(i), node_id::ly(i), node_id::lz(i));
    }
    /// Node id of a voxel, or no_index when its chunk has no facts. O(1) expected.
    [[nodiscard]] Index index_of(const Voxel& v) const;
    /// Slot of a chunk coordinate, or 0 when it has no facts.
    [[nodiscard]] std::uint32_t slot_of(const Voxel& chunk) const;

    // --- block types ----------------------------------------------------------
    /// What each block type is to this agent shape (facts/block_traits.hpp):
    /// the table these facts were derived from, which the dig and place
    /// rules read too. Never null in a version a NavField published.
    [[nodiscard]] const std::shared_ptr<const BlockTraitsTable>& block_traits() const { return block_traits_; }
    /// The floor class of a block name for this shape (FloorClasses::of):
    /// 0 when its floor costs 1.
    [[nodiscard]] unsigned floor_class_of(std::string_view name) const;

    // --- block ids (kept when NavField::keep_blocks was called) --------------
    /// Whether this version carries the world's block ids.
    [[nodiscard]] bool has_blocks() const { return block_types_ != nullptr; }
    /// The block types as they were when the ids were copied (null without blocks).
    [[nodiscard]] const BlockRegistry* block_types() const { return block_types_.get(); }
    /// The 4096 block ids of slot s's chunk, or null when it is all air (or
    /// no blocks are kept). Reads never lock and never allocate.
    [[nodiscard]] const BlockId* chunk_blocks(std::uint32_t s) const {
        return s < block_owners_.size() && block_owners_[s] ? block_owners_[s]->ids.data() : nullptr;
    }

    // --- what this version describes ----------------------------------------
    /// The world revision these facts were derived from.
    [[nodiscard]] std::uint64_t revision() const { return revision_; }
    /// Appends to `out` the chunks whose facts changed in the versions after
    /// `revision` up to this one (a chunk may repeat). False when this
    /// version no longer knows (more than FactChanges::kKept chunk changes
    /// ago, or everything was derived again since): treat all as changed.
    /// O(chunks listed).
    bool changed_chunks_since(std::uint64_t revision, std::vector<Voxel>& out) const;
    /// The world's game-space transform when this version was published.
    [[nodiscard]] const WorldTransform& transform() const { return transform_; }
    /// Changes whenever a chunk gets or leaves a slot: two versions with the
    /// same layout number (of one NavField) give every chunk the same slot,
    /// so per-slot data derived from one serves the other.
    [[nodiscard]] std::uint64_t layout() const { return layout_; }
    /// Slots in use or free: node ids are below slot_capacity() << 12.
    [[nodiscard]] std::uint32_t slot_capacity() const { return std::uint32_t(slots_.size()); }
    [[nodiscard]] std::size_t chunk_count() const { return chunks_; }
    /// Chunks whose voxels differ (each holds 4096 bytes of its own).
    [[nodiscard]] std::size_t mixed_chunk_count() const { return mixed_chunks_; }
    /// Chunks near shaped blocks (each holds 16384 bytes of shape facts).
    [[nodiscard]] std::size_t shaped_chunk_count() const { return shaped_chunks_; }
    /// Box of every node: the world's bounds, or the navigable chunks' box.
    [[nodiscard]] VoxelBox domain() const;
    /// The world's bounds when these facts were derived (only positions inside are nodes), if it had any.
    [[nodiscard]] const std::optional<VoxelBox>& bounds() const { return bounds_; }
    /// Multiplier for walking onto the floor of a position with this fact.
    [[nodiscard]] double floor_multiplier(Fact f) const { return multipliers_[f.floor_class()]; }
    [[nodiscard]] const std::array<double, 16>& multipliers() const { return multipliers_; }
    /// Bytes of facts, slot records and chunk table this version holds
    /// (shared blocks counted once per snapshot), plain-floor bits included.
    [[nodiscard]] std::size_t memory_bytes() const;
    /// Of memory_bytes(), the bytes that only serve search acceleration: the
    /// plain-floor bits and run tables (ChunkPlain, per chunk with plain
    /// floor or swim runs), the swim run tables (SwimTables, per chunk where
    /// a swim run goes on) and their owners and pointers.
    [[nodiscard]] std::size_t acceleration_bytes() const;
    /// Chunks that keep plain-floor bits (a ChunkPlain): those with at least
    /// one plain-floor voxel, and those where a swim run goes on.
    [[nodiscard]] std::size_t plain_chunk_count() const { return plain_chunks_; }
    /// Dry standable nodes, and how many of them are plain floor: where their
    /// share is high, jump points pay (Acceleration::Auto reads it).
    [[nodiscard]] std::uint64_t floor_voxel_count() const { return floor_voxels_; }
    [[nodiscard]] std::uint64_t plain_voxel_count() const { return plain_voxels_; }

private:
    friend struct NavField::Impl;
    struct TableEntry {
        Voxel chunk;
        std::uint32_t slot;  // 0 = empty, kTombstone = erased
    };
    static constexpr std::uint32_t kTombstone = 0xFFFFFFFFu;

    [[nodiscard]] Index far_offset(Index i, int dx, int dy, int dz) const;
    void table_insert(const Voxel& chunk, std::uint32_t slot);
    void table_erase(const Voxel& chunk);
    void table_rehash(std::size_t capacity);
    [[nodiscard]] NavSnapshot published() const;
    void share();

    PagedArray<ChunkSlot> slots_;
    PagedArray<std::shared_ptr<const ChunkFacts>> owners_;  // keeps each slot's facts alive
    PagedArray<std::shared_ptr<const ChunkPlain>> plain_owners_;  // each slot's plain bits, or null (all zero)
    PagedArray<std::shared_ptr<const ChunkShapes>> shape_owners_;  // each slot's shape facts, or null
    PagedArray<std::shared_ptr<const ChunkBlocks>> block_owners_;  // each slot's block ids, or null (air, or none kept)
    std::shared_ptr<const BlockRegistry> block_types_;             // null unless blocks are kept
    std::shared_ptr<const BlockTraitsTable> block_traits_;         // of the registry version these facts read
    std::size_t block_chunks_ = 0;                                 // slots holding their own (not shared) block ids
    PagedArray<TableEntry> table_;                          // chunk -> slot, open addressing
    std::size_t table_used_ = 0;                            // live + tombstones
    std::size_t chunks_ = 0, mixed_chunks_ = 0, plain_chunks_ = 0, shaped_chunks_ = 0, swim_chunks_ = 0;
    std::uint64_t floor_voxels_ = 0, plain_voxels_ = 0;
    std::uint64_t revision_ = 0;
    std::uint64_t layout_ = 0;
    WorldTransform transform_;
    std::array<double, 16> multipliers_{};
    std::optional<VoxelBox> bounds_;
    std::shared_ptr<const FactChanges> changes_;  // never null once published
    VoxelBox chunk_box_;  // chunk coordinates covered by navigable chunks (grows only)
};

}  // namespace voxnav
