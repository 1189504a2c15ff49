-- SPDX-License-Identifier: MIT
-- The Lua API (docs/luanti.md):
--   voxnav.register_agent(name, def)          -> true | false, error
--   voxnav.find_path(pos1, pos2, agent, opts)  -> path | nil, info
--       opts.smooth = true: walks at one level merged into straight segments
--       (voxnav_smooth_route; info.steps is the count before)
--   voxnav.reachable(pos, agent, opts)         -> list | nil, info
--       every node the agent reaches from pos within opts.max_cost seconds,
--       cheapest first: {x=, y=, z=, cost=, action=} (voxnav_reachable)
--   voxnav.stats()                             -> memory and mirroring figures
-- Bad input never raises a Lua error: it gives nil and info.error.
--
-- Time: a call does a bounded share of work on the game thread and leaves
-- the rest to the server steps (mirror.lua), answering nil and
-- info.status "not_ready" (ask again in a step or two) when it cannot
-- route without it:
--  * of the map blocks around its start and goal that are not mirrored
--    yet (or marked for a re-read), it reads those whose reading and
--    derivation fit in voxnav_call_budget_us (3 ms, by the mirror's
--    measured estimates; calls in one server step share one pool of
--    voxnav_step_budget_us for reading) and queues the rest;
--  * it routes on the facts the last server step derived and published
--    (worker navigators, agents.lua); it derives and publishes the map
--    blocks changed since only when that fits in what is left of
--    voxnav_call_budget_us, else the route does not see them yet and says
--    so: info.stale_blocks = how many (ask again next step for a route
--    that sees them); blocks it had to read itself are void until derived,
--    so then it answers "not_ready";
--  * its search expands at most as many nodes as fit in
--    voxnav_search_budget_us (3 ms) at the measured time per node (0.25-1 us:
--    landmark tables, and their builds on a worker thread competing for the
--    cores while the map changes, make it vary) and at most
--    voxnav_max_nodes_per_call (15000); opts.max_nodes above that is cut to
--    it: a longer route comes back "partial", a route towards the goal to
--    follow and ask again from;
--  * an agent body shape first seen once the map is mirrored is made by a
--    server step (agents.lua).
-- opts.wait = true lifts all of these for one call (tools, tests, chat
-- commands; never a mob's step): it reads, derives and searches as much as
-- it needs. info.time_us is the call's own time; voxnav.stats() keeps the
-- slowest call (call_us_max) and server step (step_us_max).
return function(ctx)
	local ffi, lib, mirror, agents = ctx.ffi, ctx.lib, ctx.mirror, ctx.agents
	local floor, huge = math.floor, math.huge

	local route = ffi.gc((function()
		local out = ffi.new("voxnav_route*[1]")
		assert(lib.voxnav_route_create(out) == 0)
		return out[0]
	end)(), lib.voxnav_route_destroy)
	local query = ffi.new("voxnav_query")
	local goal = ffi.new("voxnav_goal")
	local from = ffi.new("int32_t[3]")
	local feet = ffi.new("double[3]")
	local snapped = ffi.new("int32_t[3]")
	local MAX_ZONES = 64
	local zones = ffi.new("voxnav_zone[?]", MAX_ZONES)

	-- The nodes waypoint i (0-based) opens (act 1), digs (2) or places (4).
	local act_count = ffi.new("size_t[1]")
	local function acted_on(i, act)
		local v = lib.voxnav_waypoint_voxels(route, i, act, act_count)
		local out = {}
		for k = 0, tonumber(act_count[0]) - 1 do out[k + 1] = {x = v[3 * k], y = v[3 * k + 1], z = v[3 * k + 2]} end
		return out
	end
	-- Numbers from mods, checked before they reach the library: LuaJIT's ffi
	-- would turn NaN, an infinity or 2^31 into an int32 field's -2^31
	-- without a word. One rule per kind of number, shared with walk.lua and
	-- find_path.lua (ctx.check); each answers the value, or nil and one
	-- sentence naming the argument.
	--  * a position's coordinates: finite and within int32; the node a
	--    position is in is the nearest (node_of: node p spans p - 0.5 ..
	--    p + 0.5, as Luanti's own positions round);
	--  * counts (max_nodes, give_up): whole numbers; a fraction is refused,
	--    not rounded;
	--  * other numbers (radii, costs, weights, seconds): not NaN, in range.
	local INT32_MIN, INT32_MAX = -2147483648, 2147483647
	local FINITE = 1.7976931348623157e308  -- the largest finite number
	local check = {}
	ctx.check = check
	-- "NaN", "inf", "-inf" or the number.
	function check.text(v)
		if v ~= v then return "NaN" end
		if v == huge then return "inf" end
		if v == -huge then return "-inf" end
		return tostring(v)
	end
	-- v when it is a number, not NaN, from lo to hi (above lo when `above`);
	-- else nil and "<what> is <v>; <rule>" ("<what> is missing" for nil).
	function check.number(v, what, rule, lo, hi, above)
		if v == nil then return nil, what .. " is missing" end
		if type(v) ~= "number" then return nil, what .. " must be a number, not a " .. type(v) end
		if v ~= v or v < lo or v > hi or (above and v == lo) then return nil, what .. " is " .. check.text(v) .. "; " .. rule end
		return v
	end
	-- A finite number >= lo (a radius: 0; a weight: 1; -math.huge: any).
	function check.finite(v, what, lo)
		return check.number(v, what, "it must be a finite number" .. (lo == -huge and "" or " >= " .. lo), lo, FINITE)
	end
	-- A whole number from lo to hi.
	function check.count(v, what, lo, hi)
		local n, err = check.number(v, what, "it must be a whole number from " .. lo .. " to " .. hi, lo, hi)
		if n and n ~= floor(n) then return nil, what .. " is " .. check.text(n) .. "; it must be a whole number from " .. lo .. " to " .. hi end
		return n, err
	end
	-- A table {x=, y=, z=} of coordinates.
	function check.pos(p, what)
		if type(p) ~= "table" then return nil, what .. " must be a table {x=, y=, z=} of numbers, not a " .. type(p) end
		for _, a in ipairs({"x", "y", "z"}) do
			local ok, err = check.number(p[a], what .. "." .. a, "a node coordinate must be a finite number within int32",
				INT32_MIN, INT32_MAX)
			if not ok then return nil, err end
		end
		return p
	end
	local function check_pos(p, what)
		local _, err = check.pos(p, what)
		return err
	end
	-- The node a position is in (also walk.lua's); its coordinates checked first.
	local function node_of(p) return floor(p.x + 0.5), floor(p.y + 0.5), floor(p.z + 0.5) end
	ctx.node_of = node_of

	local status_names = {}
	for i = 0, 6 do status_names[i] = ffi.string(lib.voxnav_search_status_name(i)) end
	local action_names = {}
	for i = 0, 7 do action_names[i] = ffi.string(lib.voxnav_action_name(i)) end

	-- Fills `zones` from opts.avoid / opts.prefer; returns the count or nil, error.
	local function read_zones(opts)
		local n = 0
		for _, which in ipairs({"avoid", "prefer"}) do
			local list = opts[which]
			if list ~= nil then
				if type(list) ~= "table" then return nil, "opts." .. which .. " must be a list of zones" end
				for i, z in ipairs(list) do
					local where = "opts." .. which .. "[" .. i .. "]"
					if type(z) ~= "table" then return nil, where .. " must be a table" end
					if n >= MAX_ZONES then return nil, "at most " .. MAX_ZONES .. " zones" end
					local c = zones[n]
					local m = z.cost
					if m == nil then m = which == "avoid" and huge or 0.5 end
					local merr
					if which == "avoid" then
						m, merr = check.number(m, where .. ".cost", "it must be >= 1, or math.huge: never enter (prefer is for cheaper zones)", 1, huge)
					else
						m, merr = check.number(m, where .. ".cost", "it must be in (0, 1] (avoid is for dearer zones)", 0, 1, true)
					end
					if not m then return nil, merr end
					c.multiplier = m
					if z.minp ~= nil or z.maxp ~= nil then
						local e = check_pos(z.minp, where .. ".minp") or check_pos(z.maxp, where .. ".maxp")
						if e then return nil, e end
						local x1, y1, z1 = node_of(z.minp)
						local x2, y2, z2 = node_of(z.maxp)
						c.shape = 1
						c.lo[0], c.lo[1], c.lo[2] = math.min(x1, x2), math.min(y1, y2), math.min(z1, z2)
						-- (hi is exclusive: a box reaching the last int32 node stops before it)
						local function past(a, b) return math.min(math.max(a, b) + 1, INT32_MAX) end
						c.hi[0], c.hi[1], c.hi[2] = past(x1, x2), past(y1, y2), past(z1, z2)
					else
						local e = check_pos(z.pos, where .. ".pos")
						if e then return nil, e end
						local _, rerr = check.finite(z.radius, where .. ".radius", 0)
						if rerr then return nil, rerr end
						c.shape = 0
						c.cx, c.cy, c.cz, c.radius = z.pos.x, z.pos.y, z.pos.z, z.radius
					end
					n = n + 1
				end
			end
		end
		return n
	end

	-- `from` := the waypoint the feet at pos occupy (snapped as voxnav snaps a
	-- game position: voxel v spans node v - 0.5 .. v + 0.5), else pos's node
	-- (the search then says why it is no start).
	local function set_start(nav, pos)
		feet[0], feet[1], feet[2] = pos.x + 0.5, pos.y + 0.5, pos.z + 0.5
		if lib.voxnav_snap(nav, feet, snapped) == 0 then
			from[0], from[1], from[2] = snapped[0], snapped[1], snapped[2]
		else
			from[0], from[1], from[2] = node_of(pos)
		end
	end

	local stats = {calls = 0, not_ready = 0, call_us_max = 0}
	-- Search time per expanded node [us]: up at once after a slower
	-- search, down slowly.
	local est_node_us = 1.0  -- (starts high: the first long search is cut short rather than long)
	local function timed(info, t0)
		info.time_us = minetest.get_us_time() - t0
		stats.calls = stats.calls + 1
		if info.time_us > stats.call_us_max then stats.call_us_max = info.time_us end
		if info.status == "not_ready" then stats.not_ready = stats.not_ready + 1 end
		return info
	end
	local function fail(status, err, t0)
		return nil, timed({status = status, error = err, cost = 0, expanded = 0}, t0)
	end

	function voxnav.find_path(pos1, pos2, agent, opts)
		local t0 = minetest.get_us_time()
		if not ctx.nodes.ready then return fail("failed", "voxnav has not mapped the nodes yet (mods are still loading)", t0) end
		local e = check_pos(pos1, "pos1") or check_pos(pos2, "pos2")
		if e then return fail("failed", e, t0) end
		if opts ~= nil and type(opts) ~= "table" then return fail("failed", "opts must be a table or nil", t0) end
		opts = opts or {}
		if opts.wait ~= nil and type(opts.wait) ~= "boolean" then return fail("failed", "opts.wait must be true, false or nil", t0) end
		if opts.smooth ~= nil and type(opts.smooth) ~= "boolean" then return fail("failed", "opts.smooth must be true, false or nil", t0) end
		local wait = opts.wait == true
		local nav, aerr, later = agents.resolve(agent, wait)
		if not nav then return fail(later and "not_ready" or "failed", "agent: " .. aerr, t0) end

		-- The query's options.
		lib.voxnav_query_init(query)
		local cap = wait and huge or math.min(ctx.settings.max_nodes_per_call,
			math.max(1000, floor(ctx.settings.search_budget_us / est_node_us)))
		query.max_nodes = math.min(query.max_nodes, cap)
		if opts.max_nodes ~= nil then
			local n, nerr = check.count(opts.max_nodes, "opts.max_nodes", 0, 4294967295)
			if not n then return fail("failed", nerr, t0) end
			query.max_nodes = math.min(n, cap)
		end
		if opts.weight ~= nil then
			local w, werr = check.finite(opts.weight, "opts.weight", 1)
			if not w then return fail("failed", werr, t0) end
			query.weight = w
		end
		if opts.max_cost ~= nil then
			local c, cerr = check.number(opts.max_cost, "opts.max_cost", "it must be a number >= 0 (seconds; math.huge: no limit)", 0, huge)
			if not c then return fail("failed", cerr, t0) end
			query.max_cost = c
		end
		local gx, gy, gz = node_of(pos2)
		local kind = opts.goal or "at"
		if kind == "at" then
			goal.kind, goal.x, goal.y, goal.z = 0, gx, gy, gz
			query.snap_goal = 1
		elseif kind == "near" then
			local _, rerr = check.finite(opts.radius, "opts.radius", 0)
			if rerr then return fail("failed", rerr .. " (goal \"near\" needs it)", t0) end
			goal.kind, goal.px, goal.py, goal.pz, goal.radius = 1, pos2.x, pos2.y, pos2.z, opts.radius
		elseif kind == "xz" then
			goal.kind, goal.x, goal.z = 2, gx, gz
		elseif kind == "touch" then
			goal.kind, goal.x, goal.y, goal.z = 4, gx, gy, gz
		else
			return fail("failed", "opts.goal must be \"near\", \"xz\" or \"touch\" (or nil for the node itself)", t0)
		end
		query.goals, query.goal_count = goal, 1
		local nz, zerr = read_zones(opts)
		if not nz then return fail("failed", zerr, t0) end
		query.zones, query.zone_count = zones, nz

		-- Map blocks the query needs: around the start and the goal; the
		-- search stays inside what is mirrored (unmirrored chunks are void).
		local sx, sy, sz = node_of(pos1)
		if minetest.get_node_or_nil({x = sx, y = sy, z = sz}) == nil then
			-- Not in Luanti's memory: a read loads it from disk if it exists.
			mirror.ensure({x = sx, y = sy, z = sz}, {x = sx, y = sy, z = sz}, 1)
			if not mirror.is_mirrored(floor(sx / 16), floor(sy / 16), floor(sz / 16)) then
				return fail("invalid_start", "pos1 (" .. sx .. "," .. sy .. "," .. sz .. ") is in an unloaded or ungenerated area", t0)
			end
		end
		local margin, merr = check.finite(opts.margin or ctx.settings.query_margin, "opts.margin", 0)
		if not margin then return fail("failed", merr, t0) end
		local minp = {x = math.min(sx, gx) - margin, y = math.min(sy, gy) - margin, z = math.min(sz, gz) - margin}
		local maxp = {x = math.max(sx, gx) + margin, y = math.max(sy, gy) + margin, z = math.max(sz, gz) + margin}
		local budget = ctx.settings.call_budget_us
		local ok, why, merr = mirror.ensure(minp, maxp, ctx.settings.max_blocks_per_query, not wait and budget or nil, t0)
		if not ok then return fail(why, merr, t0) end
		local fresh = why
		-- The facts of what changed since the last server step, when that
		-- fits; else the route uses the facts of the last step (info.stale_blocks).
		local synced, changed = mirror.sync(not wait and (budget - (minetest.get_us_time() - t0)) or nil)
		if not synced and fresh then
			return fail("not_ready", "map blocks around the query were read but their facts do not fit in this call " ..
				"(voxnav_call_budget_us): the next server step derives them; ask again in a step or two", t0)
		end

		set_start(nav, pos1)
		if lib.voxnav_find_route(nav, from, query, route) ~= 0 then
			return fail("failed", ctx.last_error(), t0)
		end
		local steps = tonumber(lib.voxnav_route_size(route))
		if opts.smooth and lib.voxnav_route_usable(route) ~= 0 then
			if lib.voxnav_smooth_route(nav, route, zones, nz, route) ~= 0 then return fail("failed", ctx.last_error(), t0) end
		end
		local st = lib.voxnav_route_status(route)
		local m = lib.voxnav_route_metrics(route)
		local expanded = tonumber(m.expanded)
		if expanded >= 500 then
			local per = m.microseconds / expanded
			est_node_us = math.max(per, est_node_us + 0.05 * (per - est_node_us))
		end
		local info = {
			status = status_names[st] or "unknown",
			cost = lib.voxnav_route_cost(route),
			expanded = expanded,
			search_us = m.microseconds,
			error = ffi.string(lib.voxnav_route_error(route)),
		}
		if info.error == "" then info.error = nil end
		if opts.smooth then info.steps = steps end
		if not synced then info.stale_blocks = changed end
		local path = nil
		if lib.voxnav_route_usable(route) ~= 0 then
			path = {}
			local wp = lib.voxnav_route_waypoints(route)
			for i = 0, tonumber(lib.voxnav_route_size(route)) - 1 do
				local w = wp[i]
				local p = {x = w.x, y = w.y, z = w.z, action = action_names[w.action], feet_y = w.feet_y - 0.5}
				-- What the move does to the world first: lists of node positions.
				if w.opened > 0 then p.open = acted_on(i, 1) end
				if w.dug > 0 then p.dig = acted_on(i, 2) end
				if w.placed > 0 then p.place = acted_on(i, 4) end
				path[i + 1] = p
			end
		end
		return path, timed(info, t0)
	end

	local reach = ffi.gc((function()
		local out = ffi.new("voxnav_reach*[1]")
		assert(lib.voxnav_reach_create(out) == 0)
		return out[0]
	end)(), lib.voxnav_reach_destroy)

	-- Every node `agent` reaches from pos within opts.max_cost seconds
	-- (required), cheapest first, as far as the mirror reaches: the map
	-- blocks within opts.margin nodes (default voxnav_query_margin) are
	-- mirrored first; beyond them is void. opts.max_nodes caps the flood
	-- (then info.status "partial"); opts.wait as find_path's.
	function voxnav.reachable(pos, agent, opts)
		local t0 = minetest.get_us_time()
		if not ctx.nodes.ready then return fail("failed", "voxnav has not mapped the nodes yet (mods are still loading)", t0) end
		local e = check_pos(pos, "pos")
		if e then return fail("failed", e, t0) end
		if type(opts) ~= "table" then return fail("failed", "opts must be a table with max_cost (seconds)", t0) end
		local _, cerr = check.finite(opts.max_cost, "opts.max_cost", 0)
		if cerr then return fail("failed", cerr .. " (seconds)", t0) end
		local wait = opts.wait == true
		local nav, aerr, later = agents.resolve(agent, wait)
		if not nav then return fail(later and "not_ready" or "failed", "agent: " .. aerr, t0) end
		lib.voxnav_query_init(query)
		query.max_cost = opts.max_cost
		if opts.max_nodes ~= nil then
			local n, nerr = check.count(opts.max_nodes, "opts.max_nodes", 0, 4294967295)
			if not n then return fail("failed", nerr, t0) end
			query.max_nodes = n
		end
		local margin, merr = check.finite(opts.margin or ctx.settings.query_margin, "opts.margin", 0)
		if not margin then return fail("failed", merr, t0) end
		local sx, sy, sz = node_of(pos)
		local ok, why, merr = mirror.ensure({x = sx - margin, y = sy - margin, z = sz - margin},
			{x = sx + margin, y = sy + margin, z = sz + margin}, ctx.settings.max_blocks_per_query,
			not wait and ctx.settings.call_budget_us or nil, t0)
		if not ok then return fail(why, merr, t0) end
		local synced = mirror.sync(not wait and (ctx.settings.call_budget_us - (minetest.get_us_time() - t0)) or nil)
		if not synced and why then
			return fail("not_ready", "map blocks around pos were read but their facts do not fit in this call: ask again in a step or two", t0)
		end
		set_start(nav, pos)
		if lib.voxnav_reachable(nav, from, query, reach) ~= 0 then return fail("failed", ctx.last_error(), t0) end
		local n = tonumber(lib.voxnav_reach_count(reach))
		local info = {
			status = status_names[lib.voxnav_reach_status(reach)] or "unknown",
			count = n,
			expanded = tonumber(lib.voxnav_reach_metrics(reach).expanded),
			error = ffi.string(lib.voxnav_reach_error(reach)),
		}
		if info.error == "" then info.error = nil end
		if n == 0 then return nil, timed(info, t0) end
		local list = {}
		local w = lib.voxnav_reach_waypoints(reach)
		for i = 0, n - 1 do
			list[i + 1] = {x = w[i].x, y = w[i].y, z = w[i].z, cost = w[i].cost, action = action_names[w[i].action]}
		end
		return list, timed(info, t0)
	end

	function voxnav.register_agent(name, def)
		return agents.register(name, def)
	end

	-- Memory and mirroring figures (bytes, blocks, microseconds).
	function voxnav.stats()
		local s = {
			mirrored_blocks = mirror.count(),
			world_bytes = tonumber(lib.voxnav_world_memory_bytes(ctx.world)),
			facts_bytes = tonumber(lib.voxnav_world_facts_bytes(ctx.world)),
			revision = tonumber(lib.voxnav_world_revision(ctx.world)),
			node_types = ctx.nodes.names,
			pending_generated_columns = mirror.pending_columns(),
			pending_blocks = mirror.pending_blocks(),
			pending_agent_shapes = agents.pending_count(),
			unsynced_blocks = mirror.unsynced(),
			est_node_us = est_node_us,
		}
		for k, v in pairs(mirror.stats) do s[k] = v end
		for k, v in pairs(stats) do s[k] = v end
		return s
	end

	assert(agents.register("player", agents.player))
end
