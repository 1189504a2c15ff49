// SPDX-License-Identifier: MIT
// The voxnav command-line tool, run as a user would: exit codes, messages,
// and every route it prints checked against the reference model.
#include "cli_run.hpp"
#include "reference_model.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <nlohmann/json.hpp>
#include <glm/geometric.hpp>
#include <cstdio>
#include <fstream>
#include <sys/wait.h>
#include <unistd.h>

using namespace voxnav;


TEST_CASE("cli route: every printed route is legal, adds up and is optimal", "[cli]") {
    const World w = load_world(kDemo);
    const std::vector<std::pair<std::string, std::string>> pairs = {{"S", "G"}, {"S", "ledge"}, {"G", "S"}, {"ledge", "G"}, {"0,1,7", "11,1,0"}};
    int found = 0;
    for (const char* agent : {"humanoid", "critter", "brute", "swimmer", "leaper", "drone"}) {
        const AgentProfile a = load_agent_profile(kAgents + agent + ".json");
        const ref::Model model(w, a);
        for (const auto& [from, to] : pairs) {
            INFO(agent << " " << from << " -> " << to);
            const Run r = run("route --world " + kDemo + " --from " + from + " --to " + to + " --agent " + kAgents + agent + ".json --json");
            const Route route = route_from_json(r.out);
            const Voxel s = from.find(',') != std::string::npos ? Voxel(0, 1, 7) : *w.point(from);
            const Voxel g = to.find(',') != std::string::npos ? Voxel(11, 1, 0) : *w.point(to);
            if (!model.waypoint(s) || !model.waypoint(g)) {
                CHECK(r.code == 1);
                CHECK((route.status == SearchStatus::InvalidStart || route.status == SearchStatus::InvalidGoal));
                continue;
            }
            const double best = model.dijkstra(s, g);
            if (best < 0) {
                CHECK(r.code == 1);
                CHECK(route.status == SearchStatus::NoPath);
                continue;
            }
            ++found;
            CHECK(r.code == 0);
            REQUIRE(route.status == SearchStatus::Found);
            CHECK(route.cost == Approx(best).epsilon(1e-9));
            CHECK(model.check_route(route) == "");
        }
    }
    CHECK(found >= 15);
}

TEST_CASE("cli route: table output, partial routes and exit codes", "[cli]") {
    Run r = run("route --world " + kDemo + " --from S --to G");
    CHECK(r.code == 0);
    CHECK(r.out.find("status     found") != std::string::npos);
    CHECK(r.out.find("start") != std::string::npos);
    r = run("route --world " + kDemo + " --from S --to G --max-nodes 3 --json");
    CHECK(r.code == 0);
    CHECK(route_from_json(r.out).status == SearchStatus::Partial);
    r = run("route --world " + kDemo + " --from 5,1,0 --to G --json");
    CHECK(r.code == 1);
    CHECK(route_from_json(r.out).status == SearchStatus::InvalidStart);
    CHECK(run("route --world " + kDemo + " --from S --to G --max-cost 0.5").code == 1);
}

TEST_CASE("cli route: --accel and --landmarks search as the bench does, at the same cost", "[cli]") {
    auto expanded_and_cost = [](const std::string& out) {
        const nlohmann::json j = nlohmann::json::parse(out);
        return std::make_pair(j["expanded"].get<long long>(), j["cost"].get<double>());
    };
    const Run off = run("route --world " + kDemo + " --from S --to G --accel off --json");
    const Run jump = run("route --world " + kDemo + " --from S --to G --accel jump --json");
    const Run guided = run("route --world " + kDemo + " --from S --to G --accel jump --landmarks 8 --json");
    REQUIRE(off.code == 0);
    REQUIRE(jump.code == 0);
    REQUIRE(guided.code == 0);
    const auto a = expanded_and_cost(off.out), b = expanded_and_cost(jump.out), c = expanded_and_cost(guided.out);
    CHECK(b.second == Approx(a.second).epsilon(1e-9));
    CHECK(c.second == Approx(a.second).epsilon(1e-9));
    // Jump points expand fewer waypoints on the demo's floor, and landmarks fewer still.
    CHECK(b.first < a.first);
    CHECK(c.first < b.first);
    // A trace shows the plain search, whatever --accel says.
    CHECK(run("route --world " + kDemo + " --from S --to G --accel jump --check-trace " + std::string(VOXNAV_SOURCE_DIR) +
              "/tests/traces/demo_S_G.json").code == 0);
    CHECK(run("route --world " + kDemo + " --from S --to G --landmarks 40").code == 2);
    CHECK(run("route --world " + kDemo + " --from S --to G --accel fast").code == 2);
}

TEST_CASE("cli: bad arguments and unreadable files exit 2 with a one-line message", "[cli][errors]") {
    Run r = run("route --world /nonexistent.vxw --from S --to G");
    CHECK(r.code == 2);
    CHECK(r.err.find("/nonexistent.vxw") != std::string::npos);
    r = run("route --world " + kDemo + " --from Q --to G");
    CHECK(r.code == 2);
    CHECK(r.err.find("no position named 'Q'") != std::string::npos);
    r = run("route --world " + kDemo + " --from 1,2 --to G");
    CHECK(r.code == 2);
    r = run("route --world " + kDemo + " --from S --to G --weight 0.5");
    CHECK(r.code == 2);
    r = run("route --world " + kDemo + " --from S --to G --agent /nonexistent.json");
    CHECK(r.code == 2);
    r = run("route --world " + kDemo);
    CHECK(r.code == 2);
    r = run("frobnicate");
    CHECK(r.code == 2);
    // A malformed world names its file and line.
    const std::string bad = "voxnav_cli_bad.vxw";
    std::ofstream(bad) << "voxnav-world 1\nsize 2 1 1\nlayer 0\n.?\n";
    r = run("route --world " + bad + " --from 0,0,0 --to 1,0,0");
    std::remove(bad.c_str());
    CHECK(r.code == 2);
    CHECK(r.err.find("voxnav_cli_bad.vxw:4:") != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    // A malformed profile names the key.
    const std::string badp = "voxnav_cli_bad.json";
    std::ofstream(badp) << "{\"height\": 0}";
    r = run("route --world " + kDemo + " --from S --to G --agent " + badp);
    std::remove(badp.c_str());
    CHECK(r.code == 2);
    CHECK(r.err.find("'height'") != std::string::npos);
}

// Regressions (faults issue, 8): messages that misled a new user.
TEST_CASE("cli: a mistyped command is named with a suggestion, folders, schematics and truncated files are reported as they are", "[cli][errors]") {
    Run r = run("rout --world " + kDemo + " --from S --to G");
    CHECK(r.code == 2);
    CHECK(r.err.find("unknown command 'rout'") != std::string::npos);
    CHECK(r.err.find("did you mean 'route'?") != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    r = run("frobnicate");
    CHECK(r.code == 2);
    CHECK(r.err.find("unknown command 'frobnicate'") != std::string::npos);
    CHECK(r.err.find("did you mean") == std::string::npos);
    CHECK(r.err.find("route") != std::string::npos);  // the commands are listed
    // --agent given a folder: says so, not "invalid JSON".
    r = run("route --world " + kDemo + " --from S --to G --agent " + kAgents);
    CHECK(r.code == 2);
    CHECK(r.err.find("is a folder") != std::string::npos);
    CHECK(r.err.find("JSON:") == std::string::npos);
    // info on a schematic counts the chunks it loaded.
    const std::string schem = VOXNAV_SOURCE_DIR "/worlds/samples/mineflayer-pathfinder_parkour1.schem";
    r = run("info " + schem);
    REQUIRE(r.code == 0);
    const std::size_t at = r.out.find("chunks ");
    REQUIRE(at != std::string::npos);
    CHECK(std::stoi(r.out.substr(at + 7)) > 0);
    // A truncated schematic names its file once.
    std::ifstream in(schem, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), {});
    const std::string cut = "voxnav_cli_truncated.schem";
    std::ofstream(cut, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
    r = run("info " + cut);
    std::remove(cut.c_str());
    CHECK(r.code == 2);
    std::size_t times = 0;
    for (std::size_t p = r.err.find(cut); p != std::string::npos; p = r.err.find(cut, p + 1)) ++times;
    CHECK(times == 1);
}

TEST_CASE("cli scen: mismatches fail --check", "[cli][scen]") {
    const std::string dir = VOXNAV_SOURCE_DIR "/worlds/benchmarks/";
    Run r = run("scen " + dir + "den312d.map.scen --check --every 40");
    CHECK(r.code == 0);
    CHECK(r.out.find("# mismatches 0") != std::string::npos);
    // A scenario file whose published lengths are wrong must fail the check.
    std::ifstream in(dir + "den312d.map.scen");
    std::ofstream out("voxnav_cli_wrong.map.scen");
    std::string line;
    std::getline(in, line);
    out << line << "\n";
    std::getline(in, line);
    out << line.substr(0, line.rfind('\t')) << "\t999\n";
    out.close();
    r = run("scen voxnav_cli_wrong.map.scen --map " + dir + "den312d.map --check");
    std::remove("voxnav_cli_wrong.map.scen");
    CHECK(r.code == 1);
    CHECK(r.out.find("# mismatches 1") != std::string::npos);
    r = run("scen " + dir + "den312d.map.scen --map /nonexistent.map");
    CHECK(r.code == 2);
}

TEST_CASE("cli bench: a weight above 1 reports the cost excess over the exact routes", "[cli][bench]") {
    const std::string map = VOXNAV_SOURCE_DIR "/worlds/benchmarks/den312d.map";
    const std::string common = "bench --world " + map + " --random-queries 30 --seed 3 --repeat 1 --json";
    Run exact_run = run(common);
    REQUIRE(exact_run.code == 0);
    const auto exact = nlohmann::json::parse(exact_run.out);
    CHECK_FALSE(exact["summary"].contains("vs_exact"));  // nothing to compare at weight 1
    CHECK(exact["summary"].contains("accel_bytes_per_loaded_voxel"));
    Run weighted_run = run(common + " --weight 2");
    REQUIRE(weighted_run.code == 0);
    const auto weighted = nlohmann::json::parse(weighted_run.out);
    REQUIRE(weighted["queries"].size() == exact["queries"].size());
    double sum = 0.0, worst = 0.0;
    int compared = 0;
    for (std::size_t i = 0; i < exact["queries"].size(); ++i) {
        const auto& e = exact["queries"][i];
        const auto& w = weighted["queries"][i];
        INFO(w.dump());
        CHECK(w["exact_cost"].get<double>() == e["cost"].get<double>());
        if (w["status"] != "found") continue;
        const double c = w["cost"].get<double>(), opt = e["cost"].get<double>();
        CHECK(c >= opt - 1e-9);
        CHECK(c <= 2.0 * opt + 1e-9);  // weighted A*'s bound
        CHECK(w["cost_excess"].get<double>() == Approx(c / opt - 1.0).margin(1e-12));
        sum += c / opt - 1.0;
        worst = std::max(worst, c / opt - 1.0);
        ++compared;
    }
    const auto& v = weighted["summary"]["vs_exact"];
    CHECK(v["weight"].get<double>() == 2.0);
    CHECK(v["queries_compared"].get<int>() == compared);
    CHECK(compared >= 25);
    CHECK(v["cost_excess_mean"].get<double>() == Approx(sum / compared).margin(1e-12));
    CHECK(v["cost_excess_max"].get<double>() == Approx(worst).margin(1e-12));
    CHECK(worst > 0.0);  // on this maze-like map weight 2 does leave the optimum
    CHECK(v["speedup"].get<double>() > 0.0);
}

TEST_CASE("cli info and convert: any format, a palette mapping, a native copy", "[cli][imports]") {
    // A 2x2x2 .vox model with two voxels, colours 5 and 9.
    const std::vector<unsigned char> vox = {'V', 'O', 'X', ' ', 150, 0, 0, 0, 'M', 'A', 'I', 'N', 0, 0, 0, 0, 44, 0, 0, 0,
                                            'S', 'I', 'Z', 'E', 12, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0,
                                            'X', 'Y', 'Z', 'I', 12, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 5, 1, 1, 1, 9};
    std::ofstream("voxnav_cli_test.vox", std::ios::binary).write(reinterpret_cast<const char*>(vox.data()), std::streamsize(vox.size()));
    std::ofstream("voxnav_cli_palette.json") << R"({"9": "water"})";
    Run r = run("info voxnav_cli_test.vox --vox-palette voxnav_cli_palette.json");
    CHECK(r.code == 0);
    CHECK(r.out.find("vox_5") != std::string::npos);
    CHECK(r.out.find("water") != std::string::npos);
    CHECK(r.out.find("non-air voxels 2") != std::string::npos);
    r = run("convert voxnav_cli_test.vox voxnav_cli_test.vdb --offset 10,20,30");
    CHECK(r.code == 0);
    const World w = load_world("voxnav_cli_test.vdb");
    CHECK(w.block_type({10, 20, 30}).name == "vox_5");  // .vox (x, y, z) -> voxnav (x, z, y)
    CHECK(w.block_type({11, 21, 31}).name == "vox_9");
    std::ofstream("voxnav_cli_palette.json") << R"({"0": "water"})";
    r = run("info voxnav_cli_test.vox --vox-palette voxnav_cli_palette.json");
    CHECK(r.code == 2);
    CHECK(r.err.find("key '0'") != std::string::npos);
    for (const char* f : {"voxnav_cli_test.vox", "voxnav_cli_palette.json", "voxnav_cli_test.vdb"}) std::remove(f);
}

TEST_CASE("cli route: goals, flee, zones, game positions, slices and smoothing", "[cli][queries]") {
    const World world = load_world(kDemo);
    const AgentProfile agent;
    const ref::Model model(world, agent);
    auto route = [&](const std::string& args) {
        const Run r = run("route --world " + kDemo + " " + args + " --json");
        INFO(args << " -> " << r.out << r.err);
        REQUIRE(r.code == 0);
        const Route out = route_from_json(r.out);
        REQUIRE(out.status == SearchStatus::Found);
        CHECK(model.check_route(out) == "");
        return out;
    };
    const Voxel s = *world.point("S");
    auto dist = [](const Voxel& v, glm::dvec3 p) { return glm::length(glm::dvec3(v) - p); };
    // near: the end is within R, and no dearer than the exact route to the centre.
    Route r = route("--from S --to near:11,1,7:2.5");
    CHECK(dist(r.waypoints.back().position, {11, 1, 7}) <= 2.5);
    CHECK(r.cost <= route("--from S --to G").cost);
    r = route("--from S --to xz:9,0");
    CHECK((r.waypoints.back().position.x == 9 && r.waypoints.back().position.z == 0));
    r = route("--from S --to y:3");
    CHECK(r.waypoints.back().position.y == 3);
    r = route("--from S --to touch:11,0,7");
    const Voxel t = r.waypoints.back().position;
    CHECK(((t == Voxel(11, 1, 7)) || std::abs(t.x - 11) + std::abs(t.y - 0) + std::abs(t.z - 7) <= 3));
    // Several --to: the cheapest of them.
    const double a = route("--from S --to 11,1,0").cost, b = route("--from S --to 3,1,7").cost;
    CHECK(route("--from S --to 11,1,0 --to 3,1,7").cost == Approx(std::min(a, b)));
    // --flee, repeatable.
    r = route("--from S --flee 0,1,0:5 --flee 4,1,4:3");
    CHECK(dist(r.waypoints.back().position, {0, 1, 0}) >= 5);
    CHECK(dist(r.waypoints.back().position, {4, 1, 4}) >= 3);
    // --avoid inf forbids; --prefer cheapens and says how the heuristic was scaled.
    r = route("--from S --to G --avoid 7,1,4:1.5:inf");
    for (const Waypoint& w : r.waypoints) CHECK(dist(w.position, {7, 1, 4}) > 1.5);
    Run raw = run("route --world " + kDemo + " --from S --to G --prefer 3,1,3:3:0.5 --json");
    CHECK(raw.out.find("\"heuristic_scale\":0.5") != std::string::npos);
    // @x,y,z in game units, snapped; it says so.
    raw = run("route --world " + kDemo + " --from @0.5,2.4,0.5 --to G --json");
    CHECK(raw.code == 0);
    CHECK(route_from_json(raw.out).waypoints.front().position == s);
    CHECK(raw.out.find("snapped") != std::string::npos);
    // --slice gives the one-shot route.
    const Route one = route("--from S --to G");
    r = route("--from S --to G --slice 7");
    CHECK(r.cost == one.cost);
    CHECK(r.metrics.expanded == one.metrics.expanded);
    CHECK(r.waypoints.size() == one.waypoints.size());
    // --smooth reports before and after.
    raw = run("route --world " + kDemo + " --from S --to G --smooth --json");
    CHECK(raw.out.find("\"waypoints_before\"") != std::string::npos);
    raw = run("route --world " + kDemo + " --from S --to G --smooth");
    CHECK(raw.out.find("smoothing") != std::string::npos);
    // An exact goal in a wall: invalid_goal, or snapped with --snap.
    raw = run("route --world " + kDemo + " --from S --to 5,1,3 --json");
    CHECK(raw.code == 1);
    CHECK(route_from_json(raw.out).status == SearchStatus::InvalidGoal);
    raw = run("route --world " + kDemo + " --from S --to 5,1,3 --snap --json");
    CHECK(raw.code == 0);
    CHECK(raw.out.find("goal snapped") != std::string::npos);
    // An unsatisfiable goal says why.
    raw = run("route --world " + kDemo + " --from S --to near:5,1,3:0.5 --json");
    CHECK(route_from_json(raw.out).status == SearchStatus::InvalidGoal);
    CHECK(route_from_json(raw.out).error.find("within") != std::string::npos);
}

TEST_CASE("cli route: bad goal, zone and position syntax exits 2 naming the option", "[cli][queries][errors]") {
    for (const char* bad : {"--to near:1,2:3", "--to near:1,2,3:-1", "--to xz:1", "--to top:1,2,3", "--to touch:a,b,c",
                            "--to G --avoid 1,2,3:4:0.5", "--to G --prefer 1,2,3:4:2", "--to G --avoid 1,2,3:4",
                            "--flee 1,2,3", "--to G --flee 1,2,3:4", "--to G --slice 0", "--to @1,2"}) {
        const Run r = run("route --world " + kDemo + " --from S " + bad);
        INFO(bad << " -> " << r.err);
        CHECK(r.code == 2);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    }
    Run r = run("route --world " + kDemo + " --from S --to G --avoid 1,2,3:4:0.5");
    CHECK(r.err.find("--avoid") != std::string::npos);
    r = run("route --world " + kDemo + " --from S --to near:1,2:3");
    CHECK(r.err.find("--to") != std::string::npos);
    // A game position above nothing: a status, not a usage error.
    r = run("route --world " + kDemo + " --from @0.5,40,0.5 --to G --json");
    CHECK(r.code == 1);
    CHECK(route_from_json(r.out).status == SearchStatus::InvalidStart);
}

// Issue 56, item 4: --version, and unknown options named before anything else.
TEST_CASE("cli: --version prints the version of project(voxnav VERSION ...) in CMakeLists.txt and exits 0", "[cli][version]") {
    std::ifstream in(VOXNAV_SOURCE_DIR "/CMakeLists.txt");
    const std::string text((std::istreambuf_iterator<char>(in)), {});
    const std::string key = "project(voxnav VERSION ";
    const std::size_t at = text.find(key);
    REQUIRE(at != std::string::npos);
    const std::string version = text.substr(at + key.size(), text.find_first_of(" )", at + key.size()) - at - key.size());
    REQUIRE(std::count(version.begin(), version.end(), '.') == 2);
    const Run r = run("--version");
    CHECK(r.code == 0);
    CHECK(r.out == "voxnav " + version + "\n");
    CHECK(r.err.empty());
    CHECK(run("--help").out.find("--version") != std::string::npos);
}

TEST_CASE("cli: an unknown option is named with a suggestion, exit 2, before any required-option message", "[cli][errors][options]") {
    Run r = run("route --wrld " + kDemo + " --from S --to G");
    CHECK(r.code == 2);
    CHECK(r.err == "voxnav: route: unknown option '--wrld' (did you mean '--world'?)\n");
    CHECK(r.err.find("required") == std::string::npos);
    // Missing the required --world too: the unknown option still comes first.
    r = run("route --wrld=" + kDemo + " --frm S");
    CHECK(r.code == 2);
    CHECK(r.err.find("unknown option '--wrld'") != std::string::npos);
    CHECK(r.err.find("'--world'") != std::string::npos);
    CHECK(r.err.find("required") == std::string::npos);
    // A single dash, a flag of every command, an option far from any.
    r = run("route -world " + kDemo + " --from S --to G");
    CHECK(r.code == 2);
    CHECK(r.err.find("unknown option '-world' (did you mean '--world'?)") != std::string::npos);
    r = run("bench-follow --world " + kDemo + " --folowers 3");
    CHECK(r.code == 2);
    CHECK(r.err.find("bench-follow: unknown option '--folowers' (did you mean '--followers'?)") != std::string::npos);
    r = run("route --world " + kDemo + " --from S --to G --jsno");
    CHECK(r.code == 2);
    CHECK(r.err.find("did you mean '--json'?") != std::string::npos);
    r = run("follow --world " + kDemo + " --from S --to G --zzzzzz 1");
    CHECK(r.code == 2);
    CHECK(r.err.find("follow: unknown option '--zzzzzz' (voxnav follow --help lists the options)") != std::string::npos);
    r = run("info " + kDemo + " --bloks x");
    CHECK(r.code == 2);
    CHECK(r.err.find("did you mean '--blocks'?") != std::string::npos);
    // Before the command.
    r = run("--verison");
    CHECK(r.code == 2);
    CHECK(r.err.find("unknown option '--verison' (did you mean '--version'?)") != std::string::npos);
    // Known options are still parsed as before.
    r = run("route --world=" + kDemo + " --from S --to G --json");
    CHECK(r.code == 0);
    CHECK(run("route -h").code == 0);
}

TEST_CASE("cli: a value starting with '-' given to an option is a value, not an unknown option", "[cli][errors][options]") {
    // A negative position: the route's answer (outside the world), not an option error.
    Run r = run("route --world " + kDemo + " --from -1,1,1 --to G --json");
    CHECK(r.err.find("unknown option") == std::string::npos);
    CHECK(r.code == 1);
    CHECK(route_from_json(r.out).status == SearchStatus::InvalidStart);
    r = run("route --world " + kDemo + " --from S --to -1,1,1 --json");
    CHECK(r.err.find("unknown option") == std::string::npos);
    CHECK(r.code == 1);
    // A negative number where a positive one is wanted: that option's own message.
    r = run("route --world " + kDemo + " --from S --to G --max-cost -5");
    CHECK(r.err.find("unknown option") == std::string::npos);
    // The value CLI11 takes after an option, whatever it starts with, as it does.
    r = run("route --world " + kDemo + " --from S --to G --agent -nonexistent.json");
    CHECK(r.code == 2);
    CHECK(r.err.find("unknown option") == std::string::npos);
    CHECK(r.err.find("-nonexistent.json") != std::string::npos);
}
