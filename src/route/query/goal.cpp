// SPDX-License-Identifier: MIT
#include "voxnav/route/goal.hpp"

#include "route/query/query_text.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace voxnav {
using namespace query_text;
namespace {

std::string number(double v) {
    std::ostringstream s;
    s << v;
    return s.str();
}
std::string triple(const glm::dvec3& p) { return number(p.x) + "," + number(p.y) + "," + number(p.z); }
std::string triple(const Voxel& v) { return std::to_string(v.x) + "," + std::to_string(v.y) + "," + std::to_string(v.z); }

}  // namespace

Goal Goal::at(const Voxel& feet) {
    Goal g;
    g.parts_.push_back({Kind::At, feet, {}, 0.0});
    return g;
}

Goal Goal::near(const glm::dvec3& point, double radius) {
    if (!finite(point) || !std::isfinite(radius) || radius < 0)
        throw std::invalid_argument("Goal::near: the point must be finite and the radius a number >= 0");
    Goal g;
    g.parts_.push_back({Kind::Near, Voxel(0), point, radius});
    return g;
}

Goal Goal::near_xz(double x, double z, double radius) {
    if (!std::isfinite(x) || !std::isfinite(z) || !std::isfinite(radius) || radius < 0)
        throw std::invalid_argument("Goal::near_xz: the centre must be finite and the radius a number >= 0");
    // The centre's voxel too: what treats a part by its voxel (a crowd's
    // spread) sees where the disc is.
    const auto cell = [](double v) { return int(std::floor(std::clamp(v, -2147483648.0, 2147483647.0))); };
    Goal g;
    g.parts_.push_back({Kind::NearXZ, Voxel(cell(x), 0, cell(z)), {x, 0.0, z}, radius});
    return g;
}

Goal Goal::column(int x, int z) {
    Goal g;
    g.parts_.push_back({Kind::Column, Voxel(x, 0, z), {}, 0.0});
    return g;
}

Goal Goal::level(int y) {
    Goal g;
    g.parts_.push_back({Kind::Level, Voxel(0, y, 0), {}, 0.0});
    return g;
}

Goal Goal::touch(const Voxel& block) {
    Goal g;
    g.parts_.push_back({Kind::Touch, block, {}, 0.0});
    return g;
}

Goal Goal::any_of(const std::vector<Goal>& goals) {
    if (goals.empty()) throw std::invalid_argument("Goal::any_of: no goals given");
    Goal g;
    for (const Goal& one : goals) {
        if (one.is_flee()) throw std::invalid_argument("Goal::any_of: a flee goal cannot be one of several goals");
        g.parts_.insert(g.parts_.end(), one.parts_.begin(), one.parts_.end());
    }
    return g;
}

Goal Goal::flee(const std::vector<Threat>& threats) {
    if (threats.empty()) throw std::invalid_argument("Goal::flee: no threats given");
    for (const Threat& t : threats)
        if (!finite(t.point) || !std::isfinite(t.radius) || t.radius < 0)
            throw std::invalid_argument("Goal::flee: each threat needs a finite point and a radius >= 0");
    Goal g;
    g.threats_ = threats;
    return g;
}

void Goal::move_exact_part(std::size_t i, const Voxel& feet) {
    if (i >= parts_.size() || parts_[i].kind != Kind::At) throw std::out_of_range("Goal::move_exact_part: no exact part " + std::to_string(i));
    parts_[i].voxel = feet;
}

static double distance2(const Voxel& v, const glm::dvec3& p) {
    const glm::dvec3 d = glm::dvec3(v) - p;
    return d.x * d.x + d.y * d.y + d.z * d.z;
}

bool Goal::satisfied_by(const Voxel& p, int width, int height) const {
    if (is_flee()) {
        for (const Threat& t : threats_)
            if (distance2(p, t.point) < t.radius * t.radius) return false;
        return true;
    }
    for (const Part& g : parts_) {
        switch (g.kind) {
            case Kind::At:
                if (p == g.voxel) return true;
                break;
            case Kind::Near:
                if (distance2(p, g.point) <= g.radius * g.radius) return true;
                break;
            case Kind::NearXZ: {
                const double dx = p.x - g.point.x, dz = p.z - g.point.z;
                if (dx * dx + dz * dz <= g.radius * g.radius) return true;
                break;
            }
            case Kind::Column:
                if (p.x == g.voxel.x && p.z == g.voxel.z) return true;
                break;
            case Kind::Level:
                if (p.y == g.voxel.y) return true;
                break;
            case Kind::Touch: {
                // 64-bit: positions near the int32 limits must not wrap.
                const std::int64_t bx = std::int64_t(g.voxel.x) - p.x, by = std::int64_t(g.voxel.y) - p.y,
                                   bz = std::int64_t(g.voxel.z) - p.z;
                // The floor voxel right under the footprint.
                if (by == -1 && bx >= 0 && bx < width && bz >= 0 && bz < width) return true;
                // A face neighbour of the block inside the body [0, w) x [0, h) x [0, w).
                const auto in_body = [&](std::int64_t x, std::int64_t y, std::int64_t z) {
                    return x >= 0 && x < width && y >= 0 && y < height && z >= 0 && z < width;
                };
                if (in_body(bx + 1, by, bz) || in_body(bx - 1, by, bz) || in_body(bx, by + 1, bz) ||
                    in_body(bx, by - 1, bz) || in_body(bx, by, bz + 1) || in_body(bx, by, bz - 1))
                    return true;
                break;
            }
        }
    }
    return false;
}

Goal::FeetBox Goal::Part::feet_box(int width, int height) const {
    constexpr double kInf = std::numeric_limits<double>::infinity();
    FeetBox r;
    const glm::dvec3 v(voxel);
    const double w = width, h = height;
    switch (kind) {
        case Kind::At:
            for (int a = 0; a < 3; ++a) r.lo[a] = r.hi[a] = v[a];
            break;
        case Kind::Near:
            // Only integer feet positions count: round the box inwards.
            for (int a = 0; a < 3; ++a) {
                r.lo[a] = std::ceil(point[a] - radius);
                r.hi[a] = std::floor(point[a] + radius);
            }
            break;
        case Kind::NearXZ:
            // The disc's square, rounded inwards; any height.
            for (int a = 0; a < 3; a += 2) {
                r.lo[a] = std::ceil(point[a] - radius);
                r.hi[a] = std::floor(point[a] + radius);
            }
            r.lo[1] = -kInf;
            r.hi[1] = kInf;
            break;
        case Kind::Column:
            r.lo[0] = r.hi[0] = v.x;
            r.lo[2] = r.hi[2] = v.z;
            r.lo[1] = -kInf;
            r.hi[1] = kInf;
            break;
        case Kind::Level:
            r.lo[0] = r.lo[2] = -kInf;
            r.hi[0] = r.hi[2] = kInf;
            r.lo[1] = r.hi[1] = v.y;
            break;
        case Kind::Touch:
            // Feet positions whose body holds a face neighbour of the block,
            // or stand on it.
            for (int a = 0; a < 3; ++a) {
                r.lo[a] = v[a] - (a == 1 ? h : w);
                r.hi[a] = v[a] + 1;
            }
            break;
    }
    return r;
}

std::string Goal::Part::unsatisfied() const {
    switch (kind) {
        case Kind::At: return "no waypoint is at " + triple(voxel);
        case Kind::Near: return "no waypoint lies within " + std::to_string(radius) + " voxels of the point";
        case Kind::NearXZ: return "no waypoint lies within " + std::to_string(radius) + " voxels of the point horizontally";
        case Kind::Column:
            return "no waypoint lies in column x " + std::to_string(voxel.x) + ", z " + std::to_string(voxel.z);
        case Kind::Level: return "no waypoint has its feet at y " + std::to_string(voxel.y);
        case Kind::Touch:
            return "no waypoint lets the agent touch block (" + std::to_string(voxel.x) + ", " + std::to_string(voxel.y) + ", " +
                   std::to_string(voxel.z) + ")";
    }
    return "";
}

std::string Goal::describe() const {
    std::string out;
    for (const Threat& t : threats_) out += std::string(out.empty() ? "" : " ") + "flee:" + triple(t.point) + ":" + number(t.radius);
    for (const Part& g : parts_) {
        out += out.empty() ? "" : " or ";
        switch (g.kind) {
            case Kind::At: out += triple(g.voxel); break;
            case Kind::Near: out += "near:" + triple(g.point) + ":" + number(g.radius); break;
            case Kind::NearXZ: out += "nearxz:" + number(g.point.x) + "," + number(g.point.z) + ":" + number(g.radius); break;
            case Kind::Column: out += "xz:" + std::to_string(g.voxel.x) + "," + std::to_string(g.voxel.z); break;
            case Kind::Level: out += "y:" + std::to_string(g.voxel.y); break;
            case Kind::Touch: out += "touch:" + triple(g.voxel); break;
        }
    }
    return out;
}

Goal parse_goal(const std::string& text) {
    const auto colon = text.find(':');
    if (colon == std::string::npos) return Goal::at(parse_voxel(text, text));
    const std::string kind = text.substr(0, colon), body = text.substr(colon + 1);
    if (kind == "near") {
        const auto [p, r] = parse_point_radius(text, body);
        return Goal::near(p, r);
    }
    if (kind == "nearxz") {
        const auto f = split(body, ':');
        if (f.size() != 2) bad(text, "expected nearxz:X,Z:R");
        const auto c = split(f[0], ',');
        if (c.size() != 2) bad(text, "expected nearxz:X,Z:R");
        const double r = parse_real(text, f[1]);
        if (r < 0) bad(text, "the radius must be >= 0");
        return Goal::near_xz(parse_real(text, c[0]), parse_real(text, c[1]), r);
    }
    if (kind == "xz") {
        const auto c = split(body, ',');
        if (c.size() != 2) bad(text, "expected xz:X,Z");
        return Goal::column(parse_int(text, c[0]), parse_int(text, c[1]));
    }
    if (kind == "y") return Goal::level(parse_int(text, body));
    if (kind == "touch") return Goal::touch(parse_voxel(text, body));
    bad(text, "unknown goal kind '" + kind + "' (expected X,Y,Z, near:X,Y,Z:R, nearxz:X,Z:R, xz:X,Z, y:Y or touch:X,Y,Z)");
}

Threat parse_threat(const std::string& text) {
    const auto [p, r] = parse_point_radius(text, text);
    return {p, r};
}

}  // namespace voxnav
