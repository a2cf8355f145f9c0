#!/bin/bash
# Frames without a suspend index on AArch64: e2e programs whose
# switched-resume frames record the suspend point in a function pointer
# are lowered for aarch64-linux-gnu, compiled at -O0 and -O2 (clang++-22,
# lld, static), run under qemu-aarch64 and compared with the program
# compiled natively for x86-64 (the programs print the same on both):
#  - "thunks": with --prefer-small-frames, the destroy pointer
#    (NAME.destroy.N thunks, tail-called into NAME.destroy);
#  - "entry": by default, the resume pointer (NAME.resume.N for a suspend
#    point reached from the ramp alone).
# Each must also have at least one such function, or the test would not
# test the record.
#
# Needs what symmetric_transfer.sh needs (tools/setup.sh installs it).
# Usage: small_frames.sh [--corolower PATH] [--programs DIR]
set -u
here=$(cd "$(dirname "$0")" && pwd)
corolower=""
programs=$here/../e2e/programs
while [ $# -gt 0 ]; do
  case "$1" in
    --corolower) corolower=$2; shift 2 ;;
    --programs) programs=$2; shift 2 ;;
    *) echo "usage: small_frames.sh [--corolower PATH] [--programs DIR]" >&2; exit 2 ;;
  esac
done
if [ -z "$corolower" ]; then
  for c in "${TEST_SRCDIR:-/nonexistent}/${TEST_WORKSPACE:-corolower}/corolower" \
           "$here/../../bazel-bin/corolower"; do
    if [ -x "$c" ]; then corolower=$c; break; fi
  done
fi
case "$corolower" in ''|/*) ;; *) corolower=$(pwd)/$corolower ;; esac
case "$programs" in /*) ;; *) programs=$(pwd)/$programs ;; esac
CLANGXX=${CLANGXX:-clang++-22}
QEMU=$(command -v qemu-aarch64 || command -v qemu-aarch64-static || true)

pass=0
fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
finish() { echo "$pass passed, $fail failed"; [ "$fail" = 0 ]; exit $?; }

[ -n "$corolower" ] && [ -x "$corolower" ] || bad tools "no corolower binary (--corolower PATH)"
[ -n "$(command -v "$CLANGXX")" ] || bad tools "no $CLANGXX"
[ -n "$QEMU" ] || bad tools "no qemu-aarch64 (package qemu-user; tools/setup.sh)"
[ -f /usr/aarch64-linux-gnu/lib/libc.a ] || bad tools "no AArch64 sysroot (tools/setup.sh)"
[ "$fail" = 0 ] || finish

work=$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/a64sf.XXXXXX")
for spec in thunks:return_value_task thunks:scheduler_tasks thunks:handle_api \
            thunks:nested_generators entry:generator_basic entry:return_value_task; do
  kind=${spec%%:*} p=${spec#*:}
  src=$programs/$p.cpp
  b=$work/$kind.$p
  if ! "$CLANGXX" -std=c++20 -O2 "$src" -o "$b.native" 2>"$b.err"; then
    bad "$p native" "$(head -3 "$b.err")"; continue
  fi
  want=$("$b.native")
  if ! "$CLANGXX" --target=aarch64-linux-gnu -std=c++20 -O2 -S -emit-llvm \
       -Xclang -disable-llvm-passes "$src" -o "$b.ll" 2>"$b.err" ||
     ! "$corolower" $([ "$kind" = thunks ] && echo --prefer-small-frames) "$b.ll" \
       -S -o "$b.out.ll" 2>"$b.err"; then
    bad "$p lowering" "$(head -3 "$b.err")"; continue
  fi
  fn=destroy
  [ "$kind" = entry ] && fn=resume
  if ! grep -q "^define internal .*\\.$fn\\.[0-9]*(" "$b.out.ll"; then
    bad "$p $kind" "no NAME.$fn.N in the output: nothing here records a point that way"; continue
  fi
  for o in O0 O2; do
    if ! "$CLANGXX" --target=aarch64-linux-gnu -fuse-ld=lld -static "-$o" "$b.out.ll" \
         -o "$b.$o" 2>"$b.err"; then
      bad "$p $o build" "$(head -3 "$b.err")"; continue
    fi
    got=$("$QEMU" -s 1M "$b.$o" 2>"$b.err"); rc=$?
    if [ "$rc" != 0 ] || [ "$got" != "$want" ]; then
      bad "$p $kind $o" "exit $rc, output differs from the native program's"
    else
      ok "$p $kind $o"
    fi
  done
done
rm -rf "$work"
finish
