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
enum class Action : std::uint8_t { Start, Walk, Jump, Fall, Swim, Fly };

/// Every action, in the order of their values (for tables and legends).
inline constexpr std::array<Action, 6> kActions = {Action::Start, Action::Walk, Action::Jump,
                                                    Action::Fall,  Action::Swim, Action::Fly};

/// "start", "walk", "jump", "fall", "swim" or "fly".
[[nodiscard]] const char* to_string(Action a);
/// The action of one of those words; nullopt otherwise.
[[nodiscard]] std::optional<Action> parse_action(std::string_view text);

}  // namespace voxnav
