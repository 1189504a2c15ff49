// SPDX-License-Identifier: MIT
/// @file goal.hpp
/// @brief Goal: where a route may end. An NPC's AI rarely wants one exact
/// voxel: it wants "near the player", "next to that chest", "this column",
/// "away from the creeper". Every goal is a set of waypoints; the search
/// stops at the first waypoint of the set it takes from the open list, so at
/// weight 1 the route is the cheapest to any of them.
///
///   auto g = voxnav::Goal::near({10, 64, 3}, 2.5);            // within 2.5 voxels
///   auto d = voxnav::Goal::near_xz(500, -300, 1000);          // within 1000 horizontally, any height
///   auto any = voxnav::Goal::any_of({voxnav::Goal::at({1, 1, 1}), voxnav::Goal::touch({5, 1, 5})});
///   auto run = voxnav::Goal::flee({{{0, 64, 0}, 12.0}});       // 12 voxels from the creeper
///   voxnav::Goal parsed = voxnav::parse_goal("xz:4,-7");      // the CLI's syntax
///
/// Distances are Euclidean between the waypoint's feet voxel coordinates
/// and the given point (both in voxels; points may be fractional).
///
/// Heuristics (all admissible and consistent, so routes are optimal at weight 1):
/// - at, near, near_xz, column, level, touch: the agent's own lower bound
///   (MovementModel::lower_bound) to the nearest point of the goal's bounding
///   box of feet positions; for `near` also the horizontal (or, for pure
///   flyers, 3D) Euclidean distance to the sphere times the cheapest
///   per-voxel cost. Ground agents' bounds ignore height (falls are nearly
///   free), so `level` guides a ground agent no better than Dijkstra.
/// - any_of: the smallest of its parts' bounds.
/// - flee: 0 for agents that walk, jump, fall or swim (a fall gains height
///   distance almost for free); for pure flyers, the largest remaining
///   distance to a safe radius times the per-voxel flight cost.
#pragma once

#include "voxnav/api.hpp"

#include "voxnav/world/box.hpp"

#include <glm/vec3.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace voxnav {
VOXNAV_API_BEGIN

/// A point to run from: waypoints at least `radius` voxels away are safe.
struct Threat {
    glm::dvec3 point{0.0};
    double radius = 0.0;  ///< [Units: voxels] [Limit: >= 0, finite]
};

class Goal {
public:
    enum class Kind : std::uint8_t {
        At,      ///< that waypoint
        Near,    ///< any waypoint within `radius` of `point`
        Column,  ///< any waypoint with feet x = voxel.x, z = voxel.z
        Level,   ///< any waypoint with feet y = voxel.y
        Touch,   ///< any waypoint from which the body touches block `voxel`
        NearXZ,  ///< any waypoint whose feet lie within `radius` of `point` horizontally (any y)
    };
    /// A box of feet positions, [lo, hi] per axis (x, y, z) inclusive, in
    /// voxels; infinite where a part is unbounded (a column's y).
    struct FeetBox {
        double lo[3], hi[3];
    };
    /// One alternative of a goal.
    struct Part {
        Kind kind = Kind::At;
        Voxel voxel{0};          ///< At, Touch: the voxel; Column: x, z; Level: y; NearXZ: the centre's voxel (x, 0, z)
        glm::dvec3 point{0.0};   ///< Near: the centre; NearXZ: the centre (x, 0, z)
        double radius = 0.0;     ///< Near, NearXZ: [Units: voxels]

        /// Every feet position that can satisfy this part for an agent
        /// `width` x `height`: At: the voxel; Near: the sphere's box rounded
        /// inwards to whole voxels; NearXZ: the disc's square rounded inwards,
        /// any y; Column, Level: the line or plane; Touch:
        /// [block - (width, height, width), block + 1]. The one place the
        /// search's bound and the goal diagnosis get a part's region from.
        [[nodiscard]] FeetBox feet_box(int width, int height) const;
        /// "no waypoint lies within 3 voxels of the point" and the like: why
        /// no waypoint satisfies this part, when none does.
        [[nodiscard]] std::string unsatisfied() const;
    };

    Goal() = default;
    static Goal at(const Voxel& feet);
    /// Throws std::invalid_argument unless radius >= 0 and everything is finite.
    static Goal near(const glm::dvec3& point, double radius);
    static Goal column(int x, int z);
    /// Waypoints whose feet lie within `radius` of (x, z) horizontally, at any
    /// height (mineflayer's GoalNearXZ): one region, tested, never a list of
    /// columns, so a radius of thousands costs what a radius of one does.
    /// Throws std::invalid_argument unless radius >= 0 and everything is finite.
    static Goal near_xz(double x, double z, double radius);
    static Goal level(int y);
    /// Waypoints from which the agent can use `block` (a chest, a door, a
    /// lever): the block shares a face with a voxel of the body, or is the
    /// floor voxel right under the footprint.
    static Goal touch(const Voxel& block);
    /// Any of these goals. Throws std::invalid_argument for an empty list or a
    /// flee goal among them.
    static Goal any_of(const std::vector<Goal>& goals);
    /// Waypoints at least each threat's radius from its point. Throws
    /// std::invalid_argument for no threats or a bad radius.
    static Goal flee(const std::vector<Threat>& threats);

    [[nodiscard]] bool is_flee() const { return !threats_.empty(); }
    [[nodiscard]] const std::vector<Part>& parts() const { return parts_; }
    [[nodiscard]] const std::vector<Threat>& threats() const { return threats_; }
    /// True for the single-voxel goal of a plain route query.
    [[nodiscard]] bool is_single_voxel() const { return parts_.size() == 1 && parts_[0].kind == Kind::At; }

    /// Moves exact part `i` (Kind::At) to another feet voxel: snapping.
    /// Throws std::out_of_range for another kind of part or a bad index.
    void move_exact_part(std::size_t i, const Voxel& feet);

    /// Whether an agent with this footprint and height standing at `feet`
    /// satisfies the goal (it must also be a waypoint, which this does not check).
    [[nodiscard]] bool satisfied_by(const Voxel& feet, int width, int height) const;
    /// The goal in the CLI's syntax ("near:1,2,3:4", "flee:...").
    [[nodiscard]] std::string describe() const;

private:
    std::vector<Part> parts_;
    std::vector<Threat> threats_;
};

/// One goal in the CLI's syntax: `X,Y,Z`, `near:X,Y,Z:R`, `nearxz:X,Z:R`,
/// `xz:X,Z`, `y:Y`, `touch:X,Y,Z` (X, Y, Z integers except near's and
/// nearxz's centres, which may be fractional). Throws std::invalid_argument naming the text.
[[nodiscard]] Goal parse_goal(const std::string& text);
/// One `--flee` value: `X,Y,Z:R`. Throws std::invalid_argument.
[[nodiscard]] Threat parse_threat(const std::string& text);

VOXNAV_API_END
}  // namespace voxnav
