// SPDX-License-Identifier: MIT
// voxnav view: a self-contained HTML page with a 3D view of a world region,
// a route coloured by action, its searched nodes and the agent's reachable
// area (toggles), and the query's figures.
#include "picture_args.hpp"

#include "voxnav/pictures/viewer.hpp"

#include <cstdio>
#include <filesystem>

namespace voxnav::cli {
namespace {

struct ViewArgs {
    std::string world, out;
    QueryArgs query;
    std::optional<std::string> crop;
    long long reach_nodes = 5'000'000;
};

int run(const ViewArgs& a) {
    if (!pictures::viewer_available()) throw UsageError("view: this voxnav was built without three.js (install Debian's libjs-three and rebuild)");
    if (a.reach_nodes < 0 || a.reach_nodes > 0xFFFFFFFFll) throw UsageError("--reach-nodes must be in 0..4294967295");
    const AgentProfile profile = load_profile_or_fail(a.query.agent);
    const World world = load_world_or_fail(a.world);
    const auto t0 = std::chrono::steady_clock::now();
    pictures::ViewerScene scene;
    scene.agent_width = profile.width;
    if (a.crop) scene.region = parse_crop(world, *a.crop);
    const std::optional<PictureQuery> q = picture_query(world, profile, a.query);
    Reach reach;
    if (q) {
        scene.route = &q->route;
        scene.trace = &q->trace;
        scene.start = q->from;
        scene.goal = q->goal;
        scene.notes.push_back(q->note);
        if (a.reach_nodes > 0) {
            Navigator nav(world, profile);
            QueryOptions ro;
            ro.limits.max_nodes = std::uint32_t(a.reach_nodes);
            reach = nav.reachable(q->from, ro);
            scene.reachable = positions_of(reach);
            scene.notes.push_back("reachable " + std::to_string(reach.waypoints.size()) + (reach.complete() ? "" : " (node cap)") +
                                  " waypoints from the start");
        }
    }
    scene.title = "voxnav view - " + std::filesystem::path(a.world).filename().string();
    std::string page;
    pictures::ViewerStats stats;
    try {
        page = pictures::viewer_html(world, scene, &stats);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    } catch (const std::length_error& e) {
        throw UsageError(e.what());
    }
    write_text_file(a.out, page, "--out");
    std::printf("faces      %llu visible, merged into %zu quads\n", (unsigned long long)stats.faces, stats.quads);
    std::printf("wrote      %s (%zu bytes) in %.1f ms\n", a.out.c_str(), page.size(), ms_since(t0));
    return !q || q->route.usable() ? kOk : kQueryFailed;
}

}  // namespace

Command add_view_command(CLI::App& app) {
    auto args = std::make_shared<ViewArgs>();
    CLI::App* sub = app.add_subcommand("view", "Write a self-contained HTML page with a 3D view of a world, a route and its search");
    add_world_option(sub, args->world);
    add_query_options(sub, args->query, false);
    sub->add_option("--crop", args->crop, "Region: X0,Y0,Z0,X1,Y1,Z1 (two corners, inclusive) or X0,Z0,X1,Z1 (all heights)");
    sub->add_option("--reach-nodes", args->reach_nodes, "Cap of the reachable-area flood from --from (0: none; default 5,000,000)");
    sub->add_option("--out", args->out, "HTML file to write")->required();
    return [sub, args]() -> int { return sub->parsed() ? run(*args) : -1; };
}

}  // namespace voxnav::cli
