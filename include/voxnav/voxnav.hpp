/// @file voxnav.hpp
/// @brief Everything a game needs: worlds, agent profiles, navigators, routes.
///
/// Errors, everywhere in voxnav: each header says what its functions throw,
/// and they throw only these types: voxnav::LoadError (file readers, naming the
/// file and line or key), voxnav::ProfileError (agent profiles, naming the
/// key), std::invalid_argument (arguments a caller got wrong, such as invalid
/// QueryOptions or an empty goal), std::out_of_range (unknown ids given to
/// RouteService), std::length_error (more chunks than the facts can hold),
/// std::runtime_error (route and trace JSON, PNG files, the viewer), and
/// std::bad_alloc. Route queries never throw for positions: they answer with a
/// status and an error sentence.
#pragma once

#include "voxnav/agent/dig_moves.hpp"
#include "voxnav/agent/movement.hpp"
#include "voxnav/facts/nav_field.hpp"
#include "voxnav/agent/profile.hpp"
#include "voxnav/route/chase.hpp"
#include "voxnav/route/flow_field.hpp"
#include "voxnav/route/goal.hpp"
#include "voxnav/route/landmark_keeper.hpp"
#include "voxnav/route/landmarks.hpp"
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
