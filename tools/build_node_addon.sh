#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the Node addon (bindings/node/build.js) against BUILD's libvoxnav.so
# into OUT, with the N-API headers of the npm folder NPM_DIR (node-api-headers
# installed there by tools/npm_ci_pinned.sh). Shared by the Node, mineflayer
# and side-by-side scripts; the build's output goes to OUT.log and is
# printed when it fails.
#   build_node_addon.sh BUILD SOURCE NPM_DIR OUT
# Exit 0 built, 1 not (OUT/voxnav.node is then missing).
set -uo pipefail
build=$1 source=$2 npm_dir=$3 out=$4
headers=$npm_dir/node_modules/node-api-headers/include
[ -f "$headers/node_api.h" ] || { echo "FAIL: $headers/node_api.h is missing"; exit 1; }
rm -rf "$out"
mkdir -p "$(dirname "$out")"
VOXNAV_BUILD_DIR=$build VOXNAV_SOURCE_DIR=$source VOXNAV_NODE_OUT=$out NODE_API_HEADERS_DIR=$headers \
  node "$source/bindings/node/build.js" > "$out.log" 2>&1 \
  || { cat "$out.log"; echo "FAIL: the addon did not build"; exit 1; }
