// SPDX-License-Identifier: MIT
// voxnav live: the live-world benchmarks (streaming chunks, scattered areas,
// facts memory, routing threads while the game thread edits).
#include "cli_common.hpp"

#include "live_common.hpp"
#include "bench/streaming.hpp"
#include "bench/terrain.hpp"
#include "facts/nav_snapshot.hpp"
#include "route/problems/landmarks.hpp"

#include <nlohmann/json.hpp>
#include <tbb/global_control.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <random>
#include <thread>

namespace voxnav::cli {
namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

struct LiveArgs {
    std::string scenario = "all";
    int radius = 16, walk = 24, seconds = 10, edits_per_second = 1000;
    std::optional<std::string> region, agent;
    bool json = false;
};

nlohmann::json streaming(const LiveArgs& a, const AgentProfile& agent) {
    World w;
    StreamedTerrain terrain(w);
    for (int cz = -a.radius; cz <= a.radius; ++cz)
        for (int cx = -a.radius; cx <= a.radius + a.walk; ++cx) terrain.prepare(cx, cz);
    load_view(terrain, 0, a.radius);
    auto t0 = Clock::now();
    Navigator nav(w, agent);
    const double first_ms = ms_since(t0);
    const auto first = nav.shared_field()->last_sync();
    const auto snap0 = nav.snapshot();
    const std::size_t loaded = w.loaded_chunks().size();

    std::vector<double> total, writes, sync, route, accel_sync;
    std::vector<std::size_t> derived;
    int found = 0;
    for (int step = 1; step <= a.walk; ++step) {
        t0 = Clock::now();
        for (int cz = -a.radius; cz <= a.radius; ++cz) {
            terrain.load_column(step + a.radius, cz);
            terrain.unload_column(step - a.radius - 1, cz);
        }
        const double w_ms = ms_since(t0);
        auto t1 = Clock::now();
        nav.sync();
        const double s_ms = ms_since(t1);
        auto t2 = Clock::now();
        // One 40-voxel route ahead of the player.
        const int x0 = step * 16 + 8;
        const auto from = surface(nav, x0, 8), to = surface(nav, x0 + 40, 8);
        if (from && to && nav.find_route(*from, *to).status == SearchStatus::Found) ++found;
        route.push_back(ms_since(t2));
        total.push_back(ms_since(t0));
        writes.push_back(w_ms);
        sync.push_back(s_ms);
        derived.push_back(nav.shared_field()->last_sync().derived);
        accel_sync.push_back(nav.shared_field()->last_sync().plain_seconds * 1e3);
    }
    // One block edit then sync (re-derive, publish) on the whole view: the
    // cost of a player's edit, which must not grow with the loaded world.
    std::vector<double> edit_sync, edit_accel, edit_accel_chunks;
    {
        std::mt19937 rng(5);
        const BlockId dirt = *w.blocks().find("dirt");
        for (int i = 0; i < 200; ++i) {
            const int x = a.walk * 16 + int(rng() % 128) - 64, z = int(rng() % 128) - 64;
            const Voxel v(x, StreamedTerrain::ground_height(x, z) + 1, z);
            const auto te = Clock::now();
            w.set_block(v, w.block(v) == BlockRegistry::air ? dirt : BlockRegistry::air);
            nav.shared_field()->sync(w);
            edit_sync.push_back(ms_since(te));
            // The acceleration data's share: one edited chunk each time.
            const auto st = nav.shared_field()->last_sync();
            edit_accel.push_back(st.plain_seconds * 1e3);
            edit_accel_chunks.push_back(double(st.plain_derived));
        }
    }
    // Derivation cost per chunk on one core: all-uniform columns (sky), then the full view.
    double uniform_us = 0, mixed_us = 0;
    {
        tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
        World sky;
        std::vector<BlockId> air(World::chunk_volume, BlockRegistry::air);
        for (int cz = 0; cz < 16; ++cz)
            for (int cx = 0; cx < 16; ++cx)
                for (int cy = 0; cy < 8; ++cy) sky.set_chunk({cx, cy, cz}, air.data());
        auto ts = Clock::now();
        NavField sky_field(sky, agent);
        const auto st = sky_field.last_sync();
        uniform_us = ms_since(ts) * 1000.0 / double(st.derived);
        ts = Clock::now();
        NavField full(w, agent);
        const double full_us = ms_since(ts) * 1000.0;
        const auto sf = full.last_sync();
        const double mixed = double(sf.derived - sf.uniform);
        mixed_us = mixed > 0 ? (full_us - uniform_us * double(sf.uniform)) / mixed : 0.0;
    }
    const auto snap = nav.snapshot();
    nlohmann::json j;
    j["radius_chunks"] = a.radius;
    j["sections"] = StreamedTerrain::sections;
    j["crossings"] = a.walk;
    j["loaded_chunks"] = loaded;
    j["first_derivation_ms"] = first_ms;
    j["first_derivation_chunks"] = first.derived;
    j["crossing_ms_median"] = median(total);
    j["crossing_ms_max"] = *std::max_element(total.begin(), total.end());
    j["world_writes_ms_median"] = median(writes);
    j["sync_ms_median"] = median(sync);
    j["sync_ms_max"] = *std::max_element(sync.begin(), sync.end());
    j["route_ms_median"] = median(route);
    j["chunks_derived_per_crossing_median"] = median(std::vector<double>(derived.begin(), derived.end()));
    j["routes_found"] = found;
    j["block_edit_sync_ms_median"] = median(edit_sync);
    j["block_edit_sync_ms_max"] = *std::max_element(edit_sync.begin(), edit_sync.end());
    j["derive_us_per_uniform_chunk_one_core"] = uniform_us;
    j["derive_us_per_mixed_chunk_one_core"] = mixed_us;
    j["facts_chunks"] = snap->chunk_count();
    j["facts_mixed_chunks"] = snap->mixed_chunk_count();
    j["facts_shaped_chunks"] = snap->shaped_chunk_count();
    j["facts_bytes"] = snap->memory_bytes();
    j["facts_bytes_per_loaded_voxel"] = double(snap->memory_bytes()) / (double(w.loaded_chunks().size()) * 4096.0);
    j["facts_bytes_per_mixed_voxel"] =
        snap->mixed_chunk_count() ? double(snap->memory_bytes()) / (double(snap->mixed_chunk_count()) * 4096.0) : 0.0;
    // Search acceleration data (the plain-floor bits jump points read; part of facts_bytes).
    j["accel_bytes"] = snap->acceleration_bytes();
    j["accel_bytes_per_loaded_voxel"] = double(snap->acceleration_bytes()) / (double(w.loaded_chunks().size()) * 4096.0);
    j["accel_bytes_vs_other_facts"] = double(snap->acceleration_bytes()) / double(snap->memory_bytes() - snap->acceleration_bytes());
    j["accel_chunks_with_plain_floor"] = snap->plain_chunk_count();
    j["accel_sync_ms_per_crossing_median"] = median(accel_sync);
    j["accel_update_ms_per_edited_chunk_median"] = median(edit_accel);
    j["accel_update_ms_per_edited_chunk_max"] = *std::max_element(edit_accel.begin(), edit_accel.end());
    j["accel_chunks_rederived_per_edit_median"] = median(edit_accel_chunks);
    // Landmark tables of the final map: what the keeper's worker builds
    // after a crossing (off the game thread; the game thread pays only the
    // journal, part of sync_ms).
    if (auto table = LandmarkTable::build(*snap, agent, LandmarkSettings{}.count)) {
        // Repairs as the keeper's worker makes them (one thread): a block
        // edit, sync, then the table repaired for the new snapshot (only the
        // times the edit reaches), and for comparison a full serial build.
        std::vector<double> repair_s, rebuild_s, touched;
        {
            std::shared_ptr<const LandmarkTable> last = table;
            std::mt19937 rng(9);
            const BlockId dirt = *w.blocks().find("dirt");
            for (int i = 0; i < 5; ++i) {
                const int x = a.walk * 16 + int(rng() % 128) - 64, z = int(rng() % 128) - 64;
                const Voxel v(x, StreamedTerrain::ground_height(x, z) + 1, z);
                w.set_block(v, w.block(v) == BlockRegistry::air ? dirt : BlockRegistry::air);
                nav.shared_field()->sync(w);
                const auto snap_now = nav.shared_field()->snapshot();
                if (auto repaired = LandmarkTable::repair(*last, *snap_now, agent)) {
                    repair_s.push_back(repaired->build_seconds());
                    touched.push_back(double(repaired->repaired_entries()));
                    last = repaired;
                }
                if (i < 2)
                    if (auto rebuilt = LandmarkTable::build(*snap_now, agent, LandmarkSettings{}.count, false))
                        rebuild_s.push_back(rebuilt->build_seconds());
            }
        }
        std::sort(repair_s.begin(), repair_s.end());
        std::sort(touched.begin(), touched.end());
        j["landmark_count"] = table->count();
        j["landmark_build_seconds"] = table->build_seconds();
        if (!repair_s.empty()) {
            j["landmark_repair_ms_p50"] = repair_s[repair_s.size() / 2] * 1e3;
            j["landmark_repair_ms_max"] = repair_s.back() * 1e3;  // of 5: the p99 of so few
            j["landmark_repair_entries_lowered_p50"] = touched[touched.size() / 2];
            j["landmark_repair_entries_lowered_max"] = touched.back();
        }
        j["landmark_entries"] = table->waypoints() * std::uint64_t(2 * table->count());
        if (!rebuild_s.empty()) j["landmark_rebuild_seconds_serial"] = rebuild_s.front();
        j["landmark_bytes"] = table->memory_bytes();
        j["landmark_bytes_per_loaded_voxel"] = double(table->memory_bytes()) / (double(w.loaded_chunks().size()) * 4096.0);
        j["landmark_standable_nodes"] = table->waypoints();
        j["landmark_bytes_per_standable_node"] = double(table->memory_bytes()) / double(table->waypoints());
    }
    (void)snap0;
    return j;
}

nlohmann::json scattered(const AgentProfile& agent) {
    auto area = [&](World& w, StreamedTerrain& t, int cx0) {
        for (int cz = 0; cz < 4; ++cz)
            for (int cx = cx0; cx < cx0 + 4; ++cx) t.load_column(cx, cz);
        (void)w;
    };
    World one, two;
    StreamedTerrain t1(one), t2(two);
    area(one, t1, 0);
    area(two, t2, 0);
    area(two, t2, 62500);  // 1,000,000 voxels away
    auto t0 = Clock::now();
    Navigator n1(one, agent);
    const double one_ms = ms_since(t0);
    t0 = Clock::now();
    Navigator n2(two, agent);
    const double two_ms = ms_since(t0);
    int found = 0;
    double route_ms = 0;
    for (int base : {0, 62500 * 16}) {
        const auto s = surface(n2, base + 4, 4), g = surface(n2, base + 60, 60);
        const auto tr = Clock::now();
        if (s && g && n2.find_route(*s, *g).status == SearchStatus::Found) ++found;
        route_ms += ms_since(tr);
    }
    nlohmann::json j;
    j["areas"] = 2;
    j["distance_voxels"] = 1000000;
    j["routes_found"] = found;
    j["route_ms_total"] = route_ms;
    j["facts_bytes_one_area"] = n1.field().memory_bytes();
    j["facts_bytes_two_areas"] = n2.field().memory_bytes();
    j["derive_ms_one_area"] = one_ms;
    j["derive_ms_two_areas"] = two_ms;
    return j;
}

nlohmann::json region_memory(const std::string& path, const AgentProfile& agent) {
    World w = load_world_or_fail(path);
    Navigator nav(w, agent);
    const NavSnapshot& s = nav.field();
    nlohmann::json j;
    j["world"] = path;
    j["loaded_chunks"] = w.loaded_chunks().size();
    j["facts_chunks"] = s.chunk_count();
    j["facts_mixed_chunks"] = s.mixed_chunk_count();
    j["facts_shaped_chunks"] = s.shaped_chunk_count();  // chunks near slabs, stairs, doors...: 16 KiB of shape facts each
    j["facts_bytes"] = s.memory_bytes();
    j["facts_bytes_per_loaded_voxel"] = double(s.memory_bytes()) / (double(w.loaded_chunks().size()) * 4096.0);
    j["facts_bytes_per_mixed_voxel"] = s.mixed_chunk_count() ? double(s.memory_bytes()) / (double(s.mixed_chunk_count()) * 4096.0) : 0.0;
    return j;
}

nlohmann::json concurrency(const LiveArgs& a, const AgentProfile& agent) {
    World w;
    StreamedTerrain terrain(w);
    const int walk = a.seconds + 1;
    for (int cz = -a.radius; cz <= a.radius; ++cz)
        for (int cx = -a.radius; cx <= a.radius + walk; ++cx) terrain.prepare(cx, cz);
    load_view(terrain, 0, a.radius);
    auto field = NavField::shared(w, agent);
    std::atomic<int> player{0};
    std::atomic<bool> stop{false};
    std::atomic<long> queries{0}, usable{0}, illegal{0}, invalid{0};
    const unsigned workers = std::max(1u, std::thread::hardware_concurrency());
    auto worker = [&](unsigned seed) {
        Navigator nav(field, agent);
        std::mt19937 rng(seed);
        while (!stop.load(std::memory_order_relaxed)) {
            nav.sync();  // latest snapshot, for choosing endpoints
            const int px = player.load() * 16;
            const auto s = surface(nav, px + int(rng() % 96) - 48, int(rng() % 96) - 48);
            const auto g = surface(nav, px + int(rng() % 96) - 48, int(rng() % 96) - 48);
            if (!s || !g) continue;
            const Route r = nav.find_route(*s, *g);
            ++queries;
            if (r.status == SearchStatus::InvalidStart || r.status == SearchStatus::InvalidGoal) ++invalid;  // an edit got there first
            if (!r.usable()) continue;
            ++usable;
            if (!route_fault(nav, r, Goal::at(*g), {}).empty()) ++illegal;
        }
    };
    std::vector<std::thread> pool;
    for (unsigned i = 0; i < workers; ++i) pool.emplace_back(worker, i + 1);
    std::mt19937 rng(99);
    const BlockId dirt = *w.blocks().find("dirt");
    std::vector<double> visible;
    long edits = 0;
    const auto start = Clock::now();
    auto next = start;
    int second = 0;
    while (Clock::now() - start < std::chrono::seconds(a.seconds)) {
        const int s = int(std::chrono::duration<double>(Clock::now() - start).count());
        if (s > second) {  // the player crosses a chunk each second
            second = s;
            const int px = player.load() + 1;
            for (int cz = -a.radius; cz <= a.radius; ++cz) {
                terrain.load_column(px + a.radius, cz);
                terrain.unload_column(px - a.radius - 1, cz);
            }
            player.store(px);
        }
        const int x = player.load() * 16 + int(rng() % 64) - 32, z = int(rng() % 64) - 32;
        const int y = StreamedTerrain::ground_height(x, z) + 1;
        const auto t0 = Clock::now();
        // (An edit where the streamer just unloaded is refused: not counted.)
        const bool written = w.set_block({x, y, z}, w.block({x, y, z}) == BlockRegistry::air ? dirt : BlockRegistry::air);
        field->sync(w);  // visible to every query that starts from now on
        visible.push_back(ms_since(t0));
        if (written) ++edits;
        next += std::chrono::microseconds(1000000 / std::max(1, a.edits_per_second));
        std::this_thread::sleep_until(next);
    }
    stop = true;
    for (auto& t : pool) t.join();
    const double secs = std::chrono::duration<double>(Clock::now() - start).count();
    nlohmann::json j;
    j["seconds"] = secs;
    j["workers"] = workers;
    j["edits"] = edits;
    j["crossings"] = second;
    j["queries"] = queries.load();
    j["queries_per_s"] = double(queries.load()) / secs;
    j["usable_routes"] = usable.load();
    j["illegal_routes"] = illegal.load();
    j["endpoints_invalidated_by_edits"] = invalid.load();
    j["edit_to_visible_ms_median"] = median(visible);
    j["edit_to_visible_ms_max"] = visible.empty() ? 0.0 : *std::max_element(visible.begin(), visible.end());
    return j;
}

// Move generation from positions whose reads stay in their chunk against
// positions on a chunk's faces (reads through the neighbour links).
nlohmann::json borders(const AgentProfile& agent) {
    TerrainParams p;
    p.size = {256, 32, 256};
    const World w = generate_terrain(p);
    Navigator nav(w, agent);
    const MovementModel& moves = nav.moves();
    const NavSnapshot& snap = nav.field();
    std::vector<NavSnapshot::Index> inside, border;
    for (int y = 0; y < p.size.y; ++y)
        for (int z = 0; z < p.size.z; ++z)
            for (int x = 0; x < p.size.x; ++x) {
                const auto i = snap.index_of({x, y, z});
                if (i == NavSnapshot::no_index || !moves.is_waypoint(i)) continue;
                (moves.reads_stay_in_chunk(i) ? inside : border).push_back(i);
            }
    auto time = [&](const std::vector<NavSnapshot::Index>& nodes, double& moves_per_node) {
        std::size_t count = 0;
        double sink = 0;
        std::vector<double> runs;
        for (int r = 0; r < 7; ++r) {
            const auto t0 = Clock::now();
            for (auto i : nodes) moves.for_each_move(i, [&](NavSnapshot::Index t, double c, MoveTag) { sink += c + t; ++count; });
            runs.push_back(ms_since(t0) * 1e6 / double(nodes.size()));
        }
        moves_per_node = double(count) / (7.0 * double(nodes.size())) + (sink < 0 ? 1 : 0);
        return median(runs);
    };
    double m_in = 0, m_border = 0;
    const double ns_in = time(inside, m_in), ns_border = time(border, m_border);
    nlohmann::json j;
    j["world"] = "gen 256x32x256 seed 1";
    j["positions_inside"] = inside.size();
    j["positions_on_chunk_faces"] = border.size();
    j["ns_per_expansion_inside"] = ns_in;
    j["ns_per_expansion_on_faces"] = ns_border;
    j["moves_per_expansion_inside"] = m_in;
    j["moves_per_expansion_on_faces"] = m_border;
    j["face_over_inside"] = ns_in > 0 ? ns_border / ns_in : 0.0;
    return j;
}

void print(const std::string& name, const nlohmann::json& j) {
    for (auto it = j.begin(); it != j.end(); ++it) std::printf("# %s.%s %s\n", name.c_str(), it.key().c_str(), it.value().dump().c_str());
}

}  // namespace

Command add_live_command(CLI::App& app) {
    auto a = std::make_shared<LiveArgs>();
    CLI::App* sub = app.add_subcommand("live", "Live-world benchmarks: streaming chunks, scattered areas, routing threads during edits");
    sub->add_option("--scenario", a->scenario, "streaming, scattered, borders, concurrency or all")
        ->check(CLI::IsMember({"streaming", "scattered", "borders", "concurrency", "all"}));
    sub->add_option("--radius", a->radius, "view radius in chunks")->check(CLI::Range(1, 64));
    sub->add_option("--walk", a->walk, "chunk crossings in the streaming run")->check(CLI::Range(1, 1000));
    sub->add_option("--seconds", a->seconds, "length of the concurrency run")->check(CLI::Range(1, 3600));
    sub->add_option("--edits-per-second", a->edits_per_second, "block edits per second in the concurrency run")->check(CLI::Range(1, 100000));
    sub->add_option("--region", a->region, "also report facts memory on this world (e.g. a Minecraft region)");
    add_agent_option(sub, a->agent, "agent profile JSON");
    sub->add_flag("--json", a->json, "one JSON object");
    return [sub, a]() -> int {
        if (!sub->parsed()) return -1;
        const AgentProfile agent = load_profile_or_fail(a->agent);
        nlohmann::json out;
        const bool all = a->scenario == "all";
        if (all || a->scenario == "streaming") out["streaming"] = streaming(*a, agent);
        if (all || a->scenario == "scattered") out["scattered"] = scattered(agent);
        if (all || a->scenario == "borders") out["borders"] = borders(agent);
        if (a->region) out["region"] = region_memory(*a->region, agent);
        if (all || a->scenario == "concurrency") out["concurrency"] = concurrency(*a, agent);
        if (a->json) std::printf("%s\n", out.dump(2).c_str());
        else
            for (auto it = out.begin(); it != out.end(); ++it) print(it.key(), it.value());
        return kOk;
    };
}

}  // namespace voxnav::cli
