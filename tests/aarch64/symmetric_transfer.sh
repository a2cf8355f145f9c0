#!/usr/bin/env bash
# Symmetric transfer is a real tail call on AArch64 (and x86-64).
#
# symmetric_chain.cpp runs chains of 1,000,000 lazy tasks that co_await each
# other through symmetric transfer (await_suspend returning a handle). Steps:
#   1. clang++-22 --target=aarch64-linux-gnu -std=c++20 -O2 -S -emit-llvm
#      -Xclang -disable-llvm-passes: presplit IR for AArch64;
#   2. corolower lowers it; the output must keep the module's AArch64 triple
#      and data layout, hold no presplitcoroutine and no call of an
#      llvm.coro.* intrinsic, and have `musttail call fastcc void`, each
#      followed by `ret void`;
#   3. the lowered IR is compiled to static AArch64 executables at -O0 and
#      -O2 (clang++-22, lld). In the -O0 one every musttail call must be a
#      `br xN` (an indirect tail branch, not `blr`): per function, as many
#      `br xN` in the disassembly as musttail calls in the IR. In the -O2 one
#      every .resume function with a musttail call still has its `br xN`;
#   4. both run under qemu-aarch64 with a 1 MiB stack (qemu -s 1M and
#      ulimit -s 1024); their stdout must equal symmetric_chain.expected, as
#      must the program compiled for AArch64 by clang++-22 alone (clang
#      lowering its own coroutines), run the same way;
#   5. the same for x86-64, natively: corolower's output at -O0 and -O2 and
#      clang's own lowering, with ulimit -s 1024;
#   6. a control proving the stack limit bites: the AArch64 lowered IR with
#      `musttail` removed, at -O0, must have no `br xN` in those functions
#      and must crash under the 1 MiB stack, yet print the expected output
#      with a 768 MiB stack.
#
# Needs clang++-22, lld, llvm-objdump-22, qemu-user and the AArch64 cross
# libraries (libc6-dev-arm64-cross, libstdc++-12-dev-arm64-cross); all come
# from tools/setup.sh. A missing tool is a failure, not a skip.
#
# Usage: symmetric_transfer.sh [--corolower PATH] [--workdir DIR]
# Output: PASS/FAIL lines, then `N passed, M failed`.
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
corolower=""
work=""
while [ $# -gt 0 ]; do
  case "$1" in
    --corolower) corolower=$2; shift 2 ;;
    --workdir) work=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed -e '/^set -u/d' -e 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "symmetric_transfer: unknown argument $1" >&2; exit 2 ;;
  esac
done
if [ -z "$corolower" ]; then
  for c in "${TEST_SRCDIR:-/nonexistent}/${TEST_WORKSPACE:-corolower}/corolower" \
           "$here/../../bazel-bin/corolower"; do
    if [ -x "$c" ]; then corolower=$c; break; fi
  done
fi
case "$corolower" in ''|/*) ;; *) corolower=$(pwd)/$corolower ;; esac

src=$here/symmetric_chain.cpp
expected=$here/symmetric_chain.expected
CLANGXX=${CLANGXX:-clang++-22}
OBJDUMP=${OBJDUMP:-llvm-objdump-22}
QEMU=${QEMU:-}
A64_TARGET=aarch64-linux-gnu
A64_LIBDIR=/usr/aarch64-linux-gnu/lib
A64_CXXINC=/usr/aarch64-linux-gnu/include/c++

pass=0
fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
finish() { echo "$pass passed, $fail failed"; [ "$fail" = 0 ]; exit $?; }

# --- tools (no `>/dev/null`: Bazel's sandbox may mount /dev read-only) ---
missing=()
[ -n "$corolower" ] && [ -x "$corolower" ] || missing+=("corolower binary (--corolower PATH)")
[ -n "$(command -v "$CLANGXX")" ] || missing+=("$CLANGXX (package clang-22)")
[ -n "$(command -v ld.lld-22 || command -v ld.lld)" ] || missing+=("ld.lld (package lld-22)")
[ -n "$(command -v "$OBJDUMP")" ] || missing+=("$OBJDUMP (package llvm-22)")
if [ -z "$QEMU" ]; then
  QEMU=$(command -v qemu-aarch64 || command -v qemu-aarch64-static || true)
fi
[ -n "$QEMU" ] && [ -x "$QEMU" ] || missing+=("qemu-aarch64 (package qemu-user)")
[ -f "$A64_LIBDIR/libc.a" ] || missing+=("$A64_LIBDIR/libc.a (package libc6-dev-arm64-cross)")
[ -n "$(compgen -G "$A64_CXXINC/*/coroutine")" ] ||
  missing+=("AArch64 <coroutine> under $A64_CXXINC (package libstdc++-12-dev-arm64-cross)")
[ -n "$(compgen -G "/usr/lib/gcc-cross/aarch64-linux-gnu/*/libstdc++.a")" ] ||
  missing+=("AArch64 libstdc++.a (package libstdc++-12-dev-arm64-cross)")
if [ ${#missing[@]} -gt 0 ]; then
  for m in "${missing[@]}"; do bad "tools" "missing $m"; done
  echo "symmetric_transfer: run tools/setup.sh to install the missing packages" >&2
  finish
fi
ok "tools: $CLANGXX, $QEMU, $OBJDUMP, AArch64 sysroot"

if [ -z "$work" ]; then
  work=$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/a64.XXXXXX")
else
  mkdir -p "$work"
fi
log=$work/log
: >"$log"

# Under qemu with a 1 MiB stack (qemu -s sets the guest stack; the ulimit
# keeps qemu from taking a larger one from the environment).
run_a64() {
  local name=$1 exe=$2 stack=${3:-1M} rc=0
  ( ulimit -c 0; [ "$stack" = 1M ] && ulimit -s 1024
    exec timeout 60 "$QEMU" -s "$stack" "$exe" ) >"$work/$name.out" 2>"$work/$name.err" </dev/null || rc=$?
  echo "$rc"
}
run_x86() {
  local name=$1 exe=$2 rc=0
  ( ulimit -c 0; ulimit -s 1024; exec timeout 60 "$exe" ) >"$work/$name.out" 2>"$work/$name.err" </dev/null || rc=$?
  echo "$rc"
}
# check_output LABEL FILE RC: FILE is the run's name given to run*.
check_output() {
  local label=$1 name=$2 rc=$3
  if [ "$rc" != 0 ]; then
    bad "$label" "exit code $rc ($(head -c 300 "$work/$name.err" | tr '\n' ' '))"
  elif ! diff -u "$expected" "$work/$name.out" >"$work/$name.diff"; then
    bad "$label" "output differs from symmetric_chain.expected:"; sed 's/^/    /' "$work/$name.diff"
  else
    ok "$label"
  fi
}

# musttail calls per function of a lowered .ll: "NAME COUNT" lines.
musttail_counts() {
  awk '/^define /{ s = $0; sub(/\(.*/, "", s); sub(/.*@/, "", s); gsub(/"/, "", s); f = s }
       /musttail call fastcc void/ { c[f]++ }
       END { for (k in c) print k, c[k] }' "$1" | sort
}
# Indirect branches per function of an executable: "NAME BR BLR" lines.
branch_counts() {
  "$OBJDUMP" -d --no-show-raw-insn "$1" |
    awk '/^[0-9a-f]+ <.*>:$/ { f = $2; sub(/^</, "", f); sub(/>:$/, "", f) }
         /\tbr\tx[0-9]+/ { b[f]++; seen[f] = 1 }
         /\tblr\tx[0-9]+/ { l[f]++; seen[f] = 1 }
         END { for (k in seen) print k, b[k] + 0, l[k] + 0 }' | sort
}

a64=(--target="$A64_TARGET" -fuse-ld=lld -static)

# --- 1. presplit IR for AArch64 ---
pre=$work/a64.presplit.ll
if ! "$CLANGXX" --target="$A64_TARGET" -std=c++20 -O2 -S -emit-llvm \
     -Xclang -disable-llvm-passes "$src" -o "$pre" >>"$log" 2>&1; then
  bad "a64 front end" "clang++-22 failed:"; sed 's/^/    /' "$log"; finish
fi
ok "a64 front end (presplit IR, $(grep -c presplitcoroutine "$pre") presplitcoroutine mentions)"

# --- 2. lowering ---
low=$work/a64.lowered.ll
if ! "$corolower" "$pre" -o "$low" >"$work/lower.log" 2>&1; then
  bad "a64 lowering" "corolower failed:"; sed 's/^/    /' "$work/lower.log"; finish
fi
t_in=$(sed -n 's/^target triple = //p' "$pre") t_out=$(sed -n 's/^target triple = //p' "$low")
dl_in=$(sed -n 's/^target datalayout = //p' "$pre") dl_out=$(sed -n 's/^target datalayout = //p' "$low")
case "$t_out" in
  '"aarch64'*) if [ "$t_in" = "$t_out" ] && [ "$dl_in" = "$dl_out" ]; then
                 ok "a64 lowering keeps triple $t_out and its data layout"
               else
                 bad "a64 lowering" "target changed: $t_in / $dl_in -> $t_out / $dl_out"
               fi ;;
  *) bad "a64 lowering" "output triple is $t_out, not AArch64" ;;
esac
leftover=$(grep -E '(call|invoke)[^;]*@llvm\.coro\.' "$low" | head -n 1)
if grep -q presplitcoroutine "$low"; then
  bad "a64 lowering" "presplitcoroutine left in the output"
elif [ -n "$leftover" ]; then
  bad "a64 lowering" "coroutine intrinsic left: $leftover"
else
  ok "a64 lowering leaves no presplitcoroutine and no llvm.coro.* call"
fi
musttail_counts "$low" >"$work/musttail.txt"
n_must=$(awk '{ s += $2 } END { print s + 0 }' "$work/musttail.txt")
not_ret=$(awk '/musttail call fastcc void/ { getline nx; if (nx !~ /^[ \t]*ret void/) print }' "$low" | head -n 1)
if [ "$n_must" = 0 ]; then
  bad "a64 musttail" "no musttail call fastcc void in the lowered IR"
elif [ -n "$not_ret" ]; then
  bad "a64 musttail" "a musttail call not followed by ret void: $not_ret"
else
  ok "a64 musttail: $n_must musttail call fastcc void, each then ret void, in $(wc -l <"$work/musttail.txt") functions"
fi

# --- 3. AArch64 executables from the lowered IR; tail branches ---
for o in O0 O2; do
  if ! "$CLANGXX" "${a64[@]}" -"$o" -Wno-override-module "$low" -o "$work/a64.lowered.$o" >>"$log" 2>&1; then
    bad "a64 build lowered $o" "failed:"; tail -n 20 "$log" | sed 's/^/    /'; finish
  fi
done
branch_counts "$work/a64.lowered.O0" >"$work/branches.O0.txt"
branch_counts "$work/a64.lowered.O2" >"$work/branches.O2.txt"
mism=""
while read -r fn n; do
  got=$(awk -v f="$fn" '$1 == f { print $2 }' "$work/branches.O0.txt")
  [ "${got:-0}" = "$n" ] || mism+=" $fn(musttail $n, br ${got:-0})"
done <"$work/musttail.txt"
if [ "$n_must" = 0 ]; then
  bad "a64 -O0 tail branches" "no musttail call to look for"
elif [ -n "$mism" ]; then
  bad "a64 -O0 tail branches" "musttail calls not all compiled to br xN:$mism"
else
  ok "a64 -O0 tail branches: every musttail call is a br xN ($n_must in all)"
fi
mism=""
n_resume=0
while read -r fn n; do
  case "$fn" in *.resume) ;; *) continue ;; esac
  n_resume=$((n_resume + 1))
  got=$(awk -v f="$fn" '$1 == f { print $2 }' "$work/branches.O2.txt")
  [ "${got:-0}" -ge 1 ] || mism+=" $fn(br ${got:-0})"
done <"$work/musttail.txt"
if [ "$n_resume" = 0 ]; then
  bad "a64 -O2 tail branches" "no .resume function with a musttail call"
elif [ -n "$mism" ]; then
  bad "a64 -O2 tail branches" "no br xN in:$mism"
else
  ok "a64 -O2 tail branches: all $n_resume .resume functions with musttail end a transfer with br xN"
fi

# --- 4. run under qemu with a 1 MiB stack, and clang's own lowering ---
if "$CLANGXX" "${a64[@]}" -std=c++20 -O2 "$src" -o "$work/a64.native" >>"$log" 2>&1; then
  check_output "a64 clang-lowered -O2 under qemu, 1 MiB stack" a64.native "$(run_a64 a64.native "$work/a64.native")"
else
  bad "a64 native build" "failed:"; tail -n 20 "$log" | sed 's/^/    /'
fi
for o in O0 O2; do
  check_output "a64 corolower-lowered $o under qemu, 1 MiB stack" "a64.lowered.$o" \
    "$(run_a64 "a64.lowered.$o" "$work/a64.lowered.$o")"
done

# --- 5. x86-64, natively ---
xpre=$work/x86.presplit.ll xlow=$work/x86.lowered.ll
if "$CLANGXX" -std=c++20 -O2 -S -emit-llvm -Xclang -disable-llvm-passes "$src" -o "$xpre" >>"$log" 2>&1 &&
   "$corolower" "$xpre" -o "$xlow" >>"$log" 2>&1; then
  if grep -q 'musttail call fastcc void' "$xlow"; then
    ok "x86-64 lowering has musttail call fastcc void"
  else
    bad "x86-64 lowering" "no musttail call fastcc void"
  fi
  for o in O0 O2; do
    if "$CLANGXX" -"$o" -Wno-override-module "$xlow" -o "$work/x86.lowered.$o" >>"$log" 2>&1; then
      check_output "x86-64 corolower-lowered $o, 1 MiB stack" "x86.lowered.$o" "$(run_x86 "x86.lowered.$o" "$work/x86.lowered.$o")"
    else
      bad "x86-64 build lowered $o" "failed:"; tail -n 20 "$log" | sed 's/^/    /'
    fi
  done
else
  bad "x86-64 front end or lowering" "failed:"; tail -n 20 "$log" | sed 's/^/    /'
fi
if "$CLANGXX" -std=c++20 -O2 "$src" -o "$work/x86.native" >>"$log" 2>&1; then
  check_output "x86-64 clang-lowered -O2, 1 MiB stack" x86.native "$(run_x86 x86.native "$work/x86.native")"
else
  bad "x86-64 native build" "failed:"; tail -n 20 "$log" | sed 's/^/    /'
fi

# --- 6. control: without musttail the same code needs a huge stack ---
ctl=$work/a64.control.ll
sed 's/musttail call fastcc void/call fastcc void/' "$low" >"$ctl"
if "$CLANGXX" "${a64[@]}" -O0 -Wno-override-module "$ctl" -o "$work/a64.control" >>"$log" 2>&1; then
  branch_counts "$work/a64.control" >"$work/branches.control.txt"
  left=""
  while read -r fn n; do
    got=$(awk -v f="$fn" '$1 == f { print $2 }' "$work/branches.control.txt")
    [ "${got:-0}" = 0 ] || left+=" $fn(br $got)"
  done <"$work/musttail.txt"
  if [ -n "$left" ]; then
    bad "control: tail-branch check" "br xN without musttail, the check cannot tell:$left"
  else
    ok "control: without musttail those functions have no br xN (blr instead)"
  fi
  rc=$(run_a64 a64.control.1M "$work/a64.control")
  case "$rc" in
    0) bad "control: 1 MiB stack" "the chain ran without tail calls: the stack limit does not bite" ;;
    124) bad "control: 1 MiB stack" "timed out instead of overflowing" ;;
    *) ok "control: without musttail the chain overflows the 1 MiB stack (exit $rc)" ;;
  esac
  check_output "control: without musttail, 768 MiB stack" a64.control.768M "$(run_a64 a64.control.768M "$work/a64.control" 768M)"
else
  bad "control build" "failed:"; tail -n 20 "$log" | sed 's/^/    /'
fi

finish
