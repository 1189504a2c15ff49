// voxnav render: a PNG of a world region, top-down or a vertical section,
// with a route coloured by action and, with --trace, the nodes its search
// expanded (blue) and left open (green).
#include "picture_args.hpp"
#include "query_args.hpp"

#include <cstdio>
#include <filesystem>

namespace voxnav::cli {

/// "found  cost 4.89 s  expanded 51  time 0.03 ms" for a legend.
std::string route_figures(const Route& r) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s  cost %.3f s  expanded %llu  time %.2f ms", to_string(r.status), r.cost,
                  (unsigned long long)r.metrics.expanded, r.metrics.microseconds / 1000.0);
    return buf;
}

/// The agent's name for legends: the profile file's stem, or "humanoid".
std::string agent_label(const std::optional<std::string>& path) {
    return path ? std::filesystem::path(*path).stem().string() : "default humanoid";
}

namespace {

struct RenderArgs {
    std::string world, out;
    QueryArgs query;
    PictureArgs picture;
    bool trace = false;
};

int run(const RenderArgs& a) {
    const AgentProfile profile = load_profile_or_fail(a.query.agent);
    const World world = load_world_or_fail(a.world);
    pictures::MapPicture pic = picture_options(a.picture);
    Route route;
    SearchTrace trace;
    const bool routed = !a.query.from.empty();
    if (!routed && (!a.query.to.empty() || !a.query.flee.empty() || a.trace))
        throw UsageError("--to, --flee and --trace need --from");
    if (routed) {
        Navigator nav(world, profile);
        PreparedQuery q = prepare_query(world, nav, a.query);
        if (a.trace) q.options.trace = &trace;
        route = run_query(nav, q);
        pic.route = &route;
        if (a.trace) pic.trace = &trace;
        pic.start = q.from;
        if (q.goal.is_single_voxel()) pic.goal = q.goal.parts()[0].voxel;
        pic.notes.push_back(agent_label(a.query.agent) + "  " + route_figures(route));
        std::printf("status     %s\n", to_string(route.status));
        if (!route.error.empty()) std::printf("error      %s\n", route.error.c_str());
        std::printf("cost       %.6f s\nexpanded   %llu\nwaypoints  %zu\n", route.cost, (unsigned long long)route.metrics.expanded,
                    route.waypoints.size());
    }
    write_picture(world, pic, a.picture.crop, a.out);
    return !routed || route.usable() ? kOk : kQueryFailed;
}

}  // namespace

Command add_render_command(CLI::App& app) {
    auto args = std::make_shared<RenderArgs>();
    CLI::App* sub = app.add_subcommand("render", "Draw a world region as a PNG, with a route and its search");
    sub->add_option("--world", args->world, "World file")->required();
    add_query_options(sub, args->query, false);
    sub->add_flag("--trace", args->trace, "Draw the nodes the search expanded (blue) and left open (green)");
    add_picture_options(sub, args->picture);
    sub->add_option("--out", args->out, "PNG file to write")->required();
    return [sub, args]() -> int { return sub->parsed() ? run(*args) : -1; };
}

}  // namespace voxnav::cli
