#!/usr/bin/env bash
# MLIR async programs through a coroutine lowering, run many times.
#
# MLIR's async dialect lowers async.execute to switched-resume coroutines
# whose ramp hands its handle to the runtime's thread pool between
# coro.save and coro.suspend and then returns the token and values it made
# before the suspend. A worker may run the coroutine to its end and free
# its frame before the ramp returns, so a lowering that reads the frame on
# the ramp's way out (after the suspend) reads freed memory: a crash, a
# hang or a wrong result some of the time. Hence many runs, a timeout, and
# AddressSanitizer. A read of a freed frame only goes wrong when something
# reused or scribbled over the memory in between, so half the runs have
# glibc scribble over what it frees (below).
#
# For every program in programs/*.mlir:
#   1. mlir-opt-22 lowers it to the LLVM dialect (the pipeline below; a line
#      `// ASYNC-PARALLEL-FOR: OPTIONS` in the program sets the options of
#      --async-parallel-for), mlir-translate-22 makes LLVM IR of it: presplit
#      coroutines (there must be some);
#   2. the control: LLVM's own passes lower it
#      (opt-22 -passes='coro-early,cgscc(coro-split),coro-cleanup'), clang-22
#      compiles it in every mode, and its output must equal
#      programs/NAME.expected (--control-runs runs per mode as it is, as
#      many with freed memory scribbled over, see 5);
#   3. the lowering command under test lowers it; the output must hold no
#      presplitcoroutine function and no call of an @llvm.coro.* intrinsic;
#   4. clang-22 compiles it in every mode (-O0 and -O2 by default) and links
#      it against libmlir_async_runtime.so and libmlir_c_runner_utils.so
#      (rpath to their directory);
#   5. each build runs --runs times (default 10) as it is, and
#      --scribble-runs times (default 10, the case MODE.scribble) with
#      GLIBC_TUNABLES=glibc.malloc.tcache_count=0 MALLOC_PERTURB_=165: no
#      per-thread cache, so every free goes through the path that fills the
#      freed block with a byte pattern, and a frame read after its free
#      reads garbage (a crash or wrong output) instead of the values left
#      there. Each run has a timeout (MLIR_TIMEOUT seconds, default 30);
#      every run must exit 0 and print exactly programs/NAME.expected;
#   6. asan: the lowered IR with sanitize_address on every function defined
#      in it (the ASan pass only instruments functions carrying it; clang
#      adds it from source, not to IR it is given) compiled at -O0 with
#      -fsanitize=address, run --asan-runs times (default 3): exit 0, the
#      expected output, no AddressSanitizer report.
#
# Pipeline (mlir-opt-22):
#   --async-parallel-for[=OPTIONS] --async-to-async-runtime
#   --async-runtime-ref-counting --async-runtime-ref-counting-opt
#   --convert-async-to-llvm --convert-scf-to-cf --finalize-memref-to-llvm
#   --convert-func-to-llvm --convert-arith-to-llvm --convert-index-to-llvm
#   --convert-cf-to-llvm --reconcile-unrealized-casts
#
# Usage:
#   run_mlir.sh --lower 'CMD' [--runs N] [--scribble-runs N] [--asan-runs N]
#               [--control-runs N] [--modes O0,O2] [--only NAME[,NAME...]]
#               [--workdir DIR] [--jobs N]
#
# CMD is a shell command template; {in} and {out} are replaced by the paths
# of the presplit IR and of the lowered IR (which ends in .ll), e.g.
#   bazel-bin/corolower {in} -o {out}
#   opt-22 -S -passes='coro-early,cgscc(coro-split),coro-cleanup' {in} -o {out}
# CMD runs in the directory the script was started from. --scribble-runs 0
# and --asan-runs 0 skip those cases; --control-runs 0 skips running the
# control (it is still built: the program must lower through LLVM's passes).
#
# Everything it writes goes to its scratch directory ($TEST_TMPDIR, else a
# new directory under $TMPDIR or /tmp; --workdir DIR to choose it and keep
# it), TMPDIR included for the tools it runs. The scratch directory is
# removed when every case passed (unless --workdir was given).
#
# Output: one line per case (program and mode, mode.scribble, then asan),
# `PASS name case (N runs)` or `FAIL name case: reason`, in a fixed order,
# then `N passed, M failed` and the run totals:
#   runs: R, failed: F (crash C, hang H, wrong output W, asan A)
# A crash is a run killed by a signal or exiting non-zero, a hang one the
# timeout ended, wrong output an exit 0 with other output than expected,
# asan a run with a sanitizer report.
# Exit status 1 if any case failed (2 on a usage error).
set -euo pipefail

usage() {
  sed -n '2,/^set -euo/p' "$0" | sed -e '/^set -euo/d' -e 's/^# \{0,1\}//' >&2
  exit 2
}

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
programs_dir="$script_dir/programs"

lower_cmd=""
runs=10
scribble_runs=10
asan_runs=3
control_runs=1
modes="O0,O2"
only=""
workdir=""
jobs=2

while [ $# -gt 0 ]; do
  case "$1" in
    --lower) [ $# -ge 2 ] || usage; lower_cmd=$2; shift 2 ;;
    --lower=*) lower_cmd=${1#--lower=}; shift ;;
    --runs) [ $# -ge 2 ] || usage; runs=$2; shift 2 ;;
    --runs=*) runs=${1#--runs=}; shift ;;
    --scribble-runs) [ $# -ge 2 ] || usage; scribble_runs=$2; shift 2 ;;
    --scribble-runs=*) scribble_runs=${1#--scribble-runs=}; shift ;;
    --asan-runs) [ $# -ge 2 ] || usage; asan_runs=$2; shift 2 ;;
    --asan-runs=*) asan_runs=${1#--asan-runs=}; shift ;;
    --control-runs) [ $# -ge 2 ] || usage; control_runs=$2; shift 2 ;;
    --control-runs=*) control_runs=${1#--control-runs=}; shift ;;
    --modes) [ $# -ge 2 ] || usage; modes=$2; shift 2 ;;
    --modes=*) modes=${1#--modes=}; shift ;;
    --only) [ $# -ge 2 ] || usage; only=$2; shift 2 ;;
    --only=*) only=${1#--only=}; shift ;;
    --workdir) [ $# -ge 2 ] || usage; workdir=$2; shift 2 ;;
    --workdir=*) workdir=${1#--workdir=}; shift ;;
    --jobs|-j) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
    -h|--help) usage ;;
    *) echo "run_mlir.sh: unknown argument: $1" >&2; usage ;;
  esac
done

[ -n "$lower_cmd" ] || { echo "run_mlir.sh: --lower is required" >&2; usage; }
case "$lower_cmd" in
  *"{in}"*"{out}"*|*"{out}"*"{in}"*) ;;
  *) echo "run_mlir.sh: --lower needs both {in} and {out}" >&2; exit 2 ;;
esac
for v in "$runs" "$scribble_runs" "$asan_runs" "$control_runs"; do
  case "$v" in ''|*[!0-9]*) echo "run_mlir.sh: bad run count '$v'" >&2; exit 2 ;; esac
done
[ "$runs" -gt 0 ] || { echo "run_mlir.sh: --runs must be at least 1" >&2; exit 2; }
case "$jobs" in ''|*[!0-9]*|0) echo "run_mlir.sh: bad --jobs" >&2; exit 2 ;; esac

IFS=',' read -r -a mode_list <<< "$modes"
for m in "${mode_list[@]}"; do
  case "$m" in
    O0|O1|O2|O3) ;;
    *) echo "run_mlir.sh: unknown mode '$m' (O0, O1, O2, O3)" >&2; exit 2 ;;
  esac
done

MLIR_OPT=${MLIR_OPT:-mlir-opt-22}
MLIR_TRANSLATE=${MLIR_TRANSLATE:-mlir-translate-22}
CLANG=${CLANG:-clang-22}
OPT=${OPT:-opt-22}
MLIR_LIB_DIR=${MLIR_LIB_DIR:-/usr/lib/llvm-22/lib}
run_timeout=${MLIR_TIMEOUT:-30}
lower_timeout=${MLIR_LOWER_TIMEOUT:-300}
start_dir=$(pwd)

for tool in "$MLIR_OPT" "$MLIR_TRANSLATE" "$CLANG" "$OPT"; do
  command -v "$tool" >/dev/null 2>&1 ||
    { echo "run_mlir.sh: $tool not found (bash tools/setup.sh installs it)" >&2; exit 2; }
done
[ -e "$MLIR_LIB_DIR/libmlir_async_runtime.so" ] ||
  { echo "run_mlir.sh: no libmlir_async_runtime.so in $MLIR_LIB_DIR" >&2; exit 2; }

link_flags=(-L"$MLIR_LIB_DIR" -lmlir_async_runtime -lmlir_c_runner_utils
            -Wl,-rpath,"$MLIR_LIB_DIR")
mlir_pipeline=(--async-to-async-runtime --async-runtime-ref-counting
               --async-runtime-ref-counting-opt --convert-async-to-llvm
               --convert-scf-to-cf --finalize-memref-to-llvm --convert-func-to-llvm
               --convert-arith-to-llvm --convert-index-to-llvm --convert-cf-to-llvm
               --reconcile-unrealized-casts)
control_passes='coro-early,cgscc(coro-split),coro-cleanup'

# Program list, sorted, optionally filtered by --only.
names=()
for f in "$programs_dir"/*.mlir; do
  [ -e "$f" ] || continue
  n=$(basename "$f" .mlir)
  if [ -n "$only" ]; then
    case ",$only," in *",$n,"*) ;; *) continue ;; esac
  fi
  names+=("$n")
done
if [ ${#names[@]} -eq 0 ]; then
  echo "run_mlir.sh: no programs selected in $programs_dir" >&2
  exit 2
fi

keep_work=0
if [ -n "$workdir" ]; then
  mkdir -p "$workdir"
  work=$(cd "$workdir" && pwd)
  keep_work=1
else
  work=$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/mlir.XXXXXX")
fi
mkdir -p "$work/tmp"
export TMPDIR="$work/tmp"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}

# glibc scribbling over every block it frees (step 5 above).
scribble_env=(GLIBC_TUNABLES=glibc.malloc.tcache_count=0 MALLOC_PERTURB_=165)

# Runs $1 ($2 times; with scribble_env if $5 is 1) and compares each run's
# output with $3. Writes the counts "failed crash hang wrong asan" to $4;
# keeps the first failing run's stdout, stderr and exit code as
# $4.fail.{stdout,stderr,rc}.
run_many() {
  local exe=$1 count=$2 want=$3 counts=$4 scribble=$5
  local i rc failed=0 crash=0 hang=0 wrong=0 asan=0 bad envs=()
  [ "$scribble" = 0 ] || envs=("${scribble_env[@]}")
  rm -f "$counts".fail.*
  for ((i = 0; i < count; i++)); do
    rc=0
    # The braces take the shell's own "Segmentation fault" notice.
    { env "${envs[@]}" timeout -k 5 "$run_timeout" "$exe" >"$counts.stdout" \
        2>"$counts.stderr" </dev/null; } 2>/dev/null || rc=$?
    bad=1
    if grep -q 'ERROR: AddressSanitizer' "$counts.stderr"; then
      asan=$((asan + 1))
    elif [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
      hang=$((hang + 1))
    elif [ "$rc" != 0 ]; then
      crash=$((crash + 1))
    elif ! cmp -s "$want" "$counts.stdout"; then
      wrong=$((wrong + 1))
    else
      bad=0
    fi
    if [ "$bad" = 1 ]; then
      if [ "$failed" = 0 ]; then
        mv "$counts.stdout" "$counts.fail.stdout"
        mv "$counts.stderr" "$counts.fail.stderr"
        echo "$rc" >"$counts.fail.rc"
      fi
      failed=$((failed + 1))
    fi
  done
  rm -f "$counts.stdout" "$counts.stderr"
  echo "$failed $crash $hang $wrong $asan" >"$counts"
}

# "k of N runs failed (crash a, hang b, ...)" from a counts file and N.
describe_counts() {
  local failed crash hang wrong asan parts=()
  read -r failed crash hang wrong asan <"$1"
  [ "$crash" = 0 ] || parts+=("crash $crash")
  [ "$hang" = 0 ] || parts+=("hang $hang")
  [ "$wrong" = 0 ] || parts+=("wrong output $wrong")
  [ "$asan" = 0 ] || parts+=("asan $asan")
  local IFS=,
  echo "$failed of $2 runs failed (${parts[*]})" | sed 's/,/, /g'
}

# Phase 1, per program: MLIR to presplit IR, the control (LLVM's passes)
# built and run in every mode, the lowering under test.
# Writes $work/NAME/prep.status: "ok" or the failure reason.
prepare() {
  local n=$1 src="$programs_dir/$1.mlir" d="$work/$1"
  local want="$programs_dir/$1.expected"
  mkdir -p "$d"
  (
    if [ ! -s "$want" ]; then
      echo "no expected output $want"; return
    fi
    local apf
    apf=$(sed -n 's|^// ASYNC-PARALLEL-FOR:[[:space:]]*||p' "$src" | head -n 1)
    local apf_arg=--async-parallel-for
    [ -z "$apf" ] || apf_arg="--async-parallel-for=$apf"
    if ! "$MLIR_OPT" "$src" "$apf_arg" "${mlir_pipeline[@]}" -o "$d/llvm.mlir" \
        >"$d/mlir-opt.log" 2>&1; then
      echo "mlir-opt failed (see $d/mlir-opt.log)"; return
    fi
    if ! "$MLIR_TRANSLATE" --mlir-to-llvmir "$d/llvm.mlir" -o "$d/presplit.ll" \
        >"$d/mlir-translate.log" 2>&1; then
      echo "mlir-translate failed (see $d/mlir-translate.log)"; return
    fi
    if ! grep -q '^attributes #[0-9]* = {.*presplitcoroutine' "$d/presplit.ll"; then
      echo "no presplit coroutine in $d/presplit.ll"; return
    fi
    if ! "$OPT" -S -passes="$control_passes" "$d/presplit.ll" -o "$d/control.ll" \
        >"$d/control.lower.log" 2>&1; then
      echo "LLVM's passes failed on it (see $d/control.lower.log)"; return
    fi
    local m
    for m in "${mode_list[@]}"; do
      if ! "$CLANG" "-$m" "$d/control.ll" -o "$d/control.$m" "${link_flags[@]}" \
          >"$d/control.$m.build.log" 2>&1; then
        echo "compiling the control at -$m failed (see $d/control.$m.build.log)"; return
      fi
      local sc c
      for sc in 0 1; do
        [ "$control_runs" -gt 0 ] || continue
        c="$d/control.$m.$sc.counts"
        run_many "$d/control.$m" "$control_runs" "$want" "$c" "$sc"
        if [ "$(cut -d' ' -f1 "$c")" != 0 ]; then
          echo "the control (LLVM's passes) at -$m${sc/#1/, freed memory scribbled over}: $(describe_counts "$c" "$control_runs") (see $c.fail.*)"
          return
        fi
      done
    done
    local cmd rc=0 out="$d/lowered.ll"
    cmd=${lower_cmd//\{in\}/$(printf '%q' "$d/presplit.ll")}
    cmd=${cmd//\{out\}/$(printf '%q' "$out")}
    (cd "$start_dir" && timeout "$lower_timeout" bash -c "$cmd") >"$d/lower.log" 2>&1 || rc=$?
    if [ "$rc" != 0 ]; then
      echo "lowering exited with $rc (see $d/lower.log)"; return
    fi
    if [ ! -s "$out" ]; then
      echo "lowering produced no output"; return
    fi
    if grep -q 'presplitcoroutine' "$out"; then
      echo "presplitcoroutine left in the lowered IR"; return
    fi
    local left
    left=$(grep -E '(call|invoke)[^;]*@llvm\.coro\.' "$out" | head -n 1 |
           sed 's/^[[:space:]]*//' || true)
    if [ -n "$left" ]; then
      echo "coroutine intrinsic left: $left"; return
    fi
    for m in "${mode_list[@]}"; do
      if ! "$CLANG" "-$m" "$out" -o "$d/lowered.$m" "${link_flags[@]}" \
          >"$d/lowered.$m.build.log" 2>&1; then
        echo "compiling the lowered IR at -$m failed (see $d/lowered.$m.build.log)"; return
      fi
    done
    if [ "$asan_runs" -gt 0 ]; then
      # sanitize_address on every definition: `define ... {` gets the
      # attribute before its brace (beside any #N group it has).
      sed -E 's/^(define .*\)[^{]*) \{$/\1 sanitize_address {/' "$out" >"$d/lowered.asan.ll"
      if [ "$(grep -c '^define ' "$d/lowered.asan.ll")" != \
           "$(grep -c '^define .* sanitize_address {$' "$d/lowered.asan.ll")" ]; then
        echo "could not mark every function of the lowered IR sanitize_address"; return
      fi
      if ! "$CLANG" -O0 -fsanitize=address -fno-omit-frame-pointer "$d/lowered.asan.ll" \
          -o "$d/lowered.asan" "${link_flags[@]}" >"$d/lowered.asan.build.log" 2>&1; then
        echo "compiling the lowered IR with ASan failed (see $d/lowered.asan.build.log)"; return
      fi
    fi
    echo ok
  ) >"$d/prep.status.tmp"
  mv "$d/prep.status.tmp" "$d/prep.status"
}

# Phase 2, per (program, case): case MODE runs the lowered build of that
# mode, MODE.scribble the same build with freed memory scribbled over, asan
# the sanitizer build. Prints the result line into $3 and the counts ("runs
# failed crash hang wrong asan") into $3.counts.
run_case() {
  local n=$1 c=$2 result=$3 d="$work/$1"
  local want="$programs_dir/$1.expected" status count=$runs scribble=0
  local m=${c%.scribble}
  if [ "$c" = asan ]; then
    count=$asan_runs
  elif [ "$m" != "$c" ]; then
    count=$scribble_runs scribble=1
  fi
  echo "0 0 0 0 0 0" >"$result.counts"
  status=$(cat "$d/prep.status" 2>/dev/null || echo "preparation did not finish")
  if [ "$status" != ok ]; then
    echo "FAIL $n $c: $status" >"$result"; return
  fi
  local counts="$d/lowered.$c.counts"
  run_many "$d/lowered.$m" "$count" "$want" "$counts" "$scribble"
  echo "$count $(cat "$counts")" >"$result.counts"
  if [ "$(cut -d' ' -f1 "$counts")" = 0 ]; then
    echo "PASS $n $c ($count runs)" >"$result"
  else
    echo "FAIL $n $c: $(describe_counts "$counts" "$count") (first: $counts.fail.*)" >"$result"
  fi
}

# run_case into a temporary file, then renamed: the printer never sees a
# half-written result.
run_case_to() {
  run_case "$1" "$2" "$3.tmp" || echo "FAIL $1 $2: internal error in run_mlir.sh" >"$3.tmp"
  [ -s "$3.tmp" ] || echo "FAIL $1 $2: internal error in run_mlir.sh" >"$3.tmp"
  [ -s "$3.tmp.counts" ] || echo "0 0 0 0 0 0" >"$3.tmp.counts"
  mv "$3.tmp.counts" "$3.counts"
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

case_modes=()
for m in "${mode_list[@]}"; do
  case_modes+=("$m")
  [ "$scribble_runs" = 0 ] || case_modes+=("$m.scribble")
done
[ "$asan_runs" = 0 ] || case_modes+=(asan)

mkdir -p "$work/results"
rm -f "$work"/results/*
cases=()
i=0
for n in "${names[@]}"; do
  for m in "${case_modes[@]}"; do
    cases+=("$(printf '%s/results/%04d' "$work" "$i")")
    i=$((i + 1))
  done
done

# Print results in order, as soon as each next one is available.
passed=0
failed=0
t_runs=0 t_failed=0 t_crash=0 t_hang=0 t_wrong=0 t_asan=0
next=0
print_ready() {
  while [ "$next" -lt "${#cases[@]}" ] && [ -s "${cases[$next]}" ]; do
    local line c_runs c_failed c_crash c_hang c_wrong c_asan
    line=$(cat "${cases[$next]}")
    echo "$line"
    case "$line" in PASS*) passed=$((passed + 1)) ;; *) failed=$((failed + 1)) ;; esac
    read -r c_runs c_failed c_crash c_hang c_wrong c_asan <"${cases[$next]}.counts"
    t_runs=$((t_runs + c_runs)); t_failed=$((t_failed + c_failed))
    t_crash=$((t_crash + c_crash)); t_hang=$((t_hang + c_hang))
    t_wrong=$((t_wrong + c_wrong)); t_asan=$((t_asan + c_asan))
    next=$((next + 1))
  done
}

i=0
for n in "${names[@]}"; do
  for m in "${case_modes[@]}"; do
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
echo "runs: $t_runs, failed: $t_failed (crash $t_crash, hang $t_hang, wrong output $t_wrong, asan $t_asan)"
if [ "$failed" -ne 0 ]; then
  echo "run_mlir.sh: artifacts kept in $work" >&2
  exit 1
fi
if [ "$keep_work" = 0 ]; then
  rm -rf "$work"
fi
exit 0
