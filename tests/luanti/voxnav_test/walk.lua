-- SPDX-License-Identifier: MIT
-- The walk test (mode "walk"): physical entities follow routes with
-- voxnav.walk and Luanti's own entity physics, on the built course, on an
-- open arena with edits during the walk (a door closed in front, a wall
-- placed across, the floor dug out, a door opened elsewhere) and on natural
-- terrain; then 200 walkers given a new goal every 3 s while the mod's time
-- per server step is recorded. Checks: at least 99% arrive, every edit that
-- breaks a route causes a re-plan, no entity ever stands inside a solid
-- node. Returns run(env), env holding the test's helpers.
local W = {}

minetest.register_entity("voxnav_test:walker", {
	initial_properties = {
		physical = true, collide_with_objects = false, static_save = false,
		-- A player's box: 0.6 wide, 1.77 tall, feet at the position.
		collisionbox = {-0.3, 0, -0.3, 0.3, 1.77, 0.3},
		stepheight = 0.6, visual = "cube", visual_size = {x = 0.6, y = 1.77},
	},
})

-- A solid node: a full walkable cube (doors, slabs, stairs, fences and
-- ladders are not: a body may stand in their node beside their box).
local function solid_at(p)
	local n = minetest.get_node_or_nil(p)
	local d = n and minetest.registered_nodes[n.name]
	return d ~= nil and d.walkable ~= false and (d.drawtype == "normal" or d.drawtype == nil) and
		(d.node_box == nil or d.node_box.type == "regular") and (d.collision_box == nil or d.collision_box.type == "regular")
end

-- A walker entity standing at node p (feet on the node below p: a node
-- spans y - 0.5 .. y + 0.5). Also used by the docs mode (docs.lua).
function W.spawn(p)
	return minetest.add_entity({x = p.x, y = p.y - 0.5 + 0.01, z = p.z}, "voxnav_test:walker")
end

-- A flat stone floor under feet level y over columns x1..x2, z1..z2, with
-- `height` + 1 nodes of air above it (y .. y + height). Also used by the
-- docs mode.
function W.flat_floor(x1, z1, x2, z2, y, height)
	for x = x1, x2 do
		for z = z1, z2 do
			minetest.set_node({x = x, y = y - 1, z = z}, {name = "default:stone"})
			for yy = y, y + height do minetest.set_node({x = x, y = yy, z = z}, {name = "air"}) end
		end
	end
end

function W.run(env)
	local fail, expect, p2s, wait_step, results = env.fail, env.expect, env.p2s, env.wait_step, env.results
	local walks = {}  -- every walk: {name, status, why, replans, seconds, edit = {...}}
	local inside = {}  -- entities seen inside a solid node

	local spawn = W.spawn

	-- Starts a walk; its record fills in when it ends.
	local function start(name, from, to, agent)
		local obj = spawn(from)
		if not obj then
			fail(name .. ": could not spawn an entity at " .. p2s(from))
			return nil
		end
		local rec = {name = name, from = from, to = to, status = "walking"}
		local w, err = voxnav.walk(obj, to, agent or "player", {
			timeout = 120,
			on_done = function(status, info)
				rec.status, rec.why, rec.replans, rec.seconds = status, info.why, info.replans, info.seconds
				local p = obj:get_pos()
				rec.at = p and vector.round(p)
				-- The judge looks at the body: left alone (the walk has let
				-- go), it must come to rest on the goal (settle_step).
				rec.settle = {steps = 0, still = 0, last = p}
			end,
		})
		if not w then
			fail(name .. ": voxnav.walk refused: " .. tostring(err))
			obj:remove()
			return nil
		end
		rec.walker, rec.object = w, obj
		walks[#walks + 1] = rec
		return rec
	end

	-- After its walk ended: one server step of the body left alone. It has
	-- come to rest once it moved less than REST_MOVE in each of REST_STEPS
	-- steps (at most SETTLE_STEPS, about 2 s); then it counts as arrived only
	-- within REST_XZ of the goal node's centre horizontally and REST_Y of its
	-- floor (feet y - 0.5), however the walk ended. The entity is then removed.
	local REST_STEPS, SETTLE_STEPS, REST_MOVE, REST_XZ, REST_Y = 3, 22, 0.001, 0.5, 0.6
	local function settle_step(r)
		local st = r.settle
		local p = r.object:get_pos()
		if p and st.last then st.still = vector.distance(p, st.last) < REST_MOVE and st.still + 1 or 0 end
		st.last, st.steps = p, st.steps + 1
		if st.still < REST_STEPS and st.steps < SETTLE_STEPS and p then return false end
		if p then
			r.rest_at = p
			r.rest_off_xz = math.hypot(p.x - r.to.x, p.z - r.to.z)
			r.rest_off_y = p.y - (r.to.y - 0.5)
		end
		r.came_to_rest = p ~= nil and st.still >= REST_STEPS
		r.at_rest_on_goal = r.came_to_rest and r.rest_off_xz <= REST_XZ and math.abs(r.rest_off_y) <= REST_Y
		r.settle = nil
		r.object:remove()
		return true
	end

	-- Lets server steps pass until every walk in `list` ended and its body
	-- settled (or `limit` seconds), checking each step that no entity stands
	-- inside a solid node.
	local function wait_walks(list, limit, each_step)
		local t0 = minetest.get_us_time()
		while (minetest.get_us_time() - t0) / 1e6 < limit do
			local running = 0
			for _, r in ipairs(list) do
				if r.settle and not settle_step(r) then running = running + 1 end
				if r.status == "walking" then
					running = running + 1
					local p = r.object:get_pos()
					if p then
						for _, dy in ipairs({0.1, 1.0, 1.6}) do
							local q = vector.round({x = p.x, y = p.y + dy, z = p.z})
							if solid_at(q) then
								inside[#inside + 1] = r.name .. " at " .. p2s(q)
								break
							end
						end
					end
				end
			end
			if each_step then each_step() end
			if running == 0 then return end
			wait_step()
		end
		for _, r in ipairs(list) do
			if r.status == "walking" then r.walker:stop() end
			if r.settle then
				r.settle = nil
				r.object:remove()
			end
		end
	end

	-- 1. The course: door, stairs, slabs, a gate, a pool, a ladder.
	local c = results.course_positions
	local course_walks = {}
	for i = 1, 5 do course_walks[i] = start("course " .. i, c.start, c.before_steel) end
	wait_walks(course_walks, 150)

	-- 2. An open arena with edits during the walk.
	local o = vector.add(env.course_origin, {x = 14, y = 1, z = 14})
	local function at(x, y, z) return {x = o.x + x, y = o.y + y, z = o.z + z} end
	local vm_min, vm_max = at(-1, -1, -1), at(31, 8, 31)
	W.flat_floor(vm_min.x, vm_min.z, vm_max.x, vm_max.z, o.y, 8)
	-- A wall across z = 16 with a wooden door at x = 15 (the only way
	-- through), built open: the route walks through it.
	for x = 0, 30 do for y = 0, 2 do minetest.set_node(at(x, y, 16), {name = "default:stone"}) end end
	env.course.place_door(at(15, 0, 16), "doors:door_wood_a", 0, 0)  -- facing z: across the way through
	doors.get(at(15, 0, 16)):open(nil)
	for _ = 1, 3 do wait_step() end

	local edits = {}
	-- Each edit: a walk, a moment (the body within `when` nodes of `near`),
	-- the edit, and whether it breaks the route.
	local function edit_walk(name, from, to, near, when, apply, breaks)
		local r = start("arena: " .. name, from, to)
		if not r then return end
		local e = {name = name, breaks = breaks, done = false}
		r.edit = e
		edits[#edits + 1] = {rec = r, e = e, near = near, when = when, apply = apply}
	end
	-- Each step: the edits whose walker came near enough, applied once.
	local function apply_due_edits()
		for _, ed in ipairs(edits) do
			if not ed.e.done and ed.rec.status == "walking" then
				local p = ed.rec.object:get_pos()
				if p and vector.distance(p, ed.near) <= ed.when then
					ed.e.replans_before = ed.rec.walker.replans
					ed.apply()
					ed.e.done = true
				end
			end
		end
	end
	-- The door closed in front of a walker going through it.
	edit_walk("door closed in front", at(15, 0, 8), at(15, 0, 24), at(15, 0, 16), 5,
		function() doors.get(at(15, 0, 16)):close(nil) end, true)
	wait_walks({walks[#walks]}, 60, apply_due_edits)
	-- A wall placed across, a floor dug out, a door opened elsewhere: three
	-- walkers on the arena's south side (z < 16) at once.
	edit_walk("wall placed across", at(2, 0, 4), at(28, 0, 4), at(14, 0, 4), 6, function()
		for z = 0, 8 do for y = 0, 2 do minetest.set_node(at(16, y, z), {name = "default:stone"}) end end
	end, true)
	edit_walk("floor dug out", at(2, 0, 12), at(28, 0, 12), at(14, 0, 12), 6, function()
		for x = 16, 18 do
			for z = 9, 14 do
				for y = -1, -4, -1 do minetest.set_node(at(x, y, z), {name = "air"}) end
			end
		end
	end, true)
	edit_walk("door opened elsewhere", at(28, 0, 24), at(2, 0, 28), at(15, 0, 26), 8, function()
		doors.get(at(15, 0, 16)):open(nil)
	end, false)
	local arena = {}
	for i = 2, #edits do arena[#arena + 1] = edits[i].rec end
	wait_walks(arena, 90, apply_due_edits)
	for _, ed in ipairs(edits) do
		local e, r = ed.e, ed.rec
		expect(e.done, "arena: " .. e.name .. ": the edit never happened (the walker never came near)")
		e.replans_after = r.replans
		if e.done and e.breaks then
			expect((r.replans or 0) > (e.replans_before or 0),
				"arena: " .. e.name .. ": the edit broke the route but the walker did not re-plan (" ..
				tostring(e.replans_before) .. " -> " .. tostring(r.replans) .. ")")
		end
	end

	-- 3. Natural terrain: seeded pairs with a route, all walking at once.
	local rng = PcgRandom(env.seed + 1)
	local terrain = {}
	local tries = 0
	while #terrain < 30 and tries < 3000 do
		tries = tries + 1
		local a = env.surface(rng:next(env.area.minp.x + 16, env.area.maxp.x - 16), rng:next(env.area.minp.z + 16, env.area.maxp.z - 16))
		local b = a and env.surface(a.x + rng:next(-24, 24), a.z + rng:next(-24, 24))
		if a and b then
			local path, info = env.find(a, b, "player", {max_nodes = 100000})
			if path and info.status == "found" then
				local r = start("terrain " .. (#terrain + 1), a, b)
				if r then terrain[#terrain + 1] = r end
			end
		end
	end
	expect(#terrain >= 20, "only " .. #terrain .. " terrain pairs with a route")
	wait_walks(terrain, 120)

	-- Arrivals.
	-- Arrived: the body came to rest on the goal (settle_step), whatever the
	-- walk said; what the walk said is counted apart.
	local arrived, said_arrived, failed_list = 0, 0, {}
	local max_xz, max_y = 0, 0  -- the largest rest offsets of bodies that came to rest
	for _, r in ipairs(walks) do
		if r.status == "arrived" then said_arrived = said_arrived + 1 end
		if r.came_to_rest then max_xz, max_y = math.max(max_xz, r.rest_off_xz), math.max(max_y, math.abs(r.rest_off_y)) end
		if r.at_rest_on_goal then
			arrived = arrived + 1
		else
			failed_list[#failed_list + 1] = string.format("%s %s->%s: said %s; %s (%s; %s re-plans)", r.name, p2s(r.from), p2s(r.to),
				tostring(r.status), r.rest_at and string.format("came %sto rest at (%.2f,%.2f,%.2f), %.2f aside, %.2f above the goal's floor",
					r.came_to_rest and "" or "not ", r.rest_at.x, r.rest_at.y, r.rest_at.z, r.rest_off_xz, r.rest_off_y) or "no body",
				tostring(r.why), tostring(r.replans))
		end
	end
	results.walk = {walks = #walks, said_arrived = said_arrived, arrived = arrived, failures = failed_list, inside_solid = inside,
		max_rest_offset_xz = max_xz, max_rest_offset_y = max_y,
		edits = (function()
			local l = {}
			for _, ed in ipairs(edits) do l[#l + 1] = ed.e end
			return l
		end)()}
	for _, f in ipairs(failed_list) do minetest.log("action", "[voxnav_test] walk did not arrive: " .. f) end
	expect(arrived >= 0.99 * #walks, arrived .. " of " .. #walks .. " walks arrived at rest on the goal (at least 99% must; " ..
		said_arrived .. " said arrived): " ..
		table.concat(failed_list, "; "))
	expect(#inside == 0, #inside .. " times an entity stood inside a solid node: " .. table.concat(inside, "; ", 1, math.min(5, #inside)))

	-- 4. 200 walkers, each given a new goal every 3 s, for 15 s: the mod's
	-- time per server step against the step's dtime.
	local crowd = {}
	tries = 0
	while #crowd < 200 and tries < 20000 do
		tries = tries + 1
		local a = env.surface(rng:next(env.area.minp.x + 16, env.area.maxp.x - 16), rng:next(env.area.minp.z + 16, env.area.maxp.z - 16))
		local b = a and env.surface(a.x + rng:next(-12, 12), a.z + rng:next(-12, 12))
		if b then
			local obj = spawn(a)
			local w = obj and voxnav.walk(obj, b, "player", {timeout = 60, give_up = 1000, persistent = true})
			if w then crowd[#crowd + 1] = {w = w, obj = obj, home = a} end
		end
	end
	expect(#crowd == 200, "only " .. #crowd .. " of 200 crowd walkers started")
	voxnav.walk_stats(true)
	local dtimes = {}
	local last = minetest.get_us_time()
	local t0 = last
	local next_goal = 0
	while (minetest.get_us_time() - t0) / 1e6 < 15 do
		local now = minetest.get_us_time()
		if (now - t0) / 1e6 >= next_goal then
			next_goal = next_goal + 3
			for _, m in ipairs(crowd) do
				local p = m.obj:get_pos()
				local g = p and env.surface(math.floor(p.x + 0.5) + rng:next(-12, 12), math.floor(p.z + 0.5) + rng:next(-12, 12))
				if g then m.w:set_goal(g) end
			end
		end
		wait_step()
		local t = minetest.get_us_time()
		dtimes[#dtimes + 1] = t - last
		last = t
	end
	local st = voxnav.walk_stats(true)
	for _, m in ipairs(crowd) do
		m.w:stop()
		m.obj:remove()
	end
	local step_dtime = (tonumber(minetest.settings:get("dedicated_server_step")) or 0.09) * 1e6
	results.crowd = {walkers = #crowd, steps = st.steps, mod_us_p50 = env.percentile(st.us, 0.5),
		mod_us_p99 = env.percentile(st.us, 0.99), mod_us_max = env.percentile(st.us, 1),
		server_step_dtime_us = step_dtime, step_interval_us_p50 = env.percentile(dtimes, 0.5),
		step_interval_us_p99 = env.percentile(dtimes, 0.99)}
	minetest.log("action", "[voxnav_test] 200 walkers: mod time per step p50 " .. results.crowd.mod_us_p50 .. " us, p99 " ..
		results.crowd.mod_us_p99 .. " us, max " .. results.crowd.mod_us_max .. " us (dtime " .. step_dtime .. " us)")
	print(string.format("walks %d, said arrived %d, arrived at rest %d (largest rest offsets %.2f aside, %.2f in height); 200 walkers: mod time per step p50 %d us, p99 %d us, max %d us; step dtime %d us",
		#walks, said_arrived, arrived, results.walk.max_rest_offset_xz, results.walk.max_rest_offset_y, results.crowd.mod_us_p50, results.crowd.mod_us_p99, results.crowd.mod_us_max, step_dtime))
	expect(results.crowd.mod_us_p99 < step_dtime, "200 walkers: the mod's p99 time per step " .. results.crowd.mod_us_p99 ..
		" us exceeds the step's dtime " .. step_dtime .. " us")
end

return W
