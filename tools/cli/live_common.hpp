// Pieces the live-world commands share (voxnav live, voxnav soak).
#pragma once

#include "voxnav/bench/streaming.hpp"
#include "voxnav/route/navigator.hpp"

#include <optional>

namespace voxnav::cli {

/// The highest waypoint of column (x, z) on the navigator's snapshot, if any
/// (the streamed terrain's ground lies in y 64..79).
inline std::optional<Voxel> surface(const Navigator& nav, int x, int z) {
    for (int y = 100; y > 40; --y)
        if (nav.is_waypoint({x, y, z})) return Voxel{x, y, z};
    return std::nullopt;
}

/// Loads the (2 radius + 1)^2 columns around chunk column (px, 0).
inline void load_view(StreamedTerrain& t, int px, int radius) {
    for (int cz = -radius; cz <= radius; ++cz)
        for (int cx = px - radius; cx <= px + radius; ++cx) t.load_column(cx, cz);
}

}  // namespace voxnav::cli
