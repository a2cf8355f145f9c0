#!/usr/bin/env python3
"""Writes the module exactly as LLVM's O2 pipeline hands it to CoroSplit.

Usage: coro_split_input.py OPT IN.ll OUT.ll

Runs `OPT -passes='default<O2>' -print-before=coro-split -print-module-scope`
on IN.ll and keeps the module as it stood just before CoroSplit first ran
on the last presplit coroutine (bottom-up call-graph order). By then LLVM
has simplified that coroutine with its whole function pipeline, and has
split every coroutine visited before it; their ramps, inlined into callers,
leave elision markers (coro.id with a clone array, coro.begin, coro.alloc,
coro.free) behind. Lowering this module is what replacing CoroSplit inside
LLVM's pipeline means. Exit status 1 if there is no presplit coroutine.
"""
import re
import subprocess
import sys


def is_presplit(body, name):
    m = re.search(r"^define .*@" + re.escape(name) + r"\(.*\) (.*)\{$", body, re.M)
    if not m:
        return False
    attrs = m.group(1)
    if "presplitcoroutine" in attrs:
        return True
    groups = dict(re.findall(r"^attributes #(\d+) = \{(.*)\}$", body, re.M))
    return any("presplitcoroutine" in groups.get(g, "") for g in re.findall(r"#(\d+)", attrs))


def main():
    if len(sys.argv) != 4:
        sys.stderr.write(__doc__)
        return 2
    opt, inp, out = sys.argv[1:]
    r = subprocess.run([opt, "-passes=default<O2>", "-print-before=coro-split",
                        "-print-module-scope", inp, "-o", "/dev/null"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stderr[-4000:])
        return 1
    parts = re.split(r"^; \*\*\* IR Dump Before CoroSplitPass on \((.*)\) \*\*\*\n",
                     r.stderr, flags=re.M)
    chosen = None
    for k in range(1, len(parts), 2):
        scc, body = parts[k], parts[k + 1]
        if any(is_presplit(body, name) for name in scc.split(", ")):
            chosen = body
    if chosen is None:
        sys.stderr.write("coro_split_input.py: no presplit coroutine reached CoroSplit\n")
        return 1
    with open(out, "w") as f:
        f.write(chosen)
    return 0


if __name__ == "__main__":
    sys.exit(main())
