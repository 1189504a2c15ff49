#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs the npm packages pinned by a package.json and package-lock.json
# into a folder of the build tree, once per lock file (npm ci; a stamp in
# node_modules remembers which lock it installed). Shared by the ctests that
# run Node (the Node binding and its npm install forms, npm 10 and 11
# themselves for those (tests/node/npm-versions), mineflayer, the physics
# judge, the block table generator).
#   npm_ci_pinned.sh LABEL PACKAGE_DIR NPM_DIR
# Exit 0 when installed, 77 (skip, never pass) when node or npm is missing
# or the registry cannot be reached, 1 when npm ci fails with the registry up.
set -uo pipefail
label=$1 pkg=$2 npm_dir=$3
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "$label: skipped: node and npm are needed (tools/bootstrap.sh installs nodejs and npm)"
  exit 77
fi
if ! node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 18 ? 0 : 1)'; then
  echo "$label: skipped: node $(node --version) is older than 18 (Debian 12 has 18.19)"
  exit 77
fi
mkdir -p "$npm_dir"
cp "$pkg/package.json" "$pkg/package-lock.json" "$npm_dir/"
stamp="$npm_dir/node_modules/.voxnav-lock-sha256"
want=$(sha256sum "$npm_dir/package-lock.json" | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "$label: npm ci in $npm_dir"
  if ! (cd "$npm_dir" && timeout 600 npm ci --no-audit --no-fund --loglevel=error); then
    if ! timeout 30 npm ping >/dev/null 2>&1; then
      echo "$label: skipped: the npm registry cannot be reached to install the pinned packages"
      exit 77
    fi
    echo "$label: npm ci failed although the registry answers"
    exit 1
  fi
  echo "$want" > "$stamp"
fi
exit 0
