-- SPDX-License-Identifier: MIT
-- Checks a voxnav route against the live map and Luanti's node definitions:
-- every waypoint's body in open space (air, liquids, ladders, doors the
-- move opens, open doors; a doors:hidden over a door is its upper half), a floor under walk, jump, fall and open moves,
-- rises within the agent's jump (climbs and swims aside) and drops within
-- its fall (or into water), one node sideways per move at most.
local check = {}

local function def_of(pos)
	local n = minetest.get_node_or_nil(pos)
	if not n then return nil, nil end
	return minetest.registered_nodes[n.name], n
end

-- Lowest collision top of a walkable node (a slab's, a stair's low half),
-- in node space (-0.5 .. 1.5), from its collision or node box; full cubes 0.5.
local function lowest_top(def)
	local cb = def.collision_box
	if not cb and def.drawtype == "nodebox" then cb = def.node_box end
	if type(cb) ~= "table" or (cb.type ~= "fixed" and cb.type ~= "connected" and cb.type ~= "leveled") then return 0.5 end
	local f = cb.fixed
	if type(f) ~= "table" then return 0.5 end
	if type(f[1]) == "number" then f = {f} end
	local lo = nil
	for _, b in ipairs(f) do lo = math.min(lo or b[5], b[5]) end
	return lo or 0.5
end

local function openable(name, def)
	return (doors and ((doors.registered_doors and doors.registered_doors[name]) or
		(doors.registered_trapdoors and doors.registered_trapdoors[name]))) or def._gate ~= nil
end

local function is_door(name)
	return doors and doors.registered_doors and doors.registered_doors[name] ~= nil
end

-- True when a body may be in this node at `pos`: no collision, an open (or
-- opened) door, a ladder. A doors:hidden over a door is that door's upper
-- half (the door's collision box is two nodes tall): passable only when the
-- door is open or this step opens it; elsewhere only its hinge pin, which
-- does not count.
local function passable(pos, name, def, opening)
	if name == "doors:hidden" then
		local below = minetest.get_node_or_nil({x = pos.x, y = pos.y - 1, z = pos.z})
		if below and is_door(below.name) then
			return opening or below.name:sub(-2) == "_c" or below.name:sub(-2) == "_d"
		end
		return true
	end
	if not def.walkable then return true end
	if openable(name, def) then
		if opening then return true end
		return name:sub(-2) == "_c" or name:sub(-2) == "_d" or name:sub(-5) == "_open"
	end
	return false
end
check.passable = passable

-- Returns nil when the route holds, else a sentence naming the step.
function check.route(path, agent)
	local height = agent.height or 2
	local jump = agent.jump == false and 0 or (agent.jump_height or 1)
	local step = agent.step_height or 0.6
	local max_fall = agent.max_fall or 3
	for i, p in ipairs(path) do
		local where = "step " .. i .. " (" .. p.x .. "," .. p.y .. "," .. p.z .. " " .. p.action .. ")"
		if type(p.feet_y) ~= "number" or p.feet_y < p.y - 1 or p.feet_y > p.y + 0.5 then
			return where .. ": feet_y " .. tostring(p.feet_y) .. " is not within its node"
		end
		-- The body: nodes from the feet's node up to the head. A door the
		-- move opens first is listed in p.open.
		local function opened_here(y)
			for _, o in ipairs(p.open or {}) do
				if o.x == p.x and o.y == y and o.z == p.z then return true end
			end
			return false
		end
		for _, o in ipairs(p.open or {}) do
			if o.x ~= p.x or o.z ~= p.z then return where .. ": opens a node outside its body column" end
		end
		local y = math.floor(p.feet_y + 0.5 + 1e-6)
		while y - 0.5 < p.feet_y + height - 1e-6 do
			local def, node = def_of({x = p.x, y = y, z = p.z})
			if not def then return where .. ": node at y " .. y .. " is unknown or unloaded" end
			if not passable({x = p.x, y = y, z = p.z}, node.name, def, opened_here(y)) then
				-- (A door's upper half: the door's box reaches its top.)
				local lo = node.name == "doors:hidden" and 0.5 or lowest_top(def)
				-- The node the feet stand in (a slab, a stair's low half).
				if not (y - 0.5 < p.feet_y + 1e-6 and y + lo <= p.feet_y + 1e-6) then
					return where .. ": " .. node.name .. " at y " .. y .. " is in the body"
				end
			end
			if (tonumber(def.damage_per_second) or 0) > 0 then
				return where .. ": " .. node.name .. " at y " .. y .. " hurts the body"
			end
			y = y + 1
		end
		if i > 1 then
			local q = path[i - 1]
			local dx, dz = math.abs(p.x - q.x), math.abs(p.z - q.z)
			if p.action == "leap" then
				-- A running jump along an axis over at most jump_distance nodes.
				if (dx > 0 and dz > 0) or dx + dz < 2 or dx + dz > (agent.jump_distance or 0) + 1 then
					return where .. ": a leap of " .. dx .. " x " .. dz .. " nodes (jump_distance " .. tostring(agent.jump_distance) .. ")"
				end
			elseif dx > 1 or dz > 1 then
				return where .. ": moves more than one node sideways"
			end
			local rise = p.feet_y - q.feet_y
			local def_feet = def_of({x = p.x, y = math.floor(p.feet_y + 0.5 + 1e-6), z = p.z})
			local in_liquid = def_feet and def_feet.liquidtype ~= "none"
			local below = def_of({x = p.x, y = math.floor(p.feet_y + 0.5 - 1e-3), z = p.z})
			local into_water = in_liquid or (below and below.liquidtype ~= "none")
			if p.action == "walk" then
				-- Up a stair from its low side: two half steps, one move.
				local stair = below and below.groups and below.groups.stair
				local limit = stair and math.max(step, 1) or step
				if rise > limit + 1e-6 then return where .. ": a walk rises " .. rise .. " (step height " .. step .. ")" end
			elseif p.action == "jump" then
				if rise > jump + 1e-6 then return where .. ": a jump rises " .. rise .. " (jump height " .. jump .. ")" end
			elseif p.action == "leap" then
				if rise > 1e-6 then return where .. ": a leap rises " .. rise end
			elseif p.action == "fall" then
				if -rise > max_fall + 1e-6 and not into_water then return where .. ": falls " .. -rise .. " (max_fall " .. max_fall .. ")" end
			elseif p.action == "swim" then
				if not into_water and not (def_of({x = q.x, y = math.floor(q.feet_y + 0.5 + 1e-6), z = q.z}) or {}).liquidtype then
					return where .. ": a swim out of water"
				end
			elseif p.action == "climb" then
				local here = def_of({x = p.x, y = math.floor(p.feet_y + 0.5 + 1e-6), z = p.z})
				local there = def_of({x = q.x, y = math.floor(q.feet_y + 0.5 + 1e-6), z = q.z})
				if not ((here and here.climbable) or (there and there.climbable)) then return where .. ": a climb with no ladder" end
			else
				return where .. ": unknown action"
			end
			-- A floor under the feet of a move that ends standing.
			if p.action == "walk" or p.action == "jump" or p.action == "leap" or p.action == "fall" then
				if not below then return where .. ": the node under the feet is unloaded" end
				local ok = below.walkable or below.climbable or below.liquidtype ~= "none" or in_liquid or (def_feet and def_feet.climbable)
				if not ok then return where .. ": nothing to stand on (" .. tostring(below.name) .. ")" end
			end
		end
	end
	return nil
end

return check
