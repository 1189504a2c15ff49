#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs voxnav's test mod on a real headless Luanti server (Debian's
# minetest-server with minetest_game): tests/luanti/voxnav_test.
# Usage: run_server_test.sh BUILD_DIR [test|bench|walk|untrusted] [PAIRS] [SEED]
# walk: entities follow routes with voxnav.walk (tests/luanti/voxnav_test/walk.lua).
# untrusted: voxnav not in secure.trusted_mods; it must log one error and stay out of the way.
# VOXNAV_LUANTI_MOD=DIR runs the mod folder DIR instead of BUILD_DIR/luanti/voxnav
# (the installed or packaged mod: tests/install/run_consumer_test.sh).
# Exit: 0 passed, 1 failed, 77 skipped (no minetestserver or minetest_game).
set -uo pipefail
build=$(cd "$1" && pwd)
mode=${2:-test}
pairs=${3:-100}
seed=${4:-7}
here=$(cd "$(dirname "$0")" && pwd)
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
voxnav_test_timeout = $([ "$mode" = walk ] && echo 700 || echo 240)
CONF
log="$work/server.log"
timeout 800 "$server" --world "$work/world" --gameid minetest_game --config "$work/minetest.conf" --port "$port" \
  --logfile "$log" > "$work/stdout.txt" 2>&1
status=$?
grep -E "voxnav|ERROR" "$log" | grep -v "^\s*$" | tail -40
[ "$mode" = bench ] && grep -E "^\||^pairs|^mirrored" "$work/stdout.txt"
[ "$mode" = walk ] && grep -E "^walks" "$work/stdout.txt"
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
echo "PASS"
