// SPDX-License-Identifier: MIT
#include "voxnav/world/world.hpp"

#include "block_store.hpp"

#include <openvdb/tools/Prune.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>
#include <stdexcept>

namespace voxnav {
namespace {

// The journal is bounded; a navigator that falls further behind rebuilds.
constexpr std::size_t kJournalLimit = 1 << 16;

void ensure_openvdb() {
    static std::once_flag once;
    std::call_once(once, [] {
        openvdb::initialize();
        if (!detail::BlockGrid::isRegistered()) detail::BlockGrid::registerGrid();
    });
}

openvdb::Coord to_coord(const Voxel& v) { return openvdb::Coord(v.x, v.y, v.z); }

}  // namespace

Voxel WorldTransform::to_voxel(const glm::dvec3& p) const {
    const glm::dvec3 v = glm::floor((p - origin) / voxel_size);
    return Voxel(v);
}

glm::dvec3 WorldTransform::to_world(const Voxel& v) const {
    return origin + (glm::dvec3(v) + glm::dvec3(0.5, 0.0, 0.5)) * voxel_size;
}

static std::uint64_t next_world_id() {
    static std::atomic<std::uint64_t> next{1};
    return next.fetch_add(1);
}

World::World() : id_(next_world_id()) {
    ensure_openvdb();
    store_ = std::make_unique<detail::BlockStore>();
    store_->grid = detail::BlockGrid::create(BlockRegistry::air);
    store_->grid->setName("blocks");
}

World::World(const World& o)
    : blocks_(o.blocks_), store_(std::make_unique<detail::BlockStore>(detail::BlockStore{o.store_->grid->deepCopy()})), bounds_(o.bounds_), points_(o.points_),
      transform_(o.transform_), journal_(o.journal_), revision_(o.revision_), journal_start_(o.journal_start_), loaded_(o.loaded_), unloaded_(o.unloaded_), id_(next_world_id()) {}

// A moved-to World keeps the id (its facts stay valid); the moved-from one,
// left empty, gets a fresh id so no field derived from the old contents
// matches it.
World::World(World&& o) noexcept
    : blocks_(std::move(o.blocks_)), store_(std::move(o.store_)), bounds_(std::move(o.bounds_)),
      points_(std::move(o.points_)), transform_(o.transform_), journal_(std::move(o.journal_)),
      revision_(o.revision_), journal_start_(o.journal_start_), loaded_(std::move(o.loaded_)), unloaded_(std::move(o.unloaded_)), id_(o.id_) {
    o.id_ = next_world_id();
}

World& World::operator=(World&& o) noexcept {
    if (this == &o) return *this;
    blocks_ = std::move(o.blocks_);
    store_ = std::move(o.store_);
    bounds_ = std::move(o.bounds_);
    points_ = std::move(o.points_);
    transform_ = o.transform_;
    journal_ = std::move(o.journal_);
    revision_ = o.revision_;
    journal_start_ = o.journal_start_;
    loaded_ = std::move(o.loaded_);
    unloaded_ = std::move(o.unloaded_);
    id_ = o.id_;
    o.id_ = next_world_id();
    return *this;
}

World::~World() = default;

std::uint64_t World::non_air_voxels() const { return store_->grid->activeVoxelCount(); }

std::size_t World::memory_bytes() const { return store_->grid->memUsage(); }

std::vector<std::uint64_t> World::block_counts() const {
    std::vector<std::uint64_t> counts(blocks_.size(), 0);
    for (auto it = store_->grid->cbeginValueOn(); it; ++it) {
        if (std::size_t(*it) >= counts.size()) counts.resize(std::size_t(*it) + 1, 0);
        counts[*it] += it.getVoxelCount();
    }
    return counts;
}

World& World::operator=(const World& o) {
    if (this != &o) *this = World(o);
    return *this;
}

BlockId World::block(const Voxel& v) const { return store_->grid->tree().getValue(to_coord(v)); }

bool World::set_block(const Voxel& v, BlockId id) {
    if (id >= blocks_.size()) throw std::invalid_argument("set_block: unknown block id " + std::to_string(id));
    const Voxel chunk = chunk_of(v);
    if (!unloaded_.empty() && unloaded_.count(chunk)) return false;  // an edit racing the unload
    if (id == BlockRegistry::air)
        store_->grid->tree().setValueOff(to_coord(v), BlockRegistry::air);
    else
        store_->grid->tree().setValueOn(to_coord(v), id);
    loaded_.insert(chunk);
    note_chunk(chunk);
    return true;
}

namespace {

using Leaf = detail::BlockTree::LeafNodeType;
using Internal2 = detail::BlockTree::RootNodeType::ChildNodeType;
using Internal1 = Internal2::ChildNodeType;

// True when nothing below `node` is active or different from air.
template <class Node>
bool all_air(const Node& node) {
    if (!node.getChildMask().isOff() || !node.getValueMask().isOff()) return false;
    for (auto it = node.cbeginValueAll(); it; ++it)
        if (*it != BlockRegistry::air) return false;
    return true;
}

// Drops the 128^3 internal node holding `c` when it holds nothing but air,
// then its 4096^3 parent likewise, so that unloaded regions give their memory
// back (what stays of an unloaded chunk is its entry in unloaded_, about 40
// bytes, until it is loaded again).
void release_if_empty(detail::BlockTree& tree, const openvdb::Coord& c) {
    const Internal1* node = tree.probeConstNode<Internal1>(c);
    if (!node || !all_air(*node)) return;
    tree.addTile(2, c, BlockRegistry::air, false);
    const Internal2* parent = tree.probeConstNode<Internal2>(c);
    if (!parent || !all_air(*parent)) return;
    tree.addTile(3, c, BlockRegistry::air, false);
    tree.root().eraseBackgroundTiles();  // O(4096^3 regions touched): rare and small
}

// True when nothing is stored at the chunk whose origin is `c`: no 128^3
// node there, and the tile covering it (a chunk lies inside one) is
// inactive air, as in open sky that was never written.
bool holds_nothing(const detail::BlockTree& tree, const openvdb::Coord& c) {
    return !tree.probeConstNode<Internal1>(c) && !tree.isValueOn(c) && tree.getValue(c) == BlockRegistry::air;
}

}  // namespace

void World::set_chunk(const Voxel& chunk, const BlockId* ids) {
    // The largest id first (a loop without exits, which compilers vectorise);
    // the message then names the first unknown one.
    BlockId largest = 0;
    for (int i = 0; i < chunk_volume; ++i) largest = std::max(largest, ids[i]);
    for (int i = 0; largest >= blocks_.size() && i < chunk_volume; ++i)
        if (ids[i] >= blocks_.size())
            throw std::invalid_argument("set_chunk: unknown block id " + std::to_string(ids[i]) + " at index " + std::to_string(i) +
                                        " (" + std::to_string(blocks_.size()) + " block types)");
    const Voxel base = chunk * chunk_size;
    detail::BlockTree& tree = store_->grid->tree();
    const openvdb::Coord origin(base.x, base.y, base.z);
    BlockId any = 0;
    for (int i = 0; i < chunk_volume; ++i) any |= ids[i];  // air is 0: no exits, vectorised
    static_assert(BlockRegistry::air == 0, "set_chunk ORs ids to find all-air chunks");
    if (any == BlockRegistry::air && holds_nothing(tree, origin)) {
        // Air into a region that holds nothing (open sky): nothing to write.
        mark_loaded(chunk);
        note_chunk(chunk);
        return;
    }
    // Writes whole 8^3 leaves (constant ones as tiles) rather than voxel by
    // voxel: streaming a chunk in then costs microseconds.
    for (int ly = 0; ly < chunk_size; ly += 8)
        for (int lz = 0; lz < chunk_size; lz += 8)
            for (int lx = 0; lx < chunk_size; lx += 8) {
                const openvdb::Coord origin(base.x + lx, base.y + ly, base.z + lz);
                auto id_at = [&](int x, int y, int z) { return ids[(lx + x) + chunk_size * ((lz + z) + chunk_size * (ly + y))]; };
                const BlockId first = id_at(0, 0, 0);
                bool constant = true;
                for (int y = 0; y < 8 && constant; ++y)
                    for (int z = 0; z < 8 && constant; ++z)
                        for (int x = 0; x < 8; ++x)
                            if (id_at(x, y, z) != first) {
                                constant = false;
                                break;
                            }
                if (constant) {
                    tree.addTile(1, origin, first, first != BlockRegistry::air);
                    continue;
                }
                // The leaf's values in its own order (offset x * 64 + y * 8 + z),
                // active where not air, written straight into its buffer.
                auto* leaf = new Leaf(origin, BlockRegistry::air, false);
                BlockId* values = leaf->buffer().data();
                Leaf::NodeMaskType active;
                for (int y = 0; y < 8; ++y)
                    for (int z = 0; z < 8; ++z)
                        for (int x = 0; x < 8; ++x) {
                            const BlockId id = id_at(x, y, z);
                            const int offset = (x << 6) | (y << 3) | z;
                            values[offset] = id;
                            if (id != BlockRegistry::air) active.setOn(offset);
                        }
                leaf->setValueMask(active);
                tree.addLeaf(leaf);
            }
    release_if_empty(tree, origin);
    mark_loaded(chunk);
    note_chunk(chunk);
}

void World::get_chunk(const Voxel& chunk, BlockId* out) const {
    const Voxel base = chunk * chunk_size;
    const detail::BlockTree& tree = store_->grid->tree();
    for (int ly = 0; ly < chunk_size; ly += 8)
        for (int lz = 0; lz < chunk_size; lz += 8)
            for (int lx = 0; lx < chunk_size; lx += 8) {
                const openvdb::Coord origin(base.x + lx, base.y + ly, base.z + lz);
                const Leaf* leaf = tree.probeConstLeaf(origin);
                const BlockId tile = leaf ? BlockRegistry::air : tree.getValue(origin);
                for (int y = 0; y < 8; ++y)
                    for (int z = 0; z < 8; ++z)
                        for (int x = 0; x < 8; ++x)
                            out[(lx + x) + chunk_size * ((lz + z) + chunk_size * (ly + y))] =
                                leaf ? leaf->getValue(Leaf::coordToOffset(origin.offsetBy(x, y, z))) : tile;
            }
}

void World::unload_chunk(const Voxel& chunk) {
    const Voxel base = chunk * chunk_size;
    detail::BlockTree& tree = store_->grid->tree();
    const openvdb::Coord origin(base.x, base.y, base.z);
    // A chunk of open sky was never stored (set_chunk skips it): writing air
    // tiles would build a 128^3 node only for release_if_empty to scan its
    // 4096 entries and drop it again, for every sky chunk of a column.
    const bool stored = !holds_nothing(tree, origin);
    for (int y = 0; stored && y < chunk_size; y += 8)
        for (int z = 0; z < chunk_size; z += 8)
            for (int x = 0; x < chunk_size; x += 8)
                tree.addTile(1, openvdb::Coord(base.x + x, base.y + y, base.z + z), BlockRegistry::air, false);
    if (stored) release_if_empty(tree, origin);
    loaded_.erase(chunk);
    unloaded_.insert(chunk);
    note_chunk(chunk);
}

std::int64_t World::chunks_overlapped(const VoxelBox& b) {
    if (b.empty()) return 0;
    // Floor division by 16 of 64-bit coordinates: any int32 box.
    const auto chunk = [](std::int64_t v) { return v >= 0 ? v / 16 : -((-v + 15) / 16); };
    std::int64_t n = 1;
    for (int a = 0; a < 3; ++a) n *= chunk(std::int64_t(b.hi[a]) - 1) - chunk(b.lo[a]) + 1;
    return n;
}

void World::set_bounds(std::optional<VoxelBox> b) {
    if (b && b->empty()) throw std::invalid_argument("world bounds must not be empty");
    if (b && chunks_overlapped(*b) > max_bounds_chunks)
        throw std::invalid_argument("world bounds overlap " + std::to_string(chunks_overlapped(*b)) + " chunks, more than " +
                                    std::to_string(max_bounds_chunks));
    bounds_ = b;
    note_change(VoxelBox{});  // bounds decide the node domain: everything is re-derived
}

void World::add_point(const std::string& name, const Voxel& v) {
    if (!points_.emplace(name, v).second) throw std::invalid_argument("named position '" + name + "' given twice");
}

std::optional<Voxel> World::point(const std::string& name) const {
    auto it = points_.find(name);
    if (it == points_.end()) return std::nullopt;
    return it->second;
}

VoxelBox World::populated_box() const {
    openvdb::CoordBBox bb;
    if (!store_->grid->tree().evalActiveVoxelBoundingBox(bb)) return {};
    return {Voxel(bb.min().x(), bb.min().y(), bb.min().z()),
            Voxel(bb.max().x() + 1, bb.max().y() + 1, bb.max().z() + 1)};
}

void World::compact() { openvdb::tools::prune(store_->grid->tree()); }

bool World::changed_chunks_since(std::uint64_t rev, std::vector<Voxel>& out) const {
    if (rev < journal_start_) return false;
    auto it = std::upper_bound(journal_.begin(), journal_.end(), rev,
                               [](std::uint64_t r, const JournalEntry& e) { return r < e.revision; });
    for (; it != journal_.end(); ++it) out.push_back(it->chunk);
    return true;
}

void World::mark_loaded(const Voxel& chunk) {
    loaded_.insert(chunk);
    unloaded_.erase(chunk);  // given again: set_block takes edits there again
}

void World::restart_journal() {
    ++revision_;
    journal_.clear();
    journal_start_ = revision_;
}

void World::load_box_chunks(const VoxelBox& box) {
    if (box.empty()) return;
    const Voxel lo = chunk_of(box.lo), hi = chunk_of(box.hi - Voxel(1));
    for (int y = lo.y; y <= hi.y; ++y)
        for (int z = lo.z; z <= hi.z; ++z)
            for (int x = lo.x; x <= hi.x; ++x) mark_loaded({x, y, z});
}

void World::note_change(const VoxelBox& box) {
    if (box.empty()) {
        // A bulk load or a bounds change: every chunk holding a block, and
        // every chunk inside the bounds, is loaded; derived facts start over.
        const detail::BlockTree& tree = store_->grid->tree();
        for (auto leaf = tree.cbeginLeaf(); leaf; ++leaf) {
            const openvdb::Coord o = leaf->origin();
            mark_loaded(chunk_of({o.x(), o.y(), o.z()}));
        }
        auto tiles = tree.cbeginValueOn();
        tiles.setMaxDepth(detail::BlockTree::DEPTH - 2);
        for (; tiles; ++tiles) {
            openvdb::CoordBBox bb;
            tiles.getBoundingBox(bb);
            load_box_chunks({{bb.min().x(), bb.min().y(), bb.min().z()}, {bb.max().x() + 1, bb.max().y() + 1, bb.max().z() + 1}});
        }
        if (bounds_) load_box_chunks(*bounds_);
        restart_journal();
        return;
    }
    load_box_chunks(box);
    const Voxel lo = chunk_of(box.lo), hi = chunk_of(box.hi - Voxel(1));
    const std::int64_t n = std::int64_t(hi.x - lo.x + 1) * (hi.y - lo.y + 1) * (hi.z - lo.z + 1);
    if (n > std::int64_t(kJournalLimit / 4)) {
        restart_journal();
        return;
    }
    for (int y = lo.y; y <= hi.y; ++y)
        for (int z = lo.z; z <= hi.z; ++z)
            for (int x = lo.x; x <= hi.x; ++x) note_chunk({x, y, z});
}

void World::note_chunk(const Voxel& chunk) {
    ++revision_;
    // Runs of edits inside one chunk (set_block in a loop) are one entry.
    if (!journal_.empty() && journal_.back().chunk == chunk) {
        journal_.back().revision = revision_;
        return;
    }
    if (journal_.size() >= kJournalLimit) {
        // Forget the older half: readers further behind derive everything again.
        const std::size_t half = journal_.size() / 2;
        journal_start_ = journal_[half - 1].revision;
        journal_.erase(journal_.begin(), journal_.begin() + std::ptrdiff_t(half));
    }
    journal_.push_back({revision_, chunk});
}

}  // namespace voxnav
