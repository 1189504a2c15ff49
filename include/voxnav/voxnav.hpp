/// @file voxnav.hpp
/// @brief Everything a game needs: worlds, agent profiles, navigators, routes.
#pragma once

#include "voxnav/agent/movement.hpp"
#include "voxnav/facts/nav_field.hpp"
#include "voxnav/agent/profile.hpp"
#include "voxnav/route/goal.hpp"
#include "voxnav/route/navigator.hpp"
#include "voxnav/route/query_costs.hpp"
#include "voxnav/route/reach.hpp"
#include "voxnav/route/route.hpp"
#include "voxnav/route/route_service.hpp"
#include "voxnav/route/trace.hpp"
#include "voxnav/search/astar.hpp"
#include "voxnav/search/status.hpp"
#include "voxnav/world/block.hpp"
#include "voxnav/world/box.hpp"
#include "voxnav/io/formats.hpp"
#include "voxnav/io/imports.hpp"
#include "voxnav/world/world.hpp"
