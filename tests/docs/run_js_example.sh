#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs one JavaScript program of the docs (tests/docs/docs.cmake).
#   run_js_example.sh FILE.js BUILD SOURCE
# A program that needs a Minecraft server (it requires mineflayer) is
# compiled with node --check: the mineflayer ctest runs the same API against
# a real flying-squid server. Any other is run with node, `require('voxnav')`
# resolving to bindings/node with its addon built against BUILD's
# libvoxnav.so. Exit 0 passed, 1 failed, 77 skipped (no node or npm, or the
# npm registry out of reach for the pinned node-api-headers).
set -uo pipefail
file=$1 build=$(cd "$2" && pwd) source=$(cd "$3" && pwd)
command -v node > /dev/null 2>&1 || { echo "SKIPPED: node is not installed"; exit 77; }
if grep -q "require('mineflayer')\|require(\"mineflayer\")" "$file"; then
  echo "node --check $file (it needs a Minecraft server: the mineflayer ctest runs this API for real)"
  node --check "$file" && echo "compiles" && exit 0
  exit 1
fi
npm_dir=$build/tests/node_npm
"$source/tools/npm_ci_pinned.sh" "docs program" "$source/tests/node" "$npm_dir" || exit $?
work=$build/tests/docs_js
addon=$work/addon
if [ ! -f "$addon/voxnav.node" ] || [ "$addon/voxnav.node" -ot "$build/lib/libvoxnav.so" ] \
   || [ "$addon/voxnav.node" -ot "$source/bindings/node/src/addon.c" ]; then
  mkdir -p "$work"
  "$source/tools/build_node_addon.sh" "$build" "$source" "$npm_dir" "$addon" || exit 1
fi
mkdir -p "$work/node_modules"
ln -sfn "$source/bindings/node" "$work/node_modules/voxnav"
cp "$file" "$work/$(basename "$file")"
cd "$source" || exit 1  # the docs' relative paths (worlds/demo.vxw) are from the source tree's root
echo "node $(basename "$file") (require('voxnav') -> bindings/node, addon $addon/voxnav.node)"
VOXNAV_NODE_ADDON=$addon/voxnav.node NODE_PATH=$work/node_modules node "$work/$(basename "$file")" || { echo "FAIL: the program failed"; exit 1; }
echo PASS
