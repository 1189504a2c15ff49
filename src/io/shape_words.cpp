// SPDX-License-Identifier: MIT
#include "shape_words.hpp"

#include "text_lines.hpp"

#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>

namespace voxnav::detail {

unsigned stair_face_walked_towards(std::string_view d) {
    // Walked up towards +x: entered from the -x side, which is the low face.
    if (d == "+x") return 2u;
    if (d == "-x") return 1u;
    if (d == "+z") return 8u;
    if (d == "-z") return 4u;
    return 0u;
}

namespace {

// A word's value as a finite number, the whole text read; nullopt otherwise.
std::optional<double> parse_real(std::string_view text) {
    const std::string value(text);
    char* end = nullptr;
    const double f = std::strtod(value.c_str(), &end);
    if (value.empty() || end != value.c_str() + value.size() || !std::isfinite(f)) return std::nullopt;
    return f;
}
// A speed factor: a finite number above 0.
std::optional<double> parse_factor(std::string_view text) {
    const auto f = parse_real(text);
    return f && *f > 0.0 ? f : std::nullopt;
}

}  // namespace

bool apply_shape_word(std::string_view word, BlockShape& shape) {
    const auto eq = word.find('=');
    const std::string_view key = word.substr(0, eq);
    const std::string_view value = eq == std::string_view::npos ? std::string_view() : word.substr(eq + 1);
    auto bad = [&](const char* expected) {
        throw std::invalid_argument("bad shape word '" + std::string(word) + "' (expected " + expected + ")");
    };
    if (key == "top" || key == "bottom") {
        const auto n = parse_int<int>(value);
        if (!n || *n < 0 || *n > 24) bad("a height in sixteenths, 0..24");
        (key == "top" ? shape.top : shape.bottom) = static_cast<std::uint8_t>(*n);
    } else if (key == "stairs") {
        const unsigned face = stair_face_walked_towards(value);
        if (!face) bad("stairs=+x, -x, +z or -z");
        shape.stair_faces = static_cast<std::uint8_t>(shape.stair_faces | face);
    } else if (word == "climb") {
        shape.climbable = true;
    } else if (key == "open") {
        const auto c = parse_open_class(value);
        if (!c || *c == OpenClass::None) bad("open=hand, open=powered or open=owner");
        shape.open_class = *c;
    } else if (word == "opened") {
        shape.open = true;
    } else if (key == "slow") {
        // slow=H or slow=H,V (V defaults to H): H of the walking speed inside, sinking at V x it
        const auto comma = value.find(',');
        const auto h = parse_factor(value.substr(0, comma));
        const auto v = comma == std::string_view::npos ? h : parse_factor(value.substr(comma + 1));
        if (!h || !v || *h > 1.0 || *v > 4.0) bad("slow=H or slow=H,V with H in (0, 1] and V in (0, 4]");
        shape.inside_speed = *h;
        shape.inside_vspeed = *v;
    } else if (key == "floor_speed" || key == "jump") {
        const auto f = parse_factor(value);
        if (!f || *f > 1.0) bad("a factor in (0, 1]");
        (key == "jump" ? shape.jump_factor : shape.floor_speed) = *f;
    } else if (key == "damage") {
        const auto d = parse_damage(value);
        if (!d || *d == Damage::None) bad("damage=body or damage=floor");
        shape.damage = *d;
    } else {
        return false;
    }
    return true;
}

bool apply_material_word(std::string_view word, MaterialWords& m) {
    if (word.substr(0, 9) == "hardness=") {
        const auto h = parse_real(word.substr(9));
        if (!h || !(*h >= 0.0))
            throw std::invalid_argument("bad word '" + std::string(word) + "' (expected hardness=N, N >= 0 seconds, or unbreakable)");
        m.hardness = *h;
    } else if (word == "unbreakable") {
        m.hardness = std::numeric_limits<double>::infinity();
    } else if (word == "falls") {
        m.falls = true;
    } else if (word == "replaceable") {
        m.replaceable = true;
    } else if (word == "fixed") {
        m.replaceable = false;
    } else {
        return false;
    }
    return true;
}

BlockMaterial MaterialWords::over(BlockMaterial base) const {
    if (hardness) base.hardness = *hardness;
    if (falls) base.falls = *falls;
    if (replaceable) base.replaceable = *replaceable;
    return base;
}

bool apply_block_word(std::string_view word, BlockKind kind, bool& hazard, BlockShape& shape) {
    if (word != "hazard") return apply_shape_word(word, shape);
    if (kind != BlockKind::Liquid) throw std::invalid_argument("only a liquid can be a hazard");
    hazard = true;
    return true;
}

}  // namespace voxnav::detail
