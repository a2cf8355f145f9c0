#!/bin/bash
# Differential fuzzing of profile-instrumented coroutines in CI (issue 24):
# a fixed seed range of gen_cpp.py programs in mode `pgo` (each seed takes
# one of pgo.py's pipelines in turn: IR PGO with counter promotion, with
# loop rotation and licm, front-end instrumentation, coverage, -O0
# coverage) and a few gen_ir.py, gen_retcon.py and gen_async.py modules
# through the IR PGO pipelines, lowered by LLVM's passes and by the lowering
# command given, built with AddressSanitizer and the profile runtime, run,
# compared with the reference, and the profiles compared with LLVM's
# lowering's. Seed 3 is the handoff program whose promoted counter was
# stored into a freed frame. Also the reduced reproducers in regressions/
# whose header says `--modes pgo`, and gen_ir.py seed 76 (below).
#
# Usage: difffuzz_pgo_test.sh 'LOWER {in} -o {out}' [CPP_SEEDS [IR_SEEDS]]
set -uo pipefail
export PYTHONDONTWRITEBYTECODE=1
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
lower=$1
cpp_seeds=${2:-0:10}
ir_seeds=${3:-0:4}
known=$here/known_failures.txt
status=0
run() { python3 -B "$here/run_diff.py" --lower "$lower" --asan --jobs 2 --quiet --known-failures "$known" "$@" || status=1; }
run --gen cpp --label cpp-pgo --seeds "$cpp_seeds" --modes pgo
run --gen ir --label ir-pgo --seeds "$ir_seeds" --pgo any
# gen_ir.py 76: a counter promoted through a loop, incremented after a
# bool await_suspend that resumes inline, kept in memory (three crossings)
# and read back from the freed frame before the escaped-region fix.
run --gen ir --label ir-pgo --seeds 76:77 --pgo any
run --gen retcon --label retcon-pgo --seeds "$ir_seeds" --pgo any
# handoff left out as in difffuzz_retcon_async_test.sh (LLVM's lowering,
# the reference, gets it wrong).
run --gen async --label async-pgo --seeds "$ir_seeds" --pgo any --disable handoff
shopt -s nullglob
cases=()
for f in "$here"/regressions/*.cpp; do
  head -c 4000 "$f" | grep -q -- '--modes pgo' && cases+=("$f")
done
[ ${#cases[@]} -eq 0 ] || run --label regress-pgo --files "${cases[@]}" --modes pgo
if [ "$status" = 0 ]; then echo "difffuzz pgo: all runs passed"; else echo "difffuzz pgo: FAILED"; fi
exit $status
