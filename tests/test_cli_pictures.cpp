// SPDX-License-Identifier: MIT
// The picture and tuning commands as a user runs them: route --trace, render,
// reach and compare. Pictures are decoded with libpng and checked by pixel.
#include "cli_run.hpp"

#include "voxnav/pictures/map_picture.hpp"
#include "voxnav/pictures/palette.hpp"
#include "voxnav/voxnav.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <set>
#include <sstream>

using namespace voxnav;

namespace {

std::string temp(const std::string& name) { return "/tmp/voxnav_cli_pic_" + std::to_string(getpid()) + "_" + name; }

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace

TEST_CASE("cli route --trace writes a trace whose expansions and route match the query", "[cli][trace]") {
    const std::string file = temp("trace.json");
    Run r = run("route --world " + kDemo + " --from S --to G --json --trace " + file);
    REQUIRE(r.code == 0);
    const Route route = route_from_json(r.out);
    const SearchTrace trace = trace_from_json(slurp(file));
    CHECK(trace.expanded.size() == route.metrics.expanded);
    const Route rebuilt = rebuild_route(trace);
    REQUIRE(rebuilt.waypoints.size() == route.waypoints.size());
    for (std::size_t k = 0; k < route.waypoints.size(); ++k) {
        CHECK(rebuilt.waypoints[k].position == route.waypoints[k].position);
        CHECK(rebuilt.waypoints[k].action == route.waypoints[k].action);
    }
    CHECK(rebuilt.cost == Approx(route.cost));
    // The recorded search replays; another agent's search does not.
    r = run("route --world " + kDemo + " --from S --to G --check-trace " + file);
    CHECK(r.code == 0);
    CHECK_THAT(r.out, Catch::Contains("replays"));
    r = run("route --world " + kDemo + " --from S --to G --agent " + kAgents + "leaper.json --check-trace " + file);
    CHECK(r.code == 1);
    CHECK_THAT(r.err, Catch::Contains("differs"));
    // A bad start still writes a trace, saying so.
    CHECK(run("route --world " + kDemo + " --from 0,5,0 --to G --trace " + file).code == 1);
    CHECK(trace_from_json(slurp(file)).status == SearchStatus::InvalidStart);
    // An unwritable trace file is a usage error naming it.
    const Run bad = run("route --world " + kDemo + " --from S --to G --trace /nonexistent/t.json");
    CHECK(bad.code == 2);
    CHECK_THAT(bad.err, Catch::Contains("/nonexistent/t.json"));
    std::remove(file.c_str());
}

TEST_CASE("cli render: crop and scale set the size, the route and search are drawn", "[cli][pictures]") {
    const std::string png = temp("render.png");
    Run r = run("render --world " + kDemo + " --from S --to G --trace --scale 10 --no-legend --out " + png);
    REQUIRE(r.code == 0);
    CHECK_THAT(r.out, Catch::Contains("wrote"));
    pictures::Image img = pictures::read_png(png);
    CHECK(img.width() == 120);
    CHECK(img.height() == 80);
    // The route's pixels carry its actions' colours.
    const World w = load_world(kDemo);
    Navigator nav(w, AgentProfile{});
    const Route route = nav.find_route(*w.point("S"), *w.point("G"));
    std::set<std::pair<int, int>> drawn;
    for (std::size_t k = route.waypoints.size(); k-- > 0;) {
        const Voxel p = route.waypoints[k].position;
        if (!drawn.insert({p.x, p.z}).second) continue;  // a later waypoint is on top
        CHECK(img.at(p.x * 10 + 5, p.z * 10 + 5) == pictures::action_colour(route.waypoints[k].action));
    }
    // Crop: two corners inclusive; size = crop x scale.
    r = run("render --world " + kDemo + " --crop 2,0,1,5,5,6 --scale 7 --no-legend --out " + png);
    REQUIRE(r.code == 0);
    img = pictures::read_png(png);
    CHECK(img.width() == 4 * 7);
    CHECK(img.height() == 6 * 7);
    // A section along x: z across, y up.
    r = run("render --world " + kDemo + " --section x:5 --scale 3 --no-legend --out " + png);
    REQUIRE(r.code == 0);
    img = pictures::read_png(png);
    CHECK(img.width() == 8 * 3);
    CHECK(img.height() == 6 * 3);
    CHECK(img.at(1, 17) == pictures::block_colour(w.block_type({5, 0, 0})));  // the floor, bottom left
    // With the legend the picture grows downwards only.
    r = run("render --world " + kDemo + " --from S --to G --scale 10 --out " + png);
    REQUIRE(r.code == 0);
    img = pictures::read_png(png);
    CHECK(img.width() == 120);
    CHECK(img.height() > 80);
    // Errors name the option.
    for (const std::string& bad : {"--section y:3", "--section x:99", "--crop 1,2,3", "--scale 65", "--trace"}) {
        r = run("render --world " + kDemo + " " + bad + " --out " + png);
        INFO(bad << ": " << r.err);
        CHECK(r.code == 2);
        CHECK_FALSE(r.err.empty());
    }
    std::remove(png.c_str());
}

TEST_CASE("cli reach: counts what the navigator reaches and draws it", "[cli][reach]") {
    const World w = load_world(kDemo);
    Navigator nav(w, AgentProfile{});
    const std::size_t all = nav.reachable(*w.point("S")).waypoints.size();
    QueryOptions q;
    q.limits.max_cost = 2.0;
    const std::size_t near = nav.reachable(*w.point("S"), q).waypoints.size();
    REQUIRE(near < all);
    Run r = run("reach --world " + kDemo + " --from S");
    REQUIRE(r.code == 0);
    CHECK_THAT(r.out, Catch::StartsWith("reachable " + std::to_string(all) + "\n"));
    const std::string png = temp("reach.png");
    r = run("reach --world " + kDemo + " --agent " + kAgents + "humanoid.json --from S --max-cost 2 --json --out " + png);
    REQUIRE(r.code == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j.at("reachable").get<std::size_t>() == near);
    CHECK(j.at("complete").get<bool>());
    CHECK(std::filesystem::file_size(png) > 0);
    CHECK(pictures::read_png(png).width() > 0);
    r = run("reach --world " + kDemo + " --from 0,5,0");
    CHECK(r.code == 2);
    CHECK_THAT(r.err, Catch::Contains("--from"));
    std::remove(png.c_str());
}

TEST_CASE("cli compare: one entry per agent, in order, with reach and query figures", "[cli][reach]") {
    const std::string png = temp("compare.png");
    const std::string agents = kAgents + "humanoid.json " + kAgents + "leaper.json " + kAgents + "brute.json";
    Run r = run("compare --world " + kDemo + " --agents " + agents + " --from S --queries 40 --json --out " + png);
    REQUIRE(r.code == 0);
    const auto j = nlohmann::json::parse(r.out);
    REQUIRE(j.at("agents").size() == 3);
    CHECK(j.at("queries").get<int>() == 40);
    const World w = load_world(kDemo);
    int i = 0;
    for (const char* name : {"humanoid", "leaper", "brute"}) {
        const auto& e = j.at("agents")[std::size_t(i++)];
        CHECK(e.at("agent").get<std::string>() == kAgents + name + ".json");
        Navigator nav(w, load_agent_profile(kAgents + name + ".json"));
        CHECK(e.at("reachable").get<std::size_t>() == nav.reachable(*w.point("S")).waypoints.size());
        CHECK(e.at("found").get<int>() + e.at("partial").get<int>() + e.at("no_path").get<int>() + e.at("invalid").get<int>() == 40);
        CHECK(e.at("actions").contains("jump"));
    }
    CHECK(pictures::read_png(png).width() > 0);
    // Without --from: no reach; --out then needs it.
    r = run("compare --world " + kDemo + " --agents " + agents + " --queries 5 --json");
    REQUIRE(r.code == 0);
    CHECK(nlohmann::json::parse(r.out).at("agents")[0].at("reachable").is_null());
    CHECK(run("compare --world " + kDemo + " --agents " + agents + " --out " + png).code == 2);
    std::remove(png.c_str());
}

TEST_CASE("cli view: one self-contained page with the world, the route and the searched nodes", "[cli][viewer]") {
    const std::string html = temp("view.html");
    Run r = run("view --world " + kDemo + " --from S --to G --out " + html);
    REQUIRE(r.code == 0);
    CHECK_THAT(r.out, Catch::Contains("wrote"));
    const std::string page = slurp(html);
    // Self-contained: three.js inlined, nothing fetched.
    CHECK(page.find("<script src") == std::string::npos);
    CHECK(page.find("REVISION") != std::string::npos);  // three.js
    CHECK(page.find("OrbitControls") != std::string::npos);
    const std::size_t at = page.find("const VOXNAV_SCENE = ");
    REQUIRE(at != std::string::npos);
    const std::size_t end = page.find(";</script>", at);
    const auto scene = nlohmann::json::parse(page.substr(at + 21, end - at - 21));
    const World w = load_world(kDemo);
    Navigator nav(w, AgentProfile{});
    const Route route = nav.find_route(*w.point("S"), *w.point("G"));
    REQUIRE(scene.at("route").size() == route.waypoints.size());
    for (std::size_t k = 0; k < route.waypoints.size(); ++k) {
        const auto& wp = scene.at("route")[k];
        CHECK(wp[0].get<int>() == route.waypoints[k].position.x);
        CHECK(wp[3].get<int>() == int(route.waypoints[k].action));
    }
    CHECK_FALSE(scene.at("expanded").get<std::string>().empty());
    CHECK_FALSE(scene.at("reachable").get<std::string>().empty());
    CHECK(scene.at("palette").size() >= 3);  // stone, water, lava (and mud)
    // Without a route: the world alone. Bad crops and files are usage errors.
    CHECK(run("view --world " + kDemo + " --out " + html).code == 0);
    CHECK(run("view --world " + kDemo + " --crop 1,2 --out " + html).code == 2);
    r = run("view --world " + kDemo + " --out /nonexistent/v.html");
    CHECK(r.code == 2);
    CHECK_THAT(r.err, Catch::Contains("/nonexistent/v.html"));
    std::remove(html.c_str());
}

TEST_CASE("cli field: reachable N first, equal to the C++ count, --json keys, a heat map, bad goals name --to", "[cli][flow]") {
    const World w = load_world(kDemo);
    Navigator nav(w, AgentProfile{});
    const Voxel goal = *w.point("G");
    const FlowField all = nav.flow_field(Goal::at(goal));
    QueryOptions q;
    q.limits.max_cost = 2.0;
    const FlowField near = nav.flow_field(Goal::at(goal), q);
    REQUIRE(near.reachable() < all.reachable());
    Run r = run("field --world " + kDemo + " --to G");
    REQUIRE(r.code == 0);
    CHECK_THAT(r.out, Catch::StartsWith("reachable " + std::to_string(all.reachable()) + "\n"));
    const std::string png = temp("field.png");
    r = run("field --world " + kDemo + " --to " + std::to_string(goal.x) + "," + std::to_string(goal.y) + "," + std::to_string(goal.z) +
            " --max-cost 2 --json --scale 12 --out " + png);
    REQUIRE(r.code == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j.at("reachable").get<std::size_t>() == near.reachable());
    CHECK(j.at("max_cost").get<double>() == Approx(near.largest_cost()));
    CHECK(j.at("max_cost").get<double>() <= 2.0);
    CHECK(pictures::read_png(png).width() > 0);
    // Other goal kinds.
    r = run("field --world " + kDemo + " --to near:" + std::to_string(goal.x) + "," + std::to_string(goal.y) + "," +
            std::to_string(goal.z) + ":2 --json");
    REQUIRE(r.code == 0);
    CHECK(nlohmann::json::parse(r.out).at("reachable").get<std::size_t>() ==
          nav.flow_field(Goal::near(glm::dvec3(goal), 2.0)).reachable());
    // Bad goals name the option.
    r = run("field --world " + kDemo + " --to near:1,2");
    CHECK(r.code == 2);
    CHECK_THAT(r.err, Catch::Contains("--to"));
    r = run("field --world " + kDemo + " --to 0,50,0");
    CHECK(r.code == 1);
    CHECK_THAT(r.err, Catch::Contains("--to"));
    r = run("field --world " + kDemo);
    CHECK(r.code == 2);
    CHECK_THAT(r.err, Catch::Contains("--to"));
    std::remove(png.c_str());
}

TEST_CASE("cli chase and crowd: every agent's cost equals fresh A*", "[cli][flow]") {
    Run r = run("chase --world " + kDemo + " --agents 5 --target-path random --seconds 2 --spread 8 --json");
    REQUIRE(r.code == 0);
    auto j = nlohmann::json::parse(r.out);
    CHECK(j.at("ticks").get<int>() == 40);
    CHECK(j.at("max_cost_difference").get<double>() < 1e-9);
    CHECK(j.at("compared").get<std::size_t>() > 0);
    const std::string path = temp("walk.txt");
    {
        std::ofstream f(path);
        f << "# the target's walk\nS\n" << "G\n";
    }
    r = run("chase --world " + kDemo + " --agents 3 --target-path " + path + " --seconds 2 --spread 6 --method field --json");
    REQUIRE(r.code == 0);
    CHECK(nlohmann::json::parse(r.out).at("max_cost_difference").get<double>() < 1e-9);
    r = run("chase --world " + kDemo + " --agents 3 --target-path /nonexistent/walk.txt");
    CHECK(r.code == 2);
    CHECK_THAT(r.err, Catch::Contains("--target-path"));
    r = run("crowd --world " + kDemo + " --agents 1,4 --spread 8 --reps 1 --json");
    REQUIRE(r.code == 0);
    j = nlohmann::json::parse(r.out);
    REQUIRE(j.at("rows").size() == 2);
    for (const auto& row : j.at("rows")) CHECK(row.at("costs_equal").get<bool>());
    std::remove(path.c_str());
}

TEST_CASE("cli route, render and view show what a digging and placing agent digs and places", "[cli][dig]") {
    const std::string world = VOXNAV_SOURCE_DIR "/worlds/dig.vxw", miner = kAgents + "pioneer.json";
    Run r = run("route --world " + world + " --from S --to G --agent " + miner);
    REQUIRE(r.code == 0);
    CHECK_THAT(r.out, Catch::Contains("dug        2 voxels"));
    CHECK_THAT(r.out, Catch::Contains("placed     2 blocks"));
    CHECK_THAT(r.out, Catch::Contains("dig 5,1,1 5,2,1"));
    CHECK_THAT(r.out, Catch::Contains("place 8,0,2"));
    r = run("route --world " + world + " --from S --to G --agent " + miner + " --json");
    REQUIRE(r.code == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j.at("dig") == nlohmann::json::parse("[[5,1,1],[5,2,1]]"));
    CHECK(j.at("place") == nlohmann::json::parse("[[8,0,2],[9,0,2]]"));
    // Each waypoint's "action" is a motion; the move's voxels are its "dig" and "place" lists.
    std::size_t digging = 0, placing = 0;
    for (const auto& w : j.at("waypoints")) {
        const std::string action = w.at("action").get<std::string>();
        CHECK((action == "start" || action == "walk" || action == "jump" || action == "leap" || action == "fall" || action == "swim" ||
               action == "climb" || action == "fly"));
        digging += w.contains("dig");
        placing += w.contains("place");
        CHECK_FALSE(w.contains("open"));
    }
    CHECK(digging >= 1);
    CHECK(placing >= 1);
    // Without digging and placing there is no route.
    CHECK(run("route --world " + world + " --from S --to G").code == 1);

    // render: the dug and placed voxels' cells take their colours; the legend names them.
    const std::string png = temp("dig.png");
    r = run("render --world " + world + " --from S --to G --agent " + miner + " --scale 10 --no-legend --out " + png);
    REQUIRE(r.code == 0);
    const pictures::Image img = pictures::read_png(png);
    auto near = [](pictures::Rgb a, pictures::Rgb b) {
        return std::abs(int(a.r) - int(b.r)) < 50 && std::abs(int(a.g) - int(b.g)) < 50 && std::abs(int(a.b) - int(b.b)) < 50;
    };
    CHECK(near(img.at(5 * 10 + 1, 1 * 10 + 1), pictures::dug_colour()));
    CHECK(near(img.at(8 * 10 + 1, 2 * 10 + 1), pictures::placed_colour()));
    CHECK_FALSE(near(img.at(5 * 10 + 1, 3 * 10 + 1), pictures::dug_colour()));  // the wall left standing
    r = run("render --world " + world + " --from S --to G --agent " + miner + " --scale 10 --out " + png);
    REQUIRE(r.code == 0);
    CHECK(pictures::read_png(png).height() > img.height());
    std::remove(png.c_str());

    // view: the page carries the dug and placed voxels and their colours.
    const std::string html = temp("dig.html");
    r = run("view --world " + world + " --from S --to G --agent " + miner + " --out " + html);
    REQUIRE(r.code == 0);
    const std::string page = slurp(html);
    const std::size_t at = page.find("const VOXNAV_SCENE = ");
    REQUIRE(at != std::string::npos);
    const auto scene = nlohmann::json::parse(page.substr(at + 21, page.find(";</script>", at) - at - 21));
    CHECK_FALSE(scene.at("dug").get<std::string>().empty());
    CHECK_FALSE(scene.at("placed").get<std::string>().empty());
    CHECK(scene.at("colours").contains("dug"));
    CHECK(scene.at("colours").contains("placed"));
    CHECK(page.find("dug voxel") != std::string::npos);
    std::remove(html.c_str());
}
