#!/usr/bin/env python3
"""Interleaved wall-clock comparison of programs that do the same work.

Usage: interleave.py [-n ROUNDS] NAME=COMMAND [NAME=COMMAND ...]

Each round runs every command once, in an order that alternates between
rounds, so drift in the machine's speed (a shared VM) hits all of them
alike; prints each command's median and minimum and, relative to the first,
the ratios first/this of medians and of minimums (above 1: this one is
faster). For CPU-bound programs on a noisy machine the minimum is the
steadier of the two.
"""
import argparse
import shlex
import statistics
import subprocess
import sys
import time


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", "--rounds", type=int, default=15)
    ap.add_argument("commands", nargs="+", help="NAME=COMMAND")
    a = ap.parse_args()
    cmds = []
    for c in a.commands:
        name, _, cmd = c.partition("=")
        if not cmd:
            ap.error(f"expected NAME=COMMAND, got {c!r}")
        cmds.append((name, shlex.split(cmd)))
    times = {name: [] for name, _ in cmds}
    for r in range(a.rounds):
        order = cmds if r % 2 == 0 else list(reversed(cmds))
        for name, argv in order:
            t = time.perf_counter()
            subprocess.run(argv, stdout=subprocess.DEVNULL, check=True)
            times[name].append(time.perf_counter() - t)
    first = times[cmds[0][0]]
    base, base_min = statistics.median(first), min(first)
    print("| variant | median (s) | min (s) | first/this (medians) | first/this (minimums) |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, _ in cmds:
        m, lo = statistics.median(times[name]), min(times[name])
        print(f"| {name} | {m:.3f} | {lo:.3f} | {base / m:.3f} | {base_min / lo:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
