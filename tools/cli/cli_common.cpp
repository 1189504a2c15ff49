// SPDX-License-Identifier: MIT
#include "cli_common.hpp"

#include "route/problems/landmark_keeper.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace voxnav::cli {

std::size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = up;
        }
    }
    return row[b.size()];
}

std::string nearest_word(const std::string& word, const std::vector<std::string>& candidates) {
    std::string best;
    std::size_t best_distance = 3;  // suggest only near misses
    for (const std::string& c : candidates) {
        const std::size_t d = !word.empty() && c.rfind(word, 0) == 0 ? 1 : edit_distance(word, c);
        // not a word that shares no letter with it ('-x' is no misspelt '-h')
        if (d >= c.size() - std::min(c.find_first_not_of('-'), c.size())) continue;
        if (d < best_distance) best_distance = d, best = c;
    }
    return best;
}

Voxel parse_position(const World& world, const std::string& text, const char* option) {
    if (text.find(',') != std::string::npos) {
        std::stringstream ss(text);
        std::string part;
        Voxel v;
        int i = 0;
        while (std::getline(ss, part, ',')) {
            if (i >= 3) break;
            try {
                std::size_t used = 0;
                const long long value = std::stoll(part, &used);
                if (used != part.size() || value < INT32_MIN || value > INT32_MAX) throw std::out_of_range("");
                v[i] = static_cast<int>(value);
            } catch (const std::exception&) {
                throw UsageError(std::string(option) + ": bad coordinate '" + part + "' in '" + text + "'");
            }
            ++i;
        }
        if (i != 3 || std::count(text.begin(), text.end(), ',') != 2)
            throw UsageError(std::string(option) + ": expected X,Y,Z or a position name, got '" + text + "'");
        return v;
    }
    if (auto p = world.point(text)) return *p;
    std::string names;
    for (const auto& [name, v] : world.points()) names += (names.empty() ? "" : ", ") + name;
    throw UsageError(std::string(option) + ": no position named '" + text + "' in the world" +
                     (names.empty() ? " (it has none)" : " (it has: " + names + ")"));
}

glm::dvec3 parse_game_position(const std::string& text, const char* option) {
    std::stringstream ss(text.substr(text.empty() ? 0 : 1));
    std::string part;
    glm::dvec3 p(0.0);
    int i = 0;
    while (std::getline(ss, part, ',')) {
        if (i >= 3) break;
        char* end = nullptr;
        const double v = part.empty() ? NAN : std::strtod(part.c_str(), &end);
        if (part.empty() || std::isspace(static_cast<unsigned char>(part[0])) || end != part.c_str() + part.size() || !std::isfinite(v))
            throw UsageError(std::string(option) + ": bad game coordinate '" + part + "' in '" + text + "'");
        p[i++] = v;
    }
    if (text.empty() || text[0] != '@' || i != 3 || std::count(text.begin(), text.end(), ',') != 2)
        throw UsageError(std::string(option) + ": expected @x,y,z in game units, got '" + text + "'");
    return p;
}

void write_text_file(const std::string& path, const std::string& text, const char* option) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (!out) throw UsageError(std::string(option) + ": cannot write '" + path + "'");
}

double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

World load_world_or_fail(const std::string& path) {
    try {
        return load_world(path);
    } catch (const LoadError& e) {
        throw UsageError(e.what());
    } catch (const std::exception& e) {
        throw UsageError(path + ": " + e.what());
    }
}

AgentProfile load_profile_or_fail(const std::optional<std::string>& path) {
    if (!path) return AgentProfile{};
    try {
        return load_agent_profile(*path);
    } catch (const ProfileError& e) {
        throw UsageError(e.what());
    }
}

CLI::Option* add_world_option(CLI::App* sub, std::string& into, const std::string& what) {
    return sub->add_option("--world", into, what)->required();
}

CLI::Option* add_agent_option(CLI::App* sub, std::optional<std::string>& into, const std::string& what) {
    return sub->add_option("--agent", into, what);
}

void add_accel_option(CLI::App* sub, std::string& into) {
    sub->add_option("--accel", into, "auto | off | jump: jump points (auto: where 90% of the floor is plain)")
        ->check(CLI::IsMember({"auto", "off", "jump"}));
}

void build_landmarks_now(Navigator& nav, int count) {
    LandmarkSettings lm;
    lm.count = count;
    lm.background = false;
    nav.use_landmarks(lm);
    if (nav.landmarks() && count > 0) nav.landmarks()->build_now(nav.snapshot());
}

Acceleration parse_accel(const std::string& text) {
    return text == "off" ? Acceleration::Off : text == "jump" ? Acceleration::JumpPoints : Acceleration::Auto;
}

SearchLimits make_limits(double weight, std::optional<long long> max_nodes, std::optional<double> max_cost) {
    SearchLimits lim;
    if (!(weight >= 1.0) || !std::isfinite(weight)) throw UsageError("--weight must be a number >= 1");
    lim.weight = weight;
    if (max_nodes) {
        if (*max_nodes < 0 || *max_nodes > 0xFFFFFFFFll) throw UsageError("--max-nodes must be in 0..4294967295");
        lim.max_nodes = static_cast<std::uint32_t>(*max_nodes);
    }
    if (max_cost) {
        if (!(*max_cost >= 0) || std::isnan(*max_cost)) throw UsageError("--max-cost must be a number >= 0");
        lim.max_cost = *max_cost;
    }
    return lim;
}

}  // namespace voxnav::cli
