#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Landmark bound benchmarks (issue 23): interleaved A/B of `voxnav bench`
# between a binary from before the landmarks (A) and this build (B) on the
# peer kit's large world, a generated 512x256x512 world and a real region,
# per distance class, with every route's cost compared.
#
#   tools/bench/landmarks_bench.sh BASE_VOXNAV [NEW_VOXNAV] [ROUNDS]
#
# BASE_VOXNAV: e.g. a build of 8ba63eb (git worktree add /tmp/base 8ba63eb &&
# cmake -S /tmp/base -B /tmp/base/build -DCMAKE_BUILD_TYPE=Release && cmake --build /tmp/base/build).
# Needs the peer kit's worlds (../shared/peers/compare.sh detour --setup-only).
set -euo pipefail
cd "$(dirname "$0")/../.."
BASE=${1:?usage: landmarks_bench.sh BASE_VOXNAV [NEW_VOXNAV] [ROUNDS]}
NEW=${2:-build/bin/voxnav}
ROUNDS=${3:-3}
OUT=${OUT:-/tmp/voxnav-landmarks-bench}
mkdir -p "$OUT"
KIT_WORLD=${PEERS_CACHE:-$HOME/.cache/voxnav-peers}/worlds/large.vxw
[ -f "$OUT/g512.vdb" ] || "$NEW" gen --size 512,256,512 --seed 7 --out "$OUT/g512.vdb" --queries-out "$OUT/g512.gen.q" --queries 10 >/dev/null

# Seeded standable pairs (the bench's own picker), split by horizontal distance.
pairs() {  # world name count
    "$NEW" bench --world "$1" --random-queries "$3" --seed 11 --repeat 1 --landmarks 0 --json > "$OUT/$2.pairs.json"
    python3 - "$OUT/$2.pairs.json" "$OUT/$2" <<'PY'
import json, math, sys
j = json.load(open(sys.argv[1]))
with open(sys.argv[2] + ".q", "w") as f:
    f.write("# name sx sy sz gx gy gz\n")
    for q in j["queries"]:
        (sx, sy, sz), (gx, gy, gz) = q["from"], q["to"]
        f.write(f'{q["name"]} {sx} {sy} {sz} {gx} {gy} {gz}\n')
PY
}
run() {  # world name
    echo "### $2"
    echo
    echo '```'
    echo "tools/bench/landmarks_ab.py --a $BASE --b $NEW --world $1 --queries $OUT/$2.q --rounds $ROUNDS --repeat 3"
    echo '```'
    echo
    python3 tools/bench/landmarks_ab.py --a "$BASE" --b "$NEW" --world "$1" --queries "$OUT/$2.q" --rounds "$ROUNDS" --repeat 3
    echo
}
if [ -f "$KIT_WORLD" ]; then
    pairs "$KIT_WORLD" kit 300
    cat ../shared/peers/worlds/large.queries.txt | grep -v '^#' >> "$OUT/kit.q"
    run "$KIT_WORLD" kit
fi
pairs "$OUT/g512.vdb" g512 300
run "$OUT/g512.vdb" g512
pairs worlds/samples/querz-nbt7_r.0.0.mca region 300
run worlds/samples/querz-nbt7_r.0.0.mca region
