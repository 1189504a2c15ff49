#!/usr/bin/env bash
# ctest "block table": installs the pinned minecraft-data into the build
# folder (npm ci, once per lock file), regenerates the block table from it
# and diffs it against worlds/minecraft_blocks.txt. Exit 77 (skipped, never
# passed) when node or npm is missing or the npm registry cannot be reached.
#   run_blocktable_test.sh SOURCE_DIR NPM_DIR
set -uo pipefail
source=$1 npm_dir=$2
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "block table: skipped: node and npm are needed (tools/bootstrap.sh installs nodejs and npm)"
  exit 77
fi
mkdir -p "$npm_dir"
cp "$here/package.json" "$here/package-lock.json" "$npm_dir/"
stamp="$npm_dir/node_modules/.voxnav-lock-sha256"
want=$(sha256sum "$npm_dir/package-lock.json" | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "block table: npm ci in $npm_dir"
  if ! (cd "$npm_dir" && timeout 600 npm ci --no-audit --no-fund --loglevel=error); then
    if ! timeout 30 npm ping >/dev/null 2>&1; then
      echo "block table: skipped: the npm registry cannot be reached to install minecraft-data"
      exit 77
    fi
    echo "block table: npm ci failed although the registry answers"
    exit 1
  fi
  echo "$want" > "$stamp"
fi
out="$npm_dir/minecraft_blocks.generated.txt"
NODE_PATH="$npm_dir/node_modules" node "$here/generate.js" --overrides "$source/worlds/minecraft_blocks_overrides.txt" --out "$out" || exit 1
if ! diff -u "$source/worlds/minecraft_blocks.txt" "$out"; then
  echo "block table: worlds/minecraft_blocks.txt is not what tools/blocktable/generate.js makes from the data and the overrides:"
  echo "regenerate it (see its header) and commit both."
  exit 1
fi
echo "block table: worlds/minecraft_blocks.txt is the generator's output ($(grep -vc '^#' "$out") lines)"
