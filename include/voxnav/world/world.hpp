// SPDX-License-Identifier: MIT
/// @file world.hpp
/// @brief World: the sparse block store (an OpenVDB tree of BlockIds, kept
/// out of this header) with its
/// registry, optional bounds, named positions and world-space transform.
///
///   voxnav::World world;
///   world.set_block({0, 0, 0}, *world.blocks().find("stone"));
///   std::vector<voxnav::BlockId> chunk(4096, 0);   // index x + 16 * (z + 16 * y)
///   world.set_chunk({2, 0, -1}, chunk.data());     // chunk coordinates, 16^3 voxels each
///
/// Any int32 coordinate is valid; a voxel never set is air. Reads through
/// `block()` are safe from many threads at once while nobody writes; writes
/// are not thread-safe: one thread (the game thread) writes, and routing
/// threads read the navigation snapshots published from it (facts/nav_field.hpp),
/// never the World itself. Every write is recorded in a change journal that
/// the derived facts read to re-derive only what changed.
///
/// Loaded chunks: the World knows which 16^3 chunks the game has given it
/// (set_chunk, set_block, a file's contents or bounds) until unload_chunk.
/// Route nodes exist in loaded chunks and in the one-chunk ring around them
/// (so a floor on a chunk's top face can be stood on even when the chunk above
/// was never written); unloaded chunks read as air.
///
/// Streaming: a chunk the game unloaded (unload_chunk) stays unloaded until
/// set_chunk (or set_bounds, or a bulk load) gives it again. set_block there
/// writes nothing and returns false: an edit that races the unload (a block
/// event for a chunk that just left) must not bring the chunk back as air
/// with one block in it, where NPCs would then walk on nothing; the chunk's
/// next set_chunk brings its true contents. A chunk never loaded nor
/// unloaded is loaded by set_block (a world built voxel by voxel). The
/// World remembers each unloaded chunk (about 40 bytes) until it is loaded
/// again.
#pragma once

#include "voxnav/api.hpp"

#include "voxnav/world/block.hpp"
#include "voxnav/world/box.hpp"
#include "voxnav/world/transform.hpp"

#include <glm/vec3.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <unordered_set>
#include <string>
#include <vector>

namespace voxnav {
// Internal types the API holds by pointer (src/; not exported).
namespace detail {
struct BlockStore;  // the OpenVDB grid (src/world/block_store.hpp)
}

VOXNAV_API_BEGIN

/// Hash of a chunk (or voxel) coordinate for unordered containers.
struct ChunkHash {
    std::size_t operator()(const Voxel& c) const noexcept {
        std::uint64_t h = std::uint64_t(std::uint32_t(c.x)) * 0x9E3779B97F4A7C15ull;
        h ^= std::uint64_t(std::uint32_t(c.y)) * 0xC2B2AE3D27D4EB4Full;
        h ^= std::uint64_t(std::uint32_t(c.z)) * 0x165667B19E3779F9ull;
        return static_cast<std::size_t>(h ^ (h >> 29));
    }
};
using ChunkSet = std::unordered_set<Voxel, ChunkHash>;

class World {
public:
    /// Edge length of a chunk, the unit of set_chunk and of the change journal.
    static constexpr int chunk_size = 16;
    static constexpr int chunk_volume = chunk_size * chunk_size * chunk_size;

    World();
    World(const World& other);
    World& operator=(const World& other);
    World(World&& other) noexcept;
    World& operator=(World&& other) noexcept;
    ~World();

    /// Unique per World object (a copy gets a new one): derived facts are
    /// shared per (world id, agent shape).
    [[nodiscard]] std::uint64_t id() const { return id_; }

    [[nodiscard]] BlockRegistry& blocks() { return blocks_; }
    [[nodiscard]] const BlockRegistry& blocks() const { return blocks_; }

    [[nodiscard]] BlockId block(const Voxel& v) const;
    [[nodiscard]] const BlockType& block_type(const Voxel& v) const { return blocks_[block(v)]; }
    /// Writes one block and returns true; loads its chunk when it was never
    /// loaded. Returns false and writes nothing when the chunk was unloaded
    /// (unload_chunk) and not given again (see "Streaming" above). Throws
    /// std::invalid_argument when `id` is not in the registry.
    bool set_block(const Voxel& v, BlockId id);
    /// True for a chunk unload_chunk took away and nothing loaded since
    /// (set_block refuses it).
    [[nodiscard]] bool was_unloaded(const Voxel& chunk) const { return unloaded_.count(chunk) != 0; }

    /// Loads or replaces chunk `chunk` (voxels chunk*16 .. chunk*16+15) from
    /// 4096 ids ordered x fastest, then z, then y. Throws std::invalid_argument
    /// on an unknown id (nothing is written then). Cost: O(4096), independent
    /// of the world's size.
    void set_chunk(const Voxel& chunk, const BlockId* ids);
    /// Reads chunk `chunk` into 4096 ids in set_chunk's order (air where
    /// nothing was written). Cost: O(4096), reading whole 8^3 leaves.
    void get_chunk(const Voxel& chunk, BlockId* out) const;
    /// Sets every voxel of the chunk to air, frees its memory and marks it
    /// not loaded (set_block refuses it until set_chunk loads it again).
    /// Cost: O(4096) at most.
    void unload_chunk(const Voxel& chunk);

    /// True for a chunk the game has loaded (see the file comment).
    [[nodiscard]] bool is_loaded(const Voxel& chunk) const { return loaded_.count(chunk) != 0; }
    [[nodiscard]] const ChunkSet& loaded_chunks() const { return loaded_; }
    /// Chunk coordinates whose voxels fit in int32: [-2^27, 2^27 - 1] per axis.
    static constexpr int min_chunk = -(1 << 27), max_chunk = (1 << 27) - 1;

    /// Where a world has bounds, only positions inside are route nodes.
    [[nodiscard]] const std::optional<VoxelBox>& bounds() const { return bounds_; }
    /// Sets or clears the bounds. Every chunk the box overlaps counts as
    /// loaded from then on (an imported map's extent is what the game has),
    /// so the cost is O(chunks in the box); derived facts are derived again
    /// whole. Throws std::invalid_argument for an empty box or one that
    /// overlaps more than max_bounds_chunks chunks.
    void set_bounds(std::optional<VoxelBox> b);
    /// Most chunks bounds may overlap: all of them count as loaded, and the
    /// navigation facts of one agent shape hold at most 2^20 - 2 chunks.
    static constexpr std::int64_t max_bounds_chunks = (std::int64_t(1) << 20) - 2;
    /// Chunks a box overlaps (0 for an empty box).
    [[nodiscard]] static std::int64_t chunks_overlapped(const VoxelBox& b);

    [[nodiscard]] const std::map<std::string, Voxel>& points() const { return points_; }
    /// Throws std::invalid_argument when the name exists.
    void add_point(const std::string& name, const Voxel& v);
    [[nodiscard]] std::optional<Voxel> point(const std::string& name) const;

    [[nodiscard]] WorldTransform& transform() { return transform_; }
    [[nodiscard]] const WorldTransform& transform() const { return transform_; }

    /// Box of all non-air voxels (empty for an empty world).
    [[nodiscard]] VoxelBox populated_box() const;
    [[nodiscard]] std::uint64_t non_air_voxels() const;
    /// Non-air voxels per block id (index = id; ids never placed count 0).
    [[nodiscard]] std::vector<std::uint64_t> block_counts() const;
    /// Bytes held by the block tree.
    [[nodiscard]] std::size_t memory_bytes() const;
    /// Merges constant regions into tiles to save memory; contents unchanged.
    void compact();

    /// Increases with every write.
    [[nodiscard]] std::uint64_t revision() const { return revision_; }
    /// Appends the chunks written since `rev` (each chunk once per run of
    /// writes to it; a chunk may repeat). False when the journal no longer
    /// reaches back that far (then assume everything changed). Cost:
    /// O(log journal + entries out).
    bool changed_chunks_since(std::uint64_t rev, std::vector<Voxel>& out) const;

    /// The block store, for the library's readers, fact derivation and
    /// pictures, which include src/world/block_store.hpp (OpenVDB); opaque
    /// here, so that this header needs no OpenVDB.
    [[nodiscard]] const detail::BlockStore& store() const { return *store_; }
    /// For bulk loaders; call note_change() for what they write.
    [[nodiscard]] detail::BlockStore& mutable_store() { return *store_; }
    /// Records a write to `box` and marks its chunks loaded. An empty box means
    /// "anything may have changed": every chunk holding a block (and every
    /// chunk the bounds overlap) is marked loaded and the journal restarts, so
    /// derived facts are derived again whole. Bulk loaders call it once.
    void note_change(const VoxelBox& box);

private:
    void note_chunk(const Voxel& chunk);
    // Loaded by the game (set_chunk, bounds, a bulk load): no longer unloaded.
    void mark_loaded(const Voxel& chunk);
    void load_box_chunks(const VoxelBox& box);
    void restart_journal();

    struct JournalEntry {
        std::uint64_t revision;  // the last write to `chunk` in this run
        Voxel chunk;
    };

    BlockRegistry blocks_;
    std::unique_ptr<detail::BlockStore> store_;
    std::optional<VoxelBox> bounds_;
    std::map<std::string, Voxel> points_;
    WorldTransform transform_;
    std::vector<JournalEntry> journal_;  // ascending revisions, one entry per run of writes to a chunk
    std::uint64_t revision_ = 0;
    std::uint64_t journal_start_ = 0;   // every change after this revision is in the journal
    ChunkSet loaded_;
    ChunkSet unloaded_;  // unload_chunk'ed and not loaded since: set_block refuses them
    std::uint64_t id_;
};

/// Chunk coordinate of a voxel (floor division by 16).
[[nodiscard]] inline Voxel chunk_of(const Voxel& v) { return {v.x >> 4, v.y >> 4, v.z >> 4}; }
/// Voxels of a chunk. For the top chunk (2^27 - 1) `hi` is clamped to
/// INT32_MAX, so the single voxel at INT32_MAX on an axis is never a node.
[[nodiscard]] inline VoxelBox chunk_box(const Voxel& c) {
    const glm::i64vec3 lo = glm::i64vec3(c) * std::int64_t(World::chunk_size);
    const glm::i64vec3 hi = glm::min(lo + std::int64_t(World::chunk_size), glm::i64vec3(INT32_MAX));
    return {Voxel(lo), Voxel(hi)};
}

VOXNAV_API_END
}  // namespace voxnav
