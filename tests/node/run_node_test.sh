#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Node binding (bindings/node) as a user gets it (ctest label `node`).
#   run_node_test.sh binding BUILD SOURCE   builds the addon against BUILD's
#       libvoxnav.so (bindings/node/build.js) and runs bindings/node/test/
#   run_node_test.sh npm BUILD SOURCE       `npm pack` of bindings/node, then
#       `npm install` of that package into a scratch app (its install script
#       builds the addon against BUILD), and a route through require('voxnav')
# Exit 0 passed, 1 failed, 77 skipped (no node or npm, or the npm registry
# is out of reach for the pinned node-api-headers).
set -uo pipefail
mode=$1 build=$(cd "$2" && pwd) source=$(cd "$3" && pwd)
npm_dir=$build/tests/node_npm
"$source/tools/npm_ci_pinned.sh" "node binding" "$source/tests/node" "$npm_dir" || exit $?

case "$mode" in
binding)
  out=$build/tests/node_addon
  "$source/tools/build_node_addon.sh" "$build" "$source" "$npm_dir" "$out" || exit 1
  VOXNAV_NODE_ADDON=$out/voxnav.node node "$source/bindings/node/test/binding.test.js" || exit 1
  ;;
npm)
  work=$build/tests/node_npm_install
  rm -rf "$work" && mkdir -p "$work/app"
  (cd "$work" && npm pack --silent "$source/bindings/node" > pack.txt) || { echo "FAIL: npm pack"; exit 1; }
  tarball=$work/$(tail -1 "$work/pack.txt")
  [ -f "$tarball" ] || { echo "FAIL: npm pack made no tarball ($(cat "$work/pack.txt"))"; exit 1; }
  cd "$work/app" && echo '{"name": "app", "version": "1.0.0", "private": true}' > package.json
  if ! VOXNAV_BUILD_DIR=$build VOXNAV_SOURCE_DIR=$source timeout 600 npm install --no-audit --no-fund --foreground-scripts \
        "$tarball" > "$work/install.log" 2>&1; then
    cat "$work/install.log"
    if ! timeout 30 npm ping > /dev/null 2>&1; then echo "SKIPPED: the npm registry cannot be reached"; exit 77; fi
    echo "FAIL: npm install of the packed bindings/node"; exit 1
  fi
  node -e '
    const voxnav = require("voxnav");
    const world = new voxnav.World();
    const stone = world.findBlock("stone");
    const ids = new Uint16Array(4096);
    for (let i = 0; i < 256; ++i) ids[i] = stone;
    world.setChunk(0, 0, 0, ids);
    const nav = new voxnav.Navigator(world, {height: 1.8, width: 1});
    const route = nav.findRoute([1, 1, 1], voxnav.goals.at(14, 1, 9));
    if (route.status !== "found" || route.waypoints.length < 2) { console.error(route); process.exit(1); }
    console.log(`require("voxnav") ${voxnav.version}: ${route.status}, ${route.waypoints.length} waypoints, ${route.cost.toFixed(3)} s`);
    // The mineflayer plugin ships in the package too (its own export).
    const mf = require("voxnav/mineflayer");
    if (typeof mf.plugin !== "function" || typeof mf.createPlugin !== "function" || !mf.goals.GoalFollow) {
      console.error("voxnav/mineflayer lacks plugin, createPlugin or goals"); process.exit(1);
    }
    const g = new mf.goals.GoalBlock(14, 1, 9).toVoxnav();
    const viaGoal = nav.findRoute([1, 1, 1], g);
    if (viaGoal.cost !== route.cost) { console.error("a GoalBlock routes differently", viaGoal); process.exit(1); }
    console.log(`require("voxnav/mineflayer"): ${Object.keys(mf.goals).length} goal classes`);
  ' || { echo "FAIL: require(\"voxnav\") in the app"; exit 1; }
  ;;
*) echo "usage: run_node_test.sh binding|npm BUILD SOURCE"; exit 1 ;;
esac
echo PASS
