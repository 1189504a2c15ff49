// SPDX-License-Identifier: MIT
#include "bench/scenarios.hpp"

#include "../io/text_lines.hpp"
#include "voxnav/io/formats.hpp"

#include <cmath>
#include <fstream>

namespace voxnav {
namespace {

using detail::parse_double;
using detail::parse_int;
using detail::split_tokens;

std::string dir_of(const std::string& path) {
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
}

bool exists(const std::string& path) { return std::ifstream(path).good(); }

}  // namespace

ScenarioFile load_scenarios(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw LoadError(path, 0, "cannot open file");
    detail::LineReader lines(in);
    std::string line;
    auto fail = [&](const std::string& msg) -> void { throw LoadError(path, lines.number(), msg); };
    ScenarioFile out;
    if (!lines.next(line) || split_tokens(line).size() != 2 || split_tokens(line)[0] != "version")
        fail("expected 'version 1'");
    bool first = true;
    while (lines.next(line)) {
        auto t = split_tokens(line);
        if (t.empty()) continue;
        if (first) {
            first = false;
            // A 3D scenario file names its map on a line of its own.
            if (t.size() == 1) {
                out.kind = ScenarioFile::Kind::Voxel3D;
                out.map_name = std::string(t[0]);
                continue;
            }
        }
        Scenario s;
        s.line = lines.number();
        auto coord = [&](std::string_view tok) {
            auto v = parse_int<int>(tok);
            if (!v || *v < 0) fail("bad coordinate '" + std::string(tok) + "'");
            return *v;
        };
        std::string_view length;
        if (out.kind == ScenarioFile::Kind::Voxel3D) {
            if (t.size() != 8) fail("expected 'sx sy sz gx gy gz length ratio'");
            s.start = {coord(t[0]), coord(t[1]), coord(t[2])};
            s.goal = {coord(t[3]), coord(t[4]), coord(t[5])};
            length = t[6];
        } else {
            if (t.size() != 9) fail("expected 'bucket map width height sx sy gx gy length'");
            if (out.map_name.empty()) out.map_name = std::string(t[1]);
            const int w = coord(t[2]), h = coord(t[3]);
            s.start = {coord(t[4]), 1, coord(t[5])};
            s.goal = {coord(t[6]), 1, coord(t[7])};
            if (s.start.x >= w || s.goal.x >= w || s.start.z >= h || s.goal.z >= h)
                fail("position outside the declared map size");
            length = t[8];
        }
        auto len = parse_double(length);
        if (!len || !(*len >= 0)) fail("bad optimal length '" + std::string(length) + "'");
        s.optimal = *len;
        out.scenarios.push_back(s);
    }
    if (out.map_name.empty()) fail("no map named in the file");
    const std::string beside = dir_of(path) + detail::base_name(out.map_name);
    out.map_path = exists(beside) ? beside : std::string();
    return out;
}

AgentProfile benchmark_agent(ScenarioFile::Kind kind) {
    AgentProfile a;
    a.jump = a.fall = a.swim = false;
    if (kind == ScenarioFile::Kind::Grid2D) {
        a.walk_speed = 1.0;
        a.diagonal = true;
    } else {
        a.walk = false;
        a.fly = true;
        a.fly_speed = 1.0;
        a.height = 1;
    }
    return a;
}

bool matches_optimal(double cost, double optimal, double weight) {
    const double tol = std::max(5e-3, 1e-5 * optimal);
    return cost >= optimal - tol && cost <= std::max(1.0, weight) * optimal + tol;
}

}  // namespace voxnav
