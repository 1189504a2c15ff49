// SPDX-License-Identifier: MIT
// SnapshotBlocks: the block ids a NavSnapshot keeps (NavField::keep_blocks),
// read voxel by voxel as the rules' block forms (moves::BlockLook) ask for them, keeping the last chunk's
// array: most reads in a row fall in one chunk. Voxels of chunks without a
// slot read as air (they are not loaded: the World holds air there).
// One per search and thread; reads never lock and never allocate.
#pragma once

#include "facts/nav_snapshot.hpp"

namespace voxnav {

class SnapshotBlocks {
public:
    explicit SnapshotBlocks(const NavSnapshot& snapshot) : snapshot_(&snapshot) {}
    [[nodiscard]] BlockId at(const Voxel& v) const {
        const Voxel c(v.x >> 4, v.y >> 4, v.z >> 4);
        if (c != chunk_ || !valid_) {
            chunk_ = c;
            valid_ = true;
            ids_ = snapshot_->chunk_blocks(snapshot_->slot_of(c));
        }
        return ids_ ? ids_[(v.x & 15) + 16 * ((v.z & 15) + 16 * (v.y & 15))] : BlockRegistry::air;
    }

private:
    const NavSnapshot* snapshot_;
    mutable Voxel chunk_{0};
    mutable bool valid_ = false;
    mutable const BlockId* ids_ = nullptr;
};

}  // namespace voxnav
