// SPDX-License-Identifier: MIT
/// @file viewer.hpp
/// @brief The 3D viewer: one self-contained HTML page (three.js inlined, no
/// server needed) showing a world region's visible voxel faces, merged into
/// large quads, with water and lava translucent; a route as a line coloured
/// by action with its waypoints; the searched nodes and reachable areas as
/// toggles; an orbit camera; and the query's figures.
///
///   voxnav::pictures::ViewerScene scene;
///   scene.route = &route;
///   std::ofstream("route.html") << voxnav::pictures::viewer_html(world, scene);
///
/// The page sets `data-status="ok"` on <body> once drawn, or "error: ..."
/// (also shown on the page) if a script fails: what the headless-browser
/// test reads.
///
/// Cost: one block read per voxel of the region and its faces; about 14
/// bytes of page per merged quad, plus three.js (about 600 KB). Reads the
/// World: call it where reading the World is allowed.
#pragma once

#include "voxnav/pictures/image.hpp"
#include "voxnav/route/reach.hpp"
#include "voxnav/route/route.hpp"
#include "voxnav/route/trace.hpp"
#include "voxnav/world/world.hpp"

#include <optional>
#include <string>
#include <vector>

namespace voxnav::pictures {

struct ViewerScene {
    /// Region shown (half-open). Default: the world's bounds, or the box of
    /// its blocks. [Limit: at most 65535 voxels per side]
    std::optional<VoxelBox> region;
    const Route* route = nullptr;
    const SearchTrace* trace = nullptr;       ///< expanded and open nodes (a toggle)
    std::vector<Voxel> reachable;              ///< reachable area (a toggle)
    int agent_width = 1;                       ///< to place the route at the footprint's centre [Units: voxels]
    std::optional<Voxel> start, goal;          ///< marked (default: the route's ends)
    std::vector<std::string> notes;            ///< lines of figures shown on the page
    std::string title = "voxnav view";
    /// Quads above this make the page refuse (std::length_error): crop the region.
    std::size_t max_quads = 3'000'000;
};

/// Merged visible faces of a region (the page's meshes), for tests and figures.
struct FaceMesh {
    struct Quad {
        std::uint8_t direction;  ///< 0..5: +x, -x, +y, -y, +z, -z
        Voxel corner;            ///< lowest corner of the face's voxels
        int width, height;       ///< extent along the two other axes (u = axis+1, v = axis+2, mod 3) [Units: voxels]
        BlockId block;
    };
    /// A voxel of a shaped block (slab, stairs, fence, door, ladder, ...: see
    /// BlockType::is_shaped), drawn at its shape by the page, not as faces.
    struct Shaped {
        Voxel position;
        BlockId block;
        bool spans_x;  ///< solid blocks at x - 1 and x + 1: a door or gate here lies along x
    };
    std::vector<Quad> quads;
    std::vector<Shaped> shaped;
    std::uint64_t faces = 0;     ///< voxel faces before merging
};
/// The region's visible faces: a solid block's face towards a non-solid
/// neighbour (or the region's side), a liquid's face towards air; merged
/// greedily into rectangles of one block type per plane. Shaped blocks and
/// ladders hide no face and are listed in `shaped` instead. Faces towards the
/// region's floor are left out (nobody looks from below). Throws
/// std::invalid_argument for an empty region or one over 65535 voxels a side.
[[nodiscard]] FaceMesh visible_faces(const World& world, const VoxelBox& region);

/// True when this build inlines three.js (found at configure time).
[[nodiscard]] bool viewer_available();
/// What a page holds, for figures.
struct ViewerStats {
    std::uint64_t faces = 0;  ///< visible voxel faces
    std::size_t quads = 0;    ///< after merging
};
/// The page. Throws std::invalid_argument for an empty region, std::length_error
/// above max_quads, std::runtime_error when built without three.js.
[[nodiscard]] std::string viewer_html(const World& world, const ViewerScene& scene, ViewerStats* stats = nullptr);

}  // namespace voxnav::pictures
