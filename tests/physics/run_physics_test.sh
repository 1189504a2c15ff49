#!/usr/bin/env bash
# ctest "physics" (tests/physics/physics.cmake): installs the pinned npm
# packages into the build folder (npm ci, once per lock file) and runs the
# judge. Exit 77 (skipped, never passed) when node or npm is missing or the
# npm registry cannot be reached; otherwise the judge's exit code.
#   run_physics_test.sh VOXNAV_BINARY SOURCE_DIR NPM_DIR [judge options...]
set -uo pipefail
voxnav=$1 source=$2 npm_dir=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "physics judge: skipped: node and npm are needed (tools/bootstrap.sh installs nodejs and npm)"
  exit 77
fi
if ! node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 18 ? 0 : 1)'; then
  echo "physics judge: skipped: node $(node --version) is older than 18 (Debian 12 has 18.19)"
  exit 77
fi
echo "physics judge: node $(node --version), npm $(npm --version)"
mkdir -p "$npm_dir"
cp "$here/package.json" "$here/package-lock.json" "$npm_dir/"
cp "$here"/*.js "$npm_dir/"
stamp="$npm_dir/node_modules/.voxnav-lock-sha256"
want=$(sha256sum "$npm_dir/package-lock.json" | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "physics judge: npm ci in $npm_dir"
  if ! (cd "$npm_dir" && timeout 600 npm ci --no-audit --no-fund --loglevel=error); then
    if ! timeout 30 npm ping >/dev/null 2>&1; then
      echo "physics judge: skipped: the npm registry cannot be reached to install the pinned packages"
      exit 77
    fi
    echo "physics judge: npm ci failed although the registry answers"
    exit 1
  fi
  echo "$want" > "$stamp"
fi
cd "$npm_dir" && exec node run.js --voxnav "$voxnav" --source "$source" --out "$npm_dir/physics-summary.json" --jobs 2 "$@"
