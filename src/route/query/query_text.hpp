// SPDX-License-Identifier: MIT
// Parsing of the query syntax shared by goals, threats and zones (the
// CLI's --to, --flee, --avoid and --prefer). Errors are
// std::invalid_argument naming the whole text.
#pragma once

#include "voxnav/world/box.hpp"

#include <glm/vec3.hpp>

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace voxnav::query_text {

inline bool finite(const glm::dvec3& p) { return std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z); }

[[noreturn]] inline void bad(const std::string& text, const std::string& why) {
    throw std::invalid_argument("'" + text + "': " + why);
}

inline std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::string::size_type start = 0;
    while (true) {
        const auto at = s.find(sep, start);
        out.push_back(s.substr(start, at == std::string::npos ? std::string::npos : at - start));
        if (at == std::string::npos) return out;
        start = at + 1;
    }
}

inline double parse_real(const std::string& whole, const std::string& part, bool allow_inf = false) {
    if (allow_inf && (part == "inf" || part == "infinity")) return std::numeric_limits<double>::infinity();
    if (part.empty() || std::isspace(static_cast<unsigned char>(part[0]))) bad(whole, "expected a number, got '" + part + "'");
    char* end = nullptr;
    const double v = std::strtod(part.c_str(), &end);
    if (end != part.c_str() + part.size() || !std::isfinite(v)) bad(whole, "expected a finite number, got '" + part + "'");
    return v;
}

inline int parse_int(const std::string& whole, const std::string& part) {
    if (part.empty() || std::isspace(static_cast<unsigned char>(part[0]))) bad(whole, "expected an integer, got '" + part + "'");
    char* end = nullptr;
    errno = 0;
    const long long v = std::strtoll(part.c_str(), &end, 10);
    if (end != part.c_str() + part.size() || errno == ERANGE || v < INT32_MIN || v > INT32_MAX)
        bad(whole, "expected a 32-bit integer, got '" + part + "'");
    return static_cast<int>(v);
}

inline Voxel parse_voxel(const std::string& whole, const std::string& part) {
    const auto c = split(part, ',');
    if (c.size() != 3) bad(whole, "expected X,Y,Z, got '" + part + "'");
    return {parse_int(whole, c[0]), parse_int(whole, c[1]), parse_int(whole, c[2])};
}

inline glm::dvec3 parse_point(const std::string& whole, const std::string& part) {
    const auto c = split(part, ',');
    if (c.size() != 3) bad(whole, "expected X,Y,Z, got '" + part + "'");
    return {parse_real(whole, c[0]), parse_real(whole, c[1]), parse_real(whole, c[2])};
}

// "X,Y,Z:R" -> point and radius.
inline std::pair<glm::dvec3, double> parse_point_radius(const std::string& whole, const std::string& body) {
    const auto f = split(body, ':');
    if (f.size() != 2) bad(whole, "expected X,Y,Z:R");
    const double r = parse_real(whole, f[1]);
    if (r < 0) bad(whole, "the radius must be >= 0");
    return {parse_point(whole, f[0]), r};
}

}  // namespace voxnav::query_text
