// SPDX-License-Identifier: MIT
// voxnav route: one route query, printed as a table or as route JSON.
//
// Positions: X,Y,Z (voxels), a named position, or @x,y,z (game units, snapped
// to the waypoint an NPC there occupies). Goals (--to, repeatable: any of
// them): a position, near:X,Y,Z:R, xz:X,Z, y:Y, touch:X,Y,Z. Or --flee
// X,Y,Z:R (repeatable) instead of --to. Zones: --avoid / --prefer X,Y,Z:R:M.
#include "query_args.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace voxnav::cli {
namespace {

struct RouteArgs {
    std::string world;
    QueryArgs query;
    std::optional<long long> slice;
    std::optional<std::string> trace, check_trace;
    std::string accel = "auto";
    int landmarks = 0;
    bool json = false, smooth = false, game_units = false;
};

void print_table(const Route& r, const std::vector<glm::dvec3>& game) {
    std::printf("status     %s\n", to_string(r.status));
    if (!r.error.empty()) std::printf("error      %s\n", r.error.c_str());
    if (!r.snapped.empty()) std::printf("snapped    %s\n", r.snapped.c_str());
    if (r.usable()) std::printf("cost       %.6f s\n", r.cost);
    if (r.heuristic_scale != 1.0) std::printf("h scale    %g (cheapest zone multiplier, keeps the route optimal)\n", r.heuristic_scale);
    std::printf("expanded   %llu\ngenerated  %llu\ntime       %.1f us\n", (unsigned long long)r.metrics.expanded,
                (unsigned long long)r.metrics.generated, r.metrics.microseconds);
    const bool changes = !r.dig.empty() || !r.place.empty();
    if (!r.open.empty()) std::printf("opened     %zu door voxels\n", r.open.size());
    if (changes) std::printf("dug        %zu voxels\nplaced     %zu blocks\n", r.dig.size(), r.place.size());
    if (r.waypoints.empty()) return;
    // "action" is the motion; what the move does to the world first follows
    // in a last column ("open 4,1,1 4,2,1", "dig 5,1,1", "place 8,0,2").
    std::printf("\n%4s %8s %8s %8s %9s  %-6s %10s", "#", "x", "y", "z", "feet_y", "action", "move cost");
    if (!game.empty()) std::printf(" %12s %12s %12s", "game x", "game y", "game z");
    if (changes || !r.open.empty()) std::printf("  opens / digs / places");
    std::printf("\n");
    std::size_t at[3] = {0, 0, 0};  // running offsets into open, dig, place (Route::voxels is O(k))
    for (std::size_t i = 0; i < r.waypoints.size(); ++i) {
        const Waypoint& w = r.waypoints[i];
        std::printf("%4zu %8d %8d %8d %9.4f  %-6s %10.6f", i, w.position.x, w.position.y, w.position.z, w.feet_y,
                    to_string(w.action), w.cost);
        if (!game.empty()) std::printf(" %12.4f %12.4f %12.4f", game[i].x, game[i].y, game[i].z);
        const std::vector<Voxel>* lists[3] = {&r.open, &r.dig, &r.place};
        const std::uint32_t shares[3] = {w.opened, w.dug, w.placed};
        for (std::size_t a = 0; a < 3; ++a) {
            if (shares[a] == 0) continue;
            std::printf("  %s", to_string(kWorldActs[a]));
            for (std::uint32_t k = 0; k < shares[a] && at[a] < lists[a]->size(); ++k, ++at[a])
                std::printf(" %d,%d,%d", (*lists[a])[at[a]].x, (*lists[a])[at[a]].y, (*lists[a])[at[a]].z);
        }
        std::printf("\n");
    }
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

SearchTrace load_trace(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw UsageError("--check-trace: cannot read '" + path + "'");
    std::stringstream text;
    text << in.rdbuf();
    try {
        return trace_from_json(text.str());
    } catch (const std::runtime_error& e) {
        throw UsageError("--check-trace " + path + ": " + e.what());
    }
}

// "" when the new search did what the recorded one did: the same status,
// the same expansions in the same order (positions, g within 1e-9), the
// same route. Otherwise the first difference.
std::string compare_traces(const SearchTrace& old, const SearchTrace& now) {
    if (old.status != now.status)
        return std::string("status ") + to_string(old.status) + " was recorded, the query now answers " + to_string(now.status);
    const std::size_t n = std::min(old.expanded.size(), now.expanded.size());
    for (std::size_t i = 0; i < n; ++i) {
        const TraceNode &a = old.expanded[i], &b = now.expanded[i];
        if (a.position != b.position || std::abs(a.g - b.g) > 1e-9 * std::max(1.0, std::abs(a.g)))
            return "expansion " + std::to_string(i) + " was (" + std::to_string(a.position.x) + ", " + std::to_string(a.position.y) + ", " +
                   std::to_string(a.position.z) + ") g " + std::to_string(a.g) + ", now (" + std::to_string(b.position.x) + ", " +
                   std::to_string(b.position.y) + ", " + std::to_string(b.position.z) + ") g " + std::to_string(b.g);
    }
    if (old.expanded.size() != now.expanded.size())
        return std::to_string(old.expanded.size()) + " expansions were recorded, " + std::to_string(now.expanded.size()) + " now";
    // The routes: the parent chains from the ends, move by move (a legacy
    // trace's actions are matched as trace_moves_match says).
    auto chain = [](const SearchTrace& t) {
        std::vector<const TraceNode*> c;
        if (!t.has_end) return c;
        c.push_back(&t.end);
        for (std::int64_t p = t.end.parent; p >= 0 && p < std::int64_t(t.expanded.size()) && c.size() <= t.expanded.size(); p = c.back()->parent)
            c.push_back(&t.expanded[std::size_t(p)]);
        std::reverse(c.begin(), c.end());
        return c;
    };
    const auto ca = chain(old), cb = chain(now);
    if (ca.size() != cb.size()) return "the route's length differs";
    for (std::size_t k = 0; k < ca.size(); ++k)
        if (ca[k]->position != cb[k]->position || (k > 0 && !trace_moves_match(old, ca[k]->action, cb[k]->action)))
            return "waypoint " + std::to_string(k) + " differs";
    return "";
}

int run(const RouteArgs& a) {
    if (a.slice && (*a.slice < 1 || *a.slice > 0xFFFFFFFFll)) throw UsageError("--slice must be in 1..4294967295");
    const AgentProfile profile = load_profile_or_fail(a.query.agent);
    const World world = load_world_or_fail(a.world);
    Navigator nav(world, profile);
    if (a.landmarks > 0) build_landmarks_now(nav, a.landmarks);
    PreparedQuery query = prepare_query(world, nav, a.query);
    query.options.acceleration = parse_accel(a.accel);
    SearchTrace trace;
    if (a.trace || a.check_trace) query.options.trace = &trace;

    std::uint64_t slices = 0;
    Route r = run_query(nav, query, a.slice ? static_cast<std::uint32_t>(*a.slice) : 0u, &slices);
    if (a.trace) {
        if (query.bad_start) trace.status = r.status;
        write_text_file(*a.trace, to_json(trace), "--trace");
    }
    std::string replay;
    if (a.check_trace) replay = compare_traces(load_trace(*a.check_trace), trace);
    Route raw;
    if (a.smooth && r.usable()) {
        raw = r;
        r = nav.smooth_route(raw, query.options.zones);
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
    if (a.check_trace) {
        std::fprintf(replay.empty() ? stdout : stderr, "trace      %s %s\n", replay.empty() ? "replays to the recorded search:" : "differs from",
                     replay.empty() ? (std::to_string(trace.expanded.size()) + " expansions in the same order, the same route").c_str()
                                    : (*a.check_trace + ": " + replay).c_str());
        if (!replay.empty()) return kQueryFailed;
    }
    return r.usable() ? kOk : kQueryFailed;
}

}  // namespace

Command add_route_command(CLI::App& app) {
    auto args = std::make_shared<RouteArgs>();
    CLI::App* sub = app.add_subcommand("route", "Find a route from a position to a goal of a world");
    add_world_option(sub, args->world, "World file (.vxw, .vdb, .map, .3dmap, .mca, .schem, .vox)");
    add_query_options(sub, args->query, true);
    sub->add_option("--slice", args->slice, "Run the search in slices of at most N expansions (as a game tick would)");
    sub->add_option("--trace", args->trace, "Write what the search did (each expansion, the open list) to this JSON file");
    sub->add_option("--check-trace", args->check_trace,
                    "Compare the search with a trace written by --trace: same expansions in order, same route (exit 1 if not)");
    add_accel_option(sub, args->accel);
    sub->add_option("--landmarks", args->landmarks,
                    "Landmarks of the exact terrain bound, built before the query (default 0: none; the bench's default is 8)")
        ->check(CLI::Range(0, 32));
    sub->add_flag("--smooth", args->smooth, "Merge runs of walk waypoints into straight segments");
    sub->add_flag("--game-units", args->game_units, "Also print each waypoint's feet centre in game units");
    sub->add_flag("--json", args->json, "Print the route JSON");
    return [sub, args]() -> int { return sub->parsed() ? run(*args) : -1; };
}

}  // namespace voxnav::cli
