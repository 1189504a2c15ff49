-- SPDX-License-Identifier: MIT
-- voxnav for Luanti: exact NPC routes from the voxnav engine (libvoxnav.so
-- in this folder, called through LuaJIT's FFI).
--
-- The mod needs the insecure environment for ffi: list it in
-- secure.trusted_mods. Without that (or without LuaJIT, or when the library
-- does not load) it logs one error saying why, and voxnav.find_path answers
-- nil with that reason: it never stops the server.
--
-- Files: nodes.lua maps node definitions to voxnav blocks, mirror.lua keeps
-- voxnav's copy of the loaded map, agents.lua turns agent defs into profiles,
-- api.lua is the Lua API, find_path.lua the minetest.find_path replacement,
-- walk.lua moves entities along routes (voxnav.walk, voxnav.follower).
--
-- Time on the game thread: no call of the mod does unbounded work. Reading
-- map blocks and deriving their navigation facts is spread over server
-- steps (about voxnav_step_budget_us, 6 ms, a step, by measured
-- estimates); a voxnav.find_path call reads and derives only what fits in
-- voxnav_call_budget_us (3 ms) and searches only as many nodes as fit in
-- voxnav_search_budget_us (3 ms, at most voxnav_max_nodes_per_call; a
-- longer search answers "partial"), and answers nil with info.status
-- "not_ready" when what it needs is not ready yet: ask again in a step or
-- two. Register agents from your mod's main chunk: a body
-- shape first seen once the map is mirrored costs one server step of about
-- 12-20 us per mirrored map block (agents.lua).

local modpath = minetest.get_modpath("voxnav")

voxnav = {available = false}

local function disable(reason)
	minetest.log("error", "[voxnav] " .. reason)
	voxnav.error = reason
	voxnav.register_agent = function() return false, reason end
	voxnav.find_path = function() return nil, {status = "failed", error = reason} end
	voxnav.follower = function() return nil, reason end
	voxnav.walk = function() return nil, reason end
	voxnav.stats = function() return {error = reason} end
end

-- Must be called from this main chunk, before anything else can run.
local ie = minetest.request_insecure_environment()
if not ie then
	disable("voxnav is not a trusted mod, so it cannot load its library: add 'voxnav' to " ..
		"secure.trusted_mods in minetest.conf (e.g. secure.trusted_mods = voxnav); until then " ..
		"voxnav.find_path returns nil and minetest.find_path is left alone")
	return
end
local ok, ffi = pcall(ie.require, "ffi")
if not ok or type(ffi) ~= "table" then
	disable("LuaJIT's ffi is not available (the server is not built with LuaJIT): " .. tostring(ffi))
	return
end
local cdef = dofile(modpath .. "/voxnav_cdef.lua")
local cdef_ok, cdef_err = pcall(ffi.cdef, cdef)
if not cdef_ok then
	disable("ffi.cdef of voxnav.h failed: " .. tostring(cdef_err))
	return
end
local lib_path = modpath .. "/libvoxnav.so"
local lib_ok, lib = pcall(ffi.load, lib_path)
if not lib_ok then
	disable("could not load " .. lib_path .. ": " .. tostring(lib) ..
		" (build voxnav, then use the folder build/luanti/voxnav it makes)")
	return
end

local function setting_int(name, default)
	return tonumber(minetest.settings:get(name)) or default
end

-- What the mod's files share; nothing of it is global.
local ctx = {
	ffi = ffi,
	lib = lib,
	settings = {
		replace_find_path = minetest.settings:get_bool("voxnav_replace_find_path", false),
		query_margin = setting_int("voxnav_query_margin", 16),
		max_blocks_per_query = setting_int("voxnav_max_blocks_per_query", 4096),
		unload_checks_per_step = setting_int("voxnav_unload_checks_per_step", 64),
		liquid_refresh_per_step = setting_int("voxnav_liquid_refresh_per_step", 2),
		generated_columns_per_step = math.max(1, setting_int("voxnav_generated_columns_per_step", 8)),
		step_budget_us = math.max(0, setting_int("voxnav_step_budget_us", 6000)),
		call_budget_us = math.max(0, setting_int("voxnav_call_budget_us", 3000)),
		max_nodes_per_call = math.max(1, setting_int("voxnav_max_nodes_per_call", 15000)),
		search_budget_us = math.max(0, setting_int("voxnav_search_budget_us", 3000)),
		premirror_radius = setting_int("voxnav_premirror_radius", 2),
	},
}

-- The last error of a library call, as a Lua string.
function ctx.last_error()
	return ffi.string(lib.voxnav_last_error())
end

local world = ffi.new("voxnav_world*[1]")
if lib.voxnav_world_create(world) ~= 0 then
	disable("voxnav_world_create failed: " .. ctx.last_error())
	return
end
ctx.world = ffi.gc(world[0], lib.voxnav_world_destroy)

dofile(modpath .. "/nodes.lua")(ctx)
dofile(modpath .. "/mirror.lua")(ctx)
dofile(modpath .. "/agents.lua")(ctx)
dofile(modpath .. "/api.lua")(ctx)
dofile(modpath .. "/find_path.lua")(ctx)
dofile(modpath .. "/walk.lua")(ctx)

voxnav.available = true
voxnav.version = ffi.string(lib.voxnav_version())
minetest.log("action", "[voxnav] " .. voxnav.version .. " loaded from " .. lib_path ..
	(ctx.settings.replace_find_path and "; minetest.find_path answers from voxnav" or ""))
