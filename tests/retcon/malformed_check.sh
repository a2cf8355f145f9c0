#!/usr/bin/env bash
# The malformed inputs of tests/retcon/malformed (see LLVM22.md there)
# through a lowering CLI: each must exit with status 1, print a
# `corolower: error:` line holding every word of its `; EXPECT:` line, and
# write no output. The few that corolower lowers correctly (listed below,
# with why) must instead lower to IR that opt-22 verifies, with no
# coroutine intrinsic left.
#
# Usage: malformed_check.sh COROLOWER
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
COROLOWER=${1:?usage: malformed_check.sh COROLOWER}
OPT=${OPT:-opt-22}
tmp=$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/retcon_malformed.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# Valid for corolower (tests/malformed/LLVM22_RETCON.md):
#   buffer_align_too_small: the frame's address is stored with the
#     buffer's alignment;
#   mixed_coro_size_types: each coro.size call gets a constant of its own
#     type.
accepted=" buffer_align_too_small mixed_coro_size_types "

pass=0
fail=0
for f in "$here"/malformed/*.ll; do
  name=$(basename "$f" .ll)
  out="$tmp/$name.out.ll"
  "$COROLOWER" "$f" -S -o "$out" >"$tmp/stdout" 2>"$tmp/stderr"
  rc=$?
  why=""
  case "$accepted" in
    *" $name "*)
      if [ $rc -ne 0 ]; then why="status $rc (should be lowered): $(head -c 300 "$tmp/stderr")"
      elif grep -qE '(call|invoke)[^;]*@llvm\.coro\.' "$out"; then why="coroutine intrinsic left"
      elif grep -q presplitcoroutine "$out"; then why="presplitcoroutine left"
      elif ! "$OPT" -passes=verify -disable-output "$out" 2>"$tmp/verify"; then
        why="output fails the verifier: $(head -c 300 "$tmp/verify")"
      fi ;;
    *)
      if [ $rc -ge 128 ]; then why="crashed (status $rc)"
      elif [ $rc -ne 1 ]; then why="status $rc (want 1)"
      elif [ -e "$out" ]; then why="output written"
      elif ! grep -q '^corolower: error: ' "$tmp/stderr"; then why="no 'corolower: error:' line"
      else
        for w in $(sed -n '1s/^; EXPECT: //p' "$f"); do
          grep '^corolower: error: ' "$tmp/stderr" | grep -qF -- "$w" || why="$why [$w]"
        done
        [ -n "$why" ] && why="message lacks$why: $(grep -m1 '^corolower: error: ' "$tmp/stderr")"
      fi ;;
  esac
  if [ -z "$why" ]; then
    echo "PASS $name"; pass=$((pass + 1))
  else
    echo "FAIL $name: $why"; fail=$((fail + 1))
  fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
