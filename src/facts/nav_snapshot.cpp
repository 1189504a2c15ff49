// SPDX-License-Identifier: MIT
#include "facts/nav_snapshot.hpp"

#include "facts/block_traits.hpp"

#include "voxnav/world/world.hpp"

#include <algorithm>

namespace voxnav {
namespace {

// The void: the facts of every voxel outside the navigable chunks.
const ChunkFacts kVoid{};
const ChunkPlain kVoidPlain{};

}  // namespace

NavSnapshot::NavSnapshot() {
    ChunkSlot v{};
    v.bits = kVoid.bits.data();
    v.plain = &kVoidPlain;
    v.shapes = nullptr;
    v.chunk = Voxel(0);
    v.loaded = false;
    std::fill(std::begin(v.link), std::end(v.link), 0u);
    slots_.grow(1, v);
    owners_.grow(1, nullptr);
    plain_owners_.grow(1, nullptr);
    table_rehash(64);
    multipliers_.fill(1.0);
}

std::uint32_t NavSnapshot::slot_of(const Voxel& chunk) const {
    const std::size_t mask = table_.size() - 1;
    for (std::size_t i = ChunkHash{}(chunk) & mask;; i = (i + 1) & mask) {
        const TableEntry& e = table_[i];
        if (e.slot == 0) return 0;
        if (e.slot != kTombstone && e.chunk == chunk) return e.slot;
    }
}

// More than one chunk away on some axis (tall agents, long leaps): one link per chunk crossed.
NavSnapshot::Index NavSnapshot::far_offset(Index i, int dx, int dy, int dz) const {
    int lx = node_id::lx(i) + dx, lz = node_id::lz(i) + dz, ly = node_id::ly(i) + dy;
    std::uint32_t s = node_id::slot(i);
    int cx = lx >> 4, cy = ly >> 4, cz = lz >> 4;
    while (cx | cy | cz) {
        const int sx = (cx > 0) - (cx < 0), sy = (cy > 0) - (cy < 0), sz = (cz > 0) - (cz < 0);
        s = slots_[s].link[node_id::link(sx, sy, sz)];
        cx -= sx, cy -= sy, cz -= sz;
    }
    return node_id::make(s, lx & 15, ly & 15, lz & 15);
}

NavSnapshot::Index NavSnapshot::index_of(const Voxel& v) const {
    const std::uint32_t s = slot_of(chunk_of(v));
    if (s == 0) return no_index;
    const Voxel l = v - slots_[s].chunk * 16;
    return node_id::make(s, l.x, l.y, l.z);
}

void NavSnapshot::table_insert(const Voxel& chunk, std::uint32_t slot) {
    // At most half full (live + erased); rebuilt at twice the live count, so
    // the table costs 32-64 bytes per navigable chunk.
    if ((table_used_ + 1) * 2 > table_.size()) table_rehash(std::max<std::size_t>(64, std::size_t(1) << (64 - __builtin_clzll((chunks_ + 1) * 2))));
    const std::size_t mask = table_.size() - 1;
    for (std::size_t i = ChunkHash{}(chunk) & mask;; i = (i + 1) & mask) {
        const TableEntry& e = table_[i];
        if (e.slot == 0 || e.slot == kTombstone) {
            if (e.slot == 0) ++table_used_;
            table_.edit(i) = {chunk, slot};
            return;
        }
    }
}

void NavSnapshot::table_erase(const Voxel& chunk) {
    const std::size_t mask = table_.size() - 1;
    for (std::size_t i = ChunkHash{}(chunk) & mask;; i = (i + 1) & mask) {
        const TableEntry& e = table_[i];
        if (e.slot == 0) return;
        if (e.slot != kTombstone && e.chunk == chunk) {
            table_.edit(i).slot = kTombstone;
            return;
        }
    }
}

// Rebuilds the table without tombstones. O(live chunks), amortised over the
// inserts that filled it.
void NavSnapshot::table_rehash(std::size_t capacity) {
    PagedArray<TableEntry> old = std::move(table_);
    table_ = PagedArray<TableEntry>();
    table_.grow(std::max<std::size_t>(capacity, PagedArray<TableEntry>::page_size), TableEntry{Voxel(0), 0});
    table_used_ = 0;
    const std::size_t mask = table_.size() - 1;
    for (std::size_t j = 0; j < old.size(); ++j) {
        const TableEntry& e = old[j];
        if (e.slot == 0 || e.slot == kTombstone) continue;
        std::size_t i = ChunkHash{}(e.chunk) & mask;
        while (table_[i].slot != 0) i = (i + 1) & mask;
        table_.edit(i) = e;
        ++table_used_;
    }
}

NavSnapshot NavSnapshot::published() const {
    NavSnapshot c(*this);
    c.slots_ = slots_.published();
    c.owners_ = owners_.published();
    c.plain_owners_ = plain_owners_.published();
    c.shape_owners_ = shape_owners_.published();
    c.block_owners_ = block_owners_.published();
    c.table_ = table_.published();
    return c;
}

void NavSnapshot::share() {
    slots_.share();
    owners_.share();
    plain_owners_.share();
    shape_owners_.share();
    block_owners_.share();
    table_.share();
}

void NavSnapshot::doors_to_open(Index i, int width, int height16, std::vector<Voxel>& out) const {
    const Voxel v = voxel_of(i);
    const ShapeFact e = shape_fact(i, (height16 + 15) / 16);
    const int surface = v.y * 16 + e.offset(), top = surface + height16;
    for (int z = 0; z < width; ++z)
        for (int x = 0; x < width; ++x)
            for (int y = v.y - 2; y * 16 < top; ++y) {
                const Index u = offset(i, x, y - v.y, z);
                if (!shaped(u)) continue;
                const ShapeFact d = shape_fact(u, 0);
                // A closed door whose collision meets the body between the
                // surface and its top, as the derivation's needs_open counts
                // it: a gate's rises half a voxel over its own voxel; a
                // trapdoor shut under the feet (the surface may be a slab's
                // beside it) or above the head is not in the way.
                if (d.closed_door_here() && y * 16 + d.door_hi() > surface && y * 16 + d.door_lo() < top)
                    out.push_back(Voxel(v.x + x, y, v.z + z));
            }
}

unsigned NavSnapshot::floor_class_of(std::string_view name) const { return block_traits_ ? block_traits_->floors().of(name) : 0u; }

bool NavSnapshot::changed_chunks_since(std::uint64_t revision, std::vector<Voxel>& out) const {
    if (!changes_ || revision < changes_->known_after) return false;
    const auto& revs = changes_->revisions;
    for (std::size_t i = std::size_t(std::upper_bound(revs.begin(), revs.end(), revision) - revs.begin()); i < revs.size(); ++i)
        out.push_back(changes_->chunks[i]);
    return true;
}

VoxelBox NavSnapshot::domain() const {
    if (bounds_) return *bounds_;
    if (chunks_ == 0) return {};
    const glm::i64vec3 lo = glm::i64vec3(chunk_box_.lo) * std::int64_t(16);
    const glm::i64vec3 hi = glm::min(glm::i64vec3(chunk_box_.hi) * std::int64_t(16), glm::i64vec3(INT32_MAX));
    return {Voxel(lo), Voxel(hi)};
}

std::size_t NavSnapshot::memory_bytes() const {
    return mixed_chunks_ * sizeof(ChunkFacts) + slots_.memory_bytes() + owners_.memory_bytes() + table_.memory_bytes() +
           plain_chunks_ * sizeof(ChunkPlain) + swim_chunks_ * sizeof(SwimTables) + plain_owners_.memory_bytes() +
           shaped_chunks_ * sizeof(ChunkShapes) + shape_owners_.memory_bytes() + block_chunks_ * sizeof(ChunkBlocks) +
           block_owners_.memory_bytes();
}

std::size_t NavSnapshot::acceleration_bytes() const {
    return plain_chunks_ * sizeof(ChunkPlain) + swim_chunks_ * sizeof(SwimTables) + plain_owners_.memory_bytes() +
           slots_.size() * sizeof(std::uint64_t*);
}

}  // namespace voxnav
