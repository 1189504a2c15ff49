#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `npm install` of the npm package voxnav (bindings/node) into a scratch app
# folder, the way README.md and docs/node.md write it, then a route through
# require('voxnav') in that app (ctest label node, tests/node/node.cmake).
#   npm_install_test.sh FORM NPM BUILD SOURCE
# FORM:
#   folder     npm install <checkout>/bindings/node (npm 10 and 11 link the
#              folder, npm 9 copies it); VOXNAV_BUILD_DIR=BUILD only when
#              BUILD is not the checkout's build/
#   links      VOXNAV_BUILD_DIR=BUILD npm install --install-links <checkout>/bindings/node
#   tarball    npm pack <checkout>/bindings/node, then
#              VOXNAV_BUILD_DIR=BUILD npm install ./voxnav-0.1.0.tgz
#   pkgconfig  cmake --install BUILD into a scratch prefix, npm pack, then
#              PKG_CONFIG_PATH=<prefix>/lib/pkgconfig npm install ./voxnav-0.1.0.tgz
#              (no VOXNAV_* variable; the tarball sees no build folder)
# NPM: system (the npm on PATH: Debian 12's is 9.2), 10 or 11 (npm@10 and
# npm@11 from the registry, pinned by tests/node/npm-versions, installed
# into BUILD/tests/node_npm_versions).
# The library is never built from source here (VOXNAV_BUILD_FROM_SOURCE=0:
# that takes many minutes); the addon's compile takes seconds.
# Exit 0 passed, 1 failed, 77 skipped (no node or npm, the registry out of
# reach, or a node older than the npm release supports).
set -uo pipefail
form=$1 which=$2 build=$(cd "$3" && pwd) source=$(cd "$4" && pwd)
label="npm install ($form, npm $which)"
unset VOXNAV_BUILD_DIR VOXNAV_PREFIX VOXNAV_SOURCE_DIR VOXNAV_NODE_OUT VOXNAV_NODE_ADDON NODE_API_HEADERS_DIR
export VOXNAV_BUILD_FROM_SOURCE=0
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "$label: skipped: node and npm are needed (tools/bootstrap.sh installs nodejs and npm)"
  exit 77
fi
work=$build/tests/node_npm_install_${form}_$which
rm -rf "$work" && mkdir -p "$work/app" "$work/bin"

case "$which" in
system) ;;
9|10|11)
  versions=$build/tests/node_npm_versions
  "$source/tools/npm_ci_pinned.sh" "$label" "$source/tests/node/npm-versions" "$versions" || exit $?
  npm_dir=$versions/node_modules/npm$which
  # npm 11 does not run on Debian 12's node 18: skip, never pass.
  node -e '
    const dir = process.argv[1], pkg = require(dir + "/package.json");
    if (!require(dir + "/node_modules/semver").satisfies(process.version, pkg.engines.node)) {
      console.log(`skipped: npm ${pkg.version} needs node ${pkg.engines.node}; this node is ${process.version}`);
      process.exit(77);
    }' "$npm_dir" || exit $?
  printf '#!/bin/sh\nexec node "%s" "$@"\n' "$npm_dir/bin/npm-cli.js" > "$work/bin/npm"
  chmod +x "$work/bin/npm"
  export PATH=$work/bin:$PATH
  ;;
*) echo "usage: npm_install_test.sh folder|links|tarball|pkgconfig system|9|10|11 BUILD SOURCE"; exit 1 ;;
esac
echo "$label: npm $(npm -v) ($(command -v npm)), node $(node -v)"

# The documented command, run from the app folder.
rel=$(realpath --relative-to="$work/app" "$source/bindings/node")
expect=$build/lib  # where the addon's libvoxnav must come from
pack() {
  (cd "$work" && npm pack --silent "$source/bindings/node" > pack.txt 2> pack.err) || { cat "$work/pack.err"; echo "FAIL: npm pack"; exit 1; }
  tarball=$(tail -1 "$work/pack.txt")
  [ -f "$work/$tarball" ] || { echo "FAIL: npm pack made no tarball ($(cat "$work/pack.txt"))"; exit 1; }
}
case "$form" in
folder)
  [ "$build" -ef "$source/build" ] || export VOXNAV_BUILD_DIR=$build
  cmd=(npm install "$rel") ;;
links)
  export VOXNAV_BUILD_DIR=$build
  cmd=(npm install --install-links "$rel") ;;
tarball)
  pack
  export VOXNAV_BUILD_DIR=$build
  cmd=(npm install "../$tarball") ;;
pkgconfig)
  cmake --install "$build" --prefix "$work/prefix" > "$work/cmake-install.log" 2>&1 \
    || { cat "$work/cmake-install.log"; echo "FAIL: cmake --install $build --prefix $work/prefix"; exit 1; }
  pc=$(find "$work/prefix" -name voxnav.pc | head -1)
  [ -n "$pc" ] || { echo "FAIL: cmake --install put no voxnav.pc under $work/prefix"; exit 1; }
  command -v pkg-config >/dev/null || { echo "$label: skipped: pkg-config is not installed (Debian: pkgconf)"; exit 77; }
  export PKG_CONFIG_PATH=$(dirname "$pc")
  expect=$work/prefix
  pack
  cmd=(npm install "../$tarball") ;;
*) echo "usage: npm_install_test.sh folder|links|tarball|pkgconfig system|9|10|11 BUILD SOURCE"; exit 1 ;;
esac
echo "$label: in $work/app:${VOXNAV_BUILD_DIR:+ VOXNAV_BUILD_DIR=$VOXNAV_BUILD_DIR}${PKG_CONFIG_PATH:+ PKG_CONFIG_PATH=$PKG_CONFIG_PATH} ${cmd[*]}"
cd "$work/app" && echo '{"name": "app", "version": "1.0.0", "private": true}' > package.json
start=$SECONDS
if ! timeout 300 "${cmd[@]}" --no-audit --no-fund --foreground-scripts > "$work/install.log" 2>&1; then
  cat "$work/install.log"
  if ! timeout 30 npm ping > /dev/null 2>&1; then echo "$label: skipped: the npm registry cannot be reached"; exit 77; fi
  echo "FAIL: ${cmd[*]}"; exit 1
fi
built=$(grep -m1 '^voxnav: built ' "$work/install.log")
[ -n "$built" ] || { cat "$work/install.log"; echo "FAIL: the install script did not say it built the addon"; exit 1; }
echo "$built ($((SECONDS - start)) s)"
case "$built" in
*"(libvoxnav: $(realpath "$expect")/"*) ;;
*) echo "FAIL: the addon's libvoxnav is not from $expect"; exit 1 ;;
esac
node -e 'process.exit(require("./package.json").dependencies.voxnav ? 0 : 1)' \
  || { echo "FAIL: npm did not save voxnav in the app's package.json"; cat package.json; exit 1; }
if [ -L node_modules/voxnav ]; then how="a link to $(readlink node_modules/voxnav)"; else how="a copy"; fi
[ "$form" = links ] && [ -L node_modules/voxnav ] && { echo "FAIL: --install-links left a link"; exit 1; }
echo "$label: node_modules/voxnav is $how"

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
  console.log(`require("voxnav") ${voxnav.version} from ${require.resolve("voxnav")}: ${route.status}, ${route.waypoints.length} waypoints, ${route.cost.toFixed(3)} s`);
  // The mineflayer plugin ships in the package too (its own export).
  const mf = require("voxnav/mineflayer");
  if (typeof mf.plugin !== "function" || typeof mf.createPlugin !== "function" || !mf.goals.GoalFollow) {
    console.error("voxnav/mineflayer lacks plugin, createPlugin or goals"); process.exit(1);
  }
  const viaGoal = nav.findRoute([1, 1, 1], new mf.goals.GoalBlock(14, 1, 9).toVoxnav());
  if (viaGoal.cost !== route.cost) { console.error("a GoalBlock routes differently", viaGoal); process.exit(1); }
  console.log(`require("voxnav/mineflayer"): ${Object.keys(mf.goals).length} goal classes`);
' || { echo "FAIL: require(\"voxnav\") in the app"; exit 1; }
echo PASS
