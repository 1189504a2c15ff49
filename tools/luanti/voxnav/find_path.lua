-- SPDX-License-Identifier: MIT
-- minetest.find_path from voxnav (setting voxnav_replace_find_path). The
-- engine's own stays reachable as voxnav.engine_find_path.
--
-- find_path(pos1, pos2, searchdistance, max_jump, max_drop, algorithm)
-- returns the positions from pos1 to pos2, both included, or nil, as the
-- engine's does. The agent is a mob of 1 x 2 nodes that jumps max_jump
-- nodes, drops max_drop, swims, walks diagonally and opens no doors; the
-- algorithm argument is ignored (voxnav's A* is exact). searchdistance
-- bounds the search as the engine's does: the mirrored box around the two
-- positions, and a node budget of that box's area (at most
-- voxnav_max_nodes_per_call). It answers nil, as the engine does when it
-- finds nothing, also while voxnav is not ready for the query (status
-- "not_ready" of voxnav.find_path): mobs ask again later anyway.
return function(ctx)
	voxnav.engine_find_path = minetest.find_path

	local function mob_def(max_jump, max_drop)
		local def = {height = 2, width = 1, step_height = 0.6, max_fall = max_drop, opens = {}}
		if max_jump <= 0 then
			def.jump = false
		else
			def.jump_height = max_jump
		end
		return def
	end

	-- The engine's arguments as whole numbers in lo..hi: a number (not
	-- NaN: ctx.check) rounded down and clamped, else the default (the
	-- engine's own find_path never raises on them either).
	local function whole(v, default, lo, hi)
		if not ctx.check.number(tonumber(v), "", "", -math.huge, math.huge) then return default end
		return math.max(lo, math.min(math.floor(tonumber(v)), hi))
	end

	local cache = {}
	function voxnav.find_path_compatible(pos1, pos2, searchdistance, max_jump, max_drop, algorithm)
		searchdistance = whole(searchdistance, 16, 1, 256)
		max_jump = whole(max_jump, 1, 0, 8)
		max_drop = whole(max_drop, 1, 0, 64)
		local key = max_jump .. ":" .. max_drop
		local def = cache[key]
		if not def then
			def = mob_def(max_jump, max_drop)
			cache[key] = def
		end
		-- (voxnav.find_path names bad positions; this answers nil for them.)
		if not ctx.check.pos(pos1, "pos1") or not ctx.check.pos(pos2, "pos2") then return nil end
		local dx = math.abs(pos2.x - pos1.x)
		local dz = math.abs(pos2.z - pos1.z)
		local area = (dx + 2 * searchdistance + 1) * (dz + 2 * searchdistance + 1)
		local path, info = voxnav.find_path(pos1, pos2, def, {
			margin = searchdistance,
			max_nodes = math.floor(math.min(200000, area * (max_drop + max_jump + 2))),
		})
		if not path or info.status ~= "found" then return nil end
		local out = {}
		for i, p in ipairs(path) do out[i] = vector.new(p.x, p.y, p.z) end
		return out
	end

	if ctx.settings.replace_find_path then
		minetest.find_path = voxnav.find_path_compatible
		-- The usual mob (jumps 1 node) while the mirror is empty: its facts
		-- then grow with the map instead of being derived at its first call.
		ctx.agents.navigator(assert(ctx.agents.profile_json(mob_def(1, 3))))
	end
end
