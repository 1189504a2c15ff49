-- SPDX-License-Identifier: MIT
-- Node definitions -> voxnav block types, once, when every mod has loaded.
--
-- What voxnav learns from a node definition:
--  * liquidtype source/flowing: a liquid; damage_per_second > 0 makes it a
--    hazard (lava), else water the agent swims in;
--  * not walkable: passable (air), climbable (ladders) or damaging to a
--    body inside it (damage_per_second > 0: fire);
--  * walkable: a solid with the height of its collision box (or node box),
--    in sixteenths: slabs, snow, fences at 1.0 or 1.375 (enable_fence_tall),
--    stairs (their low side, by facedir param2); boxes narrower than 1/8
--    node both ways (the hinge pin of doors:hidden) do not count;
--  * the doors mod's doors, trapdoors and fence gates: openables, wooden
--    ones by hand, protected (steel) ones only by their owner (class
--    "owner"), open or closed by their node name;
--  * a door is two nodes tall (its collision box reaches 3/2 up) and the
--    doors mod keeps `doors:hidden` in the node above it: a doors:hidden
--    with a door of doors.registered_doors right below it is the door's
--    upper half (the same voxnav block as that door node, closed or open
--    as it is); elsewhere doors:hidden is passable (its hinge pin, a box
--    narrower than 1/8 node, does not count). nodes.id_at and mirror.lua
--    look below a doors:hidden, and rewrite it when the door changes.
-- A node whose shape depends on param2 (facedir) becomes one voxnav block
-- per distinct shape, named "<node>[facedir=N]".
return function(ctx)
	local ffi, lib = ctx.ffi, ctx.lib
	local nodes = {}
	ctx.nodes = nodes

	-- content id -> voxnav id; for param2-dependent nodes, rotated[cid][param2].
	nodes.base = ffi.new("uint16_t[65536]")
	nodes.has_rotation = ffi.new("uint8_t[65536]")
	nodes.is_liquid = ffi.new("uint8_t[65536]")
	-- Door nodes (content id -> 1) and their voxnav ids (id -> true).
	nodes.is_door = ffi.new("uint8_t[65536]")
	-- Nodes voxnav derives with its shaped rules (not a full cube or
	-- nothing: slabs, stairs, fences, doors, ladders): their map blocks cost
	-- several times more to derive (mirror.lua's estimates).
	nodes.is_shaped = ffi.new("uint8_t[65536]")
	nodes.door_id = {}
	nodes.hidden = -1  -- content id of doors:hidden (-1: no doors mod)
	nodes.rotated = {}
	nodes.ready = false

	local SOLID, AIR, LIQUID = 1, 0, 2
	local OPEN_HAND, OPEN_OWNER = 1, 3
	local EPS = 1e-3

	local function sixteenths(v)  -- node-space y (-0.5 .. 1.5) to 1/16 above the bottom
		return math.floor((v + 0.5) * 16 + 0.5)
	end

	-- Collision boxes of a definition in node space, or nil for the full cube.
	local function boxes_of(def)
		local cb = def.collision_box
		if not cb and def.drawtype == "nodebox" then cb = def.node_box end
		if type(cb) ~= "table" then return nil end
		local t = cb.type or "regular"
		if t == "fixed" or t == "leveled" or t == "connected" then
			local f = cb.fixed
			if type(f) ~= "table" then return nil end
			if type(f[1]) == "number" then f = {f} end
			local out = {}
			for _, b in ipairs(f) do
				if type(b) == "table" and #b == 6 then out[#out + 1] = b end
			end
			return out
		end
		return nil  -- regular, wallmounted: the full cube
	end

	-- Boxes rotated by a facedir param2 about +y (0..3) or flipped upside
	-- down (20..23); nil for the sideways axes (treated as the full cube).
	local function rotate(boxes, param2)
		local axis, turn = math.floor(param2 / 4) % 6, param2 % 4
		if axis ~= 0 and axis ~= 5 then return nil end
		local dir = minetest.facedir_to_dir(turn)
		local dx, dz = dir.x, dir.z
		local out = {}
		for i, b in ipairs(boxes) do
			-- The node's +z turns to dir, its +x to (dz, -dx).
			local function tx(x, z) return x * dz + z * dx end
			local function tz(x, z) return -x * dx + z * dz end
			local xa, xb = tx(b[1], b[3]), tx(b[4], b[6])
			local za, zb = tz(b[1], b[3]), tz(b[4], b[6])
			local y1, y2 = b[2], b[5]
			if axis == 5 then y1, y2 = -b[5], -b[2] end
			out[i] = {math.min(xa, xb), y1, math.min(za, zb), math.max(xa, xb), y2, math.max(za, zb)}
		end
		return out
	end

	-- voxnav shape (bottom, top, stair_faces) of walkable boxes; nil: no collision.
	local function shape_of_boxes(boxes)
		if not boxes then return {bottom = 0, top = 16, stair_faces = 0} end
		-- Quadrants 1 (-x,-z) 2 (+x,-z) 3 (-x,+z) 4 (+x,+z): lowest bottom, highest top.
		local qb, qt = {}, {}
		local any = false
		for _, b in ipairs(boxes) do
			local wide = (b[4] - b[1]) > 0.125 + EPS or (b[6] - b[3]) > 0.125 + EPS
			if wide and b[5] > b[2] then
				any = true
				for q = 1, 4 do
					local px, pz = (q == 2 or q == 4), (q >= 3)
					local in_x = px and (b[4] > EPS and b[1] < 0.5) or (not px and (b[1] < -EPS and b[4] > -0.5))
					local in_z = pz and (b[6] > EPS and b[3] < 0.5) or (not pz and (b[3] < -EPS and b[6] > -0.5))
					if in_x and in_z then
						local lo, hi = sixteenths(b[2]), sixteenths(b[5])
						qb[q] = math.min(qb[q] or lo, lo)
						qt[q] = math.max(qt[q] or hi, hi)
					end
				end
			end
		end
		if not any then return nil end
		local bottom, top = 99, -99
		for q = 1, 4 do
			if qb[q] then bottom, top = math.min(bottom, qb[q]), math.max(top, qt[q]) end
		end
		bottom = math.max(0, math.min(bottom, 15))
		top = math.max(bottom + 1, math.min(top, 24))
		-- A stair: full bottom half everywhere, the top half over one side.
		local stair = true
		for q = 1, 4 do
			if qb[q] ~= 0 or (qt[q] ~= 8 and qt[q] ~= 16) then stair = false end
		end
		if stair then
			local low = function(a, b) return qt[a] == 8 and qt[b] == 8 end
			local faces = 0
			if low(2, 4) then faces = faces + 1 end  -- +x
			if low(1, 3) then faces = faces + 2 end  -- -x
			if low(3, 4) then faces = faces + 4 end  -- +z
			if low(1, 2) then faces = faces + 8 end  -- -z
			local high = qt[1] == 16 or qt[2] == 16 or qt[3] == 16 or qt[4] == 16
			if faces ~= 0 and high then return {bottom = 0, top = 16, stair_faces = faces} end
		end
		return {bottom = bottom, top = top, stair_faces = 0}
	end

	-- The doors mod's openables: class and whether this node is the open one.
	local function openable(name, def)
		local doors_mod = rawget(_G, "doors")
		local class = def.protected and OPEN_OWNER or OPEN_HAND
		if doors_mod and doors_mod.registered_doors and doors_mod.registered_doors[name] then
			local suffix = name:sub(-2)
			return class, (suffix == "_c" or suffix == "_d"), "door"
		end
		if doors_mod and doors_mod.registered_trapdoors and doors_mod.registered_trapdoors[name] then
			return class, name:sub(-5) == "_open", "trapdoor"
		end
		if def._gate and (name:sub(-5) == "_open" or name:sub(-7) == "_closed") then
			return class, name:sub(-5) == "_open", "gate"
		end
		return nil
	end

	-- (kind, hazard, shape table) of a node at one param2.
	local function describe(name, def, param2)
		local dps = tonumber(def.damage_per_second) or 0
		if def.liquidtype == "source" or def.liquidtype == "flowing" then
			return LIQUID, dps > 0, nil
		end
		local class, open, family = openable(name, def)
		if class then
			local boxes = boxes_of(def)
			if boxes and param2 then boxes = rotate(boxes, param2) or boxes end
			-- A door fills its voxel while closed (its panel blocks the way
			-- through), and so does its upper half (doors:hidden above it:
			-- see nodes.id_at). Open ones have no collision whatever their
			-- panel's box.
			local s = family ~= "door" and shape_of_boxes(boxes) or {bottom = 0, top = 16}
			s.stair_faces = 0
			s.open_class, s.open = class, open and 1 or 0
			return SOLID, false, s
		end
		if def.walkable == false then
			if def.climbable then return AIR, false, {climbable = 1} end
			if dps > 0 then return AIR, false, {damage = 1} end
			return AIR, false, nil
		end
		local boxes = boxes_of(def)
		if boxes and param2 then boxes = rotate(boxes, param2) end
		local s = shape_of_boxes(boxes)
		if not s then return AIR, false, nil end
		return SOLID, false, s
	end

	local shape_c = ffi.new("voxnav_block_shape")
	local id_out = ffi.new("uint16_t[1]")

	local function define(vname, kind, hazard, s)
		shape_c.bottom, shape_c.top, shape_c.stair_faces = 0, 16, 0
		shape_c.climbable, shape_c.open_class, shape_c.open, shape_c.damage = 0, 0, 0, 0
		if s then
			if kind == SOLID then
				shape_c.bottom, shape_c.top, shape_c.stair_faces = s.bottom or 0, s.top or 16, s.stair_faces or 0
			end
			shape_c.climbable, shape_c.open_class = s.climbable or 0, s.open_class or 0
			shape_c.open, shape_c.damage = s.open or 0, s.damage or 0
		end
		if lib.voxnav_world_define_block(ctx.world, vname, kind, hazard and 1 or 0, shape_c, id_out) ~= 0 then
			minetest.log("warning", "[voxnav] node " .. vname .. " kept as a full block: " .. ctx.last_error())
			lib.voxnav_world_define_block(ctx.world, vname, SOLID, 0, nil, id_out)
		end
		return id_out[0]
	end

	local function key_of(kind, hazard, s)
		if not s then return kind .. (hazard and "h" or "") end
		return table.concat({kind, hazard and 1 or 0, s.bottom or 0, s.top or 16, s.stair_faces or 0, s.climbable or 0,
			s.open_class or 0, s.open or 0, s.damage or 0}, ",")
	end

	local rotating = {facedir = true, colorfacedir = true, ["4dir"] = true, color4dir = true}

	function nodes.map_all()
		local n_names = 0
		for name, def in pairs(minetest.registered_nodes) do
			local cid = minetest.get_content_id(name)
			n_names = n_names + 1
			if name == "air" or name == "ignore" then
				nodes.base[cid] = 0
			else
				local kind, hazard, s = describe(name, def, nil)
				if kind == LIQUID then nodes.is_liquid[cid] = 1 end
				if s and (s.bottom ~= nil and (s.bottom ~= 0 or s.top ~= 16 or (s.stair_faces or 0) ~= 0) or
						s.open_class or s.climbable or s.damage) then
					nodes.is_shaped[cid] = 1
				end
				local base_key = key_of(kind, hazard, s)
				nodes.base[cid] = define(name, kind, hazard, s)
				if rotating[def.paramtype2 or ""] and kind == SOLID and s and (s.bottom ~= 0 or s.top ~= 16 or s.stair_faces ~= 0) then
					local by_key, per_p2, differs = {[base_key] = nodes.base[cid]}, {}, false
					for p2 = 0, 255 do
						local facedir = p2 % 32  -- colorfacedir keeps a colour in the top bits
						if facedir >= 24 then facedir = 0 end
						local k2, h2, s2 = describe(name, def, facedir)
						local key = key_of(k2, h2, s2)
						if not by_key[key] then by_key[key] = define(name .. "[facedir=" .. facedir .. "]", k2, h2, s2) end
						per_p2[p2] = by_key[key]
						if key ~= base_key then differs = true end
					end
					if differs then
						nodes.rotated[cid] = per_p2
						nodes.has_rotation[cid] = 1
					end
				end
			end
		end
		local doors_mod = rawget(_G, "doors")
		if doors_mod and type(doors_mod.registered_doors) == "table" then
			for name in pairs(doors_mod.registered_doors) do
				if minetest.registered_nodes[name] then
					local cid = minetest.get_content_id(name)
					nodes.is_door[cid] = 1
					nodes.door_id[nodes.base[cid]] = true
				end
			end
		end
		if minetest.registered_nodes["doors:hidden"] then
			nodes.hidden = minetest.get_content_id("doors:hidden")
			nodes.is_shaped[nodes.hidden] = 1
		end
		nodes.ignore = minetest.get_content_id("ignore")
		nodes.names = n_names
		nodes.ready = true
	end

	-- The voxnav id of a node as minetest.get_node gives it (a doors:hidden
	-- as passable: nodes.id_at knows what is below it).
	function nodes.id_of(node)
		local cid = minetest.get_content_id(node.name)
		if nodes.has_rotation[cid] ~= 0 then return nodes.rotated[cid][(node.param2 or 0) % 256] end
		return nodes.base[cid]
	end

	-- The voxnav id of the upper half of a door whose lower node has content
	-- id `below`; nil when `below` is no door.
	function nodes.upper_of(below)
		if below and below >= 0 and below < 65536 and nodes.is_door[below] ~= 0 then return nodes.base[below] end
		return nil
	end

	-- The voxnav id of `node` at integer position (x, y, z): a doors:hidden
	-- over a door is that door's upper half.
	function nodes.id_at(x, y, z, node)
		local cid = minetest.get_content_id(node.name)
		if cid == nodes.hidden then
			local below = minetest.get_node({x = x, y = y - 1, z = z})
			return nodes.upper_of(minetest.get_content_id(below.name)) or nodes.base[cid], cid
		end
		if nodes.has_rotation[cid] ~= 0 then return nodes.rotated[cid][(node.param2 or 0) % 256], cid end
		return nodes.base[cid], cid
	end

	minetest.register_on_mods_loaded(function()
		local t0 = minetest.get_us_time()
		nodes.map_all()
		minetest.log("action", string.format("[voxnav] mapped %d node types in %.1f ms", nodes.names,
			(minetest.get_us_time() - t0) / 1000))
	end)
end
