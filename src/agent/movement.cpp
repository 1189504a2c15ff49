#include "voxnav/agent/movement.hpp"

#include <algorithm>
#include <limits>

namespace voxnav {

const char* to_string(Action a) {
    switch (a) {
        case Action::Start: return "start";
        case Action::Walk: return "walk";
        case Action::Jump: return "jump";
        case Action::Fall: return "fall";
        case Action::Swim: return "swim";
        case Action::Fly: return "fly";
    }
    return "start";
}

std::optional<Action> parse_action(std::string_view text) {
    for (Action a : {Action::Start, Action::Walk, Action::Jump, Action::Fall, Action::Swim, Action::Fly})
        if (text == to_string(a)) return a;
    return std::nullopt;
}

MovementModel::MovementModel(const NavSnapshot& field, const AgentProfile& profile)
    : MovementModel(field, profile, field.multipliers()) {}

MovementModel::MovementModel(const NavSnapshot& field, const AgentProfile& profile, const std::array<double, 16>& m)
    : field_(&field), profile_(profile) {
    profile_.validate();
    waypoint_mask_ = profile_.fly ? std::uint8_t(NavSnapshot::Clear | NavSnapshot::Node) : NavSnapshot::StandableNode;
    reach_side_ = 1;  // leaps, the only longer sideways reads, go through the links
    reach_up_ = profile_.jump ? std::max(1, profile_.jump_height) : 1;
    const double sqrt2 = std::sqrt(2.0);
    for (int i = 0; i < 16; ++i) {
        step_[i] = m[i] / profile_.walk_speed;
        walk_axis_[i] = step_[i];
        walk_diag_[i] = sqrt2 * step_[i];
    }
    swim_axis_ = 1.0 / profile_.swim_speed;
    swim_diag_ = sqrt2 / profile_.swim_speed;
    inv_gravity2_ = 2.0 / profile_.gravity;
    leap_air_ = 2.0 * std::sqrt(2.0 / profile_.gravity);

    int n = 0;
    for (int b = -1; b <= 1; ++b)
        for (int c = -1; c <= 1; ++c)
            for (int a = -1; a <= 1; ++a) {
                if (a == 0 && b == 0 && c == 0) continue;
                fly_dir_[n] = {a, b, c};
                fly_local_[n] = a + 16 * c + 256 * b;
                fly_cost_[n] = std::sqrt(double(a * a + b * b + c * c)) / profile_.fly_speed;
                ++n;
            }
    // A fly move needs every position of its bounding box clear.
    for (int i = 0; i < 26; ++i) {
        fly_need_[i] = 0;
        const Voxel v = fly_dir_[i];
        for (int j = 0; j < 26; ++j) {
            const Voxel u = fly_dir_[j];
            bool inside = true;
            for (int k = 0; k < 3; ++k) inside &= (u[k] == 0 || u[k] == v[k]);
            if (inside) fly_need_[i] |= 1u << j;
        }
    }

    const bool ground = profile_.walk || profile_.jump || profile_.fall || profile_.swim;
    if (profile_.fly && !ground) {
        metric_ = Metric::Octile3D;
        h_scale_ = 1.0 / profile_.fly_speed;
    } else {
        // Every move advances some voxels horizontally and costs at least the
        // cheapest per-voxel rate of the capabilities the agent has.
        double rate = std::numeric_limits<double>::infinity();
        if (profile_.walk || profile_.jump || profile_.fall) rate = std::min(rate, 1.0 / profile_.walk_speed);
        if (profile_.swim) rate = std::min(rate, 1.0 / profile_.swim_speed);
        if (profile_.fly) rate = std::min(rate, 1.0 / profile_.fly_speed);
        h_scale_ = std::isfinite(rate) ? rate : 0.0;
        metric_ = (profile_.diagonal || profile_.fly) ? Metric::Octile2D : Metric::Manhattan2D;
        // Height is not in that bound (falls lose it almost for free), but a
        // goal above costs its climb: per voxel gained, a jump up k voxels
        // pays sqrt(2k / gravity) on top of its one-voxel walk (least per
        // voxel at k = jump_height), a swim up 1 / swim_speed with no
        // horizontal progress, a fly move (a, 1, c) |(a, 1, c)| / fly_speed
        // against |(a, c)| / fly_speed of horizontal bound (least for a 3D
        // diagonal). Each move then costs at least rate * its horizontal
        // distance + climb * its gain, which keeps the bound consistent.
        double climb = std::numeric_limits<double>::infinity();
        if (profile_.jump && profile_.jump_height >= 1)
            climb = std::min(climb, std::sqrt(2.0 / (profile_.gravity * double(profile_.jump_height))));
        if (profile_.swim) climb = std::min(climb, 1.0 / profile_.swim_speed);
        if (profile_.fly) climb = std::min(climb, (std::sqrt(3.0) - std::sqrt(2.0)) / profile_.fly_speed);
        climb_rate_ = std::isfinite(climb) ? climb : 0.0;
    }
}

}  // namespace voxnav
