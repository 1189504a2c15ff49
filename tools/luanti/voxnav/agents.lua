-- Agents: Lua defs (the profile JSON keys of voxnav's README, as a Lua
-- table) turned into voxnav navigators, cached by their JSON so that agents
-- with equal defs share one; navigators of the same body shape also share
-- their navigation facts inside voxnav.
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
			for k, x in pairs(v) do
				if type(k) ~= "string" then error(path .. " mixes list and named entries", 0) end
				parts[#parts + 1] = to_json(k, path) .. ":" .. to_json(x, path .. "." .. k)
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

	-- The navigator of a profile JSON, made on first use.
	function agents.navigator(json)
		local nav = agents.by_json[json]
		if nav then return nav end
		local out = ffi.new("voxnav_navigator*[1]")
		if lib.voxnav_navigator_create(ctx.world, json, out) ~= 0 then return nil, ctx.last_error() end
		nav = ffi.gc(out[0], lib.voxnav_navigator_destroy)
		agents.by_json[json] = nav
		return nav
	end

	-- true, or false and why not.
	function agents.register(name, def)
		if type(name) ~= "string" or name == "" then return false, "an agent name must be a non-empty string" end
		local json, err = agents.profile_json(def)
		if not json then return false, err end
		local nav, nerr = agents.navigator(json)
		if not nav then return false, nerr end
		agents.by_name[name] = {json = json, nav = nav}
		return true
	end

	-- The navigator for find_path's `agent` argument (nil: "player").
	function agents.resolve(agent)
		if agent == nil then agent = "player" end
		if type(agent) == "string" then
			local a = agents.by_name[agent]
			if not a then return nil, "no agent is registered as '" .. agent .. "' (voxnav.register_agent)" end
			return a.nav
		end
		local json, err = agents.profile_json(agent)
		if not json then return nil, err end
		return agents.navigator(json)
	end
end
