#!/bin/bash
# FileCheck-style shape tests: every *.ll next to this script is lowered with
#   corolower -S [ARGS] FILE -o OUT
# and OUT is checked with FileCheck-22 against the file's own `; CHECK:`
# lines, then (if the file has any) against its `; GLOBAL:` lines, which see
# the whole output (use GLOBAL-NOT for "nowhere in the module").
#
# Per-file directives:
#   ; ARGS: --abi=switch ...   extra corolower options
#   ; MARKERS:                 the output keeps CoroElide's markers
#                              (--keep-elision-markers): calls of
#                              llvm.coro.{id,begin,alloc,free,subfn.addr}
#                              may remain, and LLVM's coro-elide and
#                              coro-cleanup must then leave none
#   ; NOT-A-COROUTINE:         a presplitcoroutine function that is no
#                              coroutine keeps its attribute, as with LLVM
#   ; XFAIL: reason            the checks must FAIL (a self-test of this
#                              runner: proves a wrong CHECK is caught)
# Every lowered output must also: contain no presplitcoroutine and no call to
# an llvm.coro.* intrinsic, and pass opt-22's verifier (when opt-22 exists).
#
# Usage: run_lit.sh [FILE.ll ...]   (default: all *.ll beside the script)
# Env: COROLOWER (path to the CLI), FILECHECK, OPT.
set -u

here=$(cd "$(dirname "$0")" && pwd)

find_corolower() {
  if [ -n "${COROLOWER:-}" ]; then echo "$COROLOWER"; return; fi
  for c in "$here/../../corolower" \
           "${TEST_SRCDIR:-/nonexistent}/${TEST_WORKSPACE:-corolower}/corolower" \
           "$here/../../bazel-bin/corolower"; do
    if [ -x "$c" ]; then echo "$c"; return; fi
  done
}
COROLOWER=$(find_corolower)
if [ -z "$COROLOWER" ] || [ ! -x "$COROLOWER" ]; then
  echo "run_lit: cannot find the corolower binary (set COROLOWER)" >&2
  exit 2
fi
FILECHECK=${FILECHECK:-}
if [ -z "$FILECHECK" ]; then
  for c in /usr/bin/FileCheck-22 /usr/lib/llvm-22/bin/FileCheck; do
    if [ -x "$c" ]; then FILECHECK=$c; break; fi
  done
fi
if [ -z "$FILECHECK" ]; then
  echo "run_lit: FileCheck-22 not found (install llvm-22-tools)" >&2
  exit 2
fi
OPT=${OPT:-$(command -v opt-22 || true)}
echo "run_lit: corolower=$COROLOWER FileCheck=$FILECHECK opt=${OPT:-<none: verifier step skipped>}"

tmp=${TEST_TMPDIR:-$(mktemp -d)}
mkdir -p "$tmp"

if [ $# -gt 0 ]; then files=("$@"); else files=("$here"/*.ll); fi

pass=0
fail=0
failed=()

report_fail() {
  echo "FAIL: $1: $2"
  fail=$((fail + 1))
  failed+=("$1")
}

for f in "${files[@]}"; do
  name=$(basename "$f")
  args=$(sed -n 's/^; ARGS:[[:space:]]*//p' "$f" | head -1)
  xfail=$(grep -c '^; XFAIL:' "$f")
  markers=$(grep -c '^; MARKERS:' "$f" || true)
  not_coro=$(grep -c '^; NOT-A-COROUTINE:' "$f" || true)
  out="$tmp/${name%.ll}.out.ll"
  err="$tmp/${name%.ll}.err"
  rm -f "$out"
  # shellcheck disable=SC2086
  if ! "$COROLOWER" -S $args "$f" -o "$out" 2>"$err"; then
    report_fail "$name" "corolower failed:"
    sed 's/^/    /' "$err"
    continue
  fi
  ok=1
  log=""
  for prefix in CHECK GLOBAL; do
    if ! grep -q "^; *$prefix[-:A-Z]*:" "$f"; then continue; fi
    if ! fc=$("$FILECHECK" --check-prefix="$prefix" --input-file="$out" "$f" 2>&1); then
      ok=0
      log+="  [$prefix] $fc"$'\n'
    fi
  done
  if [ "$xfail" -gt 0 ]; then
    if [ $ok -eq 1 ]; then
      report_fail "$name" "XFAIL file passed its checks: the runner cannot detect a wrong CHECK"
    else
      echo "XFAIL: $name (checks failed as expected)"
      pass=$((pass + 1))
    fi
    continue
  fi
  if [ $ok -eq 0 ]; then
    report_fail "$name" "FileCheck failed"
    printf '%s' "$log"
    continue
  fi
  # Invariants of every lowered module.
  if [ "$not_coro" -eq 0 ] && grep -n 'presplitcoroutine' "$out" >"$tmp/inv" ; then
    report_fail "$name" "presplitcoroutine left:"; cat "$tmp/inv"; continue
  fi
  left=$out
  if [ "$markers" -gt 0 ]; then
    if grep -nE 'call .*@llvm\.coro\.' "$out" |
       grep -vE '@llvm\.coro\.(id|begin|alloc|free|subfn\.addr)\(' >"$tmp/inv"; then
      report_fail "$name" "coroutine intrinsic call other than an elision marker left:"; cat "$tmp/inv"; continue
    fi
    if [ -z "$OPT" ]; then
      report_fail "$name" "MARKERS needs opt-22 to finish the lowering"; continue
    fi
    left="$tmp/$name.finished.ll"
    if ! "$OPT" -S -passes='function(coro-elide),coro-cleanup' "$out" -o "$left" 2>"$tmp/inv"; then
      report_fail "$name" "LLVM's coro-elide/coro-cleanup reject the output:"; cat "$tmp/inv"; continue
    fi
  fi
  if grep -nE 'call .*@llvm\.coro\.' "$left" >"$tmp/inv"; then
    report_fail "$name" "coroutine intrinsic call left:"; cat "$tmp/inv"; continue
  fi
  if [ -n "$OPT" ] && ! "$OPT" -passes=verify -disable-output "$out" 2>"$tmp/inv"; then
    report_fail "$name" "opt-22 -passes=verify rejects the output:"; cat "$tmp/inv"; continue
  fi
  echo "PASS: $name"
  pass=$((pass + 1))
done

echo "run_lit: $pass passed, $fail failed"
if [ $fail -gt 0 ]; then
  printf '  failed: %s\n' "${failed[@]}"
  exit 1
fi
exit 0
