// SPDX-License-Identifier: MIT
// The block store behind World: an OpenVDB tree of BlockIds (internal: the
// readers, the fact derivation and the pictures include this; games and
// public headers never see OpenVDB).
#pragma once

#include "voxnav/world/world.hpp"

#include <openvdb/openvdb.h>

namespace voxnav::detail {

/// Leaves of 8^3 voxels, two internal levels of 16^3 and 32^3 children.
using BlockTree = openvdb::tree::Tree4<BlockId, 5, 4, 3>::Type;
using BlockGrid = openvdb::Grid<BlockTree>;

struct BlockStore {
    BlockGrid::Ptr grid;
};

/// A world's grid. For bulk writes through mutable_grid_of, call
/// World::note_change() for what was written.
[[nodiscard]] inline const BlockGrid& grid_of(const World& w) { return *w.store().grid; }
[[nodiscard]] inline BlockGrid& mutable_grid_of(World& w) { return *w.mutable_store().grid; }

}  // namespace voxnav::detail
