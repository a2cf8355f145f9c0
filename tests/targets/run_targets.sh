#!/usr/bin/env bash
# Coroutines lowered for every target corolower has rules for, and run there.
#
# For each target and each e2e program (tests/e2e/programs) and mode:
#   1. clang++-22 --target=T makes presplit IR (O0, O2: -S -emit-llvm
#      -Xclang -disable-llvm-passes; simplified: the O2 IR through opt-22's
#      coro-early,sroa,early-cse,simplifycfg,instcombine);
#   2. corolower lowers it (--frame-report=json), and so do LLVM's passes
#      (opt-22 -passes='coro-early,cgscc(coro-split),coro-cleanup');
#   3. corolower's output must keep the triple and hold no presplit
#      coroutine and no llvm.coro.* call;
#   4. both are compiled by clang++-22 --target=T -O2 (static, lld; for
#      wasm32 against wasi-libc and libc++) and run: natively on x86-64,
#      under qemu-user (1 MiB guest stack), under node's WASI for wasm32;
#   5. PASS when corolower's run prints what the native x86-64 build of the
#      program prints and exits as it does, or (where the data model or the
#      byte order makes them differ: long is 32 bits on i686, ARM and
#      wasm32, SystemZ is big-endian) what the target's own build of the
#      program (clang lowering it) prints, exiting as natively. When
#      neither, the case is XFAIL if LLVM's lowering gives the same result
#      on that target (its toolchain or ABI, not the lowering: then neither
#      can), else FAIL. A PASS says when LLVM's lowering differs.
#   A program the target's own toolchain cannot build with clang's own
#   lowering (exceptions on wasm32, threads under qemu-i386) is SKIP.
# Frames (--frames): every switched-resume coroutine's frame size from
# corolower's report against LLVM's dereferenceable(N) on its clones (no
# larger), and the header's offsets (resume 0, destroy one pointer on,
# promise at alignTo(2 pointers, its alignment)) as LLVM lays them out.
# Chain (--chain): tests/aarch64/symmetric_chain.cpp (10^6 tasks awaiting
# each other by symmetric transfer) lowered by both, compiled at -O0 and
# run with a 1 MiB stack: where LLVM's lowering survives, corolower's must
# (musttail), and where LLVM's cannot make a tail call (ppc64le, wasm32
# without tail-call) corolower must warn that it cannot either.
#
# Targets: x86_64 i686 i686-windows arm riscv64 ppc64le s390x wasm32
# wasm32-tail (wasm32 with -mtail-call). i686-windows is lowered and its
# frames compared, and the lowered IR compiled to an object file: there is
# nothing to run it on.
#
# Usage: run_targets.sh [--corolower PATH] [--targets T,...] [--only P,...]
#                       [--modes O0,O2,simplified] [--no-e2e] [--frames]
#                       [--chain] [--workdir DIR] [--jobs N]
#                       [--summary FILE]
# Output: PASS/FAIL/XFAIL/SKIP lines in a fixed order, then
# `N passed, M failed` (XFAIL and SKIP counted apart). --summary writes one
# line per target: target, e2e passed/xfail/skip/failed, chain, frames.
# Exit 1 if anything failed, 2 on a usage error or a missing tool.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
programs_dir=$root/tests/e2e/programs
chain_src=$root/tests/aarch64/symmetric_chain.cpp
corolower=""
targets="i686,i686-windows,arm,riscv64,ppc64le,s390x,wasm32,wasm32-tail"
only=""
modes="O0,O2,simplified"
do_e2e=1
do_frames=0
do_chain=0
workdir=""
jobs=2
summary=""

usage() { sed -n '2,/^set -uo/p' "$0" | sed -e '/^set -uo/d' -e 's/^# \{0,1\}//' >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --corolower) corolower=$2; shift 2 ;;
    --targets) targets=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --modes) modes=$2; shift 2 ;;
    --no-e2e) do_e2e=0; shift ;;
    --frames) do_frames=1; shift ;;
    --chain) do_chain=1; shift ;;
    --workdir) workdir=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --summary) summary=$2; shift 2 ;;
    -h|--help) usage ;;
    *) echo "run_targets.sh: unknown argument $1" >&2; usage ;;
  esac
done
if [ -z "$corolower" ]; then
  for c in "${TEST_SRCDIR:-/nonexistent}/${TEST_WORKSPACE:-corolower}/corolower" "$root/bazel-bin/corolower"; do
    if [ -x "$c" ]; then corolower=$c; break; fi
  done
fi
case "$corolower" in ''|/*) ;; *) corolower=$(pwd)/$corolower ;; esac
case "$jobs" in ''|*[!0-9]*|0) echo "run_targets.sh: bad --jobs" >&2; exit 2 ;; esac

CLANGXX=${CLANGXX:-clang++-22}
OPT=${OPT:-opt-22}
NODE=${NODE:-node}
LLVM_PASSES='coro-early,cgscc(coro-split),coro-cleanup'
export LC_ALL=C

# shellcheck source=target_env.sh
. "$here/target_env.sh"
target_cfg() { crl_target_cfg "$@"; }

IFS=, read -r -a target_list <<<"$targets"
IFS=, read -r -a mode_list <<<"$modes"
for t in "${target_list[@]}"; do
  target_cfg "$t" || { echo "run_targets.sh: unknown target $t" >&2; exit 2; }
done
for m in "${mode_list[@]}"; do
  case "$m" in O0|O2|simplified) ;; *) echo "run_targets.sh: unknown mode $m" >&2; exit 2 ;; esac
done

# --- tools: a missing one is an error, not a skip ---
missing=()
[ -x "$corolower" ] || missing+=("corolower (--corolower PATH)")
for tool in "$CLANGXX" "$OPT" python3; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
for t in "${target_list[@]}"; do
  while IFS= read -r m; do missing+=("$m"); done < <(crl_target_missing "$t")
done
if [ ${#missing[@]} -gt 0 ]; then
  for m in "${missing[@]}"; do echo "FAIL tools: missing $m"; done
  echo "0 passed, ${#missing[@]} failed"
  exit 2
fi

own_work=0
if [ -z "$workdir" ]; then
  workdir=$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/targets.XXXXXX"); own_work=1
else
  mkdir -p "$workdir"; workdir=$(cd "$workdir" && pwd)
fi
mkdir -p "$workdir/results"

names=()
for f in "$programs_dir"/*.cpp; do
  n=$(basename "$f" .cpp)
  if [ -n "$only" ]; then case ",$only," in *",$n,"*) ;; *) continue ;; esac; fi
  names+=("$n")
done

# run_exe T EXE OUT STACK_KB: runs EXE for target T; prints the exit code.
run_exe() {
  local rc=0
  crl_target_run "$1" "$2" "${4:-1024}" >"$3" 2>"$3.err" || rc=$?
  echo "$rc"
}

# build T OPTLEVEL IN OUT: compiles a .ll or .cpp for T.
build() {
  target_cfg "$1"
  "$CLANGXX" --target="$triple" -std=c++20 "-$2" -Wno-override-module \
    -Wno-unused-command-line-argument "${tflags[@]}" "$3" -o "$4" >"$4.log" 2>&1
}

# front_end T OPTFLAG SRC OUT: presplit IR of a C++ program for T. For
# i686-windows, whose C++ headers (MSVC's) Debian does not have, it is
# i686 Linux's IR given Windows' triple and data layout (i64 8-aligned):
# lowered and compiled, never run, so the C++ ABI inside does not matter.
WIN_DL='e-m:x-p:32:32-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32-a:0:32-S32'
front_end() {
  target_cfg "$1"
  local ft=$triple
  [ "$1" = i686-windows ] && ft=i686-linux-gnu
  "$CLANGXX" --target="$ft" -std=c++20 -S -emit-llvm -Xclang -disable-llvm-passes \
    "${tflags[@]}" -Wno-unused-command-line-argument "$2" "$3" -o "$4" || return 1
  if [ "$1" = i686-windows ]; then
    sed -i -e "s/^target triple = .*/target triple = \"$triple\"/" \
           -e "s/^target datalayout = .*/target datalayout = \"$WIN_DL\"/" "$4"
  fi
}

# Native x86-64 reference runs, one per program.
native_ref() {
  local n=$1 d="$workdir/native/$1"
  mkdir -p "$d"
  if "$CLANGXX" -std=c++20 -O2 "$programs_dir/$n.cpp" -o "$d/exe" >"$d/log" 2>&1; then
    run_exe x86_64 "$d/exe" "$d/out" >"$d/rc"
  else
    echo build >"$d/rc"
  fi
}

# e2e_unit T N: every mode of program N for target T; one result line per
# mode in $workdir/results/T.N.
e2e_unit() {
  local t=$1 n=$2 d="$workdir/$1/$2" res="$workdir/results/$1.$2"
  mkdir -p "$d"
  : >"$res.tmp"
  target_cfg "$t"
  local src="$programs_dir/$n.cpp" m why
  # What the target's toolchain makes of the program with clang's own lowering.
  local ref_ok=1
  if [ "$runs" = 1 ]; then
    build "$t" O2 "$src" "$d/clang.exe" || ref_ok=0
  elif ! front_end "$t" -O2 "$src" "$d/probe.ll" >"$d/clang.exe.log" 2>&1; then
    ref_ok=0
  fi
  for m in "${mode_list[@]}"; do
    why=""
    local in="$d/$m.presplit.ll" low="$d/$m.corolower.ll" llvm="$d/$m.llvm.ll"
    if [ "$ref_ok" = 0 ]; then
      echo "SKIP $t $n $m: the target's toolchain cannot build it ($(grep -m1 -E 'error' "$d/clang.exe.log" | cut -c1-120))" >>"$res.tmp"; continue
    fi
    case "$m" in
      O0) front_end "$t" -O0 "$src" "$in" >"$d/$m.front.log" 2>&1 || why="front end failed" ;;
      O2) front_end "$t" -O2 "$src" "$in" >"$d/$m.front.log" 2>&1 || why="front end failed" ;;
      simplified)
        front_end "$t" -O2 "$src" "$d/O2s.ll" >"$d/$m.front.log" 2>&1 &&
          "$OPT" -S -passes='coro-early,function(sroa,early-cse,simplifycfg,instcombine<no-verify-fixpoint>)' \
            "$d/O2s.ll" -o "$in" >>"$d/$m.front.log" 2>&1 || why="front end or opt failed" ;;
    esac
    if [ -z "$why" ] && ! "$corolower" "$in" -S -o "$low" --frame-report=json \
         --frame-report-file="$d/$m.frames.json" >"$d/$m.lower.log" 2>&1; then
      why="corolower failed: $(grep -m1 error "$d/$m.lower.log" | cut -c1-160)"
    fi
    if [ -z "$why" ]; then
      if grep -q presplitcoroutine "$low"; then why="presplitcoroutine left"
      elif grep -qE '(call|invoke)[^;]*@llvm\.coro\.' "$low"; then why="llvm.coro.* call left"
      elif [ "$(sed -n 's/^target triple = //p' "$in")" != "$(sed -n 's/^target triple = //p' "$low")" ]; then why="triple changed"
      fi
    fi
    "$OPT" -S -passes="$LLVM_PASSES" "$in" -o "$llvm" >"$d/$m.llvm.log" 2>&1 || echo "opt failed" >>"$d/$m.llvm.log"
    if [ -n "$why" ]; then echo "FAIL $t $n $m: $why" >>"$res.tmp"; continue; fi
    if [ "$runs" = 0 ]; then
      # Nothing to run it on: it must compile to an object file.
      if "$CLANGXX" --target="$triple" -O2 -c -Wno-override-module "$low" -o "$d/$m.o" >"$d/$m.build.log" 2>&1; then
        echo "PASS $t $n $m (compiled, not run)" >>"$res.tmp"
      else
        echo "FAIL $t $n $m: compiling the lowered IR failed (see $d/$m.build.log)" >>"$res.tmp"
      fi
      continue
    fi
    if ! build "$t" O2 "$low" "$d/$m.exe"; then
      # wasm32's compiler-rt wants a stack protector wasi-libc lacks, say.
      if ! build "$t" O2 "$llvm" "$d/$m.llvm.exe"; then
        echo "XFAIL $t $n $m: neither lowering links ($(grep -m1 error "$d/$m.exe.log" | cut -c1-120))" >>"$res.tmp"
      else
        echo "FAIL $t $n $m: compiling the lowered IR failed (see $d/$m.exe.log)" >>"$res.tmp"
      fi
      continue
    fi
    local rc lrc="build" want same_x86=0 same_own=0
    rc=$(run_exe "$t" "$d/$m.exe" "$d/$m.out")
    if build "$t" O2 "$llvm" "$d/$m.llvm.exe"; then lrc=$(run_exe "$t" "$d/$m.llvm.exe" "$d/$m.llvm.out"); fi
    [ -f "$d/clang.rc" ] || run_exe "$t" "$d/clang.exe" "$d/clang.out" >"$d/clang.rc"
    want=$(cat "$workdir/native/$n/rc")
    [ "$rc" = "$want" ] && cmp -s "$d/$m.out" "$workdir/native/$n/out" && same_x86=1
    # The target's own build is a reference only where it runs as natively.
    [ "$rc" = "$want" ] && [ "$rc" = "$(cat "$d/clang.rc")" ] && cmp -s "$d/$m.out" "$d/clang.out" && same_own=1
    if [ "$same_x86" = 1 ] || [ "$same_own" = 1 ]; then
      local note=""
      # Where the data model (long is 32 bits) or the byte order makes the
      # output differ, the target's own build of the program is the reference.
      [ "$same_x86" = 1 ] || note=" (as the target's own build; x86-64's output differs: data model or byte order)"
      if [ "$lrc" != "$rc" ] || ! cmp -s "$d/$m.llvm.out" "$d/$m.out"; then
        note="$note (LLVM's lowering differs here: exit $lrc)"
      fi
      echo "PASS $t $n $m$note" >>"$res.tmp"
    elif [ "$rc" = "$lrc" ] && cmp -s "$d/$m.out" "$d/$m.llvm.out"; then
      echo "XFAIL $t $n $m: exit $rc, as with LLVM's lowering on $t (native: exit $want)" >>"$res.tmp"
    else
      echo "FAIL $t $n $m: exit $rc (native $want, LLVM's lowering $lrc); see $d/$m.out" >>"$res.tmp"
    fi
  done
  mv "$res.tmp" "$res"
}

# frames_unit T: every program's O2 form; corolower's frames against LLVM's.
frames_unit() {
  local t=$1 res="$workdir/results/$1.frames" d="$workdir/$1/frames"
  mkdir -p "$d"
  target_cfg "$t"
  local args=() n
  for n in "${names[@]}"; do
    local in="$d/$n.ll"
    front_end "$t" -O2 "$programs_dir/$n.cpp" "$in" >"$d/$n.front.log" 2>&1 || continue
    "$corolower" "$in" -S -o "$d/$n.corolower.ll" --frame-report=json \
      --frame-report-file="$d/$n.json" >"$d/$n.lower.log" 2>&1 || continue
    "$OPT" -S -passes="$LLVM_PASSES" "$in" -o "$d/$n.llvm.ll" >"$d/$n.llvm.log" 2>&1 || continue
    args+=("$n" "$d/$n.json" "$d/$n.llvm.ll" "$in")
  done
  python3 "$here/frames.py" "$t" "${args[@]}" >"$res.tmp" 2>&1 || true
  [ -s "$res.tmp" ] || echo "FAIL $t frames: no program could be compared" >"$res.tmp"
  mv "$res.tmp" "$res"
}

# chain_unit T: the symmetric-transfer chain, -O0, 1 MiB stack.
chain_unit() {
  local t=$1 res="$workdir/results/$1.chain" d="$workdir/$1/chain"
  mkdir -p "$d"
  target_cfg "$t"
  (
    front_end "$t" -O2 "$chain_src" "$d/in.ll" >"$d/front.log" 2>&1 || { echo "FAIL $t chain: front end failed"; exit; }
    "$corolower" "$d/in.ll" -S -o "$d/corolower.ll" >"$d/lower.log" 2>&1 || { echo "FAIL $t chain: corolower failed"; exit; }
    "$OPT" -S -passes="$LLVM_PASSES" "$d/in.ll" -o "$d/llvm.ll" >"$d/llvm.log" 2>&1 || { echo "FAIL $t chain: opt failed"; exit; }
    mt=$(grep -c 'musttail call' "$d/corolower.ll") lmt=$(grep -c 'musttail call' "$d/llvm.ll")
    warned=$(grep -c 'symmetric transfer is a plain call' "$d/lower.log")
    if [ "$tail" = 1 ] && { [ "$mt" = 0 ] || [ "$warned" != 0 ]; }; then
      echo "FAIL $t chain: $mt musttail calls, $warned warnings, where LLVM makes $lmt"; exit
    fi
    if [ "$tail" = 0 ] && { [ "$mt" != 0 ] || [ "$warned" = 0 ]; }; then
      echo "FAIL $t chain: $mt musttail calls and $warned warnings on a target without tail calls for it (LLVM: $lmt)"; exit
    fi
    if [ "$runs" = 0 ]; then echo "PASS $t chain: lowered ($mt musttail), not run"; exit; fi
    build "$t" O0 "$d/corolower.ll" "$d/corolower.exe" || { echo "FAIL $t chain: build failed"; exit; }
    build "$t" O0 "$d/llvm.ll" "$d/llvm.exe" || { echo "FAIL $t chain: LLVM's build failed"; exit; }
    rc=$(run_exe "$t" "$d/corolower.exe" "$d/corolower.out")
    lrc=$(run_exe "$t" "$d/llvm.exe" "$d/llvm.out")
    exp="$workdir/chain.expected"
    if [ "$lrc" = 0 ] && cmp -s "$d/llvm.out" "$exp"; then
      if [ "$rc" = 0 ] && cmp -s "$d/corolower.out" "$exp"; then
        echo "PASS $t chain: 10^6 transfers on a 1 MiB stack, $mt musttail calls (LLVM: survives, $lmt)"
      else
        echo "FAIL $t chain: exit $rc where LLVM's lowering survives"
      fi
    elif [ "$rc" != 0 ]; then
      echo "XFAIL $t chain: no tail call on $t: corolower's exits $rc, LLVM's $lrc, both overflow 1 MiB; corolower warned"
    else
      echo "PASS $t chain: survives where LLVM's lowering exits $lrc"
    fi
  ) >"$res.tmp" 2>&1
  mv "$res.tmp" "$res"
}

running=0
spawn() {
  if [ "$running" -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
  "$@" &
  running=$((running + 1))
}

if [ "$do_e2e" = 1 ]; then
  for n in "${names[@]}"; do spawn native_ref "$n"; done
  wait; running=0
fi
if [ "$do_chain" = 1 ]; then
  mkdir -p "$workdir/chainref"
  ( ulimit -s 1024
    "$CLANGXX" -std=c++20 -O2 "$chain_src" -o "$workdir/chainref/exe" && "$workdir/chainref/exe" ) \
    >"$workdir/chain.expected" 2>"$workdir/chainref/log"
fi
for t in "${target_list[@]}"; do
  [ "$do_chain" = 1 ] && spawn chain_unit "$t"
  [ "$do_frames" = 1 ] && spawn frames_unit "$t"
  if [ "$do_e2e" = 1 ]; then
    for n in "${names[@]}"; do spawn e2e_unit "$t" "$n"; done
  fi
done
wait

passed=0 failed=0 xfailed=0 skipped=0
[ -n "$summary" ] && : >"$summary"
for t in "${target_list[@]}"; do
  files=()
  [ "$do_chain" = 1 ] && files+=("$workdir/results/$t.chain")
  [ "$do_frames" = 1 ] && files+=("$workdir/results/$t.frames")
  if [ "$do_e2e" = 1 ]; then for n in "${names[@]}"; do files+=("$workdir/results/$t.$n"); done; fi
  tp=0 tf=0 tx=0 ts=0
  for f in "${files[@]}"; do
    [ -s "$f" ] || { echo "FAIL $t: no result in $(basename "$f")"; tf=$((tf + 1)); continue; }
    while IFS= read -r line; do
      echo "$line"
      case "$line" in
        PASS*) tp=$((tp + 1)) ;; XFAIL*) tx=$((tx + 1)) ;; SKIP*) ts=$((ts + 1)) ;; *) tf=$((tf + 1)) ;;
      esac
    done <"$f"
  done
  passed=$((passed + tp)) failed=$((failed + tf)) xfailed=$((xfailed + tx)) skipped=$((skipped + ts))
  if [ -n "$summary" ]; then
    e=$(cat "${files[@]}" 2>/dev/null | grep -E "^[A-Z]+ $t [a-z_0-9]+ (O0|O2|simplified)" | awk '{ c[$1]++ } END { printf "%d/%d/%d/%d", c["PASS"], c["XFAIL"], c["SKIP"], c["FAIL"] }')
    ch=$(grep -h -m1 " chain" "$workdir/results/$t.chain" 2>/dev/null | cut -c1-200)
    fr=$(grep -h "frames:" "$workdir/results/$t.frames" 2>/dev/null | tail -n 1 | cut -c1-200)
    printf '%s\te2e pass/xfail/skip/fail %s\t%s\t%s\n' "$t" "$e" "${ch:-}" "${fr:-}" >>"$summary"
  fi
done
echo "$xfailed expected failures (as LLVM's lowering), $skipped skipped (toolchain)"
echo "$passed passed, $failed failed"
if [ "$failed" = 0 ] && [ "$own_work" = 1 ]; then rm -rf "$workdir"; fi
[ "$failed" = 0 ] || echo "run_targets.sh: work files in $workdir" >&2
[ "$failed" = 0 ]
