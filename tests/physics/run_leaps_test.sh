#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ctest "physics: leaps that land" (tests/physics/physics.cmake): the pinned
# npm packages in the build folder (as run_physics_test.sh), then leaps.js.
# Exit 77 (skipped, never passed) when node or npm is missing or the npm
# registry cannot be reached; otherwise leaps.js's exit code.
#   run_leaps_test.sh VOXNAV_BINARY SOURCE_DIR NPM_DIR
set -uo pipefail
voxnav=$1 source=$2 npm_dir=$3
here=$(cd "$(dirname "$0")" && pwd)
"$source/tools/npm_ci_pinned.sh" "physics judge" "$here" "$npm_dir"
rc=$?
[ $rc -eq 0 ] || exit $rc
cp "$here"/*.js "$npm_dir/"
cd "$npm_dir" && exec node leaps.js --voxnav "$voxnav" --source "$source"
