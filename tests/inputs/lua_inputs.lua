-- SPDX-License-Identifier: MIT
-- The Luanti mod's number checks under LuaJIT, with the real libvoxnav.so
-- through FFI: the mod's own agents.lua, api.lua, find_path.lua and walk.lua
-- run with a small stand-in for the engine (no server), on a world of one
-- stone floor. Every bad number must come back as nil (or a "failed"
-- steering) and one sentence naming the argument, never reach the
-- library's int32 fields (LuaJIT's ffi turns NaN and 2^31 into -2^31).
--   luajit lua_inputs.lua <build>/luanti/voxnav
-- Exit 0: passed; 1: a check failed.
local mod = assert(arg[1], "usage: luajit lua_inputs.lua <build>/luanti/voxnav")
local ffi = require("ffi")

local failures, checks = 0, 0
local function expect(ok, what)
	checks = checks + 1
	if not ok then
		failures = failures + 1
		print("FAIL  " .. what)
	end
end
-- `err` holds `want` (plain text).
local function says(err, want, what)
	expect(type(err) == "string" and err:find(want, 1, true) ~= nil,
		what .. ": wanted \"" .. want .. "\", got " .. (type(err) == "string" and "\"" .. err .. "\"" or tostring(err)))
end

-- --- the engine, as far as these files use it ---------------------------------
local us = 0
minetest = {
	get_us_time = function() us = us + 10; return us end,
	settings = {get = function() return nil end, get_bool = function(_, _, d) return d end},
	register_globalstep = function() end,
	get_node_or_nil = function() return {name = "default:stone"} end,
	registered_nodes = {},
	hash_node_position = function(p) return p.x * 65536 * 65536 + p.y * 65536 + p.z end,
	log = function() end,
}
vector = {new = function(x, y, z) return {x = x, y = y, z = z} end}
voxnav = {}

ffi.cdef(dofile(mod .. "/voxnav_cdef.lua"))
local lib = ffi.load(mod .. "/libvoxnav.so")
local ctx = {
	ffi = ffi,
	lib = lib,
	settings = {replace_find_path = false, query_margin = 16, max_blocks_per_query = 4096, call_budget_us = 3000,
		max_nodes_per_call = 15000, search_budget_us = 3000, step_budget_us = 6000},
}
function ctx.last_error() return ffi.string(lib.voxnav_last_error()) end
local world = ffi.new("voxnav_world*[1]")
assert(lib.voxnav_world_create(world) == 0)
ctx.world = ffi.gc(world[0], lib.voxnav_world_destroy)
-- A stone floor at y 0 in chunk (0, 0, 0): nodes (0..15, 1, 0..15) stand on it.
local stone = ffi.new("uint16_t[1]")
assert(lib.voxnav_world_find_block(ctx.world, "stone", stone) == 0)
local ids = ffi.new("uint16_t[4096]")
for i = 0, 255 do ids[i] = stone[0] end
assert(lib.voxnav_world_set_chunk(ctx.world, 0, 0, 0, ids) == 0)
-- The mirror holds everything already: nothing to read, every edit published.
ctx.nodes = {ready = true, names = 0}
ctx.mirror = {
	ensure = function() return true, false end,
	sync = function() lib.voxnav_world_sync(ctx.world); return true, 0 end,
	is_mirrored = function() return true end,
	count = function() return 0 end,
	pending_columns = function() return 0 end,
	pending_blocks = function() return 0 end,
	unsynced = function() return 0 end,
	stats = {},
}
for _, f in ipairs({"agents.lua", "api.lua", "find_path.lua", "walk.lua"}) do dofile(mod .. "/" .. f)(ctx) end
lib.voxnav_world_sync(ctx.world)

local NaN, inf = 0 / 0, math.huge
local from, to = {x = 1, y = 1, z = 1}, {x = 12, y = 1, z = 9}

-- --- what works -------------------------------------------------------------------
local path, info = voxnav.find_path(from, to, "player", {wait = true})
expect(path ~= nil and info.status == "found", "a route on the floor: " .. tostring(info.status) .. " " .. tostring(info.error))
path, info = voxnav.find_path({x = 1.4, y = 0.6, z = 0.5}, {x = 11.6, y = 1.2, z = 9.49}, "player", {wait = true, max_nodes = 5000})
expect(path ~= nil and path[#path].x == 12 and path[#path].z == 9, "positions round to their node (node p spans p - 0.5 .. p + 0.5)")
path, info = voxnav.find_path(from, to, "player", {wait = true, goal = "near", radius = 2.5, weight = 1.5, max_cost = inf,
	avoid = {{pos = {x = 6, y = 1, z = 6}, radius = 1, cost = inf}}, prefer = {{minp = from, maxp = to, cost = 0.5}}})
expect(path ~= nil, "every option at a good value: " .. tostring(info.error))

-- --- the shared checks themselves -------------------------------------------------
local check = ctx.check
expect(type(check) == "table", "api.lua shares its checks as ctx.check")
check = check or {pos = function() end, count = function() end, finite = function() end, number = function() end}
local _, e = check.pos({x = NaN, y = 1, z = 1}, "p")
says(e, "p.x is NaN; a node coordinate must be a finite number within int32", "check.pos NaN")
_, e = check.pos({x = 1, y = 2 ^ 31, z = 1}, "p")
says(e, "p.y is 2147483648;", "check.pos 2^31")
expect(check.pos({x = -2 ^ 31, y = 2 ^ 31 - 1, z = 0}, "p") ~= nil, "check.pos takes the int32 limits")
_, e = check.count(1.5, "n", 0, 10)
says(e, "n is 1.5; it must be a whole number from 0 to 10", "check.count fraction")
_, e = check.finite(-inf, "r", 0)
says(e, "r is -inf; it must be a finite number >= 0", "check.finite -inf")
_, e = check.finite(nil, "goal.radius", 0)
says(e, "goal.radius is missing", "check.finite missing")
_, e = check.number("3", "w", "it must be a number", 0, 1)
says(e, "w must be a number, not a string", "check.number string")

-- --- voxnav.find_path ------------------------------------------------------------
local function refused(pos1, pos2, opts, want, what)
	local p, i = voxnav.find_path(pos1, pos2, "player", opts)
	expect(p == nil and i.status == "failed", what .. ": not refused (" .. tostring(i.status) .. ")")
	says(i.error, want, what)
end
refused(from, {x = NaN, y = 1, z = 9}, {wait = true}, "pos2.x is NaN; a node coordinate must be a finite number within int32", "pos2.x NaN")
refused({x = 1, y = inf, z = 1}, to, {wait = true}, "pos1.y is inf", "pos1.y inf")
refused(from, {x = 12, y = 1, z = -inf}, {wait = true}, "pos2.z is -inf", "pos2.z -inf")
refused(from, {x = 2 ^ 31, y = 1, z = 9}, {wait = true}, "pos2.x is 2147483648", "pos2.x 2^31")
refused(from, {x = 12, y = -2 ^ 31 - 1, z = 9}, {wait = true}, "pos2.y is -2147483649", "pos2.y below int32")
refused(from, {x = 12, z = 9}, {wait = true}, "pos2.y is missing", "pos2.y missing")
refused(from, to, {wait = true, max_nodes = NaN}, "opts.max_nodes is NaN", "max_nodes NaN")
refused(from, to, {wait = true, max_nodes = inf}, "opts.max_nodes is inf", "max_nodes inf")
refused(from, to, {wait = true, max_nodes = 2 ^ 32}, "opts.max_nodes is 4294967296; it must be a whole number", "max_nodes 2^32")
refused(from, to, {wait = true, max_nodes = 100.5}, "opts.max_nodes is 100.5; it must be a whole number", "max_nodes fraction")
refused(from, to, {wait = true, weight = NaN}, "opts.weight is NaN; it must be a finite number >= 1", "weight NaN")
refused(from, to, {wait = true, weight = inf}, "opts.weight is inf", "weight inf")
refused(from, to, {wait = true, max_cost = NaN}, "opts.max_cost is NaN", "max_cost NaN")
refused(from, to, {wait = true, goal = "near"}, "opts.radius is missing", "near without radius")
refused(from, to, {wait = true, goal = "near", radius = NaN}, "opts.radius is NaN", "near radius NaN")
refused(from, to, {wait = true, margin = NaN}, "opts.margin is NaN", "margin NaN")
refused(from, to, {wait = true, avoid = {{pos = from, radius = NaN}}}, "opts.avoid[1].radius is NaN", "zone radius NaN")
refused(from, to, {wait = true, avoid = {{pos = from}}}, "opts.avoid[1].radius is missing", "zone radius missing")
refused(from, to, {wait = true, avoid = {{pos = {x = 1, y = NaN, z = 1}, radius = 2}}}, "opts.avoid[1].pos.y is NaN", "zone centre NaN")
refused(from, to, {wait = true, avoid = {{pos = from, radius = 2, cost = NaN}}}, "opts.avoid[1].cost is NaN", "avoid cost NaN")
refused(from, to, {wait = true, prefer = {{minp = from, maxp = {x = 2 ^ 40, y = 1, z = 1}}}}, "opts.prefer[1].maxp.x is 1099511627776",
	"box corner beyond int32")
refused(from, to, {wait = true, prefer = {{minp = from, maxp = to, cost = 0}}}, "opts.prefer[1].cost is 0", "prefer cost 0")
-- A box reaching the last int32 node: its exclusive end stays an int32.
path, info = voxnav.find_path(from, to, "player", {wait = true, prefer = {{minp = from, maxp = {x = 2 ^ 31 - 1, y = 1, z = 1}, cost = 0.5}}})
expect(path ~= nil, "a box to the last int32 node: " .. tostring(info.error))

-- --- voxnav.reachable --------------------------------------------------------------
local area, ainfo = voxnav.reachable(from, "player", {max_cost = 2, wait = true})
expect(area ~= nil and #area > 1, "reachable at good values: " .. tostring(ainfo.error))
area, ainfo = voxnav.reachable(from, "player", {max_cost = inf, wait = true})
says(ainfo.error, "opts.max_cost is inf; it must be a finite number >= 0", "reachable max_cost inf")
area, ainfo = voxnav.reachable(from, "player", {wait = true})
says(ainfo.error, "opts.max_cost is missing", "reachable max_cost missing")
area, ainfo = voxnav.reachable(from, "player", {max_cost = 2, max_nodes = -1, wait = true})
says(ainfo.error, "opts.max_nodes is -1", "reachable max_nodes -1")
area, ainfo = voxnav.reachable({x = NaN, y = 1, z = 1}, "player", {max_cost = 2, wait = true})
says(ainfo.error, "pos.x is NaN", "reachable pos NaN")

-- --- minetest.find_path's replacement: nil for bad positions, defaults for bad numbers
expect(voxnav.find_path_compatible(from, {x = NaN, y = 1, z = 9}, 16, 1, 3) == nil, "find_path_compatible: NaN goal is nil")
local compat = voxnav.find_path_compatible(from, to, NaN, NaN, inf)
expect(compat ~= nil and #compat > 1, "find_path_compatible: NaN searchdistance and max_jump take the defaults")
compat = voxnav.find_path_compatible({x = 1.2, y = 1, z = 1}, {x = 12.3, y = 1, z = 9}, 16, 1, 3)
expect(compat ~= nil, "find_path_compatible: fractional positions (a fractional node budget is rounded down)")

-- --- followers ------------------------------------------------------------------------
local f, ferr = voxnav.follower("player", to)
expect(f ~= nil, "a follower: " .. tostring(ferr))
local body = {pos = {x = 1, y = 0.5, z = 1}, velocity = {x = 0, y = 0, z = 0}, on_ground = true}
local s = f:update(body, 5)
expect(s.status == "replanning" or s.status == "moving", "a follower's first update: " .. tostring(s.status) .. " " .. tostring(s.why))
s = f:update(body, 4.5)
expect(s.status == "failed", "a clock going back fails the update")
says(s.why, "now (4.5 s) is before the previous update's now (5 s)", "a clock going back")
s = f:update(body, 5)
expect(s.status == "replanning" or s.status == "moving", "the same time again is fine: " .. tostring(s.status))
s = f:update({pos = {x = NaN, y = 0.5, z = 1}, velocity = {x = 0, y = 0, z = 0}}, 5.1)
says(s.why, "body.pos.x is NaN", "follower body pos NaN")
s = f:update({pos = body.pos, velocity = {x = 0, y = inf, z = 0}}, 5.1)
says(s.why, "body.velocity.y is inf", "follower velocity inf")
s = f:update(body, NaN)
says(s.why, "now is NaN", "follower now NaN")
_, ferr = voxnav.follower("player", {pos = to})
says(ferr, "goal.radius is missing", "a near goal without its radius")
_, ferr = voxnav.follower("player", {pos = to, radius = NaN})
says(ferr, "goal.radius is NaN", "a near goal's radius NaN")
_, ferr = voxnav.follower("player", {pos = {x = 12, y = 1, z = 2 ^ 31}, radius = 2})
says(ferr, "goal.pos.z is 2147483648", "a near goal beyond int32")
_, ferr = voxnav.follower("player", {x = NaN, y = 1, z = 9})
says(ferr, "goal.x is NaN", "a goal position NaN")
_, ferr = voxnav.follower("player", to, {max_nodes = NaN})
says(ferr, "opts.max_nodes is NaN", "follower max_nodes NaN")
_, ferr = voxnav.follower("player", to, {max_nodes = 0})
says(ferr, "opts.max_nodes is 0; it must be a whole number from 1", "follower max_nodes 0")
_, ferr = voxnav.follower("player", to, {weight = NaN})
says(ferr, "opts.weight is NaN", "follower weight NaN")
local ok, serr = f:set_goal({pos = to, radius = -inf})
expect(ok == nil, "set_goal refuses a bad radius")
says(serr, "goal.radius is -inf", "set_goal radius -inf")
expect(f:set_goal({pos = to, radius = 2}) == true, "set_goal at good values")

print(string.format("lua inputs: %d of %d checks passed", checks - failures, checks))
os.exit(failures == 0 and 0 or 1)
