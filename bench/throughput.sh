#!/usr/bin/env bash
# Run-time throughput of lowered coroutines: for each program in
# bench/throughput/ (generator, task_chain) build
#   native     clang++-22 -std=c++20 -O2 prog.cpp        (clang's own pipeline,
#              which may also elide frame allocations)
#   llvm       presplit IR -> opt-22 -passes='coro-early,cgscc(coro-split),coro-cleanup'
#              -> clang++-22 -O2
#   corolower  presplit IR -> $COROLOWER IN -o OUT.ll -> clang++-22 -O2
#              (skipped if the binary is missing)
#   c          the hand-written C state machine prog_sm.c, clang-22 -O2
# where presplit IR is clang++-22 -std=c++20 -O2 -S -emit-llvm -Xclang
# -disable-llvm-passes. All variants must print the same line; then one
# hyperfine run per program compares them.
#
# Wall-clock time on a shared 2-core VM varies by 10-20% between runs, so
# each variant's executed instructions are also counted with callgrind
# (deterministic) on a smaller run (IR_GEN_ARGS, default 3000000 values;
# IR_CHAIN_ARGS, default depth 18), into OUT_DIR/throughput_instructions.md.
#
# Usage: bench/throughput.sh
# Environment: COROLOWER (default bazel-bin/corolower), RUNS (default 10),
# WARMUP (default 2), CHECK_TIMEOUT (default 60 s), OUT_DIR (default
# bench/results), WORK_DIR (default: temporary), GEN_ARGS / CHAIN_ARGS
# (arguments to the programs, default none: each program's built-in size).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"

CLANGXX=${CLANGXX:-clang++-22}
CLANG=${CLANG:-clang-22}
OPT=${OPT:-opt-22}
COROLOWER=${COROLOWER:-bazel-bin/corolower}
RUNS=${RUNS:-10}
WARMUP=${WARMUP:-2}
CHECK_TIMEOUT=${CHECK_TIMEOUT:-60}
OUT_DIR=${OUT_DIR:-$here/results}
mkdir -p "$OUT_DIR"

. "$here/lib.sh"
bench_work_dir throughput

have_corolower=0
if [ -x "$COROLOWER" ]; then
  have_corolower=1
  COROLOWER=$(cd "$(dirname "$COROLOWER")" && pwd)/$(basename "$COROLOWER")
else
  echo "throughput.sh: $COROLOWER not found or not executable: skipping the corolower variant" >&2
fi

llvm_passes='coro-early,cgscc(coro-split),coro-cleanup'

ir_rows=()
for prog in generator task_chain; do
  case "$prog" in
    generator) args=${GEN_ARGS:-} ;;
    task_chain) args=${CHAIN_ARGS:-} ;;
  esac
  src="$here/throughput/$prog.cpp"
  b="$work/$prog"
  "$CLANGXX" -std=c++20 -O2 "$src" -o "$b.native"
  "$CLANGXX" -std=c++20 -O2 -S -emit-llvm -Xclang -disable-llvm-passes "$src" -o "$b.presplit.ll"
  "$OPT" -S -passes="$llvm_passes" "$b.presplit.ll" -o "$b.llvm.ll"
  "$CLANGXX" -O2 "$b.llvm.ll" -o "$b.llvm"
  "$CLANG" -O2 "$here/throughput/${prog}_sm.c" -o "$b.c"
  variants=(native llvm c)
  if [ "$have_corolower" = 1 ]; then
    if timeout "$CHECK_TIMEOUT" "$COROLOWER" "$b.presplit.ll" -o "$b.corolower.ll" 2>"$b.corolower.err" &&
       "$CLANGXX" -O2 "$b.corolower.ll" -o "$b.corolower" 2>>"$b.corolower.err"; then
      variants=(native llvm corolower c)
    else
      echo "throughput.sh: building $prog with corolower failed:" >&2
      cat "$b.corolower.err" >&2
    fi
  fi

  # Same output from every variant; a wrong, crashing or hanging variant
  # (more than CHECK_TIMEOUT seconds) is reported and left out.
  # shellcheck disable=SC2086
  want=$(timeout "$CHECK_TIMEOUT" "$b.native" $args)
  good=()
  for v in "${variants[@]}"; do
    rc=0
    # shellcheck disable=SC2086
    got=$(timeout "$CHECK_TIMEOUT" "$b.$v" $args) || rc=$?
    if [ "$rc" != 0 ] || [ "$got" != "$want" ]; then
      echo "throughput.sh: $prog/$v: exit $rc, printed '$got', native printed '$want': left out" >&2
      continue
    fi
    good+=("$v")
  done
  variants=("${good[@]}")
  echo "$prog: $want" >&2

  hf=()
  for v in "${variants[@]}"; do
    hf+=(-n "$prog $v" "$b.$v${args:+ $args}")
  done
  hyperfine -N --warmup "$WARMUP" --runs "$RUNS" \
    --export-markdown "$OUT_DIR/throughput_$prog.md" \
    --export-json "$OUT_DIR/throughput_$prog.json" "${hf[@]}"

  if command -v valgrind >/dev/null; then
    case "$prog" in
      generator) iargs=${IR_GEN_ARGS:-3000000} ;;
      task_chain) iargs=${IR_CHAIN_ARGS:-18} ;;
    esac
    for v in "${variants[@]}"; do
      # shellcheck disable=SC2086
      n=$(valgrind --tool=callgrind --callgrind-out-file="$b.$v.cg" "$b.$v" $iargs 2>&1 >/dev/null |
          sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
      ir_rows+=("| $prog ($iargs) | $v | $n |")
    done
  fi
done

if [ ${#ir_rows[@]} -gt 0 ]; then
  {
    echo "| program (argument) | variant | instructions executed (callgrind) |"
    echo "| --- | --- | ---: |"
    printf '%s\n' "${ir_rows[@]}"
  } | tee "$OUT_DIR/throughput_instructions.md" >&2
fi
