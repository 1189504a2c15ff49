#include "voxnav/agent/nav_field.hpp"
#include "voxnav/search/astar.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <set>
#include <stdexcept>

namespace voxnav {
namespace {

// Per-block codes used while deriving.
constexpr std::uint8_t kBlocksBody = 1, kSolid = 2, kWater = 4;

openvdb::Coord to_coord(const Voxel& v) { return openvdb::Coord(v.x, v.y, v.z); }

// Block codes of every voxel of `box` (x fastest, then z, then y).
void fill_codes(const World& world, const std::vector<std::uint8_t>& code_of, const VoxelBox& box,
                std::vector<std::uint8_t>& out) {
    const Voxel s = box.size();
    const std::int64_t sx = s.x, sxz = std::int64_t(s.x) * s.z;
    out.assign(static_cast<std::size_t>(box.volume()), 0);
    auto put = [&](const openvdb::CoordBBox& bb, BlockId id) {
        const std::uint8_t c = code_of[id];
        if (c == 0) return;
        const Voxel lo = glm::max(Voxel(bb.min().x(), bb.min().y(), bb.min().z()), box.lo);
        const Voxel hi = glm::min(Voxel(bb.max().x() + 1, bb.max().y() + 1, bb.max().z() + 1), box.hi);
        for (int y = lo.y; y < hi.y; ++y)
            for (int z = lo.z; z < hi.z; ++z)
                for (int x = lo.x; x < hi.x; ++x)
                    out[(x - box.lo.x) + (z - box.lo.z) * sx + (y - box.lo.y) * sxz] = c;
    };
    const World::Tree& tree = world.grid().tree();
    if (box.volume() <= 32768) {
        World::Grid::ConstAccessor acc = world.grid().getConstAccessor();
        for (int y = box.lo.y; y < box.hi.y; ++y)
            for (int z = box.lo.z; z < box.hi.z; ++z)
                for (int x = box.lo.x; x < box.hi.x; ++x)
                    out[(x - box.lo.x) + (z - box.lo.z) * sx + (y - box.lo.y) * sxz] = code_of[acc.getValue(openvdb::Coord(x, y, z))];
        return;
    }
    const openvdb::CoordBBox clip(to_coord(box.lo), to_coord(box.hi - Voxel(1)));
    // Active tiles above the leaf level (constant regions after pruning).
    auto tiles = tree.cbeginValueOn();
    tiles.setMaxDepth(World::Tree::DEPTH - 2);
    for (; tiles; ++tiles) {
        openvdb::CoordBBox bb;
        tiles.getBoundingBox(bb);
        if (bb.hasOverlap(clip)) put(bb, *tiles);
    }
    for (auto leaf = tree.cbeginLeaf(); leaf; ++leaf) {
        const openvdb::CoordBBox bb = leaf->getNodeBoundingBox();
        if (!bb.hasOverlap(clip)) continue;
        for (auto v = leaf->cbeginValueOn(); v; ++v) {
            const openvdb::Coord c = v.getCoord();
            if (clip.isInside(c))
                if (const std::uint8_t code = code_of[*v])
                    out[(c.x() - box.lo.x) + (c.z() - box.lo.z) * sx + (c.y() - box.lo.y) * sxz] = code;
        }
    }
}

}  // namespace

NavField::NavField(const World& world, const AgentProfile& profile) : width_(profile.width), height_(profile.height) {
    profile.validate();
    // Floor multipliers above 1, ascending, so a larger index is a larger multiplier.
    std::set<double> distinct;
    for (const auto& [name, m] : profile.floor_cost)
        if (m > 1) distinct.insert(m);
    multipliers_.fill(1.0);
    int n = 1;
    for (double m : distinct) multipliers_[n++] = m;
    auto floor_index = [&](const std::string& name) -> std::uint8_t {
        auto it = profile.floor_cost.find(name);
        if (it == profile.floor_cost.end() || it->second <= 1) return 0;
        return static_cast<std::uint8_t>(std::find(multipliers_.begin() + 1, multipliers_.end(), it->second) - multipliers_.begin());
    };
    const BlockRegistry& reg = world.blocks();
    block_code_.resize(65536, 0);
    for (std::size_t id = 0; id < reg.size(); ++id) {
        const BlockType& t = reg[static_cast<BlockId>(id)];
        std::uint8_t c = 0;
        if (t.blocks_body()) c |= kBlocksBody;
        if (t.kind == BlockKind::Solid) c |= kSolid | static_cast<std::uint8_t>(floor_index(t.name) << 4);
        if (t.is_water()) c |= kWater;
        block_code_[id] = c;
    }
    rebuild(world);
}

VoxelBox NavField::wanted_domain(const World& world) const {
    if (world.bounds()) return *world.bounds();
    VoxelBox pop = world.populated_box();
    if (pop.empty()) pop = {{0, 0, 0}, {1, 1, 1}};
    // Standing needs a solid voxel below and flying around an obstacle needs
    // at most the agent's size of free space beside it.
    const Voxel grow(width_ + 1, height_ + 1, width_ + 1);
    return pop.grown(grow, grow);
}

void NavField::rebuild(const World& world) {
    domain_ = wanted_domain(world);
    array_ = domain_.grown(Voxel(1), Voxel(1));
    const Voxel s = array_.size();
    if (array_.volume() >= std::int64_t(no_index))
        throw std::length_error("navigation domain of " + std::to_string(array_.volume()) + " voxels exceeds 2^32");
    stride_z_ = s.x;
    stride_y_ = std::int64_t(s.x) * s.z;
    div_z_ = FastDivider(static_cast<std::uint32_t>(s.x));
    div_y_ = FastDivider(static_cast<std::uint32_t>(stride_y_));
    bits_.assign(static_cast<std::size_t>(array_.volume()), 0);
    detail::advise_huge_pages(bits_.data(), bits_.size());
    derive(world, array_);
    revision_ = world.revision();
    ++layout_;
}

void NavField::sync(const World& world) {
    if (world.revision() == revision_) return;
    std::vector<VoxelBox> changed;
    // Rebuild when the journal no longer reaches back, when bounds changed, or
    // when an unbounded world grew past the domain.
    const VoxelBox wanted = wanted_domain(world);
    const bool regrown = world.bounds() ? !(wanted == domain_) : !(domain_.united(wanted) == domain_);
    if (!world.changes_since(revision_, changed) || regrown) {
        rebuild(world);
        return;
    }
    // A changed voxel matters to every placement whose body or floor holds it.
    const Voxel reach(width_ - 1, height_ - 1, width_ - 1);
    for (const VoxelBox& c : changed) {
        const VoxelBox affected = c.grown(reach, Voxel(0, 1, 0)).intersected(array_);
        if (!affected.empty()) derive(world, affected);
    }
    revision_ = world.revision();
}

NavField::Index NavField::index_of(const Voxel& v) const {
    if (!array_.contains(v)) return no_index;
    const Voxel l = v - array_.lo;
    return static_cast<Index>(l.x + l.z * stride_z_ + l.y * stride_y_);
}

void NavField::derive(const World& world, const VoxelBox& box) {
    const int w = width_, h = height_;
    const VoxelBox kbox{box.lo - Voxel(0, 1, 0), box.hi + Voxel(w - 1, h - 1, w - 1)};
    std::vector<std::uint8_t> codes;
    fill_codes(world, block_code_, kbox, codes);
    const Voxel ks = kbox.size();
    const std::int64_t kx = ks.x, kxz = std::int64_t(ks.x) * ks.z;

    auto derive_layer = [&](int y) {
        for (int z = box.lo.z; z < box.hi.z; ++z) {
            for (int x = box.lo.x; x < box.hi.x; ++x) {
                const std::int64_t base = (x - kbox.lo.x) + (z - kbox.lo.z) * kx + (y - kbox.lo.y) * kxz;
                bool clear = true;
                for (int j = 0; j < h && clear; ++j)
                    for (int k = 0; k < w && clear; ++k)
                        for (int i = 0; i < w; ++i)
                            if (codes[base + i + k * kx + j * kxz] & kBlocksBody) {
                                clear = false;
                                break;
                            }
                bool water = false, solid_below = false;
                int floor = 0;
                for (int k = 0; k < w; ++k)
                    for (int i = 0; i < w; ++i) {
                        water |= (codes[base + i + k * kx] & kWater) != 0;
                        const std::uint8_t below = codes[base - kxz + i + k * kx];
                        if (below & kSolid) {
                            solid_below = true;
                            floor = std::max(floor, below >> 4);
                        }
                    }
                std::uint8_t b = 0;
                if (clear) b |= Clear;
                if (solid_below || water) b |= Supported;
                if (water) b |= Water;
                else b |= static_cast<std::uint8_t>(floor << 4);
                if (domain_.contains({x, y, z})) b |= Node;
                bits_[index_of({x, y, z})] = b;
            }
        }
    };
    if (box.volume() > 65536)
        tbb::parallel_for(tbb::blocked_range<int>(box.lo.y, box.hi.y),
                          [&](const tbb::blocked_range<int>& r) {
                              for (int y = r.begin(); y < r.end(); ++y) derive_layer(y);
                          });
    else
        for (int y = box.lo.y; y < box.hi.y; ++y) derive_layer(y);
}

}  // namespace voxnav
