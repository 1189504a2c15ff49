// SPDX-License-Identifier: MIT
// Minecraft block states (the properties of a palette entry) turned into
// voxnav block types through a table rule: the names and meanings of
// `type`, `half`, `facing`, `shape`, `open`, `layers` and `waterlogged` live
// here and in the table, never in the engine.
#pragma once

#include "voxnav/io/imports.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace voxnav::detail {

/// A block state's properties, e.g. {"facing": "east", "half": "bottom"}.
using StateProperties = std::map<std::string, std::string>;

/// What a state of a table rule becomes. `name` is the registry name: the
/// block name alone, or with the properties that shaped it in brackets
/// ("oak_stairs[facing=east,half=bottom]"), so each distinct shape is one type.
struct StatedBlock {
    std::string name;
    BlockKind kind = BlockKind::Solid;
    bool hazard = false;
    BlockShape shape;
    bool waterlogged = false;  ///< waterlogged=true (the caller turns a passable one into water)
};

/// Applies `props` to `rule` for the block called `name` (without namespace).
/// Missing or unknown property values take the plainest reading (a bottom
/// slab, a closed door, one snow layer, a stair without a known facing is a
/// full cube), never an error: real files carry states from many versions,
/// and the table's patterns ("*_slab") match modded blocks whose properties
/// are their own (a vertical slab's type=north), so one odd palette entry
/// must not fail a whole world. Where a state is typed by a person or sent
/// by a game naming one block (voxnav follow's edits), check it first with
/// state_string_problem and unknown_state_value.
[[nodiscard]] StatedBlock resolve_state(const std::string& name, const MinecraftBlockTable::Rule& rule, const StateProperties& props);

/// Splits a Sponge palette key "minecraft:oak_stairs[facing=east,half=top]"
/// into the name and its properties. Lenient, as files need: a pair without
/// '=' is skipped, a missing ']' is forgiven (state_string_problem says so).
[[nodiscard]] std::string split_state_string(const std::string& state, StateProperties& props);

/// What is wrong with the syntax of a state string name[key=value,...]: no
/// name, no ']' at the end, an empty or '='-less pair, a property twice;
/// "" when nothing is.
[[nodiscard]] std::string state_string_problem(const std::string& state);

/// A value Minecraft does not give a property of the block's form.
struct UnknownStateValue {
    std::string property, value;
    std::vector<std::string> allowed;  ///< the property's values
    /// "facing 'nrth' is not one of north, east, south, west"
    [[nodiscard]] std::string sentence() const;
};

/// The first property of `props` whose value Minecraft does not have for
/// blocks of `rule`'s form (slabs, stairs, doors, trapdoors, gates, snow;
/// waterlogged for every block): `oak_door[facing=nrth]`; nullopt when
/// every property it knows has one of its values. The forms' properties are
/// Minecraft's own, read or not by resolve_state (a door's facing, hinge,
/// powered are known). A property the form does not have is not checked:
/// a newer Minecraft or a mod may add properties, which change nothing here.
[[nodiscard]] std::optional<UnknownStateValue> unknown_state_value(const MinecraftBlockTable::Rule& rule, const StateProperties& props);

}  // namespace voxnav::detail
