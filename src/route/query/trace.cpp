// SPDX-License-Identifier: MIT
#include "voxnav/route/trace.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <optional>
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
        r.waypoints.push_back({chain[k]->position, k == 0 ? Action::Start : chain[k]->action.motion(), step, double(chain[k]->position.y)});
    }
    r.cost = trace.end.g;
    return r;
}

namespace {

// A trace's action word: "walk", "walk+open", ...; in a legacy trace also
// "open", "dig" and "place" alone (their motion was not recorded: walk).
std::optional<MoveTag> parse_move_word(const std::string& word, bool legacy) {
    const std::size_t plus = word.find('+');
    const std::string head = word.substr(0, plus);
    std::optional<MoveTag> m;
    if (const auto a = parse_action(head)) m = MoveTag(*a);
    else if (legacy && plus == std::string::npos)
        for (WorldAct act : kWorldActs)
            if (head == to_string(act)) m = MoveTag(Action::Walk, act);
    if (!m) return std::nullopt;
    for (std::size_t at = plus; at != std::string::npos;) {
        const std::size_t next = word.find('+', at + 1);
        const std::string part = word.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1);
        bool known = false;
        for (WorldAct act : kWorldActs)
            if (part == to_string(act)) m = m->with(act), known = true;
        if (!known) return std::nullopt;
        at = next;
    }
    return m;
}

nlohmann::ordered_json node_json(const TraceNode& n) {
    return nlohmann::ordered_json::array({n.position.x, n.position.y, n.position.z, n.g, n.h, n.parent, to_string(n.action)});
}

TraceNode node_from(const nlohmann::json& j, const std::string& where, bool legacy) {
    if (!j.is_array() || j.size() != 7) throw std::runtime_error("trace JSON: " + where + " must be [x, y, z, g, h, parent, action]");
    TraceNode n;
    n.position = {j[0].get<int>(), j[1].get<int>(), j[2].get<int>()};
    n.g = j[3].get<double>();
    n.h = j[4].get<double>();
    n.parent = j[5].get<std::int64_t>();
    const auto a = parse_move_word(j[6].get<std::string>(), legacy);
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
    t.legacy_actions = !j.contains("format");
    const bool legacy = t.legacy_actions;
    const auto& ex = j.at("expansions");
    for (std::size_t i = 0; i < ex.size(); ++i) t.expanded.push_back(node_from(ex[i], "expansions[" + std::to_string(i) + "]", legacy));
    const auto& op = j.at("open");
    for (std::size_t i = 0; i < op.size(); ++i) t.open.push_back(node_from(op[i], "open[" + std::to_string(i) + "]", legacy));
    if (j.contains("end") && !j["end"].is_null()) {
        t.has_end = true;
        t.end = node_from(j["end"], "end", legacy);
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
    j["format"] = 2;
    j["fields"] = {"x", "y", "z", "g", "h", "parent", "action"};
    auto& ex = j["expansions"] = nlohmann::ordered_json::array();
    for (const TraceNode& n : t.expanded) ex.push_back(node_json(n));
    auto& op = j["open"] = nlohmann::ordered_json::array();
    for (const TraceNode& n : t.open) op.push_back(node_json(n));
    j["end"] = t.has_end ? node_json(t.end) : nlohmann::ordered_json();
    return j.dump();
}

bool trace_moves_match(const SearchTrace& from, MoveTag recorded, MoveTag now) {
    if (!from.legacy_actions) return recorded == now;
    if (recorded.acts()) return (recorded.bits >> 4) == (now.bits >> 4);
    if (now.acts()) return false;
    if (recorded.motion() == Action::Jump) return now.motion() == Action::Jump || now.motion() == Action::Leap;
    return recorded.motion() == now.motion();
}

SearchTrace trace_from_json(const std::string& text) {
    try {
        return parse_trace(text);
    } catch (const nlohmann::json::exception& e) {
        throw std::runtime_error(std::string("trace JSON: ") + e.what());
    }
}

}  // namespace voxnav
