// voxnav route: one route query, printed as a table or as route JSON.
//
// Positions: X,Y,Z (voxels), a named position, or @x,y,z (game units, snapped
// to the waypoint an NPC there occupies). Goals (--to, repeatable: any of
// them): a position, near:X,Y,Z:R, xz:X,Z, y:Y, touch:X,Y,Z. Or --flee
// X,Y,Z:R (repeatable) instead of --to. Zones: --avoid / --prefer X,Y,Z:R:M.
#include "cli_common.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace voxnav::cli {
namespace {

struct RouteArgs {
    std::string world, from;
    std::vector<std::string> to, flee, avoid, prefer;
    std::optional<std::string> agent;
    double weight = 1.0;
    std::optional<long long> max_nodes;
    std::optional<double> max_cost;
    std::optional<long long> slice;
    bool json = false, snap = false, smooth = false, game_units = false;
};

void print_table(const Route& r, const std::vector<glm::dvec3>& game) {
    std::printf("status     %s\n", to_string(r.status));
    if (!r.error.empty()) std::printf("error      %s\n", r.error.c_str());
    if (!r.snapped.empty()) std::printf("snapped    %s\n", r.snapped.c_str());
    if (r.usable()) std::printf("cost       %.6f s\n", r.cost);
    if (r.heuristic_scale != 1.0) std::printf("h scale    %g (cheapest zone multiplier, keeps the route optimal)\n", r.heuristic_scale);
    std::printf("expanded   %llu\ngenerated  %llu\ntime       %.1f us\n", (unsigned long long)r.metrics.expanded,
                (unsigned long long)r.metrics.generated, r.metrics.microseconds);
    if (r.waypoints.empty()) return;
    std::printf("\n%4s %8s %8s %8s  %-6s %10s", "#", "x", "y", "z", "action", "move cost");
    if (!game.empty()) std::printf(" %12s %12s %12s", "game x", "game y", "game z");
    std::printf("\n");
    for (std::size_t i = 0; i < r.waypoints.size(); ++i) {
        const Waypoint& w = r.waypoints[i];
        std::printf("%4zu %8d %8d %8d  %-6s %10.6f", i, w.position.x, w.position.y, w.position.z, to_string(w.action), w.cost);
        if (!game.empty()) std::printf(" %12.4f %12.4f %12.4f", game[i].x, game[i].y, game[i].z);
        std::printf("\n");
    }
}

// A goal option: a position (exact goal) or one of the goal kinds.
Goal parse_goal_option(const World& world, const Navigator& nav, const std::string& text, std::string& snapped) {
    if (!text.empty() && text[0] == '@') {
        const Navigator::Snap s = nav.snap(parse_game_position(text, "--to"));
        if (!s.ok) throw UsageError("--to " + text + ": " + s.what);
        snapped += std::string(snapped.empty() ? "" : "; ") + "goal " + s.what;
        return Goal::at(s.feet);
    }
    if (text.find(':') != std::string::npos || text.find(',') == std::string::npos) {
        if (text.find(':') == std::string::npos) return Goal::at(parse_position(world, text, "--to"));  // a name
        try {
            return parse_goal(text);
        } catch (const std::invalid_argument& e) {
            throw UsageError(std::string("--to ") + e.what());
        }
    }
    return Goal::at(parse_position(world, text, "--to"));
}

CostZone parse_zone_option(const std::string& text, bool avoid) {
    CostZone z;
    const char* opt = avoid ? "--avoid" : "--prefer";
    try {
        z = parse_zone(text);
    } catch (const std::invalid_argument& e) {
        throw UsageError(std::string(opt) + " " + e.what());
    }
    if (avoid && !(z.multiplier > 1.0))
        throw UsageError(std::string("--avoid '") + text + "': the multiplier must be > 1 (or inf to forbid the zone)");
    if (!avoid && !(z.multiplier > 0.0 && z.multiplier < 1.0))
        throw UsageError(std::string("--prefer '") + text + "': the multiplier must be between 0 and 1");
    return z;
}

std::string route_json(const Route& r, const std::vector<glm::dvec3>& game, const Route* raw, std::uint64_t slices) {
    nlohmann::ordered_json j = nlohmann::ordered_json::parse(to_json(r));
    if (!game.empty())
        for (std::size_t i = 0; i < game.size(); ++i) j["waypoints"][i]["game"] = {game[i].x, game[i].y, game[i].z};
    if (slices) j["slices"] = slices;
    if (raw)
        j["smoothing"] = {{"waypoints_before", raw->waypoints.size()},
                          {"waypoints_after", r.waypoints.size()},
                          {"cost_before", raw->cost},
                          {"cost_after", r.cost}};
    return j.dump();
}

int run(const RouteArgs& a) {
    QueryOptions q;
    q.limits = make_limits(a.weight, a.max_nodes, a.max_cost);
    q.snap_goal = a.snap;
    if (a.to.empty() == a.flee.empty()) throw UsageError("give either --to (one or more) or --flee (one or more)");
    if (a.slice && (*a.slice < 1 || *a.slice > 0xFFFFFFFFll)) throw UsageError("--slice must be in 1..4294967295");
    for (const auto& z : a.avoid) q.zones.push_back(parse_zone_option(z, true));
    for (const auto& z : a.prefer) q.zones.push_back(parse_zone_option(z, false));
    const AgentProfile profile = load_profile_or_fail(a.agent);
    const World world = load_world_or_fail(a.world);
    Navigator nav(world, profile);

    std::string snapped;
    Goal goal;
    if (!a.flee.empty()) {
        std::vector<Threat> threats;
        for (const auto& f : a.flee) {
            try {
                threats.push_back(parse_threat(f));
            } catch (const std::invalid_argument& e) {
                throw UsageError(std::string("--flee ") + e.what());
            }
        }
        goal = Goal::flee(threats);
    } else {
        std::vector<Goal> goals;
        for (const auto& t : a.to) goals.push_back(parse_goal_option(world, nav, t, snapped));
        goal = Goal::any_of(goals);
    }

    // The start: game units always snap; voxels snap with --snap.
    const bool game_start = !a.from.empty() && a.from[0] == '@';
    Voxel from{0};
    std::string start_note;
    if (game_start || a.snap) {
        const Navigator::Snap s = game_start ? nav.snap(parse_game_position(a.from, "--from"))
                                             : nav.snap_feet(parse_position(world, a.from, "--from"));
        if (s.ok) start_note = "start " + s.what;
        from = s.ok ? s.feet : (game_start ? world.transform().to_voxel(parse_game_position(a.from, "--from")) : parse_position(world, a.from, "--from"));
        if (!s.ok && game_start) {
            Route bad;
            bad.status = SearchStatus::InvalidStart;
            bad.error = "start " + s.what + ".";
            if (a.json) std::printf("%s\n", to_json(bad).c_str());
            else print_table(bad, {});
            return kQueryFailed;
        }
    } else {
        from = parse_position(world, a.from, "--from");
    }

    std::uint64_t slices = 0;
    Route r;
    if (a.slice) {
        nav.begin_route(from, goal, q);
        do ++slices;
        while (!nav.step(static_cast<std::uint32_t>(*a.slice)));
        r = nav.route();
    } else {
        r = nav.find_route(from, goal, q);
    }
    for (const std::string& note : {snapped, start_note})
        if (!note.empty()) r.snapped = note + (r.snapped.empty() ? "" : "; " + r.snapped);

    Route raw;
    if (a.smooth && r.usable()) {
        raw = r;
        r = nav.smooth_route(raw, q.zones);
    }
    const std::vector<glm::dvec3> game = a.game_units ? nav.to_game(r) : std::vector<glm::dvec3>{};
    if (a.json) {
        std::printf("%s\n", route_json(r, game, a.smooth && raw.usable() ? &raw : nullptr, slices).c_str());
    } else {
        print_table(r, game);
        if (slices) std::printf("slices     %llu of at most %lld expansions\n", (unsigned long long)slices, *a.slice);
        if (a.smooth && raw.usable())
            std::printf("smoothing  %zu -> %zu waypoints, cost %.6f -> %.6f s\n", raw.waypoints.size(), r.waypoints.size(), raw.cost,
                        r.cost);
    }
    return r.usable() ? kOk : kQueryFailed;
}

}  // namespace

Command add_route_command(CLI::App& app) {
    auto args = std::make_shared<RouteArgs>();
    CLI::App* sub = app.add_subcommand("route", "Find a route from a position to a goal of a world");
    sub->add_option("--world", args->world, "World file (.vxw, .vdb, .map, .3dmap, .mca, .schem, .vox)")->required();
    sub->add_option("--from", args->from, "Start: X,Y,Z, a named position, or @x,y,z in game units (snapped)")->required();
    sub->add_option("--to", args->to,
                    "Goal (repeatable: any of them): X,Y,Z, a name, @x,y,z, near:X,Y,Z:R, xz:X,Z, y:Y or touch:X,Y,Z");
    sub->add_option("--flee", args->flee, "Instead of --to: end at least R voxels from X,Y,Z (repeatable): X,Y,Z:R");
    sub->add_option("--avoid", args->avoid, "Multiply moves ending within R of X,Y,Z by M > 1 (inf: never): X,Y,Z:R:M");
    sub->add_option("--prefer", args->prefer, "Multiply moves ending within R of X,Y,Z by 0 < M < 1: X,Y,Z:R:M");
    sub->add_option("--agent", args->agent, "Agent profile JSON (default: the 1x2 humanoid)");
    sub->add_option("--weight", args->weight, "Heuristic weight >= 1 (route at most this times optimal)");
    sub->add_option("--max-nodes", args->max_nodes, "Expansion cap; a partial route when reached");
    sub->add_option("--max-cost", args->max_cost, "Do not expand nodes whose g + h exceed this (seconds)");
    sub->add_option("--slice", args->slice, "Run the search in slices of at most N expansions (as a game tick would)");
    sub->add_flag("--snap", args->snap, "Snap a start or exact goal that is no waypoint to the nearest one");
    sub->add_flag("--smooth", args->smooth, "Merge runs of walk waypoints into straight segments");
    sub->add_flag("--game-units", args->game_units, "Also print each waypoint's feet centre in game units");
    sub->add_flag("--json", args->json, "Print the route JSON");
    return [sub, args]() -> int { return sub->parsed() ? run(*args) : -1; };
}

}  // namespace voxnav::cli
