#!/usr/bin/env bash
# Smoke test of bench/passes_driver: on the bundled example, each mode runs,
# and both lowerings leave a module that verifies and calls no llvm.coro.*
# intrinsic. Usage: passes_driver_smoke.sh PASSES_DRIVER
set -euo pipefail
driver=$1
in=examples/generator.ll
out=$("$driver" --mode=both --check --repeat 2 --time "$in" 2>&1)
echo "$out"
grep -q '^check llvm: verified' <<<"$out"
grep -q '^check corolower: verified' <<<"$out"
grep -q '^time llvm total=' <<<"$out"
grep -q '^time corolower total=' <<<"$out"
"$driver" --mode=parse --repeat 2 "$in"
"$driver" --mode=llvm "$in"
"$driver" --mode=corolower "$in"
if "$driver" --mode=nonsense "$in" 2>/dev/null; then
  echo "an unknown mode must fail" >&2
  exit 1
fi
echo PASS
