#!/usr/bin/env bash
# The refusal contract (issue 28, README "Refused coroutines"): mixed.ll has
# a switched-resume and a returned-continuation coroutine and a plain
# function using switched-resume intrinsics. With one ABI allowed and
# --keep-refused, the other coroutine is refused and printed exactly as in
# the input (and so is the plain function when the switched-resume one is
# refused); LLVM's coroutine passes then lower what is left, and the program
# prints what it prints when LLVM lowers everything. With no ABI of the
# module allowed, the whole module prints as the input.
# Usage: mixed_test.sh COROLOWER
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
lower=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d "${TEST_TMPDIR:-/tmp}/mixed.XXXXXX")
trap 'rm -rf "$work"' EXIT
fn() { python3 -B "$here/../fuzz/ir_text.py" "$1" "$2"; }
fails=0
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
opt-22 -S "$here/mixed.ll" -o "$work/input.ll"

# ABI allowed, the coroutine refused, whether the plain function is put back.
check() {
  local abi=$1 refused=$2 plain_back=$3
  local out=$work/$abi.ll
  if ! "$lower" --abi="$abi" --keep-refused "$here/mixed.ll" -S -o "$out" 2> "$work/$abi.err"; then
    bad "--abi=$abi: corolower failed"; cat "$work/$abi.err"; return
  fi
  grep -q "in function '$refused': refused and left as it was" "$work/$abi.err" ||
    bad "--abi=$abi: no warning that @$refused was refused"
  if ! diff <(fn "$work/input.ll" "$refused") <(fn "$out" "$refused") > "$work/$abi.diff"; then
    bad "--abi=$abi: @$refused changed although refused"; head -20 "$work/$abi.diff"
  fi
  if [ "$plain_back" = yes ] && ! diff <(fn "$work/input.ll" drive_counter) <(fn "$out" drive_counter) > /dev/null; then
    bad "--abi=$abi: @drive_counter not put back as it was"
  fi
  opt-22 -passes='coro-early,cgscc(coro-split),coro-cleanup' "$out" -S -o "$work/$abi.opt.ll" ||
    { bad "--abi=$abi: LLVM's passes reject the output"; return; }
  clang-22 -O1 -w "$work/$abi.opt.ll" "$here/mixed.c" -o "$work/$abi.exe" ||
    { bad "--abi=$abi: does not compile"; return; }
  if ! diff "$here/mixed.expected" <("$work/$abi.exe") > "$work/$abi.run.diff"; then
    bad "--abi=$abi: the program's output differs"; head -20 "$work/$abi.run.diff"
  fi
  echo "ok --abi=$abi: @$refused refused, left as it was, lowered by LLVM's passes, runs"
}
check switch scaler no
check retcon counter yes

# Nothing allowed: every coroutine refused, the module as it was.
"$lower" --abi=async --keep-refused "$here/mixed.ll" -S -o "$work/none.ll" 2> /dev/null ||
  bad "--abi=async: corolower failed"
if ! diff <(grep -v '^; ModuleID' "$work/input.ll") <(grep -v '^; ModuleID' "$work/none.ll") > "$work/none.diff"; then
  bad "every coroutine refused, yet the module changed"; head -20 "$work/none.diff"
else
  echo "ok every coroutine refused: the module prints as the input"
fi
# Without --keep-refused a refusal is an error and nothing is written.
if "$lower" --abi=switch "$here/mixed.ll" -S -o "$work/err.ll" 2> /dev/null || [ -e "$work/err.ll" ]; then
  bad "a refusal without --keep-refused wrote output or exited 0"
fi
[ "$fails" = 0 ] || { echo "$fails failure(s)"; exit 1; }
echo "mixed_test: all passed"
