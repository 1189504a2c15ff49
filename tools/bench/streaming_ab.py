#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A/B of the chunk-crossing benchmark between voxnav binaries, in one run.

Runs `voxnav live --scenario streaming --radius R --json` of each binary,
pinned to one core, interleaved (A B, then B A, ...) and prints the medians
of each run's figures as a markdown table. The machine is shared and noisy:
compare binaries inside one table, never across runs.

Usage: tools/bench/streaming_ab.py [--reps N] [--radius R] [--cpu C] BIN [BIN ...]
"""
import argparse
import json
import statistics
import subprocess

KEYS = ['crossing_ms_median', 'crossing_ms_max', 'sync_ms_median', 'sync_ms_max',
        'world_writes_ms_median', 'route_ms_median']


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('bins', nargs='+')
    ap.add_argument('--reps', type=int, default=6)
    ap.add_argument('--radius', type=int, default=16)
    ap.add_argument('--cpu', default='1', help='core for taskset (empty: no pinning)')
    a = ap.parse_args()
    res = {}
    for r in range(a.reps):
        for b in (a.bins if r % 2 == 0 else a.bins[::-1]):
            cmd = [b, 'live', '--scenario', 'streaming', '--radius', str(a.radius), '--json']
            if a.cpu:
                cmd = ['taskset', '-c', a.cpu] + cmd
            out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
            j = json.loads(out)['streaming']
            for k in KEYS:
                res.setdefault((b, k), []).append(j[k])
    print('| binary | ' + ' | '.join(KEYS) + ' |')
    print('|---' * (len(KEYS) + 1) + '|')
    for b in a.bins:
        print('| %s | ' % b + ' | '.join('%.2f' % statistics.median(res[(b, k)]) for k in KEYS) + ' |')


if __name__ == '__main__':
    main()
