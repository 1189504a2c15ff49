// SPDX-License-Identifier: MIT
// voxnav field: the flow field to one goal (Navigator::flow_field): how many
// waypoints have a cost, the cost range, and a heat-map picture with the
// next move of each column.
#include "picture_args.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace voxnav::cli {

namespace {

struct FieldArgs {
    std::string world;
    std::vector<std::string> to, avoid, prefer;
    std::optional<std::string> agent, out;
    std::optional<double> max_cost;
    std::optional<long long> max_nodes;
    bool snap = false, json = false;
    PictureArgs picture;
};

const char* stop_text(const FlowField& f) {
    if (f.status() == SearchStatus::Partial) return "no: --max-nodes stopped the field first";
    return "yes";
}

int run_field(const FieldArgs& a) {
    const AgentProfile profile = load_profile_or_fail(a.agent);
    const World world = load_world_or_fail(a.world);
    Navigator nav(world, profile);
    QueryOptions q;
    // A field floods around its goal: allow far more nodes than a route's default.
    q.limits = make_limits(1.0, a.max_nodes ? a.max_nodes : std::optional<long long>(50'000'000), a.max_cost);
    q.zones = zones_of_options(a.avoid, a.prefer);
    q.snap_goal = a.snap;
    std::string snapped;
    const Goal goal = goal_of_to_options(world, nav, a.to, snapped);
    const FlowField f = nav.flow_field(goal, q);
    if (!f.usable()) {
        if (a.json) {
            nlohmann::ordered_json j;
            j["status"] = to_string(f.status());
            j["error"] = "--to " + goal.describe() + ": " + f.error();
            std::printf("%s\n", j.dump().c_str());
        }
        std::fprintf(stderr, "voxnav: --to %s: %s\n", goal.describe().c_str(), f.error().c_str());
        return kQueryFailed;
    }
    const double ms = f.metrics().microseconds / 1000.0;
    if (a.json) {
        nlohmann::ordered_json j;
        j["reachable"] = f.reachable();
        j["max_cost"] = f.largest_cost();
        j["min_cost"] = 0.0;
        j["status"] = to_string(f.status());
        j["complete"] = f.status() == SearchStatus::Found;
        j["goal"] = goal.describe();
        j["agent"] = a.agent ? *a.agent : "";
        j["cost_limit"] = a.max_cost ? nlohmann::ordered_json(*a.max_cost) : nlohmann::ordered_json();
        j["revision"] = f.revision();
        j["time_ms"] = ms;
        j["memory_bytes"] = f.memory_bytes();
        if (!snapped.empty()) j["snapped"] = snapped;
        std::printf("%s\n", j.dump().c_str());
    } else {
        // "reachable N" first; the other figures line up with it.
        std::printf("reachable %zu\n", f.reachable());
        std::printf("cost      0 .. %.6f s\n", f.largest_cost());
        std::printf("complete  %s\n", stop_text(f));
        std::printf("time      %.2f ms\nmemory    %zu bytes\n", ms, f.memory_bytes());
        if (!snapped.empty()) std::printf("snapped   %s\n", snapped.c_str());
    }
    if (a.out) {
        pictures::MapPicture pic = picture_options(a.picture);
        std::vector<pictures::HeatCell> cells;
        cells.reserve(f.reachable());
        f.for_each([&](const Voxel& v, double c, const Voxel& next, MoveTag act) { cells.push_back({v, c, next, act.motion()}); });
        pic.heat = &cells;
        char note[160];
        std::snprintf(note, sizeof note, "flow field to %s  %s  reachable %zu  cost 0 .. %.2f s  %.1f ms", goal.describe().c_str(),
                      agent_label(a.agent).c_str(), f.reachable(), f.largest_cost(), ms);
        pic.notes.push_back(note);
        if (goal.is_single_voxel()) pic.goal = goal.parts()[0].voxel;
        write_picture(world, pic, a.picture.crop, *a.out, a.json ? stderr : stdout);  // the JSON stays alone on stdout
    }
    return kOk;
}

}  // namespace

Command add_field_command(CLI::App& app) {
    auto args = std::make_shared<FieldArgs>();
    CLI::App* sub = app.add_subcommand("field", "Flow field to one goal: every waypoint's cost to it and next move, counted and drawn");
    add_world_option(sub, args->world);
    sub->add_option("--to", args->to,
                    "Goal (repeatable: any of them): X,Y,Z, a name, @x,y,z, near:X,Y,Z:R, xz:X,Z, y:Y or touch:X,Y,Z")
        ->required();
    add_agent_option(sub, args->agent);
    sub->add_option("--max-cost", args->max_cost, "Only waypoints whose cost to the goal is at most this (seconds)");
    sub->add_option("--max-nodes", args->max_nodes, "Stop after this many waypoints (default 50,000,000)");
    sub->add_option("--avoid", args->avoid, "Multiply moves ending within R of X,Y,Z by M > 1 (inf: never): X,Y,Z:R:M");
    sub->add_option("--prefer", args->prefer, "Multiply moves ending within R of X,Y,Z by 0 < M < 1: X,Y,Z:R:M");
    sub->add_flag("--snap", args->snap, "Snap an exact goal that is no waypoint to the nearest one");
    sub->add_option("--out", args->out, "Also draw the field (cost heat map, next moves) into this PNG");
    add_picture_options(sub, args->picture);
    sub->add_flag("--json", args->json, "Print {\"reachable\": N, \"max_cost\": C, ...}");
    return [sub, args]() -> int { return sub->parsed() ? run_field(*args) : -1; };
}

}  // namespace voxnav::cli
