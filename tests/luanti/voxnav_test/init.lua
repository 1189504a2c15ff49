-- SPDX-License-Identifier: MIT
-- voxnav's test on a live Luanti server (tests/luanti/run_server_test.sh
-- starts it). Emerges a seeded map; as soon as mapgen is done, 200 walkers
-- ask for their first routes (voxnav and the engine's own
-- minetest.find_path); routes seeded pairs on natural terrain with both,
-- checks every voxnav route against the live map, routes through a built
-- course and its door lanes (every door family of minetest_game, both
-- hinges, open and closed), edits the map between queries (set_node,
-- swap_node, doors.door_toggle, door objects, VoxelManip writes), tries bad
-- input, writes voxnav_test_results.json into the world folder, and exits
-- the server with status 1 (a Lua error) on any failure, 0 otherwise.
--
-- Queries are asked as a mob asks them: a call that answers "not_ready"
-- (voxnav reads or derives what it needs in the next server steps) is asked
-- again on the next step; the test runs in a coroutine resumed each step.
-- Call times are recorded in the results (call_us_max and so on), never
-- asserted: this is a test, not a benchmark.
--
-- Settings: voxnav_test_pairs (100), voxnav_test_seed (7),
-- voxnav_test_mode = test | bench | walk | untrusted | docs (bench: no course
-- checks, a table; walk: entities follow routes with voxnav.walk, walk.lua;
-- docs: the README's mod and docs/luanti.md's Lua API block run on a small
-- built arena, docs.lua).
local modpath = minetest.get_modpath("voxnav_test")
local check = dofile(modpath .. "/check.lua")
local course = dofile(modpath .. "/course.lua")
local walk = dofile(modpath .. "/walk.lua")
local docs = dofile(modpath .. "/docs.lua")

local mode = minetest.settings:get("voxnav_test_mode") or "test"
local n_pairs = tonumber(minetest.settings:get("voxnav_test_pairs")) or 100
local seed = tonumber(minetest.settings:get("voxnav_test_seed")) or 7
local engine_find_path = voxnav.engine_find_path or minetest.find_path

local failures = {}
local results = {mode = mode, seed = seed, failures = failures}
local function fail(what)
	failures[#failures + 1] = what
	minetest.log("error", "[voxnav_test] FAIL " .. what)
end
local function expect(cond, what)
	if not cond then fail(what) end
	return cond
end
local function p2s(p) return p and string.format("(%d,%d,%d)", p.x, p.y, p.z) or "nil" end

local PLAYER = {height = 1.77, width = 1, jump_height = 1.25, step_height = 0.6, max_fall = 3, opens = {"hand"}}
local KEYHOLDER = {height = 1.77, width = 1, jump_height = 1.25, step_height = 0.6, max_fall = 3, opens = {"hand", "owner"}}
-- A player-sized mob that opens no doors and jumps a little more than a
-- node: onto a door that is mapped one node tall.
local NOJUMPER = {height = 1.77, width = 1, jump_height = 1.125, step_height = 0.6, max_fall = 3, opens = {}}
-- The walkers that ask right after mapgen.
local WALKER = {height = 1.9, width = 1, jump_height = 1.1, step_height = 0.6, max_fall = 4, opens = {"hand"}}
local N_WALKERS = 200

-- Agents a mod would register from its main chunk (their facts then grow
-- with the mirror).
if voxnav.available then
	for name, def in pairs({keyholder = KEYHOLDER, nojumper = NOJUMPER, walker = WALKER}) do
		local ok, err = voxnav.register_agent(name, def)
		if not ok then minetest.log("error", "[voxnav_test] register_agent " .. name .. ": " .. tostring(err)) end
	end
end
local AREA = {minp = {x = -72, y = -24, z = -72}, maxp = {x = 72, y = 56, z = 72}}
local COURSE_ORIGIN = {x = 120, y = 80, z = 0}

local function finish()
	local path = minetest.get_worldpath() .. "/voxnav_test_results.json"
	results.stats = voxnav.stats()
	local f = io.open(path, "w")
	if f then
		f:write(minetest.write_json(results, true))
		f:close()
	end
	if #failures > 0 then
		-- A Lua error in a callback stops the server with exit status 1.
		error("[voxnav_test] " .. #failures .. " failures; first: " .. failures[1])
	end
	minetest.log("action", "[voxnav_test] all checks passed")
	minetest.request_shutdown()
end

-- A standing position on the surface of column (x, z): the node above the
-- highest walkable node, if that is open air (nil over water and trees).
local function surface(x, z)
	for y = AREA.maxp.y, AREA.minp.y + 1, -1 do
		local n = minetest.get_node({x = x, y = y, z = z})
		local d = minetest.registered_nodes[n.name]
		if not d then return nil end
		if d.liquidtype ~= "none" then return nil end
		if d.walkable then
			if not (d.groups and (d.groups.soil or d.groups.stone or d.groups.sand or d.groups.crumbly)) then return nil end
			local a1 = minetest.get_node({x = x, y = y + 1, z = z}).name
			local a2 = minetest.get_node({x = x, y = y + 2, z = z}).name
			if a1 == "air" and a2 == "air" then return {x = x, y = y + 1, z = z} end
			return nil
		end
	end
end

local function percentile(list, q)
	if #list == 0 then return 0 end
	local s = table.copy(list)
	table.sort(s)
	return s[math.max(1, math.ceil(q * #s))]
end

local function mean(l)
	local s = 0
	for _, v in ipairs(l) do s = s + v end
	return #l > 0 and s / #l or 0
end

-- The test runs in a coroutine (run_in_steps): wait_step() lets a server
-- step pass.
local function wait_step() coroutine.yield() end

-- Every voxnav.find_path call's time [us] (not_ready answers included).
local call_times = {}
local not_ready_calls = 0

-- voxnav.find_path as a mob that wants the latest map asks it: again on the
-- next server step while it answers "not_ready" or a route on facts that do
-- not see this step's edits yet (info.stale_blocks), at most 400 steps.
-- Returns path, info and the number of calls.
local stale_answers = 0
local function find(pos1, pos2, agent, opts)
	local info
	for calls = 1, 400 do
		local path
		path, info = voxnav.find_path(pos1, pos2, agent, opts)
		call_times[#call_times + 1] = info.time_us
		if info.time_us > (results.slowest_call and results.slowest_call.us or 0) then
			results.slowest_call = {us = info.time_us, status = info.status, agent = type(agent) == "string" and agent or "def",
				from = p2s(pos1), to = p2s(pos2), expanded = info.expanded, search_us = info.search_us, error = info.error}
		end
		if info.status ~= "not_ready" and not info.stale_blocks then return path, info, calls end
		if info.stale_blocks then
			stale_answers = stale_answers + 1
			results.stale_answers = results.stale_answers or {}
			table.insert(results.stale_answers, string.format("%s %s->%s: %d changed blocks not derived in the call",
				type(agent) == "string" and agent or "def", p2s(pos1), p2s(pos2), info.stale_blocks))
		else
			not_ready_calls = not_ready_calls + 1
		end
		wait_step()
	end
	return nil, {status = "not_ready", error = "still not ready after 400 server steps: " .. tostring(info.error)}, 400
end

-- Natural terrain: seeded pairs, voxnav and the engine side by side.
local function terrain_pairs()
	local rng = PcgRandom(seed)
	local pairs_done, v_found, e_found, both = 0, 0, 0, 0
	local v_times, e_times, v_len, e_len, v_dist, e_dist = {}, {}, {}, {}, {}, {}
	local function length(path)
		local d = 0
		for i = 2, #path do d = d + vector.distance(path[i - 1], path[i]) end
		return d
	end
	local v_only, e_only, v_partial = 0, 0, 0
	local tries = 0
	while pairs_done < n_pairs and tries < n_pairs * 50 do
		tries = tries + 1
		local a = surface(rng:next(AREA.minp.x + 8, AREA.maxp.x - 8), rng:next(AREA.minp.z + 8, AREA.maxp.z - 8))
		local b = a and surface(a.x + rng:next(-40, 40), a.z + rng:next(-40, 40))
		if a and b and b.x > AREA.minp.x + 2 and b.x < AREA.maxp.x - 2 and b.z > AREA.minp.z + 2 and b.z < AREA.maxp.z - 2 then
			pairs_done = pairs_done + 1
			local first = #call_times + 1
			local path, info = find(a, b, "player", {max_nodes = 100000})
			for i = first, #call_times do v_times[#v_times + 1] = call_times[i] end
			expect(info.status == "found" or info.status == "no_path" or info.status == "partial",
				"pair " .. pairs_done .. " " .. p2s(a) .. "->" .. p2s(b) .. ": status " .. tostring(info.status) .. " " .. tostring(info.error))
			if info.status == "partial" then v_partial = v_partial + 1 end
			if path and info.status == "found" then
				v_found = v_found + 1
				v_len[#v_len + 1] = #path
				v_dist[#v_dist + 1] = length(path)
				local last = path[#path]
				expect(last.x == b.x and last.y == b.y and last.z == b.z,
					"pair " .. pairs_done .. ": the route ends at " .. p2s(last) .. ", not " .. p2s(b))
				local why = check.route(path, PLAYER)
				expect(why == nil, "pair " .. pairs_done .. " " .. p2s(a) .. "->" .. p2s(b) .. ": " .. tostring(why))
			end
			local t0 = minetest.get_us_time()
			local epath = engine_find_path(a, b, 32, 1, 3, "A*_noprefetch")
			e_times[#e_times + 1] = minetest.get_us_time() - t0
			if epath then
				e_found = e_found + 1
				e_len[#e_len + 1] = #epath
				e_dist[#e_dist + 1] = length(epath)
			end
			if epath and path and info.status == "found" then both = both + 1 end
			if path and info.status == "found" and not epath then v_only = v_only + 1 end
			if epath and not (path and info.status == "found") then e_only = e_only + 1 end
		end
	end
	results.terrain = {
		pairs = pairs_done, voxnav_found = v_found, engine_found = e_found, both_found = both,
		voxnav_only = v_only, engine_only = e_only,
		voxnav_us_p50 = percentile(v_times, 0.5), voxnav_us_p95 = percentile(v_times, 0.95), voxnav_us_mean = mean(v_times),
		engine_us_p50 = percentile(e_times, 0.5), engine_us_p95 = percentile(e_times, 0.95), engine_us_mean = mean(e_times),
		voxnav_mean_waypoints = mean(v_len), engine_mean_positions = mean(e_len),
		voxnav_mean_length = mean(v_dist), engine_mean_length = mean(e_dist),
		voxnav_us_max = percentile(v_times, 1), engine_us_max = percentile(e_times, 1),
		voxnav_calls = #v_times, voxnav_partial = v_partial,
	}
	expect(pairs_done >= n_pairs, "only " .. pairs_done .. " pairs found standing positions")
	expect(v_found >= n_pairs / 2, "voxnav found only " .. v_found .. " of " .. pairs_done .. " routes")
end

local function actions_of(path)
	local seen = {}
	for _, p in ipairs(path or {}) do
		seen[p.action] = (seen[p.action] or 0) + 1
		if p.open then seen.open = (seen.open or 0) + 1 end  -- moves that open a door first
	end
	return seen
end

local function passes(path, pos)
	for _, p in ipairs(path or {}) do
		if p.x == pos.x and p.y == pos.y and p.z == pos.z then return true end
	end
	return false
end

-- Every waypoint of `path` in the column of `pos` is walked to, not opened.
local function walked_through(path, pos, what)
	for _, p in ipairs(path) do
		if p.x == pos.x and p.z == pos.z then
			expect(p.action == "walk" and p.open == nil, "course: " .. what .. " is walked through, not opened (" .. p.action ..
				(p.open and ", opens " .. #p.open .. " nodes" or "") .. ")")
		end
	end
end

-- The built course: every feature, the steel door, and edits.
local function course_checks(c)
	local r = {}
	results.course = r
	-- A player opens wooden doors and gates but not the steel door.
	local path, info = find(c.start, c.before_steel, "player")
	r.player_to_ladder_top = {status = info.status, waypoints = path and #path, actions = actions_of(path), cost = info.cost,
		path = path and table.concat((function()
			local t = {}
			for i, p in ipairs(path) do t[i] = string.format("%d,%d,%d %s %.3f", p.x - c.start.x, p.y - c.start.y, p.z - c.start.z, p.action, p.feet_y - c.start.y) end
			return t
		end)(), "; ")}
	if expect(path and info.status == "found", "course: no route to the ladder's top: " .. tostring(info.status) .. " " .. tostring(info.error)) then
		expect(check.route(path, PLAYER) == nil, "course: " .. tostring(check.route(path, PLAYER)))
		local acts = actions_of(path)
		expect((acts.open or 0) >= 2, "course: the route opens the wooden door and the gate (opens: " .. tostring(acts.open) .. ")")
		expect(passes(path, c.wooden_door), "course: the route goes through the wooden door")
		expect(passes(path, c.gate), "course: the route goes through the gate (tall fences are not jumped)")
		expect((acts.swim or 0) >= 1, "course: the route swims the pool")
		expect((acts.climb or 0) >= 4, "course: the route climbs the ladder (climbs: " .. tostring(acts.climb) .. ")")
		-- On a bottom slab the feet stand half a node lower than on a full
		-- block: feet_y = y - 1 (y the node above the slab), not y - 0.5.
		local on_slab = false
		for _, p in ipairs(path) do
			if math.abs(p.feet_y - (p.y - 1)) < 1e-6 then on_slab = true end
		end
		expect(on_slab, "course: some waypoint stands on a slab (feet_y = y - 1)")
		-- Smoothed (voxnav_smooth_route): never more waypoints, never dearer,
		-- the same ends, and every door, climb and swim still there.
		local spath, sinfo = find(c.start, c.before_steel, "player", {smooth = true})
		r.smoothed = {status = sinfo.status, waypoints = spath and #spath, steps = sinfo.steps, cost = sinfo.cost}
		if expect(spath and sinfo.status == "found", "course: no smoothed route: " .. tostring(sinfo.status) .. " " .. tostring(sinfo.error)) then
			expect(#spath <= #path and sinfo.steps == #path, "course: smoothing made " .. #spath .. " waypoints of " .. #path)
			expect(sinfo.cost <= info.cost + 1e-9, "course: the smoothed route costs " .. sinfo.cost .. " > " .. info.cost)
			expect(spath[#spath].x == path[#path].x and spath[#spath].y == path[#path].y and spath[#spath].z == path[#path].z,
				"course: the smoothed route ends elsewhere")
			local sacts = actions_of(spath)
			expect((sacts.open or 0) == (acts.open or 0) and (sacts.climb or 0) == (acts.climb or 0),
				"course: smoothing changed the opens or climbs")
		end
	end
	-- What a player reaches from the start in 4 s (voxnav_reachable): the
	-- start first at cost 0, costs ascending, all within 4 s.
	local area, ainfo = voxnav.reachable(c.start, "player", {max_cost = 4, wait = true})
	r.reachable_4s = {status = ainfo.status, count = ainfo.count, error = ainfo.error}
	if expect(area and ainfo.status == "found", "course: reachable: " .. tostring(ainfo.status) .. " " .. tostring(ainfo.error)) then
		expect(#area == ainfo.count and #area > 10, "course: reachable in 4 s: only " .. #area .. " nodes")
		expect(area[1].cost == 0, "course: the reachable area does not start at cost 0")
		local seen, sorted = {}, true
		for i, a in ipairs(area) do
			if a.cost > 4 + 1e-9 or (i > 1 and a.cost < area[i - 1].cost) then sorted = false end
			seen[a.x .. "," .. a.y .. "," .. a.z] = a.cost
		end
		expect(sorted, "course: the reachable area is not cheapest first within 4 s")
		expect(seen[c.start.x .. "," .. c.start.y .. "," .. c.start.z] == 0 or area[1].cost == 0, "course: the start is not in its area")
	end
	local none, ninfo = voxnav.reachable(c.start, "player", {})
	expect(none == nil and ninfo.status == "failed" and ninfo.error:find("max_cost"), "course: reachable without max_cost: " .. tostring(ninfo.error))
	path, info = find(c.start, c.goal, "player")
	r.player_past_steel_door = {status = info.status}
	expect(path == nil and info.status == "no_path", "course: a player passes the steel door (" .. tostring(info.status) .. ")")
	local reg_ok, reg_err = voxnav.register_agent("keyholder", KEYHOLDER)
	expect(reg_ok, "register_agent keyholder: " .. tostring(reg_err))
	path, info = find(c.start, c.goal, "keyholder")
	r.keyholder_to_goal = {status = info.status, waypoints = path and #path, actions = actions_of(path)}
	if expect(path and info.status == "found", "course: the steel door's owner gets no route: " .. tostring(info.status) .. " " .. tostring(info.error)) then
		expect(passes(path, c.steel_door), "course: the owner's route opens the steel door")
		expect(check.route(path, KEYHOLDER) == nil, "course (owner): " .. tostring(check.route(path, KEYHOLDER)))
	end
	-- The engine's own on the course, for the record.
	local epath = engine_find_path(c.start, c.before_steel, 64, 1, 3, "A*_noprefetch")
	r.engine_to_ladder_top = epath and #epath or false

	-- Edits: wall up the wooden door, the next query sees it; dig it out, the route is back.
	minetest.set_node(c.wooden_door, {name = "default:stone"})
	minetest.set_node({x = c.wooden_door.x, y = c.wooden_door.y + 1, z = c.wooden_door.z}, {name = "default:stone"})
	path, info = find(c.start, c.before_steel, "player")
	r.after_walling = info.status
	expect(path == nil and info.status == "no_path", "course: after set_node walls the door, a route is still found (" .. tostring(info.status) .. ")")
	minetest.remove_node(c.wooden_door)
	minetest.remove_node({x = c.wooden_door.x, y = c.wooden_door.y + 1, z = c.wooden_door.z})
	path, info = find(c.start, c.before_steel, "player")
	r.after_digging = info.status
	if expect(path and info.status == "found", "course: after remove_node opens the wall, no route (" .. tostring(info.status) .. ")") then
		expect(passes(path, c.wooden_door), "course: the route uses the dug opening")
		walked_through(path, c.wooden_door, "the dug opening")
	end
	-- A door opened in the game (swap_node, as doors.door_toggle does) is walked through.
	minetest.set_node(c.wooden_door, {name = "doors:door_wood_a", param2 = 1})
	minetest.swap_node(c.wooden_door, {name = "doors:door_wood_c", param2 = 1})
	path, info = find(c.start, c.before_steel, "player")
	if expect(path, "course: no route through the opened door") then walked_through(path, c.wooden_door, "the open door") end

	-- Goal kinds and zones.
	path, info = find(c.start, c.gate, "player", {goal = "near", radius = 2})
	if expect(path, "course: goal near: " .. tostring(info.error)) then
		local e = path[#path]
		expect(vector.distance(e, c.gate) <= 2 + 1e-9, "course: goal near ends " .. vector.distance(e, c.gate) .. " away")
	end
	local col = {x = c.start.x + 12, y = 0, z = c.start.z}
	path, info = find(c.start, col, "player", {goal = "xz"})
	if expect(path, "course: goal xz: " .. tostring(info.status) .. " " .. tostring(info.error)) then
		expect(path[#path].x == col.x and path[#path].z == col.z, "course: goal xz ends outside the column")
	end
	path, info = find(c.start, c.gate, "player", {goal = "touch"})
	if expect(path, "course: goal touch: " .. tostring(info.error)) then
		local e = path[#path]
		local d = math.abs(e.x - c.gate.x) + math.abs(e.z - c.gate.z) + math.abs(e.y - c.gate.y)
		expect(d <= 2, "course: goal touch ends " .. p2s(e) .. ", not beside the gate " .. p2s(c.gate))
	end
	-- Forbid the corridor's middle lane past the door: the route keeps out.
	local lane = {minp = {x = c.start.x + 6, y = c.start.y, z = c.start.z}, maxp = {x = c.start.x + 7, y = c.start.y, z = c.start.z}}
	path, info = find(c.start, c.before_steel, "player", {avoid = {lane}})
	if expect(path, "course: no route around an avoided zone: " .. tostring(info.status)) then
		for _, p in ipairs(path) do
			expect(not (p.y == lane.minp.y and p.z == lane.minp.z and p.x >= lane.minp.x and p.x <= lane.maxp.x),
				"course: the route enters the avoided zone at " .. p2s(p))
		end
	end
	local cheap, cinfo = find(c.start, c.before_steel, "player", {prefer = {{pos = c.start, radius = 40, cost = 0.5}}})
	expect(cheap and cinfo.cost < info.cost, "course: a prefer zone over the whole course makes the route cheaper")
end


local DEFS = {player = PLAYER, keyholder = KEYHOLDER, nojumper = NOJUMPER}

local function path_text(path)
	if not path then return "no path" end
	local t = {}
	for i, p in ipairs(path) do
		local opens = ""
		for _, o in ipairs(p.open or {}) do opens = opens .. string.format(" open %d,%d,%d", o.x, o.y, o.z) end
		t[i] = string.format("%d,%d,%d %s %.2f%s", p.x, p.y, p.z, p.action, p.feet_y, opens)
	end
	return table.concat(t, "; ")
end

-- The door lanes (course.lua): a door is two nodes tall, its doors:hidden
-- the upper half, closed or open as the door is, however it changed.
local function door_checks(c)
	local r = {lanes = {}, changes = {}}
	results.doors = r
	local lanes = {}
	for _, lane in ipairs(c.door_lanes) do lanes[lane.name] = lane end
	local function lane_query(lane, agent)
		local path, info = find(lane.start, lane.goal, agent)
		return path, info
	end
	-- No route from start to goal: the door is shut for this agent.
	local function blocked(lane, agent, when)
		local path, info = lane_query(lane, agent)
		expect(path == nil and info.status == "no_path", "doors (" .. when .. "): " .. agent .. " gets through the closed " ..
			lane.name .. " (" .. info.status .. "): " .. path_text(path))
		return info.status
	end
	-- A route through the door, walked at its node: through an open door
	-- ("walk") as it is, through a closed one the agent may open ("open")
	-- opening the door's node first (p.open lists it).
	local function crossed(lane, agent, when, action)
		local state = action == "walk" and "open" or "closed"
		local path, info = lane_query(lane, agent)
		if not expect(path and info.status == "found", "doors (" .. when .. "): " .. agent .. " gets no route through the " .. state ..
				" " .. lane.name .. " (" .. info.status .. " " .. tostring(info.error) .. ")") then
			return info.status
		end
		expect(passes(path, lane.door), "doors (" .. when .. "): " .. agent .. "'s route misses the " .. state .. " " .. lane.name ..
			": " .. path_text(path))
		for _, p in ipairs(path) do
			if p.x == lane.door.x and p.z == lane.door.z then
				local opens_door = false
				for _, o in ipairs(p.open or {}) do
					if o.x == lane.door.x and o.y == lane.door.y and o.z == lane.door.z then opens_door = true end
				end
				expect(p.action == "walk" and p.y == lane.door.y and opens_door == (action == "open"), "doors (" .. when .. "): " .. agent ..
					" does not " .. action .. " through the " .. state .. " " .. lane.name .. ": " .. path_text(path))
			end
		end
		local why = check.route(path, DEFS[agent])
		expect(why == nil, "doors (" .. when .. "): " .. lane.name .. " " .. agent .. ": " .. tostring(why))
		return info.status
	end
	local function walked(lane, agent, when) return crossed(lane, agent, when, "walk") end
	local function opened(lane, agent, when) return crossed(lane, agent, when, "open") end
	local function all_lanes(when)
		for _, lane in ipairs(c.door_lanes) do
			local lr = r.lanes[lane.name] or {}
			r.lanes[lane.name] = lr
			if lane.open then
				lr[when] = {nojumper = walked(lane, "nojumper", when), player = walked(lane, "player", when)}
			else
				lr[when] = {nojumper = blocked(lane, "nojumper", when),
					player = lane.family == "door_steel" and blocked(lane, "player", when) or opened(lane, "player", when)}
			end
		end
	end
	local function node_name(pos) return minetest.get_node(pos).name end
	local function above(pos) return {x = pos.x, y = pos.y + 1, z = pos.z} end

	-- As built (set_node: the written-through path).
	all_lanes("set_node")
	-- The checker itself: the route the one-node-tall mapping gave (onto
	-- the closed door, feet on its top, and down behind it) is refused.
	for _, lane in ipairs(c.door_lanes) do
		if not lane.open then
			local d, y = lane.door, lane.door.y
			local jump_over = {
				{x = d.x - 2, y = y, z = d.z, action = "start", feet_y = y - 0.5},
				{x = d.x - 1, y = y, z = d.z, action = "walk", feet_y = y - 0.5},
				{x = d.x, y = y + 1, z = d.z, action = "jump", feet_y = y + 0.5},
				{x = d.x + 1, y = y, z = d.z, action = "fall", feet_y = y - 0.5},
				{x = d.x + 2, y = y, z = d.z, action = "walk", feet_y = y - 0.5},
			}
			local why = check.route(jump_over, NOJUMPER)
			expect(why and why:find("doors:hidden"), "doors: the checker takes a jump over the closed " .. lane.name .. ": " .. tostring(why))
		end
	end

	-- Doors changed in the game.
	local wood, steel, glass, obsidian = lanes["door_wood_a"], lanes["door_steel_b"], lanes["door_glass_c"], lanes["door_obsidian_glass_a"]
	local ch = r.changes
	doors.door_toggle(wood.door, nil, nil)  -- as a right-click does (swap_node of the lower node)
	ch.toggle_open = {node = node_name(wood.door), hidden = node_name(above(wood.door)), nojumper = walked(wood, "nojumper", "door_toggle opened")}
	expect(ch.toggle_open.node == "doors:door_wood_c", "doors.door_toggle made " .. ch.toggle_open.node)
	expect(ch.toggle_open.hidden == "doors:hidden", "doors.door_toggle left " .. ch.toggle_open.hidden .. " above the door")
	local door = doors.get(wood.door)
	expect(door and door:close(), "the wooden door object does not close")
	ch.object_close = {node = node_name(wood.door), nojumper = blocked(wood, "nojumper", "door:close()")}
	door = doors.get(steel.door)
	expect(door and door:open(), "the steel door object does not open")
	ch.steel_open = {node = node_name(steel.door), nojumper = walked(steel, "nojumper", "steel door:open()"),
		player = walked(steel, "player", "steel door:open()")}
	expect(door:close(), "the steel door object does not close")
	ch.steel_close = {node = node_name(steel.door), player = blocked(steel, "player", "steel door:close()")}
	door = doors.get(glass.door)
	expect(door and door:close(), "the open glass door object does not close")
	ch.glass_close = {node = node_name(glass.door), nojumper = blocked(glass, "nojumper", "glass door:close()")}
	expect(door:open(), "the glass door object does not open again")
	ch.glass_open = {node = node_name(glass.door), nojumper = walked(glass, "nojumper", "glass door:open()")}
	-- Dug (its on_destruct removes the doors:hidden): the lane is open.
	minetest.remove_node(obsidian.door)
	ch.dug = {hidden = node_name(above(obsidian.door))}
	local path, info = find(obsidian.start, obsidian.goal, "nojumper")
	ch.dug.nojumper = info.status
	if expect(path and info.status == "found", "doors: no route through a dug door's place (" .. info.status .. ")") then
		walked_through(path, obsidian.door, "the dug door's place")
	end
	course.place_door(obsidian.door, "doors:door_obsidian_glass_a", 0)
	ch.replaced = {nojumper = blocked(obsidian, "nojumper", "placed again")}

	-- Read back from the map (VoxelManip writes mark blocks for a re-read):
	-- the upper halves' blocks alone (each doors:hidden looks at the block
	-- below), then the doors' blocks alone with a door changed inside the
	-- VoxelManip (the hidden node above is rewritten from below).
	local vm = minetest.get_voxel_manip()
	vm:read_from_map({x = c.lanes_minp.x, y = wood.door.y + 1, z = c.lanes_minp.z}, {x = c.lanes_maxp.x, y = wood.door.y + 1, z = c.lanes_maxp.z})
	vm:write_to_map(false)
	all_lanes("re-read, upper halves' blocks")
	local function vm_set(pos, name)
		local v = minetest.get_voxel_manip()
		v:read_from_map(pos, pos)
		local n = v:get_node_at(pos)
		v:set_node_at(pos, {name = name, param2 = n.param2})
		v:write_to_map(false)
	end
	vm_set(wood.door, "doors:door_wood_c")
	ch.vm_open = {hidden = node_name(above(wood.door)), nojumper = walked(wood, "nojumper", "opened by a VoxelManip write")}
	vm_set(wood.door, "doors:door_wood_a")
	ch.vm_close = {nojumper = blocked(wood, "nojumper", "closed by a VoxelManip write")}
end

-- An agent registered once the map is mirrored: a server step makes its
-- shape; its queries answer "not_ready" until then.
local function late_agent(c)
	local ok, err = voxnav.register_agent("latecomer", {height = 2.6, width = 1, jump_height = 1, opens = {"hand"}})
	expect(ok, "register_agent once the map is mirrored: " .. tostring(err))
	local path, info, calls = find(c.start, c.gate, "latecomer")
	results.late_agent = {status = info.status, calls = calls, error = info.error}
	expect(info.status == "found" or info.status == "no_path" or info.status == "partial",
		"latecomer: " .. info.status .. " " .. tostring(info.error))
	if path and info.status == "found" then
		local why = check.route(path, {height = 2.6, jump_height = 1})
		expect(why == nil, "latecomer: " .. tostring(why))
	end
end

-- Right after mapgen, before voxnav has read what it made: 200 walkers
-- ask for their first routes in one server step (and again each step
-- while voxnav answers "not_ready"); the engine's own for the same pairs.
local function walkers()
	local rng = PcgRandom(seed + 1000)
	local list = {}
	local tries = 0
	while #list < N_WALKERS and tries < N_WALKERS * 50 do
		tries = tries + 1
		local a = surface(rng:next(AREA.minp.x + 8, AREA.maxp.x - 8), rng:next(AREA.minp.z + 8, AREA.maxp.z - 8))
		local b = a and surface(a.x + rng:next(-24, 24), a.z + rng:next(-24, 24))
		if a and b then list[#list + 1] = {a = a, b = b} end
	end
	local pending_columns = voxnav.stats().pending_generated_columns
	local first, times, e_times = {}, {}, {}
	local found, partial, no_path, e_found, bad = 0, 0, 0, 0, 0
	local function ask(w)
		local path, info = voxnav.find_path(w.a, w.b, "walker")
		times[#times + 1] = info.time_us
		if info.status == "not_ready" then return false end
		if info.status == "found" then found = found + 1 end
		if info.status == "partial" then partial = partial + 1 end
		if info.status == "no_path" then no_path = no_path + 1 end
		if path then
			local why = check.route(path, WALKER)
			if why then
				bad = bad + 1
				fail("walker " .. p2s(w.a) .. "->" .. p2s(w.b) .. ": " .. why)
			end
		elseif info.status ~= "no_path" then
			fail("walker " .. p2s(w.a) .. "->" .. p2s(w.b) .. ": " .. info.status .. " " .. tostring(info.error))
		end
		return true
	end
	local waiting = {}
	for _, w in ipairs(list) do
		if not ask(w) then waiting[#waiting + 1] = w end
		first[#first + 1] = times[#times]
	end
	local not_ready_first = #waiting
	for _, w in ipairs(list) do
		local t0 = minetest.get_us_time()
		if engine_find_path(w.a, w.b, 32, 1, 4, "A*_noprefetch") then e_found = e_found + 1 end
		e_times[#e_times + 1] = minetest.get_us_time() - t0
	end
	local steps = 0
	while #waiting > 0 and steps < 400 do
		wait_step()
		steps = steps + 1
		local still = {}
		for _, w in ipairs(waiting) do
			if not ask(w) then still[#still + 1] = w end
		end
		waiting = still
	end
	results.walkers = {
		walkers = #list, pending_generated_columns = pending_columns, calls = #times, not_ready_first = not_ready_first,
		steps_until_all_answered = steps, found = found, partial = partial, no_path = no_path, checker_refused = bad,
		first_call_us_max = percentile(first, 1), call_us_max = percentile(times, 1), call_us_p50 = percentile(times, 0.5),
		call_us_p95 = percentile(times, 0.95), call_us_mean = mean(times),
		engine_found = e_found, engine_us_max = percentile(e_times, 1), engine_us_p50 = percentile(e_times, 0.5),
		engine_us_p95 = percentile(e_times, 0.95), engine_us_mean = mean(e_times),
	}
	expect(#list == N_WALKERS, "only " .. #list .. " walkers found standing positions")
	expect(#waiting == 0, #waiting .. " walkers still have no answer 400 steps after mapgen")
	expect(found >= #list / 2, "only " .. found .. " of " .. #list .. " walkers found routes")
end

local function bad_input(c)
	local r = {}
	results.bad_input = r
	local ok, err = voxnav.register_agent("typo", {hieght = 2})
	r.unknown_key = err
	expect(ok == false and type(err) == "string" and err:find("hieght"), "register_agent with an unknown key: " .. tostring(err))
	ok, err = voxnav.register_agent("bad", {width = "wide"})
	r.bad_value = err
	expect(ok == false and type(err) == "string" and err:find("width"), "register_agent with a bad value: " .. tostring(err))
	ok, err = voxnav.register_agent("fn", {width = print})
	expect(ok == false and type(err) == "string", "register_agent with a function value")
	local path, info = voxnav.find_path("here", c.goal)
	r.pos_string = info.error
	expect(path == nil and info.error and info.error:find("pos1"), "find_path with a string position: " .. tostring(info.error))
	path, info = voxnav.find_path({x = 1, y = "a", z = 2}, c.goal)
	expect(path == nil and info.error, "find_path with a non-number coordinate")
	path, info = voxnav.find_path(c.start, {x = 0 / 0, y = 0, z = 0})
	expect(path == nil and info.error, "find_path with NaN")
	path, info = voxnav.find_path(c.start, c.goal, {jump_height = -1})
	r.bad_def = info.error
	expect(path == nil and info.error and info.error:find("jump_height"), "find_path with a bad def: " .. tostring(info.error))
	path, info = voxnav.find_path(c.start, c.goal, "nobody")
	expect(path == nil and info.error, "find_path with an unknown agent")
	path, info = voxnav.find_path({x = 20000, y = 10, z = 20000}, c.goal)
	r.unloaded = info.error
	expect(path == nil and info.error and info.error:find("unloaded"), "find_path from an unloaded area: " .. tostring(info.error))
	path, info = voxnav.find_path(c.start, c.goal, "player", {goal = "nowhere"})
	expect(path == nil and info.error, "find_path with an unknown goal kind")
	path, info = voxnav.find_path(c.start, c.goal, "player", {avoid = {{pos = c.start}}})
	expect(path == nil and info.error and info.error:find("radius"), "find_path with a zone without radius: " .. tostring(info.error))
	path, info = voxnav.find_path(c.start, c.goal, "player", {weight = 0.5})
	expect(path == nil and info.error, "find_path with weight < 1")
	path, info = voxnav.find_path(c.start, c.goal, "player", "fast")
	expect(path == nil and info.error, "find_path with opts not a table")
end

-- minetest.find_path answered by voxnav (the compatible call).
local function compatible(c)
	minetest.set_node(c.wooden_door, {name = "doors:door_wood_a", param2 = 1})
	minetest.set_node(vector.add(c.wooden_door, {x = 0, y = 1, z = 0}), {name = "doors:hidden", param2 = 1})
	-- Past the wooden door, up the stairs and down the slabs to the gate
	-- (mobs open no doors).
	local from, to = vector.add(c.wooden_door, {x = 1, y = 0, z = 0}), vector.add(c.gate, {x = -1, y = 0, z = 0})
	-- It answers nil while voxnav is not ready (the mob's shape is new here:
	-- voxnav_replace_find_path is off); a mob asks again later.
	local p
	for _ = 1, 50 do
		p = voxnav.find_path_compatible(from, to, 64, 1, 3, "A*_noprefetch")
		if p then break end
		wait_step()
	end
	results.compatible_positions = p and #p or false
	if expect(type(p) == "table" and #p > 1, "find_path_compatible found no route on the course") then
		expect(p[#p].x == to.x and p[#p].y == to.y and p[#p].z == to.z, "find_path_compatible ends at " .. p2s(p[#p]))
		expect(p[1].x == from.x and p[1].y == from.y and p[1].z == from.z, "find_path_compatible starts at " .. p2s(p[1]))
	end
	-- Through the closed door: nil, as the engine answers when it finds nothing.
	expect(voxnav.find_path_compatible(c.start, to, 64, 1, 3) == nil, "find_path_compatible passes a closed door")
end

-- Without trusted_mods: voxnav stays out of the way and says why.
local function untrusted()
	expect(voxnav.available == false, "voxnav claims to be available without the insecure environment")
	local path, info = voxnav.find_path({x = 0, y = 0, z = 0}, {x = 1, y = 0, z = 1})
	expect(path == nil and info and info.error and info.error:find("trusted_mods"), "voxnav.find_path without trust: " .. tostring(info and info.error))
	expect(minetest.find_path == engine_find_path, "minetest.find_path was replaced without trust")
	results.untrusted_error = info and info.error
end

-- Memory follows the loaded map: once Luanti unloads the test's blocks
-- (server_unload_unused_data_timeout is short in the test's config),
-- voxnav forgets them.
local function unload_phase(after)
	local before = voxnav.stats()
	local waited = 0
	local function poll()
		local now = voxnav.stats()
		if now.mirrored_blocks < before.mirrored_blocks / 4 or waited >= 20 then
			results.unload = {blocks_before = before.mirrored_blocks, blocks_after = now.mirrored_blocks,
				world_bytes_before = before.world_bytes, world_bytes_after = now.world_bytes,
				facts_bytes_before = before.facts_bytes, facts_bytes_after = now.facts_bytes, seconds = waited}
			expect(now.mirrored_blocks < before.mirrored_blocks / 4, "voxnav still mirrors " .. now.mirrored_blocks ..
				" of " .. before.mirrored_blocks .. " blocks " .. waited .. " s after Luanti unloads them")
			expect(now.world_bytes < before.world_bytes, "voxnav's world memory did not shrink after unloading")
			expect(now.facts_bytes < before.facts_bytes, "voxnav's navigation facts did not shrink after unloading")
			return after()
		end
		waited = waited + 1
		minetest.after(1, poll)
	end
	minetest.after(1, poll)
end

-- Blocks Luanti loads from disk (no mapgen announces them) are mirrored by
-- the server steps around connected players. No client connects to the
-- test's server, so a stand-in player stands at the course's start.
local function premirror_phase(c, after)
	local function load() minetest.load_area(vector.add(c.start, {x = -40, y = -40, z = -40}), vector.add(c.start, {x = 40, y = 40, z = 40})) end
	load()
	local real = minetest.get_connected_players
	local stand_in = {get_pos = function() return vector.new(c.start) end}
	-- (Other mods ask for players too: they get the real, empty list.)
	minetest.get_connected_players = function()
		local info = debug.getinfo(2, "S")
		if info and info.source and info.source:find("/voxnav/mirror.lua", 1, true) then return {stand_in} end
		return real()
	end
	local waited, tries = 0, 0
	local function poll()
		load()  -- (the test unloads unused blocks after 3 s)
		local now = voxnav.stats()
		if (waited >= 25 and now.pending_blocks == 0 and waited % 10 == 5) or waited >= 200 then
			-- A query there reads nothing itself. (Three tries: Luanti may
			-- unload a block between two load_area calls, and voxnav then
			-- forgets it until the next pass around the player.)
			local path, info = voxnav.find_path(c.start, c.gate, "player")
			local read = voxnav.stats().blocks_read - now.blocks_read
			tries = tries + 1
			results.premirror = {mirrored_blocks = now.mirrored_blocks, steps = waited, query = info.status, blocks_the_query_read = read, tries = tries}
			if (info.status == "found" and read == 0) or tries >= 3 or waited >= 200 then
				minetest.get_connected_players = real
				expect(info.status == "found" and read == 0, "after mirroring around a player, the course query answers " ..
					info.status .. " " .. tostring(info.error) .. " and read " .. read .. " map blocks itself")
				return after()
			end
		end
		waited = waited + 1
		minetest.after(0, poll)
	end
	minetest.after(0, poll)
end

-- Both runs start so: voxnav loaded (else one failure), then what mapgen
-- made read by voxnav (within each step's budget).
local function voxnav_ready()
	if not voxnav.available then fail("voxnav is not available: " .. tostring(voxnav.error)) end
	return voxnav.available
end
local function wait_for_mirroring()
	local waited = 0
	while voxnav.stats().pending_generated_columns > 0 and waited < 1000 do
		wait_step()
		waited = waited + 1
	end
	results.waited_for_mirroring_steps = waited
end

local function run()
	local t0 = minetest.get_us_time()
	if not voxnav_ready() then return end
	if mode ~= "walk" then walkers() end
	wait_for_mirroring()
	local c = course.build(COURSE_ORIGIN)
	results.course_positions = c
	if mode == "walk" then
		walk.run({fail = fail, expect = expect, p2s = p2s, wait_step = wait_step, results = results, course = course,
			course_origin = COURSE_ORIGIN, seed = seed, surface = surface, area = AREA, find = find, percentile = percentile})
		results.seconds = (minetest.get_us_time() - t0) / 1e6
		return
	end
	if mode ~= "bench" then
		course_checks(c)
		door_checks(c)
		late_agent(c)
		bad_input(c)
		compatible(c)
	end
	terrain_pairs()
	results.seconds = (minetest.get_us_time() - t0) / 1e6
	local s = voxnav.stats()
	results.calls = {count = #call_times, not_ready = not_ready_calls, stale = stale_answers, us_max = percentile(call_times, 1),
		us_p50 = percentile(call_times, 0.5), us_p95 = percentile(call_times, 0.95),
		mod_call_us_max = s.call_us_max, mod_step_us_max = s.step_us_max, sync_us_max = s.sync_us_max}
	if mode == "bench" then
		local t, w = results.terrain, results.walkers
		print(string.format("pairs %d (seed %d); walkers %d", t.pairs, seed, w.walkers))
		print("| | voxnav.find_path | minetest.find_path |")
		print("|---|---|---|")
		print(string.format("| found | %d | %d |", t.voxnav_found, t.engine_found))
		print(string.format("| found by only this one | %d | %d |", t.voxnav_only, t.engine_only))
		print(string.format("| partial (search cap reached) | %d | - |", t.voxnav_partial))
		print(string.format("| mean positions per path | %.1f | %.1f |", t.voxnav_mean_waypoints, t.engine_mean_positions))
		print(string.format("| mean path length (nodes, straight between positions) | %.1f | %.1f |", t.voxnav_mean_length, t.engine_mean_length))
		print(string.format("| calls (not_ready answers asked again next step) | %d | %d |", t.voxnav_calls, t.pairs))
		print(string.format("| time per call p50 (us) | %d | %d |", t.voxnav_us_p50, t.engine_us_p50))
		print(string.format("| time per call p95 (us) | %d | %d |", t.voxnav_us_p95, t.engine_us_p95))
		print(string.format("| time per call mean (us) | %d | %d |", t.voxnav_us_mean, t.engine_us_mean))
		print(string.format("| worst call (us) | %d | %d |", t.voxnav_us_max, t.engine_us_max))
		print(string.format("| walkers right after mapgen: found | %d | %d |", w.found, w.engine_found))
		print(string.format("| walkers: first calls answered not_ready | %d | - |", w.not_ready_first))
		print(string.format("| walkers: server steps until all had an answer | %d | 0 |", w.steps_until_all_answered))
		print(string.format("| walkers: time per call p50 (us) | %d | %d |", w.call_us_p50, w.engine_us_p50))
		print(string.format("| walkers: time per call p95 (us) | %d | %d |", w.call_us_p95, w.engine_us_p95))
		print(string.format("| walkers: worst call (us) | %d | %d |", w.call_us_max, w.engine_us_max))
		print(string.format("| worst call of the whole run (us) | %d | %d |", math.max(s.call_us_max or 0, results.calls.us_max),
			math.max(t.engine_us_max, w.engine_us_max)))
		print(string.format("| worst server step of voxnav's mirroring (us) | %s | - |", tostring(s.step_us_max or "n/a")))
		print(string.format("mirrored blocks %d, world %d bytes, facts %d bytes", s.mirrored_blocks, s.world_bytes, s.facts_bytes))
	end
end

-- Runs fn in a coroutine resumed once a server step; then after(ok).
local function run_in_steps(fn, after)
	local co = coroutine.create(fn)
	local function step()
		local ok, err = coroutine.resume(co)
		if not ok then
			fail("the test raised: " .. tostring(err) .. "\n" .. debug.traceback(co))
			return after(false)
		end
		if coroutine.status(co) == "dead" then return after(true) end
		minetest.after(0, step)
	end
	step()
end

-- Watchdog: a test that hangs fails.
minetest.after(tonumber(minetest.settings:get("voxnav_test_timeout")) or 240, function()
	fail("timed out")
	finish()
end)

-- The test's map blocks (the walkers' area and the course) stay loaded
-- while they are checked: the test's config unloads unused blocks after 3 s
-- (for the unload phase), and on a busy machine a phase can take longer
-- than that between two reads of a block (seen: the walkers' area gone
-- before the pairs were picked, a door lane's blocks gone mid-check).
-- Freed before the unload phase, which needs them to go.
local function forceload_box(course_min, course_max, on)
	for x = course_min.x, course_max.x + 15, 16 do
		for y = course_min.y, course_max.y + 15, 16 do
			for z = course_min.z, course_max.z + 15, 16 do
				local pos = {x = math.min(x, course_max.x), y = math.min(y, course_max.y), z = math.min(z, course_max.z)}
				if on then
					minetest.forceload_block(pos, true)
				else
					minetest.forceload_free_block(pos, true)
				end
			end
		end
	end
end

-- The docs mode: its own small arena (docs.lua), nothing else.
local function run_docs()
	if not voxnav_ready() then return end
	wait_for_mirroring()
	local t0 = minetest.get_us_time()
	docs.run({fail = fail, expect = expect, p2s = p2s, wait_step = wait_step, results = results, course = course,
		walk = walk, find = find, origin = docs.ORIGIN})
	results.seconds = (minetest.get_us_time() - t0) / 1e6
end

minetest.after(0, function()
	if mode == "docs" then
		local box_min, box_max = docs.box(docs.ORIGIN)
		forceload_box(box_min, box_max, true)
		minetest.emerge_area(box_min, box_max, function(_, _, remaining)
			if remaining > 0 then return end
			run_in_steps(run_docs, function()
				forceload_box(box_min, box_max, false)
				finish()
			end)
		end)
		return
	end
	local course_min = vector.add(COURSE_ORIGIN, {x = -8, y = -8, z = -8})
	local course_max = vector.add(COURSE_ORIGIN, {x = 48, y = 32, z = 48})
	if mode == "test" or mode == "walk" then
		forceload_box(AREA.minp, AREA.maxp, true)
		forceload_box(course_min, course_max, true)
	end
	local pending = 2
	local function done(_, _, remaining)
		if remaining == 0 then
			pending = pending - 1
			if pending > 0 then return end
			if mode == "untrusted" then
				local ok, err = pcall(untrusted)
				if not ok then fail("the test raised: " .. tostring(err)) end
				return finish()
			end
			-- Mapgen is done: the walkers ask at once (run starts with them).
			run_in_steps(run, function(ok)
				if mode == "test" or mode == "walk" then
					forceload_box(AREA.minp, AREA.maxp, false)
					forceload_box(course_min, course_max, false)
				end
				if mode == "test" and ok then
					return unload_phase(function() premirror_phase(results.course_positions, finish) end)
				end
				finish()
			end)
		end
	end
	minetest.emerge_area(AREA.minp, AREA.maxp, done)
	minetest.emerge_area(course_min, course_max, done)
end)
