// SPDX-License-Identifier: MIT
/// @file plain_floor.hpp
/// @brief Plain floor: waypoints where an agent whose rules all fit plain
/// floor (MovementModel::grid_on_plain_floor) has exactly the moves of an
/// 8-connected grid without corner cutting, at one uniform cost, which is
/// what jump point search (route/jump_points.hpp) needs.
///
/// A waypoint is plain for an agent that jumps up to `jump_up` voxels (0 when
/// it cannot jump) when it is a dry standable node and each of its 8
/// neighbours at its level is either not clear (a wall), outside the world's
/// bounds (no node: a wall too, see plain_floor.cpp), or a dry standable
/// node with the same floor class (the Level rule walks there at the one
/// cost), and no position where a jump lands (moves::JumpUp::lands_on) lies 1
/// to `jump_up` voxels above any of its 4 side neighbours. Its sides are then
/// walls or supported, so no fall or leap starts there, and it is dry, so no
/// vertical swim does: each rule's fits_plain_floor() says which of these it
/// relies on.
///
/// NavField keeps this predicate for `jump_up` = kPlainJump as one bit per
/// voxel (NavSnapshot::plain()), derived per chunk after the chunk's facts or
/// a neighbour's change. For an agent that does not jump the stored bit is
/// stricter than its own predicate (a one-voxel step beside makes a node not
/// plain), which is always safe: a node that is not plain is expanded with
/// every move. Agents that jump higher test the rest themselves.
///
/// Thread-safety: pure functions of an immutable snapshot; any thread.
#pragma once

#include "facts/nav_snapshot.hpp"

namespace voxnav {

/// The jump height NavSnapshot::plain() is derived for.
inline constexpr int kPlainJump = 1;

/// Whether node `i` is plain floor for an agent jumping up to `jump_up`
/// voxels (see above). Reads at most 8 + 4 * jump_up facts.
[[nodiscard]] bool is_plain_floor(const NavSnapshot& facts, NavSnapshot::Index i, int jump_up);

/// Whether node `i` is plain floor for an agent jumping up to `jump_up`
/// voxels: the stored bit, and for higher jumpers the rest of the predicate.
[[nodiscard]] inline bool plain_for_jump(const NavSnapshot& facts, NavSnapshot::Index i, int jump_up) {
    return facts.plain(i) && (jump_up <= kPlainJump || is_plain_floor(facts, i, jump_up));
}

namespace detail {
/// Voxels of one chunk: dry standable nodes, and those of them that are plain.
struct PlainCounts {
    std::uint32_t floor = 0, plain = 0;
};
/// Voxels of a chunk to re-derive: local coordinates lo..hi (inclusive),
/// x, y, z. The whole chunk, or the rim beside a changed neighbour.
struct LocalBox {
    int lo[3] = {0, 0, 0}, hi[3] = {15, 15, 15};
    [[nodiscard]] bool whole() const {
        return lo[0] == 0 && lo[1] == 0 && lo[2] == 0 && hi[0] == 15 && hi[1] == 15 && hi[2] == 15;
    }
};
/// Writes the plain bits (jump_up = kPlainJump) of slot `s`'s chunk into
/// `words` (bit l of words[l / 64] for local index l) and counts them. Only
/// the voxels in `box` are derived; the others keep their bits from `old`
/// (null: none plain) and `old_counts.floor` stays the floor count, so a box
/// short of the whole chunk is only for chunks whose own facts did not
/// change. Reads the chunk and its neighbours' facts.
PlainCounts derive_plain_bits(const NavSnapshot& facts, std::uint32_t s, std::uint64_t* words, const LocalBox& box = {},
                              const std::uint64_t* old = nullptr, PlainCounts old_counts = {});
/// Fills `out`'s run tables (ChunkPlain::go_x, go_z, edge_x, edge_z) from
/// slot `s`'s facts, `out.words` (already derived) and the lines beside its
/// four side faces. O(4096).
void derive_plain_lanes(const NavSnapshot& facts, std::uint32_t s, ChunkPlain& out);
}  // namespace detail

}  // namespace voxnav
