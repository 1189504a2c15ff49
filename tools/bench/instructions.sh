#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Instructions one pass of a query file costs inside Navigator::find_route
# (search, route build, answer), counted by callgrind: unlike wall time, the
# count does not move with the other load of a shared machine, so two
# binaries compare in one run each. Runs `BIN bench --repeat R` and
# `--repeat 1` and prints (difference) / (R - 1).
# Usage: tools/bench/instructions.sh BIN WORLD QUERIES [R (default 11)]
# LANDMARKS=N sets --landmarks (default 8). Needs valgrind.
set -euo pipefail
B=$1 W=$2 Q=$3 R=${4:-11}
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect='voxnav::Navigator::find_route*' \
    "$B" bench --world "$W" --queries "$Q" --repeat "$1" --landmarks "${LANDMARKS:-8}" 2>&1 |
    awk '/Collected/ { gsub(",", "", $4); print $4 }'
}
a=$(count 1)
b=$(count "$R")
echo $(((b - a) / (R - 1)))
