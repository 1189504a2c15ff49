// SPDX-License-Identifier: MIT
// The C API's handles and its one error path (internal to libvoxnav).
// Every exported function runs its body through guard(), which turns each
// exception into a status and a per-thread error sentence: no C++ exception
// crosses voxnav.h.
#pragma once

#include "voxnav/voxnav.h"

#include "voxnav/agent/profile.hpp"
#include "voxnav/facts/nav_field.hpp"
#include "voxnav/route/navigator.hpp"
#include "voxnav/route/query_costs.hpp"
#include "voxnav/route/route.hpp"
#include "voxnav/world/world.hpp"

#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

namespace voxnav::capi {

/// The World behind a voxnav_world handle, shared with its fields and
/// navigators so that destroying the handle first is safe.
struct WorldHolder {
    WorldHolder();
    ~WorldHolder();
    World world;
    /// voxnav_world_minecraft_block's state -> id caches, one per table
    /// used; each keeps its table alive.
    struct MinecraftNames;
    std::unique_ptr<MinecraftNames> minecraft;
    /// Fields made from this world (voxnav_field_create and the navigators'
    /// shared fields): voxnav_world_sync publishes to each one still alive.
    std::vector<std::weak_ptr<NavField>> fields;
    void remember(const std::shared_ptr<NavField>& f);
};

/// Thrown for a bad argument; guard() maps it to VOXNAV_ERR_ARGUMENT.
struct ArgumentError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};
/// A block definition the registry refused; guard() maps it to VOXNAV_ERR_BLOCK.
struct BlockError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

/// A call that does not fit the handle's state; guard() maps it to VOXNAV_ERR_STATE.
struct StateError : std::logic_error {
    using std::logic_error::logic_error;
};

void set_last_error(const std::string& text);

/// Runs `body` (returning voxnav_status), mapping exceptions to statuses.
template <class Body>
voxnav_status guard(const char* function, Body&& body) noexcept {
    try {
        return body();
    } catch (const ProfileError& e) {
        set_last_error(std::string(function) + ": " + e.what());
        return VOXNAV_ERR_PROFILE;
    } catch (const std::bad_alloc&) {
        set_last_error(std::string(function) + ": out of memory");
        return VOXNAV_ERR_OUT_OF_MEMORY;
    } catch (const BlockError& e) {
        set_last_error(std::string(function) + ": " + e.what());
        return VOXNAV_ERR_BLOCK;
    } catch (const StateError& e) {
        set_last_error(std::string(function) + ": " + e.what());
        return VOXNAV_ERR_STATE;
    } catch (const ArgumentError& e) {
        set_last_error(std::string(function) + ": " + e.what());
        return VOXNAV_ERR_ARGUMENT;
    } catch (const std::invalid_argument& e) {
        set_last_error(std::string(function) + ": " + e.what());
        return VOXNAV_ERR_ARGUMENT;
    } catch (const std::exception& e) {
        set_last_error(std::string(function) + ": " + e.what());
        return VOXNAV_ERR_INTERNAL;
    } catch (...) {
        set_last_error(std::string(function) + ": unknown failure");
        return VOXNAV_ERR_INTERNAL;
    }
}

/// The navigator behind a handle (ArgumentError for NULL).
Navigator& nav_of(voxnav_navigator* n);
/// A C query's goal and options (ArgumentError naming the bad field).
Goal goal_of(const voxnav_query& q);
QueryOptions options_of(const voxnav_query& q);
/// C zones (ArgumentError naming `what` and the bad zone).
std::vector<CostZone> zones_of(const voxnav_zone* zones, std::size_t count, const char* what);
/// Three int32 as a voxel (ArgumentError "<what> is NULL").
inline Voxel voxel_arg(const int32_t* v, const char* what) {
    if (!v) throw ArgumentError(std::string(what) + " is NULL");
    return {v[0], v[1], v[2]};
}
/// Three doubles, each a coordinate_arg (ArgumentError naming the bad one: "<what>[1] is NaN; ...").
glm::dvec3 point_arg(const double* p, const char* what);

// Numbers checked before the library uses them: one rule each, one sentence
// naming the argument (ArgumentError, so VOXNAV_ERR_ARGUMENT).
/// A double as messages write it: "NaN", "inf", "-inf" or its shortest exact value.
std::string number_text(double v);
/// A position or point that becomes voxels (voxel or game units): finite and
/// within int32, [-2^31, 2^31). "<what> is NaN; a coordinate must be a finite number within int32".
double coordinate_arg(double v, const std::string& what);
/// A number that is not NaN, at least `least` (above it when `open`), and
/// finite unless `infinity_ok`: "<what> is NaN; it must be a finite number >= 1".
double number_arg(double v, const std::string& what, double least, bool open = false, bool infinity_ok = false);


/// Throws ArgumentError("<what> is NULL") for a null pointer.
template <class T>
T& need(T* p, const char* what) {
    if (!p) throw ArgumentError(std::string(what) + " is NULL");
    return *p;
}

/// Throws ArgumentError("<what> is NULL") for a null string, else the string.
inline const char* need_text(const char* p, const char* what) {
    if (!p) throw ArgumentError(std::string(what) + " is NULL");
    return p;
}

/// The agent profile of a JSON argument (ProfileError names the key).
inline AgentProfile profile_arg(const char* json) {
    return parse_agent_profile(need_text(json, "profile_json"), "profile_json");
}

}  // namespace voxnav::capi

struct voxnav_world {
    std::shared_ptr<voxnav::capi::WorldHolder> holder;
};
struct voxnav_field {
    std::shared_ptr<voxnav::capi::WorldHolder> holder;
    std::shared_ptr<voxnav::NavField> field;
};
struct voxnav_navigator {
    std::shared_ptr<voxnav::capi::WorldHolder> holder;  // null for workers
    std::unique_ptr<voxnav::Navigator> nav;
    std::string check_why;  // the last voxnav_check_route's sentence (voxnav_route_check::why)
};
struct voxnav_route {
    voxnav::Route route;
    std::vector<voxnav_waypoint> waypoints;
    std::string error;  // the route's error, or the call's when it failed
    std::string json;
};

namespace voxnav::capi {
/// The waypoint at `position` (voxel units, or game units through the
/// transform) after syncing, into out[3]; ArgumentError with the reason.
void snap_into(Navigator& n, const glm::dvec3& position, bool game_units, int32_t* out);
/// Copies out.route into the C view (waypoints, error text).
void fill_route(voxnav_route& out);
/// A failed call's route: FAILED, holding the last error (NULL ignored).
void fail_route(voxnav_route* route);
}  // namespace voxnav::capi
