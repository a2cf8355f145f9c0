#!/usr/bin/env bash
# End-to-end test of a coroutine lowering through a real front end.
#
# For every program in programs/*.cpp and every mode:
#   1. clang++-22 turns it into presplit IR (coroutines not yet lowered);
#   2. the lowering command under test turns that into ordinary IR;
#   3. the output must hold no `presplitcoroutine` function and no call (or
#      invoke) of an @llvm.coro.* intrinsic -- otherwise clang would lower the
#      coroutines itself and the test would pass for the wrong reason;
#   4. clang++-22 -O2 compiles and links the lowered IR;
#   5. the program's stdout and exit code must equal those of the natively
#      compiled program (clang++-22 -std=c++20 -O2 prog.cpp).
#
# --markers: the lowering keeps CoroElide's markers (corolower
# --keep-elision-markers): step 3 then allows calls of
# llvm.coro.{id,begin,alloc,free,subfn.addr}, which clang++-22 -O2's own
# CoroElide and CoroCleanup consume (no presplit coroutine is left for it
# to split).
#
# Usage:
#   run_e2e.sh --lower 'CMD' [--asan] [--markers] [--modes O0,O2,simplified]
#              [--only NAME[,NAME...]] [--workdir DIR] [--jobs N]
#
# CMD is a shell command template; {in} and {out} are replaced by the paths
# of the presplit IR and of the lowered IR (which ends in .ll), e.g.
#   bazel-bin/corolower {in} -o {out}
#   opt-22 -S -passes='coro-early,cgscc(coro-split),coro-cleanup' {in} -o {out}
# CMD runs in the directory the script was started from.
#
# Modes (presplit IR):
#   O0          clang++-22 -std=c++20 -O0 -S -emit-llvm -Xclang -disable-llvm-passes
#   O2          the same with -O2
#   O0g         -O0 -g: the same unoptimized, every variable declared
#   O2g         -O2 -g: debug info (locations, variable records) must survive
#               the lowering, the verifier and code generation
#   simplified  the O2 IR through
#               opt-22 -passes='coro-early,function(sroa,early-cse,simplifycfg,instcombine)'
#   O2split     the module exactly as opt-22's default<O2> hands it to
#               CoroSplit for the last coroutine it splits: simplified by the
#               whole function pipeline, the coroutines before it already
#               split by LLVM and their ramps inlined (coro_split_input.py)
#   mix-NAME    the O2 IR through the pass mix NAME of pass_mixes.txt
#
# --asan builds both the native reference and the lowered program with
# -fsanitize=address. The front end also gets -fsanitize=address when making
# the presplit IR: the ASan pass only instruments functions that carry the
# sanitize_address attribute, which the front end adds.
#
# Programs run with a stack limit of E2E_STACK_KB KiB (default 1024) so that
# symmetric transfer that is not a tail call overflows, and with a timeout of
# E2E_TIMEOUT seconds (default 120).
#
# Output: one line per case, `PASS name mode` or `FAIL name mode: reason`, in
# a fixed order whatever the parallelism, then `N passed, M failed`.
# Exit status 1 if any case failed (2 on a usage error).
set -euo pipefail

usage() {
  sed -n '2,/^set -euo/p' "$0" | sed -e '/^set -euo/d' -e 's/^# \{0,1\}//' >&2
  exit 2
}

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
programs_dir="$script_dir/programs"

lower_cmd=""
asan=0
modes="O0,O2,simplified"
only=""
workdir=""
jobs=2
markers=0

while [ $# -gt 0 ]; do
  case "$1" in
    --lower) [ $# -ge 2 ] || usage; lower_cmd=$2; shift 2 ;;
    --lower=*) lower_cmd=${1#--lower=}; shift ;;
    --asan) asan=1; shift ;;
    --markers) markers=1; shift ;;
    --modes) [ $# -ge 2 ] || usage; modes=$2; shift 2 ;;
    --modes=*) modes=${1#--modes=}; shift ;;
    --only) [ $# -ge 2 ] || usage; only=$2; shift 2 ;;
    --only=*) only=${1#--only=}; shift ;;
    --workdir) [ $# -ge 2 ] || usage; workdir=$2; shift 2 ;;
    --workdir=*) workdir=${1#--workdir=}; shift ;;
    --jobs|-j) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
    -h|--help) usage ;;
    *) echo "run_e2e.sh: unknown argument: $1" >&2; usage ;;
  esac
done

[ -n "$lower_cmd" ] || { echo "run_e2e.sh: --lower is required" >&2; usage; }
case "$lower_cmd" in
  *"{in}"*"{out}"*|*"{out}"*"{in}"*) ;;
  *) echo "run_e2e.sh: --lower needs both {in} and {out}" >&2; exit 2 ;;
esac
case "$jobs" in ''|*[!0-9]*|0) echo "run_e2e.sh: bad --jobs" >&2; exit 2 ;; esac

CLANGXX=${CLANGXX:-clang++-22}
OPT=${OPT:-opt-22}
stack_kb=${E2E_STACK_KB:-1024}
run_timeout=${E2E_TIMEOUT:-120}
lower_timeout=${E2E_LOWER_TIMEOUT:-600}
start_dir=$(pwd)

mixes_file="$script_dir/pass_mixes.txt"
# The pipeline of pass mix $1 (empty if there is none).
mix_pipeline() {
  awk -v n="$1" '$1 == n && $1 !~ /^#/ { print $2; exit }' "$mixes_file"
}

IFS=',' read -r -a mode_list <<< "$modes"
for m in "${mode_list[@]}"; do
  case "$m" in
    O0|O0g|O2|O2g|simplified|O2split) ;;
    mix-*)
      if [ -z "$(mix_pipeline "${m#mix-}")" ]; then
        echo "run_e2e.sh: no pass mix '${m#mix-}' in $mixes_file" >&2; exit 2
      fi ;;
    *) echo "run_e2e.sh: unknown mode '$m' (O0, O0g, O2, O2g, simplified, O2split, mix-NAME)" >&2; exit 2 ;;
  esac
done

# Program list, sorted, optionally filtered by --only.
names=()
for f in "$programs_dir"/*.cpp; do
  [ -e "$f" ] || continue
  n=$(basename "$f" .cpp)
  if [ -n "$only" ]; then
    case ",$only," in *",$n,"*) ;; *) continue ;; esac
  fi
  names+=("$n")
done
if [ ${#names[@]} -eq 0 ]; then
  echo "run_e2e.sh: no programs selected in $programs_dir" >&2
  exit 2
fi

keep_work=0
if [ -n "$workdir" ]; then
  mkdir -p "$workdir"
  work=$(cd "$workdir" && pwd)
  keep_work=1
else
  work=$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/e2e.XXXXXX")
fi

san_flags=()
if [ "$asan" = 1 ]; then
  san_flags=(-fsanitize=address -fno-omit-frame-pointer)
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
fi

# Runs a program under the stack limit and timeout; stdout to $2, stderr to
# $3; prints the exit code.
run_prog() {
  local exe=$1 out=$2 err=$3 rc=0
  ( ulimit -s "$stack_kb" && exec timeout "$run_timeout" "$exe" ) >"$out" 2>"$err" </dev/null || rc=$?
  echo "$rc"
}

# Phase 1, per program: native reference build and run, presplit IR.
# Writes $work/NAME/prep.status: "ok" or the failure reason.
prepare() {
  local n=$1 src="$programs_dir/$1.cpp" d="$work/$1"
  mkdir -p "$d"
  local need_o0=0 need_o0g=0 need_o2=0 need_o2g=0 need_simpl=0 m
  for m in "${mode_list[@]}"; do
    case "$m" in
      O0) need_o0=1 ;;
      O0g) need_o0g=1 ;;
      O2) need_o2=1 ;;
      O2g) need_o2g=1 ;;
      simplified) need_o2=1; need_simpl=1 ;;
      O2split|mix-*) need_o2=1 ;;
    esac
  done
  # A subshell: its `return`s end the steps, not prepare(), so the status
  # file is always moved into place.
  (
    if ! "$CLANGXX" -std=c++20 -O2 "${san_flags[@]}" "$src" -o "$d/native" >"$d/native.build.log" 2>&1; then
      echo "native build failed (see $d/native.build.log)"; return
    fi
    run_prog "$d/native" "$d/native.stdout" "$d/native.stderr" >"$d/native.rc"
    if [ "$(cat "$d/native.rc")" != 0 ]; then
      echo "native program exited with $(cat "$d/native.rc") (see $d/native.stderr)"; return
    fi
    local front=("$CLANGXX" -std=c++20 -S -emit-llvm -Xclang -disable-llvm-passes "${san_flags[@]}")
    if [ "$need_o0" = 1 ] && ! "${front[@]}" -O0 "$src" -o "$d/O0.presplit.ll" >"$d/O0.front.log" 2>&1; then
      echo "front end failed at -O0 (see $d/O0.front.log)"; return
    fi
    if [ "$need_o2" = 1 ] && ! "${front[@]}" -O2 "$src" -o "$d/O2.presplit.ll" >"$d/O2.front.log" 2>&1; then
      echo "front end failed at -O2 (see $d/O2.front.log)"; return
    fi
    if [ "$need_o0g" = 1 ] && ! "${front[@]}" -O0 -g "$src" -o "$d/O0g.presplit.ll" >"$d/O0g.front.log" 2>&1; then
      echo "front end failed at -O0 -g (see $d/O0g.front.log)"; return
    fi
    if [ "$need_o2g" = 1 ] && ! "${front[@]}" -O2 -g "$src" -o "$d/O2g.presplit.ll" >"$d/O2g.front.log" 2>&1; then
      echo "front end failed at -O2 -g (see $d/O2g.front.log)"; return
    fi
    if [ "$need_simpl" = 1 ] && ! "$OPT" -S \
        -passes='coro-early,function(sroa,early-cse,simplifycfg,instcombine)' \
        "$d/O2.presplit.ll" -o "$d/simplified.presplit.ll" >"$d/simplified.front.log" 2>&1; then
      echo "opt simplification failed (see $d/simplified.front.log)"; return
    fi
    for m in "${mode_list[@]}"; do
      case "$m" in
        O2split)
          if ! python3 "$script_dir/coro_split_input.py" "$OPT" "$d/O2.presplit.ll" \
              "$d/O2split.presplit.ll" >"$d/O2split.front.log" 2>&1; then
            echo "taking CoroSplit's input from default<O2> failed (see $d/O2split.front.log)"; return
          fi ;;
        mix-*)
          if ! "$OPT" -S -passes="$(mix_pipeline "${m#mix-}")" "$d/O2.presplit.ll" \
              -o "$d/$m.presplit.ll" >"$d/$m.front.log" 2>&1; then
            echo "pass mix ${m#mix-} failed (see $d/$m.front.log)"; return
          fi ;;
      esac
    done
    echo ok
  ) >"$d/prep.status.tmp"
  mv "$d/prep.status.tmp" "$d/prep.status"
}

# Phase 2, per (program, mode). Prints the result line into $2.
run_case() {
  local n=$1 m=$2 result=$3 d="$work/$1"
  local status
  status=$(cat "$d/prep.status" 2>/dev/null || echo "preparation did not finish")
  if [ "$status" != ok ]; then
    echo "FAIL $n $m: $status" >"$result"; return
  fi
  local in="$d/$m.presplit.ll" out="$d/$m.lowered.ll" cmd rc=0
  rm -f "$out"
  cmd=${lower_cmd//\{in\}/$(printf '%q' "$in")}
  cmd=${cmd//\{out\}/$(printf '%q' "$out")}
  (cd "$start_dir" && timeout "$lower_timeout" bash -c "$cmd") >"$d/$m.lower.log" 2>&1 || rc=$?
  if [ "$rc" != 0 ]; then
    echo "FAIL $n $m: lowering exited with $rc (see $d/$m.lower.log)" >"$result"; return
  fi
  if [ ! -s "$out" ]; then
    echo "FAIL $n $m: lowering produced no output" >"$result"; return
  fi
  if grep -q 'presplitcoroutine' "$out"; then
    echo "FAIL $n $m: presplitcoroutine left in the lowered IR" >"$result"; return
  fi
  local left
  local allowed='@@none@@'
  [ "$markers" = 1 ] && allowed='@llvm\.coro\.(id|begin|alloc|free|subfn\.addr)\('
  left=$(grep -E '(call|invoke)[^;]*@llvm\.coro\.' "$out" | grep -vE "$allowed" |
         head -n 1 | sed 's/^[[:space:]]*//' || true)
  if [ -n "$left" ]; then
    echo "FAIL $n $m: coroutine intrinsic left: $left" >"$result"; return
  fi
  if [[ "$m" == *g ]]; then
    # Resumed code needs a subprogram of its own for a debugger to show it.
    local nodbg
    nodbg=$(grep -E '^define .*\.(resume|destroy|cleanup)\(' "$out" | grep -v ' !dbg !' |
            head -n 1 || true)
    if [ -n "$nodbg" ]; then
      echo "FAIL $n $m: a split function has no subprogram: ${nodbg%%(*}" >"$result"; return
    fi
  fi
  if ! "$CLANGXX" -O2 "${san_flags[@]}" "$out" -o "$d/$m.exe" >"$d/$m.build.log" 2>&1; then
    echo "FAIL $n $m: compiling the lowered IR failed (see $d/$m.build.log)" >"$result"; return
  fi
  rc=$(run_prog "$d/$m.exe" "$d/$m.stdout" "$d/$m.stderr")
  local want
  want=$(cat "$d/native.rc")
  if [ "$rc" != "$want" ]; then
    echo "FAIL $n $m: exit code $rc, expected $want (see $d/$m.stderr)" >"$result"; return
  fi
  if ! cmp -s "$d/native.stdout" "$d/$m.stdout"; then
    diff -u "$d/native.stdout" "$d/$m.stdout" >"$d/$m.stdout.diff" || true
    local first
    first=$(grep -n -m 1 '^[-+][^-+]' "$d/$m.stdout.diff" | head -n 1 || true)
    echo "FAIL $n $m: stdout differs from native (see $d/$m.stdout.diff) ${first:+[$first]}" >"$result"; return
  fi
  echo "PASS $n $m" >"$result"
}

# run_case into a temporary file, then renamed: the printer never sees a
# half-written result.
run_case_to() {
  run_case "$1" "$2" "$3.tmp" || echo "FAIL $1 $2: internal error in run_e2e.sh" >"$3.tmp"
  [ -s "$3.tmp" ] || echo "FAIL $1 $2: internal error in run_e2e.sh" >"$3.tmp"
  mv "$3.tmp" "$3"
}

# Runs "$@" in the background, keeping at most $jobs jobs.
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

for n in "${names[@]}"; do
  spawn prepare "$n"
done
wait_all

mkdir -p "$work/results"
rm -f "$work"/results/*
cases=()
i=0
for n in "${names[@]}"; do
  for m in "${mode_list[@]}"; do
    cases+=("$(printf '%s/results/%04d' "$work" "$i")")
    i=$((i + 1))
  done
done

# Print results in order, as soon as each next one is available.
passed=0
failed=0
next=0
print_ready() {
  while [ "$next" -lt "${#cases[@]}" ] && [ -s "${cases[$next]}" ]; do
    local line
    line=$(cat "${cases[$next]}")
    echo "$line"
    case "$line" in PASS*) passed=$((passed + 1)) ;; *) failed=$((failed + 1)) ;; esac
    next=$((next + 1))
  done
}

i=0
for n in "${names[@]}"; do
  for m in "${mode_list[@]}"; do
    spawn run_case_to "$n" "$m" "${cases[$i]}"
    i=$((i + 1))
    print_ready
  done
done
wait_all
print_ready
# Any case without a result (should not happen) counts as a failure.
while [ "$next" -lt "${#cases[@]}" ]; do
  echo "FAIL case $next: no result"
  failed=$((failed + 1))
  next=$((next + 1))
done

echo "$passed passed, $failed failed"
if [ "$failed" -ne 0 ]; then
  echo "run_e2e.sh: artifacts kept in $work" >&2
  exit 1
fi
if [ "$keep_work" = 0 ]; then
  rm -rf "$work"
fi
exit 0
