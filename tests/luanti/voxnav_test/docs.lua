-- SPDX-License-Identifier: MIT
-- The docs test (mode "docs"): the README's Luanti mod runs as a mod
-- ("mymod": run_server_test.sh copies the README's block, unchanged, into
-- worldmods/mymod/init.lua) and docs/luanti.md's "Lua API" tour runs on a
-- small built arena. Checks:
--   * the agent "villager" the README registers is known to voxnav (the mod
--     exposes no list of agents: a find_path with it must not answer "no
--     agent is registered", while an unregistered name does);
--   * the chat command /route: a headless server has no player, so called
--     for a name with no player it answers its usage line; called for a
--     stand-in player (minetest.get_player_by_name answers a table with
--     get_pos for that one name while the command runs) it answers a route
--     and sends its positions to the player;
--   * mymod.send_to_bell walks an entity to a bell on open floor and to one
--     behind a closed wooden door: judged on the BODY only, which must come
--     to rest (velocity ~0 for REST_STEPS server steps) within 0.5 node of
--     the bell horizontally with its feet on the bell's floor; and the
--     on_done line "villager: <status> after N plans" must be logged (read
--     through a wrapper around minetest.log);
--   * docs/luanti.md's Lua API block (copied by run_server_test.sh into the
--     world folder) runs without raising, with the names it leaves to the
--     reader (pos1, pos2, creeper, road1, road2, guard_pos) defined on the
--     arena and nothing else undefined; its find_path and reachable answer
--     "found" once the agent shape it registers is made.
local D = {}

local REST_STEPS = 10      -- server steps (0.09 s each) the body must stay still
local WALK_LIMIT = 90      -- seconds per walk before the body is judged anyway
local API_BLOCK_FILE = "voxnav_docs_lua_api.lua"

-- The arena: feet level o.y, x and z -2..22, a wall across z = 10 with a
-- closed wooden door at x = 10 (the only way north), walls all round.
D.ORIGIN = {x = 200, y = 96, z = 200}
function D.box(o)
	return vector.add(o, {x = -32, y = -24, z = -32}), vector.add(o, {x = 56, y = 24, z = 56})
end

local function hdist(a, b)
	return math.sqrt((a.x - b.x) ^ 2 + (a.z - b.z) ^ 2)
end

local function build(o, walk, course)
	local function at(x, y, z) return {x = o.x + x, y = o.y + y, z = o.z + z} end
	walk.flat_floor(o.x - 3, o.z - 3, o.x + 23, o.z + 23, o.y, 6)
	for i = -3, 23 do
		for y = 0, 2 do
			for _, p in ipairs({at(i, y, -3), at(i, y, 23), at(-3, y, i), at(23, y, i), at(i, y, 10)}) do
				minetest.set_node(p, {name = "default:stone"})
			end
		end
	end
	course.place_door(at(10, 0, 10), "doors:door_wood_a", 0, 0)  -- facing z: across the way through, closed
	return at
end

function D.run(env)
	local fail, expect, p2s, wait_step = env.fail, env.expect, env.p2s, env.wait_step
	local r = {}
	env.results.docs = r
	local function note(text) minetest.log("action", "[voxnav_test] docs: " .. text) end

	if not expect(minetest.get_modpath("mymod") ~= nil and type(mymod) == "table" and type(mymod.send_to_bell) == "function",
		"the README's mod (mymod) is not loaded or has no mymod.send_to_bell") then
		return
	end

	-- The on_done lines, through a wrapper around minetest.log.
	local real_log = minetest.log
	local villager_lines = {}
	minetest.log = function(...)
		local n, a, b = select("#", ...), ...
		local text = n >= 2 and b or a
		if type(text) == "string" and text:find("^villager: ") then villager_lines[#villager_lines + 1] = text end
		return real_log(...)
	end

	local o = env.origin
	local at = build(o, env.walk, env.course)
	for _ = 1, 3 do wait_step() end

	-- 1. The agent "villager".
	local path, info = env.find(at(3, 0, 3), at(6, 0, 3), "villager")
	r.agent_villager = info.status .. (info.error and (": " .. info.error) or "")
	expect(not (info.error and info.error:find("no agent is registered")) and info.status == "found",
		"the README's agent 'villager' is not usable: find_path answers " .. r.agent_villager)
	local _, uinfo = voxnav.find_path(at(3, 0, 3), at(6, 0, 3), "docs_no_such_agent")
	expect(uinfo.error and uinfo.error:find("no agent is registered"),
		"the agent probe does not tell: an unregistered name answers " .. tostring(uinfo.status) .. " " .. tostring(uinfo.error))
	note("agent villager: find_path on the arena answers " .. r.agent_villager)

	-- 2. The chat command, for a name with no player (a headless server has none).
	local cmd = minetest.registered_chatcommands.route
	if expect(cmd and type(cmd.func) == "function", "the README's chat command /route is not registered") then
		expect(cmd.params == "<x> <y> <z>", "/route's params: " .. tostring(cmd.params))
		local nobody = "docs_nobody"
		expect(minetest.get_player_by_name(nobody) == nil, "a player " .. nobody .. " exists")
		for _, param in ipairs({"1 2 3", "", "here"}) do
			local ok, msg = cmd.func(nobody, param)
			r.route_no_player = msg
			expect(ok == false and msg == "usage: /route <x> <y> <z>",
				"/route " .. param .. " for a name with no player answers " .. tostring(ok) .. ", " .. tostring(msg))
		end
		note("/route for a name with no player answers '" .. tostring(r.route_no_player) .. "'")
	end

	-- 3. mymod.send_to_bell: the body is judged.
	r.walks = {}
	local door = at(10, 0, 10)
	local function door_open() local d = doors.get(door) return d ~= nil and d:state() end
	local function bell_walk(name, from, bell)
		local obj = env.walk.spawn(from)
		if not obj then return fail("docs walk " .. name .. ": could not spawn an entity at " .. p2s(from)) end
		local lines_before = #villager_lines
		local w, err = mymod.send_to_bell(obj, bell)
		if not w then
			obj:remove()
			return fail("docs walk " .. name .. ": mymod.send_to_bell refused: " .. tostring(err))
		end
		local t0 = minetest.get_us_time()
		local rest, last, p = 0, nil, nil
		local door_was_opened = false
		while (minetest.get_us_time() - t0) / 1e6 < WALK_LIMIT do
			wait_step()
			door_was_opened = door_was_opened or door_open()
			p = obj:get_pos()
			if not p then break end
			local v = obj:get_velocity() or {x = 0, y = 0, z = 0}
			local still = vector.length(v) < 0.05 and last ~= nil and vector.distance(p, last) < 0.005
			rest = still and rest + 1 or 0
			last = p
			local there = hdist(p, bell) <= 0.5 and math.abs(p.y - (bell.y - 0.5)) <= 0.1
			-- (Watching ends when the body has been still for REST_STEPS
			-- at the bell, or once the walk is over and it is still.)
			if rest >= REST_STEPS and (there or w.status ~= "walking") then break end
		end
		local rec = {name = name, from = p2s(from), bell = p2s(bell), seconds = (minetest.get_us_time() - t0) / 1e6,
			rest_steps = rest, walker_status = w.status, door_was_opened = door_was_opened}
		r.walks[#r.walks + 1] = rec
		if not p then
			fail("docs walk " .. name .. ": the entity is gone")
			return
		end
		if w.status == "walking" then w:stop() end
		rec.at = string.format("(%.2f,%.2f,%.2f)", p.x, p.y, p.z)
		rec.off_horizontal = hdist(p, bell)
		rec.feet_above_floor = p.y - (bell.y - 0.5)
		rec.on_done_lines = {}
		for i = lines_before + 1, #villager_lines do rec.on_done_lines[#rec.on_done_lines + 1] = villager_lines[i] end
		note(string.format("walk '%s' from %s: the body came to rest (%d still steps) at %s after %.1f s; bell %s: %.2f nodes " ..
			"off horizontally, feet %.2f above the bell's floor; door %s; logged: %s", name, p2s(from), rest, rec.at, rec.seconds,
			p2s(bell), rec.off_horizontal, rec.feet_above_floor, door_was_opened and "opened" or "never open", #rec.on_done_lines > 0 and table.concat(rec.on_done_lines, " | ") or "nothing"))
		expect(rest >= REST_STEPS, "docs walk " .. name .. ": the body never came to rest (still for " .. rest ..
			" steps at the end, at " .. rec.at .. ")")
		expect(rec.off_horizontal <= 0.5, string.format("docs walk %s: the body rests at %s, %.2f nodes from the bell %s",
			name, rec.at, rec.off_horizontal, p2s(bell)))
		expect(math.abs(rec.feet_above_floor) <= 0.1, string.format("docs walk %s: the body's feet rest %.2f above the " ..
			"bell's floor (at %s)", name, rec.feet_above_floor, rec.at))
		expect(#rec.on_done_lines == 1 and rec.on_done_lines[1]:match("^villager: [%a_]+ after %d+ plans$"),
			"docs walk " .. name .. ": on_done logged " .. #rec.on_done_lines .. " lines: " .. table.concat(rec.on_done_lines, " | "))
		obj:remove()
	end
	bell_walk("open floor", at(3, 0, 3), at(12, 0, 6))
	-- The door is the only way north: an agent that opens nothing finds no path.
	expect(not door_open(), "the arena's door is open before the door walk")
	local _, ninfo = env.find(at(6, 0, 4), at(13, 0, 16), {height = 1.8, jump_height = 1.1, max_fall = 3, opens = {}})
	r.door_only_way = ninfo.status
	expect(ninfo.status == "no_path", "the arena has a way north besides its door: an agent that opens nothing answers " ..
		tostring(ninfo.status) .. " " .. tostring(ninfo.error))
	note("an agent that opens nothing, from the door walk's start to its bell: " .. tostring(ninfo.status))
	bell_walk("through a closed door", at(6, 0, 4), at(13, 0, 16))
	expect(r.walks[#r.walks] and r.walks[#r.walks].door_was_opened, "docs walk through a closed door: the door was never open")
	minetest.log = real_log

	-- 4. /route for a stand-in player standing on the arena.
	if cmd and type(cmd.func) == "function" then
		local name, stand = "docs_stand_in", at(3, 0, 3)
		local stand_in = {get_pos = function() return {x = stand.x, y = stand.y - 0.5, z = stand.z} end}
		local real_get, real_send = minetest.get_player_by_name, minetest.chat_send_player
		local sent = {}
		minetest.get_player_by_name = function(n)
			if n == name then return stand_in end
			return real_get(n)
		end
		minetest.chat_send_player = function(n, text)
			if n == name then sent[#sent + 1] = text return end
			return real_send(n, text)
		end
		local bell = at(13, 0, 16)
		local res = {pcall(cmd.func, name, string.format("%d %d %d", bell.x, bell.y, bell.z))}
		minetest.get_player_by_name, minetest.chat_send_player = real_get, real_send
		if expect(res[1], "/route for a stand-in player raised: " .. tostring(res[2])) then
			local ok, msg = res[2], res[3]
			r.route_stand_in = {ok = ok, answer = msg, lines_sent = #sent, first = sent[1], last = sent[#sent]}
			local n = type(msg) == "string" and tonumber(msg:match("^found: (%d+) positions, [%d.]+ s$")) or nil
			expect(ok == true and n ~= nil, "/route for a stand-in player answers " .. tostring(ok) .. ", " .. tostring(msg))
			expect(n == nil or #sent == n, "/route sent " .. #sent .. " lines for " .. tostring(n) .. " positions")
			expect(sent[1] and sent[1]:find("^start %(") and sent[#sent]:find(minetest.pos_to_string(bell), 1, true),
				"/route's lines run from a start to the goal: " .. tostring(sent[1]) .. " ... " .. tostring(sent[#sent]))
			note(string.format("/route %d %d %d for a stand-in player at %s answers %s, '%s'; %d lines sent, first '%s', last '%s'",
				bell.x, bell.y, bell.z, p2s(stand), tostring(ok), tostring(msg), #sent, tostring(sent[1]), tostring(sent[#sent])))
		end
	end

	-- 5. docs/luanti.md's Lua API block.
	local f = io.open(minetest.get_worldpath() .. "/" .. API_BLOCK_FILE, "r")
	if not expect(f ~= nil, "docs/luanti.md's Lua API block was not copied into the world folder") then return end
	local text = f:read("*a")
	f:close()
	-- Its locals, returned so the answers can be checked.
	local chunk, cerr = loadstring(text .. "\nreturn ok, err, path, info, area, ainfo\n", "=docs/luanti.md Lua API block")
	if not expect(chunk ~= nil, "docs/luanti.md's Lua API block does not compile: " .. tostring(cerr)) then return end
	local given = {pos1 = at(3, 0, 3), pos2 = at(13, 0, 16), creeper = at(20, 0, 2),
		road1 = at(10, 0, 0), road2 = at(10, 0, 20), guard_pos = at(5, 0, 5)}
	local undefined = {}
	setfenv(chunk, setmetatable({}, {__index = function(_, k)
		if given[k] ~= nil then return given[k] end
		local v = rawget(_G, k)
		if v == nil and not undefined[k] then
			undefined[k] = true
			undefined[#undefined + 1] = tostring(k)
		end
		return v
	end}))
	local a = {}
	for run = 1, 100 do
		a = {pcall(chunk)}
		r.api_block_runs = run
		if not a[1] then break end
		local info_, ainfo = a[5], a[7]
		if not ((info_ and info_.status == "not_ready") or (ainfo and ainfo.status == "not_ready")) then break end
		wait_step()
	end
	if not expect(a[1], "docs/luanti.md's Lua API block raised: " .. tostring(a[2])) then return end
	expect(#undefined == 0, "docs/luanti.md's Lua API block reads undefined names: " .. table.concat(undefined, ", "))
	local ok, err, apath, ainfo_path, area, ainfo = a[2], a[3], a[4], a[5], a[6], a[7]
	r.api_block = {register_agent = tostring(ok) .. (err and (" " .. tostring(err)) or ""),
		find_path = ainfo_path and ainfo_path.status, waypoints = apath and #apath,
		reachable = ainfo and ainfo.status, nodes = area and #area}
	note(string.format("docs/luanti.md Lua API block ran %d times without raising: register_agent %s, find_path %s (%s " ..
		"positions), reachable %s (%s nodes)", r.api_block_runs, r.api_block.register_agent, tostring(r.api_block.find_path),
		tostring(r.api_block.waypoints), tostring(r.api_block.reachable), tostring(r.api_block.nodes)))
	expect(ok == true, "the Lua API block's register_agent: " .. tostring(ok) .. " " .. tostring(err))
	expect(ainfo_path and ainfo_path.status == "found" and apath ~= nil,
		"the Lua API block's find_path: " .. tostring(ainfo_path and ainfo_path.status) .. " " .. tostring(ainfo_path and ainfo_path.error))
	expect(ainfo and ainfo.status == "found" and area ~= nil and #area > 0,
		"the Lua API block's reachable: " .. tostring(ainfo and ainfo.status) .. " " .. tostring(ainfo and ainfo.error))
end

return D
