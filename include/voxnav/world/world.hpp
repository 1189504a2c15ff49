/// @file world.hpp
/// @brief World: the sparse block store (an OpenVDB tree of BlockIds) with its
/// registry, optional bounds, named positions and world-space transform.
///
///   voxnav::World world;
///   world.set_block({0, 0, 0}, *world.blocks().find("stone"));
///   std::vector<voxnav::BlockId> chunk(4096, 0);   // index x + 16 * (z + 16 * y)
///   world.set_chunk({2, 0, -1}, chunk.data());     // chunk coordinates, 16^3 voxels each
///
/// Any int32 coordinate is valid; a voxel never set is air. Reads through
/// `block()` are safe from many threads at once while nobody writes; writes
/// are not thread-safe. Every write is recorded in a change journal that
/// navigators read to keep their derived per-voxel facts up to date.
#pragma once

#include "voxnav/world/block.hpp"
#include "voxnav/world/box.hpp"

#include <glm/vec3.hpp>
#include <openvdb/openvdb.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace voxnav {

/// Maps a game's float positions to voxels and back.
struct WorldTransform {
    /// Edge length of one voxel in game units. [Limit: > 0]
    double voxel_size = 1.0;
    /// Game-space position of voxel (0, 0, 0)'s minimum corner.
    glm::dvec3 origin{0.0, 0.0, 0.0};

    /// The voxel containing a game-space point.
    [[nodiscard]] Voxel to_voxel(const glm::dvec3& p) const;
    /// Game-space centre of the voxel's floor face: where feet in that voxel stand.
    [[nodiscard]] glm::dvec3 to_world(const Voxel& v) const;
};

class World {
public:
    using Tree = openvdb::tree::Tree4<BlockId, 5, 4, 3>::Type;
    using Grid = openvdb::Grid<Tree>;
    /// Edge length of a chunk, the unit of set_chunk and of the change journal.
    static constexpr int chunk_size = 16;
    static constexpr int chunk_volume = chunk_size * chunk_size * chunk_size;

    World();
    World(const World& other);
    World& operator=(const World& other);
    World(World&&) noexcept = default;
    World& operator=(World&&) noexcept = default;

    [[nodiscard]] BlockRegistry& blocks() { return blocks_; }
    [[nodiscard]] const BlockRegistry& blocks() const { return blocks_; }

    [[nodiscard]] BlockId block(const Voxel& v) const;
    [[nodiscard]] const BlockType& block_type(const Voxel& v) const { return blocks_[block(v)]; }
    /// Throws std::invalid_argument when `id` is not in the registry.
    void set_block(const Voxel& v, BlockId id);

    /// Loads or replaces chunk `chunk` (voxels chunk*16 .. chunk*16+15) from
    /// 4096 ids ordered x fastest, then z, then y. Throws on an unknown id.
    void set_chunk(const Voxel& chunk, const BlockId* ids);
    /// Sets every voxel of the chunk to air and frees its memory.
    void unload_chunk(const Voxel& chunk);

    /// Where a world has bounds, only positions inside are route nodes.
    [[nodiscard]] const std::optional<VoxelBox>& bounds() const { return bounds_; }
    void set_bounds(std::optional<VoxelBox> b);

    [[nodiscard]] const std::map<std::string, Voxel>& points() const { return points_; }
    /// Throws std::invalid_argument when the name exists.
    void add_point(const std::string& name, const Voxel& v);
    [[nodiscard]] std::optional<Voxel> point(const std::string& name) const;

    [[nodiscard]] WorldTransform& transform() { return transform_; }
    [[nodiscard]] const WorldTransform& transform() const { return transform_; }

    /// Box of all non-air voxels (empty for an empty world).
    [[nodiscard]] VoxelBox populated_box() const;
    [[nodiscard]] std::uint64_t non_air_voxels() const { return grid_->activeVoxelCount(); }
    /// Bytes held by the block tree.
    [[nodiscard]] std::size_t memory_bytes() const { return grid_->memUsage(); }
    /// Merges constant regions into tiles to save memory; contents unchanged.
    void compact();

    /// Increases with every write.
    [[nodiscard]] std::uint64_t revision() const { return journal_base_ + journal_.size(); }
    /// Appends the chunk boxes written since `rev`. False when the journal no
    /// longer reaches back that far (then assume everything changed).
    bool changes_since(std::uint64_t rev, std::vector<VoxelBox>& out) const;

    [[nodiscard]] const Grid& grid() const { return *grid_; }
    /// Direct tree access for bulk loaders; call note_change() for what they write.
    [[nodiscard]] Grid& mutable_grid() { return *grid_; }
    void note_change(const VoxelBox& box);

private:
    void note_chunk(const Voxel& chunk);

    BlockRegistry blocks_;
    Grid::Ptr grid_;
    std::optional<VoxelBox> bounds_;
    std::map<std::string, Voxel> points_;
    WorldTransform transform_;
    std::vector<Voxel> journal_;  // chunk coordinates, one entry per write run
    std::uint64_t journal_base_ = 0;
};

/// Chunk coordinate of a voxel (floor division by 16).
[[nodiscard]] inline Voxel chunk_of(const Voxel& v) { return {v.x >> 4, v.y >> 4, v.z >> 4}; }
[[nodiscard]] inline VoxelBox chunk_box(const Voxel& c) {
    return {c * World::chunk_size, c * World::chunk_size + Voxel(World::chunk_size)};
}

}  // namespace voxnav
