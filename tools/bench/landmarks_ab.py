#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Interleaved A/B of `voxnav bench` between two binaries on query files:
per-query medians, then p50/p95/p99 per distance class (short < 30 voxels,
medium 30-200, long >= 200, horizontal), the ratio of the classes' sums, and
a check that every route costs the same in both.

  tools/bench/landmarks_ab.py --a /tmp/base/voxnav --b build/bin/voxnav \
      --world W --queries Q [--rounds 3] [--repeat 5] [--agent P] [--a-args "..."] [--b-args "..."]
"""
import argparse, json, math, subprocess, sys


def bench(binary, a, extra):
    cmd = ["taskset", "-c", "1", binary, "bench", "--world", a.world, "--queries", a.queries,
           "--repeat", str(a.repeat), "--json"] + extra
    if a.agent:
        cmd += ["--agent", a.agent]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def pct(v, p):
    v = sorted(v)
    return v[min(len(v) - 1, int(math.ceil(p / 100.0 * len(v))) - 1)] if v else 0.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--a", required=True)
    ap.add_argument("--b", required=True)
    ap.add_argument("--world", required=True)
    ap.add_argument("--queries", required=True)
    ap.add_argument("--agent")
    ap.add_argument("--a-args", default="", help="extra bench arguments for A")
    ap.add_argument("--b-args", default="", help="extra bench arguments for B")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()
    dist = {}
    for line in open(a.queries):
        t = line.split()
        if len(t) == 7 and not t[0].startswith("#"):
            sx, sy, sz, gx, gy, gz = map(int, t[1:])
            dist[t[0]] = math.hypot(gx - sx, gz - sz)
    runs = {"a": [], "b": []}
    for r in range(a.rounds):  # interleaved, alternating which goes first
        order = ["a", "b"] if r % 2 == 0 else ["b", "a"]
        for k in order:
            runs[k].append(bench(a.a if k == "a" else a.b, a, (a.a_args if k == "a" else a.b_args).split()))
    per = {}
    for k in ("a", "b"):
        for run in runs[k]:
            for q in run["queries"]:
                e = per.setdefault(q["name"], {"a": [], "b": [], "cost": {}, "exp": {}})
                e[k].append(q["us_median"])
                e["cost"][k] = (q["status"], q["cost"])
                e["exp"][k] = q["expanded"]
    # Partial (node cap) is no answer: a partial beside a definite answer is
    # listed apart; found/no_path that differ, or found costs that differ, are mismatches.
    def definite(st):
        return st in ("found", "no_path")
    mismatches, capped = [], []
    for n, e in per.items():
        (sa, ca), (sb, cb) = e["cost"]["a"], e["cost"]["b"]
        if not (definite(sa) and definite(sb)):
            if sa != sb:
                capped.append(f"{n}: {sa} / {sb}")
            continue
        if sa != sb or abs(ca - cb) > 1e-9 * max(1.0, ca):
            mismatches.append(n)
    classes = {"short (<30)": lambda d: d < 30, "medium (30-200)": lambda d: 30 <= d < 200, "long (>=200)": lambda d: d >= 200,
               "all": lambda d: True}
    print("| class | queries | A p50/p95/p99 us | B p50/p95/p99 us | A exp mean | B exp mean | A/B (sum of medians) |")
    print("|---|---|---|---|---|---|---|")
    for name, keep in classes.items():
        names = [n for n in per if n in dist and keep(dist[n])]
        if not names:
            continue
        ma = [sorted(per[n]["a"])[len(per[n]["a"]) // 2] for n in names]
        mb = [sorted(per[n]["b"])[len(per[n]["b"]) // 2] for n in names]
        ea = sum(per[n]["exp"]["a"] for n in names) / len(names)
        eb = sum(per[n]["exp"]["b"] for n in names) / len(names)
        print(f"| {name} | {len(names)} | {pct(ma,50):.0f} / {pct(ma,95):.0f} / {pct(ma,99):.0f} | "
              f"{pct(mb,50):.0f} / {pct(mb,95):.0f} / {pct(mb,99):.0f} | {ea:.0f} | {eb:.0f} | {sum(ma)/max(1e-9,sum(mb)):.2f} |")
    lm = runs["b"][0]["summary"].get("landmarks")
    if lm:
        print(f"\nB's landmarks: {json.dumps(lm)}")
    print(f"\nroutes compared: {len(per)}; cost or status mismatches: {len(mismatches)} {mismatches[:5]}")
    if capped:
        print(f"node cap on one side only (partial beside a definite answer): {len(capped)}: {capped[:5]}")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
