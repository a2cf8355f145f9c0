#!/usr/bin/env bash
# Executable tests of returned-continuation (llvm.coro.id.retcon) and
# yield-once (llvm.coro.id.retcon.once) coroutine lowering.
#
# Every case is an IR module cases/NAME.ll holding presplit retcon
# coroutines (no target lines), a C driver cases/NAME.c (or a C++ one,
# cases/NAME.cpp, for cases that unwind) acting as the caller, and the
# expected stdout cases/NAME.expected. cases_multi_end/ holds coroutines
# with more than one non-unwind coro.end, which LLVM 22 rejects; with
# --multi-end merged their hand-merged NAME.merged.ll is lowered instead
# (same driver, same expected output).
#
# For each case and architecture:
#   1. the module gets that architecture's `target datalayout` and
#      `target triple` (taken from clang-22 for an empty C file), so frame
#      layout follows the target;
#   2. the lowering command under test lowers it;
#   3. the output must hold no `presplitcoroutine` and no call or invoke of
#      an @llvm.coro.* intrinsic;
#   4. for each optimization level, clang-22 (clang++-22 for a .cpp driver)
#      compiles the lowered IR together with the driver and the IR adapters
#      the driver calls the case through (rt_call_F / rt_via_F, written by
#      c_adapter.py with the target lines: C returns the case's struct
#      results in memory on i686, ARM and SystemZ); x86_64 runs
#      natively, aarch64 is built with --target=aarch64-linux-gnu and run
#      with qemu-aarch64 -L /usr/aarch64-linux-gnu; i686, arm, riscv64,
#      ppc64le, s390x, wasm32 and wasm32-tail as tests/targets/target_env.sh
#      builds and runs them (static, under qemu-user; under node's WASI),
#      where a C++ driver's unwinding makes a case SKIP on wasm32;
#   5. stdout and exit status 0 must match NAME.expected.
#
# Usage:
#   run_retcon.sh --lower 'CMD' [--arch x86_64,aarch64,...] [--opt O0,O2]
#                 [--only NAME[,NAME...]] [--multi-end original|merged|skip]
#                 [--workdir DIR] [--jobs N]
#
# CMD is a shell command template; {in} and {out} are replaced by the
# presplit module and the lowered module (.ll) paths, e.g.
#   opt-22 -S -passes='coro-early,cgscc(coro-split),coro-cleanup' {in} -o {out}
#   bazel-bin/corolower {in} -S -o {out}
# CMD runs in the directory the script was started from.
# --multi-end: original (default) lowers cases_multi_end/NAME.ll as is;
# merged lowers NAME.merged.ll (what LLVM 22 needs); skip leaves them out.
# Multi-end cases are named multi_end/NAME (also for --only).
#
# Output: one line per (case, arch, opt), `PASS name arch opt` or
# `FAIL name arch opt: reason`, in a fixed order, then `N passed, M failed`.
# Exit status 1 if anything failed, 2 on a usage error. Scratch files go
# to --workdir, else a mktemp directory under $TEST_TMPDIR (or $TMPDIR,
# /tmp) that is removed when everything passed.
#
# Environment: CC, CXX (default clang-22, clang++-22), QEMU,
# RETCON_CFLAGS (extra compile and link flags, e.g.
# "-fsanitize=address,undefined" with --arch x86_64), RETCON_TIMEOUT
# (seconds per run, default 60), RETCON_LOWER_TIMEOUT (default 300).
set -euo pipefail

usage() {
  sed -n '2,/^set -euo/p' "$0" | sed -e '/^set -euo/d' -e 's/^# \{0,1\}//' >&2
  exit 2
}

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
lower_cmd=""
archs="x86_64,aarch64"
opts="O0,O2"
only=""
workdir=""
multi_end="original"
jobs=2

while [ $# -gt 0 ]; do
  case "$1" in
    --lower) [ $# -ge 2 ] || usage; lower_cmd=$2; shift 2 ;;
    --lower=*) lower_cmd=${1#--lower=}; shift ;;
    --arch) [ $# -ge 2 ] || usage; archs=$2; shift 2 ;;
    --arch=*) archs=${1#--arch=}; shift ;;
    --opt) [ $# -ge 2 ] || usage; opts=$2; shift 2 ;;
    --opt=*) opts=${1#--opt=}; shift ;;
    --only) [ $# -ge 2 ] || usage; only=$2; shift 2 ;;
    --only=*) only=${1#--only=}; shift ;;
    --workdir) [ $# -ge 2 ] || usage; workdir=$2; shift 2 ;;
    --workdir=*) workdir=${1#--workdir=}; shift ;;
    --multi-end) [ $# -ge 2 ] || usage; multi_end=$2; shift 2 ;;
    --multi-end=*) multi_end=${1#--multi-end=}; shift ;;
    --jobs|-j) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
    -h|--help) usage ;;
    *) echo "run_retcon.sh: unknown argument: $1" >&2; usage ;;
  esac
done

[ -n "$lower_cmd" ] || { echo "run_retcon.sh: --lower is required" >&2; usage; }
case "$lower_cmd" in
  *"{in}"*"{out}"*|*"{out}"*"{in}"*) ;;
  *) echo "run_retcon.sh: --lower needs both {in} and {out}" >&2; exit 2 ;;
esac
case "$multi_end" in original|merged|skip) ;; *)
  echo "run_retcon.sh: --multi-end is original, merged or skip" >&2; exit 2 ;;
esac
case "$jobs" in ''|*[!0-9]*|0) echo "run_retcon.sh: bad --jobs" >&2; exit 2 ;; esac

IFS=',' read -r -a arch_list <<< "$archs"
IFS=',' read -r -a opt_list <<< "$opts"
# The other targets (i686, arm, riscv64, ppc64le, s390x, wasm32,
# wasm32-tail): built and run as tests/targets/target_env.sh says.
for a in "${arch_list[@]}"; do
  case "$a" in x86_64|aarch64) ;; *) . "$here/../targets/target_env.sh"; break ;; esac
done
for a in "${arch_list[@]}"; do
  case "$a" in x86_64|aarch64) ;; *)
    if ! crl_target_cfg "$a" || [ "$runs" = 0 ]; then
      echo "run_retcon.sh: unknown arch '$a' (x86_64, aarch64, i686, arm, riscv64, ppc64le, s390x, wasm32, wasm32-tail)" >&2; exit 2
    fi ;;
  esac
done
for o in "${opt_list[@]}"; do
  case "$o" in O0|O1|O2|O3|Os) ;; *)
    echo "run_retcon.sh: unknown opt level '$o'" >&2; exit 2 ;;
  esac
done

CC=${CC:-clang-22}
CXX=${CXX:-clang++-22}
QEMU=${QEMU:-$(command -v qemu-aarch64 || command -v qemu-aarch64-static || true)}
A64_SYSROOT=/usr/aarch64-linux-gnu
read -r -a extra_cflags <<< "${RETCON_CFLAGS:-}"
run_timeout=${RETCON_TIMEOUT:-60}
lower_timeout=${RETCON_LOWER_TIMEOUT:-300}
start_dir=$(pwd)

# Cases: name|module|driver|expected, cases/ first, then cases_multi_end/.
entries=()
selected() {
  [ -z "$only" ] && return 0
  case ",$only," in *",$1,"*) return 0 ;; esac
  return 1
}
driver_of() {
  if [ -f "$1.cpp" ]; then echo "$1.cpp"; else echo "$1.c"; fi
}
for f in "$here"/cases/*.ll; do
  [ -e "$f" ] || continue
  n=$(basename "$f" .ll)
  selected "$n" || continue
  entries+=("$n|$f|$(driver_of "${f%.ll}")|${f%.ll}.expected")
done
if [ "$multi_end" != skip ]; then
  for f in "$here"/cases_multi_end/*.ll; do
    [ -e "$f" ] || continue
    case "$f" in *.merged.ll) continue ;; esac
    n=multi_end/$(basename "$f" .ll)
    selected "$n" || continue
    m=$f
    [ "$multi_end" = merged ] && m=${f%.ll}.merged.ll
    entries+=("$n|$m|$(driver_of "${f%.ll}")|${f%.ll}.expected")
  done
fi
if [ ${#entries[@]} -eq 0 ]; then
  echo "run_retcon.sh: no cases selected" >&2
  exit 2
fi

keep_work=0
if [ -n "$workdir" ]; then
  mkdir -p "$workdir"
  work=$(cd "$workdir" && pwd)
  keep_work=1
else
  work=$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/retcon.XXXXXX")
fi

triple_of() {
  case "$1" in
    x86_64) echo x86_64-linux-gnu ;;
    aarch64) echo aarch64-linux-gnu ;;
    *) crl_target_cfg "$1" && echo "$triple" ;;
  esac
}
# Target lines per arch, from clang itself.
tools_ok=1
: > "$work/empty.c"
for a in "${arch_list[@]}"; do
  if ! "$CC" --target="$(triple_of "$a")" -S -emit-llvm "$work/empty.c" \
      -o "$work/empty.$a.ll" >"$work/empty.$a.log" 2>&1; then
    echo "run_retcon.sh: $CC cannot emit IR for $a (see $work/empty.$a.log)" >&2
    tools_ok=0
  fi
  grep -E '^target (datalayout|triple) = ' "$work/empty.$a.ll" > "$work/target.$a" || true
  if [ "$(wc -l < "$work/target.$a")" != 2 ]; then
    echo "run_retcon.sh: no target lines for $a from $CC" >&2
    tools_ok=0
  fi
  if [ "$a" = aarch64 ] && { [ -z "$QEMU" ] || [ ! -f "$A64_SYSROOT/lib/libc.so.6" ]; }; then
    echo "run_retcon.sh: aarch64 needs qemu-aarch64 and the AArch64 cross libc under $A64_SYSROOT" >&2
    tools_ok=0
  fi
  case "$a" in x86_64|aarch64) ;; *)
    lacks=$(crl_target_missing "$a")
    if [ -n "$lacks" ]; then
      echo "run_retcon.sh: $a needs $(echo "$lacks" | tr '\n' ' ')" >&2; tools_ok=0
    fi ;;
  esac
done
[ "$tools_ok" = 1 ] || exit 2

link_flags=()
if command -v ld.lld-22 >/dev/null 2>&1 || command -v ld.lld >/dev/null 2>&1; then
  link_flags=(-fuse-ld=lld)
fi

# Phase 1, per (case, arch): add the target lines, lower, check the output.
# Writes $d/lower.status: "ok" or the failure reason.
lower_case_status() {
  local n=$1 mod=$2 a=$3 d=$4 drv=$5
  if [ ! -f "$mod" ]; then
    echo "missing $mod"; return
  fi
  if grep -qE '^target (datalayout|triple)' "$mod"; then
    echo "the case module must not carry target lines"; return
  fi
  cat "$work/target.$a" "$mod" > "$d/in.ll"
  local cmd rc=0
  rm -f "$d/out.ll"
  cmd=${lower_cmd//\{in\}/$(printf '%q' "$d/in.ll")}
  cmd=${cmd//\{out\}/$(printf '%q' "$d/out.ll")}
  (cd "$start_dir" && timeout "$lower_timeout" bash -c "$cmd") >"$d/lower.log" 2>&1 || rc=$?
  if [ "$rc" != 0 ]; then
    echo "lowering exited with $rc (see $d/lower.log)"; return
  fi
  if [ ! -s "$d/out.ll" ]; then
    echo "lowering produced no output"; return
  fi
  if grep -q 'presplitcoroutine' "$d/out.ll"; then
    echo "presplitcoroutine left in the lowered IR"; return
  fi
  local left
  left=$(grep -E '(call|invoke)[^;]*@llvm\.coro\.' "$d/out.ll" | head -n 1 |
         sed 's/^[[:space:]]*//' || true)
  if [ -n "$left" ]; then
    echo "coroutine intrinsic left: $left"; return
  fi
  # The C adapters the driver calls the case through (c_adapter.py).
  rm -f "$d/adapter.ll"
  if grep -qE '\brt_(call|via)_' "$drv" 2>/dev/null; then
    { cat "$work/target.$a"; python3 "$here/c_adapter.py" "$mod" "$drv"; } \
      > "$d/adapter.ll" 2>"$d/adapter.log" || {
      echo "no C adapter: $(tail -n 1 "$d/adapter.log")"; return; }
  fi
  echo ok
}
lower_case() {
  local idx=$1 a=$2 e=${entries[$1]}
  local n mod drv exp
  IFS='|' read -r n mod drv exp <<< "$e"
  local d="$work/${n//\//_}.$a"
  mkdir -p "$d"
  lower_case_status "$n" "$mod" "$a" "$d" "$drv" > "$d/lower.status.tmp" ||
    echo "internal error in run_retcon.sh" > "$d/lower.status.tmp"
  mv "$d/lower.status.tmp" "$d/lower.status"
}

# Phase 2, per (case, arch, opt): compile, run, compare. Result line into $4.
run_one() {
  local idx=$1 a=$2 o=$3 result=$4 e=${entries[$1]}
  local n mod drv exp
  IFS='|' read -r n mod drv exp <<< "$e"
  local d="$work/${n//\//_}.$a"
  local status
  status=$(cat "$d/lower.status" 2>/dev/null || echo "lowering did not finish")
  if [ "$status" != ok ]; then
    echo "FAIL $n $a $o: $status" > "$result"; return
  fi
  if [ ! -f "$drv" ] || [ ! -f "$exp" ]; then
    echo "FAIL $n $a $o: missing $drv or $exp" > "$result"; return
  fi
  local compiler=$CC
  case "$drv" in *.cpp) compiler=$CXX ;; esac
  local exe="$d/prog.$o" rc=0 adapter=()
  [ ! -f "$d/adapter.ll" ] || adapter=("$d/adapter.ll")
  local aflags=("${link_flags[@]}")
  case "$a" in x86_64|aarch64) ;; *)
    crl_target_cfg "$a"; aflags=("${tflags[@]}")
    # Debian's wasm32 libc++abi cannot throw: a driver that unwinds cannot be built.
    if [ "$compiler" = "$CXX" ] && [[ "$a" == wasm32* ]]; then
      echo "SKIP $n $a $o: its C++ driver unwinds, which wasm32-wasi cannot" > "$result"; return
    fi ;;
  esac
  if ! "$compiler" --target="$(triple_of "$a")" "${aflags[@]}" "${extra_cflags[@]}" -"$o" \
      -Wno-override-module "$d/out.ll" "${adapter[@]}" "$drv" -o "$exe" >"$d/build.$o.log" 2>&1; then
    echo "FAIL $n $a $o: compiling the lowered IR with the driver failed (see $d/build.$o.log)" > "$result"; return
  fi
  if [ "$a" = x86_64 ]; then
    timeout "$run_timeout" "$exe" >"$d/stdout.$o" 2>"$d/stderr.$o" </dev/null || rc=$?
  elif [ "$a" != aarch64 ]; then
    crl_target_run "$a" "$exe" >"$d/stdout.$o" 2>"$d/stderr.$o" || rc=$?
  else
    timeout "$run_timeout" "$QEMU" -L "$A64_SYSROOT" "$exe" \
      >"$d/stdout.$o" 2>"$d/stderr.$o" </dev/null || rc=$?
  fi
  if [ "$rc" != 0 ]; then
    echo "FAIL $n $a $o: exit status $rc (see $d/stdout.$o, $d/stderr.$o)" > "$result"; return
  fi
  if ! cmp -s "$exp" "$d/stdout.$o"; then
    diff -u "$exp" "$d/stdout.$o" > "$d/stdout.$o.diff" || true
    local first
    first=$(grep -n -m 1 '^[-+][^-+]' "$d/stdout.$o.diff" | head -n 1 || true)
    echo "FAIL $n $a $o: stdout differs from $(basename "$exp") (see $d/stdout.$o.diff) ${first:+[$first]}" > "$result"; return
  fi
  echo "PASS $n $a $o" > "$result"
}

running=0
spawn() {
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
  "$@" &
  running=$((running + 1))
}
wait_all() {
  wait || true
  running=0
}

for i in "${!entries[@]}"; do
  for a in "${arch_list[@]}"; do
    spawn lower_case "$i" "$a"
  done
done
wait_all

mkdir -p "$work/results"
rm -f "$work"/results/*
results=()
k=0
for i in "${!entries[@]}"; do
  for a in "${arch_list[@]}"; do
    for o in "${opt_list[@]}"; do
      results+=("$(printf '%s/results/%05d' "$work" "$k")")
      k=$((k + 1))
    done
  done
done

run_to() {
  local r=$4
  run_one "$1" "$2" "$3" "$r.tmp" ||
    echo "FAIL ${entries[$1]%%|*} $2 $3: internal error in run_retcon.sh" > "$r.tmp"
  [ -s "$r.tmp" ] || echo "FAIL ${entries[$1]%%|*} $2 $3: internal error in run_retcon.sh" > "$r.tmp"
  mv "$r.tmp" "$r"
}

passed=0
failed=0
skipped=0
next=0
print_ready() {
  while [ "$next" -lt "${#results[@]}" ] && [ -s "${results[$next]}" ]; do
    local line
    line=$(cat "${results[$next]}")
    echo "$line"
    case "$line" in PASS*) passed=$((passed + 1)) ;; SKIP*) skipped=$((skipped + 1)) ;; *) failed=$((failed + 1)) ;; esac
    next=$((next + 1))
  done
}

k=0
for i in "${!entries[@]}"; do
  for a in "${arch_list[@]}"; do
    for o in "${opt_list[@]}"; do
      spawn run_to "$i" "$a" "$o" "${results[$k]}"
      k=$((k + 1))
      print_ready
    done
  done
done
wait_all
print_ready
while [ "$next" -lt "${#results[@]}" ]; do
  echo "FAIL result $next: missing"
  failed=$((failed + 1))
  next=$((next + 1))
done

[ "$skipped" = 0 ] || echo "$skipped skipped (the target cannot build them)"
echo "$passed passed, $failed failed"
if [ "$failed" -ne 0 ]; then
  echo "run_retcon.sh: artifacts kept in $work (one NAME.arch directory per case)" >&2
  exit 1
fi
if [ "$keep_work" = 0 ]; then
  rm -rf "$work"
fi
exit 0
