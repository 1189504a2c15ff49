-- voxnav's test on a live Luanti server (tests/luanti/run_server_test.sh
-- starts it). Emerges a seeded map, routes seeded pairs on natural terrain
-- with voxnav.find_path and with the engine's own minetest.find_path,
-- checks every voxnav route against the live map, routes through a built
-- course, edits the map between queries, tries bad input, writes
-- voxnav_test_results.json into the world folder, and exits the server
-- with status 1 (a Lua error) on any failure, 0 otherwise.
--
-- Settings: voxnav_test_pairs (100), voxnav_test_seed (7),
-- voxnav_test_mode = test | bench (bench: no course, more pairs, a table).
local modpath = minetest.get_modpath("voxnav_test")
local check = dofile(modpath .. "/check.lua")
local course = dofile(modpath .. "/course.lua")

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
	local v_only, e_only = 0, 0
	local tries = 0
	while pairs_done < n_pairs and tries < n_pairs * 50 do
		tries = tries + 1
		local a = surface(rng:next(AREA.minp.x + 8, AREA.maxp.x - 8), rng:next(AREA.minp.z + 8, AREA.maxp.z - 8))
		local b = a and surface(a.x + rng:next(-40, 40), a.z + rng:next(-40, 40))
		if a and b and b.x > AREA.minp.x + 2 and b.x < AREA.maxp.x - 2 and b.z > AREA.minp.z + 2 and b.z < AREA.maxp.z - 2 then
			pairs_done = pairs_done + 1
			local path, info = voxnav.find_path(a, b, "player", {max_nodes = 100000})
			v_times[#v_times + 1] = info.time_us
			expect(info.status == "found" or info.status == "no_path" or info.status == "partial",
				"pair " .. pairs_done .. " " .. p2s(a) .. "->" .. p2s(b) .. ": status " .. tostring(info.status) .. " " .. tostring(info.error))
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
	local function mean(l)
		local s = 0
		for _, v in ipairs(l) do s = s + v end
		return #l > 0 and s / #l or 0
	end
	results.terrain = {
		pairs = pairs_done, voxnav_found = v_found, engine_found = e_found, both_found = both,
		voxnav_only = v_only, engine_only = e_only,
		voxnav_us_p50 = percentile(v_times, 0.5), voxnav_us_p95 = percentile(v_times, 0.95), voxnav_us_mean = mean(v_times),
		engine_us_p50 = percentile(e_times, 0.5), engine_us_p95 = percentile(e_times, 0.95), engine_us_mean = mean(e_times),
		voxnav_mean_waypoints = mean(v_len), engine_mean_positions = mean(e_len),
		voxnav_mean_length = mean(v_dist), engine_mean_length = mean(e_dist),
		voxnav_us_max = percentile(v_times, 1), engine_us_max = percentile(e_times, 1),
	}
	expect(pairs_done >= n_pairs, "only " .. pairs_done .. " pairs found standing positions")
	expect(v_found >= n_pairs / 2, "voxnav found only " .. v_found .. " of " .. pairs_done .. " routes")
end

local function actions_of(path)
	local seen = {}
	for _, p in ipairs(path or {}) do seen[p.action] = (seen[p.action] or 0) + 1 end
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
			expect(p.action == "walk", "course: " .. what .. " is walked through, not opened (" .. p.action .. ")")
		end
	end
end

-- The built course: every feature, the steel door, and edits.
local function course_checks(c)
	local r = {}
	results.course = r
	-- A player opens wooden doors and gates but not the steel door.
	local path, info = voxnav.find_path(c.start, c.before_steel, "player")
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
	end
	path, info = voxnav.find_path(c.start, c.goal, "player")
	r.player_past_steel_door = {status = info.status}
	expect(path == nil and info.status == "no_path", "course: a player passes the steel door (" .. tostring(info.status) .. ")")
	local reg_ok, reg_err = voxnav.register_agent("keyholder", KEYHOLDER)
	expect(reg_ok, "register_agent keyholder: " .. tostring(reg_err))
	path, info = voxnav.find_path(c.start, c.goal, "keyholder")
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
	path, info = voxnav.find_path(c.start, c.before_steel, "player")
	r.after_walling = info.status
	expect(path == nil and info.status == "no_path", "course: after set_node walls the door, a route is still found (" .. tostring(info.status) .. ")")
	minetest.remove_node(c.wooden_door)
	minetest.remove_node({x = c.wooden_door.x, y = c.wooden_door.y + 1, z = c.wooden_door.z})
	path, info = voxnav.find_path(c.start, c.before_steel, "player")
	r.after_digging = info.status
	if expect(path and info.status == "found", "course: after remove_node opens the wall, no route (" .. tostring(info.status) .. ")") then
		expect(passes(path, c.wooden_door), "course: the route uses the dug opening")
		walked_through(path, c.wooden_door, "the dug opening")
	end
	-- A door opened in the game (swap_node, as doors.door_toggle does) is walked through.
	minetest.set_node(c.wooden_door, {name = "doors:door_wood_a", param2 = 1})
	minetest.swap_node(c.wooden_door, {name = "doors:door_wood_c", param2 = 1})
	path, info = voxnav.find_path(c.start, c.before_steel, "player")
	if expect(path, "course: no route through the opened door") then walked_through(path, c.wooden_door, "the open door") end

	-- Goal kinds and zones.
	path, info = voxnav.find_path(c.start, c.gate, "player", {goal = "near", radius = 2})
	if expect(path, "course: goal near: " .. tostring(info.error)) then
		local e = path[#path]
		expect(vector.distance(e, c.gate) <= 2 + 1e-9, "course: goal near ends " .. vector.distance(e, c.gate) .. " away")
	end
	local col = {x = c.start.x + 12, y = 0, z = c.start.z}
	path, info = voxnav.find_path(c.start, col, "player", {goal = "xz"})
	if expect(path, "course: goal xz: " .. tostring(info.status) .. " " .. tostring(info.error)) then
		expect(path[#path].x == col.x and path[#path].z == col.z, "course: goal xz ends outside the column")
	end
	path, info = voxnav.find_path(c.start, c.gate, "player", {goal = "touch"})
	if expect(path, "course: goal touch: " .. tostring(info.error)) then
		local e = path[#path]
		local d = math.abs(e.x - c.gate.x) + math.abs(e.z - c.gate.z) + math.abs(e.y - c.gate.y)
		expect(d <= 2, "course: goal touch ends " .. p2s(e) .. ", not beside the gate " .. p2s(c.gate))
	end
	-- Forbid the corridor's middle lane past the door: the route keeps out.
	local lane = {minp = {x = c.start.x + 6, y = c.start.y, z = c.start.z}, maxp = {x = c.start.x + 7, y = c.start.y, z = c.start.z}}
	path, info = voxnav.find_path(c.start, c.before_steel, "player", {avoid = {lane}})
	if expect(path, "course: no route around an avoided zone: " .. tostring(info.status)) then
		for _, p in ipairs(path) do
			expect(not (p.y == lane.minp.y and p.z == lane.minp.z and p.x >= lane.minp.x and p.x <= lane.maxp.x),
				"course: the route enters the avoided zone at " .. p2s(p))
		end
	end
	local cheap, cinfo = voxnav.find_path(c.start, c.before_steel, "player", {prefer = {{pos = c.start, radius = 40, cost = 0.5}}})
	expect(cheap and cinfo.cost < info.cost, "course: a prefer zone over the whole course makes the route cheaper")
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
	local p = voxnav.find_path_compatible(from, to, 64, 1, 3, "A*_noprefetch")
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

local function run()
	local t0 = minetest.get_us_time()
	if not voxnav.available then
		fail("voxnav is not available: " .. tostring(voxnav.error))
		return
	end
	local c = course.build(COURSE_ORIGIN)
	if mode ~= "bench" then
		course_checks(c)
		bad_input(c)
		compatible(c)
	end
	terrain_pairs()
	results.seconds = (minetest.get_us_time() - t0) / 1e6
	if mode == "bench" then
		local t = results.terrain
		print(string.format("pairs %d (seed %d)", t.pairs, seed))
		print("| | voxnav.find_path | minetest.find_path |")
		print("|---|---|---|")
		print(string.format("| found | %d | %d |", t.voxnav_found, t.engine_found))
		print(string.format("| found by only this one | %d | %d |", t.voxnav_only, t.engine_only))
		print(string.format("| mean positions per path | %.1f | %.1f |", t.voxnav_mean_waypoints, t.engine_mean_positions))
		print(string.format("| mean path length (nodes, straight between positions) | %.1f | %.1f |", t.voxnav_mean_length, t.engine_mean_length))
		print(string.format("| time per query p50 (us) | %d | %d |", t.voxnav_us_p50, t.engine_us_p50))
		print(string.format("| time per query p95 (us) | %d | %d |", t.voxnav_us_p95, t.engine_us_p95))
		print(string.format("| time per query mean (us) | %d | %d |", t.voxnav_us_mean, t.engine_us_mean))
		print(string.format("| time per query max (us) | %d | %d |", t.voxnav_us_max, t.engine_us_max))
		local s = voxnav.stats()
		print(string.format("mirrored blocks %d, world %d bytes, facts %d bytes", s.mirrored_blocks, s.world_bytes, s.facts_bytes))
	end
end

-- Watchdog: a test that hangs fails.
minetest.after(tonumber(minetest.settings:get("voxnav_test_timeout")) or 240, function()
	fail("timed out")
	finish()
end)

minetest.after(0, function()
	local course_min = vector.add(COURSE_ORIGIN, {x = -8, y = -8, z = -8})
	local course_max = vector.add(COURSE_ORIGIN, {x = 48, y = 24, z = 16})
	local pending = 2
	local function done(_, _, remaining)
		if remaining == 0 then
			pending = pending - 1
			-- Until voxnav has read what was generated (a few columns per step).
			local function ready()
				return not voxnav.available or voxnav.stats().pending_generated_columns == 0
			end
			local waited = 0
			local function start()
				if not ready() and waited < 60 then
					waited = waited + 1
					return minetest.after(0.5, start)
				end
				results.waited_for_mirroring_s = waited * 0.5
				local ok, err = pcall(mode == "untrusted" and untrusted or run)
				if not ok then fail("the test raised: " .. tostring(err)) end
				if mode == "test" and ok then return unload_phase(finish) end
				finish()
			end
			if pending == 0 then minetest.after(0.1, start) end
		end
	end
	minetest.emerge_area(AREA.minp, AREA.maxp, done)
	minetest.emerge_area(course_min, course_max, done)
end)
