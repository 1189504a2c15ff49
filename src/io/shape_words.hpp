// SPDX-License-Identifier: MIT
// The words that give a block its shape, shared by the Minecraft block
// table (worlds/minecraft_blocks.txt) and the text format's `legend` lines:
//
//   top=N  bottom=N     collision interval in sixteenths (0..24)
//   stairs=+x|-x|+z|-z  a stair walked up towards that direction
//   climb               climbable (ladders, vines)
//   open=hand|powered   a door, gate or trapdoor of that class
//   opened              ... and it is open now
//   damage=body|floor   hurts inside the body (and, floor, when stood on)
//   slow=H[,V]          a body inside walks at H of its speed, sinks at V x its walking speed
//   floor_speed=F       a body standing on it walks at F of its speed
//   jump=F              ... and jumps F of its jump height
//
// and the words of its material (BlockMaterial: digging and placing):
//
//   hardness=N          seconds to break by hand (N >= 0)
//   unbreakable         never dug
//   falls               falls when the block below is dug (sand, gravel)
//   replaceable         a placed block may take its voxel; fixed: may not
#pragma once

#include "voxnav/world/block.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace voxnav::detail {

/// Applies one word to `shape`. Returns false when `word` is not a shape
/// word at all; throws std::invalid_argument naming the word when its value
/// is bad.
bool apply_shape_word(std::string_view word, BlockShape& shape);

/// Material words given on one line; unset ones keep the block's default.
struct MaterialWords {
    std::optional<double> hardness;
    std::optional<bool> falls, replaceable;
    [[nodiscard]] bool any() const { return hardness || falls || replaceable; }
    /// `base` with the words given applied.
    [[nodiscard]] BlockMaterial over(BlockMaterial base) const;
};
/// Applies one material word (hardness=N, unbreakable, falls, replaceable,
/// fixed). False when `word` is none of them; std::invalid_argument naming
/// the word for a bad hardness.
bool apply_material_word(std::string_view word, MaterialWords& m);

/// The same, after a block's kind: also `hazard` (a liquid only; otherwise
/// std::invalid_argument). What table lines and legend lines share.
bool apply_block_word(std::string_view word, BlockKind kind, bool& hazard, BlockShape& shape);

/// The stair face bit (BlockShape::stair_faces) of a stair walked up
/// towards `direction` ("+x", "-x", "+z", "-z"): its low face, opposite.
/// 0 when the direction is not one of those.
unsigned stair_face_walked_towards(std::string_view direction);

}  // namespace voxnav::detail
