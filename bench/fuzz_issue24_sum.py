#!/usr/bin/env python3
"""Sums bench/fuzz_issue24.sh's chunks: per generator and feature, the
modules compared (a verdict other than `invalid`), corolower's failures,
LLVM's, and the frames (corolower / LLVM, geometric mean over the
coroutines both split, from the chunks' --csv).

Usage: fuzz_issue24_sum.py OUT   (the directory fuzz_issue24.sh wrote)

A chunk's log is GEN-FEATURE-FIRSTSEED.log. The features a module
exercised come from its `; exercises:` line, made again from its seed
(the generators are deterministic) with the chunk's --disable list.
"""
import collections
import glob
import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "difffuzz"))
import gen_async  # noqa: E402
import gen_common  # noqa: E402
import gen_ir  # noqa: E402
import gen_retcon  # noqa: E402

GENS = {"ir": gen_ir, "retcon": gen_retcon, "async": gen_async}
FAILS = ("mismatch", "sanitizer", "internal", "crash", "reject", "leftover", "compile")


def disabled(gen, feat):
    d = [t for t in ["native"] + gen_common.TARGET_FEATURES if t != feat]
    return d + (["handoff"] if gen == "async" else [])


def counts(line):
    """{verdict: n} from `name v1 n1, v2 n2`."""
    return {m.group(1): int(m.group(2)) for m in re.finditer(r"([\w-]+) (\d+)", line)}


def main(out):
    verd = collections.defaultdict(collections.Counter)   # (gen, feature) -> verdicts
    llvm = collections.defaultdict(collections.Counter)
    frames = collections.defaultdict(list)                 # (gen, feature) -> [(cs, ls)]
    seeds = collections.defaultdict(int)
    programs = collections.defaultdict(set)                # (gen, feature) -> seeds (one program each)
    for log in sorted(glob.glob(os.path.join(out, "*.log"))):
        m = re.fullmatch(r"(ir|retcon|async)-(\w+)-(\d+)\.log", os.path.basename(log))
        if not m:
            continue
        gen, feat = m.group(1), m.group(2)
        text = open(log).read()
        if "---- summary" not in text:
            continue
        fl = re.search(r"^features: (.*)$", text, re.M)
        for part in (fl.group(1).split("; ") if fl else []):
            name, rest = part.split(" ", 1)
            verd[(gen, name)].update(counts(rest))
        lm = re.search(r"^mode \S+\s+LLVM:\s+(.*)$", text, re.M)
        sm = re.search(r"seeds (\d+):(\d+)", text)
        seeds[(gen, feat)] += int(sm.group(2)) - int(sm.group(1))
        csv = log[:-4] + ".csv"
        rows = collections.defaultdict(list)
        for row in (open(csv).read().splitlines()[1:] if os.path.exists(csv) else []):
            _, seed, _, _, cs, ls = row.split(",")
            if ls and int(ls):  # as run_diff.py: LLVM's size known and not 0
                rows[int(seed)].append((int(cs), int(ls)))
        lv = counts(lm.group(1)) if lm else {}
        for k, v in lv.items():
            llvm[(gen, feat)][k] += v
        for seed in range(int(sm.group(1)), int(sm.group(2))):
            ir, _, _ = GENS[gen].program(seed, 6, disabled(gen, feat), (), True)
            used = re.search(r"^; exercises: (.*)$", ir, re.M).group(1).split(",")
            for f in used:
                frames[(gen, f)].extend(rows.get(seed, []))
                programs[(gen, f)].add(seed)
    print("| generator | feature | modules compared | distinct programs | corolower failures | invalid | "
          "frames corolower / LLVM |")
    print("| --- | --- | ---: | ---: | ---: | ---: | --- |")
    for (gen, f), c in sorted(verd.items()):
        n = sum(v for k, v in c.items() if k != "invalid")
        bad = sum(c[k] for k in FAILS)
        pr = frames.get((gen, f), [])
        gm = math.exp(sum(math.log(max(a, 1) / max(b, 1)) for a, b in pr) / len(pr)) if pr else float("nan")
        larger = sum(1 for a, b in pr if a > b)
        print("| gen_%s.py | %s | %d | %d | %d | %d | %.3f (%d coroutines, %d larger) |"
              % (gen, f, n, len(programs[(gen, f)]), bad, c["invalid"], gm, len(pr), larger))
    print()
    print("LLVM's verdicts per forced run: " + "; ".join(
        "%s %s (%d seeds): %s" % (g, f, seeds[(g, f)], ", ".join("%s %d" % kv for kv in sorted(c.items())))
        for (g, f), c in sorted(llvm.items())))


if __name__ == "__main__":
    main(sys.argv[1])
