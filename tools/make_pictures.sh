#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Makes the README's pictures (worlds/pictures/) with the voxnav commands, and
# prints what each took (time, file size). Needs a build (build/bin/voxnav);
# the viewer screenshot also needs Debian's chromium.
# Usage: tools/make_pictures.sh [BUILD_DIR=build]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$root/${1:-build}/bin/voxnav
out=$root/worlds/pictures
mc=$root/worlds/samples/querz-nbt7_r.0.0.mca
agents=$root/worlds/agents
mkdir -p "$out"
cd "$root"
run() {  # name, command...
  local name=$1; shift
  local t0=$(date +%s.%N)
  "$@" > /tmp/voxnav_pictures.log
  local t1=$(date +%s.%N)
  printf '%-28s %8.2f s  %9d bytes   %s\n' "$name" "$(echo "$t1 - $t0" | bc)" "$(stat -c %s "$out/$name")" "${*#$bin }"
}
run demo_route.png $bin render --world worlds/demo.vxw --from S --to G --trace --out "$out/demo_route.png"
run demo_section.png $bin render --world worlds/demo.vxw --from S --to G --section z:5 --scale 40 --out "$out/demo_section.png"
run minecraft_route.png $bin render --world "$mc" --from 90,86,150 --to 20,62,60 --trace --out "$out/minecraft_route.png"
run minecraft_compare.png $bin compare --world "$mc" --agents $agents/humanoid.json $agents/leaper.json $agents/critter.json \
    --from 90,86,150 --queries 100 --out "$out/minecraft_compare.png"
house=$root/worlds/samples/builds/prismarine_smallhouse1.schem
run house_section.png $bin render --world "$house" --agent $agents/player.json --from 10,1,3 --to 10,16,13 \
    --section x:10 --scale 24 --out "$out/house_section.png"
run dig_place.png $bin render --world worlds/dig.vxw --from S --to G --agent $agents/pioneer.json --scale 24 --out "$out/dig_place.png"
"$bin" gen --size 128,96,128 --seed 3 --out /tmp/voxnav_field_world.vdb > /dev/null
run field_terrain.png $bin field --world /tmp/voxnav_field_world.vdb --to 69,41,75 --max-cost 25 --crop 24,30,114,120 --scale 8 \
    --out "$out/field_terrain.png"
if command -v chromium > /dev/null; then
  $bin view --world "$house" --agent $agents/player.json --from 10,1,3 --to 10,16,13 --crop 2,0,2,11,18,16 \
      --out /tmp/voxnav_house_view.html > /dev/null
  run viewer_house.png chromium --headless --no-sandbox --disable-gpu --use-angle=swiftshader --enable-unsafe-swiftshader \
      --window-size=900,560 --virtual-time-budget=5000 --screenshot="$out/viewer_house.png" file:///tmp/voxnav_house_view.html
  $bin view --world worlds/demo.vxw --from S --to G --out /tmp/voxnav_demo_view.html > /dev/null
  run viewer_demo.png chromium --headless --no-sandbox --disable-gpu --use-angle=swiftshader --enable-unsafe-swiftshader \
      --window-size=900,560 --virtual-time-budget=5000 --screenshot="$out/viewer_demo.png" file:///tmp/voxnav_demo_view.html
else
  echo "chromium not installed: viewer_demo.png not remade"
fi
