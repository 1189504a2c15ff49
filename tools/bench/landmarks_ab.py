#!/usr/bin/env python3
"""Interleaved A/B of `voxnav bench` between two binaries on query files:
per-query medians, then p50/p95/p99 per distance class (short < 30 voxels,
medium 30-200, long >= 200, horizontal), the ratio of the classes' sums, and
a check that every route costs the same in both.

  tools/bench/landmarks_ab.py --a /tmp/base/voxnav --b build/bin/voxnav \
      --world W --queries Q [--rounds 3] [--repeat 5] [--agent P]
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
            runs[k].append(bench(a.a if k == "a" else a.b, a, []))
    per = {}
    for k in ("a", "b"):
        for run in runs[k]:
            for q in run["queries"]:
                e = per.setdefault(q["name"], {"a": [], "b": [], "cost": {}, "exp": {}})
                e[k].append(q["us_median"])
                e["cost"][k] = (q["status"], q["cost"])
                e["exp"][k] = q["expanded"]
    mismatches = [n for n, e in per.items() if e["cost"]["a"][0] != e["cost"]["b"][0] or
                  abs(e["cost"]["a"][1] - e["cost"]["b"][1]) > 1e-9 * max(1.0, e["cost"]["a"][1])]
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
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
