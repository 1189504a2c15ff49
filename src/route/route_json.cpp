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
    auto& wps = j["waypoints"] = nlohmann::ordered_json::array();
    for (const Waypoint& w : r.waypoints)
        wps.push_back({{"x", w.position.x}, {"y", w.position.y}, {"z", w.position.z}, {"feet_y", w.feet_y}, {"action", to_string(w.action)}});
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
        if (!act) throw std::runtime_error("unknown waypoint action '" + a + "'");
        const int y = w.at("y").get<int>();
        r.waypoints.push_back({{w.at("x").get<int>(), y, w.at("z").get<int>()}, *act, 0.0, w.value("feet_y", double(y))});
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
