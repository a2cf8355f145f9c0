#!/bin/bash
# Differential fuzzing in CI: fixed seed ranges of gen_cpp.py programs (over
# O0, O2 and simplified) and gen_ir.py modules, lowered by LLVM's passes and
# by the lowering command given, compiled with AddressSanitizer, run and
# compared with the native reference. Cases in known_failures.txt are
# expected failures (XFAIL); one that passes (XPASS), or fails otherwise,
# fails the test, so the list gets pruned as bugs are fixed.
#
# gen_ir.py runs three times: with every feature (today most of these stop
# at the first rejected construct), without the constructs corolower
# rejects (byval, lifetime markers and plain escapes, loops), and without
# the known-broken ones too (what must pass, rampuse and handoff included).
# Each gen_ir.py module targets x86-64 (with a triple, half of them;
# without one, with x86-64's data layout or none), i686 or ARM (layout32)
# or s390x (bigendian): those three are built with their cross toolchains
# (tests/targets/target_env.sh) and run under qemu-user, without ASan.
#
# gen_cpp.py's handoff programs (on in every run) also run with the lowered
# modules compiled at -O0 (cpp-cc0, simplified form): a frame read on a
# suspended path after the handle was handed away is dead code that -O2
# deletes before AddressSanitizer sees it. Reproducers saying `--cc-opt O0`
# run that way too.
#
# Usage: difffuzz_test.sh 'LOWER {in} -o {out}' [CPP_SEEDS [IR_SEEDS [CPP_CC0_SEEDS]]]
set -uo pipefail
export PYTHONDONTWRITEBYTECODE=1
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
lower=$1
cpp_seeds=${2:-0:24}
ir_seeds=${3:-0:20}
cpp_cc0_seeds=${4:-0:8}
known=$here/known_failures.txt
status=0
run() { python3 -B "$here/run_diff.py" --lower "$lower" --asan --jobs 2 --quiet --known-failures "$known" "$@" || status=1; }
run --gen cpp --seeds "$cpp_seeds" --modes O0,O2,simplified
run --gen cpp --label cpp-cc0 --seeds "$cpp_cc0_seeds" --modes simplified --cc-opt O0
run --gen ir --seeds "$ir_seeds"
run --gen ir --label ir-accepted --seeds "$ir_seeds" --disable unused,promisegep,plain,addrspace
run --gen ir --label ir-core --seeds "$ir_seeds" --disable unused,promisegep,plain,addrspace,byval,lifetime
# The reduced reproducers: each fails today (listed in known_failures.txt);
# once its bug is fixed, delete its line and the file stays a regression test.
shopt -s nullglob
cpp_cases=()
cpp_cc0_cases=()
for f in "$here"/regressions/*.cpp; do
  if head -c 4000 "$f" | grep -q -- '--cc-opt O0'; then cpp_cc0_cases+=("$f"); else cpp_cases+=("$f"); fi
done
# gen_ir.py's reproducers only (retcon and async ones are run by
# difffuzz_retcon_async_test.sh).
ir_cases=()
for f in "$here"/regressions/*.ll; do
  head -c 4000 "$f" | grep -qE '^; .*gen_(retcon|async)\.py [0-9]' || ir_cases+=("$f")
done
[ ${#cpp_cases[@]} -eq 0 ] || run --label regress --files "${cpp_cases[@]}" --modes O0,O2,simplified
[ ${#cpp_cc0_cases[@]} -eq 0 ] || run --label regress-cc0 --files "${cpp_cc0_cases[@]}" --modes O0,O2,simplified --cc-opt O0
[ ${#ir_cases[@]} -eq 0 ] || run --label regress --files "${ir_cases[@]}"
if [ "$status" = 0 ]; then echo "difffuzz: all runs passed"; else echo "difffuzz: FAILED"; fi
exit $status
