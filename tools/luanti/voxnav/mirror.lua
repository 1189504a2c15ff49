-- SPDX-License-Identifier: MIT
-- voxnav's copy of the loaded map. Luanti's 16^3 map blocks are voxnav's
-- chunks (block b holds nodes 16b .. 16b + 15, as chunk b holds voxels).
--
-- How a map block enters, changes and leaves:
--  * generated: register_on_generated queues the mapchunk's columns of
--    blocks; the following server steps read them with a VoxelManip (after
--    every mod's on_generated ran) and derive their facts;
--  * loaded from disk: read when a query first needs it (voxnav.find_path
--    reads what fits in its time share of the blocks around its start and
--    goal that are not mirrored yet, and queues the rest for the next
--    server steps), or by the server steps around each connected player
--    (voxnav_premirror_radius);
--  * single nodes: minetest.set_node, add_node, swap_node, remove_node,
--    bulk_set_node, place_node and dig_node are wrapped: the changed node is
--    written to voxnav at once (player digging and placing, doors opening,
--    falling nodes and most mods go through these); a change under a
--    doors:hidden rewrites it too (a door's upper half opens and closes
--    with the door: doors.door_toggle swaps the lower node only). When one
--    step writes more blocks than the step's time could derive (a mod
--    building a house with set_node), the further blocks are marked for a
--    re-read instead, so that their derivation spreads over the steps;
--  * areas: VoxelManip:write_to_map, minetest.place_schematic, spawn_tree
--    and delete_area mark their blocks for a re-read (by the server steps,
--    or by the first query around them);
--  * liquid flow happens inside the engine and no callback reports it:
--    blocks holding liquid are re-read round-robin, a few per server step
--    (voxnav_liquid_refresh_per_step);
--  * unloaded: Luanti has no callback for it, so each server step checks a
--    few mirrored blocks (voxnav_unload_checks_per_step) with
--    minetest.get_node_or_nil and forgets those Luanti unloaded.
--
-- Time on the game thread, measured with minetest.get_us_time(): each
-- server step reads blocks (what queries asked for first, then re-reads,
-- generated columns, blocks around players, liquid) while reading them and
-- deriving their facts fits in voxnav_step_budget_us by the running
-- estimates of both (est_read, est_sync, est_shaped, est_fixed), then derives the
-- facts of what changed (voxnav_world_sync) once and so publishes them to
-- the queries' worker navigators. A query reads and derives only what fits
-- in voxnav_call_budget_us (and what is left of the step's pool for calls,
-- so 200 mobs asking in one step share one budget): blocks it needs beyond
-- that are read and derived by the following steps and it answers
-- "not_ready" meanwhile; changes it cannot derive, it routes without
-- (info.stale_blocks; api.lua).
return function(ctx)
	local ffi, lib, nodes = ctx.ffi, ctx.lib, ctx.nodes
	local mirror = {}
	ctx.mirror = mirror

	local floor = math.floor
	local now_us = minetest.get_us_time
	local buf = ffi.new("uint16_t[4096]")
	local id_out = ffi.new("uint16_t[1]")
	local data_tbl, p2_tbl = {}, {}

	-- Mirrored blocks: key -> {x, y, z} block coordinates; a list for the
	-- round-robin checks; blocks holding liquid; blocks to re-read.
	local mirrored, order, liquid, dirty = {}, {}, {}, {}
	local n_mirrored, n_dirty = 0, 0
	-- Blocks a read found missing (not generated, not loaded): key -> time
	-- [us]; not read again for ABSENT_US, or until generated.
	local absent = {}
	local ABSENT_US = 10 * 1000000
	-- Blocks written to voxnav since the last voxnav_world_sync (their facts
	-- are derived by the next sync): key -> 1 (plain) or 2 (with shaped
	-- nodes), how many, and how many with shaped nodes. Queries route on
	-- the facts of the last sync (agents.lua): a block mirrored since
	-- (fresh) is void to them, a block changed since is as it was.
	local unsynced, n_unsynced, n_shaped = {}, 0, 0
	local fresh = {}
	-- Blocks queries need that they left to the server steps, in order.
	local wanted, wanted_list, wanted_next = {}, {}, 1
	local unload_cursor, liquid_cursor, liquid_list = 1, 1, {}
	-- Running estimates [us per map block]: reading one (VoxelManip and
	-- copy), and deriving its facts for every agent shape (a sync), for a
	-- block of plain nodes and for one with shaped nodes (slabs, stairs,
	-- doors, fences, ladders: several times dearer), plus what every sync
	-- costs whatever it derives (publishing each shape's facts: 0.3-5 ms
	-- with four shapes on the test's map). The derivation estimates are
	-- conservative: up at once after a dearer sync, down slowly (a freshly
	-- built block full of doors can take 20 ms with four agent shapes, one
	-- of plain terrain 0.1-1 ms).
	local est_read, est_sync, est_shaped, est_fixed = 200, 300, 3000, 1000
	-- What calls may still spend reading blocks in this server step [us].
	local call_pool = ctx.settings.step_budget_us
	mirror.stats = {blocks_read = 0, blocks_skipped = 0, blocks_unloaded = 0, nodes_written = 0, read_us = 0,
		syncs = 0, sync_us = 0, sync_us_max = 0, step_us_max = 0, blocks_deferred = 0}

	local function key(bx, by, bz) return minetest.hash_node_position({x = bx, y = by, z = bz}) end
	mirror.key = key
	local function block_of(v) return floor(v / 16) end

	local function note_changed(k, shaped)
		local was = unsynced[k]
		if not was then
			unsynced[k] = shaped and 2 or 1
			n_unsynced = n_unsynced + 1
			if shaped then n_shaped = n_shaped + 1 end
		elseif shaped and was == 1 then
			unsynced[k] = 2
			n_shaped = n_shaped + 1
		end
	end
	-- Estimated time of the next sync [us] (without its fixed part).
	local function sync_cost() return (n_unsynced - n_shaped) * est_sync + n_shaped * est_shaped end

	local function set_dirty(k, v)
		if (dirty[k] ~= nil) ~= (v ~= nil) then n_dirty = n_dirty + (v and 1 or -1) end
		dirty[k] = v
	end

	local function forget(k)
		local b = mirrored[k]
		if not b then return end
		lib.voxnav_world_unload_chunk(ctx.world, b.x, b.y, b.z)
		mirrored[k], liquid[k] = nil, nil
		set_dirty(k, nil)
		n_mirrored = n_mirrored - 1
		note_changed(k, b.shaped)
		mirror.stats.blocks_unloaded = mirror.stats.blocks_unloaded + 1
	end

	-- Whether a node write to block k goes through now: yes for the first
	-- changed block since the last sync, and for further ones while they
	-- fit in half a step's budget; else the block is marked for a re-read,
	-- which the steps spread.
	local function write_through(k, shaped)
		if dirty[k] then return false end
		local half = ctx.settings.step_budget_us / 2
		local was = unsynced[k]
		if was then
			-- A block that gets its first shaped node (a house's stairs and
			-- doors after its walls) costs more than it was let through for.
			if not (shaped and was == 1 and n_unsynced > 1 and sync_cost() - est_sync + est_shaped > half) then return true end
		elseif n_unsynced == 0 or sync_cost() + (shaped and est_shaped or est_sync) <= half then
			return true
		end
		set_dirty(k, true)
		mirror.stats.blocks_deferred = mirror.stats.blocks_deferred + 1
		return false
	end

	-- Writes voxnav id `id` at node (x, y, z) if its block is mirrored.
	local function write_node(x, y, z, id)
		local k = key(block_of(x), block_of(y), block_of(z))
		if not mirrored[k] or not write_through(k, true) then return end
		mirrored[k].shaped = true
		lib.voxnav_world_set_block(ctx.world, x, y, z, id)
		note_changed(k, true)
		mirror.stats.nodes_written = mirror.stats.nodes_written + 1
	end

	-- Reads the map blocks of [bmin, bmax] (block coordinates) with one
	-- VoxelManip and writes those Luanti has (no "ignore" node) to voxnav.
	-- Returns the number of blocks read.
	local function read_blocks(bmin, bmax)
		if not nodes.ready then return 0 end
		local t0 = now_us()
		local vm = minetest.get_voxel_manip()
		local emin, emax = vm:read_from_map({x = bmin.x * 16, y = bmin.y * 16, z = bmin.z * 16},
			{x = bmax.x * 16 + 15, y = bmax.y * 16 + 15, z = bmax.z * 16 + 15})
		local data = vm:get_data(data_tbl)
		local p2 = vm:get_param2_data(p2_tbl)
		local ystride = emax.x - emin.x + 1
		local zstride = ystride * (emax.y - emin.y + 1)
		local base, has_rot, rotated, is_liquid, ignore = nodes.base, nodes.has_rotation, nodes.rotated, nodes.is_liquid, nodes.ignore
		local hidden, is_door, is_shaped = nodes.hidden, nodes.is_door, nodes.is_shaped
		local written = 0
		for bz = bmin.z, bmax.z do
			for by = bmin.y, bmax.y do
				for bx = bmin.x, bmax.x do
					local complete, wet, shaped = true, false, false
					local tops = nil  -- doors in the block's top layer: their upper half is in the block above
					for y = 0, 15 do
						local gy = by * 16 + y
						for z = 0, 15 do
							local i = (bz * 16 + z - emin.z) * zstride + (gy - emin.y) * ystride + (bx * 16 - emin.x) + 1
							local o = 16 * (z + 16 * y)
							for x = 0, 15 do
								local c = data[i + x]
								if c == ignore then complete = false end
								local id = base[c]
								if has_rot[c] ~= 0 then id = rotated[c][p2[i + x]] end
								if is_liquid[c] ~= 0 then wet = true end
								if is_shaped[c] ~= 0 then shaped = true end
								if c == hidden then
									-- A door's upper half: the node below is in this
									-- VoxelManip, or (bottom layer) read on its own.
									local below
									if gy - 1 >= emin.y then
										below = data[i + x - ystride]
									else
										below = minetest.get_content_id(minetest.get_node({x = bx * 16 + x, y = gy - 1, z = bz * 16 + z}).name)
									end
									id = nodes.upper_of(below) or id
								elseif y == 15 and is_door[c] ~= 0 and by == bmax.y then
									tops = tops or {}
									tops[#tops + 1] = {bx * 16 + x, gy + 1, bz * 16 + z, base[c]}
								end
								buf[o + x] = id
							end
						end
					end
					local k = key(bx, by, bz)
					if complete then
						local rev = lib.voxnav_world_revision(ctx.world)
						if lib.voxnav_world_set_chunk(ctx.world, bx, by, bz, buf) == 0 then
							if lib.voxnav_world_revision(ctx.world) ~= rev then note_changed(k, shaped) end
							if not mirrored[k] then
								mirrored[k] = {x = bx, y = by, z = bz}
								order[#order + 1] = k
								n_mirrored = n_mirrored + 1
								fresh[k] = true
							end
							mirrored[k].shaped = shaped
							liquid[k] = wet or nil
							set_dirty(k, nil)
							absent[k] = nil
							written = written + 1
							-- The upper halves of this block's top-layer doors, in
							-- the block above when that one is mirrored already.
							for _, t in ipairs(tops or {}) do
								local above = minetest.get_node({x = t[1], y = t[2], z = t[3]})
								if minetest.get_content_id(above.name) == hidden then write_node(t[1], t[2], t[3], t[4]) end
							end
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
		local dt = now_us() - t0
		local n = (bmax.x - bmin.x + 1) * (bmax.y - bmin.y + 1) * (bmax.z - bmin.z + 1)
		est_read = est_read + 0.2 * (dt / n - est_read)
		mirror.stats.blocks_read = mirror.stats.blocks_read + written
		mirror.stats.read_us = mirror.stats.read_us + dt
		return written, dt
	end
	mirror.read_blocks = read_blocks

	-- Whether block k (at bx, by, bz) must be read before a query uses it.
	local function needs_read(k, now)
		if dirty[k] then return true end
		if mirrored[k] then return false end
		local gone = absent[k]
		if gone and now - gone > ABSENT_US then
			absent[k], gone = nil, nil
		end
		return not gone
	end

	local function want(k, bx, by, bz)
		if wanted[k] then return end
		wanted[k] = true
		wanted_list[#wanted_list + 1] = {x = bx, y = by, z = bz, k = k}
	end

	-- Blocks that fit in `left_us` [us]: reading them and deriving their
	-- facts with those of the blocks changed already.
	local function blocks_fitting(left_us)
		local left = left_us - sync_cost()
		if left <= 0 then return 0 end
		return floor(left / (est_read + est_sync))
	end

	-- Makes sure every block of the node box [minp, maxp] is mirrored and
	-- not marked for a re-read. With `budget` [us, counted from t0] it
	-- reads only what fits in it and in the step's pool for calls, and
	-- queues the rest for the server steps (nil: reads everything).
	-- Returns true and whether the box holds blocks mirrored since the last
	-- sync; else false, "failed" or "not_ready", and a sentence.
	function mirror.ensure(minp, maxp, limit, budget, t0)
		local bmin = {x = block_of(minp.x), y = block_of(minp.y), z = block_of(minp.z)}
		local bmax = {x = block_of(maxp.x), y = block_of(maxp.y), z = block_of(maxp.z)}
		local now = now_us()
		local columns, missing = {}, 0
		for bz = bmin.z, bmax.z do
			for bx = bmin.x, bmax.x do
				local ylo, yhi
				for by = bmin.y, bmax.y do
					if needs_read(key(bx, by, bz), now) then
						missing = missing + 1
						ylo = ylo or by
						yhi = by
					end
				end
				if ylo then columns[#columns + 1] = {bx, bz, ylo, yhi} end
			end
		end
		local function any_fresh()
			if next(fresh) == nil then return false end
			for bz = bmin.z, bmax.z do
				for by = bmin.y, bmax.y do
					for bx = bmin.x, bmax.x do
						if fresh[key(bx, by, bz)] then return true end
					end
				end
			end
			return false
		end
		if missing == 0 then return true, any_fresh() end
		if missing > limit then
			return false, "failed", missing .. " map blocks around the query are not mirrored yet (limit " .. limit ..
				", setting voxnav_max_blocks_per_query)"
		end
		-- One VoxelManip per column of blocks (a column is a cheap read),
		-- cut where the call's share ends.
		for _, col in ipairs(columns) do
			local bx, bz, ylo, yhi = col[1], col[2], col[3], col[4]
			if budget then
				local fit = math.min(blocks_fitting(budget - (now_us() - t0)), floor(call_pool / est_read))
				if fit <= 0 then break end
				if yhi - ylo + 1 > fit then yhi = ylo + fit - 1 end
			end
			local _, dt = read_blocks({x = bx, y = ylo, z = bz}, {x = bx, y = yhi, z = bz})
			call_pool = call_pool - dt
		end
		local still = 0
		now = now_us()
		for _, col in ipairs(columns) do
			for by = col[3], col[4] do
				local k = key(col[1], by, col[2])
				if needs_read(k, now) then
					still = still + 1
					want(k, col[1], by, col[2])
				end
			end
		end
		if still == 0 then return true, any_fresh() end
		return false, "not_ready", still .. " of the " .. missing .. " map blocks around the query are not mirrored yet; " ..
			"the next server steps read them (ask again in a step or two)"
	end

	-- Derives the facts of what changed since the last sync (every agent
	-- shape) and publishes them. With `budget` [us]: only when that is
	-- estimated to fit in it; else returns false and the number of changed
	-- blocks (the next server step derives them).
	function mirror.sync(budget)
		if n_unsynced == 0 then return true end
		if budget and est_fixed + sync_cost() > budget then return false, n_unsynced end
		local t0 = now_us()
		lib.voxnav_world_sync(ctx.world)
		local dt = now_us() - t0
		local function update(est, sample) return math.max(sample, est + 0.1 * (sample - est)) end
		if n_unsynced <= 2 then
			-- Small syncs say what every sync costs.
			est_fixed = update(est_fixed, math.max(0, dt - sync_cost()))
		elseif n_shaped == 0 then
			est_sync = update(est_sync, math.max(10, (dt - est_fixed) / n_unsynced))
		else
			est_shaped = update(est_shaped, math.max(est_sync, (dt - est_fixed - (n_unsynced - n_shaped) * est_sync) / n_shaped))
		end
		unsynced, n_unsynced, n_shaped, fresh = {}, 0, 0, {}
		local s = mirror.stats
		s.syncs, s.sync_us = s.syncs + 1, s.sync_us + dt
		if dt > s.sync_us_max then s.sync_us_max = dt end
		return true
	end
	function mirror.unsynced() return n_unsynced end
	function mirror.estimates() return est_read, est_sync, est_shaped, est_fixed end

	local function mark_area(minp, maxp)
		for bz = block_of(minp.z), block_of(maxp.z) do
			for by = block_of(minp.y), block_of(maxp.y) do
				for bx = block_of(minp.x), block_of(maxp.x) do
					local k = key(bx, by, bz)
					if mirrored[k] then set_dirty(k, true) end
				end
			end
		end
	end
	mirror.mark_area = mark_area

	-- One node changed: write it through if its block is mirrored, and the
	-- doors:hidden above it if that is (or was) a door's upper half.
	local get_node = minetest.get_node
	local function node_changed(pos)
		if not nodes.ready or type(pos) ~= "table" then return end
		local x, y, z = floor(pos.x + 0.5), floor(pos.y + 0.5), floor(pos.z + 0.5)
		local id, cid = nodes.id_at(x, y, z, get_node({x = x, y = y, z = z}))
		local k = key(block_of(x), block_of(y), block_of(z))
		local shaped = nodes.is_shaped[cid] ~= 0 or (mirrored[k] and mirrored[k].shaped) or false
		local was_door = false
		if mirrored[k] and lib.voxnav_world_get_block(ctx.world, x, y, z, id_out) == 0 then
			was_door = nodes.door_id[id_out[0]] == true
		end
		if mirrored[k] and write_through(k, shaped) then
			if shaped then mirrored[k].shaped = true end
			lib.voxnav_world_set_block(ctx.world, x, y, z, id)
			note_changed(k, shaped)
			mirror.stats.nodes_written = mirror.stats.nodes_written + 1
		end
		if nodes.is_door[cid] ~= 0 or was_door then
			local above = get_node({x = x, y = y + 1, z = z})
			if minetest.get_content_id(above.name) == nodes.hidden then
				write_node(x, y + 1, z, nodes.upper_of(cid) or nodes.base[nodes.hidden])
			end
		end
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
	-- Area writers: re-read their blocks (server steps, or a query first).
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

	-- Newly generated mapchunks: read by the next steps, when every mod's
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

	-- Blocks around connected players: queued when loaded and not mirrored
	-- (a world loaded from disk has no on_generated), so that mobs near
	-- players find their blocks ready.
	local premirror_step = 0
	local function premirror()
		local r = ctx.settings.premirror_radius
		if r < 0 then return end
		premirror_step = premirror_step + 1
		if premirror_step % 10 ~= 0 then return end
		local now = now_us()
		for _, player in ipairs(minetest.get_connected_players()) do
			local p = player:get_pos()
			if p then
				local cx, cy, cz = block_of(floor(p.x + 0.5)), block_of(floor(p.y + 0.5)), block_of(floor(p.z + 0.5))
				for bz = cz - r, cz + r do
					for by = cy - r, cy + r do
						for bx = cx - r, cx + r do
							local k = key(bx, by, bz)
							if not mirrored[k] and not wanted[k] and needs_read(k, now) and
									minetest.get_node_or_nil({x = bx * 16, y = by * 16, z = bz * 16}) then
								want(k, bx, by, bz)
							end
						end
					end
				end
			end
		end
	end

	minetest.register_globalstep(function()
		if not nodes.ready then return end
		local t0 = now_us()
		local budget = ctx.settings.step_budget_us
		call_pool = budget  -- for the calls until the next step
		-- Whether one more block (read and derived) fits in the step; one
		-- block a step is always read, whatever the estimates say.
		local read_before = mirror.stats.blocks_read + mirror.stats.blocks_skipped
		local function spent()
			if mirror.stats.blocks_read + mirror.stats.blocks_skipped == read_before then return false end
			return blocks_fitting(budget - (now_us() - t0)) < 1
		end
		-- What queries asked for, first (one block at a time).
		while wanted_next <= #wanted_list and not spent() do
			local b = wanted_list[wanted_next]
			wanted_next = wanted_next + 1
			wanted[b.k] = nil
			if needs_read(b.k, now_us()) then read_blocks(b, b) end
		end
		if wanted_next > #wanted_list then wanted_list, wanted_next = {}, 1 end
		-- Blocks area writers changed.
		if n_dirty > 0 then
			for k in pairs(dirty) do
				if spent() then break end
				local b = mirrored[k]
				if b then read_blocks(b, b) else set_dirty(k, nil) end
			end
		end
		-- Newly generated columns of blocks (at most
		-- voxnav_generated_columns_per_step, within the step's time).
		local columns = ctx.settings.generated_columns_per_step
		while columns > 0 and generated_next <= #generated and not spent() do
			-- (Entries stay until the queue drains: `#` needs no holes.)
			local col = generated[generated_next]
			generated_next = generated_next + 1
			-- Blocks a query read already are not read again.
			local lo, hi = col[1].y, col[2].y
			while lo <= hi and mirrored[key(col[1].x, lo, col[1].z)] and not dirty[key(col[1].x, lo, col[1].z)] do lo = lo + 1 end
			while hi >= lo and mirrored[key(col[1].x, hi, col[1].z)] and not dirty[key(col[1].x, hi, col[1].z)] do hi = hi - 1 end
			if lo <= hi then read_blocks({x = col[1].x, y = lo, z = col[1].z}, {x = col[1].x, y = hi, z = col[1].z}) end
			columns = columns - 1
		end
		if generated_next > #generated then generated, generated_next = {}, 1 end
		premirror()
		-- Liquid blocks, round-robin over a list rebuilt at each pass.
		local refresh = ctx.settings.liquid_refresh_per_step
		if refresh > 0 then
			if liquid_cursor > #liquid_list then
				liquid_list = {}
				for k in pairs(liquid) do liquid_list[#liquid_list + 1] = k end
				liquid_cursor = 1
			end
			local done = 0
			while done < refresh and liquid_cursor <= #liquid_list and not spent() do
				local k = liquid_list[liquid_cursor]
				liquid_cursor = liquid_cursor + 1
				local b = mirrored[k]
				if b and liquid[k] then
					read_blocks(b, b)
					done = done + 1
				end
			end
		end
		-- Unload checks, round-robin over the mirrored blocks.
		local checks = math.min(ctx.settings.unload_checks_per_step, #order)
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
		-- New agent shapes (agents.lua), one a step.
		if ctx.agents and ctx.agents.build_pending then ctx.agents.build_pending() end
		-- The facts of everything that changed this step (reads, node
		-- writes, unloads), once, here rather than in some mob's query.
		mirror.sync()
		local dt = now_us() - t0
		if dt > mirror.stats.step_us_max then mirror.stats.step_us_max = dt end
	end)

	function mirror.pending_columns() return #generated - generated_next + 1 end
	function mirror.pending_blocks() return #wanted_list - wanted_next + 1 + n_dirty end

	function mirror.count() return n_mirrored end
	function mirror.is_mirrored(bx, by, bz) return mirrored[key(bx, by, bz)] ~= nil end
end
