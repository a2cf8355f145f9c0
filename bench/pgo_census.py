#!/usr/bin/env python3
"""How often run_diff.py's PGO mode promotes counters through loops that
hold suspends, without building or running anything (issue 24).

Usage: pgo_census.py --gen cpp|ir|retcon|async --seeds A:B [--size N]
                     [--disable F,...]

For each seed, the presplit IR run_diff.py's mode `pgo` (cpp: the seed's
pipeline of tests/difffuzz/pgo.py) or `--pgo any` (IR generators) would
make, and tests/difffuzz/pgo_stats.py's counts. Prints one line per seed
and a total: cases, cases with promoted counters, cases with counters
promoted through a loop holding a suspend, and the counters.
"""
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "difffuzz"))
sys.dont_write_bytecode = True
import run_diff  # noqa: E402
import pgo  # noqa: E402
import pgo_stats  # noqa: E402


def presplit(args, seed, d):
    """The instrumented presplit IR's text, or None."""
    if args.gen == "cpp":
        text, _ = run_diff.gen_cpp.program(seed, args.size, args.disabled)
        src = os.path.join(d, "prog.cpp")
        with open(src, "w") as fh:
            fh.write(text)
        name = pgo.mode_pipeline("pgo", seed)
        fe = os.path.join(d, "front.ll")
        cmd = [run_diff.CLANGXX, "-std=c++20", "-S", "-emit-llvm", "-Xclang", "-disable-llvm-passes"]
        if subprocess.run(cmd + pgo.PIPELINES[name][0] + [src, "-o", fe]).returncode != 0:
            return None
    else:
        text, _, _ = run_diff.IR_GENS[args.gen].program(seed, args.size, args.disabled)
        if run_diff.cross_target(text) or 'target triple = "x86_64' not in text and "target triple" in text:
            text = run_diff.host_twin(text, False)
        fe = os.path.join(d, "prog.ll")
        with open(fe, "w") as fh:
            fh.write(text)
        name = pgo.IR_PIPELINES[seed % len(pgo.IR_PIPELINES)]
    out = os.path.join(d, "pgo.ll")
    if pgo.instrument(run_diff.OPT, fe, out, seed, name, run_diff.sh):
        return None
    with open(out) as fh:
        return fh.read()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gen", choices=["cpp", "ir", "retcon", "async"], default="cpp")
    ap.add_argument("--seeds", required=True)
    ap.add_argument("--size", type=int, default=6)
    ap.add_argument("--disable", default="")
    args = ap.parse_args()
    args.disabled = [x for x in args.disable.split(",") if x]
    a, b = map(int, args.seeds.split(":"))
    n = with_p = with_a = cp = ca = 0
    with tempfile.TemporaryDirectory(prefix="pgocensus.") as d:
        for seed in range(a, b):
            text = presplit(args, seed, d)
            if text is None:
                print("%s %d: no instrumented IR" % (args.gen, seed))
                continue
            p, s = pgo_stats.module_stats(text)
            print("%s %d: promoted %d, through suspends %d" % (args.gen, seed, p, s), flush=True)
            n += 1
            with_p += p > 0
            with_a += s > 0
            cp += p
            ca += s
    print("%s seeds %d:%d: %d cases, %d with promoted counters (%d), %d with counters promoted through "
          "a loop holding a suspend (%d)" % (args.gen, a, b, n, with_p, cp, with_a, ca))


if __name__ == "__main__":
    main()
