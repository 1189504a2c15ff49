#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Node binding (bindings/node) as a user gets it (ctest label `node`).
#   run_node_test.sh binding BUILD SOURCE   builds the addon against BUILD's
#       libvoxnav.so (bindings/node/build.js) and runs bindings/node/test/
#   run_node_test.sh npm BUILD SOURCE       `npm pack` of bindings/node, then
#       `npm install` of that package into a scratch app with the machine's
#       npm (its install script builds the addon against BUILD), and a route
#       through require('voxnav'): tests/node/npm_install_test.sh tarball
#       system, one of the npm install forms tests/node/node.cmake runs
# Exit 0 passed, 1 failed, 77 skipped (no node or npm, or the npm registry
# is out of reach for the pinned node-api-headers).
set -uo pipefail
mode=$1 build=$(cd "$2" && pwd) source=$(cd "$3" && pwd)
[ "$mode" = npm ] && exec "$source/tests/node/npm_install_test.sh" tarball system "$build" "$source"
npm_dir=$build/tests/node_npm
"$source/tools/npm_ci_pinned.sh" "node binding" "$source/tests/node" "$npm_dir" || exit $?

case "$mode" in
binding)
  out=$build/tests/node_addon
  "$source/tools/build_node_addon.sh" "$build" "$source" "$npm_dir" "$out" || exit 1
  VOXNAV_NODE_ADDON=$out/voxnav.node node "$source/bindings/node/test/binding.test.js" || exit 1
  ;;
*) echo "usage: run_node_test.sh binding|npm BUILD SOURCE"; exit 1 ;;
esac
echo PASS
