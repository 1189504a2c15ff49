-- SPDX-License-Identifier: MIT
-- Moving NPCs along routes (docs/following.md):
--   voxnav.follower(agent, goal, opts) -> follower | nil, error
--     follower:update(body, now) -> steering   (the bare instructions, for
--       mods that move their mobs themselves)
--     follower:set_goal(goal)   (drop the follower to stop: it is freed with it)
--   voxnav.body_state(object) -> body   (what update() wants, read from an entity)
--   voxnav.walk(object, goal, agent, opts) -> walker | nil, error
--     drives a luaentity with Luanti's own physics and calls
--     opts.on_done(status, info) once: "arrived", "no_path", "stuck" (given
--     up), "failed", "timeout" or "stopped"
--     walker:stop(), walker:set_goal(goal), walker.status
--   voxnav.walk_stats(reset) -> {steps, us = {...}, walkers, plans_turned_away}
--
-- Positions are Luanti's: a node at integer p spans p - 0.5 .. p + 0.5, a
-- body's feet are its position plus its collision box's bottom. voxnav's
-- voxel p spans p .. p + 1, so voxnav = Luanti + 0.5 on every axis (the
-- follower's waypoints are the route's nodes).
--
-- A goal is a position (the node it is in, snapped to the nearest standing
-- node as find_path's), an ObjectRef (a moving goal: followed where it is,
-- re-planned at most once a second as it moves) or {pos =, radius =} (near).
--
-- Time on the game thread: every walker is updated once a server step,
-- after the mirror has published the step's edits (mirror.lua's step runs
-- first). An update without a plan is a few microseconds; plans of all
-- followers share one budget of expansions per server step
-- (voxnav_walk_expansions_per_step, 20000; at least 2000 each, first come
-- first served): a long route is walked in partial pieces and a walker
-- turned away keeps walking the route it has. voxnav.walk_stats() keeps the
-- time of each step's walker updates.
--
-- Luanti's entity physics has no ladders and no swimming: on a climbable
-- node or in a liquid a walker switches its gravity off and sets its
-- vertical speed itself (climb_speed up or down a ladder, swim_speed towards
-- the target in water); elsewhere it falls with voxnav_walk_gravity (9.81
-- nodes/s^2) and jumps with the speed that lifts it jump_height + 0.1.
-- Doors, gates and trapdoors are opened and closed through the doors API
-- (doors.get) or the node's on_rightclick, never toggled twice.
return function(ctx)
	local ffi, lib, mirror, agents = ctx.ffi, ctx.lib, ctx.mirror, ctx.agents
	local floor, sqrt, huge = math.floor, math.sqrt, math.huge
	local now_us = minetest.get_us_time

	local GRAVITY = tonumber(minetest.settings:get("voxnav_walk_gravity")) or 9.81
	local PER_STEP = math.max(1, tonumber(minetest.settings:get("voxnav_walk_expansions_per_step")) or 20000)
	local LEAST = math.min(PER_STEP, 2000)

	local budget = (function()
		local out = ffi.new("voxnav_planning_budget*[1]")
		assert(lib.voxnav_planning_budget_create(PER_STEP, LEAST, out) == 0, ctx.last_error())
		return ffi.gc(out[0], lib.voxnav_planning_budget_destroy)
	end)()

	local status_names = {}
	for i = 0, 5 do status_names[i] = ffi.string(lib.voxnav_follow_status_name(i)) end

	local body_c = ffi.new("voxnav_body")
	local steer_c = ffi.new("voxnav_steering")
	local goal_c = ffi.new("voxnav_goal")
	local query_c = ffi.new("voxnav_query")

	local check, node_of = ctx.check, ctx.node_of

	-- The goal's voxnav form into goal_c: true, or nil and why not.
	local function goal_of(goal)
		local p, radius, what = goal, nil, "goal"
		if type(goal) == "userdata" then
			p = goal:get_pos()
			if not p then return nil, "the goal object is gone" end
			what = "the goal object's position"
		elseif type(goal) == "table" and goal.pos ~= nil then
			local rerr
			p, what = goal.pos, "goal.pos"
			radius, rerr = check.finite(goal.radius, "goal.radius", 0)
			if not radius then return nil, rerr end
		elseif type(goal) ~= "table" then
			return nil, "the goal must be a position {x=, y=, z=}, an object or {pos=, radius=}"
		end
		local _, perr = check.pos(p, what)
		if perr then return nil, perr end
		if radius then
			goal_c.kind, goal_c.px, goal_c.py, goal_c.pz, goal_c.radius = 1, p.x + 0.5, p.y + 0.5, p.z + 0.5, radius
		else
			goal_c.kind, goal_c.x, goal_c.y, goal_c.z = 0, node_of(p)
		end
		return p
	end

	local function node_def(x, y, z)
		local n = minetest.get_node_or_nil({x = x, y = y, z = z})
		return n and minetest.registered_nodes[n.name], n
	end

	-- The body's state, from an entity: feet (Luanti), velocity and contacts.
	function voxnav.body_state(object)
		local pos = object:get_pos()
		if not pos then return nil end
		local props = object:get_properties()
		local cb = props.collisionbox or {-0.3, 0, -0.3, 0.3, 1.7, 0.3}
		local feet = {x = pos.x, y = pos.y + cb[2], z = pos.z}
		local v = object:get_velocity() or {x = 0, y = 0, z = 0}
		local fx, fz = floor(feet.x + 0.5), floor(feet.z + 0.5)
		local below = node_def(fx, floor(feet.y - 0.1 + 0.5), fz)
		local at = node_def(fx, floor(feet.y + 0.1 + 0.5), fz)
		return {
			pos = feet,
			velocity = {x = v.x, y = v.y, z = v.z},
			on_ground = math.abs(v.y) < 0.1 and below ~= nil and below.walkable ~= false,
			in_liquid = at ~= nil and at.liquidtype ~= nil and at.liquidtype ~= "none",
			on_climbable = at ~= nil and at.climbable == true,
		}
	end

	local function voxel_pos(v) return {x = v[0], y = v[1], z = v[2]} end

	local Follower = {}
	Follower.__index = Follower

	-- A follower on `agent` to `goal`; opts: weight, max_nodes (per plan).
	function voxnav.follower(agent, goal, opts)
		if not ctx.nodes.ready then return nil, "voxnav has not mapped the nodes yet (mods are still loading)" end
		opts = opts or {}
		if type(opts) ~= "table" then return nil, "opts must be a table or nil" end
		local nav, aerr = agents.resolve(agent, true)
		if not nav then return nil, "agent: " .. tostring(aerr) end
		local gp, gerr = goal_of(goal)
		if not gp then return nil, gerr end
		lib.voxnav_query_init(query_c)
		query_c.goals, query_c.goal_count = goal_c, 1
		query_c.snap_goal = 1
		query_c.max_nodes = math.min(query_c.max_nodes, ctx.settings.max_nodes_per_call)
		if opts.max_nodes ~= nil then
			local n, err = check.count(opts.max_nodes, "opts.max_nodes", 1, 4294967295)
			if not n then return nil, err end
			query_c.max_nodes = n
		end
		if opts.weight ~= nil then
			local w, err = check.finite(opts.weight, "opts.weight", 1)
			if not w then return nil, err end
			query_c.weight = w
		end
		local out = ffi.new("voxnav_follower*[1]")
		if lib.voxnav_follower_create(nav, query_c, out) ~= 0 then return nil, ctx.last_error() end
		local f = setmetatable({c = ffi.gc(out[0], lib.voxnav_follower_destroy), nav = nav, goal = goal}, Follower)
		lib.voxnav_follower_set_budget(f.c, budget)
		return f
	end

	function Follower:set_goal(goal)
		local gp, err = goal_of(goal)
		if not gp then return nil, err end
		if type(goal) ~= "userdata" then self.goal_changed = true end
		self.goal = goal
		if lib.voxnav_follower_set_goal(self.c, goal_c, 1) ~= 0 then return nil, ctx.last_error() end
		return true
	end

	-- One tick. body: voxnav.body_state's table; now: seconds (default the
	-- server's clock; never going back: an earlier time than the last
	-- update's is "failed", naming both). Returns the steering in Luanti's terms.
	function Follower:update(body, now)
		if type(self.goal) == "userdata" then
			local ok, err = self:set_goal(self.goal)  -- a moving goal: where it is now
			if not ok then return {status = "failed", why = err, replans = 0} end
		end
		if type(body) ~= "table" then return {status = "failed", why = "body must be a table (voxnav.body_state)", replans = 0} end
		local p, v = body.pos, body.velocity or {x = 0, y = 0, z = 0}
		local _, err = check.pos(p, "body.pos")
		if not err and type(v) ~= "table" then err = "body.velocity must be a table {x=, y=, z=}" end
		for _, a in ipairs({"x", "y", "z"}) do
			if err then break end
			_, err = check.finite(v[a], "body.velocity." .. a, -huge)
		end
		if not err and now ~= nil then _, err = check.finite(now, "now", -huge) end
		if err then return {status = "failed", why = err, replans = 0} end
		body_c.feet[0], body_c.feet[1], body_c.feet[2] = p.x + 0.5, p.y + 0.5, p.z + 0.5
		body_c.velocity[0], body_c.velocity[1], body_c.velocity[2] = v.x, v.y, v.z
		body_c.on_ground = body.on_ground and 1 or 0
		body_c.in_liquid = body.in_liquid and 1 or 0
		body_c.on_climbable = body.on_climbable and 1 or 0
		if lib.voxnav_follower_update(self.c, body_c, now or now_us() / 1e6, steer_c) ~= 0 then
			return {status = "failed", why = ctx.last_error(), replans = 0}
		end
		local s = steer_c
		local out = {
			status = status_names[s.status] or "failed",
			waypoint = s.waypoint,
			target = {x = s.target[0] - 0.5, y = s.target[1] - 0.5, z = s.target[2] - 0.5},
			heading = {x = s.heading[0], z = s.heading[1]},
			speed = s.speed,
			jump = s.jump ~= 0,
			sprint = s.sprint ~= 0,
			climb = s.climb,
			replans = s.replans,
		}
		-- open: the door's voxels, one door (a two-block door lists its
		-- lower half, then its upper half): open it with one toggle.
		if s.has_open ~= 0 then
			out.open = {voxel_pos(s.open)}
			if s.open_both_halves ~= 0 then
				local up = voxel_pos(s.open)
				out.open[2] = {x = up.x, y = up.y + 1, z = up.z}
			end
		end
		if s.has_dig ~= 0 then out.dig = voxel_pos(s.dig) end
		if s.has_place ~= 0 then out.place = voxel_pos(s.place) end
		if s.has_close ~= 0 then out.close = voxel_pos(s.close) end
		if s.status >= 3 then out.why = ffi.string(lib.voxnav_follower_why(self.c)) end
		return out
	end

	-- Doors, gates and trapdoors: open or close a node (idempotent).
	local function set_open(pos, open)
		if doors and doors.get then
			local d = doors.get(pos)
			if d then
				if open then d:open(nil) else d:close(nil) end
				return
			end
		end
		local def, node = node_def(pos.x, pos.y, pos.z)
		if not def or not def.on_rightclick then return end
		local is_open = node.name:find("_open$") ~= nil
		if is_open ~= open then
			pcall(def.on_rightclick, pos, node, nil, ItemStack(""), {type = "node", under = pos, above = pos})
		end
	end

	local walkers, n_walkers = {}, 0
	local step_us, steps = {}, 0

	local Walker = {}
	Walker.__index = Walker

	function Walker:stop() self:finish("stopped") end
	function Walker:set_goal(goal) return self.follower:set_goal(goal) end

	function Walker:finish(status, why)
		if self.status ~= "walking" then return end
		self.status = status
		walkers[self] = nil
		n_walkers = n_walkers - 1
		local o = self.object
		if o:get_pos() then
			o:set_velocity({x = 0, y = 0, z = 0})
			o:set_acceleration({x = 0, y = -GRAVITY, z = 0})
		end
		if self.on_done then
			local ok, err = pcall(self.on_done, status, {why = why, replans = self.replans, seconds = self.t - self.t0})
			if not ok then minetest.log("error", "[voxnav] walk's on_done raised: " .. tostring(err)) end
		end
	end

	-- voxnav.walk: opts.on_done(status, info), opts.timeout (seconds, 600),
	-- opts.give_up (stuck spells before "stuck", 3), opts.weight, opts.max_nodes,
	-- opts.place_node (what a builder places, "default:dirt"), opts.persistent
	-- (true: the walker stays after arriving or finding no path, waiting for
	-- walker:set_goal; only stop() and the timeout end it).
	function voxnav.walk(object, goal, agent, opts)
		opts = opts or {}
		if type(opts) ~= "table" then return nil, "opts must be a table or nil" end
		if type(object) ~= "userdata" or not object.get_pos or not object:get_pos() then
			return nil, "object must be a live ObjectRef"
		end
		if opts.on_done ~= nil and type(opts.on_done) ~= "function" then return nil, "opts.on_done must be a function" end
		local timeout, give_up, err = 600, 3, nil
		if opts.timeout ~= nil then
			timeout, err = check.number(opts.timeout, "opts.timeout", "it must be a number of seconds > 0 (math.huge: never)", 0, huge, true)
			if not timeout then return nil, err end
		end
		if opts.give_up ~= nil then
			give_up, err = check.count(opts.give_up, "opts.give_up", 1, 2147483647)
			if not give_up then return nil, err end
		end
		local f, err = voxnav.follower(agent, goal, opts)
		if not f then return nil, err end
		local def = agent
		if type(agent) ~= "table" then
			def = (agents.by_name[agent or "player"] or {}).def or {}
		end
		local jump_height = def.jump_height or 1
		local now = now_us() / 1e6
		local w = setmetatable({
			object = object, follower = f, on_done = opts.on_done, status = "walking",
			timeout = timeout, give_up = give_up, stuck_spells = 0, was_stuck = false,
			jump_speed = sqrt(2 * GRAVITY * (jump_height + 0.1)),
			climb_speed = def.climb_speed or 2.35, swim_speed = def.swim_speed or 2,
			t0 = now, t = now, replans = 0, opened = {}, waited = 0, ready = false,
			place_node = opts.place_node or "default:dirt", persistent = opts.persistent == true,
		}, Walker)
		walkers[w] = true
		n_walkers = n_walkers + 1
		return w
	end

	-- The map blocks around the body and the goal mirrored and every edit
	-- derived (within the call budget; the server steps do the rest): true
	-- when the follower can plan. Gives up waiting after 400 steps.
	local function ensure_mirrored(w, body)
		local g = w.follower.goal
		if type(g) == "userdata" then g = g:get_pos() elseif g.pos then g = g.pos end
		if not g then return true end
		local p, m = body.pos, ctx.settings.query_margin
		local minp = {x = math.min(p.x, g.x) - m, y = math.min(p.y, g.y) - m, z = math.min(p.z, g.z) - m}
		local maxp = {x = math.max(p.x, g.x) + m, y = math.max(p.y, g.y) + m, z = math.max(p.z, g.z) + m}
		local t0 = now_us()
		local ok, fresh = mirror.ensure(minp, maxp, ctx.settings.max_blocks_per_query, ctx.settings.call_budget_us, t0)
		-- Edits not derived yet (a mod building where the walker goes): derive
		-- them now when that fits, else wait for the next server step's.
		if ok and not fresh and mirror.sync(ctx.settings.call_budget_us - (now_us() - t0)) then
			w.ready = true
			return true
		end
		w.waited = w.waited + 1
		if w.waited > 400 then w.ready = true end  -- plan on what there is (no_path says so)
		return w.ready
	end

	-- One walker, one server step: read the body, ask the follower, move.
	local function drive(w, now)
		local o = w.object
		if not o:get_pos() then return w:finish("failed", "the object is gone") end
		w.t = now
		if now - w.t0 > w.timeout then return w:finish("timeout", "not there after " .. w.timeout .. " s") end
		if w.persistent and w.follower.goal_changed then w.ready, w.waited, w.follower.goal_changed = false, 0, false end
		local body = voxnav.body_state(o)
		if not w.ready and not ensure_mirrored(w, body) then
			o:set_velocity({x = 0, y = o:get_velocity().y, z = 0})
			return
		end
		local s = w.follower:update(body, now)
		w.replans = s.replans
		w.last = s
		if s.status == "arrived" or s.status == "no_path" or s.status == "failed" then
			if not w.persistent then return w:finish(s.status, s.why) end
			-- A persistent walker waits there for its next goal.
			o:set_velocity({x = 0, y = body.velocity.y, z = 0})
			o:set_acceleration({x = 0, y = -GRAVITY, z = 0})
			return
		end
		if s.status == "stuck" then
			if not w.was_stuck then
				w.stuck_spells = w.stuck_spells + 1
				if w.stuck_spells >= w.give_up then return w:finish("stuck", s.why) end
			end
			w.was_stuck = true
		else
			w.was_stuck = false
		end
		-- A door is opened once (the follower may ask until the body is
		-- through: a navigator without block ids cannot see it open) and
		-- the body waits the step it opens.
		local opening = false
		if s.open then
			-- One door (both halves of a two-block door are listed): one
			-- toggle, of its lower node.
			local door = s.open[1]
			local k = minetest.hash_node_position(door)
			if not w.opened[k] then
				set_open(door, true)
				w.opened[k], opening = true, true
			end
		end
		if s.close then
			set_open(s.close, false)
			w.opened[minetest.hash_node_position(s.close)] = nil
		end
		if s.dig then minetest.remove_node(s.dig) end
		if s.place then minetest.set_node(s.place, {name = w.place_node}) end
		-- Move: horizontal from the steering, vertical by the body's medium.
		local moving = s.status == "moving" or s.status == "replanning"
		local sp = moving and s.speed or 0
		if opening or s.dig or s.place then sp = 0 end  -- the door first
		local v = body.velocity
		local vx, vz = s.heading.x * sp, s.heading.z * sp
		-- Do not overshoot the target in one step.
		local dx, dz = s.target.x - body.pos.x, s.target.z - body.pos.z
		local dist = sqrt(dx * dx + dz * dz)
		local dtime = w.dtime or 0.09
		if sp > 0 and dist < sp * dtime then vx, vz = dx / dtime, dz / dtime end
		local vy, ay = v.y, -GRAVITY
		if body.on_climbable and moving and (s.climb ~= 0 or s.target.y > body.pos.y + 0.05) then
			ay = 0
			vy = (s.climb ~= 0 and s.climb or 1) * w.climb_speed
			if s.climb > 0 then vx, vz = vx * 0.3, vz * 0.3 end  -- centre on the ladder, then up
		elseif body.in_liquid and moving then
			ay = 0
			local dy = s.target.y - body.pos.y
			vy = math.max(-w.swim_speed, math.min(w.swim_speed, dy * 4))
			if s.jump and dy > 0.05 then vy = math.max(vy, w.swim_speed) end
		elseif s.jump and body.on_ground then
			vy = w.jump_speed
		elseif body.on_climbable and moving then
			ay, vy = 0, 0  -- holding on
		end
		o:set_acceleration({x = 0, y = ay, z = 0})
		o:set_velocity({x = vx, y = vy, z = vz})
		if sp > 0 then o:set_yaw(math.atan2(-s.heading.x, s.heading.z)) end
	end

	minetest.register_globalstep(function(dtime)
		if n_walkers == 0 then return end
		local t0 = now_us()
		local now = t0 / 1e6
		for w in pairs(walkers) do
			w.dtime = dtime
			local ok, err = pcall(drive, w, now)
			if not ok then
				minetest.log("error", "[voxnav] walk: " .. tostring(err))
				w:finish("failed", tostring(err))
			end
		end
		steps = steps + 1
		step_us[#step_us + 1] = now_us() - t0
	end)

	function voxnav.walk_stats(reset)
		local out = {steps = steps, us = step_us, walkers = n_walkers,
			plans_turned_away = tonumber(lib.voxnav_planning_budget_turned_away(budget))}
		if reset then step_us, steps = {}, 0 end
		return out
	end
end
