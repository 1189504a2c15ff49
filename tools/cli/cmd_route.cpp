// voxnav route: one route query, printed as a table or as route JSON.
#include "cli_common.hpp"

#include <cstdio>

namespace voxnav::cli {
namespace {

struct RouteArgs {
    std::string world, from, to;
    std::optional<std::string> agent;
    double weight = 1.0;
    std::optional<long long> max_nodes;
    std::optional<double> max_cost;
    bool json = false;
};

void print_table(const Route& r) {
    std::printf("status     %s\n", to_string(r.status));
    if (!r.error.empty()) std::printf("error      %s\n", r.error.c_str());
    if (r.usable()) std::printf("cost       %.6f s\n", r.cost);
    std::printf("expanded   %llu\ngenerated  %llu\ntime       %.1f us\n", (unsigned long long)r.metrics.expanded,
                (unsigned long long)r.metrics.generated, r.metrics.microseconds);
    if (r.waypoints.empty()) return;
    std::printf("\n%4s %8s %8s %8s  %-6s %10s\n", "#", "x", "y", "z", "action", "move cost");
    for (std::size_t i = 0; i < r.waypoints.size(); ++i) {
        const Waypoint& w = r.waypoints[i];
        std::printf("%4zu %8d %8d %8d  %-6s %10.6f\n", i, w.position.x, w.position.y, w.position.z, to_string(w.action), w.cost);
    }
}

int run(const RouteArgs& a) {
    const SearchLimits limits = make_limits(a.weight, a.max_nodes, a.max_cost);
    const AgentProfile profile = load_profile_or_fail(a.agent);
    const World world = load_world_or_fail(a.world);
    const Voxel from = parse_position(world, a.from, "--from");
    const Voxel to = parse_position(world, a.to, "--to");
    Navigator nav(world, profile);
    const Route r = nav.find_route(from, to, limits);
    if (a.json)
        std::printf("%s\n", to_json(r).c_str());
    else
        print_table(r);
    return r.usable() ? kOk : kQueryFailed;
}

}  // namespace

Command add_route_command(CLI::App& app) {
    auto args = std::make_shared<RouteArgs>();
    CLI::App* sub = app.add_subcommand("route", "Find a route between two positions of a world");
    sub->add_option("--world", args->world, "World file (.vxw, .vdb, .map, .3dmap)")->required();
    sub->add_option("--from", args->from, "Start: X,Y,Z or a named position")->required();
    sub->add_option("--to", args->to, "Goal: X,Y,Z or a named position")->required();
    sub->add_option("--agent", args->agent, "Agent profile JSON (default: the 1x2 humanoid)");
    sub->add_option("--weight", args->weight, "Heuristic weight >= 1 (route at most this times optimal)");
    sub->add_option("--max-nodes", args->max_nodes, "Expansion cap; a partial route when reached");
    sub->add_option("--max-cost", args->max_cost, "Do not expand nodes whose g + h exceed this (seconds)");
    sub->add_flag("--json", args->json, "Print the route JSON");
    return [sub, args]() -> int { return sub->parsed() ? run(*args) : -1; };
}

}  // namespace voxnav::cli
