#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A/B speed check of two voxnav binaries on the benchmark suite, in one run on
# one machine: pinned to one core, interleaved (A, B, A, B, ...), medians of
# ROUNDS runs; prints expansions/s, mean us and search bytes/node for each and
# the ratio B/A. Usage: tools/bench/ab.sh OLD_BIN NEW_BIN [ROUNDS]
# Typical: git worktree add /tmp/old <commit> && build it there, then
#   tools/bench/ab.sh /tmp/old/build/bin/voxnav build/bin/voxnav 3
# AB_CASES=REGEX runs only the cases whose name matches (re-measuring a few).
set -uo pipefail
A=$1 B=$2 rounds=${3:-3}
root=$(cd "$(dirname "$0")/../.." && pwd)
data=$root/../shared/data
tmp=$(mktemp -d)
"$B" gen --size 256,32,256 --seed 1 --out "$tmp/t256.vdb" > /dev/null
"$B" gen --size 512,256,512 --seed 2 --out "$tmp/t512.vdb" > /dev/null
"$B" bench --world "$tmp/t256.vdb" --agent "$root/worlds/agents/humanoid.json" --random-queries 40 > /dev/null
cases=(
  "2D brc202d|scen $data/movingai-2d/brc202d.map.scen --every 4"
  "2D CatwalkAlley|scen $data/movingai-2d/CatwalkAlley.map.scen --every 4"
  "2D random512-10-0|scen $data/movingai-2d/random512-10-0.map.scen --every 4"
  "2D den312d|scen $data/movingai-2d/den312d.map.scen"
  "2D maze512-32-9|scen $data/movingai-2d/maze512-32-9.map.scen --every 40"
  "3D Simple|scen $data/movingai-3d/Simple.3dmap.3dscen --every 2"
  "3D Complex|scen $data/movingai-3d/Complex.3dmap.3dscen --every 10"
  "3D DA1|scen $data/movingai-3d/DA1.3dmap.3dscen --every 100"
  "gen 256x32x256 humanoid|bench --world $tmp/t256.vdb --agent $root/worlds/agents/humanoid.json --random-queries 40 --repeat 3"
  "gen 256x32x256 leaper|bench --world $tmp/t256.vdb --agent $root/worlds/agents/leaper.json --random-queries 40 --repeat 3"
  "gen 512x256x512 humanoid|bench --world $tmp/t512.vdb --agent $root/worlds/agents/humanoid.json --random-queries 30 --repeat 2"
  "Minecraft querz r.0.0 humanoid|bench --world $data/minecraft/querz-nbt7_r.0.0.mca --agent $root/worlds/agents/humanoid.json --random-queries 40 --repeat 3"
  "Minecraft 1.21.1 r.0.0 miner (digs)|bench --world $root/worlds/samples/prismarine_1.21.1_r.0.0.mca --agent $root/worlds/agents/miner.json --random-queries 40 --repeat 3"
  "Minecraft 1.21.1 r.0.0 pioneer (digs, places)|bench --world $root/worlds/samples/prismarine_1.21.1_r.0.0.mca --agent $root/worlds/agents/pioneer.json --random-queries 20 --repeat 3"
  "Minecraft 1.21.1 r.0.0 leaper (shaped blocks)|bench --world $root/worlds/samples/prismarine_1.21.1_r.0.0.mca --agent $root/worlds/agents/leaper.json --random-queries 60 --repeat 3"
)
# Pulls "expansions_per_s", "mean_us" and "search_bytes_per_node" from either summary.
figures() {
  local out; out=$(grep -E '^#')
  for k in expansions_per_s mean_us search_bytes_per_node; do
    grep -m1 -oE "^# $k [0-9.]+" <<<"$out" | awk '{printf "%s ", $3}'
  done
}
med() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf '| case | A exp/s | B exp/s | B/A | A mean us | B mean us | A bytes/node | B bytes/node |\n|---|---|---|---|---|---|---|---|\n'
for c in "${cases[@]}"; do
  name=${c%%|*} args=${c#*|}
  [[ -n ${AB_CASES:-} && ! $name =~ $AB_CASES ]] && continue
  : > "$tmp/a"; : > "$tmp/b"
  for r in $(seq "$rounds"); do
    taskset -c 1 "$A" $args | figures >> "$tmp/a"; echo >> "$tmp/a"
    taskset -c 1 "$B" $args | figures >> "$tmp/b"; echo >> "$tmp/b"
  done
  ae=$(awk 'NF{print $1}' "$tmp/a" | med) be=$(awk 'NF{print $1}' "$tmp/b" | med)
  am=$(awk 'NF{print $2}' "$tmp/a" | med) bm=$(awk 'NF{print $2}' "$tmp/b" | med)
  ab=$(awk 'NF{print $3}' "$tmp/a" | med) bb=$(awk 'NF{print $3}' "$tmp/b" | med)
  printf '| %s | %.2f M | %.2f M | %.2f | %s | %s | %s | %s |\n' "$name" "$(echo "$ae/1000000" | bc -l)" "$(echo "$be/1000000" | bc -l)" \
    "$(echo "$be/$ae" | bc -l)" "$am" "$bm" "$ab" "$bb"
done
rm -rf "$tmp"
