// SPDX-License-Identifier: MIT
#include "voxnav/route/query_costs.hpp"

#include "route/query/query_text.hpp"

#include <cmath>
#include <stdexcept>

namespace voxnav {
using namespace query_text;

CostZone CostZone::sphere(const glm::dvec3& centre, double radius, double multiplier) {
    CostZone z;
    z.shape = Shape::Sphere;
    z.centre = centre;
    z.radius = radius;
    z.multiplier = multiplier;
    z.validate();
    return z;
}

CostZone CostZone::in_box(const VoxelBox& box, double multiplier) {
    CostZone z;
    z.shape = Shape::Box;
    z.box = box;
    z.multiplier = multiplier;
    z.validate();
    return z;
}

void CostZone::validate() const {
    if (!(multiplier > 0)) throw std::invalid_argument("cost zone: the multiplier must be > 0 (or inf to forbid)");
    if (shape == Shape::Sphere && (!finite(centre) || !std::isfinite(radius) || radius < 0))
        throw std::invalid_argument("cost zone: the sphere needs a finite centre and a radius >= 0");
}

CostZone parse_zone(const std::string& text) {
    const auto f = split(text, ':');
    if (f.size() != 3) bad(text, "expected X,Y,Z:R:M");
    const double r = parse_real(text, f[1]);
    if (r < 0) bad(text, "the radius must be >= 0");
    const double m = parse_real(text, f[2], true);
    if (!(m > 0)) bad(text, "the multiplier must be > 0 (or inf)");
    return CostZone::sphere(parse_point(text, f[0]), r, m);
}

}  // namespace voxnav
