/// @file action.hpp
/// @brief Action: how a waypoint is reached (the tag on every route waypoint).
///
/// Errors: none.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace voxnav {

/// How a waypoint is reached. `Start` tags the first waypoint only.
/// `Climb`: up or down a ladder, vine or scaffolding. `Open`: a walk (or
/// climb) into the voxel of a closed door, gate or trapdoor, opening it.
/// `Dig`: a walk, jump or fall that breaks the solids in its way first.
/// `Place`: a walk over a gap or a jump straight up, placing the block stood on.
enum class Action : std::uint8_t { Start, Walk, Jump, Fall, Swim, Fly, Climb, Open, Dig, Place };

/// Every action, in the order of their values (for tables and legends).
inline constexpr std::array<Action, 10> kActions = {Action::Start, Action::Walk, Action::Jump, Action::Fall,  Action::Swim,
                                                     Action::Fly,   Action::Climb, Action::Open, Action::Dig, Action::Place};

/// "start", "walk", "jump", "fall", "swim", "fly", "climb", "open", "dig" or "place".
[[nodiscard]] const char* to_string(Action a);
/// The action of one of those words; nullopt otherwise.
[[nodiscard]] std::optional<Action> parse_action(std::string_view text);

}  // namespace voxnav
