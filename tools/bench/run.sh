#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# voxnav benchmark suite: Moving AI 2D/3D replays, generated terrain at two
# sizes with the example agents, and the largest real Minecraft region.
# Prints a Markdown section (machine, commit, figures) and appends it to
# tools/bench/RESULTS.md so later changes can be compared.
# Usage: tools/bench/run.sh [--quick]   (build first: see README)
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$root/build/bin/voxnav
data=$root/../shared/data
out=$(mktemp -d)
quick=${1:-}
[ -x "$bin" ] || { echo "build first: $bin is missing"; exit 2; }

row() { printf '| %s | %s | %s | %s | %s | %s |\n' "$@"; }
scen_row() {  # name file [args]
  local name=$1 file=$2; shift 2
  local s; s=$("$bin" scen "$file" --check "$@" | grep '^#' | awk '{print $2 "=" $3}' | tr '\n' ' ')
  local q=$(sed -n 's/.*queries=\([0-9]*\).*/\1/p' <<<"$s") mm=$(sed -n 's/.*mismatches=\([0-9]*\).*/\1/p' <<<"$s")
  local eps=$(sed -n 's/.*expansions_per_s=\([0-9.]*\).*/\1/p' <<<"$s") us=$(sed -n 's/.*mean_us=\([0-9.]*\).*/\1/p' <<<"$s")
  local bpn=$(sed -n 's/.*search_bytes_per_node=\([0-9.]*\).*/\1/p' <<<"$s")
  row "$name" "$q" "$mm" "$(printf '%.2f M' "$(echo "$eps / 1000000" | bc -l)")" "$us" "$bpn"
}
bench_row() {  # name world agent [args]
  local name=$1 world=$2 agent=$3; shift 3
  local j; j=$("$bin" bench --world "$world" --agent "$agent" --json "$@")
  python3 - "$name" <<PY "$j"
import json, sys
name = sys.argv[1]; j = json.loads(sys.argv[2]); s = j["summary"]
worst = max((q["us_median"] / q["expanded"] * 1e4 for q in j["queries"] if q["expanded"] >= 1000), default=0)
t = s.get("threads", {})
print(f"| {name} | {len(j['queries'])} | {s['expansions_per_s']/1e6:.2f} M | {s['mean_us']:.0f} | {worst:.0f} | "
      f"{s['search_bytes_per_node']:.1f} | {s['store_bytes_per_voxel']:.2f} | {s['peak_rss_bytes']/2**20:.0f} | "
      f"{t.get('speedup', 0):.2f} {'same' if t.get('identical', True) else 'DIFFERENT'} |")
PY
}

{
echo "## $(date -u +%Y-%m-%d) commit $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet || echo '+dirty')"
echo
echo "Machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, $(free -g | awk '/Mem/{print $2}') GiB; $(uname -sr)"
echo
echo "### Moving AI replays (weight 1, every cost checked against the published optimum)"
echo
row map queries mismatches "expansions/s" "mean us" "search bytes/node"
row --- --- --- --- --- ---
if [ -d "$data/movingai-2d" ]; then
  for m in brc202d CatwalkAlley random512-10-0 maze512-32-9; do
    every=1; [ "$m" = maze512-32-9 ] && every=10; [ -n "$quick" ] && every=20
    scen_row "2D $m (every $every)" "$data/movingai-2d/$m.map.scen" --every $every
  done
  scen_row "3D Simple" "$data/movingai-3d/Simple.3dmap.3dscen" --every "${quick:+50}${quick:-1}"
  scen_row "3D Complex (every 10)" "$data/movingai-3d/Complex.3dmap.3dscen" --every 10
  scen_row "3D DA1 (every 100)" "$data/movingai-3d/DA1.3dmap.3dscen" --every 100
else
  echo "(shared data not found at $data: replaying the copies in worlds/benchmarks)"
  scen_row "2D random512-10-0" "$root/worlds/benchmarks/random512-10-0.map.scen"
  scen_row "3D Complex (every 10)" "$root/worlds/benchmarks/Complex.3dmap.3dscen" --every 10
fi
echo
echo "### Route queries on generated terrain and a real region (bench --repeat 3 --threads 2)"
echo
echo "| world, agent | queries | expansions/s | mean us | worst us per 10k exp | search bytes/node | store bytes/voxel | peak RSS MiB | 2-thread speedup |"
echo "|---|---|---|---|---|---|---|---|---|"
"$bin" gen --size 256,32,256 --seed 1 --out "$out/t256.vdb" > /dev/null
for a in humanoid leaper brute; do
  bench_row "gen 256x32x256, $a" "$out/t256.vdb" "$root/worlds/agents/$a.json" --random-queries 40 --repeat 3 --threads 2
done
if [ -z "$quick" ]; then
  "$bin" gen --size 512,256,512 --seed 2 --out "$out/t512.vdb" > /dev/null
  bench_row "gen 512x256x512, humanoid" "$out/t512.vdb" "$root/worlds/agents/humanoid.json" --random-queries 30 --repeat 2 --threads 2
fi
if [ -f "$data/minecraft/querz-nbt7_r.0.0.mca" ]; then
  bench_row "Minecraft 1.18 region (querz r.0.0), humanoid" "$data/minecraft/querz-nbt7_r.0.0.mca" "$root/worlds/agents/humanoid.json" --random-queries 40 --repeat 3 --threads 2
  echo
  echo "Region load: $("$bin" info "$data/minecraft/querz-nbt7_r.0.0.mca" | grep -E 'load time|memory' | tr -s ' ' | tr '\n' ';')"
fi
echo
} | tee "$out/section.md"
cat "$out/section.md" >> "$root/tools/bench/RESULTS.md"
rm -rf "$out"
