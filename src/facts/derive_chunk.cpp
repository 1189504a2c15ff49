// SPDX-License-Identifier: MIT
#include "derive_chunk.hpp"
#include "read_box.hpp"
#include "world/block_store.hpp"

#include <algorithm>
#include <cstring>

namespace voxnav::detail {


namespace {

constexpr Fact::Raw kFactClear = Fact::make(true, false, false, false).raw();
constexpr Fact::Raw kFactSupported = Fact::make(false, true, false, false).raw();
constexpr Fact::Raw kFactWater = Fact::make(false, false, true, false).raw();
constexpr Fact::Raw kFactNode = Fact::make(false, false, false, true).raw();

// Block codes of the box [lo, lo + size), x fastest, then z, then y, read a
// whole 8^3 leaf (or constant tile) at a time. Voxels beyond int32 read as
// air. True when the box was one code throughout (read_box).
bool read_codes(const detail::BlockTree& tree, const std::vector<std::uint8_t>& code_of, const glm::i64vec3& lo,
                const Voxel& size, std::uint8_t* out) {
    return read_box(tree, lo, size, out, [&](BlockId id) { return code_of[id]; });
}

// Whether the n bytes at p all equal c: 16 at a time (a uniform chunk's
// box is about 4,600 bytes, and most chunks of a streamed world are one).
bool all_same(const std::uint8_t* p, std::size_t n, std::uint8_t c) {
    std::uint64_t word;
    std::memset(&word, c, sizeof word);
    std::size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        std::uint64_t a, b;
        std::memcpy(&a, p + i, 8);
        std::memcpy(&b, p + i + 8, 8);
        if (((a ^ word) | (b ^ word)) != 0) return false;
    }
    for (; i < n; ++i)
        if (p[i] != c) return false;
    return true;
}

}  // namespace

bool derive_chunk(const detail::BlockTree& tree, const std::vector<std::uint8_t>& code_of, int width, int height,
                  const std::optional<VoxelBox>& bounds, const Voxel& chunk, DeriveScratch& s, Fact::Raw* out) {
    const int w = width, h = height;
    // Box read: one voxel below the chunk (support), and the body's reach beyond it.
    const Voxel size(16 + w - 1, 16 + h, 16 + w - 1);
    const glm::i64vec3 lo = glm::i64vec3(chunk) * std::int64_t(16) - glm::i64vec3(0, 1, 0);
    const std::int64_t sx = size.x, sxz = std::int64_t(size.x) * size.z;
    s.codes.resize(static_cast<std::size_t>(sxz * size.y));
    const bool tiles = read_codes(tree, code_of, lo, size, s.codes.data());
    const Voxel base = chunk * 16;
    const bool all_nodes = !bounds || (bounds->contains(base) && bounds->contains(base + Voxel(15)));

    // Every block read the same (open sky, solid rock, an unloaded chunk):
    // every voxel has the same facts, without looking at each (most chunks
    // of a streamed world). Constant tiles say so without a scan.
    const std::uint8_t c0 = s.codes[0];
    if (all_nodes && (tiles || all_same(s.codes.data(), s.codes.size(), c0))) {
        const bool water = c0 & kWater, solid = c0 & kSolid;
        const Fact f = Fact::make(!(c0 & kBlocksBody), solid || water, water, true, !water && solid ? floor_class_of_code(c0) : 0);
        std::fill(out, out + 4096, f.raw());
        return true;
    }

    // Footprint summary per (x, box y, z): OR of the body/solid/water codes of
    // the w x w voxels at and beyond (x, z), and their largest floor index.
    s.foot.resize(static_cast<std::size_t>(16 * 16 * size.y));
    if (w == 1) {
        // The footprint is one voxel: its summary is its code (the layouts agree).
        std::copy(s.codes.begin(), s.codes.end(), s.foot.begin());
    } else
    for (int y = 0; y < size.y; ++y)
        for (int z = 0; z < 16; ++z)
            for (int x = 0; x < 16; ++x) {
                std::uint8_t any = 0, floor = 0;
                for (int k = 0; k < w; ++k)
                    for (int i = 0; i < w; ++i) {
                        const std::uint8_t c = s.codes[(x + i) + (z + k) * sx + y * sxz];
                        any |= c & kKindBits;
                        if (c & kSolid) floor = std::max<std::uint8_t>(floor, std::uint8_t(floor_class_of_code(c)));
                    }
                s.foot[x + 16 * z + 256 * y] = block_code(any, floor);
            }
    // Body-blocking footprints counted up each column: clear iff none in the
    // h layers from the feet up.
    s.body_count.resize(static_cast<std::size_t>(16 * 16 * (size.y + 1)));
    for (int c = 0; c < 256; ++c) s.body_count[c] = 0;
    for (int y = 0; y < size.y; ++y)
        for (int c = 0; c < 256; ++c)
            s.body_count[c + 256 * (y + 1)] = std::uint16_t(s.body_count[c + 256 * y] + (s.foot[c + 256 * y] & kBlocksBody));

    for (int y = 0; y < 16; ++y)
        for (int z = 0; z < 16; ++z)
            for (int x = 0; x < 16; ++x) {
                const int c = x + 16 * z;
                const std::uint8_t below = s.foot[c + 256 * y], feet = s.foot[c + 256 * (y + 1)];
                const bool clear = s.body_count[c + 256 * (y + 1 + h)] == s.body_count[c + 256 * (y + 1)];
                const bool water = (feet & kWater) != 0;
                // Fact::make's layout, built up flag by flag (this loop runs
                // for every voxel of every mixed chunk: it stays branch-light).
                Fact::Raw b = 0;
                if (clear) b |= kFactClear;
                if ((below & kSolid) || water) b |= kFactSupported;
                if (water) b |= kFactWater;
                else if (below & kSolid) b |= Fact::make(false, false, false, false, floor_class_of_code(below)).raw();
                if (all_nodes || bounds->contains(base + Voxel(x, y, z))) b |= kFactNode;
                out[c + 256 * y] = b;
            }
    static_assert(sizeof(Fact::Raw) == 1, "all_same compares bytes");
    return all_same(out, 4096, out[0]);
}

}  // namespace voxnav::detail
