#!/usr/bin/env bash
# What LLVM 22 does with each malformed async input: the verifier first,
# then opt-22 -passes='coro-early,cgscc(coro-split),coro-cleanup', then (if
# that produced output) whether the output still holds presplit coroutines
# or coroutine intrinsic calls and whether llc-22 compiles it. One line per
# file; the findings are written up in LLVM22.md.
# Usage: survey.sh [FILE.ll ...]   (default: every *.ll next to this script)
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OPT=${OPT:-opt-22}
LLC=${LLC:-llc-22}
work=$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/survey.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
[ $# -gt 0 ] || set -- "$here"/*.ll "$here"/accepted/*.ll
first_error() { # the first line that says what went wrong
  grep -m1 -E 'error|ERROR|Assertion|Broken|not |must|cannot|Cannot|Invalid|invalid' "$1" | cut -c1-220
}
for f in "$@"; do
  n=$(basename "$f" .ll)
  if ! "$OPT" -passes=verify -disable-output "$f" 2>"$work/v.err"; then
    echo "$n | verifier rejects: $(first_error "$work/v.err")"
    continue
  fi
  # An intermediate shell reaps opt, so a crash report stays in the log.
  bash -c '"$@"; exit $?' opt "$OPT" -S -passes='coro-early,cgscc(coro-split),coro-cleanup' \
    "$f" -o "$work/out.ll" >"$work/o.err" 2>&1
  rc=$?
  if [ $rc -ne 0 ]; then
    kind="exit $rc"
    [ $rc -ge 128 ] && kind="crash (signal $((rc - 128)))"
    grep -q 'Stack dump' "$work/o.err" && [ $rc -lt 128 ] && kind="$kind, stack dump"
    echo "$n | passes fail, $kind: $(first_error "$work/o.err")"
    continue
  fi
  left=""
  grep -q presplitcoroutine "$work/out.ll" && left+=" presplitcoroutine left;"
  calls=$(grep -Eo '(call|invoke)\b[^;]*@llvm\.coro\.[A-Za-z0-9_.]*' "$work/out.ll" | grep -Eo '@llvm\.coro\.[A-Za-z0-9_.]*' | sort -u | tr '\n' ' ')
  [ -n "$calls" ] && left+=" calls left: $calls;"
  if bash -c '"$@"; exit $?' llc "$LLC" -O2 "$work/out.ll" -o "$work/out.s" >"$work/l.err" 2>&1; then
    cg="llc OK"
  else
    cg="llc fails: $(first_error "$work/l.err")"
  fi
  echo "$n | passes accept;${left} $cg"
done
