#!/usr/bin/env bash
# The seed documents' switched-resume examples, lowered by corolower and run.
#
# Every NAME.ll beside this script is one example from the seed documents
# (see the comment at its top for where it comes from and what was added),
# NAME.c is its C driver and NAME.expected the exact stdout. For each:
#   1. corolower NAME.ll -o NAME.lowered.ll
#   2. the output must hold no `presplitcoroutine` and no call (or invoke)
#      of an @llvm.coro.* intrinsic: otherwise clang could lower the
#      coroutines itself and the test would pass for the wrong reason;
#   3. for O0 and O2: clang-22 -OX NAME.lowered.ll NAME.c, linked with
#      -Wl,--wrap=malloc,--wrap=free (seed_driver.h counts live blocks);
#   4. run it (timeout 20 s); stdout must equal NAME.expected, exit code 0.
# Then a self-check that the runner can fail: a copy of counter with a wrong
# expected output, and counter "lowered" by a command that copies its input,
# must each be reported as FAIL.
#
# Usage: run_seeds.sh [--corolower PATH] [--dir DIR] [--no-selfcheck]
#                     [NAME ...]
# Output: `PASS NAME OX` / `FAIL NAME OX: reason` lines, then
# `N passed, M failed`. Exit status 1 if anything failed, 2 on usage errors.
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
dir=$here
corolower=""
selfcheck=1
names=()
while [ $# -gt 0 ]; do
  case "$1" in
    --corolower) corolower=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    --no-selfcheck) selfcheck=0; shift ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed -e '/^set -u/d' -e 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "run_seeds: unknown option $1" >&2; exit 2 ;;
    *) names+=("$1"); shift ;;
  esac
done

if [ -z "$corolower" ]; then
  for c in "${TEST_SRCDIR:-/nonexistent}/${TEST_WORKSPACE:-corolower}/corolower" \
           "$here/../../bazel-bin/corolower"; do
    if [ -x "$c" ]; then corolower=$c; break; fi
  done
fi
[ -n "$corolower" ] && [ -x "$corolower" ] || {
  echo "run_seeds: cannot find the corolower binary (--corolower PATH)" >&2; exit 2; }
case "$corolower" in /*) ;; *) corolower=$(pwd)/$corolower ;; esac
CLANG=${CLANG:-clang-22}
# (no `>/dev/null` here: Bazel's sandbox may mount /dev/null read-only)
[ -n "$(command -v "$CLANG")" ] || {
  echo "run_seeds: $CLANG not found (tools/setup.sh installs clang-22)" >&2; exit 2; }

if [ ${#names[@]} -eq 0 ]; then
  for f in "$dir"/*.ll; do
    [ -e "$f" ] && names+=("$(basename "$f" .ll)")
  done
fi
[ ${#names[@]} -gt 0 ] || { echo "run_seeds: no examples in $dir" >&2; exit 2; }

work=$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/seeds.XXXXXX")
pass=0
fail=0

ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }

for n in "${names[@]}"; do
  src=$dir/$n.ll drv=$dir/$n.c exp=$dir/$n.expected d=$work/$n
  mkdir -p "$d"
  for f in "$src" "$drv" "$exp"; do
    [ -f "$f" ] || { bad "$n" "missing $(basename "$f")"; continue 2; }
  done
  out=$d/$n.lowered.ll
  if ! "$corolower" "$src" -o "$out" >"$d/lower.log" 2>&1; then
    bad "$n" "corolower failed:"; sed 's/^/    /' "$d/lower.log"; continue
  fi
  if [ ! -s "$out" ]; then bad "$n" "corolower wrote nothing"; continue; fi
  if grep -q presplitcoroutine "$out"; then
    bad "$n" "presplitcoroutine left in the lowered IR"; continue
  fi
  left=$(grep -E '(call|invoke)[^;]*@llvm\.coro\.' "$out" | head -n 1 | sed 's/^[[:space:]]*//')
  if [ -n "$left" ]; then bad "$n" "coroutine intrinsic left: $left"; continue; fi
  for opt in O0 O2; do
    exe=$d/$n.$opt
    if ! "$CLANG" -"$opt" -w "$out" "$drv" -I "$dir" \
         -Wl,--wrap=malloc,--wrap=free -o "$exe" >"$d/$opt.build.log" 2>&1; then
      bad "$n $opt" "build failed:"; sed 's/^/    /' "$d/$opt.build.log"; continue
    fi
    rc=0
    timeout 20 "$exe" >"$d/$opt.stdout" 2>"$d/$opt.stderr" </dev/null || rc=$?
    if [ "$rc" != 0 ]; then
      bad "$n $opt" "exit code $rc"; sed 's/^/    /' "$d/$opt.stderr" | head -n 5; continue
    fi
    if ! diff -u "$exp" "$d/$opt.stdout" >"$d/$opt.diff"; then
      bad "$n $opt" "output differs from $n.expected:"; sed 's/^/    /' "$d/$opt.diff"; continue
    fi
    ok "$n $opt"
  done
done

# Self-check: the runner must be able to fail.
if [ "$selfcheck" = 1 ] && [ -f "$dir/counter.ll" ]; then
  sc=$work/selfcheck
  mkdir -p "$sc/wrong" "$sc/copy"
  cp "$dir/counter.ll" "$dir/counter.c" "$dir/seed_driver.h" "$sc/wrong/"
  sed 's/^6$/7/' "$dir/counter.expected" >"$sc/wrong/counter.expected"
  if cmp -s "$dir/counter.expected" "$sc/wrong/counter.expected"; then
    bad "selfcheck" "could not make a wrong counter.expected"
  elif "$0" --corolower "$corolower" --dir "$sc/wrong" --no-selfcheck \
        >"$sc/wrong.log" 2>&1 || ! grep -q '^FAIL counter O0: output differs' "$sc/wrong.log"; then
    bad "selfcheck wrong-expected" "a wrong expected output was not caught:"
    sed 's/^/    /' "$sc/wrong.log"
  else
    ok "selfcheck wrong-expected (caught)"
  fi
  cp "$dir/counter.ll" "$dir/counter.c" "$dir/seed_driver.h" "$dir/counter.expected" "$sc/copy/"
  printf '#!/bin/sh\n# a "lowering" that lowers nothing: IN -o OUT\ncp "$1" "$3"\n' >"$sc/identity"
  chmod +x "$sc/identity"
  if "$0" --corolower "$sc/identity" --dir "$sc/copy" --no-selfcheck \
        >"$sc/copy.log" 2>&1 || ! grep -q '^FAIL counter: presplitcoroutine left' "$sc/copy.log"; then
    bad "selfcheck no-lowering" "unlowered IR was not caught:"
    sed 's/^/    /' "$sc/copy.log"
  else
    ok "selfcheck no-lowering (caught)"
  fi
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
