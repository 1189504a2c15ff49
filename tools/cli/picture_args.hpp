// SPDX-License-Identifier: MIT
// Options shared by the picture commands (render, reach, compare): the
// region (--crop), the view (--section), the scale and the legend, and the
// file they write.
#pragma once

#include "cli_common.hpp"
#include "query_args.hpp"

#include "voxnav/pictures/map_picture.hpp"

#include <chrono>
#include <cstdio>

namespace voxnav::cli {

struct PictureArgs {
    std::optional<std::string> crop, section;
    int scale = 0;
    bool no_legend = false;
};

/// Adds --crop, --section, --scale and --no-legend.
void add_picture_options(CLI::App* sub, PictureArgs& args);
/// The picture options from the arguments (UsageError for bad text).
pictures::MapPicture picture_options(const PictureArgs& args);
/// "X0,Y0,Z0,X1,Y1,Z1" (two opposite corners, inclusive) or "X0,Z0,X1,Z1"
/// (every y of `world`) as a half-open box.
VoxelBox parse_crop(const World& world, const std::string& text);

/// The reached waypoints' positions (for a picture's reach layer or the viewer).
std::vector<Voxel> positions_of(const Reach& r);

/// Renders and writes a PNG; prints "wrote F (W x H px, N bytes) in T ms"
/// to `report`. Returns the picture's size in bytes.
std::uintmax_t write_picture(const World& world, pictures::MapPicture& pic, const std::optional<std::string>& crop,
                             const std::string& out, std::FILE* report = stdout);

/// The route query a picture shows, run with a trace.
struct PictureQuery {
    Route route;
    SearchTrace trace;
    Voxel from{0};
    std::optional<Voxel> goal;  ///< an exact goal, to frame
    std::string note;           ///< agent and figures, for the legend
};
/// Runs the query of --from/--to (nullopt without --from) and prints its
/// status, cost, expansions and waypoint count.
std::optional<PictureQuery> picture_query(const World& world, const AgentProfile& profile, const QueryArgs& args);
/// "found  cost 4.893 s  expanded 51  time 0.03 ms".
std::string route_figures(const Route& r);
/// The agent's name for legends: the profile file's stem, or "default humanoid".
std::string agent_label(const std::optional<std::string>& path);

/// Milliseconds since `t0`.
inline double ms_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace voxnav::cli
