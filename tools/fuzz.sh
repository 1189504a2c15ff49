#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs every libFuzzer target for SECONDS each, JOBS at a time, and prints one
# line per target: runs, executions, crashes. New crashing inputs land in
# tests/fuzz/regressions/<target>/ (replayed by ctest from then on); the
# growing corpus stays in a scratch folder, the seeds in tests/fuzz/corpus_<target>/.
# Usage: tools/fuzz.sh BUILD_DIR [SECONDS=600] [JOBS=2] [TARGET...]
#   build first: CXX=clang++ cmake -S . -B build-fuzz -DVOXNAV_FUZZ=ON -DVOXNAV_BUILD_TESTS=OFF && cmake --build build-fuzz
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:?usage: tools/fuzz.sh BUILD_DIR [SECONDS] [JOBS] [TARGET...]}
seconds=${2:-600}
jobs=${3:-2}
shift $(( $# < 3 ? $# : 3 ))
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for f in "$build"/bin/fuzz_*; do [ -x "$f" ] && targets+=("$(basename "$f" | sed 's/^fuzz_//')"); done
fi
scratch=$(mktemp -d)
run_one() {
  local t=$1 bin="$build/bin/fuzz_$1" work="$scratch/$1"
  mkdir -p "$work/corpus" "$root/tests/fuzz/regressions/$t"
  # A unit over 60 s is a hang: on this shared 2-core machine, loaded by
  # builds, a 10 s limit flagged inputs that replay in milliseconds.
  "$bin" "$work/corpus" "$root/tests/fuzz/corpus_$t" -max_total_time="$seconds" -timeout=60 -report_slow_units=60 -rss_limit_mb=2048 \
    -max_len=65536 -print_final_stats=1 -artifact_prefix="$root/tests/fuzz/regressions/$t/" > "$work/log" 2>&1
  local rc=$?
  local execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -1)
  local crashes=$(ls "$root/tests/fuzz/regressions/$t" 2>/dev/null | grep -c -E '^(crash|leak|timeout|oom)-')
  printf '%-16s %6ss %12s execs  exit %s  kept inputs %s\n' "$t" "$seconds" "${execs:-?}" "$rc" "$crashes"
  [ $rc -ne 0 ] && grep -m3 -E 'ERROR|SUMMARY|terminate' "$work/log" | sed 's/^/    /'
}
export -f run_one
export build root scratch seconds
printf '%s\n' "${targets[@]}" | xargs -P "$jobs" -I{} bash -c 'run_one {}'
