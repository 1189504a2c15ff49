#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs voxnav's test mod on a real headless Luanti server (Debian's
# minetest-server with minetest_game): tests/luanti/voxnav_test.
# Usage: run_server_test.sh BUILD_DIR [test|bench|walk|untrusted] [PAIRS] [SEED]
#        run_server_test.sh BUILD_DIR docs [README.md] [docs/luanti.md]
# walk: entities follow routes with voxnav.walk (tests/luanti/voxnav_test/walk.lua).
# untrusted: voxnav not in secure.trusted_mods; it must log one error and stay out of the way.
# docs: the README's Luanti mod (the ```lua block between <!-- lua-example:begin -->
# and <!-- lua-example:end -->, unchanged) runs as the mod "mymod" in worldmods,
# and docs/luanti.md's Lua API block (the first ```lua block after "**Lua API.**")
# is run by the test mod (tests/luanti/voxnav_test/docs.lua) on a built arena.
# VOXNAV_LUANTI_MOD=DIR runs the mod folder DIR instead of BUILD_DIR/luanti/voxnav
# (the installed or packaged mod: tests/install/run_consumer_test.sh).
# Exit: 0 passed, 1 failed, 77 skipped (no minetestserver or minetest_game).
set -uo pipefail
build=$(cd "$1" && pwd)
mode=${2:-test}
here=$(cd "$(dirname "$0")" && pwd)
if [ "$mode" = docs ]; then
  readme=${3:-$here/../../README.md}
  luanti_md=${4:-$here/../../docs/luanti.md}
  pairs=100
  seed=7
else
  pairs=${3:-100}
  seed=${4:-7}
fi
server=$(command -v minetestserver || true)
[ -z "$server" ] && [ -x /usr/lib/minetest/minetestserver ] && server=/usr/lib/minetest/minetestserver
if [ -z "$server" ]; then echo "SKIP: minetestserver is not installed (apt-get install minetest-server; tools/bootstrap.sh does)"; exit 77; fi
if [ ! -d /usr/share/games/minetest/games/minetest_game ] && [ ! -d /usr/share/minetest/games/minetest_game ]; then
  echo "SKIP: minetest_game is not installed (package minetest-data)"; exit 77
fi
mod=${VOXNAV_LUANTI_MOD:-$build/luanti/voxnav}
if [ ! -f "$mod/libvoxnav.so" ]; then echo "FAIL: $mod has no libvoxnav.so (not built?)"; exit 1; fi

work=$(mktemp -d /tmp/voxnav-luanti-XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/world/worldmods"
# The mod as a server would use it: the build's folder (linked), and the test mod.
ln -s "$mod" "$work/world/worldmods/voxnav"
cp -r "$here/voxnav_test" "$work/world/worldmods/voxnav_test"
if [ "$mode" = docs ]; then
  # The README's mod as its reader would save it: mymod/init.lua and a mod.conf.
  mkdir -p "$work/world/worldmods/mymod"
  awk 'index($0, "<!-- lua-example:begin -->") { m = 1; next }
       index($0, "<!-- lua-example:end -->") { m = 0 }
       m && /^```/ { f = !f; next }
       m && f' "$readme" > "$work/world/worldmods/mymod/init.lua"
  printf 'name = mymod\ndepends = voxnav\n' > "$work/world/worldmods/mymod/mod.conf"
  # docs/luanti.md's Lua API block, for the test mod to run (from the world folder).
  awk 'index($0, "**Lua API.**") { a = 1 }
       a && !f && /^```lua/ { f = 1; next }
       f && /^```/ { exit }
       f' "$luanti_md" > "$work/world/voxnav_docs_lua_api.lua"
  for f in "$work/world/worldmods/mymod/init.lua" "$work/world/voxnav_docs_lua_api.lua"; do
    if [ ! -s "$f" ]; then echo "FAIL: no Lua block found for $(basename "$f") (in $readme or $luanti_md)"; exit 1; fi
  done
  echo "README mod: $(wc -l < "$work/world/worldmods/mymod/init.lua") lines from $readme; Lua API block: $(wc -l < "$work/world/voxnav_docs_lua_api.lua") lines from $luanti_md"
fi
cat > "$work/world/world.mt" <<WORLD
gameid = minetest_game
backend = sqlite3
player_backend = sqlite3
auth_backend = sqlite3
mod_storage_backend = sqlite3
WORLD
# A random free port on 127.0.0.1 only.
port=$(( 30000 + RANDOM % 20000 ))
trusted="secure.trusted_mods = voxnav"
[ "$mode" = untrusted ] && trusted=""
# The test watches voxnav forget what Luanti unloads: unload soon after use.
# (and mirror what mapgen made at once, before Luanti may unload it). The
# bench keeps voxnav's default budgets (what a server runs with).
unload=29
columns=8
step_us=4000
[ "$mode" = test ] && unload=3 && columns=100000 && step_us=200000
[ "$mode" = walk ] && columns=100000
[ "$mode" = docs ] && columns=100000
cat > "$work/minetest.conf" <<CONF
$trusted
server_unload_unused_data_timeout = $unload
max_forceloaded_blocks = 2048
voxnav_generated_columns_per_step = $columns
voxnav_step_budget_us = $step_us
bind_address = 127.0.0.1
server_announce = false
fixed_map_seed = 1234
mg_name = v7
enable_fence_tall = true
voxnav_test_mode = $mode
voxnav_test_pairs = $pairs
voxnav_test_seed = $seed
voxnav_test_timeout = $([ "$mode" = walk ] && echo 700 || ([ "$mode" = docs ] && echo 420) || echo 240)
CONF
log="$work/server.log"
timeout 800 "$server" --world "$work/world" --gameid minetest_game --config "$work/minetest.conf" --port "$port" \
  --logfile "$log" > "$work/stdout.txt" 2>&1
status=$?
grep -E "voxnav|ERROR" "$log" | grep -v "^\s*$" | tail -40
[ "$mode" = bench ] && grep -E "^\||^pairs|^mirrored" "$work/stdout.txt"
[ "$mode" = walk ] && grep -E "^walks" "$work/stdout.txt"
if [ "$mode" = docs ]; then
  # The README mod's on_done lines, as the server logged them (docs.lua also
  # reads them through minetest.log and checks one per walk).
  grep -E "villager: [a-z_]+ after [0-9]+ plans" "$log"
fi
if [ -f "$work/world/voxnav_test_results.json" ]; then
  out="$build/luanti/voxnav_test_results_$mode.json"
  cp "$work/world/voxnav_test_results.json" "$out"
  echo "results: $out"
fi
if [ "$mode" = untrusted ]; then
  n=$(grep -c "ERROR.*\[voxnav\] voxnav is not a trusted mod" "$log")
  if [ "$n" -ne 1 ]; then echo "FAIL: expected one error line about trusted_mods, got $n"; exit 1; fi
fi
if [ $status -ne 0 ]; then echo "FAIL: the server exited with status $status"; tail -20 "$work/stdout.txt"; exit 1; fi
if [ ! -f "$work/world/voxnav_test_results.json" ]; then echo "FAIL: no results were written"; exit 1; fi
if [ "$mode" = docs ]; then
  n=$(grep -cE "villager: [a-z_]+ after [0-9]+ plans" "$log")
  if [ "$n" -lt 2 ]; then echo "FAIL: the README mod's on_done logged $n lines 'villager: <status> after N plans' (2 walks)"; exit 1; fi
fi
echo "PASS"
