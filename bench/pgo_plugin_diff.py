#!/usr/bin/env python3
"""gen_cpp.py programs built the way real profile-instrumented builds are,
in clang's own pipeline with corolower's pass plugin (issue 24).

Usage: pgo_plugin_diff.py PLUGIN.so A:B [--jobs 2] [--keep DIR]

Each seed takes one build in turn: -O1 or -O2, with -fprofile-generate (IR
PGO: pgo-instr-gen and instrprof with counter promotion before the
coroutines are split) or -fprofile-instr-generate -fcoverage-mapping
(front-end counters, lowered at the pipeline's start), all with
AddressSanitizer. The program built with -fpass-plugin=PLUGIN must print
what the native -O2 build prints and exit alike, without a sanitizer
report; the same build without the plugin (LLVM's coroutine passes) is
run too and the two profiles' counts compared (differences are counted,
not failures: LLVM 22 drops code between a symmetric transfer and its
suspend in resume clones, see tests/difffuzz/pgo.py).

Last line: `N passed, M failed (K profiles differ from LLVM's)`.
"""
import argparse
import concurrent.futures
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
GEN = os.path.join(HERE, "..", "tests", "difffuzz", "gen_cpp.py")
CXX = os.environ.get("CLANGXX", "clang++-22")
PROFDATA = os.environ.get("LLVM_PROFDATA", "llvm-profdata-22")
BUILDS = [["-O2", "-fprofile-generate"], ["-O2", "-fprofile-instr-generate", "-fcoverage-mapping"],
          ["-O1", "-fprofile-generate"], ["-O1", "-fprofile-instr-generate", "-fcoverage-mapping"]]
SAN = ["-fsanitize=address", "-fno-omit-frame-pointer"]


def sh(cmd, env=None, timeout=300):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, timeout=timeout,
                           stdin=subprocess.DEVNULL)
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return "timeout", "", ""


def run(exe, prof):
    return sh([exe], env=dict(os.environ, LLVM_PROFILE_FILE=prof), timeout=60)


def counts(raw):
    rc, out, _ = sh([PROFDATA, "show", "--all-functions", "--counts", raw])
    return out if rc == 0 else None


def one(plugin, seed, root):
    """(verdict, detail, profile differs)."""
    w = os.path.join(root, "s%d" % seed)
    os.makedirs(w)
    src = os.path.join(w, "prog.cpp")
    if sh([sys.executable, "-B", GEN, str(seed), "-o", src])[0] != 0:
        return "invalid", "generator failed", False
    flags = BUILDS[seed % len(BUILDS)]
    base = [CXX, "-std=c++20"]
    nat = os.path.join(w, "native")
    if sh(base + ["-O2", src, "-o", nat])[0] != 0:
        return "invalid", "native build failed", False
    ref = run(nat, os.path.join(w, "native.profraw"))
    exes = {}
    for who, extra in (("plugin", ["-fpass-plugin=" + plugin]), ("llvm", [])):
        exes[who] = os.path.join(w, who)
        rc, _, err = sh(base + flags + SAN + extra + [src, "-o", exes[who]])
        if rc != 0:
            return ("compile" if who == "plugin" else "invalid"), " ".join(flags) + ": " + err[-300:], False
    got = run(exes["plugin"], os.path.join(w, "plugin.profraw"))
    if "ERROR: AddressSanitizer" in got[2]:
        return "sanitizer", " ".join(flags) + ": " + got[2][got[2].find("ERROR"):][:200], False
    if got[:2] != ref[:2]:
        return "mismatch", " ".join(flags) + ": exit %s vs %s" % (got[0], ref[0]), False
    run(exes["llvm"], os.path.join(w, "llvm.profraw"))
    a, b = counts(os.path.join(w, "plugin.profraw")), counts(os.path.join(w, "llvm.profraw"))
    return "pass", " ".join(flags), a is None or a != b


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("plugin")
    ap.add_argument("seeds")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--keep")
    args = ap.parse_args()
    a, b = map(int, args.seeds.split(":"))
    root = tempfile.mkdtemp(prefix="pgoplugin.")
    npass = nfail = ndiff = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = {s: ex.submit(one, os.path.abspath(args.plugin), s, root) for s in range(a, b)}
        for s in range(a, b):
            v, d, diff = futs[s].result()
            ndiff += diff
            if v == "pass":
                npass += 1
                print("PASS %d %s%s" % (s, d, " (profile differs from LLVM's)" if diff else ""), flush=True)
            else:
                nfail += 1
                print("FAIL %d %s: %s" % (s, v, d), flush=True)
                if args.keep:
                    shutil.copytree(os.path.join(root, "s%d" % s), os.path.join(args.keep, "s%d" % s))
            shutil.rmtree(os.path.join(root, "s%d" % s), ignore_errors=True)
    shutil.rmtree(root, ignore_errors=True)
    print("%d passed, %d failed (%d profiles differ from LLVM's)" % (npass, nfail, ndiff))
    sys.exit(1 if nfail else 0)


if __name__ == "__main__":
    main()
