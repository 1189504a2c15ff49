// SPDX-License-Identifier: MIT
// voxnav reach: every waypoint an agent reaches from a start (within a cost),
// counted and drawn. voxnav compare: several agent profiles side by side on
// one world: reachable counts, and found / partial / no-path counts, mean
// cost, expansions and actions over one query set.
#include "picture_args.hpp"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>

namespace voxnav::cli {

namespace {

// The actions a move can have (all but Start), in their order.
std::vector<Action> move_actions() {
    std::vector<Action> out;
    for (Action a : voxnav::kActions)
        if (a != Action::Start) out.push_back(a);
    return out;
}

struct ReachArgs {
    std::string world, from;
    std::optional<std::string> agent, out;
    std::optional<double> max_cost;
    long long max_nodes = 50'000'000;
    PictureArgs picture;
    bool json = false;
};

QueryOptions reach_options(std::optional<double> max_cost, long long max_nodes) {
    if (max_nodes < 1 || max_nodes > 0xFFFFFFFFll) throw UsageError("--max-nodes must be in 1..4294967295");
    QueryOptions q;
    q.limits = make_limits(1.0, max_nodes, max_cost);
    return q;
}

/// Reach of one agent from `from`; UsageError when the start is no waypoint.
Reach reach_of(const World& world, const AgentProfile& agent, const std::string& label, const Voxel& from, const QueryOptions& q) {
    Navigator nav(world, agent);
    Reach r = nav.reachable(from, q);
    if (r.status == SearchStatus::InvalidStart) throw UsageError("--from for " + label + ": " + r.error);
    return r;
}

std::string reach_figures(const std::string& label, const Reach& r, std::optional<double> max_cost) {
    char within[64] = "";
    if (max_cost) std::snprintf(within, sizeof within, "  within %.2f s", *max_cost);
    char buf[256];
    std::snprintf(buf, sizeof buf, "%s  reachable %zu%s%s  time %.1f ms", label.c_str(), r.waypoints.size(), within,
                  r.complete() ? "" : "  (node cap)", r.metrics.microseconds / 1000.0);
    return buf;
}

int run_reach(const ReachArgs& a) {
    const QueryOptions q = reach_options(a.max_cost, a.max_nodes);
    const AgentProfile profile = load_profile_or_fail(a.agent);
    const World world = load_world_or_fail(a.world);
    const Voxel from = parse_position(world, a.from, "--from");
    const std::string label = agent_label(a.agent);
    const Reach r = reach_of(world, profile, label, from, q);
    double farthest = r.waypoints.empty() ? 0.0 : r.waypoints.back().cost;
    if (a.json) {
        nlohmann::ordered_json j;
        j["reachable"] = r.waypoints.size();
        j["complete"] = r.complete();
        j["agent"] = a.agent ? *a.agent : "";
        j["from"] = {from.x, from.y, from.z};
        j["max_cost"] = a.max_cost ? nlohmann::ordered_json(*a.max_cost) : nlohmann::ordered_json();
        j["largest_cost"] = farthest;
        j["time_ms"] = r.metrics.microseconds / 1000.0;
        auto& by = j["by_last_action"] = nlohmann::ordered_json::object();
        for (Action act : move_actions()) {
            std::size_t n = 0;
            for (const ReachedWaypoint& w : r.waypoints) n += w.action == act;
            by[to_string(act)] = n;
        }
        std::printf("%s\n", j.dump().c_str());
    } else {
        // "reachable N" first; the other figures line up with it.
        std::printf("reachable %zu\n", r.waypoints.size());
        std::printf("complete  %s\n", r.complete() ? "yes" : "no: --max-nodes stopped the flood first");
        std::printf("largest   %.6f s (the dearest waypoint's cost)\ntime      %.1f ms\n", farthest, r.metrics.microseconds / 1000.0);
    }
    if (a.out) {
        pictures::MapPicture pic = picture_options(a.picture);
        const std::vector<Voxel> reached = positions_of(r);
        pic.reach = {{&reached, label}};
        pic.start = from;
        pic.notes.push_back(reach_figures(label, r, a.max_cost));
        write_picture(world, pic, a.picture.crop, *a.out, a.json ? stderr : stdout);  // the JSON stays alone on stdout
    }
    return kOk;
}

// --- compare ----------------------------------------------------------------

struct CompareArgs {
    std::string world;
    std::vector<std::string> agents;
    std::optional<std::string> from, queries, out;
    std::optional<double> max_cost;
    long long max_nodes = 50'000'000;
    std::uint32_t seed = 1;
    PictureArgs picture;
    bool json = false;
};

struct AgentFigures {
    std::string file;
    std::optional<std::size_t> reachable;
    bool complete = true;
    std::string reach_error;  ///< why the start is no waypoint for this agent
    int found = 0, partial = 0, no_path = 0, invalid = 0;
    double cost_sum = 0.0;
    std::uint64_t expanded = 0;
    std::size_t actions[voxnav::kActions.size()] = {};
    Reach reach;
};

std::vector<BenchQuery> query_set(const World& world, const AgentProfile& first, const std::optional<std::string>& q, std::uint32_t seed) {
    const std::string text = q ? *q : "100";
    if (!text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
        const long long n = text.size() > 7 ? -1 : std::stoll(text);
        if (n < 1 || n > 1'000'000) throw UsageError("--queries: a count must be 1..1000000 (or give a query file)");
        return pick_queries(world, first, int(n), seed);
    }
    try {
        return load_bench_queries(text);
    } catch (const LoadError& e) {
        throw UsageError(std::string("--queries: ") + e.what());
    }
}

int run_compare(const CompareArgs& a) {
    if (a.agents.empty()) throw UsageError("--agents: give one or more agent profile files");
    if (a.out && !a.from) throw UsageError("--out draws the reachable areas: it needs --from");
    const QueryOptions reach_q = reach_options(a.max_cost, a.max_nodes);
    const World world = load_world_or_fail(a.world);
    std::vector<AgentProfile> profiles;
    for (const std::string& f : a.agents) profiles.push_back(load_profile_or_fail(f));
    const std::vector<BenchQuery> queries = query_set(world, profiles[0], a.queries, a.seed);
    const std::optional<Voxel> from = a.from ? std::optional<Voxel>(parse_position(world, *a.from, "--from")) : std::nullopt;

    std::vector<AgentFigures> figures;
    for (std::size_t i = 0; i < profiles.size(); ++i) {
        AgentFigures f;
        f.file = a.agents[i];
        if (from) {
            // A start that is no waypoint for this agent (too tall, too wide)
            // reaches nothing: reported, not an error for the whole comparison.
            Navigator nav(world, profiles[i]);
            f.reach = nav.reachable(*from, reach_q);
            f.reachable = f.reach.waypoints.size();
            f.reach_error = f.reach.error;
            f.complete = f.reach.complete() || !f.reach_error.empty();
        }
        Navigator nav(world, profiles[i]);
        for (const BenchQuery& bq : queries) {
            const Route r = nav.find_route(bq.from, bq.to);
            f.expanded += r.metrics.expanded;
            switch (r.status) {
                case SearchStatus::Found:
                    ++f.found;
                    f.cost_sum += r.cost;
                    for (std::size_t k = 1; k < r.waypoints.size(); ++k) ++f.actions[std::size_t(r.waypoints[k].action)];
                    break;
                case SearchStatus::Partial: ++f.partial; break;
                case SearchStatus::NoPath: ++f.no_path; break;
                default: ++f.invalid; break;
            }
        }
        figures.push_back(std::move(f));
    }

    const double nq = double(queries.size());
    if (a.json) {
        nlohmann::ordered_json j;
        j["world"] = a.world;
        j["from"] = from ? nlohmann::ordered_json{from->x, from->y, from->z} : nlohmann::ordered_json();
        j["queries"] = queries.size();
        auto& list = j["agents"] = nlohmann::ordered_json::array();
        for (const AgentFigures& f : figures) {
            nlohmann::ordered_json e;
            e["agent"] = f.file;
            e["reachable"] = f.reachable ? nlohmann::ordered_json(*f.reachable) : nlohmann::ordered_json();
            e["reachable_complete"] = f.complete;
            if (!f.reach_error.empty()) e["reach_error"] = f.reach_error;
            e["found"] = f.found;
            e["partial"] = f.partial;
            e["no_path"] = f.no_path;
            e["invalid"] = f.invalid;
            e["mean_cost"] = f.found ? nlohmann::ordered_json(f.cost_sum / f.found) : nlohmann::ordered_json();
            e["mean_expanded"] = f.expanded / nq;
            auto& acts = e["actions"] = nlohmann::ordered_json::object();
            for (Action act : move_actions()) acts[to_string(act)] = f.actions[std::size_t(act)];
            list.push_back(e);
        }
        std::printf("%s\n", j.dump().c_str());
    } else {
        std::printf("%zu queries%s\n\n", queries.size(), a.queries && !std::isdigit(static_cast<unsigned char>((*a.queries)[0])) ? "" : " (seeded, standable for the first agent)");
        std::string names;
        for (Action act : move_actions()) names += (names.empty() ? "" : "/") + std::string(to_string(act));
        std::printf("%-24s %10s %6s %7s %7s %7s %10s %12s  %s\n", "agent", "reachable", "found", "partial", "no_path", "invalid",
                    "mean cost", "mean expand", ("actions (" + names + ")").c_str());
        for (const AgentFigures& f : figures) {
            std::string reach = f.reachable ? std::to_string(*f.reachable) + (f.complete ? "" : "+") : "-";
            std::string counts;
            for (Action act : move_actions()) counts += (counts.empty() ? "" : "/") + std::to_string(f.actions[std::size_t(act)]);
            std::printf("%-24s %10s %6d %7d %7d %7d %10.3f %12.0f  %s\n", agent_label(f.file).c_str(), reach.c_str(), f.found,
                        f.partial, f.no_path, f.invalid, f.found ? f.cost_sum / f.found : 0.0, f.expanded / nq, counts.c_str());
        }
        for (const AgentFigures& f : figures)
            if (!f.reach_error.empty()) std::printf("\n%s reaches nothing: %s\n", agent_label(f.file).c_str(), f.reach_error.c_str());
    }
    if (a.out) {
        pictures::MapPicture pic = picture_options(a.picture);
        std::vector<std::vector<Voxel>> reached;
        for (std::size_t i = 0; i < figures.size() && i < 3; ++i) reached.push_back(positions_of(figures[i].reach));
        for (std::size_t i = 0; i < reached.size(); ++i) {
            pic.reach.push_back({&reached[i], agent_label(figures[i].file)});
            pic.notes.push_back(reach_figures(agent_label(figures[i].file), figures[i].reach, a.max_cost));
        }
        if (figures.size() > 3) pic.notes.push_back("(the picture shows the first three agents)");
        pic.start = from;
        write_picture(world, pic, a.picture.crop, *a.out, a.json ? stderr : stdout);
    }
    return kOk;
}

}  // namespace

Command add_reach_command(CLI::App& app) {
    auto args = std::make_shared<ReachArgs>();
    CLI::App* sub = app.add_subcommand("reach", "Count (and draw) every waypoint an agent can reach from a start");
    add_world_option(sub, args->world);
    add_agent_option(sub, args->agent);
    sub->add_option("--from", args->from, "Start: X,Y,Z or a named position")->required();
    sub->add_option("--max-cost", args->max_cost, "Only waypoints reached within this cost (seconds)");
    sub->add_option("--max-nodes", args->max_nodes, "Stop the flood after this many waypoints (default 50,000,000)");
    sub->add_option("--out", args->out, "Also draw the reachable area into this PNG");
    add_picture_options(sub, args->picture);
    sub->add_flag("--json", args->json, "Print {\"reachable\": N, ...}");
    return [sub, args]() -> int { return sub->parsed() ? run_reach(*args) : -1; };
}

Command add_compare_command(CLI::App& app) {
    auto args = std::make_shared<CompareArgs>();
    CLI::App* sub = app.add_subcommand("compare", "Compare agent profiles on one world: reach and a query set");
    add_world_option(sub, args->world);
    sub->add_option("--agents", args->agents, "Agent profile files (two or more to compare)")->required()->expected(1, -1);
    sub->add_option("--from", args->from, "Count (and with --out draw) each agent's reachable waypoints from here");
    sub->add_option("--queries", args->queries,
                    "N seeded start/goal pairs standable for the first agent (default 100), or a query file ('name sx sy sz gx gy gz' lines)");
    sub->add_option("--seed", args->seed, "Seed of the picked queries (default 1)");
    sub->add_option("--max-cost", args->max_cost, "Reach only within this cost (seconds)");
    sub->add_option("--max-nodes", args->max_nodes, "Cap of each reach flood (default 50,000,000)");
    sub->add_option("--out", args->out, "Draw the reachable areas of the first three agents into this PNG (needs --from)");
    add_picture_options(sub, args->picture);
    sub->add_flag("--json", args->json, "Print {\"agents\": [{\"agent\": FILE, \"reachable\": N, ...}]}");
    return [sub, args]() -> int { return sub->parsed() ? run_compare(*args) : -1; };
}

}  // namespace voxnav::cli
