// SPDX-License-Identifier: MIT
#include "voxnav/pictures/palette.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string_view>

namespace voxnav::pictures {
namespace {

struct Named {
    std::string_view part;  // matched anywhere in the block name
    Rgb colour;
};
// First match wins: "grass_block" is grass, "stone_bricks" stone.
constexpr Named kNamed[] = {
    {"grass", {95, 159, 53}},   {"leaves", {58, 110, 38}},  {"moss", {89, 125, 53}},    {"dirt", {134, 96, 67}},
    {"mud", {92, 72, 58}},      {"sand", {219, 207, 163}},  {"snow", {240, 244, 248}},  {"ice", {160, 190, 240}},
    {"gravel", {136, 126, 126}}, {"clay", {160, 166, 179}}, {"log", {110, 86, 52}},     {"wood", {110, 86, 52}},
    {"plank", {162, 130, 78}},  {"deepslate", {80, 80, 84}}, {"stone", {125, 125, 125}}, {"rock", {125, 125, 125}},
    {"ore", {140, 130, 120}},   {"glass", {190, 220, 225}}, {"wool", {220, 220, 220}},  {"brick", {150, 90, 75}},
    // Wood species and common building stones, so a build's stairs, slabs,
    // fences and doors share their material's colour.
    {"dark_oak", {76, 51, 25}}, {"oak", {162, 130, 78}},    {"spruce", {114, 84, 48}},  {"birch", {196, 179, 123}},
    {"jungle", {160, 115, 80}}, {"acacia", {168, 90, 50}},  {"mangrove", {117, 54, 48}}, {"cherry", {226, 178, 172}},
    {"crimson", {101, 48, 70}}, {"warped", {43, 104, 99}},  {"bamboo", {193, 173, 80}}, {"quartz", {235, 229, 222}},
    {"andesite", {136, 136, 136}}, {"diorite", {188, 188, 188}}, {"granite", {149, 103, 85}}, {"cobble", {120, 120, 120}},
    {"prismarine", {99, 156, 151}}, {"iron", {200, 200, 200}}, {"ladder", {140, 110, 60}}, {"cactus", {80, 130, 40}},
    {"magma", {140, 60, 20}},   {"fire", {240, 120, 20}},  {"carpet", {200, 60, 60}},
};

}  // namespace

Rgb block_colour(const BlockType& type) {
    // Passable blocks are not drawn, but ladders and fire are things to see.
    if (type.kind == BlockKind::Air && !type.shape.climbable && type.shape.damage == Damage::None) return colours::background;
    if (type.kind == BlockKind::Liquid) return type.hazard ? Rgb{220, 60, 20} : Rgb{40, 90, 220};
    for (const Named& n : kNamed)
        if (type.name.find(n.part) != std::string::npos) return n.colour;
    // Other names: a stable muted colour from the name without its state
    // ("[facing=east]"), so every state of a block has one colour (FNV-1a).
    std::uint32_t h = 2166136261u;
    for (char c : type.name.substr(0, type.name.find('['))) h = (h ^ std::uint8_t(c)) * 16777619u;
    return {std::uint8_t(90 + (h & 0x7F)), std::uint8_t(90 + ((h >> 8) & 0x7F)), std::uint8_t(90 + ((h >> 16) & 0x7F))};
}

Rgb shade(Rgb base, double t) { return scaled(base, 0.6 + 0.4 * (t < 0 ? 0 : t > 1 ? 1 : t)); }

Rgb action_colour(Action a) {
    switch (a) {
        case Action::Start:
        case Action::Walk: return {255, 235, 0};
        case Action::Jump: return {255, 140, 0};
        case Action::Fall: return {255, 0, 200};
        case Action::Swim: return {0, 230, 255};
        case Action::Fly: return {175, 110, 255};
        case Action::Climb: return {120, 255, 60};
        case Action::Leap: return {40, 90, 255};
    }
    return {255, 235, 0};
}

Rgb world_act_colour(WorldAct a) {
    switch (a) {
        case WorldAct::Open: return {255, 60, 40};
        case WorldAct::Dig: return {150, 90, 40};
        case WorldAct::Place: return {40, 200, 140};
    }
    return {255, 60, 40};
}

Rgb opened_colour() { return {230, 40, 40}; }
Rgb dug_colour() { return {205, 120, 50}; }
Rgb placed_colour() { return {0, 170, 110}; }

Rgb reach_colour(unsigned mask) {
    return {std::uint8_t(mask & 1u ? 255 : 0), std::uint8_t(mask & 2u ? 255 : 0), std::uint8_t(mask & 4u ? 255 : 0)};
}

}  // namespace voxnav::pictures

namespace voxnav::pictures {

Rgb heat_colour(double t) {
    // Stops of a warm-to-dark scale, read at a glance over any terrain.
    static constexpr Rgb stops[] = {{255, 244, 150}, {250, 170, 50}, {220, 60, 50}, {140, 20, 100}, {50, 10, 90}};
    constexpr int n = int(sizeof stops / sizeof stops[0]) - 1;
    const double x = std::clamp(std::isfinite(t) ? t : 1.0, 0.0, 1.0) * n;
    const int i = std::min(int(x), n - 1);
    return mix(stops[i], stops[i + 1], x - i);
}

}  // namespace voxnav::pictures
