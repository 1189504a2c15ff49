// SPDX-License-Identifier: MIT
// Reading a box of the block store into a flat array (internal to facts/).
#pragma once

#include "world/block_store.hpp"
#include "voxnav/world/block.hpp"
#include "voxnav/world/box.hpp"

#include <algorithm>
#include <cstdint>

namespace voxnav::detail {

/// map(id) of every voxel of the box [lo, lo + size), x fastest, then z, then
/// y, read a whole 8^3 leaf (or constant tile) at a time. Voxels beyond
/// int32 read as map(air). Returns true when the whole box came from
/// constant tiles (or unwritten space) of one mapped value: then every
/// voxel is out[0], and nobody needs to look at each (an unloaded chunk's
/// box, open sky, solid rock). False says nothing either way.
template <class T, class Map>
bool read_box(const detail::BlockTree& tree, const glm::i64vec3& lo, const Voxel& size, T* out, Map&& map) {
    using Leaf = detail::BlockTree::LeafNodeType;
    const glm::i64vec3 hi = lo + glm::i64vec3(size);
    const std::int64_t sx = size.x, sxz = std::int64_t(size.x) * size.z;
    const T air = map(BlockId(0));
    std::fill(out, out + sxz * size.y, air);
    const glm::i64vec3 vlo = glm::max(lo, glm::i64vec3(INT32_MIN)), vhi = glm::min(hi, glm::i64vec3(std::int64_t(INT32_MAX) + 1));
    auto floor8 = [](std::int64_t v) { return v >= 0 ? v & ~std::int64_t(7) : -((-v + 7) & ~std::int64_t(7)); };
    // Beyond int32 (clipped away) reads as air, one more value.
    bool one_value = vlo == lo && vhi == hi, seen = !one_value;
    T value = air;
    // One accessor per call: neighbouring leaves share their parent nodes.
    openvdb::tree::ValueAccessor<const detail::BlockTree> acc(tree);
    for (std::int64_t by = floor8(vlo.y); by < vhi.y; by += 8)
        for (std::int64_t bz = floor8(vlo.z); bz < vhi.z; bz += 8)
            for (std::int64_t bx = floor8(vlo.x); bx < vhi.x; bx += 8) {
                const openvdb::Coord o{static_cast<openvdb::Int32>(bx), static_cast<openvdb::Int32>(by), static_cast<openvdb::Int32>(bz)};
                const glm::i64vec3 a = glm::max(glm::i64vec3(bx, by, bz), vlo);
                const glm::i64vec3 b = glm::min(glm::i64vec3(bx + 8, by + 8, bz + 8), vhi);
                if (const Leaf* leaf = acc.probeConstLeaf(o)) {
                    one_value = false;
                    // The leaf's values are z fastest, then y, then x
                    // (offset x * 64 + y * 8 + z): a step along x is 64.
                    const BlockId* v = leaf->buffer().data();
                    for (std::int64_t y = a.y; y < b.y; ++y)
                        for (std::int64_t z = a.z; z < b.z; ++z) {
                            const BlockId* src = v + ((a.x & 7) << 6) + ((y & 7) << 3) + (z & 7);
                            T* dst = out + (a.x - lo.x) + (z - lo.z) * sx + (y - lo.y) * sxz;
                            for (std::int64_t x = a.x; x < b.x; ++x, src += 64) *dst++ = map(*src);
                        }
                } else {
                    const T c = map(acc.getValue(o));
                    if (!seen) {
                        value = c;
                        seen = true;
                    }
                    one_value = one_value && c == value;
                    if (c == air) continue;
                    for (std::int64_t y = a.y; y < b.y; ++y)
                        for (std::int64_t z = a.z; z < b.z; ++z)
                            std::fill(out + (a.x - lo.x) + (z - lo.z) * sx + (y - lo.y) * sxz,
                                      out + (b.x - lo.x) + (z - lo.z) * sx + (y - lo.y) * sxz, c);
                }
            }
    return one_value;
}

}  // namespace voxnav::detail
