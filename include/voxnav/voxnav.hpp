// SPDX-License-Identifier: MIT
/// @file voxnav.hpp
/// @brief Everything a game calls: worlds and blocks, file readers, agent
/// profiles, navigators (with their shared facts, NavField, and landmark
/// settings), the route service, goals and query options, routes, reachable
/// areas and traces, flow fields and chases.
///
/// These headers are what voxnav installs; the pictures library's
/// (pictures/) are the CLI's own and are not installed. The search problems, the movement rules, the derived facts'
/// layout, the landmark tables and the dig rules are internal: they live
/// under src/ and are not installed (docs/layout.md). io/nbt.hpp, the NBT
/// reader, is public but not included here.
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

#include "voxnav/agent/action.hpp"
#include "voxnav/agent/profile.hpp"
#include "voxnav/facts/nav_field.hpp"
#include "voxnav/io/formats.hpp"
#include "voxnav/io/imports.hpp"
#include "voxnav/route/chase.hpp"
#include "voxnav/route/flow_field.hpp"
#include "voxnav/route/follower.hpp"
#include "voxnav/route/planning_budget.hpp"
#include "voxnav/route/goal.hpp"
#include "voxnav/route/landmark_settings.hpp"
#include "voxnav/route/navigator.hpp"
#include "voxnav/route/query_costs.hpp"
#include "voxnav/route/reach.hpp"
#include "voxnav/route/route.hpp"
#include "voxnav/route/route_service.hpp"
#include "voxnav/route/trace.hpp"
#include "voxnav/search/status.hpp"
#include "voxnav/version.hpp"
#include "voxnav/world/block.hpp"
#include "voxnav/world/box.hpp"
#include "voxnav/world/transform.hpp"
#include "voxnav/world/world.hpp"
