-- voxnav's copy of the loaded map. Luanti's 16^3 map blocks are voxnav's
-- chunks (block b holds nodes 16b .. 16b + 15, as chunk b holds voxels).
--
-- How a map block enters, changes and leaves:
--  * generated: register_on_generated queues the mapchunk's columns of
--    blocks; the following server steps read a few columns each with a
--    VoxelManip (after every mod's on_generated ran) and derive their facts;
--  * loaded from disk: read when a query first needs it (voxnav.find_path
--    reads the blocks around its start and goal that are not mirrored yet);
--  * single nodes: minetest.set_node, add_node, swap_node, remove_node,
--    bulk_set_node, place_node and dig_node are wrapped: the changed node is
--    written to voxnav at once (player digging and placing, doors opening,
--    falling nodes and most mods go through these);
--  * areas: VoxelManip:write_to_map, minetest.place_schematic, spawn_tree
--    and delete_area mark their blocks for a re-read before the next query;
--  * liquid flow happens inside the engine and no callback reports it:
--    blocks holding liquid are re-read round-robin, a few per server step
--    (voxnav_liquid_refresh_per_step);
--  * unloaded: Luanti has no callback for it, so each server step checks a
--    few mirrored blocks (voxnav_unload_checks_per_step) with
--    minetest.get_node_or_nil and forgets those Luanti unloaded.
return function(ctx)
	local ffi, lib, nodes = ctx.ffi, ctx.lib, ctx.nodes
	local mirror = {}
	ctx.mirror = mirror

	local floor = math.floor
	local buf = ffi.new("uint16_t[4096]")
	local data_tbl, p2_tbl = {}, {}

	-- Mirrored blocks: key -> {x, y, z} block coordinates; a list for the
	-- round-robin checks; blocks holding liquid; blocks to re-read.
	local mirrored, order, liquid, dirty = {}, {}, {}, {}
	-- Blocks a read found missing (not generated, not loaded): key -> time
	-- [us]; not read again for ABSENT_US, or until generated.
	local absent = {}
	local ABSENT_US = 10 * 1000000
	local unload_cursor, liquid_cursor, liquid_list = 1, 1, {}
	mirror.stats = {blocks_read = 0, blocks_skipped = 0, blocks_unloaded = 0, nodes_written = 0, read_us = 0}

	local function key(bx, by, bz) return minetest.hash_node_position({x = bx, y = by, z = bz}) end
	mirror.key = key

	local function forget(k)
		local b = mirrored[k]
		if not b then return end
		lib.voxnav_world_unload_chunk(ctx.world, b.x, b.y, b.z)
		mirrored[k], liquid[k], dirty[k] = nil, nil, nil
		mirror.stats.blocks_unloaded = mirror.stats.blocks_unloaded + 1
	end

	-- Reads the map blocks of [bmin, bmax] (block coordinates) with one
	-- VoxelManip and writes those Luanti has (no "ignore" node) to voxnav.
	-- Returns the number written.
	local function read_blocks(bmin, bmax)
		if not nodes.ready then return 0 end
		local t0 = minetest.get_us_time()
		local vm = minetest.get_voxel_manip()
		local emin, emax = vm:read_from_map({x = bmin.x * 16, y = bmin.y * 16, z = bmin.z * 16},
			{x = bmax.x * 16 + 15, y = bmax.y * 16 + 15, z = bmax.z * 16 + 15})
		local data = vm:get_data(data_tbl)
		local p2 = vm:get_param2_data(p2_tbl)
		local ystride = emax.x - emin.x + 1
		local zstride = ystride * (emax.y - emin.y + 1)
		local base, has_rot, rotated, is_liquid, ignore = nodes.base, nodes.has_rotation, nodes.rotated, nodes.is_liquid, nodes.ignore
		local written = 0
		for bz = bmin.z, bmax.z do
			for by = bmin.y, bmax.y do
				for bx = bmin.x, bmax.x do
					local complete, wet = true, false
					for y = 0, 15 do
						for z = 0, 15 do
							local i = (bz * 16 + z - emin.z) * zstride + (by * 16 + y - emin.y) * ystride + (bx * 16 - emin.x) + 1
							local o = 16 * (z + 16 * y)
							for x = 0, 15 do
								local c = data[i + x]
								if c == ignore then complete = false end
								local id = base[c]
								if has_rot[c] ~= 0 then id = rotated[c][p2[i + x]] end
								if is_liquid[c] ~= 0 then wet = true end
								buf[o + x] = id
							end
						end
					end
					local k = key(bx, by, bz)
					if complete then
						if lib.voxnav_world_set_chunk(ctx.world, bx, by, bz, buf) == 0 then
							if not mirrored[k] then
								mirrored[k] = {x = bx, y = by, z = bz}
								order[#order + 1] = k
							end
							liquid[k] = wet or nil
							dirty[k] = nil
							written = written + 1
						else
							minetest.log("warning", "[voxnav] map block " .. bx .. "," .. by .. "," .. bz .. " not mirrored: " .. ctx.last_error())
						end
					else
						-- Not generated, or not loaded: voxnav must not keep a stale copy.
						forget(k)
						absent[k] = t0
						mirror.stats.blocks_skipped = mirror.stats.blocks_skipped + 1
					end
				end
			end
		end
		mirror.stats.blocks_read = mirror.stats.blocks_read + written
		mirror.stats.read_us = mirror.stats.read_us + (minetest.get_us_time() - t0)
		return written
	end
	mirror.read_blocks = read_blocks

	local function block_of(v) return floor(v / 16) end

	-- Mirrors every block of the node box [minp, maxp] that is not mirrored
	-- yet or is marked for a re-read. Returns false and a reason when the
	-- box holds more than `limit` such blocks.
	function mirror.ensure(minp, maxp, limit)
		local bmin = {x = block_of(minp.x), y = block_of(minp.y), z = block_of(minp.z)}
		local bmax = {x = block_of(maxp.x), y = block_of(maxp.y), z = block_of(maxp.z)}
		local missing = 0
		local lo, hi
		local now = minetest.get_us_time()
		for bz = bmin.z, bmax.z do
			for by = bmin.y, bmax.y do
				for bx = bmin.x, bmax.x do
					local k = key(bx, by, bz)
					local gone = absent[k]
					if gone and now - gone > ABSENT_US then
						absent[k], gone = nil, nil
					end
					if (not mirrored[k] and not gone) or dirty[k] then
						missing = missing + 1
						if not lo then
							lo, hi = {x = bx, y = by, z = bz}, {x = bx, y = by, z = bz}
						else
							lo.x, lo.y, lo.z = math.min(lo.x, bx), math.min(lo.y, by), math.min(lo.z, bz)
							hi.x, hi.y, hi.z = math.max(hi.x, bx), math.max(hi.y, by), math.max(hi.z, bz)
						end
					end
				end
			end
		end
		if missing == 0 then return true end
		if missing > limit then
			return false, missing .. " map blocks around the query are not mirrored yet (limit " .. limit ..
				", setting voxnav_max_blocks_per_query)"
		end
		-- One VoxelManip over the missing blocks' box, a column of blocks at a
		-- time so that the read stays small when the box is sparse.
		for bz = lo.z, hi.z do
			for bx = lo.x, hi.x do
				local ylo, yhi
				for by = lo.y, hi.y do
					local k = key(bx, by, bz)
					if (not mirrored[k] and not absent[k]) or dirty[k] then
						ylo = ylo or by
						yhi = by
					end
				end
				if ylo then read_blocks({x = bx, y = ylo, z = bz}, {x = bx, y = yhi, z = bz}) end
			end
		end
		return true
	end

	-- Re-reads every block marked dirty (before a query).
	function mirror.flush()
		local list = {}
		for k in pairs(dirty) do list[#list + 1] = k end
		for _, k in ipairs(list) do
			local b = mirrored[k]
			dirty[k] = nil
			if b then read_blocks(b, b) end
		end
	end

	local function mark_area(minp, maxp)
		for bz = block_of(minp.z), block_of(maxp.z) do
			for by = block_of(minp.y), block_of(maxp.y) do
				for bx = block_of(minp.x), block_of(maxp.x) do
					local k = key(bx, by, bz)
					if mirrored[k] then dirty[k] = true end
				end
			end
		end
	end
	mirror.mark_area = mark_area

	-- One node changed: write it through if its block is mirrored.
	local get_node = minetest.get_node
	local function node_changed(pos)
		if not nodes.ready or type(pos) ~= "table" then return end
		local x, y, z = floor(pos.x + 0.5), floor(pos.y + 0.5), floor(pos.z + 0.5)
		local k = key(block_of(x), block_of(y), block_of(z))
		if not mirrored[k] then return end
		local id = nodes.id_of(get_node({x = x, y = y, z = z}))
		lib.voxnav_world_set_block(ctx.world, x, y, z, id)
		mirror.stats.nodes_written = mirror.stats.nodes_written + 1
	end
	mirror.node_changed = node_changed

	-- Wrap the engine's node writers (looked up at call time by builtin and
	-- mods, so the wrapped ones are used everywhere).
	for _, name in ipairs({"set_node", "add_node", "swap_node", "remove_node", "place_node", "dig_node"}) do
		local original = minetest[name]
		if original then
			minetest[name] = function(pos, ...)
				local r1, r2 = original(pos, ...)
				node_changed(pos)
				return r1, r2
			end
		end
	end
	local bulk_set_node = minetest.bulk_set_node
	if bulk_set_node then
		minetest.bulk_set_node = function(list, ...)
			local r = bulk_set_node(list, ...)
			if type(list) == "table" then
				for _, pos in ipairs(list) do node_changed(pos) end
			end
			return r
		end
	end
	-- Area writers: re-read their blocks before the next query.
	local function wrap_area(name, area_of)
		local original = minetest[name]
		if not original then return end
		minetest[name] = function(...)
			local r1, r2 = original(...)
			local ok, minp, maxp = pcall(area_of, ...)
			if ok and minp then mark_area(minp, maxp) end
			return r1, r2
		end
	end
	local function around(pos, r)
		if type(pos) ~= "table" then return nil end
		return {x = pos.x - r, y = pos.y - r, z = pos.z - r}, {x = pos.x + r, y = pos.y + r, z = pos.z + r}
	end
	wrap_area("place_schematic", function(pos) return around(pos, 32) end)
	wrap_area("spawn_tree", function(pos) return around(pos, 16) end)
	wrap_area("delete_area", function(p1, p2) return p1, p2 end)
	-- VoxelManip objects share one method table (what getmetatable gives);
	-- one can be made once the server runs.
	minetest.after(0, function()
		local ok, vm = pcall(minetest.get_voxel_manip)
		local vm_methods = ok and vm and getmetatable(vm)
		if type(vm_methods) == "table" and vm_methods.write_to_map then
			local write_to_map = vm_methods.write_to_map
			vm_methods.write_to_map = function(self, ...)
				local r = write_to_map(self, ...)
				local got, emin, emax = pcall(self.get_emerged_area, self)
				if got and emin then mark_area(emin, emax) end
				return r
			end
		else
			minetest.log("warning", "[voxnav] cannot watch VoxelManip writes: areas written by them are re-read only when their blocks reload")
		end
	end)

	-- Newly generated mapchunks: read on the next step, when every mod's
	-- on_generated has run.
	local generated, generated_next = {}, 1  -- columns {lo, hi} of blocks, read in order
	minetest.register_on_generated(function(minp, maxp)
		for bz = block_of(minp.z), block_of(maxp.z) do
			for bx = block_of(minp.x), block_of(maxp.x) do
				generated[#generated + 1] = {{x = bx, y = block_of(minp.y), z = bz}, {x = bx, y = block_of(maxp.y), z = bz}}
			end
		end
		for bz = block_of(minp.z), block_of(maxp.z) do
			for by = block_of(minp.y), block_of(maxp.y) do
				for bx = block_of(minp.x), block_of(maxp.x) do absent[key(bx, by, bz)] = nil end
			end
		end
	end)

	minetest.register_globalstep(function()
		if not nodes.ready then return end
		if generated_next <= #generated then
			-- A few columns of blocks per step (voxnav_generated_columns_per_step)
			-- keep each step's share small when mapgen delivers many mapchunks.
			local budget = ctx.settings.generated_columns_per_step
			while budget > 0 and generated_next <= #generated do
				-- (Entries stay until the queue drains: `#` needs no holes.)
				local col = generated[generated_next]
				generated_next = generated_next + 1
				read_blocks(col[1], col[2])
				budget = budget - 1
			end
			if generated_next > #generated then generated, generated_next = {}, 1 end
			-- Derive the new blocks' navigation facts now, a mapchunk at a
			-- time, rather than all at once in some mob's first query.
			lib.voxnav_world_sync(ctx.world)
		end
		-- Unload checks, round-robin over the mirrored blocks; the facts of
		-- what was forgotten are dropped at once (a sync), not at the next query.
		local unloaded_before = mirror.stats.blocks_unloaded
		local n = #order
		local checks = math.min(ctx.settings.unload_checks_per_step, n)
		local i = 0
		while i < checks and #order > 0 do
			if unload_cursor > #order then unload_cursor = 1 end
			local k = order[unload_cursor]
			local b = mirrored[k]
			if not b then
				order[unload_cursor] = order[#order]
				order[#order] = nil
			else
				if minetest.get_node_or_nil({x = b.x * 16, y = b.y * 16, z = b.z * 16}) == nil then forget(k) end
				unload_cursor = unload_cursor + 1
			end
			i = i + 1
		end
		if mirror.stats.blocks_unloaded ~= unloaded_before then lib.voxnav_world_sync(ctx.world) end
		-- Liquid blocks, round-robin over a list rebuilt at each pass.
		local refresh = ctx.settings.liquid_refresh_per_step
		if refresh > 0 then
			if liquid_cursor > #liquid_list then
				liquid_list = {}
				for k in pairs(liquid) do liquid_list[#liquid_list + 1] = k end
				liquid_cursor = 1
			end
			local done = 0
			while done < refresh and liquid_cursor <= #liquid_list do
				local k = liquid_list[liquid_cursor]
				liquid_cursor = liquid_cursor + 1
				local b = mirrored[k]
				if b and liquid[k] then
					read_blocks(b, b)
					done = done + 1
				end
			end
		end
	end)

	function mirror.pending_columns() return #generated - generated_next + 1 end

	function mirror.count()
		local n = 0
		for _ in pairs(mirrored) do n = n + 1 end
		return n
	end
	function mirror.is_mirrored(bx, by, bz) return mirrored[key(bx, by, bz)] ~= nil end
end
