#!/usr/bin/env bash
# The IR differential fuzzers on every target (gen_common.py's target
# features: notriple, layout32, bigendian, othertargets), against LLVM 22's
# passes (opt-22 -passes='coro-early,cgscc(coro-split),coro-cleanup'):
#   gen_ir.py      othertargets (AArch64, RISC-V 64, PowerPC 64 LE, wasm32;
#                  notriple, layout32 and bigendian had their runs before),
#                  reference: the program built for the host;
#   gen_retcon.py  every target feature but native;
#   gen_async.py   every target feature but native (AArch64, ARM, SystemZ,
#                  no triple; handoff off: LLVM 22 is no oracle there),
#                  reference: LLVM's lowering built for the module's target.
# Other architectures run under qemu-user, wasm32 under node. Prints each
# run's summary (verdicts and the per-target line).
#
# Usage: bench/target_fuzz.sh [COROLOWER] [FIRST_SEED] [COUNT]
#   (defaults: bazel-bin/corolower, 100000, 1000; JOBS, default 2)
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
corolower=${1:-$root/bazel-bin/corolower}
case "$corolower" in /*) ;; *) corolower=$(pwd)/$corolower ;; esac
first=${2:-100000}
count=${3:-1000}
seeds=$first:$((first + count))
jobs=${JOBS:-2}
run() {
  echo "== $*"
  python3 -B "$root/tests/difffuzz/run_diff.py" --lower "$corolower {in} -o {out}" --asan --jobs "$jobs" \
    --quiet --seeds "$seeds" "$@" 2>&1 | sed -n '/^---- summary/,$p'
}
run --gen ir --disable native,notriple,layout32,bigendian
run --gen retcon --disable native
run --gen async --disable native,handoff
