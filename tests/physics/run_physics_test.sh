#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ctest "physics" (tests/physics/physics.cmake): installs the pinned npm
# packages into the build folder (tools/npm_ci_pinned.sh) and runs the
# judge. Exit 77 (skipped, never passed) when node or npm is missing or the
# npm registry cannot be reached; otherwise the judge's exit code.
#   run_physics_test.sh VOXNAV_BINARY SOURCE_DIR NPM_DIR [judge options...]
set -uo pipefail
voxnav=$1 source=$2 npm_dir=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
"$source/tools/npm_ci_pinned.sh" "physics judge" "$here" "$npm_dir"
rc=$?
[ $rc -eq 0 ] || exit $rc
echo "physics judge: node $(node --version), npm $(npm --version)"
cp "$here"/*.js "$npm_dir/"
cd "$npm_dir" && exec node run.js --voxnav "$voxnav" --source "$source" --out "$npm_dir/physics-summary.json" --jobs 2 "$@"
