#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ctest "block table": installs the pinned minecraft-data and prismarine-physics
# into the build folder (tools/npm_ci_pinned.sh), regenerates the block table from it and
# diffs it against worlds/minecraft_blocks.txt. Exit 77 (skipped, never
# passed) when node or npm is missing or the npm registry cannot be reached.
#   run_blocktable_test.sh SOURCE_DIR NPM_DIR
set -uo pipefail
source=$1 npm_dir=$2
here=$(cd "$(dirname "$0")" && pwd)
"$source/tools/npm_ci_pinned.sh" "block table" "$here" "$npm_dir"
rc=$?
[ $rc -eq 0 ] || exit $rc
out="$npm_dir/minecraft_blocks.generated.txt"
NODE_PATH="$npm_dir/node_modules" node "$here/generate.js" --overrides "$source/worlds/minecraft_blocks_overrides.txt" --out "$out" || exit 1
if ! diff -u "$source/worlds/minecraft_blocks.txt" "$out"; then
  echo "block table: worlds/minecraft_blocks.txt is not what tools/blocktable/generate.js makes from the data and the overrides:"
  echo "regenerate it (see its header) and commit both."
  exit 1
fi
echo "block table: worlds/minecraft_blocks.txt is the generator's output ($(grep -vc '^#' "$out") lines)"
