// SPDX-License-Identifier: MIT
#include "query_args.hpp"

namespace voxnav::cli {
namespace {

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

}  // namespace

void add_query_options(CLI::App* sub, QueryArgs& a, bool from_required) {
    auto* from = sub->add_option("--from", a.from, "Start: X,Y,Z, a named position, or @x,y,z in game units (snapped)");
    if (from_required) from->required();
    sub->add_option("--to", a.to, "Goal (repeatable: any of them): X,Y,Z, a name, @x,y,z, near:X,Y,Z:R, xz:X,Z, y:Y or touch:X,Y,Z");
    sub->add_option("--flee", a.flee, "Instead of --to: end at least R voxels from X,Y,Z (repeatable): X,Y,Z:R");
    sub->add_option("--avoid", a.avoid, "Multiply moves ending within R of X,Y,Z by M > 1 (inf: never): X,Y,Z:R:M");
    sub->add_option("--prefer", a.prefer, "Multiply moves ending within R of X,Y,Z by 0 < M < 1: X,Y,Z:R:M");
    add_agent_option(sub, a.agent);
    sub->add_option("--weight", a.weight, "Heuristic weight >= 1 (route at most this times optimal)");
    sub->add_option("--max-nodes", a.max_nodes, "Expansion cap; a partial route when reached");
    sub->add_option("--max-cost", a.max_cost, "Do not expand nodes whose g + h exceed this (seconds)");
    sub->add_flag("--snap", a.snap, "Snap a start or exact goal that is no waypoint to the nearest one");
}

Goal goal_of_to_options(const World& world, const Navigator& nav, const std::vector<std::string>& to, std::string& snapped) {
    if (to.empty()) throw UsageError("--to: give a goal");
    std::vector<Goal> goals;
    for (const auto& t : to) goals.push_back(parse_goal_option(world, nav, t, snapped));
    return goals.size() == 1 ? goals[0] : Goal::any_of(goals);
}

std::vector<CostZone> zones_of_options(const std::vector<std::string>& avoid, const std::vector<std::string>& prefer) {
    std::vector<CostZone> zones;
    for (const auto& z : avoid) zones.push_back(parse_zone_option(z, true));
    for (const auto& z : prefer) zones.push_back(parse_zone_option(z, false));
    return zones;
}

PreparedQuery prepare_query(const World& world, const Navigator& nav, const QueryArgs& a) {
    PreparedQuery p;
    QueryOptions& q = p.options;
    q.limits = make_limits(a.weight, a.max_nodes, a.max_cost);
    q.snap_goal = a.snap;
    if (a.to.empty() == a.flee.empty()) throw UsageError("give either --to (one or more) or --flee (one or more)");
    q.zones = zones_of_options(a.avoid, a.prefer);

    std::string snapped;
    if (!a.flee.empty()) {
        std::vector<Threat> threats;
        for (const auto& f : a.flee) {
            try {
                threats.push_back(parse_threat(f));
            } catch (const std::invalid_argument& e) {
                throw UsageError(std::string("--flee ") + e.what());
            }
        }
        p.goal = Goal::flee(threats);
    } else {
        p.goal = goal_of_to_options(world, nav, a.to, snapped);
    }

    // The start: game units always snap; voxels snap with --snap.
    const bool game_start = !a.from.empty() && a.from[0] == '@';
    std::string start_note;
    if (game_start || a.snap) {
        const Navigator::Snap s = game_start ? nav.snap(parse_game_position(a.from, "--from"))
                                             : nav.snap_feet(parse_position(world, a.from, "--from"));
        if (s.ok) start_note = "start " + s.what;
        p.from = s.ok ? s.feet
                      : (game_start ? world.transform().to_voxel(parse_game_position(a.from, "--from")) : parse_position(world, a.from, "--from"));
        if (!s.ok && game_start) {
            Route bad;
            bad.status = SearchStatus::InvalidStart;
            bad.error = "start " + s.what + ".";
            p.bad_start = bad;
        }
    } else {
        p.from = parse_position(world, a.from, "--from");
    }
    for (const std::string& note : {snapped, start_note})
        if (!note.empty()) p.notes = note + (p.notes.empty() ? "" : "; " + p.notes);
    return p;
}

Route run_query(Navigator& nav, PreparedQuery& p, std::uint32_t slice, std::uint64_t* slices) {
    if (p.bad_start) return *p.bad_start;
    Route r;
    if (slice) {
        nav.begin_route(p.from, p.goal, p.options);
        std::uint64_t n = 0;
        do ++n;
        while (!nav.step(slice));
        if (slices) *slices = n;
        r = nav.route();
    } else {
        r = nav.find_route(p.from, p.goal, p.options);
    }
    if (!p.notes.empty()) r.snapped = p.notes + (r.snapped.empty() ? "" : "; " + r.snapped);
    return r;
}

}  // namespace voxnav::cli
