// BlockCache: the World's block ids, copied a chunk at a time as a dig or
// place search first reads them (what DigMoves reads; the ordinary moves read
// the derived facts instead). Kept between queries: a query begins with
// refresh(), which drops only the chunks the world journal says changed
// since the last one (everything when the journal no longer reaches back),
// so its cost scales with what changed, not with the world.
//
// Not thread-safe: one per Navigator. refresh() and at() read the World, so
// they run where the World may be read (the thread that writes it, or while
// nobody writes): the dig and place queries of a Navigator built with a World.
#pragma once

#include "voxnav/world/world.hpp"

#include <array>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace voxnav {

class BlockCache {
public:
    /// Chunks kept between queries; more are dropped at the next refresh.
    static constexpr std::size_t kMaxChunks = 4096;  // 32 MiB

    /// Brings the copies up to date with `world` (a different World drops all).
    void refresh(const World& world);
    /// Block id of voxel v (air outside loaded chunks). Copies v's chunk on
    /// its first read (4096 ids: the only allocation, amortised over a query).
    [[nodiscard]] BlockId at(const Voxel& v) const {
        const Voxel c(v.x >> 4, v.y >> 4, v.z >> 4);
        if (c != last_chunk_ || !last_) load(c);
        return last_[(v.x & 15) + 16 * ((v.z & 15) + 16 * (v.y & 15))];
    }
    [[nodiscard]] std::size_t chunk_count() const { return pages_.size(); }
    [[nodiscard]] std::size_t memory_bytes() const { return pages_.size() * sizeof(Page) + index_.size() * 32; }

private:
    using Page = std::array<BlockId, World::chunk_volume>;
    void load(const Voxel& chunk) const;
    void clear();

    const World* world_ = nullptr;
    std::uint64_t world_id_ = 0, revision_ = 0;
    mutable std::unordered_map<Voxel, std::uint32_t, ChunkHash> index_;  // chunk -> page
    mutable std::vector<std::unique_ptr<Page>> pages_;
    mutable std::vector<std::uint32_t> free_;  // pages of dropped chunks
    mutable Voxel last_chunk_{0};
    mutable const BlockId* last_ = nullptr;
    std::vector<Voxel> changed_;  // refresh's scratch
};

}  // namespace voxnav
