// SPDX-License-Identifier: MIT
#include "block_states.hpp"

#include "shape_words.hpp"

#include <algorithm>

namespace voxnav::detail {
namespace {

using States = MinecraftBlockTable::States;

// Minecraft's horizontal directions, clockwise from above, as voxnav axes.
constexpr const char* kAxisOf[4] = {"-z" /* north */, "+x" /* east */, "+z" /* south */, "-x" /* west */};
int direction_index(const std::string& d) {
    if (d == "north") return 0;
    if (d == "east") return 1;
    if (d == "south") return 2;
    if (d == "west") return 3;
    return -1;
}

// Stairs walked up towards `facing` have their low face on the opposite
// side. Corner stairs (shape=inner_*/outer_*) are also walked up towards
// their turn (left of facing is facing - 1, right facing + 1): the low
// quarter lies on the side opposite it.
unsigned stair_low_faces(int facing, const std::string& shape) {
    unsigned faces = stair_face_walked_towards(kAxisOf[facing]);
    if (shape == "inner_left" || shape == "outer_left") faces |= stair_face_walked_towards(kAxisOf[(facing + 3) & 3]);
    if (shape == "inner_right" || shape == "outer_right") faces |= stair_face_walked_towards(kAxisOf[(facing + 1) & 3]);
    return faces;
}

// Minecraft's properties of each form (Java Edition 1.13 on) and their
// values; waterlogged applies to every block (resolve_state reads it for all).
struct PropertyValues {
    const char* property;
    std::vector<std::string> values;
};
const std::vector<std::string> kBoolean{"true", "false"};
const std::vector<std::string> kHorizontal{"north", "east", "south", "west"};

const std::vector<PropertyValues>& properties_of(States form) {
    static const std::vector<PropertyValues> none{};
    static const std::vector<PropertyValues> slab{{"type", {"bottom", "top", "double"}}};
    static const std::vector<PropertyValues> stairs{
        {"facing", kHorizontal},
        {"half", {"bottom", "top"}},
        {"shape", {"straight", "inner_left", "inner_right", "outer_left", "outer_right"}}};
    static const std::vector<PropertyValues> door{
        {"facing", kHorizontal}, {"half", {"lower", "upper"}}, {"hinge", {"left", "right"}}, {"open", kBoolean}, {"powered", kBoolean}};
    static const std::vector<PropertyValues> trapdoor{
        {"facing", kHorizontal}, {"half", {"bottom", "top"}}, {"open", kBoolean}, {"powered", kBoolean}};
    static const std::vector<PropertyValues> gate{{"facing", kHorizontal}, {"in_wall", kBoolean}, {"open", kBoolean}, {"powered", kBoolean}};
    static const std::vector<PropertyValues> snow{{"layers", {"1", "2", "3", "4", "5", "6", "7", "8"}}};
    switch (form) {
        case States::None: return none;
        case States::Slab: return slab;
        case States::Stairs: return stairs;
        case States::Door: return door;
        case States::Trapdoor: return trapdoor;
        case States::Gate: return gate;
        case States::Snow: return snow;
    }
    return none;
}

}  // namespace

std::string UnknownStateValue::sentence() const {
    std::string list;
    for (const std::string& v : allowed) list += (list.empty() ? "" : ", ") + v;
    return property + " '" + value + "' is not one of " + list;
}

std::optional<UnknownStateValue> unknown_state_value(const MinecraftBlockTable::Rule& rule, const StateProperties& props) {
    auto check = [&](const char* property, const std::vector<std::string>& values) -> std::optional<UnknownStateValue> {
        const auto it = props.find(property);
        if (it == props.end() || std::find(values.begin(), values.end(), it->second) != values.end()) return std::nullopt;
        return UnknownStateValue{property, it->second, values};
    };
    for (const PropertyValues& p : properties_of(rule.states))
        if (auto bad = check(p.property, p.values)) return bad;
    return check("waterlogged", kBoolean);
}

std::string state_string_problem(const std::string& state) {
    const auto open = state.find('[');
    if (open == 0 || state.empty()) return "no block name";
    if (open == std::string::npos) return state.find(']') == std::string::npos ? "" : "a ']' without '['";
    if (state.back() != ']' || state.find(']') != state.size() - 1) return "the properties must end with the one ']', at the end";
    const std::string body = state.substr(open + 1, state.size() - open - 2);
    if (body.empty()) return "empty brackets";
    StateProperties seen;
    std::size_t i = 0;
    while (i <= body.size()) {
        std::size_t j = body.find(',', i);
        if (j == std::string::npos) j = body.size();
        const std::string pair = body.substr(i, j - i);
        const auto eq = pair.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == pair.size() || pair.find('=', eq + 1) != std::string::npos)
            return "'" + pair + "' is not property=value";
        if (!seen.emplace(pair.substr(0, eq), pair.substr(eq + 1)).second) return "property '" + pair.substr(0, eq) + "' given twice";
        i = j + 1;
    }
    return "";
}

std::string split_state_string(const std::string& state, StateProperties& props) {
    props.clear();
    const auto open = state.find('[');
    if (open == std::string::npos) return state;
    const auto close = state.find(']', open);
    const std::string body = state.substr(open + 1, (close == std::string::npos ? state.size() : close) - open - 1);
    std::size_t i = 0;
    while (i < body.size()) {
        std::size_t j = body.find(',', i);
        if (j == std::string::npos) j = body.size();
        const std::string pair = body.substr(i, j - i);
        const auto eq = pair.find('=');
        if (eq != std::string::npos) props[pair.substr(0, eq)] = pair.substr(eq + 1);
        i = j + 1;
    }
    return state.substr(0, open);
}

StatedBlock resolve_state(const std::string& name, const MinecraftBlockTable::Rule& rule, const StateProperties& props) {
    StatedBlock b{name, rule.kind, rule.hazard, rule.shape, false};
    auto get = [&](const char* key) -> std::string {
        auto it = props.find(key);
        return it == props.end() ? std::string() : it->second;
    };
    b.waterlogged = get("waterlogged") == "true";
    std::string used = rule.state;  // the properties that shaped it, for the registry name
    auto note = [&](const char* key, const std::string& value) { used += (used.empty() ? "" : ",") + std::string(key) + "=" + value; };
    BlockShape& s = b.shape;
    switch (rule.states) {
        case States::None: break;
        case States::Slab: {
            const std::string type = get("type");
            if (type == "top") s.bottom = 8, s.top = 16;
            else if (type == "double") s.bottom = 0, s.top = 16;
            else s.bottom = 0, s.top = 8;
            note("type", type == "top" || type == "double" ? type : "bottom");
            break;
        }
        case States::Stairs: {
            const int facing = direction_index(get("facing"));
            if (get("half") == "top" || facing < 0) {
                note("half", "top");  // upside down (or unknown): a full cube
                break;
            }
            const std::string shape = get("shape");
            s.stair_faces = static_cast<std::uint8_t>(stair_low_faces(facing, shape));
            note("facing", get("facing"));
            note("half", "bottom");
            if (!shape.empty() && shape != "straight") note("shape", shape);
            break;
        }
        case States::Door:
        case States::Gate:
            s.open = get("open") == "true";
            note("open", s.open ? "true" : "false");
            break;
        case States::Trapdoor:
            if (get("half") == "top") s.bottom = 13, s.top = 16;
            else s.bottom = 0, s.top = 3;
            s.open = get("open") == "true";
            note("half", s.bottom ? "top" : "bottom");
            note("open", s.open ? "true" : "false");
            break;
        case States::Snow: {
            const std::string layers = get("layers");
            const int n = layers.size() == 1 && layers[0] >= '1' && layers[0] <= '8' ? layers[0] - '0' : 1;
            if (n == 1) {
                b.kind = BlockKind::Air;  // one layer has no collision
                s = BlockShape{};
            } else {
                s.bottom = 0;
                s.top = static_cast<std::uint8_t>(2 * (n - 1));
            }
            note("layers", std::to_string(n));
            break;
        }
    }
    if (!used.empty()) b.name += "[" + used + "]";
    return b;
}

}  // namespace voxnav::detail
