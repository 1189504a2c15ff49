// SPDX-License-Identifier: MIT
// voxnav render: a PNG of a world region, top-down or a vertical section,
// with a route coloured by action and, with --trace, the nodes its search
// expanded (blue) and left open (green).
#include "picture_args.hpp"

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

std::string agent_label(const std::optional<std::string>& path) {
    return path ? std::filesystem::path(*path).stem().string() : "default humanoid";
}

std::optional<PictureQuery> picture_query(const World& world, const AgentProfile& profile, const QueryArgs& args) {
    if (args.from.empty()) {
        if (!args.to.empty() || !args.flee.empty()) throw UsageError("--to and --flee need --from");
        return std::nullopt;
    }
    PictureQuery out;
    Navigator nav(world, profile);
    PreparedQuery q = prepare_query(world, nav, args);
    q.options.trace = &out.trace;
    out.route = run_query(nav, q);
    out.from = q.from;
    if (q.goal.is_single_voxel()) out.goal = q.goal.parts()[0].voxel;
    out.note = agent_label(args.agent) + "  " + route_figures(out.route);
    std::printf("status     %s\n", to_string(out.route.status));
    if (!out.route.error.empty()) std::printf("error      %s\n", out.route.error.c_str());
    std::printf("cost       %.6f s\nexpanded   %llu\nwaypoints  %zu\n", out.route.cost, (unsigned long long)out.route.metrics.expanded,
                out.route.waypoints.size());
    return out;
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
    if (a.query.from.empty() && a.trace) throw UsageError("--trace needs --from");
    const std::optional<PictureQuery> q = picture_query(world, profile, a.query);
    if (q) {
        pic.route = &q->route;
        if (a.trace) pic.trace = &q->trace;
        pic.start = q->from;
        pic.goal = q->goal;
        pic.notes.push_back(q->note);
    }
    write_picture(world, pic, a.picture.crop, a.out);
    return !q || q->route.usable() ? kOk : kQueryFailed;
}

}  // namespace

Command add_render_command(CLI::App& app) {
    auto args = std::make_shared<RenderArgs>();
    CLI::App* sub = app.add_subcommand("render", "Draw a world region as a PNG, with a route and its search");
    add_world_option(sub, args->world);
    add_query_options(sub, args->query, false);
    sub->add_flag("--trace", args->trace, "Draw the nodes the search expanded (blue) and left open (green)");
    add_picture_options(sub, args->picture);
    sub->add_option("--out", args->out, "PNG file to write")->required();
    return [sub, args]() -> int { return sub->parsed() ? run(*args) : -1; };
}

}  // namespace voxnav::cli
