-- The built course: a walled corridor along +x from `o`, feet level o.y + 1,
-- through (in order) a wooden door, a staircase up, slabs down, a fence
-- with a gate, a pool to swim, a ladder up a wall and a steel door.
-- Returns the positions the tests route between and check.
local course = {}

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
	}
end

return course
