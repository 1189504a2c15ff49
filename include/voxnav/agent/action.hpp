// SPDX-License-Identifier: MIT
/// @file action.hpp
/// @brief Action: what the body does to reach a waypoint (its motion), and
/// MoveTag: a move as the rules give it, its motion plus what it does to the
/// world on the way (the doors it opens, the voxels it digs, the blocks it places).
///
///   for (const voxnav::Waypoint& w : route.waypoints)
///       if (w.action == voxnav::Action::Leap) run_for_it();
///
/// Errors: none.
#pragma once

#include "voxnav/api.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace voxnav {
VOXNAV_API_BEGIN

/// The motion that reaches a waypoint. `Start` tags the first waypoint only.
/// `Jump`: up onto a block (one voxel or jump_height). `Leap`: a running jump
/// across a gap (jump_distance; the body must run for it). `Climb`: up or
/// down a ladder, vine or scaffolding. What a move does to the world (doors
/// opened, voxels dug, blocks placed) is not a motion: routes list it beside
/// the motion (Waypoint::opened, Waypoint::dug, Waypoint::placed; MoveTag).
/// The values are the C API's VOXNAV_ACTION_* (voxnav.h).
enum class Action : std::uint8_t { Start, Walk, Jump, Fall, Swim, Fly, Climb, Leap };

/// Every action, in the order a legend lists them.
inline constexpr std::array<Action, 8> kActions = {Action::Start, Action::Walk, Action::Jump,  Action::Leap,
                                                    Action::Fall,  Action::Swim, Action::Climb, Action::Fly};

/// "start", "walk", "jump", "fall", "swim", "fly", "climb" or "leap".
[[nodiscard]] const char* to_string(Action a);
/// The action of one of those words; nullopt otherwise.
[[nodiscard]] std::optional<Action> parse_action(std::string_view text);

/// What a move does to the world before the body moves: opens a closed door,
/// gate or trapdoor in its way, digs the solids in its way, or places a block
/// to stand on (a bridge over a gap, a pillar straight up).
enum class WorldAct : std::uint8_t { Open = 1, Dig = 2, Place = 4 };
inline constexpr std::array<WorldAct, 3> kWorldActs = {WorldAct::Open, WorldAct::Dig, WorldAct::Place};
/// "open", "dig" or "place" (the route JSON's keys for a waypoint's voxels).
[[nodiscard]] const char* to_string(WorldAct a);

/// A move as the movement rules emit it and the search stores it (one
/// byte): its motion (bits 0..3) and its world acts (bits 4..6). A plain
/// motion converts implicitly: `emit(to, cost, Action::Walk)`.
struct MoveTag {
    std::uint8_t bits = 0;

    constexpr MoveTag() = default;
    constexpr MoveTag(Action motion) : bits(std::uint8_t(motion)) {}  // NOLINT(google-explicit-constructor): a motion is a move that acts on nothing
    constexpr MoveTag(Action motion, WorldAct act) : bits(std::uint8_t(std::uint8_t(motion) | (std::uint8_t(act) << 4))) {}
    [[nodiscard]] static constexpr MoveTag from_bits(std::uint8_t b) {
        MoveTag t;
        t.bits = b;
        return t;
    }
    [[nodiscard]] constexpr Action motion() const { return Action(bits & 15u); }
    [[nodiscard]] constexpr bool does(WorldAct a) const { return (bits >> 4) & std::uint8_t(a); }
    /// Whether the move changes the world at all.
    [[nodiscard]] constexpr bool acts() const { return bits >> 4; }
    [[nodiscard]] constexpr MoveTag with(WorldAct a) const { return from_bits(std::uint8_t(bits | (std::uint8_t(a) << 4))); }
    /// Whether a move the rules give now (`now`) still makes a route step
    /// planned as this one: the same motion, and no world act the step did
    /// not plan (a planned opening, dig or placement the game has carried out
    /// since is a plain move now).
    [[nodiscard]] constexpr bool still_made_by(MoveTag now) const {
        return now.motion() == motion() && ((now.bits >> 4) & ~(bits >> 4)) == 0;
    }
    constexpr bool operator==(MoveTag o) const { return bits == o.bits; }
    constexpr bool operator!=(MoveTag o) const { return bits != o.bits; }
    constexpr bool operator<(MoveTag o) const { return bits < o.bits; }  ///< any fixed order (sets, sorting)
};

/// The motion's word, then "+open", "+dig" or "+place" for each world act
/// ("walk", "walk+open", "jump+dig"): how traces write a move.
[[nodiscard]] std::string to_string(MoveTag m);

VOXNAV_API_END
}  // namespace voxnav
