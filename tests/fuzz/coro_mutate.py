#!/usr/bin/env python3
"""Coroutine-aware mutation: odd but valid coroutines never crash corolower.

Usage: coro_mutate.py COROLOWER OPT SEED ROUNDS FILE.ll [FILE.ll ...]

mutate.py breaks lines at random, so most of its mutants are not valid IR
and stop at the verifier. This one changes what only a coroutine lowering
looks at, in the presplit coroutines of the given modules, and keeps the
mutants OPT's verifier accepts: a suspend's final flag or a coro.end's
unwind flag flipped, a coro.end or await-suspend call dropped, null handed
to coro.free or coro.save, odd alignments on coro.id, coro.promise and
allocas, dynamic or huge alloca counts, suspend switch cases swapped or
dropped. Each mutant gets one to three changes.

corolower must then lower it (exit 0) or diagnose it (exit 1 with a
`corolower: error:` line and no output file); a signal, a sanitizer report,
an LLVM fatal error, or an "internal error" diagnostic (the lowering's own
output failing the verifier) is a failure. Failing mutants are kept in
TEST_UNDECLARED_OUTPUTS_DIR (or the current directory) as coro_mutant_N.ll.

A diagnosed mutant is lowered again with --keep-refused: every coroutine
refused must print exactly as in the input (attribute groups compared by
their contents), and when every coroutine is refused, the whole module must
(issue 28: a refused coroutine is left as it was).
"""
import os
import random
import re
import subprocess
import sys
import tempfile

from ir_text import functions
from mutate import lower, report


def presplit_bodies(lines):
    """(first, last) line ranges of the presplit coroutines' bodies."""
    groups = dict(m.groups() for m in
                  (re.match(r"attributes #(\d+) = \{(.*)\}", l) for l in lines) if m)
    out, start = [], None
    for i, l in enumerate(lines):
        if l.startswith("define "):
            refs = re.findall(r"#(\d+)", l)
            pre = "presplitcoroutine" in l or any(
                "presplitcoroutine" in groups.get(g, "") for g in refs)
            start = i if pre else None
        elif l.startswith("}") and start is not None:
            out.append((start + 1, i - 1))
            start = None
    return out


def flip(line, a, b):
    return line.replace(a, b) if a in line else line.replace(b, a)


# Each mutation takes (rng, line) and returns the new line, or None when it
# does not apply to that line.
def final_flag(rng, l):
    if "@llvm.coro.suspend(" in l:
        return flip(l, "i1 false)", "i1 true)")


def unwind_flag(rng, l):
    if "@llvm.coro.end(" in l:
        return flip(l, ", i1 false,", ", i1 true,")


def drop_void_call(rng, l):
    if re.match(r"\s+(tail )?call void @llvm\.coro\.(end|await\.suspend\.void|"
                r"await\.suspend\.handle)\(", l):
        return ""


def null_free(rng, l):
    if "@llvm.coro.free(" in l:
        return re.sub(r"ptr( nonnull)? %[\w.]+\)", "ptr null)", l)


def null_save(rng, l):
    if "@llvm.coro.save(" in l:
        return re.sub(r"\(ptr( nonnull)? %[\w.]+\)", "(ptr null)", l)


def id_align(rng, l):
    if "@llvm.coro.id(" in l:
        return re.sub(r"\(i32 \d+", "(i32 " + rng.choice(["0", "1", "3", "4096", "65536"]), l)


def promise_align(rng, l):
    if "@llvm.coro.promise(" in l:
        return re.sub(r", i32 \d+,", ", i32 " + rng.choice(["0", "1", "3", "4096"]) + ",", l)


def alloca_align(rng, l):
    if "= alloca " in l:
        return re.sub(r"align \d+", "align " + rng.choice(["1", "64", "4096", "65536"]), l)


def alloca_count(rng, l):
    if re.search(r"= alloca [^,]+, align", l):
        n = rng.choice(["i64 0", "i64 3", "i64 100000", "i32 %0"])
        return re.sub(r"= alloca ([^,]+), align", r"= alloca \1, " + n + ", align", l)


def swap_case(rng, l):
    m = re.match(r"(\s+i8 )([01])(, label %[\w.]+)$", l)
    if m:
        return m.group(1) + ("1" if m.group(2) == "0" else "0") + m.group(3)


def drop_case(rng, l):
    if re.match(r"\s+i8 [01], label %[\w.]+$", l):
        return ""


MUTATIONS = [final_flag, unwind_flag, drop_void_call, null_free, null_save, id_align,
             promise_align, alloca_align, alloca_count, swap_case, drop_case]


def mutant(rng, lines):
    bodies = presplit_bodies(lines)
    if not bodies:
        return None
    first, last = rng.choice(bodies)
    want, done = rng.randint(1, 3), 0
    out = list(lines)
    for _ in range(want * 40):
        if done == want:
            break
        i = rng.randint(first, last)
        new = rng.choice(MUTATIONS)(rng, out[i])
        if new is not None and new != out[i]:
            out[i] = new
            done += 1
    return out if done else None


REFUSED = re.compile(r"in function '([^']+)': refused and left as it was")
def untouched(tool, opt, path, work):
    """Why a refused coroutine (or the module) changed, or None."""
    out = os.path.join(work, "kept.ll")
    r = subprocess.run([tool, "--keep-refused", path, "-S", "-o", out],
                       capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        return "--keep-refused failed: " + r.stderr[-500:]
    refused = set(REFUSED.findall(r.stderr))
    if not refused:
        return None
    before = subprocess.run([opt, "-S", path], capture_output=True, text=True).stdout
    after = open(out).read()
    old, new = functions(before), functions(after)
    for name in sorted(refused):
        if old.get(name) != new.get(name):
            return f"refused coroutine @{name} changed"
    coroutines = [n for n, t in old.items() if "presplitcoroutine" in t]
    strip = lambda t: "\n".join(l for l in t.split("\n") if not l.startswith("; ModuleID"))
    if len(refused) >= len(coroutines) and strip(before) != strip(after):
        return "every coroutine refused, yet the module changed"
    return None


def main():
    if len(sys.argv) < 6:
        print(__doc__, file=sys.stderr)
        return 2
    tool, opt = sys.argv[1], sys.argv[2]
    seed, rounds, files = int(sys.argv[3]), int(sys.argv[4]), sys.argv[5:]
    rng = random.Random(seed)
    sources = [open(f).read().split("\n") for f in files]
    work = tempfile.mkdtemp(prefix="coro_mutate.")
    path, out = os.path.join(work, "m.ll"), os.path.join(work, "out.bc")
    valid = lowered = bad = kept = 0
    for n in range(rounds):
        k = rng.randrange(len(sources))
        mut = mutant(rng, sources[k])
        if mut is None:
            continue
        with open(path, "w") as f:
            f.write("\n".join(mut))
        v = subprocess.run([opt, "-passes=verify", "-disable-output", path],
                           capture_output=True)
        if v.returncode != 0:
            continue
        valid += 1
        r, why, err = lower(tool, path, out, 300)
        lowered += r.returncode == 0
        if not why and r.returncode != 0:
            why = untouched(tool, opt, path, work)
            kept += why is None
        if why:
            bad += 1
            report(why, err, mut, f"coro_mutant_{n}", f"round {n} (from {files[k]})")
    print(f"coro_mutate.py: {valid} valid mutants, {lowered} lowered, "
          f"{valid - lowered - bad} diagnosed ({kept} of them checked to leave "
          f"the refused coroutines as they were), {bad} failures")
    if valid < rounds // 4:
        print("coro_mutate.py: too few valid mutants to mean anything")
        return 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
