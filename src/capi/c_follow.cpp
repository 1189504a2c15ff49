// SPDX-License-Identifier: MIT
// The C API's follower (voxnav.h: voxnav_follower_*), over voxnav::Follower.
#include "c_handles.hpp"

#include "voxnav/route/follower.hpp"

#include <chrono>
#include <cmath>

struct voxnav_follower {
    std::unique_ptr<voxnav::Follower> follower;
    // The `now` of the last update that succeeded: the clock may not go
    // back before it (voxnav::Follower's waits, re-plan intervals and stuck
    // checks all read differences of `now`).
    double last_now = 0.0;
    bool updated = false;
};

struct voxnav_planning_budget {
    std::unique_ptr<voxnav::PlanningBudget> budget;
};

using namespace voxnav;
using namespace voxnav::capi;

voxnav_status voxnav_follower_create(voxnav_navigator* nav, const voxnav_query* query, voxnav_follower** out) {
    return guard(__func__, [&] {
        Navigator& n = nav_of(nav);
        const voxnav_query& q = need(query, "query");
        voxnav_follower*& result = need(out, "out");
        FollowerSettings settings;
        settings.query = options_of(q);
        auto f = std::make_unique<voxnav_follower>();
        f->follower = std::make_unique<Follower>(n, settings);
        f->follower->set_goal(goal_of(q));
        result = f.release();
        return VOXNAV_OK;
    });
}

void voxnav_follower_destroy(voxnav_follower* follower) { delete follower; }

voxnav_status voxnav_follower_update(voxnav_follower* follower, const voxnav_body* body, double now, voxnav_steering* out) {
    return guard(__func__, [&] {
        voxnav_follower& handle = need(follower, "follower");
        Follower& f = *handle.follower;
        const voxnav_body& b = need(body, "body");
        voxnav_steering& o = need(out, "out");
        BodyState state;
        for (int i = 0; i < 3; ++i) {
            state.feet[i] = coordinate_arg(b.feet[i], "body.feet[" + std::to_string(i) + "]");
            state.velocity[i] = number_arg(b.velocity[i], "body.velocity[" + std::to_string(i) + "]", -HUGE_VAL);
        }
        number_arg(now, "now", -HUGE_VAL);
        if (handle.updated && now < handle.last_now)
            throw ArgumentError("now (" + number_text(now) + " s) is before the previous update's now (" + number_text(handle.last_now) +
                                " s): the game's clock must never go back");
        state.on_ground = b.on_ground != 0;
        state.in_liquid = b.in_liquid != 0;
        state.on_climbable = b.on_climbable != 0;
        const Steering& s = f.update(state, now);
        handle.last_now = now, handle.updated = true;
        o = voxnav_steering{};
        o.status = int32_t(s.status);
        o.waypoint = uint32_t(s.waypoint);
        o.target[0] = s.target.x, o.target[1] = s.target.y, o.target[2] = s.target.z;
        o.heading[0] = s.heading.x, o.heading[1] = s.heading.y;
        o.speed = s.speed;
        o.jump = s.jump, o.sprint = s.sprint, o.climb = s.climb;
        auto put = [](const std::optional<Voxel>& v, int32_t& has, int32_t* xyz) {
            has = v.has_value();
            if (v) xyz[0] = v->x, xyz[1] = v->y, xyz[2] = v->z;
        };
        put(s.open, o.has_open, o.open);
        o.open_both_halves = s.open_both_halves;
        put(s.dig, o.has_dig, o.dig);
        put(s.place, o.has_place, o.place);
        put(s.close, o.has_close, o.close);
        o.replans = s.replans;
        return VOXNAV_OK;
    });
}

voxnav_status voxnav_follower_set_goal(voxnav_follower* follower, const voxnav_goal* goals, size_t count) {
    return guard(__func__, [&] {
        Follower& f = *need(follower, "follower").follower;
        if (count == 0) throw ArgumentError("count must be at least 1");
        voxnav_query q{};
        q.goals = &need(goals, "goals");
        q.goal_count = count;
        f.set_goal(goal_of(q));
        return VOXNAV_OK;
    });
}

voxnav_status voxnav_planning_budget_create(uint32_t expansions_per_tick, uint32_t least_per_plan, voxnav_planning_budget** out) {
    return guard(__func__, [&] {
        voxnav_planning_budget*& result = need(out, "out");
        if (expansions_per_tick == 0) throw ArgumentError("expansions_per_tick must be at least 1");
        auto b = std::make_unique<voxnav_planning_budget>();
        b->budget = std::make_unique<PlanningBudget>(expansions_per_tick, least_per_plan == 0 ? 256 : least_per_plan);
        result = b.release();
        return VOXNAV_OK;
    });
}

voxnav_status voxnav_planning_budget_create_us(uint32_t microseconds_per_tick, uint32_t least_us_per_plan, voxnav_planning_budget** out) {
    return guard(__func__, [&] {
        voxnav_planning_budget*& result = need(out, "out");
        if (microseconds_per_tick == 0) throw ArgumentError("microseconds_per_tick must be at least 1");
        auto b = std::make_unique<voxnav_planning_budget>();
        b->budget = std::make_unique<PlanningBudget>(std::chrono::microseconds(microseconds_per_tick),
                                                     std::chrono::microseconds(least_us_per_plan == 0 ? 50 : least_us_per_plan));
        result = b.release();
        return VOXNAV_OK;
    });
}

void voxnav_planning_budget_destroy(voxnav_planning_budget* budget) { delete budget; }

uint32_t voxnav_planning_budget_turned_away(const voxnav_planning_budget* budget) {
    return budget && budget->budget ? uint32_t(budget->budget->turned_away()) : 0;
}

voxnav_status voxnav_follower_set_budget(voxnav_follower* follower, voxnav_planning_budget* budget) {
    return guard(__func__, [&] {
        need(follower, "follower").follower->set_budget(budget ? budget->budget.get() : nullptr);
        return VOXNAV_OK;
    });
}

const char* voxnav_follower_why(const voxnav_follower* follower) {
    return follower && follower->follower ? follower->follower->steering().why.c_str() : "";
}

const char* voxnav_follow_status_name(int32_t status) {
    if (status < 0 || status > int32_t(FollowStatus::Failed)) return "unknown";
    return to_string(FollowStatus(status));
}
