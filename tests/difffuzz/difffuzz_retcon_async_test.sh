#!/bin/bash
# Differential fuzzing of the returned-continuation and async lowerings in
# CI: fixed seed ranges of gen_retcon.py and gen_async.py modules, lowered
# by LLVM's passes (the reference: opt-22, built at -O2 and -O0, which must
# agree) and by the lowering command given, compiled with AddressSanitizer
# (-O2, and -O0 for a few seeds), run and compared. Cases in
# known_failures.txt (labels retcon, retcon-O0, async, async-O0, regress-*)
# are expected failures; an XPASS fails the test, so the list gets pruned.
# Then the reduced reproducers in regressions/ made by these generators.
#
# Usage: difffuzz_retcon_async_test.sh 'LOWER {in} -o {out}' [RETCON_SEEDS [ASYNC_SEEDS [O0_SEEDS]]]
set -uo pipefail
export PYTHONDONTWRITEBYTECODE=1
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
lower=$1
retcon_seeds=${2:-0:16}
async_seeds=${3:-0:16}
o0_seeds=${4:-0:4}
known=$here/known_failures.txt
status=0
run() { python3 -B "$here/run_diff.py" --lower "$lower" --asan --jobs 2 --quiet --known-failures "$known" "$@" || status=1; }
run --gen retcon --seeds "$retcon_seeds" --modes O2
run --gen retcon --label retcon-O0 --seeds "$o0_seeds" --modes O0 --size 9
# handoff is left out here: its programs read the context after the
# continuation was handed over, which LLVM 22's lowering (the reference
# for async) gets wrong (tests/async/cases/handoff_* check corolower there).
run --gen async --seeds "$async_seeds" --modes O2 --disable handoff
run --gen async --label async-O0 --seeds "$o0_seeds" --modes O0 --size 9 --disable handoff
shopt -s nullglob
for g in retcon async; do
  cases=()
  for f in "$here"/regressions/*.ll; do
    head -c 4000 "$f" | grep -qE "^; .*gen_$g\\.py [0-9]" && cases+=("$f")
  done
  [ ${#cases[@]} -eq 0 ] || run --label "regress-$g" --files "${cases[@]}" --modes O2
done
if [ "$status" = 0 ]; then echo "difffuzz retcon/async: all runs passed"; else echo "difffuzz retcon/async: FAILED"; fi
exit $status
