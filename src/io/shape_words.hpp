// The words that give a block its shape, shared by the Minecraft block
// table (worlds/minecraft_blocks.txt) and the text format's `legend` lines:
//
//   top=N  bottom=N     collision interval in sixteenths (0..24)
//   stairs=+x|-x|+z|-z  a stair walked up towards that direction
//   climb               climbable (ladders, vines)
//   open=hand|powered   a door, gate or trapdoor of that class
//   opened              ... and it is open now
//   damage=body|floor   hurts inside the body (and, floor, when stood on)
#pragma once

#include "voxnav/world/block.hpp"

#include <string>
#include <string_view>

namespace voxnav::detail {

/// Applies one word to `shape`. Returns false when `word` is not a shape
/// word at all; throws std::invalid_argument naming the word when its value
/// is bad.
bool apply_shape_word(std::string_view word, BlockShape& shape);

/// The same, after a block's kind: also `hazard` (a liquid only; otherwise
/// std::invalid_argument). What table lines and legend lines share.
bool apply_block_word(std::string_view word, BlockKind kind, bool& hazard, BlockShape& shape);

/// The stair face bit (BlockShape::stair_faces) of a stair walked up
/// towards `direction` ("+x", "-x", "+z", "-z"): its low face, opposite.
/// 0 when the direction is not one of those.
unsigned stair_face_walked_towards(std::string_view direction);

}  // namespace voxnav::detail
