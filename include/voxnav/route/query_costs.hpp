// SPDX-License-Identifier: MIT
/// @file query_costs.hpp
/// @brief Per-query costs: zones that make moves dearer (danger: a lava
/// field, a guard's sight) or cheaper (a road, cover), and per-query
/// overrides of the profile's floor costs. They change one query only; the
/// shared navigation facts stay as they are.
///
///   voxnav::QueryOptions q;
///   q.zones.push_back(voxnav::CostZone::sphere({40, 64, 12}, 6.0, voxnav::CostZone::forbid));  // never enter
///   q.zones.push_back(voxnav::CostZone::box({{0, 63, 0}, {64, 66, 3}}, 0.5));                 // the road
///   q.floor_cost["soul_sand"] = 8.0;   // this NPC hates soul sand today
///
/// A zone multiplies the cost of every move whose *end* waypoint (feet
/// voxel) lies inside it; overlapping zones multiply. Routes stay optimal:
/// the heuristic is scaled by the smallest multiplier a move can get, the
/// product of all multipliers below 1 (say so in the route's figures).
/// Up to ZoneCosts::list_limit zones are a list checked against each
/// generated move after a test of their common bounding box; more are
/// bucketed per 16^3 chunk when the query begins (see nav_problem.hpp).
#pragma once

#include "voxnav/api.hpp"

#include "voxnav/search/status.hpp"
#include "voxnav/world/box.hpp"

#include <glm/vec3.hpp>

#include <limits>
#include <map>
#include <string>
#include <vector>

namespace voxnav {
VOXNAV_API_BEGIN

struct SearchTrace;

struct CostZone {
    /// A multiplier that forbids entering the zone.
    static constexpr double forbid = std::numeric_limits<double>::infinity();
    enum class Shape : std::uint8_t { Sphere, Box };

    Shape shape = Shape::Sphere;
    glm::dvec3 centre{0.0};  ///< Sphere: centre [Units: voxels]
    double radius = 0.0;     ///< Sphere: feet voxels at Euclidean distance <= radius are inside [Units: voxels]
    VoxelBox box;            ///< Box: half-open box of feet voxels
    /// Cost factor for moves ending inside. [Limit: > 0; `forbid` = +inf]
    double multiplier = 1.0;

    static CostZone sphere(const glm::dvec3& centre, double radius, double multiplier);
    static CostZone in_box(const VoxelBox& box, double multiplier);

    [[nodiscard]] bool contains(const Voxel& v) const {
        if (shape == Shape::Box) return box.contains(v);
        const glm::dvec3 d = glm::dvec3(v) - centre;
        return d.x * d.x + d.y * d.y + d.z * d.z <= radius * radius;
    }
    /// Throws std::invalid_argument naming the bad field.
    void validate() const;
};

/// How a query looks zones up: a list (few zones), or buckets per 16^3
/// chunk (many). Auto picks by count; the others are for measuring.
enum class ZoneIndex : std::uint8_t { Auto, List, Chunks };

/// Exact search acceleration (the same costs, fewer expansions). Traces
/// always show the plain search.
/// Landmarks (src/route/problems/landmarks.hpp): a bound that knows the terrain, for
/// every goal kind, zone and floor override of ground agents, once the
/// agent's tables exist (LandmarkSettings; QueryOptions::landmarks opts out).
/// Auto and JumpPoints use them; Off does not.
/// JumpPoints: jump points over plain floor (src/route/problems/jump_points.hpp) for
/// plain voxel-to-voxel queries of agents that walk diagonally and do not
/// fly, and for agents that only fly, canonical pruning in open sky
/// (src/route/problems/open_sky.hpp), which Auto always uses for them. Auto: jump points
/// where they pay: worlds where at least kAutoJumpPlainShare of the dry
/// floor is plain (grid maps), or kAutoJumpPlainShareWithLandmarks when
/// landmarks guide the query; below that they cost more time than they
/// save (docs/benchmarks.md, "Where the defaults come from"). Off: the
/// plain search.
enum class Acceleration : std::uint8_t { Auto, Off, JumpPoints };
/// The share of plain floor (NavSnapshot::plain_voxel_count() over
/// floor_voxel_count()) from which Auto uses jump points.
inline constexpr double kAutoJumpPlainShare = 0.9;
/// The same share when the landmark bound guides the query: with a bound
/// that knows the terrain, runs over plain floor pay from about half the
/// floor plain.
inline constexpr double kAutoJumpPlainShareWithLandmarks = 0.5;

/// Everything a query may add to the start and the goal.
struct QueryOptions {
    SearchLimits limits;
    std::vector<CostZone> zones;
    /// Floor block name -> multiplier (>= 1) for this query, in place of the
    /// profile's. Only blocks the profile's floor_cost lists with a multiplier
    /// above 1 can be overridden: the shared facts keep only those apart. For
    /// agents wider than 1, the overrides must keep the order of the profile's
    /// multipliers (a footprint over two floors pays the dearer one). Names
    /// the profile gives one multiplier share one floor class and take one
    /// override (two different ones are an error). Digging and placing
    /// moves are priced with the overrides too.
    std::map<std::string, double> floor_cost;
    /// An exact goal (Goal::at) that is not a waypoint snaps to the nearest
    /// one, as the start given in game units does (Navigator::snap).
    bool snap_goal = false;
    /// Zone lookup structure (leave at Auto; the others exist to measure).
    ZoneIndex zone_index = ZoneIndex::Auto;
    Acceleration acceleration = Acceleration::Auto;
    /// Use the landmark tables' bound (src/route/problems/landmarks.hpp) when they exist
    /// for this agent (Auto and JumpPoints; Off never does). Routes cost the
    /// same either way; false only to measure or to save the setup of a
    /// query that is known to be short.
    bool landmarks = true;
    /// When set, the query records what its search did here (route/trace.hpp):
    /// cleared at the start, complete when the query ends. Must outlive the
    /// query. Unset, recording costs nothing.
    SearchTrace* trace = nullptr;
};

/// Parses a CLI zone `X,Y,Z:R:M` (M a number or `inf`) as a sphere. Throws
/// std::invalid_argument naming the text.
[[nodiscard]] CostZone parse_zone(const std::string& text);

VOXNAV_API_END
}  // namespace voxnav
