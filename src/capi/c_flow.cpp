// SPDX-License-Identifier: MIT
// The C API's flow fields (include/voxnav/voxnav.h): a FlowField behind a
// handle, computed by a navigator from a C query.
#include "capi/c_handles.hpp"

#include "voxnav/route/flow_field.hpp"

#include <cmath>

struct voxnav_flow_field {
    voxnav::FlowField field;
};

using namespace voxnav;
using namespace voxnav::capi;

extern "C" {

voxnav_status voxnav_flow_field_create(voxnav_flow_field** out) {
    return guard(__func__, [&] {
        need(out, "out");
        *out = new voxnav_flow_field();
        return VOXNAV_OK;
    });
}

void voxnav_flow_field_destroy(voxnav_flow_field* field) { delete field; }

voxnav_status voxnav_compute_flow_field(voxnav_navigator* nav, const voxnav_query* query, voxnav_flow_field* out) {
    return guard(__func__, [&] {
        Navigator& n = nav_of(nav);
        voxnav_flow_field& f = need(out, "out");
        const voxnav_query& q = need(query, "query");
        if (q.goal_count == 0) throw ArgumentError("a flow field needs goals (goal_count 0): it cannot flee");
        n.flow_field(goal_of(q), options_of(q), f.field);
        return VOXNAV_OK;
    });
}

int32_t voxnav_flow_field_status(const voxnav_flow_field* field) {
    return field ? int32_t(field->field.status()) : int32_t(VOXNAV_INVALID_GOAL);
}

size_t voxnav_flow_field_reachable(const voxnav_flow_field* field) { return field ? field->field.reachable() : 0; }

double voxnav_flow_field_cost(const voxnav_flow_field* field, int32_t x, int32_t y, int32_t z) {
    return field ? field->field.cost(Voxel{x, y, z}) : HUGE_VAL;
}

int32_t voxnav_flow_field_next(const voxnav_flow_field* field, const int32_t* feet, int32_t* next_out, int32_t* action_out) {
    if (!field || !feet) return 0;
    const auto step = field->field.next(Voxel{feet[0], feet[1], feet[2]});
    if (!step) return 0;
    if (next_out) next_out[0] = step->position.x, next_out[1] = step->position.y, next_out[2] = step->position.z;
    if (action_out) *action_out = int32_t(step->action);
    return 1;
}

const char* voxnav_flow_field_error(const voxnav_flow_field* field) { return field ? field->field.error().c_str() : ""; }

}  // extern "C"
