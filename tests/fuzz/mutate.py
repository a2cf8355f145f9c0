#!/usr/bin/env python3
"""Mutation robustness check: corolower never crashes on broken coroutines.

Usage: mutate.py COROLOWER SEED ROUNDS FILE.ll [FILE.ll ...]

Each round takes one of the given modules and breaks one instruction line
(deletes it, swaps it with another, duplicates another in front of it, or
flips a suspend's final flag or a switch case), then runs
`COROLOWER mutant.ll -o out.bc`, judged by judge() below. Mutants that fail are kept in TEST_UNDECLARED_OUTPUTS_DIR
(or the current directory) as crash_N.ll. The seed makes the run repeatable.
"""
import os
import random
import re
import subprocess
import sys
import tempfile


def mutate(rng, lines):
    body = [i for i, l in enumerate(lines)
            if l.startswith("  ") and not l.strip().startswith(";")]
    if not body:
        return None
    mut = list(lines)
    i = rng.choice(body)
    kind = rng.randint(0, 3)
    if kind == 0:
        del mut[i]
    elif kind == 1:
        j = rng.choice(body)
        mut[i], mut[j] = mut[j], mut[i]
    elif kind == 2:
        mut.insert(i, mut[rng.choice(body)])
    elif "i1 false" in mut[i]:
        mut[i] = mut[i].replace("i1 false", "i1 true")
    else:
        mut[i] = mut[i].replace("i8 0,", "i8 1,")
    return mut


def judge(r, out):
    """Why a run of corolower on a mutant failed (None if it did not), and
    its stderr. Exit 0, or exit 1 with a `corolower: error:` line and no
    output file, is fine; a signal, a sanitizer report, an LLVM fatal
    error or an internal error (the lowering's own output failing the
    verifier) is not."""
    err = r.stderr.decode(errors="replace")
    if r.returncode not in (0, 1):
        return f"exit status {r.returncode}", err
    if re.search(r"AddressSanitizer|runtime error:|LLVM ERROR|Stack dump", err):
        return "sanitizer report or LLVM fatal error", err
    if r.returncode == 1 and os.path.exists(out):
        return "failed but wrote an output file", err
    if r.returncode == 1 and "corolower: error:" not in err:
        return "failed without an error message", err
    if "internal error" in err:
        return "internal error", err
    return None, err


def lower(tool, mutant, out, timeout):
    """Runs corolower on a mutant: (completed process, verdict, stderr)."""
    if os.path.exists(out):
        os.remove(out)
    r = subprocess.run([tool, mutant, "-o", out], capture_output=True, timeout=timeout)
    why, err = judge(r, out)
    return r, why, err


def report(why, err, lines, name, where=""):
    """Keeps a failing mutant as NAME.ll in TEST_UNDECLARED_OUTPUTS_DIR (or
    the current directory) and says so."""
    path = os.path.join(os.environ.get("TEST_UNDECLARED_OUTPUTS_DIR", "."), name + ".ll")
    with open(path, "w") as f:
        f.write("\n".join(lines))
    print(f"FAIL {where}: {why}; mutant kept as {path}\n{err[-600:]}")


def main() -> int:
    if len(sys.argv) < 5:
        print(__doc__, file=sys.stderr)
        return 2
    tool, seed, rounds, files = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
    rng = random.Random(seed)
    sources = [open(f).read().split("\n") for f in files]
    work = tempfile.mkdtemp(prefix="mutate.")
    mutant, out = os.path.join(work, "m.ll"), os.path.join(work, "out.bc")
    bad = tried = 0
    for n in range(rounds):
        mut = mutate(rng, rng.choice(sources))
        if mut is None:
            continue
        tried += 1
        with open(mutant, "w") as f:
            f.write("\n".join(mut))
        _, why, err = lower(tool, mutant, out, 120)
        if why:
            bad += 1
            report(why, err, mut, f"crash_{n}", f"round {n}")
    print(f"mutate.py: {tried} mutants, {bad} failures")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
