// SPDX-License-Identifier: MIT
/// @file block_traits.hpp
/// @brief BlockTraitsTable: what each block type of a registry is to one
/// agent shape, derived once per registry version (NavField, where it also
/// derives the facts' compact per-type codes from it) and published with
/// every NavSnapshot, so that the facts and the rules' block forms
/// (agent/moves/block_look.hpp) read one table. Internal; games use world/block.hpp.
///
///   const voxnav::BlockTraitsTable& t = *snapshot->block_traits();
///   if (t[id].supports) ... t[id].floor_class ...
///
/// Floor classes are integers from the block's *name*, through the shape's
/// FloorClasses (name -> class, built with the shape's multipliers); no
/// class is ever recovered by comparing multipliers.
///
/// One rule for support, the facts': a block supports (its top is a floor)
/// when it collides and does not hurt the feet, whatever its height. The
/// facts know real heights, so a fence top (24/16) is where a body stands,
/// half a voxel above the fence's voxel, as in the game; a digging agent's
/// route walks on it by the rules' plain forms, as everyone's. The block
/// forms, in whole voxels, add a geometric condition (BlockLook: a top must
/// lie within its voxel), because feet half a voxel into the voxels they
/// check for the body are a stand they cannot describe; that is geometry,
/// stated there, not a second notion of support. (So a block-form move from
/// a position reached by digging does not step onto a fence top; a move
/// from a waypoint does, by the plain forms.)
///
/// Memory: one BlockTraits (32 bytes) per block type, per shape.
/// Thread-safety: immutable once made; shared by pointer, read by any
/// thread. Errors: none (the registry and shape are valid by construction).
#pragma once

#include "voxnav/facts/nav_field.hpp"
#include "voxnav/world/block.hpp"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace voxnav {

/// The floor classes of one agent shape: class 0 costs 1, classes 1..n the
/// distinct multipliers above 1 in ascending order (a larger class is a
/// dearer floor: a wide footprint over two floors pays the larger class).
/// A class is a pair: the shape's floor_cost multiplier of a name, times the
/// block's own slowness (1 / BlockShape::floor_speed of a floor, 1 /
/// inside_speed of a block that slows a body inside it: the shipped soul
/// sand and honey 1.72, cobweb 8.81). [Limit: 16 classes: past 15 distinct multipliers above
/// 1 the dearest share class 15, priced as the cheapest of them]
class FloorClasses {
public:
    /// Only class 0.
    FloorClasses();
    /// From AgentShape::floor_cost (names with a multiplier above 1) and, when
    /// given, the slowing blocks of `registry`.
    explicit FloorClasses(const std::vector<std::pair<std::string, double>>& floor_cost, const BlockRegistry* registry = nullptr);

    /// The class of a block name: 0 when neither the shape nor the block
    /// gives it a multiplier above 1.
    [[nodiscard]] unsigned of(std::string_view name) const;
    /// Multiplier per class. [Limit: each >= 1]
    [[nodiscard]] const std::array<double, 16>& multipliers() const { return multipliers_; }
    /// The block's own part of a class's multiplier (1 for the shape's
    /// floor_cost alone): what a query's floor_cost override multiplies.
    [[nodiscard]] double block_part(unsigned cls) const { return block_part_[cls]; }

    bool operator==(const FloorClasses& o) const {
        return multipliers_ == o.multipliers_ && block_part_ == o.block_part_ && by_name_ == o.by_name_;
    }

private:
    std::array<double, 16> multipliers_;
    std::array<double, 16> block_part_;
    std::map<std::string, std::uint8_t, std::less<>> by_name_;
};

/// What one block type is to one agent shape (one per block id).
struct BlockTraits {
    // --- what the block is, for every shape ---------------------------------
    bool collides = false;     ///< BlockType::collides(): a solid that is not an open door
    bool blocks_body = false;  ///< BlockType::blocks_body(): a collision, a hazard liquid or a damaging block
    bool liquid = false;       ///< water or a hazard liquid (lava)
    bool water = false;        ///< a liquid that is no hazard: swum in
    bool shaped = false;       ///< BlockType::is_shaped(): chunks near it take the shaped derivation
    bool door = false;         ///< a door, gate or trapdoor, open or closed
    bool hurts_feet = false;   ///< a damaging floor (Damage::Floor): never stood on
    /// Obstruction [lo, hi] in 1/16 of its voxel: the collision of a block
    /// that collides, the whole voxel for one that blocks the body without
    /// (hazard liquids, damaging blocks), else none (hi == 0). [Limit: hi <= 24]
    std::uint8_t lo = 0, hi = 0;
    std::uint8_t stairs = 0;  ///< BlockShape::stair_faces

    // --- what it is to this shape --------------------------------------------
    bool supports = false;     ///< its top is a floor: it collides and does not hurt the feet (any height)
    bool agent_opens = false;  ///< a closed door of a class this shape opens: in the body only once opened
    bool climbable = false;    ///< a ladder, for a shape that climbs
    std::uint8_t floor_class = 0;  ///< FloorClasses::of(name) when it supports, else 0
    /// FloorClasses::of(name) of a passable block that slows a body inside
    /// it (cobweb), else 0: a position with it in the body takes this class
    /// when it is dearer than its floor's.
    std::uint8_t inside_class = 0;
    bool stuck = false;     ///< a passable block slowing a body inside it (BlockShape::inside_speed or inside_vspeed < 1: a cobweb)
    bool low_jump = false;  ///< a floor whose jump factor is below 1 (honey block)
    double jump_factor = 1.0;  ///< BlockShape::jump_factor of a floor, else 1

    // --- what digging and placing read -----------------------------------------
    double hardness = 0.0;     ///< BlockMaterial::hardness [Units: seconds by hand] [+inf: unbreakable]
    bool falls = false;        ///< falls when the block below is dug (sand, gravel)
    bool replaceable = false;  ///< a placed block may take its voxel (the material says so, and it does not collide)

    /// Whether an agent that digs may break it at all (before its never_dig).
    [[nodiscard]] bool breakable() const { return collides && hardness < 1e300; }
};

/// The traits of every block type of one registry version for one shape.
class BlockTraitsTable {
public:
    BlockTraitsTable(const BlockRegistry& registry, const AgentShape& shape, std::shared_ptr<const FloorClasses> floors);

    /// Traits of block id `id`. [Limit: id < size()]
    [[nodiscard]] const BlockTraits& operator[](BlockId id) const { return traits_[id]; }
    [[nodiscard]] std::size_t size() const { return traits_.size(); }
    /// BlockRegistry::version() of the registry it was derived from.
    [[nodiscard]] std::uint64_t registry_version() const { return registry_version_; }
    /// The shape's floor classes the table's floor_class values index.
    [[nodiscard]] const FloorClasses& floors() const { return *floors_; }
    /// The least jump factor of the floors that lower a jump (1 if none):
    /// what a jump from a ShapeFact::low_jump position may rise to, times
    /// the agent's jump height (exact while one factor is in use, as
    /// Minecraft's honey block; lower, never higher, otherwise).
    [[nodiscard]] double least_jump_factor() const { return least_jump_factor_; }
    /// Whether any type slows a body inside it (BlockTraits::stuck: a
    /// cobweb): the rules check for it only then.
    [[nodiscard]] bool any_stuck() const { return any_stuck_; }
    /// The least BlockShape::inside_vspeed of the blocks that hold a body (1
    /// if none): how fast a body sinks in one, times its walking speed
    /// (exact while one such block is in use, as Minecraft's cobweb; slower,
    /// never faster, otherwise).
    [[nodiscard]] double least_inside_vspeed() const { return least_inside_vspeed_; }

private:
    double least_jump_factor_ = 1.0;
    double least_inside_vspeed_ = 1.0;
    bool any_stuck_ = false;
    std::vector<BlockTraits> traits_;
    std::uint64_t registry_version_ = 0;
    std::shared_ptr<const FloorClasses> floors_;
};

}  // namespace voxnav
