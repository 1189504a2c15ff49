// SPDX-License-Identifier: MIT
#include "agent/movement.hpp"
#include "facts/block_traits.hpp"

#include <algorithm>
#include <cmath>

namespace voxnav {

bool MovementModel::grid_on_plain_floor(const AgentProfile& a) {
    // Jump points emit walks: the agent must walk, with diagonals.
    bool fits = moves::Level::fits_plain_floor(a);
    moves::Rules::each([&](auto rule) {
        using Rule = decltype(rule);
        if (Rule::active(a)) fits &= Rule::fits_plain_floor(a);
    });
    return fits;
}

int MovementModel::move_reach(const AgentProfile& a) {
    int span = 0;
    moves::Rules::each([&](auto rule) { span = std::max(span, decltype(rule)::span(a)); });
    return span + (a.width - 1) + 3;
}

bool MovementModel::only_flies(const AgentProfile& a) {
    bool air = false, ground = false;
    moves::Rules::each([&](auto rule) {
        using Rule = decltype(rule);
        // Climbs exist only at ladders, where no open sky is: a pure flyer
        // that may climb still only flies in open sky (its bound covers the
        // climbs: see below).
        if (!Rule::active(a) || Rule::near_shapes_only) return;
        air |= Rule::counts_height;
        ground |= !Rule::counts_height;
    });
    return air && !ground;
}

MovementModel::MovementModel(const NavSnapshot& field, const CheckedProfile& profile)
    : MovementModel(field, profile, field.multipliers()) {
    snapshot_multipliers_ = true;
}

void MovementModel::fill_step_tables(const std::array<double, 16>& m) {
    floor_multipliers_ = m;
    const double sqrt2 = std::sqrt(2.0);
    for (unsigned i = 0; i < Fact::floor_classes; ++i) {
        tables_.step[i] = m[i] / profile_->walk_speed;
        tables_.walk_diag[i] = sqrt2 * tables_.step[i];
    }
}

MovementModel::MovementModel(const NavSnapshot& field, const CheckedProfile& profile, const std::array<double, 16>& m)
    : field_(&field), profile_(profile), floor_multipliers_(m) {
    const AgentProfile& a = *profile_;
    waypoint_bits_ = Fact::waypoint_bits(a.fly);
    const double sqrt2 = std::sqrt(2.0);
    fill_step_tables(m);
    tables_.swim_axis = 1.0 / a.swim_speed;
    tables_.swim_diag = sqrt2 / a.swim_speed;
    tables_.inv_gravity2 = 2.0 / a.gravity;
    tables_.jump_voxels = a.jump_voxels();
    tables_.leap_air = 2.0 * std::sqrt(2.0 / a.gravity);
    moves::Fly::fill(a, tables_);

    // What the rules the agent has need and promise.
    moves::BoundTerms terms;
    moves::Rules::each([&](auto rule) {
        using Rule = decltype(rule);
        rule.reach(a, reach_);
        if (!Rule::active(a)) return;
        rule.bound(a, terms);
        any_air_rule_ |= Rule::counts_height;  // moves from any clear position, not only standable ones
    });
    grid_on_plain_floor_ = grid_on_plain_floor(a);
    only_flies_ = only_flies(a);
    if (only_flies_) {
        // Every move pays for its 3D length.
        metric_ = Metric::Octile3D;
        rule_rate_ = terms.rate;
        // A climb gains a voxel of height for 1 / climb_speed: near shaped
        // blocks (ladders), the 3D rate must not exceed that (bind_bound).
        if (a.climb) flyer_climb_rate_ = 1.0 / a.climb_speed;
    } else {
        // Every move advances some voxels horizontally and costs at least the
        // cheapest per-voxel rate of the rules the agent has. Height is not in
        // that bound (falls lose it almost for free), but a goal above costs
        // its climb: each move costs at least rate * its horizontal distance
        // + climb * its gain, which keeps the bound consistent.
        rule_rate_ = std::isfinite(terms.rate) ? terms.rate : 0.0;
        metric_ = terms.diagonal ? Metric::Octile2D : Metric::Manhattan2D;
        rule_climb_rate_ = std::isfinite(terms.climb) ? terms.climb : 0.0;
    }
    h16_ = a.height16();
    body_ = a.body_voxels();
    step16_ = a.step16();
    jump16_ = a.jump16();
    always_shaped_ = step16_ >= 16;
    bind_bound();
}

void MovementModel::bind_bound() {
    // Near shaped blocks height can be gained at walking cost (stairs, slab
    // steps) or with no horizontal progress at all (ladders): the climb term
    // of the bound is 0 there. Per snapshot, so a world without shaped
    // blocks keeps the sharper bound.
    const bool shaped = always_shaped_ || field_->shaped_chunk_count() > 0;
    if (snapshot_multipliers_ && field_->multipliers() != floor_multipliers_) fill_step_tables(field_->multipliers());
    const double jf = field_->block_traits() ? field_->block_traits()->least_jump_factor() : 1.0;
    any_stuck_ = field_->block_traits() && field_->block_traits()->any_stuck();
    tables_.any_stuck = any_stuck_;
    // A body sinks in a cobweb at inside_vspeed x its walking speed (measured:
    // 0.018 x 4.3 voxels/s); never cheaper than swimming, for the bound.
    const double vs = field_->block_traits() ? field_->block_traits()->least_inside_vspeed() : 1.0;
    inside_vstep_ = std::max(1.0 / (vs * profile_->walk_speed), tables_.swim_axis);
    low_jump16_ = int(std::floor(profile_->jump_height * jf * 16.0 + 1e-9));
    climb_rate_ = shaped ? 0.0 : rule_climb_rate_;
    // Likewise a pure flyer that may climb: its 3D rate covers climbs only
    // where ladders can be (a rate of 1 / climb_speed everywhere made Moving
    // AI 3D queries of a flyer with climb on 15x slower).
    h_scale_ = shaped ? std::min(rule_rate_, flyer_climb_rate_) : rule_rate_;
}

}  // namespace voxnav
