// SPDX-License-Identifier: MIT
#include "voxnav/agent/profile.hpp"
#include "voxnav/world/block.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace voxnav {
namespace {

using nlohmann::json;

struct IntField {
    const char* key;
    int AgentProfile::*member;
    int min, max;
};
struct BoolField {
    const char* key;
    bool AgentProfile::*member;
};
struct SpeedField {
    const char* key;
    double AgentProfile::*member;
};

// Numbers that were integers once: integers stay valid.
struct RealField {
    const char* key;
    double AgentProfile::*member;
    double min, max;
};

constexpr IntField kIntFields[] = {
    {"width", &AgentProfile::width, 1, 16},
    {"jump_distance", &AgentProfile::jump_distance, 0, 64},
    {"max_fall", &AgentProfile::max_fall, 0, 1 << 20},
};
constexpr RealField kRealFields[] = {
    {"height", &AgentProfile::height, 0.6, 64},
    {"jump_height", &AgentProfile::jump_height, 0, 64},
    {"step_height", &AgentProfile::step_height, 0, 64},
    {"open_time", &AgentProfile::open_time, 0, 1e9},
    {"dig_penalty", &AgentProfile::dig_penalty, 0, 1e9},
    {"place_cost", &AgentProfile::place_cost, 0, 1e9},
};
constexpr BoolField kBoolFields[] = {
    {"walk", &AgentProfile::walk}, {"jump", &AgentProfile::jump}, {"fall", &AgentProfile::fall},
    {"swim", &AgentProfile::swim}, {"fly", &AgentProfile::fly},   {"diagonal", &AgentProfile::diagonal},
    {"climb", &AgentProfile::climb}, {"dig", &AgentProfile::dig},     {"place", &AgentProfile::place},
};
constexpr SpeedField kSpeedFields[] = {
    {"walk_speed", &AgentProfile::walk_speed},
    {"swim_speed", &AgentProfile::swim_speed},
    {"fly_speed", &AgentProfile::fly_speed},
    {"gravity", &AgentProfile::gravity},
    {"climb_speed", &AgentProfile::climb_speed},
    {"dig_speed", &AgentProfile::dig_speed},
};

std::string range_text(double lo, double hi) {
    std::ostringstream o;
    o << "must be a number in " << lo << ".." << hi;
    return o.str();
}

}  // namespace

ProfileError::ProfileError(const std::string& source, const std::string& key, const std::string& message)
    : std::runtime_error(source + (key.empty() ? "" : ": key '" + key + "'") + ": " + message), key_(key), message_(message) {}

unsigned AgentProfile::open_mask() const {
    unsigned m = 0;
    for (const std::string& c : opens)
        if (const auto cls = parse_open_class(c)) m |= open_bit(*cls);
    return m;
}

void AgentProfile::validate() const {
    for (const auto& f : kIntFields)
        if (this->*f.member < f.min || this->*f.member > f.max)
            throw ProfileError("profile", f.key, "must be an integer in " + std::to_string(f.min) + ".." + std::to_string(f.max));
    for (const auto& f : kRealFields)
        if (!(this->*f.member >= f.min && this->*f.member <= f.max))
            throw ProfileError("profile", f.key, range_text(f.min, f.max));
    if (!(max_fall_into_water >= 0)) throw ProfileError("profile", "max_fall_into_water", "must be a number >= 0 (or absent: no limit)");
    for (const std::string& c : opens)
        if (const auto cls = parse_open_class(c); !cls || *cls == OpenClass::None)
            throw ProfileError("profile", "opens", "unknown open class '" + c + "' (hand, powered, owner)");
    for (const auto& f : kSpeedFields)
        if (!(this->*f.member > 0) || !std::isfinite(this->*f.member))
            throw ProfileError("profile", f.key, "must be a number > 0");
    if (blocks && (*blocks < 0 || *blocks > AgentProfile::max_blocks))
        throw ProfileError("profile", "blocks", "must be an integer in 0.." + std::to_string(AgentProfile::max_blocks) + " (or absent: unlimited)");
    for (const std::string& g : never_dig)
        if (g.empty()) throw ProfileError("profile", "never_dig", "block name patterns must not be empty");
    std::set<double> distinct;
    for (const auto& [name, m] : floor_cost) {
        if (!(m >= 1) || !std::isfinite(m))
            throw ProfileError("profile", "floor_cost." + name, "multiplier must be a number >= 1");
        if (m > 1) distinct.insert(m);
    }
    if (distinct.size() > 15) throw ProfileError("profile", "floor_cost", "at most 15 distinct multipliers above 1");
}

AgentProfile parse_agent_profile(const std::string& json_text, const std::string& source) {
    json j;
    try {
        j = json::parse(json_text);
    } catch (const json::exception& e) {
        // Syntax errors, and numbers out of range (1e999): never the JSON
        // library's own exception types, which the header does not promise.
        throw ProfileError(source, "", std::string("invalid JSON: ") + e.what());
    }
    if (!j.is_object()) throw ProfileError(source, "", "a profile must be a JSON object");
    AgentProfile p;
    for (const auto& [key, value] : j.items()) {
        bool known = false;
        for (const auto& f : kIntFields) {
            if (key != f.key) continue;
            known = true;
            if (!value.is_number_integer() || value.get<std::int64_t>() < f.min || value.get<std::int64_t>() > f.max)
                throw ProfileError(source, key, "must be an integer in " + std::to_string(f.min) + ".." + std::to_string(f.max));
            p.*f.member = value.get<int>();
        }
        for (const auto& f : kRealFields) {
            if (key != f.key) continue;
            known = true;
            if (!value.is_number() || !(value.get<double>() >= f.min && value.get<double>() <= f.max))
                throw ProfileError(source, key, range_text(f.min, f.max));
            p.*f.member = value.get<double>();
        }
        if (key == "max_fall_into_water") {
            known = true;
            if (value.is_null()) {
                p.max_fall_into_water = std::numeric_limits<double>::infinity();
            } else {
                if (!value.is_number() || !(value.get<double>() >= 0) || !std::isfinite(value.get<double>()))
                    throw ProfileError(source, key, "must be a number >= 0 (or null: no limit)");
                p.max_fall_into_water = value.get<double>();
            }
        }
        if (key == "blocks") {
            known = true;
            if (value.is_null()) {
                p.blocks.reset();
            } else {
                if (!value.is_number_integer() || value.get<std::int64_t>() < 0 || value.get<std::int64_t>() > AgentProfile::max_blocks)
                    throw ProfileError(source, key,
                                       "must be an integer in 0.." + std::to_string(AgentProfile::max_blocks) + " (or null: unlimited)");
                p.blocks = value.get<int>();
            }
        }
        if (key == "never_dig") {
            known = true;
            if (!value.is_array()) throw ProfileError(source, key, "must be an array of block name patterns (\"*_planks\")");
            p.never_dig.clear();
            for (const auto& g : value) {
                if (!g.is_string() || g.get<std::string>().empty())
                    throw ProfileError(source, key, "must be an array of non-empty block name patterns (\"*_planks\")");
                p.never_dig.push_back(g.get<std::string>());
            }
        }
        if (key == "opens") {
            known = true;
            if (!value.is_array()) throw ProfileError(source, key, "must be an array of open classes (\"hand\", \"powered\", \"owner\")");
            p.opens.clear();
            for (const auto& c : value) {
                const auto cls = c.is_string() ? parse_open_class(c.get<std::string>()) : std::nullopt;
                if (!cls || *cls == OpenClass::None)
                    throw ProfileError(source, key, "open classes are \"hand\", \"powered\" and \"owner\"");
                p.opens.push_back(c.get<std::string>());
            }
        }
        for (const auto& f : kBoolFields) {
            if (key != f.key) continue;
            known = true;
            if (!value.is_boolean()) throw ProfileError(source, key, "must be true or false");
            p.*f.member = value.get<bool>();
        }
        for (const auto& f : kSpeedFields) {
            if (key != f.key) continue;
            known = true;
            if (!value.is_number() || !(value.get<double>() > 0) || !std::isfinite(value.get<double>()))
                throw ProfileError(source, key, "must be a number > 0");
            p.*f.member = value.get<double>();
        }
        if (key == "floor_cost") {
            known = true;
            if (!value.is_object()) throw ProfileError(source, key, "must be an object of block name -> multiplier");
            for (const auto& [block, m] : value.items()) {
                if (!m.is_number() || !(m.get<double>() >= 1) || !std::isfinite(m.get<double>()))
                    throw ProfileError(source, "floor_cost." + block, "multiplier must be a number >= 1");
                p.floor_cost[block] = m.get<double>();
            }
        }
        if (!known) throw ProfileError(source, key, "unknown key");
    }
    try {
        p.validate();
    } catch (const ProfileError& e) {
        throw ProfileError(source, e.key(), e.message());
    }
    return p;
}

CheckedProfile::CheckedProfile(const AgentProfile& profile) {
    profile.validate();
    p_ = std::make_shared<const AgentProfile>(profile);
}

AgentProfile load_agent_profile(const std::string& path) {
    // (An ifstream opens a folder on Linux, and reading it then fails: the
    // message would blame the JSON.)
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw ProfileError(path, "", "is a folder, not an agent profile (a JSON file)");
    std::ifstream f(path, std::ios::binary);
    if (!f) throw ProfileError(path, "", "cannot open file");
    std::stringstream ss;
    ss << f.rdbuf();
    return parse_agent_profile(ss.str(), path);
}

std::string to_json(const AgentProfile& p) {
    json j;
    for (const auto& f : kIntFields) j[f.key] = p.*f.member;
    for (const auto& f : kRealFields) j[f.key] = p.*f.member;
    j["opens"] = p.opens;
    if (std::isfinite(p.max_fall_into_water)) j["max_fall_into_water"] = p.max_fall_into_water;
    else j["max_fall_into_water"] = nullptr;
    for (const auto& f : kBoolFields) j[f.key] = p.*f.member;
    for (const auto& f : kSpeedFields) j[f.key] = p.*f.member;
    j["floor_cost"] = p.floor_cost;
    j["never_dig"] = p.never_dig;
    if (p.blocks) j["blocks"] = *p.blocks;
    else j["blocks"] = nullptr;
    return j.dump(2);
}

}  // namespace voxnav
