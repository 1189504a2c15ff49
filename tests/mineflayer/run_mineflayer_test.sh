#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# voxnav's mineflayer plugin on a real server (ctest label `mineflayer`):
# installs the pinned flying-squid, mineflayer and node-api-headers into the
# build folder, builds the Node addon against BUILD's libvoxnav.so, and runs
# tests/mineflayer/course.js (results: BUILD/tests/mineflayer_results.json),
# or with a CASE, tests/mineflayer/lifecycle.js CASE (login, nearxz, nopath,
# end: tests/mineflayer/mineflayer.cmake).
#   run_mineflayer_test.sh BUILD SOURCE [CASE]
# Exit 0 passed, 1 failed, 77 skipped (no node or npm, or no registry).
set -uo pipefail
build=$(cd "$1" && pwd) source=$(cd "$2" && pwd)
case_name=${3:-}
npm_dir=$build/tests/mineflayer_npm
"$source/tools/npm_ci_pinned.sh" "mineflayer" "$source/tests/mineflayer" "$npm_dir" || exit $?
# Each run builds its own addon: ctests running one after another never
# load an addon another run is rebuilding.
out=$build/tests/mineflayer_addon${case_name:+_$case_name}
"$source/tools/build_node_addon.sh" "$build" "$source" "$npm_dir" "$out" || exit 1
if [ -n "$case_name" ]; then
  run=("$source/tests/mineflayer/lifecycle.js" "$case_name")
else
  run=("$source/tests/mineflayer/course.js" "$build/tests/mineflayer_results.json")
fi
VOXNAV_NODE_ADDON=$out/voxnav.node NODE_PATH=$npm_dir/node_modules timeout 300 \
  node "${run[@]}" 2>&1 \
  | grep -v "INFO\|Server shutting down\|Kicking"
status=${PIPESTATUS[0]}
[ "$status" -eq 0 ] && echo PASS || echo "FAIL (status $status)"
exit "$status"
