// SPDX-License-Identifier: MIT
/// @file map_picture.hpp
/// @brief Pictures of a world region: top-down (each column coloured by its
/// top block and shaded by height) or a vertical section along x or z, with
/// a route coloured by action, the searched nodes (expanded pink, open list
/// green), reachable areas, start and goal frames and a legend.
///
///   voxnav::pictures::MapPicture pic;
///   pic.route = &route;                 // overlays are optional
///   pic.trace = &trace;
///   voxnav::pictures::write_png(voxnav::pictures::render_map(world, pic), "map.png");
///
/// Geometry. Top-down: picture x = voxel x, picture y = voxel z (north, -z,
/// at the top), each voxel `scale` x `scale` pixels. Section x:N: picture x =
/// z, picture y = y (up at the top); section z:N: picture x = x. The map is
/// crop width * scale wide and crop depth (or height) * scale high; the
/// legend, when on, adds a band below it and never widens the picture.
/// Overlays outside the crop are not drawn; in a section, the route and the
/// searched nodes are drawn projected onto its plane.
///
/// Cost: one block read per voxel of the crop above each column's top block
/// (top-down) or per voxel of the section's plane. Reads the World: call it
/// where reading the World is allowed (see world.hpp).
#pragma once

#include "voxnav/pictures/image.hpp"
#include "voxnav/route/route.hpp"
#include "voxnav/route/trace.hpp"
#include "voxnav/world/world.hpp"

#include <optional>
#include <string>
#include <vector>

namespace voxnav::pictures {

enum class MapView : std::uint8_t { TopDown, SectionX, SectionZ };

/// One waypoint of a flow field (route/flow_field.hpp), for a heat map.
struct HeatCell {
    Voxel position{0};
    double cost = 0.0;      ///< [Units: seconds]
    Voxel next{0};          ///< the next waypoint (== position at the goal)
    Action action = Action::Start;
};

/// The positions one agent reaches, drawn in its reach_colour.
struct ReachLayer {
    const std::vector<Voxel>* positions = nullptr;
    std::string label;  ///< legend text (the agent's name)
};

struct MapPicture {
    MapView view = MapView::TopDown;
    int section = 0;  ///< the x (SectionX) or z (SectionZ) of the plane [Units: voxels]
    /// Region shown (half-open). Default: the world's bounds, or the box of
    /// its blocks when unbounded. Top-down, its y range limits which blocks
    /// count as a column's top (look under a roof by lowering hi.y).
    std::optional<VoxelBox> crop;
    /// Pixels per voxel; 0 picks the largest that keeps the map within
    /// `auto_size` pixels (at least 1). [Limit: 0..64]
    int scale = 0;
    int auto_size = 768;  ///< [Units: pixels]
    bool legend = true;

    const Route* route = nullptr;
    const SearchTrace* trace = nullptr;  ///< expanded and open nodes
    std::optional<Voxel> start, goal;    ///< framed (default: the route's ends)
    std::vector<ReachLayer> reach;       ///< up to three agents
    /// A flow field as a heat map: each cell takes the cheapest cost of its
    /// waypoints (top-down: of its column), coloured by heat_colour(cost /
    /// heat_max); where cells are at least 6 px, a line from the cell's
    /// centre towards the next waypoint: dark for walks, in the action's colour
    /// for the other moves.
    const std::vector<HeatCell>* heat = nullptr;
    double heat_max = 0.0;  ///< cost at the far end of the scale (0: the largest cost) [Units: seconds]
    /// Lines of figures for the legend (for example "cost 12.3 s  expanded 1234").
    std::vector<std::string> notes;
};

/// Geometry of a picture: which region, at what scale.
struct MapFrame {
    VoxelBox crop;
    int scale = 1;
    int map_width = 0, map_height = 0;  ///< [Units: pixels]
};
/// The region and scale render_map uses for these options. Throws
/// std::invalid_argument for an empty crop, a bad scale or a map larger than
/// 65535 pixels per side.
[[nodiscard]] MapFrame frame_of(const World& world, const MapPicture& options);
/// The pixel at the centre of voxel `v`'s cell (top-down: its column).
[[nodiscard]] std::pair<int, int> pixel_of(const MapFrame& frame, MapView view, const Voxel& v);

/// Draws the picture. Throws std::invalid_argument as frame_of does.
[[nodiscard]] Image render_map(const World& world, const MapPicture& options);
/// The texts of the legend render_map draws, in order (swatch labels and
/// notes), whether or not options.legend draws it. Throws as frame_of does.
[[nodiscard]] std::vector<std::string> legend_texts(const World& world, const MapPicture& options);

}  // namespace voxnav::pictures
