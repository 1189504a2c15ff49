/// @file nav_field.hpp
/// @brief NavField: the per-voxel facts the movement rules read (clear,
/// supported, in water, floor multiplier), derived once for one agent shape
/// and kept up to date from the world's change journal.
///
///   voxnav::NavField field(world, profile);   // derive (O(voxels of the domain))
///   world.set_block({3, 1, 4}, stone);
///   field.sync(world);                         // re-derive only the changed chunks
///
/// Layout: one byte per voxel over the node domain grown by one voxel on
/// every side, x fastest, then z, then y. The domain is the world's bounds, or
/// for an unbounded world its populated box grown by the agent's size plus one.
/// A voxel's array index is the node id the search uses. Memory: 1 byte per
/// voxel of the grown domain. [Limit: < 2^32 voxels]
#pragma once

#include "voxnav/agent/profile.hpp"
#include "voxnav/world/world.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace voxnav {

/// Exact division of 32-bit numbers by a fixed divisor with one multiply
/// (Lemire, Kaser, Kurz 2019), so decoding a node id costs no hardware divide.
class FastDivider {
public:
    FastDivider() = default;
    explicit FastDivider(std::uint32_t d) : d_(d), m_(~std::uint64_t(0) / d + 1) {}
    [[nodiscard]] std::uint32_t div(std::uint32_t n) const {
        return static_cast<std::uint32_t>((static_cast<unsigned __int128>(m_) * n) >> 64);
    }
    [[nodiscard]] std::uint32_t divisor() const { return d_; }

private:
    std::uint32_t d_ = 1;
    std::uint64_t m_ = 0;
};

class NavField {
public:
    using Index = std::uint32_t;
    static constexpr Index no_index = 0xFFFFFFFFu;

    /// Bits of a voxel's byte. Bits 4..7 hold the floor multiplier's index.
    enum Bits : std::uint8_t {
        Clear = 1,      ///< no solid or hazard voxel in the body placed here
        Supported = 2,  ///< solid under the footprint, or in water
        Water = 4,      ///< water in the footprint at feet level
        Node = 8,       ///< inside the node domain (may be a waypoint)
    };
    static constexpr std::uint8_t StandableNode = Clear | Supported | Node;

    /// Throws std::length_error when the domain exceeds 2^32 voxels.
    NavField(const World& world, const AgentProfile& profile);

    /// Re-derives what changed in `world` since the last build or sync. Not
    /// thread-safe against routing over this field.
    void sync(const World& world);
    [[nodiscard]] std::uint64_t revision() const { return revision_; }
    /// Changes whenever the stored box (and so every index) changes.
    [[nodiscard]] std::uint64_t layout() const { return layout_; }

    [[nodiscard]] std::uint8_t operator[](Index i) const { return bits_[i]; }
    [[nodiscard]] const std::uint8_t* data() const { return bits_.data(); }
    /// Multiplier for walking onto the floor of a voxel with these bits.
    [[nodiscard]] double floor_multiplier(std::uint8_t bits) const { return multipliers_[bits >> 4]; }
    [[nodiscard]] const std::array<double, 16>& multipliers() const { return multipliers_; }

    /// Node domain (route positions) and the stored box (domain + 1 ring).
    [[nodiscard]] const VoxelBox& domain() const { return domain_; }
    [[nodiscard]] const VoxelBox& array_box() const { return array_; }
    [[nodiscard]] Voxel dims() const { return array_.size(); }
    [[nodiscard]] std::int64_t stride_z() const { return stride_z_; }
    [[nodiscard]] std::int64_t stride_y() const { return stride_y_; }

    /// Array index of a voxel, or no_index outside the stored box.
    [[nodiscard]] Index index_of(const Voxel& v) const;
    /// Array coordinates (0-based within the stored box) of an index.
    [[nodiscard]] Voxel local_of(Index i) const {
        const std::uint32_t layer = div_y_.div(i);
        const std::uint32_t rest = i - layer * div_y_.divisor();
        const std::uint32_t z = div_z_.div(rest);
        return {static_cast<int>(rest - z * div_z_.divisor()), static_cast<int>(layer), static_cast<int>(z)};
    }
    [[nodiscard]] Voxel voxel_of(Index i) const { return local_of(i) + array_.lo; }

    [[nodiscard]] std::size_t memory_bytes() const { return bits_.capacity(); }

private:
    void rebuild(const World& world);
    void derive(const World& world, const VoxelBox& box);
    [[nodiscard]] VoxelBox wanted_domain(const World& world) const;

    int width_, height_;
    std::vector<std::uint8_t> block_code_;  // per block id: blocks body / solid / water / floor index
    std::array<double, 16> multipliers_{};
    VoxelBox domain_, array_;
    std::int64_t stride_z_ = 0, stride_y_ = 0;
    FastDivider div_y_, div_z_;
    std::vector<std::uint8_t> bits_;
    std::uint64_t revision_ = 0;
    std::uint64_t layout_ = 0;
};

}  // namespace voxnav
