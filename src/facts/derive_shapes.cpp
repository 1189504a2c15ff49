// SPDX-License-Identifier: MIT
// The shaped derivation: facts and shape facts of a chunk near slabs,
// stairs, fences, ladders, doors or damaging floors (facts/fact.hpp says
// what each field means). Slower than derive_chunk per chunk, and only run
// for such chunks.
#include "derive_chunk.hpp"
#include "read_box.hpp"

#include <algorithm>

namespace voxnav::detail {

bool derive_shapes(const detail::BlockTree& tree, const std::vector<BlockGeo>& geo, const ShapeParams& p,
                   const std::optional<VoxelBox>& bounds, const Voxel& chunk, DeriveScratch& s, Fact::Raw* out,
                   ShapeFact::Raw* shapes) {
    const int w = p.width, below = 2;
    const Voxel size(16 + w - 1, 16 + below + p.reach_up, 16 + w - 1);
    const glm::i64vec3 lo = glm::i64vec3(chunk) * std::int64_t(16) - glm::i64vec3(0, below, 0);
    const int sx = size.x, sxz = size.x * size.z;
    s.ids.resize(std::size_t(sxz) * std::size_t(size.y));
    read_box(tree, lo, size, s.ids.data(), [](BlockId id) { return id; });
    const Voxel base = chunk * 16;
    const bool all_nodes = !bounds || (bounds->contains(base) && bounds->contains(base + Voxel(15)));
    const int top_cell = size.y - below;  // cells above the chunk's bottom that were read
    auto at = [&](int x, int cy, int z) -> const BlockGeo& {
        return geo[s.ids[std::size_t(x + z * sx + (cy + below) * sxz)]];
    };

    for (int y = 0; y < 16; ++y)
        for (int z = 0; z < 16; ++z)
            for (int x = 0; x < 16; ++x) {
                // Heights in sixteenths above the chunk's bottom.
                const int n16 = y * 16;
                // 1. The surface: the highest top in [y - 8/16, y + 8/16) of the footprint.
                bool topped = false;
                int surface = n16;
                for (int k = 0; k < w; ++k)
                    for (int i = 0; i < w; ++i)
                        for (int cy = y - 2; cy <= y; ++cy) {
                            const BlockGeo& g = at(x + i, cy, z + k);
                            if (g.hi == 0) continue;
                            const int t = cy * 16 + g.hi;
                            if (t >= n16 - 8 && t < n16 + 8 && (!topped || t > surface)) {
                                surface = t;
                                topped = true;
                            }
                        }
                // 2. What is under the feet at the surface, what is at them.
                bool floor = false, bad_floor = false, water = false, hold = false, ladder_below = false, low_jump = false;
                unsigned stairs = 0, floor_class = 0;
                for (int k = 0; k < w; ++k)
                    for (int i = 0; i < w; ++i) {
                        for (int cy = y - 2; topped && cy <= y; ++cy) {
                            const BlockGeo& g = at(x + i, cy, z + k);
                            if (g.hi == 0 || cy * 16 + g.hi != surface) continue;
                            if (g.supports) {
                                floor = true;
                                floor_class = std::max<unsigned>(floor_class, g.floor_class);
                                stairs |= g.stairs;
                                low_jump |= g.low_jump;
                            }
                            bad_floor |= g.hurts_feet;  // never stood on, whatever else is there
                        }
                        const BlockGeo& feet = at(x + i, y, z + k);
                        water |= feet.water;
                        hold |= feet.climbable;
                        ladder_below |= at(x + i, y - 1, z + k).climbable;
                    }
                // 3. Headroom: the lowest obstruction bottom above the surface.
                int room = top_cell * 16 - surface;
                bool needs_open = false, door = false, stuck = false;
                unsigned inside_class = 0;
                for (int k = 0; k < w; ++k)
                    for (int i = 0; i < w; ++i)
                        for (int cy = y - 2; cy < top_cell; ++cy) {
                            const BlockGeo& g = at(x + i, cy, z + k);
                            if (!g.body || g.hi == 0) continue;
                            const int b = cy * 16 + g.lo, t = cy * 16 + g.hi;
                            if (t <= surface) continue;
                            room = std::min(room, std::max(0, b - surface));
                            break;
                        }
                const int body_top = surface + p.height16;
                for (int k = 0; k < w; ++k)
                    for (int i = 0; i < w; ++i)
                        for (int cy = y - 2; cy * 16 < body_top && cy < top_cell; ++cy) {
                            const BlockGeo& g = at(x + i, cy, z + k);
                            if ((g.inside_class || g.stuck) && cy * 16 + 16 > surface) {
                                // A block that slows a body inside it: a walk here pays the
                                // dearer of it and the floor (Minecraft multiplies both).
                                inside_class = std::max<unsigned>(inside_class, g.inside_class);
                                stuck |= g.stuck;
                            }
                            if (!g.door) continue;
                            // A door counts where its voxel meets the body; a closed
                            // one of the agent's classes where its collision does.
                            if (cy * 16 + 16 > surface) door = true;
                            // (Its span as the shape fact codes it: the doors a route
                            // lists are the ones counted here.)
                            const unsigned span = ShapeFact::door_span_code(g.lo, g.hi);
                            if (g.mine && cy * 16 + ShapeFact::door_span_hi(span) > surface && cy * 16 + ShapeFact::door_span_lo(span) < body_top)
                                needs_open = true;
                        }
                const bool clear = room >= p.height16;
                const bool supported = (floor && !bad_floor) || water || hold || ladder_below;
                // The class a walk onto here pays: the floor's, or a slowing block's
                // in the body when dearer (on a ladder too). In water, the slowing
                // block's alone: a swim into or out of a cobweb pays it (the
                // shaped rules' slow_cost), a swim elsewhere none.
                const unsigned cls = std::max(floor ? floor_class : 0u, inside_class);
                Fact::Raw b = Fact::make(clear, supported, water, all_nodes || bounds->contains(base + Voxel(x, y, z)),
                                         !supported ? 0u : water ? inside_class : cls)
                                  .raw();
                const int l = x + 16 * z + 256 * y;
                out[l] = b;
                shapes[l] = ShapeFact::make(surface - n16, topped, floor ? stairs : 0, hold, door, needs_open && clear, unsigned(room),
                                            at(x, y, z).mine, stuck, floor && low_jump,
                                            at(x, y, z).mine ? ShapeFact::door_span_code(at(x, y, z).lo, at(x, y, z).hi) : 0u)
                                .raw();
            }
    const Fact::Raw first = out[0];
    for (int i = 1; i < 4096; ++i)
        if (out[i] != first) return false;
    return true;
}

}  // namespace voxnav::detail
