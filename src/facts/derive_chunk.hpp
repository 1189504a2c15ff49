// SPDX-License-Identifier: MIT
// Derivation of one chunk's facts from the block store (internal to facts/).
#pragma once

#include "facts/block_geo.hpp"
#include "facts/nav_snapshot.hpp"
#include "world/block_store.hpp"
#include "voxnav/world/world.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace voxnav::detail {

/// Per-block codes while deriving: what a block does to a body (blocks it),
/// to a foot on it (solid) and whether it is water, in bits 0..2, and the
/// floor class of a solid in bits 4..7. Only this header and its source
/// (and NavField, which codes the registry) know the layout.
constexpr std::uint8_t kBlocksBody = 1, kSolid = 2, kWater = 4, kKindBits = 7;
[[nodiscard]] constexpr std::uint8_t block_code(std::uint8_t kind_bits, unsigned floor_class) {
    return std::uint8_t(kind_bits | (floor_class << 4));
}
[[nodiscard]] constexpr unsigned floor_class_of_code(std::uint8_t code) { return unsigned(code) >> 4; }

/// A block code bit: the block is shaped (BlockType::is_shaped): chunks near
/// it take the shaped derivation.
constexpr std::uint8_t kShaped = 8;

/// The code of a block, from its traits (the floor class only counts for a solid).
[[nodiscard]] inline std::uint8_t block_code_of(const BlockTraits& t) {
    std::uint8_t kind = 0;
    if (t.blocks_body) kind |= kBlocksBody;
    if (t.supports) kind |= kSolid;
    if (t.water) kind |= kWater;
    if (t.shaped) kind |= kShaped;
    return block_code(kind, t.floor_class);
}

/// Reusable buffers of one deriving thread.
struct DeriveScratch {
    std::vector<std::uint8_t> codes, foot;
    std::vector<std::uint16_t> body_count;
    std::vector<BlockId> ids;
};

/// Writes the facts of chunk `chunk` for a `width` x `width` x `height` body
/// into `out` and returns true when all 4096 bytes are equal. Reads blocks in
/// [chunk - (0, 1, 0), chunk + 16 + (width - 1, height - 1, width - 1)).
/// Safe to call from several threads at once while nobody writes the tree.
bool derive_chunk(const detail::BlockTree& tree, const std::vector<std::uint8_t>& code_of, int width, int height,
                  const std::optional<VoxelBox>& bounds, const Voxel& chunk, DeriveScratch& scratch,
                  Fact::Raw* out);

/// Writes the facts and shape facts (facts/fact.hpp) of chunk `chunk` for the
/// agent shape `p`, from the blocks in [chunk - (0, 2, 0), chunk + 16 +
/// (width - 1, reach_up, width - 1)). Returns true when all 4096 facts are
/// equal. Thread-safety as derive_chunk.
bool derive_shapes(const detail::BlockTree& tree, const std::vector<BlockGeo>& geo, const ShapeParams& p,
                   const std::optional<VoxelBox>& bounds, const Voxel& chunk, DeriveScratch& scratch, Fact::Raw* out,
                   ShapeFact::Raw* shapes);

}  // namespace voxnav::detail
