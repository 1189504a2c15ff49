#include "voxnav/route/trace.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <stdexcept>

namespace voxnav {

Route rebuild_route(const SearchTrace& trace) {
    Route r;
    r.status = trace.status;
    r.metrics = trace.metrics;
    if (!trace.has_end) return r;
    std::vector<const TraceNode*> chain{&trace.end};
    for (std::int64_t p = trace.end.parent; p >= 0;) {
        if (p >= std::int64_t(trace.expanded.size())) throw std::invalid_argument("trace: parent index " + std::to_string(p) + " is out of range");
        if (chain.size() > trace.expanded.size()) throw std::invalid_argument("trace: the parent chain loops");
        chain.push_back(&trace.expanded[std::size_t(p)]);
        p = chain.back()->parent;
    }
    std::reverse(chain.begin(), chain.end());
    for (std::size_t k = 0; k < chain.size(); ++k) {
        const double step = k == 0 ? 0.0 : chain[k]->g - chain[k - 1]->g;
        r.waypoints.push_back({chain[k]->position, k == 0 ? Action::Start : chain[k]->action, step, double(chain[k]->position.y)});
    }
    r.cost = trace.end.g;
    return r;
}

namespace {

nlohmann::ordered_json node_json(const TraceNode& n) {
    return nlohmann::ordered_json::array({n.position.x, n.position.y, n.position.z, n.g, n.h, n.parent, to_string(n.action)});
}

TraceNode node_from(const nlohmann::json& j, const std::string& where) {
    if (!j.is_array() || j.size() != 7) throw std::runtime_error("trace JSON: " + where + " must be [x, y, z, g, h, parent, action]");
    TraceNode n;
    n.position = {j[0].get<int>(), j[1].get<int>(), j[2].get<int>()};
    n.g = j[3].get<double>();
    n.h = j[4].get<double>();
    n.parent = j[5].get<std::int64_t>();
    const auto a = parse_action(j[6].get<std::string>());
    if (!a) throw std::runtime_error("trace JSON: " + where + ": unknown action '" + j[6].get<std::string>() + "'");
    n.action = *a;
    return n;
}

SearchTrace parse_trace(const std::string& text) {
    const auto j = nlohmann::json::parse(text);
    SearchTrace t;
    const auto st = parse_search_status(j.at("status").get<std::string>());
    if (!st) throw std::runtime_error("trace JSON: unknown status '" + j.at("status").get<std::string>() + "'");
    t.status = *st;
    t.cost = j.at("cost").get<double>();
    t.weight = j.value("weight", 1.0);
    t.metrics.expanded = j.at("expanded").get<std::uint64_t>();
    t.metrics.generated = j.value("generated", std::uint64_t(0));
    t.metrics.microseconds = j.value("time_us", 0.0);
    const auto& ex = j.at("expansions");
    for (std::size_t i = 0; i < ex.size(); ++i) t.expanded.push_back(node_from(ex[i], "expansions[" + std::to_string(i) + "]"));
    const auto& op = j.at("open");
    for (std::size_t i = 0; i < op.size(); ++i) t.open.push_back(node_from(op[i], "open[" + std::to_string(i) + "]"));
    if (j.contains("end") && !j["end"].is_null()) {
        t.has_end = true;
        t.end = node_from(j["end"], "end");
    }
    return t;
}

}  // namespace

std::string to_json(const SearchTrace& t) {
    nlohmann::ordered_json j;
    j["status"] = to_string(t.status);
    j["cost"] = t.cost;
    j["weight"] = t.weight;
    j["expanded"] = t.metrics.expanded;
    j["generated"] = t.metrics.generated;
    j["time_us"] = t.metrics.microseconds;
    j["fields"] = {"x", "y", "z", "g", "h", "parent", "action"};
    auto& ex = j["expansions"] = nlohmann::ordered_json::array();
    for (const TraceNode& n : t.expanded) ex.push_back(node_json(n));
    auto& op = j["open"] = nlohmann::ordered_json::array();
    for (const TraceNode& n : t.open) op.push_back(node_json(n));
    j["end"] = t.has_end ? node_json(t.end) : nlohmann::ordered_json();
    return j.dump();
}

SearchTrace trace_from_json(const std::string& text) {
    try {
        return parse_trace(text);
    } catch (const nlohmann::json::exception& e) {
        throw std::runtime_error(std::string("trace JSON: ") + e.what());
    }
}

}  // namespace voxnav
