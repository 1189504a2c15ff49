// SPDX-License-Identifier: MIT
/// @file box.hpp
/// @brief VoxelBox: a half-open box of integer voxel coordinates.
///
///   voxnav::VoxelBox b{{0, 0, 0}, {16, 16, 16}};   // 16^3 voxels
///   if (b.contains({3, 4, 5})) ...
///
/// Errors: none.
#pragma once

#include "voxnav/api.hpp"

#include <glm/common.hpp>
#include <glm/vec3.hpp>

#include <algorithm>
#include <cstdint>

namespace voxnav {
VOXNAV_API_BEGIN

/// Integer voxel coordinate. x and z are horizontal, y is up. [Units: voxels]
using Voxel = glm::ivec3;

/// Half-open box [lo, hi) of voxels. Empty when any hi component <= lo.
struct VoxelBox {
    Voxel lo{0, 0, 0};
    Voxel hi{0, 0, 0};

    [[nodiscard]] bool empty() const { return hi.x <= lo.x || hi.y <= lo.y || hi.z <= lo.z; }
    [[nodiscard]] Voxel size() const { return empty() ? Voxel{0, 0, 0} : hi - lo; }
    [[nodiscard]] std::int64_t volume() const {
        const Voxel s = size();
        return std::int64_t(s.x) * s.y * s.z;
    }
    [[nodiscard]] bool contains(const Voxel& v) const {
        return v.x >= lo.x && v.y >= lo.y && v.z >= lo.z && v.x < hi.x && v.y < hi.y && v.z < hi.z;
    }
    /// Smallest box holding both (an empty box is ignored).
    [[nodiscard]] VoxelBox united(const VoxelBox& o) const {
        if (empty()) return o;
        if (o.empty()) return *this;
        return {glm::min(lo, o.lo), glm::max(hi, o.hi)};
    }
    [[nodiscard]] VoxelBox intersected(const VoxelBox& o) const { return {glm::max(lo, o.lo), glm::min(hi, o.hi)}; }
    /// Grown by `below` at the low end and `above` at the high end on every axis.
    [[nodiscard]] VoxelBox grown(const Voxel& below, const Voxel& above) const { return {lo - below, hi + above}; }
    bool operator==(const VoxelBox& o) const { return lo == o.lo && hi == o.hi; }
};

VOXNAV_API_END
}  // namespace voxnav
