-- SPDX-License-Identifier: MIT
-- The built course: a walled corridor along +x from `o`, feet level o.y + 1,
-- through (in order) a wooden door, a staircase up, slabs down, a fence
-- with a gate, a pool to swim, a ladder up a wall and a steel door.
-- Returns the positions the tests route between and check.
--
-- Beside it (z 10..46), door lanes: one per door family of minetest_game
-- (wood, steel, glass, obsidian glass) x hinge (left: _a closed, _c open;
-- right: _b closed, _d open, as doors.door_toggle's transform table has
-- them) x closed/open. Each lane is 1 node wide, walled 5 high on every
-- side, with the door (param2 1, doors:hidden above, meta "state" as the
-- doors mod keeps it) across its middle: only the door lets a body from
-- its start to its goal. The doors stand in the top layer of a map block
-- (y = 16b + 15), so their upper halves are in the block above.
local course = {}

course.DOOR_FAMILIES = {"door_wood", "door_steel", "door_glass", "door_obsidian_glass"}
-- suffix -> {hinge, open, doors mod state}
course.DOOR_KINDS = {
	{suffix = "_a", hinge = "left", open = false, state = 0},
	{suffix = "_c", hinge = "left", open = true, state = 1},
	{suffix = "_b", hinge = "right", open = false, state = 2},
	{suffix = "_d", hinge = "right", open = true, state = 3},
}

-- Places a door node and its doors:hidden as the doors mod does (param2:
-- its facing, 1 by default: a door across a lane along x).
function course.place_door(pos, name, state, param2)
	param2 = param2 or 1
	minetest.set_node(pos, {name = name, param2 = param2})
	minetest.set_node({x = pos.x, y = pos.y + 1, z = pos.z}, {name = "doors:hidden", param2 = param2})
	minetest.get_meta(pos):set_int("state", state)
end

local function build_door_lanes(o)
	local function set(x, y, z, name)
		minetest.set_node({x = o.x + x, y = o.y + y, z = o.z + z}, {name = name})
	end
	local y0 = 14  -- the lanes' floor; doors at o.y + 15 (o.y is a block's bottom)
	assert((o.y + y0 + 1) % 16 == 15, "the door lanes' doors must stand in a block's top layer")
	for x = -1, 9 do
		for z = 10, 46 do
			for y = y0, y0 + 10 do set(x, y, z, "air") end
		end
	end
	local lanes = {}
	local i = 0
	for _, family in ipairs(course.DOOR_FAMILIES) do
		for _, kind in ipairs(course.DOOR_KINDS) do
			local z = 12 + 2 * i
			i = i + 1
			for x = 0, 8 do
				set(x, y0, z, "default:stone")
				for y = y0 + 1, y0 + 5 do
					set(x, y, z - 1, "default:stone")
					set(x, y, z + 1, "default:stone")
				end
			end
			for y = y0 + 1, y0 + 5 do
				set(0, y, z, "default:stone")
				set(8, y, z, "default:stone")
			end
			local door = {x = o.x + 4, y = o.y + y0 + 1, z = o.z + z}
			course.place_door(door, "doors:" .. family .. kind.suffix, kind.state)
			lanes[#lanes + 1] = {
				name = family .. kind.suffix, family = family, suffix = kind.suffix, hinge = kind.hinge, open = kind.open,
				door = door, start = {x = o.x + 2, y = door.y, z = door.z}, goal = {x = o.x + 6, y = door.y, z = door.z},
			}
		end
	end
	return lanes
end

function course.build(o)
	local function set(x, y, z, name, param2)
		minetest.set_node({x = o.x + x, y = o.y + y, z = o.z + z}, {name = name, param2 = param2 or 0})
	end
	-- Clear the space, lay the floor, raise the side walls.
	for x = -2, 40 do
		for z = 2, 8 do
			for y = -3, 14 do set(x, y, z, "air") end
			for y = -3, 0 do set(x, y, z, "default:stone") end
			if z == 3 or z == 7 then
				for y = 1, 12 do set(x, y, z, "default:stone") end
			end
		end
	end
	local function wall(x, y1, y2)
		for z = 4, 6 do
			for y = y1, y2 do set(x, y, z, "default:stone") end
		end
	end
	-- x = 5: a wall with a wooden door (facing -x: param2 3 puts the panel at -x... any closed door blocks).
	wall(5, 1, 12)
	set(5, 1, 5, "doors:door_wood_a", 1)
	set(5, 2, 5, "doors:hidden", 1)
	-- x = 8..10: stairs up towards +x (facedir 1: the high half at +x) to a floor at feet y 4.
	for z = 4, 6 do
		set(8, 1, z, "stairs:stair_stone", 1)
		set(9, 1, z, "default:stone"); set(9, 2, z, "stairs:stair_stone", 1)
		set(10, 1, z, "default:stone"); set(10, 2, z, "default:stone"); set(10, 3, z, "stairs:stair_stone", 1)
		for x = 11, 13 do for y = 1, 3 do set(x, y, z, "default:stone") end end
		-- x = 14..16: bottom slabs stepping down half a node at a time.
		set(14, 1, z, "default:stone"); set(14, 2, z, "default:stone"); set(14, 3, z, "stairs:slab_stone")
		set(15, 1, z, "default:stone"); set(15, 2, z, "stairs:slab_stone")
		set(16, 1, z, "stairs:slab_stone")
	end
	-- x = 19: a fence across, a gate in the middle (tall fences: not jumped over).
	for z = 4, 6 do set(19, 1, z, "default:fence_wood") end
	set(19, 1, 5, "doors:gate_wood_closed", 1)
	-- x = 22..24: a pool two deep, too wide to jump.
	for x = 22, 24 do
		for z = 4, 6 do
			set(x, 0, z, "default:water_source"); set(x, -1, z, "default:water_source")
		end
	end
	-- x = 28: a wall six high with a ladder on its -x face; a floor on top
	-- (feet y 7) that ends at a wall with a steel door at x = 32.
	for x = 28, 36 do wall(x, 1, 6) end
	for y = 1, 6 do set(27, y, 5, "default:ladder_wood", 3) end
	wall(32, 7, 12)
	set(32, 7, 5, "doors:door_steel_a", 1)
	set(32, 8, 5, "doors:hidden", 1)
	for x = 28, 36 do
		for z = 3, 7, 4 do for y = 7, 12 do set(x, y, z, "default:stone") end end
	end
	local function at(x, y, z) return {x = o.x + x, y = o.y + y, z = o.z + z} end
	return {
		start = at(1, 1, 5),
		before_steel = at(30, 7, 5),
		goal = at(34, 7, 5),
		wooden_door = at(5, 1, 5),
		steel_door = at(32, 7, 5),
		gate = at(19, 1, 5),
		minp = at(-2, -3, 2),
		maxp = at(40, 14, 8),
		door_lanes = build_door_lanes(o),
		lanes_minp = at(-1, 14, 10),
		lanes_maxp = at(9, 24, 46),
	}
end

return course
