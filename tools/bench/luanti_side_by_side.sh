#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# voxnav.find_path and Luanti's own minetest.find_path side by side in one
# real headless server (Debian's minetest-server, minetest_game, map seed
# 1234, mapgen v7), with voxnav's default time budgets:
#  * 200 walkers ask for their first routes in the server step mapgen
#    finishes (before voxnav has read what it made), then again each step
#    while voxnav answers "not_ready";
#  * the same seeded pairs of standing positions on natural terrain for both
#    (once mirroring is done).
# Found / not found, positions per path, and the time of every call measured
# in Lua with minetest.get_us_time(): p50, p95, mean and the worst call (max)
# of each, and the worst server step of voxnav's mirroring. A benchmark,
# not a test: nothing about time is asserted.
# Usage: tools/bench/luanti_side_by_side.sh [BUILD_DIR] [PAIRS] [SEED]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build}
exec "$root/tests/luanti/run_server_test.sh" "$build" bench "${2:-300}" "${3:-11}"
