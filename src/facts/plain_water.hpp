// SPDX-License-Identifier: MIT
/// @file plain_water.hpp
/// @brief Plain water: standable positions in water where an agent whose
/// rules all fit plain floor (MovementModel::grid_on_plain_floor) and that
/// swims has exactly the 8 level swims of a grid without corner cutting and
/// the two vertical swims, at the one swim cost (1 or sqrt 2 voxels over
/// swim_speed at any depth), which is what swim runs (route/jump_points.hpp)
/// need.
///
/// A position is plain water when it is standable in water, every one of the
/// 8 positions around it at its level is either not clear (a wall) or
/// standable in water (a swim: no walk out, no clear corner that is no
/// waypoint), none of the 4 positions above its sides is dry standable (no
/// jump out of the water lands there), the positions above and below it are
/// not dry standable (a vertical swim stays in water), and no position of the
/// 3x3 lines around it lies in a chunk with shape facts (the plain rules give
/// every move there). For an agent that does not jump this is stricter than
/// needed, which is always safe.
///
/// NavField keeps, per chunk, where a swim run goes on (SwimTables, in
/// ChunkPlain::swim), derived with the plain-floor bits from the chunk's
/// facts and those of its 26 neighbours.
///
/// Thread-safety: pure functions of an immutable snapshot; any thread.
#pragma once

#include "facts/nav_snapshot.hpp"

namespace voxnav::detail {

/// Of slot `s`'s line along x (along_x) or z at level ly and across
/// coordinate `across` (z for lines along x, x for lines along z), the
/// positions where a swim run towards d (+1 or -1) goes on, bit per position:
/// plain water where no line beside the run (the two at its level, the one
/// above, the one below) is standable in water while it is not at the
/// position behind (a forced neighbour; the position behind the first one is
/// read from the chunk before). The definition, read line by line (7 lines
/// of 18 facts): what derive_swim_lanes computes for a whole chunk at once.
[[nodiscard]] std::uint32_t swim_go_bits(const NavSnapshot& facts, std::uint32_t s, bool along_x, int ly, int across, int d);

/// The swim run tables of slot `s`, from its facts and its neighbours'; null
/// when no run goes on anywhere in it. O(4096); a chunk without water is
/// one pass over its facts.
[[nodiscard]] std::shared_ptr<const SwimTables> derive_swim_lanes(const NavSnapshot& facts, std::uint32_t s);

}  // namespace voxnav::detail
