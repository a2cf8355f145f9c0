"""Profile-instrumented presplit IR for run_diff.py (issue 24: IR from PGO
counter promotion).

Real builds instrument a coroutine before it is split: clang's
-fprofile-generate runs pgo-instr-gen and instrprof early in the O2
pipeline, -fprofile-instr-generate (and -fcoverage-mapping) puts
llvm.instrprof.increment calls into the front end's IR and lowers them at
the pipeline's start, and at -O1 and above instrprof promotes counters: in
a loop the count is kept in a register (a phi carried round the loop) and
stored at the loop's exits. When the loop holds a suspend, that register
is live across the suspend, and its exit stores sit on the suspend's
return path. These pipelines make such IR on purpose:

  irpgo    C++ at -O2, sroa/early-cse/simplifycfg, pgo-instr-gen, loops
           simplified (dedicated exits: what promotion needs), instrprof
  irloop   the same with instcombine, loop-rotate and licm before instrprof
  feinstr  C++ at -O2 with -fprofile-instr-generate, loops simplified,
           instrprof (as clang runs it, at the pipeline's start)
  fecov    -fprofile-instr-generate -fcoverage-mapping, the function
           simplification, loop-rotate and licm first, then instrprof
  O0cov    -O0 -fprofile-instr-generate -fcoverage-mapping, instrprof

instrprof always runs with -do-counter-promotion; the limits on promotions
per loop and on exiting blocks, speculative promotion to outer loops,
instrumented entries and atomic counters are chosen by the seed. The IR
generators' modules take irpgo or irloop (no front end).

Programs link the profile runtime (the lowered module is compiled, then
linked as clang links a -fprofile-generate program: compiling the .ll
with -fprofile-generate would instrument it twice) and write their
profile into the case's directory; the counts of corolower's build must
equal those of LLVM's (verdict `profile`), as the counters count the
same program's paths.

promotion_stats() counts the promoted counters (instrprof's
`pgocount.promoted` loads at loop exits) and those whose loop holds a
coroutine suspend, so a campaign reports how often the class was hit.
"""
import os
import random
import re
import shlex
import subprocess

import pgo_stats

CLANG = os.environ.get("CLANG", "clang-22")
PROFDATA = os.environ.get("LLVM_PROFDATA", "llvm-profdata-22")

_SIMPL = "sroa,early-cse,simplifycfg"
_IC = "instcombine<no-verify-fixpoint>"
_LOOPS = "loop-simplify,lcssa"
_ROT_LICM = "loop(loop-rotate),loop-mssa(licm)"
# name -> (front-end flags or None for IR, passes)
PIPELINES = {
    "irpgo": (["-O2"], "function(%s),pgo-instr-gen,function(%s),instrprof" % (_SIMPL, _LOOPS)),
    "irloop": (["-O2"], "function(%s,%s),pgo-instr-gen,function(%s,%s),instrprof"
               % (_SIMPL, _IC, _LOOPS, _ROT_LICM)),
    "feinstr": (["-O2", "-fprofile-instr-generate"], "function(%s),instrprof" % _LOOPS),
    "fecov": (["-O2", "-fprofile-instr-generate", "-fcoverage-mapping"],
              "function(%s,%s,%s,%s),instrprof" % (_SIMPL, _IC, _LOOPS, _ROT_LICM)),
    "O0cov": (["-O0", "-fprofile-instr-generate", "-fcoverage-mapping"], "function(%s),instrprof" % _LOOPS),
}
IR_PIPELINES = ["irpgo", "irloop"]
SUSPEND_RE = re.compile(r"@llvm\.coro\.suspend(\.retcon|\.async)?[.\w]*\(")


def mode_pipeline(mode, seed):
    """The pipeline of a cpp mode: pgo-NAME, or pgo (the seed chooses)."""
    if mode == "pgo":
        names = sorted(PIPELINES)
        return names[seed % len(names)]
    return mode[len("pgo-"):]


def is_pgo_mode(mode):
    return mode == "pgo" or (mode.startswith("pgo-") and mode[4:] in PIPELINES)


def opt_flags(seed, pipeline):
    """instrprof's knobs for this seed: promotion on, its limits varied."""
    r = random.Random("pgo%d" % seed)
    flags = ["-do-counter-promotion",
             "-max-counter-promotions-per-loop=%d" % r.choice([20, 20, 2, 1000]),
             "-speculative-counter-promotion-max-exiting=%d" % r.choice([10, 10, 3, 64])]
    if r.random() < 0.4:
        flags.append("-speculative-counter-promotion-to-loop")
    if r.random() < 0.15:
        flags.append("-instrprof-atomic-counter-update-all")
    if pipeline.startswith("ir") and r.random() < 0.3:
        flags.append("-pgo-instrument-entry")
    return flags


def runtime_link_flags():
    """The profile runtime, linked as clang's -fprofile-generate links it."""
    try:
        d = subprocess.run([CLANG, "--print-runtime-dir"], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, timeout=60).stdout.decode().strip()
    except (OSError, subprocess.TimeoutExpired):
        d = ""
    return ["-Wl,-u,__llvm_profile_runtime", os.path.join(d, "libclang_rt.profile-x86_64.a")]


def instrument(opt, inp, out, seed, pipeline, sh):
    """opt's instrumentation of presplit IR inp into out: None or an error."""
    passes = PIPELINES[pipeline][1]
    cmd = [opt, "-S", "-passes=" + passes] + opt_flags(seed, pipeline) + [inp, "-o", out]
    rc, _, err = sh(cmd, timeout=300)
    if rc != 0:
        return "opt's PGO pipeline failed: %s (%s)" % (err.strip().splitlines()[-1:] or [rc],
                                                        " ".join(shlex.quote(c) for c in cmd[1:4]))
    return None


def profile_counts(path, sh):
    """The per-function counts of a raw profile, as text, or None."""
    if not os.path.exists(path):
        return None
    rc, out, _ = sh([PROFDATA, "show", "--all-functions", "--counts", path], timeout=120)
    return out if rc == 0 else None


def by_function(text):
    """{function name without its file prefix: its lines} of a shown profile."""
    out, cur = {}, None
    for line in text.splitlines():
        if line.startswith("  ") and not line.startswith("   ") and line.rstrip().endswith(":"):
            cur = line.strip()[:-1].split(";")[-1]
            out[cur] = []
        elif cur is not None and line.startswith("    "):
            out[cur].append(line.strip())
    return out


def transfer_tail_functions(presplit):
    """Functions with code between a symmetric transfer
    (llvm.coro.await.suspend.handle) and its suspend: LLVM 22's lowering
    drops that code in the resume clones (a counter incremented there
    counts in the ramp only), so their counts are not compared."""
    out = set()
    for define, body in pgo_stats.functions(presplit):
        m = re.match(r'define [^@]*@("[^"]+"|[-\w.$]+)\(', define)
        bl = dict((n, ls) for n, ls in pgo_stats.blocks(body))
        for n, ls in bl.items():
            for k, l in enumerate(ls):
                if "@llvm.coro.await.suspend.handle(" not in l:
                    continue
                nxt = ls[k + 1:]
                t = re.search(r"to label %([-\w.$]+)", " ".join(ls[k:k + 2]))
                if t and t.group(1) in bl:
                    nxt = bl[t.group(1)]
                first = next((x for x in nxt if not x.lstrip().startswith(("#", "call void @llvm.dbg"))), "")
                if m and "@llvm.coro.suspend(" not in first:
                    out.add(m.group(1).strip('"'))
    return out


def compare_profiles(ref_raw, our_raw, sh, presplit=""):
    """'' when the two profiles count the same (but for the functions
    transfer_tail_functions names), else why not."""
    a, b = profile_counts(ref_raw, sh), profile_counts(our_raw, sh)
    if a is None or b is None:
        return "no profile written (%s)" % (ref_raw if a is None else our_raw)
    if a == b:
        return ""
    fa, fb = by_function(a), by_function(b)
    skip = transfer_tail_functions(presplit)
    for fn in sorted(set(fa) | set(fb)):
        if fn in skip or fa.get(fn) == fb.get(fn):
            continue
        xa, xb = fa.get(fn, []), fb.get(fn, [])
        ca = re.findall(r"\d+", next((l for l in xa if l.startswith("Block counts")), ""))
        cb = re.findall(r"\d+", next((l for l in xb if l.startswith("Block counts")), ""))
        diff = [(i, y, x) for i, (x, y) in enumerate(zip(ca, cb)) if x != y][:4]
        return "counters differ from LLVM's lowering in %s: (counter, ours, LLVM's) %s" % (fn, diff)
    return ""
