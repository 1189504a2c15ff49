#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Crowd and chase benchmarks (issue 24): one flow field against N A* queries
# (voxnav crowd: 1, 10, 100, 1000 agents in squares of side 64 and 256 around
# one goal), and a crowd of 100 chasing a target that walks random legs at
# walking speed, re-planned every 50 ms tick for 30 s (voxnav chase: the
# incremental way against a fresh A* per agent per tick, in the same run,
# every agent's cost compared), on the peer kit's world, a generated
# 512x256x512 world and the real Minecraft region. Pinned to one core.
#
#   tools/bench/crowds_bench.sh [VOXNAV] [REPS]
#
# Needs the peer kit's worlds (../shared/peers/compare.sh detour --setup-only).
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${1:-build/bin/voxnav}
REPS=${2:-3}
OUT=${OUT:-/tmp/voxnav-crowds-bench}
mkdir -p "$OUT"
PIN=${PIN:-taskset -c 1}
KIT_WORLD=${PEERS_CACHE:-$HOME/.cache/voxnav-peers}/worlds/large.vxw
[ -f "$OUT/g512.vdb" ] || "$BIN" gen --size 512,256,512 --seed 7 --out "$OUT/g512.vdb" >/dev/null
worlds=()
[ -f "$KIT_WORLD" ] && worlds+=("$KIT_WORLD")
worlds+=("$OUT/g512.vdb" worlds/samples/querz-nbt7_r.0.0.mca)
for w in "${worlds[@]}"; do
    echo "### $(basename "$w")"
    echo
    echo '```'
    echo "\$ $PIN $BIN crowd --world $w --agents 1,10,100,1000 --spread 64,256 --reps $REPS"
    $PIN "$BIN" crowd --world "$w" --agents 1,10,100,1000 --spread 64,256 --reps "$REPS"
    for method in auto routes field; do
        echo
        echo "\$ $PIN $BIN chase --world $w --agents 100 --target-path random --seconds 30 --method $method"
        $PIN "$BIN" chase --world "$w" --agents 100 --target-path random --seconds 30 --method "$method"
    done
    echo
    echo "\$ $PIN $BIN chase --world $w --agents 100 --target-path random --seconds 30 --edits 4"
    $PIN "$BIN" chase --world "$w" --agents 100 --target-path random --seconds 30 --edits 4
    echo '```'
    echo
done
