#include "voxnav/world/world.hpp"

#include <openvdb/tools/Prune.h>

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
        if (!World::Grid::isRegistered()) World::Grid::registerGrid();
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

World::World() {
    ensure_openvdb();
    grid_ = Grid::create(BlockRegistry::air);
    grid_->setName("blocks");
}

World::World(const World& o)
    : blocks_(o.blocks_), grid_(o.grid_->deepCopy()), bounds_(o.bounds_), points_(o.points_),
      transform_(o.transform_), journal_(o.journal_), journal_base_(o.journal_base_) {}

World& World::operator=(const World& o) {
    if (this != &o) *this = World(o);
    return *this;
}

BlockId World::block(const Voxel& v) const { return grid_->tree().getValue(to_coord(v)); }

void World::set_block(const Voxel& v, BlockId id) {
    if (id >= blocks_.size()) throw std::invalid_argument("set_block: unknown block id " + std::to_string(id));
    if (id == BlockRegistry::air)
        grid_->tree().setValueOff(to_coord(v), BlockRegistry::air);
    else
        grid_->tree().setValueOn(to_coord(v), id);
    note_chunk(chunk_of(v));
}

void World::set_chunk(const Voxel& chunk, const BlockId* ids) {
    for (int i = 0; i < chunk_volume; ++i)
        if (ids[i] >= blocks_.size())
            throw std::invalid_argument("set_chunk: unknown block id " + std::to_string(ids[i]));
    const Voxel base = chunk * chunk_size;
    auto acc = grid_->getAccessor();
    for (int y = 0; y < chunk_size; ++y)
        for (int z = 0; z < chunk_size; ++z)
            for (int x = 0; x < chunk_size; ++x) {
                const BlockId id = ids[x + chunk_size * (z + chunk_size * y)];
                const openvdb::Coord c(base.x + x, base.y + y, base.z + z);
                if (id == BlockRegistry::air)
                    acc.setValueOff(c, BlockRegistry::air);
                else
                    acc.setValueOn(c, id);
            }
    note_chunk(chunk);
}

void World::unload_chunk(const Voxel& chunk) {
    const VoxelBox b = chunk_box(chunk);
    grid_->tree().fill(openvdb::CoordBBox(to_coord(b.lo), to_coord(b.hi - Voxel(1))), BlockRegistry::air, false);
    openvdb::tools::pruneInactive(grid_->tree());
    note_chunk(chunk);
}

void World::set_bounds(std::optional<VoxelBox> b) {
    if (b && b->empty()) throw std::invalid_argument("world bounds must not be empty");
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
    if (!grid_->tree().evalActiveVoxelBoundingBox(bb)) return {};
    return {Voxel(bb.min().x(), bb.min().y(), bb.min().z()),
            Voxel(bb.max().x() + 1, bb.max().y() + 1, bb.max().z() + 1)};
}

void World::compact() { openvdb::tools::prune(grid_->tree()); }

bool World::changes_since(std::uint64_t rev, std::vector<VoxelBox>& out) const {
    if (rev < journal_base_) return false;
    for (std::uint64_t i = rev - journal_base_; i < journal_.size(); ++i) out.push_back(chunk_box(journal_[i]));
    return true;
}

void World::note_change(const VoxelBox& box) {
    if (box.empty()) {
        // Bounds changes and the like: nothing to re-derive locally, so force a rebuild.
        journal_base_ += journal_.size() + 1;
        journal_.clear();
        return;
    }
    const Voxel lo = chunk_of(box.lo), hi = chunk_of(box.hi - Voxel(1));
    const std::int64_t n = std::int64_t(hi.x - lo.x + 1) * (hi.y - lo.y + 1) * (hi.z - lo.z + 1);
    if (n > std::int64_t(kJournalLimit / 4)) {
        journal_base_ += journal_.size() + 1;
        journal_.clear();
        return;
    }
    for (int y = lo.y; y <= hi.y; ++y)
        for (int z = lo.z; z <= hi.z; ++z)
            for (int x = lo.x; x <= hi.x; ++x) note_chunk({x, y, z});
}

void World::note_chunk(const Voxel& chunk) {
    if (journal_.size() >= kJournalLimit) {
        journal_base_ += journal_.size();
        journal_.clear();
    }
    journal_.push_back(chunk);
}

}  // namespace voxnav
