#!/usr/bin/env bash
# voxnav.find_path and Luanti's own minetest.find_path side by side in one
# real headless server (Debian's minetest-server, minetest_game, map seed
# 1234, mapgen v7): the same seeded pairs of standing positions on natural
# terrain, found / not found, positions per path and time per query measured
# in Lua with minetest.get_us_time() (voxnav's includes reading map blocks
# it had not mirrored yet). A benchmark, not a test: nothing is asserted.
# Usage: tools/bench/luanti_side_by_side.sh [BUILD_DIR] [PAIRS] [SEED]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build}
exec "$root/tests/luanti/run_server_test.sh" "$build" bench "${2:-300}" "${3:-11}"
