// SPDX-License-Identifier: MIT
#include "voxnav/route/route.hpp"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace voxnav {

std::string to_json(const Route& r) {
    nlohmann::ordered_json j;
    j["status"] = to_string(r.status);
    if (!r.error.empty()) j["error"] = r.error;
    if (!r.snapped.empty()) j["snapped"] = r.snapped;
    j["cost"] = r.cost;
    if (r.heuristic_scale != 1.0) j["heuristic_scale"] = r.heuristic_scale;
    j["expanded"] = r.metrics.expanded;
    j["generated"] = r.metrics.generated;
    auto voxels = [](const std::vector<Voxel>& v, std::size_t from, std::size_t count) {
        auto a = nlohmann::ordered_json::array();
        for (std::size_t i = from; i < from + count && i < v.size(); ++i) a.push_back({v[i].x, v[i].y, v[i].z});
        return a;
    };
    // A digging or placing route keeps both of its lists (even one empty);
    // "open" appears where the route opens anything.
    if (!r.open.empty()) j["open"] = voxels(r.open, 0, r.open.size());
    if (!r.dig.empty() || !r.place.empty()) {
        j["dig"] = voxels(r.dig, 0, r.dig.size());
        j["place"] = voxels(r.place, 0, r.place.size());
    }
    auto& wps = j["waypoints"] = nlohmann::ordered_json::array();
    std::size_t opened = 0, dug = 0, placed = 0;
    for (const Waypoint& w : r.waypoints) {
        nlohmann::ordered_json o = {{"x", w.position.x}, {"y", w.position.y}, {"z", w.position.z}, {"feet_y", w.feet_y}, {"action", to_string(w.action)}};
        if (w.opened) o["open"] = voxels(r.open, opened, w.opened);
        if (w.dug) o["dig"] = voxels(r.dig, dug, w.dug);
        if (w.placed) o["place"] = voxels(r.place, placed, w.placed);
        opened += w.opened, dug += w.dug, placed += w.placed;
        wps.push_back(std::move(o));
    }
    return j.dump();
}

static Route parse_route(const std::string& text) {
    const auto j = nlohmann::json::parse(text);
    Route r;
    auto st = parse_search_status(j.at("status").get<std::string>());
    if (!st) throw std::runtime_error("unknown route status");
    r.status = *st;
    if (j.contains("error")) r.error = j["error"].get<std::string>();
    if (j.contains("snapped")) r.snapped = j["snapped"].get<std::string>();
    r.heuristic_scale = j.value("heuristic_scale", 1.0);
    r.cost = j.at("cost").get<double>();
    r.metrics.expanded = j.value("expanded", std::uint64_t(0));
    r.metrics.generated = j.value("generated", std::uint64_t(0));
    for (const auto& w : j.at("waypoints")) {
        const std::string a = w.at("action").get<std::string>();
        const std::optional<Action> act = parse_action(a);
        if (!act)
            throw std::runtime_error("unknown waypoint action '" + a +
                                     "' (an action is a motion: start, walk, jump, leap, fall, swim, climb or fly; the voxels a move opens, "
                                     "digs or places are the waypoint's \"open\", \"dig\" and \"place\" lists)");
        const int y = w.at("y").get<int>();
        Waypoint p{{w.at("x").get<int>(), y, w.at("z").get<int>()}, *act, 0.0, w.value("feet_y", double(y))};
        // Each waypoint's own lists (the route's are the same voxels, in order).
        auto read = [&](const char* key, std::vector<Voxel>& all) {
            std::uint32_t n = 0;
            if (w.contains(key))
                for (const auto& v : w.at(key)) all.push_back({v.at(0).get<int>(), v.at(1).get<int>(), v.at(2).get<int>()}), ++n;
            return n;
        };
        p.opened = read("open", r.open);
        p.dug = read("dig", r.dig);
        p.placed = read("place", r.place);
        r.waypoints.push_back(p);
    }
    return r;
}

Route route_from_json(const std::string& text) {
    try {
        return parse_route(text);
    } catch (const nlohmann::json::exception& e) {
        // The header promises std::runtime_error: not the JSON library's types.
        throw std::runtime_error(std::string("route JSON: ") + e.what());
    }
}

}  // namespace voxnav
