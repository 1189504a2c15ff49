#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A game built against voxnav as installed, and run (ctest "installed
# library: ..." and "debian packages: ...").
#
#   run_consumer_test.sh install BUILD SOURCE WORK   cmake --install into WORK/root/usr
#   run_consumer_test.sh deb     BUILD SOURCE WORK   cpack the two .deb files, unpack
#                                                   them into WORK/root
#
# Then, against WORK/root only: the README's C++ example and the C example
# are compiled and linked once with `pkg-config --cflags --libs voxnav` and
# once with CMake's find_package(voxnav), with OpenVDB's and TBB's headers
# shadowed by files that #error (so no installed header may include them)
# and their CMake packages disabled; each program runs on the demo world
# with only the scratch root's library on LD_LIBRARY_PATH, and must not
# itself need libopenvdb or libtbb. Exit 77 (skipped) when a tool it needs
# (pkg-config; dpkg-deb and cpack for the packages) is missing.
set -euo pipefail
mode=$1 build=$(realpath "$2") source=$(realpath "$3") work=$4
fail() { echo "FAIL: $*" >&2; exit 1; }
need() { command -v "$1" > /dev/null 2>&1 || { echo "SKIPPED: $1 is not installed"; exit 77; }; }
need pkg-config
rm -rf "$work" && mkdir -p "$work" && work=$(realpath "$work")
root=$work/root

case "$mode" in
install)
  cmake --install "$build" --prefix "$root/usr" > "$work/install.log" || { cat "$work/install.log"; fail "cmake --install"; }
  ;;
deb)
  need dpkg-deb; need dpkg-shlibdeps
  cpack=$(dirname "$(command -v cmake)")/cpack
  [ -x "$cpack" ] || { echo "SKIPPED: cpack is not installed"; exit 77; }
  (cd "$build" && "$cpack" -G DEB -B "$work/packages" > "$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; fail "cpack"; }
  version=$(sed -n 's/^Version: //p' "$build/voxnav.pc")
  runtime=$work/packages/voxnav_${version}_amd64.deb
  dev=$work/packages/voxnav-dev_${version}_amd64.deb
  for deb in "$runtime" "$dev"; do
    [ -f "$deb" ] || { ls -la "$work/packages"; fail "cpack made no $(basename "$deb")"; }
    echo "$(basename "$deb"): $(stat -c %s "$deb") bytes"
    dpkg-deb --info "$deb" | sed -n 's/^ \(Package\|Version\|Depends\|Section\|Installed-Size\):/  \1:/p'
    dpkg-deb -x "$deb" "$root"
  done
  depends=$(dpkg-deb -f "$runtime" Depends)
  for lib in libopenvdb libtbb libstdc++6 libc6; do
    [[ "$depends" == *"$lib"* ]] || fail "voxnav's Depends lack $lib: $depends"
  done
  [[ "$(dpkg-deb -f "$dev" Depends)" == *"voxnav (= $version)"* ]] || fail "voxnav-dev must depend on voxnav (= $version)"
  [[ "$(dpkg-deb -f "$dev" Depends)" == *"libglm-dev"* ]] || fail "voxnav-dev must depend on libglm-dev"
  # What goes where: the library in the runtime package, the link-time name in -dev.
  dpkg-deb -c "$runtime" > "$work/runtime.list"
  dpkg-deb -c "$dev" > "$work/dev.list"
  grep -q "usr/bin/voxnav$" "$work/runtime.list" || fail "the runtime package has no usr/bin/voxnav"
  grep -q "usr/share/games/minetest/mods/voxnav/init.lua" "$work/runtime.list" || fail "the runtime package has no Luanti mod"
  grep -q "usr/share/voxnav/minecraft_blocks.txt" "$work/runtime.list" || fail "the runtime package has no block table"
  grep -q "usr/include/voxnav/voxnav.h$" "$work/dev.list" || fail "the dev package has no voxnav.h"
  # Each package's licence, in Debian's machine-readable copyright format.
  for package in voxnav voxnav-dev; do
    copyright=$root/usr/share/doc/$package/copyright
    [ -f "$copyright" ] || fail "the $package package has no usr/share/doc/$package/copyright"
    head -1 "$copyright" | grep -qx "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/" \
      || fail "$package's copyright file is not in Debian's machine-readable format"
    grep -q "^License: MIT$" "$copyright" || fail "$package's copyright file does not name the MIT licence"
    grep -q "^License: ODC-By-1.0$" "$copyright" || fail "$package's copyright file lacks the Moving AI data's licence"
  done
  if grep -q "usr/include/voxnav/pictures" "$work/dev.list"; then fail "the dev package carries the CLI's picture headers"; fi
  if grep -q "usr/include/" "$work/runtime.list"; then fail "the runtime package carries headers"; fi
  if awk '{print $6}' "$work/dev.list" > "$work/dev.paths" && grep -q "libvoxnav\.so\.[0-9]" "$work/dev.paths"; then
    fail "the dev package carries the shared library itself"
  fi
  ;;
*) fail "mode must be install or deb" ;;
esac

pc=$(find "$root" -name voxnav.pc -print -quit)
[ -n "$pc" ] || fail "no voxnav.pc installed"
libdir=$(dirname "$(dirname "$pc")")
[ -e "$libdir/libvoxnav.so" ] || fail "no libvoxnav.so in $libdir"
soname=$(readelf -d "$libdir/libvoxnav.so" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
[ -n "$soname" ] && [ -e "$libdir/$soname" ] || fail "libvoxnav.so has no SONAME or no file of that name"
echo "library: $libdir/$soname, $(nm -D --defined-only "$libdir/$soname" | wc -l) exported symbols"
# The Luanti mod's library link resolves inside the root.
mod=$(find "$root" -path "*/mods/voxnav" -type d -print -quit)
[ -n "$mod" ] && [ -e "$mod/libvoxnav.so" ] || fail "the Luanti mod's libvoxnav.so is missing or dangling"

# Poisoned OpenVDB and TBB headers: every header of theirs, by its own path.
poison=$work/poison
for dir in /usr/include/openvdb /usr/include/tbb /usr/include/oneapi; do
  [ -d "$dir" ] || continue
  (cd /usr/include && find "${dir#/usr/include/}" -type f) | while read -r h; do
    mkdir -p "$poison/$(dirname "$h")"
    echo "#error \"$h: a game built against installed voxnav must not need OpenVDB or TBB headers\"" > "$poison/$h"
  done
done

example=$build/tests/readme_example.cpp
[ -f "$example" ] || fail "$example is missing (the build extracts it from README.md)"
c_example=$source/tests/c_api/route_from_c.c
export LD_LIBRARY_PATH=$libdir

check_game() {  # check_game BINARY: runs it, and it must not need OpenVDB or TBB itself
  local bin=$1
  local needed
  needed=$(readelf -d "$bin" | grep NEEDED || true)
  if grep -qE "openvdb|tbb" <<< "$needed"; then fail "$bin links OpenVDB or TBB itself"; fi
  local loads
  loads=$(ldd "$bin")  # whole, then searched: grep -q on a pipe would cut ldd off (pipefail)
  grep -qF "$libdir/$soname" <<< "$loads" || { echo "$loads"; fail "$bin does not load $libdir/$soname"; }
}

# 1. pkg-config.
export PKG_CONFIG_PATH=$libdir/pkgconfig
flags=$(pkg-config --cflags --libs voxnav) || fail "pkg-config voxnav"
echo "pkg-config --cflags --libs voxnav: $flags"
g++ -std=c++17 -I"$poison" "$example" $flags -o "$work/game_pc" || fail "the README example does not build with pkg-config"
gcc -std=c99 -I"$poison" "$c_example" $flags -lm -o "$work/game_c_pc" || fail "the C example does not build with pkg-config"
for bin in "$work/game_pc" "$work/game_c_pc"; do check_game "$bin"; done
"$work/game_pc" "$source/worlds/demo.vxw" > "$work/game_pc.out" || { cat "$work/game_pc.out"; fail "the README example (pkg-config) failed"; }
"$work/game_c_pc" > "$work/game_c_pc.out" || { cat "$work/game_c_pc.out"; fail "the C example (pkg-config) failed"; }
echo "pkg-config: the README example and the C example ran"

# 2. find_package.
cmake -S "$source/tests/install/consumer" -B "$work/consumer" -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$root/usr" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
      -DCMAKE_DISABLE_FIND_PACKAGE_OpenVDB=ON -DCMAKE_DISABLE_FIND_PACKAGE_TBB=ON \
      "-DCMAKE_CXX_FLAGS=-I$poison" "-DCMAKE_C_FLAGS=-I$poison" \
      -DGAME_SOURCE="$example" -DGAME_C_SOURCE="$c_example" > "$work/consumer.log" 2>&1 \
  || { cat "$work/consumer.log"; fail "find_package(voxnav) against $root/usr"; }
grep -q "voxnav_DIR:PATH=$root/" "$work/consumer/CMakeCache.txt" || fail "find_package found a voxnav outside $root"
cmake --build "$work/consumer" > "$work/consumer_build.log" 2>&1 || { cat "$work/consumer_build.log"; fail "the consumer build"; }
for bin in "$work/consumer/game" "$work/consumer/game_c"; do check_game "$bin"; done
"$work/consumer/game" "$source/worlds/demo.vxw" > "$work/game.out" || { cat "$work/game.out"; fail "the README example (find_package) failed"; }
"$work/consumer/game_c" > "$work/game_c.out" || { cat "$work/game_c.out"; fail "the C example (find_package) failed"; }
echo "find_package: the README example and the C example ran"
cmp -s "$work/game.out" "$work/game_pc.out" || fail "the two builds of the README example printed different routes"
head -5 "$work/game.out"

# 3. The installed CLI, with the block table found next to it (a Minecraft build).
cli=$root/usr/bin/voxnav
if [ -x "$cli" ]; then
  "$cli" route --world "$source/worlds/demo.vxw" --from S --to G > "$work/cli.out" || fail "the installed CLI"
  env -u LD_LIBRARY_PATH "$cli" info "$source/worlds/samples/builds/prismarine_smallhouse1.schem" > "$work/cli_info.out" 2>&1 \
    || { cat "$work/cli_info.out"; fail "the installed CLI could not read a Minecraft build (block table not found?)"; }
  # The table it read is the installed one, found next to the CLI (not the
  # source tree's, which this machine also has): seen with strace when present.
  if command -v strace > /dev/null 2>&1; then
    env -u LD_LIBRARY_PATH strace -f -e trace=openat -o "$work/cli.strace" "$cli" info \
        "$source/worlds/samples/builds/prismarine_smallhouse1.schem" > /dev/null 2>&1 || fail "the installed CLI under strace"
    table=$(grep -o '"[^"]*minecraft_blocks.txt", O_RDONLY[^=]*= [0-9]' "$work/cli.strace" | head -n 1 || true)
    [[ "$table" == *"$root/usr/"* ]] || { grep minecraft_blocks "$work/cli.strace"; fail "the installed CLI did not read the installed block table"; }
    echo "block table read: ${table%%,*}"
  fi
  echo "the installed CLI routes and reads Minecraft builds"
fi
# 4. The packaged Luanti mod on a real server (Debian's minetest-server):
# the test mod's course and terrain checks, with the mod folder as the
# package put it (its libvoxnav.so a link to the packaged library).
if [ "$mode" = deb ]; then
  rc=0
  env -u LD_LIBRARY_PATH VOXNAV_LUANTI_MOD="$mod" "$source/tests/luanti/run_server_test.sh" "$build" test 20 7 \
      > "$work/luanti.log" 2>&1 || rc=$?
  case $rc in
    0) echo "the packaged Luanti mod passes the server test" ;;
    77) echo "the packaged Luanti mod was not run: $(tail -1 "$work/luanti.log")" ;;
    *) tail -30 "$work/luanti.log"; fail "the packaged Luanti mod on a real server" ;;
  esac
fi
echo "PASS ($mode)"
