-- SPDX-License-Identifier: MIT
-- Agents: Lua defs (the profile JSON keys of voxnav's docs/formats.md, as a Lua
-- table) turned into voxnav navigators, cached by their JSON so that agents
-- with equal defs share one; navigators of the same body shape also share
-- their navigation facts inside voxnav.
--
-- Queries run on worker navigators (voxnav_navigator_create_worker) over
-- the shared field of their body shape: they route on the facts last
-- published by voxnav_world_sync (mirror.lua: once a server step, or by a
-- call when that fits its budget) and never derive anything themselves.
--
-- A field of a new body shape derives its facts over everything voxnav
-- mirrors at once, inside libvoxnav (12-20 us per mirrored map block: 30-48
-- ms for the test's 2500 blocks). Made while the mirror is still small (agents
-- registered from a mod's main chunk, as the "player" agent is), that is
-- free and the facts then grow block by block with the mirror. A shape
-- first seen later (register_agent or a def table given to find_path once
-- the map is mirrored) is checked at once but made by a server step, one
-- shape a step; its queries answer "not_ready" until then.
return function(ctx)
	local ffi, lib = ctx.ffi, ctx.lib
	local agents = {by_name = {}, by_json = {}}
	ctx.agents = agents

	-- A Luanti player: collision box 0.6 wide and 1.77 high, jumps onto a
	-- node but not over a tall fence (1.375), opens wooden doors.
	agents.player = {height = 1.77, width = 1, jump_height = 1.25, step_height = 0.6, max_fall = 3, opens = {"hand"}}

	-- JSON text of a def value: whole numbers without a fraction (the
	-- profile's integer keys refuse 3.0, which minetest.write_json writes),
	-- tables with keys 1..n as arrays, other tables as objects.
	local function to_json(v, path)
		local t = type(v)
		if t == "number" then
			if v == math.floor(v) and math.abs(v) < 2^53 then return string.format("%d", v) end
			return string.format("%.17g", v)
		elseif t == "boolean" then
			return tostring(v)
		elseif t == "string" then
			return '"' .. v:gsub('[%c"\\]', function(c) return string.format("\\u%04x", c:byte()) end) .. '"'
		elseif t == "table" then
			local n = #v
			local parts = {}
			if n > 0 then
				for i = 1, n do parts[i] = to_json(v[i], path .. "[" .. i .. "]") end
				return "[" .. table.concat(parts, ",") .. "]"
			end
			-- Keys in order: equal defs give equal JSON (one navigator).
			local keys = {}
			for k in pairs(v) do
				if type(k) ~= "string" then error(path .. " mixes list and named entries", 0) end
				keys[#keys + 1] = k
			end
			table.sort(keys)
			for _, k in ipairs(keys) do
				parts[#parts + 1] = to_json(k, path) .. ":" .. to_json(v[k], path .. "." .. k)
			end
			return "{" .. table.concat(parts, ",") .. "}"
		end
		error(path .. " holds a " .. t .. " (numbers, booleans, strings and tables only)", 0)
	end

	-- The def as profile JSON, or nil and why not.
	function agents.profile_json(def)
		if type(def) ~= "table" then return nil, "an agent def must be a table of profile keys, not a " .. type(def) end
		local clean = {}
		for k, v in pairs(def) do
			if type(k) ~= "string" then return nil, "agent def keys must be strings (got a " .. type(k) .. ")" end
			local t = type(v)
			if t ~= "number" and t ~= "boolean" and t ~= "string" and t ~= "table" then
				return nil, "agent def key '" .. k .. "' holds a " .. t .. " (numbers, booleans, strings and tables only)"
			end
			if t == "number" and (v ~= v or v == math.huge or v == -math.huge) then
				if not (k == "max_fall_into_water" and v == math.huge) then
					return nil, "agent def key '" .. k .. "' is not a finite number"
				end
				v = nil  -- no limit: the key's default
			end
			if not (t == "table" and next(v) == nil) then clean[k] = v end
		end
		local ok, json = pcall(to_json, clean, "agent def")
		if not ok or type(json) ~= "string" then
			return nil, "agent def cannot be written as JSON: " .. tostring(json)
		end
		return json
	end

	-- Mirrored map blocks up to which a new shape is made at once (its
	-- first derivation then costs at most about 1.5 ms).
	local MAKE_AT_ONCE_BLOCKS = 128
	-- Profile JSON of shapes waiting for a server step, in order.
	local pending, pending_list = {}, {}
	-- An empty world: a navigator made on it checks a profile for nothing.
	local scratch = nil

	-- Fields by profile JSON (kept alive with their navigators).
	local fields = {}

	-- A worker navigator over the shape's field of the mirrored world.
	local function create(world, json)
		local f = ffi.new("voxnav_field*[1]")
		if lib.voxnav_field_create(world, json, f) ~= 0 then return nil, ctx.last_error() end
		local field = ffi.gc(f[0], lib.voxnav_field_destroy)
		local out = ffi.new("voxnav_navigator*[1]")
		if lib.voxnav_navigator_create_worker(field, json, out) ~= 0 then return nil, ctx.last_error() end
		fields[json] = field
		return ffi.gc(out[0], lib.voxnav_navigator_destroy)
	end

	-- A world navigator (it derives its own facts): only to check a profile.
	local function create_checker(world, json)
		local out = ffi.new("voxnav_navigator*[1]")
		if lib.voxnav_navigator_create(world, json, out) ~= 0 then return nil, ctx.last_error() end
		return ffi.gc(out[0], lib.voxnav_navigator_destroy)
	end

	-- true, or nil and why the profile is refused.
	local function check_profile(json)
		if not scratch then
			local w = ffi.new("voxnav_world*[1]")
			if lib.voxnav_world_create(w) ~= 0 then return nil, ctx.last_error() end
			scratch = ffi.gc(w[0], lib.voxnav_world_destroy)
		end
		local nav, err = create_checker(scratch, json)
		if not nav then return nil, err end
		lib.voxnav_navigator_destroy(ffi.gc(nav, nil))
		return true
	end

	-- The navigator of a profile JSON, made on first use: nav; or nil, why
	-- not; or nil, a sentence, true when a server step makes it (`now`:
	-- make it in this call whatever it costs).
	function agents.navigator(json, now)
		local nav = agents.by_json[json]
		if nav then return nav end
		if not now and (pending[json] or (ctx.mirror and ctx.mirror.count() > MAKE_AT_ONCE_BLOCKS)) then
			if not pending[json] then
				local ok, err = check_profile(json)
				if not ok then return nil, err end
				pending[json] = true
				pending_list[#pending_list + 1] = json
			end
			return nil, "this agent's body shape is new: its facts over the " .. ctx.mirror.count() ..
				" mirrored map blocks are derived by the next server step (register agents from your mod's main " ..
				"chunk to have them ready); ask again in a step or two", true
		end
		local err
		nav, err = create(ctx.world, json)
		if not nav then return nil, err end
		agents.by_json[json] = nav
		return nav
	end

	-- Makes one waiting shape (a server step calls this).
	function agents.build_pending()
		local json = table.remove(pending_list, 1)
		if not json then return end
		pending[json] = nil
		if agents.by_json[json] then return end
		local t0 = minetest.get_us_time()
		local nav, err = create(ctx.world, json)
		if nav then
			agents.by_json[json] = nav
			minetest.log("action", string.format("[voxnav] derived a new agent shape over %d map blocks in %.1f ms",
				ctx.mirror.count(), (minetest.get_us_time() - t0) / 1000))
		else
			minetest.log("warning", "[voxnav] agent profile refused: " .. tostring(err))
		end
	end
	function agents.pending_count() return #pending_list end

	-- true, or false and why not.
	function agents.register(name, def)
		if type(name) ~= "string" or name == "" then return false, "an agent name must be a non-empty string" end
		local json, err = agents.profile_json(def)
		if not json then return false, err end
		local nav, nerr, later = agents.navigator(json)
		if not nav and not later then return false, nerr end
		agents.by_name[name] = {json = json, def = def}
		return true
	end

	-- The navigator for find_path's `agent` argument (nil: "player"): nav;
	-- or nil, why not, and true when it is being made.
	function agents.resolve(agent, now)
		if agent == nil then agent = "player" end
		if type(agent) == "string" then
			local a = agents.by_name[agent]
			if not a then return nil, "no agent is registered as '" .. agent .. "' (voxnav.register_agent)" end
			return agents.navigator(a.json, now)
		end
		local json, err = agents.profile_json(agent)
		if not json then return nil, err end
		return agents.navigator(json, now)
	end
end
