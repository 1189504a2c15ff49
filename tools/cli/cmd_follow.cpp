// SPDX-License-Identifier: MIT
// voxnav follow: the follower (route/follower.hpp) as a language-neutral
// driver, so that any physics can judge it. Reads one JSON object per line
// on standard input, the body's state each tick:
//   {"pos":[x,y,z],"vel":[x,y,z],"on_ground":b,"in_liquid":b,"on_climbable":b,
//    "edits":[[x,y,z,"block name"],...]}
// (pos: feet centre in voxel units; edits applied to the world before the
// update, as the game would; a block name is one the world has, or any
// Minecraft block state the block table knows, "oak_door[half=lower,open=true]"
// as the game names it) and writes one per line, flushed:
//   {"status":"moving","waypoint":k,"target":[x,y,z],"heading":[dx,dz],"speed":s,
//    "jump":b,"sprint":b,"climb":-1|0|1,"open":[x,y,z]|null,"open_both_halves":b,
//    "dig":[x,y,z]|null,"place":[x,y,z]|null,"close":[x,y,z]|null,"replans":n}
// ("open_both_halves": open is a two-block door's lower half and the voxel
// above its upper half: one door, opened with one use.)
// Exit 0 after `arrived`; 1 after `no_path`, `failed`, `stuck` --give-up
// times, or the end of the input before arriving; 2 on bad input, naming
// the line and key: a value of the wrong type, a key not in the list above,
// a block state with a value its property does not have (facing=nrth).
#include "query_args.hpp"

#include "io/block_states.hpp"
#include "io/minecraft_blocks.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string>

namespace voxnav::cli {

namespace {

struct FollowArgs {
    std::string world, from;
    std::vector<std::string> to;
    std::optional<std::string> agent;
    double tick = 0.05;
    int give_up = 3;
};

// UsageError "line N: key: what".
[[noreturn]] void bad_line(std::size_t line, const std::string& key, const std::string& what) {
    throw UsageError("standard input line " + std::to_string(line) + ": \"" + key + "\" " + what);
}

glm::dvec3 vec3_of(const nlohmann::json& j, std::size_t line, const char* key) {
    if (!j.is_array() || j.size() != 3) bad_line(line, key, "must be [x, y, z]");
    glm::dvec3 v;
    for (int i = 0; i < 3; ++i) {
        if (!j[std::size_t(i)].is_number()) bad_line(line, key, "must hold three numbers");
        v[i] = j[std::size_t(i)].get<double>();
        if (!std::isfinite(v[i])) bad_line(line, key, "must hold finite numbers");
    }
    return v;
}

bool flag_of(const nlohmann::json& o, std::size_t line, const char* key) {
    const auto it = o.find(key);
    if (it == o.end()) return false;
    if (!it->is_boolean()) bad_line(line, key, "must be true or false");
    return it->get<bool>();
}

// The block type an edit names: a type the world has ("oak_door[open=true]"),
// else the Minecraft block state the table makes of the name, added to the
// world as its import would ("minecraft:oak_door[facing=north,half=lower,
// open=true]": the game's own name of a state the world never held). A
// state is checked as files are not (block_states.hpp): its syntax, and each
// value of a property Minecraft gives the block (facing=nrth is bad input);
// a property the block does not have is let through (a newer game's).
std::optional<BlockId> edit_block(World& world, BlockMapper& mapper, const std::string& name, std::size_t line, const std::string& key) {
    if (const auto id = world.blocks().find(name)) return id;
    if (const std::string why = detail::state_string_problem(name); !why.empty())
        bad_line(line, key, "names '" + name + "', not a block state name[property=value,...]: " + why);
    detail::StateProperties props;
    const std::string bare = detail::split_state_string(name, props);
    const auto rule = MinecraftBlockTable::builtin().classify(bare, props);
    if (!rule) return std::nullopt;
    if (const auto bad = detail::unknown_state_value(*rule, props))
        bad_line(line, key, "names '" + name + "': " + bad->sentence());
    return mapper.map(bare, props);
}

// Applies the line's "edits" to the world.
void apply_edits(World& world, BlockMapper& mapper, const nlohmann::json& o, std::size_t line) {
    const auto it = o.find("edits");
    if (it == o.end() || it->is_null()) return;
    if (!it->is_array()) bad_line(line, "edits", "must be a list of [x, y, z, \"block name\"]");
    for (std::size_t i = 0; i < it->size(); ++i) {
        const nlohmann::json& e = (*it)[i];
        const std::string key = "edits[" + std::to_string(i) + "]";
        if (!e.is_array() || e.size() != 4 || !e[0].is_number_integer() || !e[1].is_number_integer() || !e[2].is_number_integer() ||
            !e[3].is_string())
            bad_line(line, key, "must be [x, y, z, \"block name\"] with integer x, y, z");
        const std::string name = e[3].get<std::string>();
        const auto id = edit_block(world, mapper, name, line, key);
        if (!id) bad_line(line, key, "names a block the world has no type for and the block table does not know: '" + name + "'");
        const Voxel v(e[0].get<int>(), e[1].get<int>(), e[2].get<int>());
        if (!world.set_block(v, *id)) bad_line(line, key, "is outside the world's loaded chunks or bounds");
    }
}

// An input line's keys: a key that is none of them (a misspelt "on_gruond"
// would otherwise read as false) is bad input.
const std::vector<std::string> kInputKeys{"pos", "vel", "on_ground", "in_liquid", "on_climbable", "edits"};

void check_keys(const nlohmann::json& o, std::size_t line) {
    for (const auto& item : o.items()) {
        const std::string& key = item.key();
        if (std::find(kInputKeys.begin(), kInputKeys.end(), key) != kInputKeys.end()) continue;
        std::string all;
        for (const std::string& k : kInputKeys) all += (all.empty() ? "" : ", ") + k;
        const std::string best = nearest_word(key, kInputKeys);
        throw UsageError("standard input line " + std::to_string(line) + ": unknown key \"" + key + "\"" +
                         (best.empty() ? "" : " (did you mean \"" + best + "\"?)") + "; the keys are " + all);
    }
}

nlohmann::ordered_json voxel_or_null(const std::optional<Voxel>& v) {
    return v ? nlohmann::ordered_json::array({v->x, v->y, v->z}) : nlohmann::ordered_json();
}

int run_follow(const FollowArgs& a) {
    if (!(a.tick > 0.0) || !std::isfinite(a.tick)) throw UsageError("--tick must be a positive number of seconds");
    if (a.give_up < 1) throw UsageError("--give-up must be at least 1");
    const AgentProfile profile = load_profile_or_fail(a.agent);
    World world = load_world_or_fail(a.world);
    Navigator nav(world, profile);
    (void)parse_position(world, a.from, "--from");  // checked; the body's first "pos" is where it starts
    std::string snapped;
    const Goal goal = goal_of_to_options(world, nav, a.to, snapped);
    Follower follower(nav);
    follower.set_goal(goal);
    BlockMapper mapper(world, MinecraftBlockTable::builtin());
    std::string text;
    std::size_t line = 0;
    int stuck_spells = 0;
    bool was_stuck = false;
    while (std::getline(std::cin, text)) {
        ++line;
        if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
        nlohmann::json o;
        try {
            o = nlohmann::json::parse(text);
        } catch (const nlohmann::json::exception& e) {
            throw UsageError("standard input line " + std::to_string(line) + ": not JSON (" + e.what() + ")");
        }
        if (!o.is_object()) throw UsageError("standard input line " + std::to_string(line) + ": must be a JSON object");
        check_keys(o, line);
        if (!o.contains("pos")) bad_line(line, "pos", "is missing");
        BodyState body;
        body.feet = vec3_of(o["pos"], line, "pos");
        if (o.contains("vel") && !o["vel"].is_null()) body.velocity = vec3_of(o["vel"], line, "vel");
        body.on_ground = flag_of(o, line, "on_ground");
        body.in_liquid = flag_of(o, line, "in_liquid");
        body.on_climbable = flag_of(o, line, "on_climbable");
        apply_edits(world, mapper, o, line);
        nav.sync();
        const Steering& s = follower.update(body, double(line - 1) * a.tick);
        nlohmann::ordered_json out;
        out["status"] = to_string(s.status);
        out["waypoint"] = s.waypoint;
        out["target"] = {s.target.x, s.target.y, s.target.z};
        out["heading"] = {s.heading.x, s.heading.y};
        out["speed"] = s.speed;
        out["jump"] = s.jump;
        out["sprint"] = s.sprint;
        out["climb"] = s.climb;
        out["open"] = voxel_or_null(s.open);
        out["open_both_halves"] = s.open_both_halves;
        out["dig"] = voxel_or_null(s.dig);
        out["place"] = voxel_or_null(s.place);
        out["close"] = voxel_or_null(s.close);
        out["replans"] = s.replans;
        if (!s.why.empty()) out["why"] = s.why;
        std::printf("%s\n", out.dump().c_str());
        std::fflush(stdout);
        switch (s.status) {
            case FollowStatus::Arrived: return kOk;
            case FollowStatus::NoPath:
            case FollowStatus::Failed: return kQueryFailed;
            case FollowStatus::Stuck:
                if (!was_stuck && ++stuck_spells >= a.give_up) {
                    std::fprintf(stderr, "voxnav follow: stuck %d times; giving up (%s)\n", stuck_spells, s.why.c_str());
                    return kQueryFailed;
                }
                break;
            default: break;
        }
        was_stuck = s.status == FollowStatus::Stuck;
    }
    std::fprintf(stderr, "voxnav follow: the input ended before the body arrived\n");
    return kQueryFailed;
}

}  // namespace

Command add_follow_command(CLI::App& app) {
    auto args = std::make_shared<FollowArgs>();
    CLI::App* sub = app.add_subcommand("follow", "Drive a body along a route: body states in (JSON lines on stdin), steering out (JSON lines)");
    add_world_option(sub, args->world);
    sub->add_option("--from", args->from, "Where the body starts: X,Y,Z or a named position")->required();
    sub->add_option("--to", args->to, "Goal (repeatable: any of them), as for route")->required();
    add_agent_option(sub, args->agent);
    sub->add_option("--tick", args->tick, "Seconds between two input lines (default 0.05)");
    sub->add_option("--give-up", args->give_up, "Exit 1 at the N-th time the follower says stuck (default 3)");
    return [sub, args]() -> int { return sub->parsed() ? run_follow(*args) : -1; };
}

}  // namespace voxnav::cli
