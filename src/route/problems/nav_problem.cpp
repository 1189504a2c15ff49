// SPDX-License-Identifier: MIT
#include "route/problems/nav_problem.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

namespace voxnav {
namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}

void GoalBound::rebind(const Goal& goal, const MovementModel& moves) {
    goal_ = &goal;
    moves_ = &moves;
    width_ = moves.profile().width;
    height_ = moves.profile().body_voxels();
    regions_.clear();
    for (const Goal::Part& p : goal.parts()) {
        Region r;
        const Goal::FeetBox box = p.feet_box(width_, height_);
        for (int a = 0; a < 3; ++a) {
            r.lo[a] = box.lo[a];
            r.hi[a] = box.hi[a];
        }
        if (p.kind == Goal::Kind::Near) {
            r.sphere = true;
            r.centre = p.point;
            r.radius = p.radius;
        }
        regions_.push_back(r);
    }
}

double GoalBound::lower_bound(const Voxel& v) const {
    const glm::dvec3 p(v);
    if (goal_->is_flee()) {
        // Pure flyers pay for every voxel of 3D distance; ground agents may
        // gain distance by falling almost for free, so they get no bound.
        if (!moves_->bound_counts_height()) return 0.0;
        double need = 0.0;
        for (const Threat& t : goal_->threats()) {
            const glm::dvec3 d = p - t.point;
            need = std::max(need, t.radius - std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z));
        }
        return need * moves_->cheapest_rate();
    }
    double best = kInf;
    for (const Region& r : regions_) {
        double d[3];
        for (int a = 0; a < 3; ++a) d[a] = std::max({0.0, r.lo[a] - p[a], p[a] - r.hi[a]});
        // Inside the region the feet are at least r.lo.y high: the climb to there.
        double b = moves_->lower_bound_delta(d[0], d[1], d[2]) + moves_->climb_rate() * std::max(0.0, r.lo[1] - p[1]);
        if (r.sphere) {
            const glm::dvec3 e = p - r.centre;
            const double dist = moves_->bound_counts_height() ? std::sqrt(e.x * e.x + e.y * e.y + e.z * e.z)
                                                              : std::sqrt(e.x * e.x + e.z * e.z);
            b = std::max(b, (dist - r.radius) * moves_->cheapest_rate());
        }
        best = std::min(best, b);
    }
    return best == kInf ? 0.0 : best;
}

namespace {
std::size_t chunk_hash(const Voxel& c) {
    std::uint64_t h = std::uint64_t(std::uint32_t(c.x)) * 0x9E3779B97F4A7C15ull;
    h ^= std::uint64_t(std::uint32_t(c.y)) * 0xC2B2AE3D27D4EB4Full;
    h ^= std::uint64_t(std::uint32_t(c.z)) * 0x165667B19E3779F9ull;
    return std::size_t(h ^ (h >> 29));
}
// Floor division by 16 of a real coordinate, clamped to int32 chunk range.
int chunk_of(double v) { return int(std::floor(std::clamp(v, -2147483648.0, 2147483647.0) / 16.0)); }
}  // namespace

ZoneCosts::ZoneCosts(const std::vector<CostZone>& zones, ZoneIndex index) : zones_(zones) {
    std::vector<std::pair<glm::dvec3, glm::dvec3>> boxes;
    for (std::size_t i = 0; i < zones_.size(); ++i) {
        const CostZone& z = zones_[i];
        glm::dvec3 lo, hi;
        if (z.shape == CostZone::Shape::Box) {
            lo = glm::dvec3(z.box.lo);
            hi = glm::dvec3(z.box.hi) - 1.0;
        } else {
            lo = z.centre - z.radius;
            hi = z.centre + z.radius;
        }
        boxes.emplace_back(lo, hi);
        lo_ = i == 0 ? lo : glm::min(lo_, lo);
        hi_ = i == 0 ? hi : glm::max(hi_, hi);
        if (z.multiplier < 1.0) smallest_ *= z.multiplier;
    }
    bucketed_ = index == ZoneIndex::Chunks || (index == ZoneIndex::Auto && zones_.size() > list_limit);
    if (!bucketed_) return;
    // Chunk -> zones overlapping it, gathered then laid out per bucket.
    std::vector<std::pair<Voxel, std::uint32_t>> pairs;
    for (std::uint32_t i = 0; i < zones_.size(); ++i) {
        const auto& [lo, hi] = boxes[i];
        if (hi.x < lo.x || hi.y < lo.y || hi.z < lo.z) continue;
        for (int cy = chunk_of(lo.y); cy <= chunk_of(hi.y); ++cy)
            for (int cz = chunk_of(lo.z); cz <= chunk_of(hi.z); ++cz)
                for (int cx = chunk_of(lo.x); cx <= chunk_of(hi.x); ++cx) pairs.push_back({Voxel(cx, cy, cz), i});
    }
    std::sort(pairs.begin(), pairs.end(), [](const auto& a, const auto& b) {
        return std::tie(a.first.x, a.first.y, a.first.z, a.second) < std::tie(b.first.x, b.first.y, b.first.z, b.second);
    });
    std::size_t size = 16;
    while (size < pairs.size() * 2) size *= 2;
    table_.assign(size, Bucket{});
    bucket_zones_.reserve(pairs.size());
    for (std::size_t k = 0; k < pairs.size();) {
        const Voxel c = pairs[k].first;
        Bucket b{c, std::uint32_t(bucket_zones_.size()), 0};
        for (; k < pairs.size() && pairs[k].first == c; ++k) bucket_zones_.push_back(pairs[k].second);
        b.end = std::uint32_t(bucket_zones_.size());
        std::size_t i = chunk_hash(c) & (size - 1);
        while (table_[i].end != 0) i = (i + 1) & (size - 1);
        table_[i] = b;
    }
}

void ZoneCosts::find_bucket(const Voxel& chunk) const {
    cached_ = true;
    cached_chunk_ = chunk;
    cached_begin_ = cached_end_ = nullptr;
    const std::size_t mask = table_.size() - 1;
    for (std::size_t i = chunk_hash(chunk) & mask; table_[i].end != 0; i = (i + 1) & mask)
        if (table_[i].chunk == chunk) {
            cached_begin_ = bucket_zones_.data() + table_[i].begin;
            cached_end_ = bucket_zones_.data() + table_[i].end;
            return;
        }
}

}  // namespace voxnav
