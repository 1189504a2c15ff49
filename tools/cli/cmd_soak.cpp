// SPDX-License-Identifier: MIT
// voxnav soak: a live server for a given number of minutes. Routing threads
// ask every kind of query (exact, near, flee, cost zones, sliced) while the
// game thread streams chunks in and out (the player walks back and forth
// across a fixed stretch, so the loaded set stays the same size) and edits
// blocks. Every route is checked against the snapshot it was computed on;
// memory is sampled so that growth beyond the loaded chunks shows.
#include "cli_common.hpp"
#include "live_common.hpp"
#include "facts/nav_snapshot.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <random>
#include <thread>
#include <unistd.h>

namespace voxnav::cli {
namespace {

using Clock = std::chrono::steady_clock;

struct SoakArgs {
    double minutes = 1.0;
    int radius = 8, span = 8, threads = 0, edits_per_second = 200;
    std::optional<std::string> agent;
    bool json = false;
};

std::size_t resident_bytes() {
    long pages = 0, resident = 0;
    if (FILE* f = std::fopen("/proc/self/statm", "r")) {
        if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
        std::fclose(f);
    }
    return std::size_t(resident) * std::size_t(sysconf(_SC_PAGESIZE));
}

struct Counts {
    std::atomic<long> queries{0}, found{0}, partial{0}, no_path{0}, endpoints_gone{0}, failures{0}, sliced{0};
};

int run(const SoakArgs& a) {
    if (!(a.minutes > 0)) throw UsageError("--minutes must be > 0");
    const AgentProfile agent = load_profile_or_fail(a.agent);
    World w;
    StreamedTerrain terrain(w);
    for (int cz = -a.radius; cz <= a.radius; ++cz)
        for (int cx = -a.radius; cx <= a.radius + a.span; ++cx) terrain.prepare(cx, cz);
    load_view(terrain, 0, a.radius);
    auto field = NavField::shared(w, agent);
    const auto snap0 = field->snapshot();
    const std::size_t loaded0 = w.loaded_chunks().size(), world0 = w.memory_bytes(), facts0 = snap0->memory_bytes();

    std::atomic<int> player{0};
    std::atomic<bool> stop{false};
    Counts n;
    std::mutex log_mutex;
    std::vector<std::string> first_failures;
    auto worker = [&](unsigned seed) {
        Navigator nav(field, agent);
        std::mt19937 rng(seed);
        while (!stop.load(std::memory_order_relaxed)) {
            nav.sync();  // the latest snapshot, for choosing endpoints
            const int px = player.load() * 16;
            const auto s = surface(nav, px + int(rng() % 96) - 48, int(rng() % 96) - 48);
            const auto g = surface(nav, px + int(rng() % 96) - 48, int(rng() % 96) - 48);
            if (!s || !g) continue;
            QueryOptions q;
            q.limits.max_nodes = 20000;
            Goal goal = Goal::at(*g);
            const unsigned kind = rng() % 20;
            if (kind < 4) goal = Goal::near(glm::dvec3(*g), 3.0);
            else if (kind < 6) goal = Goal::flee({{glm::dvec3(*s), 12.0}});
            else if (kind < 9)
                for (int z = 0; z < 6; ++z)
                    q.zones.push_back(CostZone::sphere(glm::dvec3(*s + Voxel(int(rng() % 32) - 16, 0, int(rng() % 32) - 16)), 3.0,
                                                       z == 0 ? CostZone::forbid : 0.5 + 0.5 * (rng() % 4)));
            Route r;
            try {
                if (kind >= 16) {  // sliced, 64 expansions a step
                    nav.begin_route(*s, goal, q);
                    while (!nav.step(64)) {}
                    r = nav.route();
                    ++n.sliced;
                } else {
                    r = nav.find_route(*s, goal, q);
                }
            } catch (const std::exception& e) {
                ++n.failures;
                std::lock_guard<std::mutex> lock(log_mutex);
                if (first_failures.size() < 5) first_failures.push_back(std::string("exception: ") + e.what());
                continue;
            }
            ++n.queries;
            if (r.status == SearchStatus::InvalidStart || r.status == SearchStatus::InvalidGoal) ++n.endpoints_gone;  // an edit got there first
            if (r.status == SearchStatus::NoPath) ++n.no_path;
            if (r.status == SearchStatus::Partial) ++n.partial;
            if (!r.usable()) continue;
            if (r.status == SearchStatus::Found) ++n.found;
            const std::string why = route_fault(nav, r, goal, q.zones);
            if (!why.empty()) {
                ++n.failures;
                std::lock_guard<std::mutex> lock(log_mutex);
                if (first_failures.size() < 5) first_failures.push_back(why + ": " + to_json(r));
            }
        }
    };
    const unsigned workers = a.threads > 0 ? unsigned(a.threads) : std::max(1u, std::thread::hardware_concurrency());
    std::vector<std::thread> pool;
    for (unsigned i = 0; i < workers; ++i) pool.emplace_back(worker, i + 1);

    // The game thread: a crossing a second, walking 0 -> span -> 0 ..., and edits.
    std::mt19937 rng(99);
    const BlockId dirt = *w.blocks().find("dirt");
    const std::size_t rss0 = resident_bytes();
    std::size_t rss_max = rss0;
    nlohmann::json samples = nlohmann::json::array();
    long edits = 0, crossings = 0;
    int direction = 1;
    const auto start = Clock::now();
    const auto length = std::chrono::duration<double>(a.minutes * 60.0);
    auto next_edit = start, next_crossing = start + std::chrono::seconds(1), next_sample = start + std::chrono::seconds(10);
    while (Clock::now() - start < length) {
        const auto now = Clock::now();
        if (now >= next_crossing) {
            next_crossing += std::chrono::seconds(1);
            const int from = player.load();
            if (from + direction > a.span || from + direction < 0) direction = -direction;
            const int to = from + direction;
            for (int cz = -a.radius; cz <= a.radius; ++cz) {
                terrain.load_column(to + direction * a.radius, cz);
                terrain.unload_column(from - direction * a.radius, cz);
            }
            player.store(to);
            ++crossings;
        }
        if (now >= next_sample) {
            next_sample += std::chrono::seconds(10);
            const std::size_t rss = resident_bytes();
            rss_max = std::max(rss_max, rss);
            samples.push_back({{"second", std::chrono::duration<double>(now - start).count()},
                               {"rss_mb", double(rss) / 1048576.0},
                               {"loaded_chunks", w.loaded_chunks().size()}});
        }
        const int x = player.load() * 16 + int(rng() % 64) - 32, z = int(rng() % 64) - 32;
        const int y = StreamedTerrain::ground_height(x, z) + 1;
        // (An edit where the streamer just unloaded is refused: not counted.)
        if (w.set_block({x, y, z}, w.block({x, y, z}) == BlockRegistry::air ? dirt : BlockRegistry::air)) ++edits;
        field->sync(w);
        next_edit += std::chrono::microseconds(1000000 / std::max(1, a.edits_per_second));
        std::this_thread::sleep_until(std::min(next_edit, next_crossing));
    }
    stop = true;
    for (auto& t : pool) t.join();
    const double secs = std::chrono::duration<double>(Clock::now() - start).count();
    const std::size_t rss1 = resident_bytes();

    nlohmann::ordered_json j;
    j["minutes"] = secs / 60.0;
    j["workers"] = workers;
    j["queries"] = n.queries.load();
    j["queries_per_s"] = double(n.queries.load()) / secs;
    j["found"] = n.found.load();
    j["partial"] = n.partial.load();
    j["no_path"] = n.no_path.load();
    j["sliced"] = n.sliced.load();
    j["endpoints_invalidated_by_edits"] = n.endpoints_gone.load();
    j["failures"] = n.failures.load();
    j["first_failures"] = first_failures;
    j["edits"] = edits;
    j["crossings"] = crossings;
    j["loaded_chunks_start"] = loaded0;
    j["loaded_chunks_end"] = w.loaded_chunks().size();
    j["world_bytes_start"] = world0;
    j["world_bytes_end"] = w.memory_bytes();
    j["facts_bytes_start"] = facts0;
    j["facts_bytes_end"] = field->snapshot()->memory_bytes();
    j["rss_mb_start"] = double(rss0) / 1048576.0;
    j["rss_mb_end"] = double(rss1) / 1048576.0;
    j["rss_mb_max"] = double(std::max(rss_max, rss1)) / 1048576.0;
    // Search memory and allocator pools grow in the first seconds; what
    // matters for a server is growth after that.
    if (!samples.empty())
        j["rss_mb_growth_after_first_sample"] = double(rss1) / 1048576.0 - samples[0]["rss_mb"].get<double>();
    j["samples"] = samples;
    if (a.json) {
        std::printf("%s\n", j.dump().c_str());
    } else {
        for (auto it = j.begin(); it != j.end(); ++it)
            if (it.key() != "samples") std::printf("%-32s %s\n", it.key().c_str(), it.value().dump().c_str());
        for (const auto& smp : samples)
            std::printf("  t %6.0f s  rss %8.1f MB  loaded chunks %zu\n", smp["second"].get<double>(), smp["rss_mb"].get<double>(),
                        smp["loaded_chunks"].get<std::size_t>());
    }
    return n.failures.load() == 0 ? kOk : kQueryFailed;
}

}  // namespace

Command add_soak_command(CLI::App& app) {
    auto a = std::make_shared<SoakArgs>();
    CLI::App* sub = app.add_subcommand("soak", "A live server for N minutes: routing threads, streaming and edits; every route checked");
    sub->add_option("--minutes", a->minutes, "length of the run (default 1)");
    sub->add_option("--radius", a->radius, "view radius in chunks (default 8)")->check(CLI::Range(1, 64));
    sub->add_option("--span", a->span, "the player walks back and forth over this many chunks (default 8)")->check(CLI::Range(1, 256));
    sub->add_option("--threads", a->threads, "routing threads (default: the cores)")->check(CLI::Range(0, 256));
    sub->add_option("--edits-per-second", a->edits_per_second, "block edits per second (default 200)")->check(CLI::Range(1, 100000));
    add_agent_option(sub, a->agent, "agent profile JSON");
    sub->add_flag("--json", a->json, "one JSON object");
    return [sub, a]() -> int { return sub->parsed() ? run(*a) : -1; };
}

}  // namespace voxnav::cli
