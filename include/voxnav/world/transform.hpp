// SPDX-License-Identifier: MIT
/// @file transform.hpp
/// @brief WorldTransform: how a game's float positions map to voxels.
///
/// Errors: none (plain arithmetic; non-finite input gives unspecified voxels).
#pragma once

#include "voxnav/api.hpp"

#include "voxnav/world/box.hpp"

#include <glm/vec3.hpp>

namespace voxnav {
VOXNAV_API_BEGIN

/// Maps a game's float positions to voxels and back.
struct WorldTransform {
    /// Edge length of one voxel in game units. [Limit: > 0]
    double voxel_size = 1.0;
    /// Game-space position of voxel (0, 0, 0)'s minimum corner.
    glm::dvec3 origin{0.0, 0.0, 0.0};

    /// The voxel containing a game-space point.
    [[nodiscard]] Voxel to_voxel(const glm::dvec3& p) const;
    /// Game-space centre of the voxel's floor face: where feet in that voxel stand.
    [[nodiscard]] glm::dvec3 to_world(const Voxel& v) const;
    /// Game-space point -> voxel units (voxel (0, 0, 0)'s minimum corner at 0).
    [[nodiscard]] glm::dvec3 to_voxel_units(const glm::dvec3& p) const { return (p - origin) / voxel_size; }
    /// Voxel units -> game space.
    [[nodiscard]] glm::dvec3 to_game(const glm::dvec3& v) const { return origin + v * voxel_size; }
    bool operator==(const WorldTransform& o) const { return voxel_size == o.voxel_size && origin == o.origin; }
    bool operator!=(const WorldTransform& o) const { return !(*this == o); }
};

VOXNAV_API_END
}  // namespace voxnav
