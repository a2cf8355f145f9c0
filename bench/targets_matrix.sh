#!/usr/bin/env bash
# The full per-target matrix behind bench/RESULTS.md's "Targets" table:
#   - tests/targets/run_targets.sh on i686, i686 Windows, ARM, RISC-V 64,
#     PowerPC 64 LE, SystemZ, wasm32 and wasm32 with -mtail-call: every e2e
#     program at -O0, -O2 and simplified, the symmetric-transfer chain and
#     every frame against LLVM's;
#   - tests/retcon/run_retcon.sh on i686, ARM, RISC-V 64, PowerPC 64 LE,
#     SystemZ and wasm32, at -O0 and -O2, by corolower and by LLVM's passes
#     (the multi-end cases merged for LLVM);
#   - tests/async/run_async.sh on i686, ARM and SystemZ (the other targets
#     that lower swifttailcc) at -O0 and -O2, by corolower and by LLVM's
#     passes (on i686 corolower refuses every case: LLVM 22's x86-32
#     musttail bug, targets/i686.c; LLVM's output fails at run time in
#     every case but cc_c and cc_tailcc).
# Prints a Markdown table per part, with the total frame bytes of the
# switched-resume coroutines both lowerings split.
#
# Usage: bench/targets_matrix.sh [COROLOWER]   (default bazel-bin/corolower)
# Environment: WORK_DIR (default: a temporary directory, kept on failure),
# JOBS (default 2). Takes about 40 minutes on 2 cores.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
corolower=${1:-$root/bazel-bin/corolower}
case "$corolower" in /*) ;; *) corolower=$(pwd)/$corolower ;; esac
work=${WORK_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/targets_matrix.XXXXXX")}
mkdir -p "$work"
jobs=${JOBS:-2}
targets=i686,i686-windows,arm,riscv64,ppc64le,s390x,wasm32,wasm32-tail
LLVM="opt-22 -S -passes='coro-early,cgscc(coro-split),coro-cleanup' {in} -o {out}"

bash "$root/tests/targets/run_targets.sh" --corolower "$corolower" --targets "$targets" \
  --frames --chain --jobs "$jobs" --workdir "$work/e2e" >"$work/e2e.log" 2>&1
retcon_targets=i686,arm,riscv64,ppc64le,s390x,wasm32
async_targets=i686,arm,s390x
bash "$root/tests/retcon/run_retcon.sh" --lower "$corolower {in} -S -o {out}" \
  --arch "$retcon_targets" --jobs "$jobs" --workdir "$work/retcon" >"$work/retcon.log" 2>&1
bash "$root/tests/retcon/run_retcon.sh" --lower "$LLVM" --multi-end merged \
  --arch "$retcon_targets" --jobs "$jobs" --workdir "$work/retcon_llvm" >"$work/retcon_llvm.log" 2>&1
bash "$root/tests/async/run_async.sh" --lower "$corolower {in} -S -o {out}" \
  --arch "$async_targets" --jobs "$jobs" --workdir "$work/async" >"$work/async.log" 2>&1
bash "$root/tests/async/run_async.sh" --lower "$LLVM" \
  --xfail context_alloc,handoff_later_block,afp_shared,context_align_zero \
  --arch "$async_targets" --jobs "$jobs" --workdir "$work/async_llvm" >"$work/async_llvm.log" 2>&1

python3 - "$work" "$targets" <<'EOF'
import glob, json, os, re, sys
work, targets = sys.argv[1], sys.argv[2].split(",")
res = os.path.join(work, "e2e", "results")
def lines(path):
    return open(path).read().splitlines() if os.path.exists(path) else []
print("| target | e2e runs (pass / as LLVM's / toolchain skip / fail) | chain, 10^6 transfers, 1 MiB stack | frames: corolower / LLVM bytes (smaller, equal, realigned, larger) |")
print("| --- | --- | --- | --- |")
for t in targets:
    c = {"PASS": 0, "XFAIL": 0, "SKIP": 0, "FAIL": 0}
    for f in glob.glob(os.path.join(res, t + ".*")):
        if f.endswith((".chain", ".frames")) or os.path.basename(f).count(".") != 1:
            continue
        for l in lines(f):
            w = l.split()
            if len(w) > 1 and w[1] == t and w[0] in c:
                c[w[0]] += 1
    chain = (lines(os.path.join(res, t + ".chain")) or ["?"])[0]
    chain = re.sub(r"^\S+ \S+ chain: ", "", chain)
    mine = theirs = 0
    for j in sorted(glob.glob(os.path.join(work, "e2e", t, "frames", "*.json"))):
        ll = j[:-5] + ".llvm.ll"
        if not os.path.exists(ll):
            continue
        txt = open(ll).read()
        sizes = {m.group(1): int(m.group(2)) for m in re.finditer(
            r'^define [^@]*@"?([^"(]+)\.resume"?\(ptr [^,)]*dereferenceable\((\d+)\)', txt, re.M)}
        for fr in json.load(open(j))["frames"]:
            if fr["abi"] == "switch" and fr["function"] in sizes:
                mine += fr["size"]
                theirs += sizes[fr["function"]]
    fl = [l for l in lines(os.path.join(res, t + ".frames")) if " frames: " in l]
    m = re.search(r"(\d+) coroutines: (\d+) smaller than LLVM's, (\d+) equal, (\d+) larger \(\+(\d+)", fl[-1]) if fl else None
    frames = "%d / %d = %.3f (%s, %s, %s, %s of %s)" % (mine, theirs, mine / theirs if theirs else 0,
        m.group(2), m.group(3), m.group(5), m.group(4), m.group(1)) if m else "?"
    print("| %s | %d / %d / %d / %d | %s | %s |" % (t, c["PASS"], c["XFAIL"], c["SKIP"], c["FAIL"], chain, frames))
print()
for name, log in (("retcon (corolower)", "retcon.log"), ("retcon (LLVM's passes)", "retcon_llvm.log"),
                  ("async (corolower)", "async.log"),
                  ("async (LLVM's passes)", "async_llvm.log")):
    per = {}
    for l in lines(os.path.join(work, log)):
        w = l.split()
        if len(w) >= 4 and w[0] in ("PASS", "FAIL", "SKIP", "XFAIL", "XPASS"):
            per.setdefault(w[2].rstrip(":"), {}).setdefault(w[0], 0)
            per[w[2].rstrip(":")][w[0]] += 1
    for arch, c in sorted(per.items()):
        print("- %s on %s: %s" % (name, arch, ", ".join("%d %s" % (v, k) for k, v in sorted(c.items()))))
EOF
echo "work files in $work" >&2
