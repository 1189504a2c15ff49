#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Replays every Moving AI scenario of the shared data folder with --check.
# Usage: tools/replay_movingai.sh [DATA_DIR] [--every N for the 3D maps DA1 and A1]
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
data=${1:-$here/../shared/data}
every3d=${2:-10}
bin=$here/build/bin/voxnav
if [ ! -d "$data/movingai-2d" ]; then
  echo "replay_movingai: shared data not found at $data; nothing to replay (the sampled replays in ctest use worlds/benchmarks/)."
  exit 0
fi
status=0
for scen in "$data"/movingai-2d/*.scen "$data"/movingai-3d/Simple.3dmap.3dscen "$data"/movingai-3d/Complex.3dmap.3dscen; do
  start=$(date +%s.%N)
  summary=$("$bin" scen "$scen" --check | grep '^#' | tr '\n' ' ') || status=1
  echo "$(basename "$scen") $summary wall_s $(echo "$(date +%s.%N) - $start" | bc)"
done
for scen in "$data"/movingai-3d/DA1.3dmap.3dscen "$data"/movingai-3d/A1.3dmap.3dscen; do
  start=$(date +%s.%N)
  summary=$("$bin" scen "$scen" --check --every "$every3d" | grep '^#' | tr '\n' ' ') || status=1
  echo "$(basename "$scen") every $every3d: $summary wall_s $(echo "$(date +%s.%N) - $start" | bc)"
done
exit $status
