// SPDX-License-Identifier: MIT
/// @file node_id.hpp
/// @brief Node ids: how a position is named in the derived facts and in the
/// search. An id is a chunk *slot* (the high 20 bits) and the position's
/// *local index* inside its 16^3 chunk (the low 12 bits: x + 16 z + 256 y),
/// so ids never depend on where a chunk lies. Every encoding and decoding of
/// ids, in-chunk offsets and the 27-neighbour chunk links is here.
///
///   voxnav::NodeId i = voxnav::node_id::make(slot, 3, 64 & 15, 7);
///   int y = voxnav::node_id::ly(i);
///
/// Thread-safety: pure functions. Errors: none (callers keep coordinates in range).
#pragma once

#include "voxnav/api.hpp"

#include <cstdint>

namespace voxnav {
VOXNAV_API_BEGIN

using NodeId = std::uint32_t;

namespace node_id {

/// Bits of the local index; a chunk holds 1 << local_bits positions.
inline constexpr unsigned local_bits = 12;
inline constexpr std::uint32_t local_mask = (1u << local_bits) - 1;
/// No position (NavSnapshot::no_index).
inline constexpr NodeId none = 0xFFFFFFFFu;

[[nodiscard]] constexpr std::uint32_t slot(NodeId i) { return i >> local_bits; }
[[nodiscard]] constexpr std::uint32_t local(NodeId i) { return i & local_mask; }
/// Local coordinates (0..15) of a node id or local index.
[[nodiscard]] constexpr int lx(NodeId i) { return int(i & 15u); }
[[nodiscard]] constexpr int lz(NodeId i) { return int((i >> 4) & 15u); }
[[nodiscard]] constexpr int ly(NodeId i) { return int((i >> 8) & 15u); }
/// The local index of local coordinates (each 0..15).
[[nodiscard]] constexpr std::uint32_t local_of(int x, int y, int z) { return std::uint32_t(x | (z << 4) | (y << 8)); }
[[nodiscard]] constexpr NodeId make(std::uint32_t slot, std::uint32_t local) { return (slot << local_bits) | local; }
[[nodiscard]] constexpr NodeId make(std::uint32_t slot, int x, int y, int z) { return make(slot, local_of(x, y, z)); }
/// What adding (dx, dy, dz) does to a local index when the result stays in
/// the chunk (callers check that first).
[[nodiscard]] constexpr int in_chunk_offset(int dx, int dy, int dz) { return dx + 16 * dz + 256 * dy; }
/// Whether local coordinates (x, y, z) lie inside a chunk.
[[nodiscard]] constexpr bool in_chunk(int x, int y, int z) { return ((x | y | z) & ~15) == 0; }
/// The ChunkSlot::link index of the neighbour chunk (dx, dy, dz), each in [-1, 1].
[[nodiscard]] constexpr int link(int dx, int dy, int dz) { return (dx + 1) + 3 * (dz + 1) + 9 * (dy + 1); }
/// Number of links per chunk (the 26 neighbours and the chunk itself).
inline constexpr int link_count = 27;
/// The link of the opposite direction.
[[nodiscard]] constexpr int opposite_link(int l) { return link_count - 1 - l; }

}  // namespace node_id
VOXNAV_API_END
}  // namespace voxnav
