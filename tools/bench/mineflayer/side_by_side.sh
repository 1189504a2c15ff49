#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Side by side with mineflayer-pathfinder on a real server (a benchmark, not
# a test): installs the pinned flying-squid, mineflayer, mineflayer-pathfinder
# and node-api-headers into BUILD/tools/mineflayer_npm, builds the Node addon
# against BUILD's libvoxnav.so and runs side_by_side.js (ROUNDS rounds,
# planners interleaved). Prints a Markdown table; JSON in
# BUILD/mineflayer_side_by_side.json.
# FILTER (a regular expression) runs only the goals whose names match it
# (each still from its own start).
#   tools/bench/mineflayer/side_by_side.sh [BUILD] [ROUNDS] [FILTER]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source=$(cd "$here/../../.." && pwd)
build=$(cd "${1:-$source/build}" && pwd)
rounds=${2:-3}
filter=${3:-}
npm_dir=$build/tools/mineflayer_npm
"$source/tools/npm_ci_pinned.sh" "mineflayer side by side" "$here" "$npm_dir" || exit $?
out=$build/tools/mineflayer_addon
"$source/tools/build_node_addon.sh" "$build" "$source" "$npm_dir" "$out" || exit 1
# (flying-squid's log lines left out)
VOXNAV_NODE_ADDON=$out/voxnav.node NODE_PATH=$npm_dir/node_modules \
  node "$here/side_by_side.js" "$build/mineflayer_side_by_side.json" "$rounds" "$filter" 2>&1 \
  | grep -v "INFO\|Server shutting down\|Kicking"
exit "${PIPESTATUS[0]}"
