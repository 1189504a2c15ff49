#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes a 128x10x128 lake world (voxnav world text) and 30 shore-to-shore
queries: what swim runs are measured on (tools/bench/RESULTS.md).

  tools/bench/lake_world.py OUT_DIR   -> OUT_DIR/lake.txt, OUT_DIR/lake.queries.txt

Ground of stone up to y 4 (feet at y 5); a lake over x, z 10..117, 1 deep at
its rim and 4 deep from 3 voxels in; 25 islands (half of them rising above
the water). Seeded: the same files every run.
"""
import os
import random
import sys

out_dir = sys.argv[1] if len(sys.argv) > 1 else '.'
random.seed(7)
X, Y, Z = 128, 10, 128
g = [[['.' for _ in range(X)] for _ in range(Z)] for _ in range(Y)]
for y in range(0, 5):
    for z in range(Z):
        for x in range(X):
            g[y][z][x] = '#'
for z in range(10, 118):
    for x in range(10, 118):
        rim = min(x - 10, 117 - x, z - 10, 117 - z)
        for y in range(5 - min(4, 1 + rim), 5):
            g[y][z][x] = '~'
for _ in range(25):
    cx, cz, r = random.randrange(20, 108), random.randrange(20, 108), random.randrange(1, 4)
    for z in range(cz - r, cz + r + 1):
        for x in range(cx - r, cx + r + 1):
            for y in range(1, 6 if random.random() < 0.5 else 5):
                g[y][z][x] = '#'
lines = ['voxnav-world 1', 'size %d %d %d' % (X, Y, Z)]
for y in range(Y):
    lines.append('layer %d' % y)
    lines.extend(''.join(g[y][z]) for z in range(Z))
with open(os.path.join(out_dir, 'lake.txt'), 'w') as f:
    f.write('\n'.join(lines) + '\n')
random.seed(3)
queries = []
for i in range(30):
    sx, sz = random.randrange(12, 40), random.randrange(12, 116)
    gx, gz = random.randrange(88, 116), random.randrange(12, 116)
    queries.append('q%d %d 4 %d %d 4 %d' % (i, sx, sz, gx, gz))
with open(os.path.join(out_dir, 'lake.queries.txt'), 'w') as f:
    f.write('# name sx sy sz gx gy gz\n' + '\n'.join(queries) + '\n')
