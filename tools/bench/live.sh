#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# voxnav live-world benchmarks, one command: streaming (view radius 16 chunks,
# 24 sections a column, 24 chunk crossings), two areas 1,000,000 voxels apart,
# move generation inside chunks and on their faces, facts memory on the
# largest real Minecraft region, and routing threads (one per core) while the
# game thread streams chunks and makes 1,000 block edits a second for 10 s.
# Prints a Markdown section and appends it to tools/bench/RESULTS.md.
# Usage: tools/bench/live.sh   (build first: see README)
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$root/build/bin/voxnav
[ -x "$bin" ] || { echo "build first: $bin is missing"; exit 2; }
region=$root/worlds/samples/querz-nbt7_r.0.0.mca
out=$(mktemp)
json=$("$bin" live --scenario all --radius 16 --walk 24 --seconds 10 --edits-per-second 1000 --region "$region" --json)
{
echo "## $(date -u +%Y-%m-%d) commit $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet || echo '+dirty'): live worlds"
echo
echo "Machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores; command: \`tools/bench/live.sh\`"
echo "(\`voxnav live --scenario all --radius 16 --walk 24 --seconds 10 --edits-per-second 1000 --region worlds/samples/querz-nbt7_r.0.0.mca\`)"
echo
python3 - "$json" <<'PY'
import json, sys
j = json.loads(sys.argv[1])
s, c, b, r, k = j["streaming"], j["scattered"], j["borders"], j["region"], j["concurrency"]
print("| streaming (game thread, per chunk crossing) | |")
print("|---|---|")
print(f"| view | {2*s['radius_chunks']+1}x{2*s['radius_chunks']+1} columns x {s['sections']} sections = {s['loaded_chunks']} chunks loaded |")
print(f"| first derivation | {s['first_derivation_ms']:.0f} ms for {s['first_derivation_chunks']} chunks |")
print(f"| crossing (33 columns in, 33 out, sync, one 40-voxel route) | median {s['crossing_ms_median']:.1f} ms, worst {s['crossing_ms_max']:.1f} ms |")
print(f"| of which world writes / sync / route (medians) | {s['world_writes_ms_median']:.1f} / {s['sync_ms_median']:.1f} / {s['route_ms_median']:.2f} ms |")
print(f"| chunks re-derived per crossing (median) | {s['chunks_derived_per_crossing_median']:.0f} |")
print(f"| one block edit + sync + publish on the whole view | median {s['block_edit_sync_ms_median']:.3f} ms, worst {s['block_edit_sync_ms_max']:.3f} ms |")
print(f"| derivation per chunk, one core | uniform {s['derive_us_per_uniform_chunk_one_core']:.1f} us, mixed {s['derive_us_per_mixed_chunk_one_core']:.1f} us |")
print(f"| facts memory | {s['facts_bytes']/2**20:.1f} MiB: {s['facts_bytes_per_loaded_voxel']:.3f} B per loaded voxel, {s['facts_bytes_per_mixed_voxel']:.3f} B per voxel of a mixed chunk ({s['facts_mixed_chunks']} of {s['facts_chunks']} chunks mixed) |")
print()
print("| scattered: two 4x4-column areas 1,000,000 voxels apart | |")
print("|---|---|")
print(f"| routes found | {c['routes_found']} of 2 ({c['route_ms_total']:.2f} ms) |")
print(f"| facts memory, one area / both | {c['facts_bytes_one_area']/1024:.0f} KiB / {c['facts_bytes_two_areas']/1024:.0f} KiB |")
print(f"| derivation, one area / both | {c['derive_ms_one_area']:.1f} / {c['derive_ms_two_areas']:.1f} ms |")
print()
print("| chunk borders in the inner loop (move generation, gen 256x32x256) | |")
print("|---|---|")
print(f"| inside a chunk | {b['ns_per_expansion_inside']:.0f} ns per expansion ({b['positions_inside']} positions) |")
print(f"| on a chunk face (reads through links) | {b['ns_per_expansion_on_faces']:.0f} ns per expansion ({b['positions_on_chunk_faces']} positions), {b['face_over_inside']:.2f}x |")
print()
print("| facts memory on a real region (querz r.0.0, 1.18) | |")
print("|---|---|")
print(f"| chunks loaded / with facts / mixed | {r['loaded_chunks']} / {r['facts_chunks']} / {r['facts_mixed_chunks']} |")
print(f"| bytes per loaded voxel / per voxel of a mixed chunk | {r['facts_bytes_per_loaded_voxel']:.3f} / {r['facts_bytes_per_mixed_voxel']:.3f} |")
print()
print(f"| concurrency: {k['workers']} routing threads, game thread streaming + edits | |")
print("|---|---|")
print(f"| run | {k['seconds']:.1f} s, {k['edits']} edits, {k['crossings']} chunk crossings |")
print(f"| queries | {k['queries']} ({k['queries_per_s']:.0f}/s), {k['usable_routes']} usable |")
print(f"| illegal routes on the snapshot used | {k['illegal_routes']} |")
print(f"| endpoints an edit invalidated before the query | {k['endpoints_invalidated_by_edits']} |")
print(f"| edit -> visible to new queries | median {k['edit_to_visible_ms_median']:.2f} ms, worst {k['edit_to_visible_ms_max']:.1f} ms |")
PY
echo
} > "$out"
cat "$out"
cat "$out" >> "$root/tools/bench/RESULTS.md"
rm -f "$out"
