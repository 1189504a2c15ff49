// SPDX-License-Identifier: MIT
/// @file palette.hpp
/// @brief The colours of pictures: blocks by kind and name, shading by
/// height, actions, searched nodes and reachable areas. One table, so the
/// PNG pictures, the 3D viewer and the tests agree.
///
/// Errors: none.
#pragma once

#include "voxnav/agent/action.hpp"
#include "voxnav/pictures/image.hpp"
#include "voxnav/world/block.hpp"

namespace voxnav::pictures {

/// Water is blue, lava (any hazard liquid) red, air the background; solid
/// blocks by name (grass green, dirt brown, sand, snow, stone grey, wood,
/// leaves, mud, ...), other names a muted colour derived from the name.
[[nodiscard]] Rgb block_colour(const BlockType& type);
/// `base` shaded by height: t = 0 at the bottom of the shown range (darkest,
/// 60%) to t = 1 at its top (full colour).
[[nodiscard]] Rgb shade(Rgb base, double t);

namespace colours {
inline constexpr Rgb background{24, 26, 34};   ///< no block / air
/// Searched (closed) nodes, blended over terrain: pink, far from water's
/// blue (it was blue, and expanded nodes looked like water).
inline constexpr Rgb expanded{255, 150, 220};
inline constexpr Rgb open{40, 220, 80};         ///< open list, blended over terrain (legend: "open list", not the door action)
inline constexpr double overlay_strength = 0.55;
inline constexpr Rgb start{255, 255, 255};      ///< frame around the start
inline constexpr Rgb goal{255, 30, 30};         ///< frame around the goal
inline constexpr Rgb legend_band{16, 16, 20};
inline constexpr Rgb legend_text{230, 230, 230};
}  // namespace colours

/// Route colour of each motion: walk yellow, jump orange, leap blue, fall
/// magenta, swim cyan, fly violet, climb green (start: the walk colour).
[[nodiscard]] Rgb action_colour(Action a);
/// The waypoint marker of a move that opens (red), digs (brown) or places (teal).
[[nodiscard]] Rgb world_act_colour(WorldAct a);
/// Voxels a route opens, digs and places (their own colours in pictures and the viewer).
[[nodiscard]] Rgb opened_colour();
[[nodiscard]] Rgb dug_colour();
[[nodiscard]] Rgb placed_colour();
/// Flow-field heat: t = 0 (at the goal) pale yellow, through orange and
/// red, to t = 1 (the far end of the scale) deep purple. t is clamped.
[[nodiscard]] Rgb heat_colour(double t);
/// Reachable-area colours of up to three agents (red, green, blue channels),
/// added where they overlap: two agents give yellow, magenta or cyan, all
/// three white. `mask` bit i = agent i reaches the column.
[[nodiscard]] Rgb reach_colour(unsigned mask);

}  // namespace voxnav::pictures
