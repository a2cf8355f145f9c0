#!/usr/bin/env bash
# Compile time on Swift's own IR (issue 25 §3): one Swift async function
# with N awaits, each result live to the end (bench/gen_swift_awaits.py, the
# shape of Swift issue 61948), at -Onone:
#   - executed instructions of the lowering alone, in one process on the
#     same parsed module (bench/passes_driver.c under callgrind, toggled on
#     bench_run_llvm / bench_run_corolower): LLVM 22's coroutine passes
#     against corolower, on `swiftc -emit-irgen` rewritten to LLVM 22's
#     dialect (tests/swift/llvm22_dialect.py);
#   - CPU seconds (user+sys, /usr/bin/time) of the same lowering in the
#     driver, the parse-only baseline subtracted, and of swiftc's whole
#     compile of the program (`swiftc -Onone -c`, `swiftc -O -c`): CPU time,
#     not wall time, so that a loaded machine distorts less.
# Prints a markdown table: per N the counts, corolower/LLVM, and the growth
# per doubling of N.
#
# Usage: bench/swift_compile_time.sh
# Environment:
#   DRIVER       default bazel-out/k8-opt/bin/bench/passes_driver
#                (bazel build -c opt //bench:passes_driver)
#   SIZES        default "100 200 400 800 1600 2000"
#   LLVM_COUNT_SIZES  N at which LLVM's instructions are counted (callgrind
#                runs it ~50x slower), default "100 200 400"
#   LLVM_TIME_SIZES   N at which LLVM's CPU time is taken, default $SIZES
#   SWIFTC_SIZES N at which swiftc's compile is timed, default $SIZES
#                (any of these three set to "none": at no N)
#   MEM_LIMIT_KB address-space cap of each LLVM and swiftc run (ulimit -v),
#                default 9000000: at N = 1600 both grow past 18 GB, which on
#                a shared machine takes everyone's memory; a run that fails
#                under the cap (or takes over CAP_TIMEOUT seconds, default
#                3600) is reported as "failed (cap N KB)"
#   DRIVER_FLAGS extra passes_driver flags for the corolower runs, e.g.
#                --no-verify (figures without LLVM's verifier of the
#                lowered functions, which corolower runs once per
#                function it changed)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
DRIVER=${DRIVER:-$root/bazel-out/k8-opt/bin/bench/passes_driver}
SWIFTC=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}
SIZES=${SIZES:-100 200 400 800 1600 2000}
LLVM_COUNT_SIZES=${LLVM_COUNT_SIZES:-100 200 400}
LLVM_TIME_SIZES=${LLVM_TIME_SIZES:-$SIZES}
SWIFTC_SIZES=${SWIFTC_SIZES:-$SIZES}
MEM_LIMIT_KB=${MEM_LIMIT_KB:-9000000}
CAP_TIMEOUT=${CAP_TIMEOUT:-3600}
[ -x "$DRIVER" ] || { echo "no $DRIVER: bazel build -c opt //bench:passes_driver" >&2; exit 2; }
[ -x "$SWIFTC" ] || { echo "no swiftc" >&2; exit 77; }
work=$(mktemp -d "${TMPDIR:-/tmp}/swift_ct.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/tmp"
export TMPDIR="$work/tmp"

has() { case " $1 " in *" $2 "*) return 0 ;; *) return 1 ;; esac; }
# CPU seconds of a command (user+sys, children included).
cpu() {
  /usr/bin/time -f '%U %S' -o "$work/time" "$@" >/dev/null 2>&1
  awk '{ printf "%.2f", $1 + $2 }' "$work/time"
}
# The same under the memory cap, or "failed (cap N KB)".
cpu_capped() {
  # The timeout: with its front end killed by the cap, swiftc's driver was
  # seen waiting forever.
  if ( ulimit -v "$MEM_LIMIT_KB" &&
       /usr/bin/time -f '%U %S' -o "$work/time" timeout -k 10 "$CAP_TIMEOUT" "$@" >/dev/null 2>&1 ); then
    awk '{ printf "%.2f", $1 + $2 }' "$work/time"
  else
    printf 'failed (cap %s KB)' "$MEM_LIMIT_KB"
  fi
}
minus() { case "$1" in failed*) printf '%s' "$1" ;; *) awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a - b }' ;; esac; }
count() {  # count MODE FILE
  local flags=()
  [ "$1" = corolower ] && read -r -a flags <<< "${DRIVER_FLAGS:-}"
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" \
    --toggle-collect="bench_run_$1" "$DRIVER" "${flags[@]}" --mode="$1" "$2" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

echo "| N | corolower instructions | LLVM instructions | corolower/LLVM | corolower CPU s | LLVM CPU s | swiftc -Onone -c CPU s | swiftc -O -c CPU s |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
declare -A cl ll
for n in $SIZES; do
  src="$work/a$n.swift"
  python3 "$here/gen_swift_awaits.py" "$n" -o "$src"
  "$SWIFTC" -Onone -parse-as-library -module-name M -module-cache-path "$work/mc" \
    -emit-irgen "$src" -o "$work/a$n.ll"
  python3 "$root/tests/swift/llvm22_dialect.py" "$work/a$n.ll" "$work/a$n.22.ll"
  # corolower only: LLVM's passes run (capped) where they are timed or counted.
  "$DRIVER" --mode=corolower --check "$work/a$n.22.ll" >/dev/null
  cl[$n]=$(count corolower "$work/a$n.22.ll")
  ll[$n]=""
  has "$LLVM_COUNT_SIZES" "$n" && ll[$n]=$(count llvm "$work/a$n.22.ll")
  base=$(cpu "$DRIVER" --mode=parse "$work/a$n.22.ll")
  read -r -a dflags <<< "${DRIVER_FLAGS:-}"
  ct=$(cpu "$DRIVER" "${dflags[@]}" --mode=corolower "$work/a$n.22.ll")
  ct=$(awk -v a="$ct" -v b="$base" 'BEGIN { printf "%.2f", a - b }')
  lt=""
  if has "$LLVM_TIME_SIZES" "$n"; then
    lt=$(cpu_capped "$DRIVER" --mode=llvm "$work/a$n.22.ll")
    lt=$(minus "$lt" "$base")
  fi
  so="" sO=""
  if has "$SWIFTC_SIZES" "$n"; then
    so=$(cpu_capped "$SWIFTC" -Onone -parse-as-library -module-name M -module-cache-path "$work/mc" -c "$src" -o "$work/a.o")
    sO=$(cpu_capped "$SWIFTC" -O -parse-as-library -module-name M -module-cache-path "$work/mc" -c "$src" -o "$work/a.o")
  fi
  ratio=""
  [ -n "${ll[$n]}" ] && ratio=$(awk -v a="${cl[$n]}" -v b="${ll[$n]}" 'BEGIN { printf "%.4f", a / b }')
  echo "| $n | ${cl[$n]} | ${ll[$n]} | $ratio | $ct | $lt | $so | $sO |"
done
echo
echo "Growth per doubling of N (instructions, ratio to the size before when it is half):"
prev=""
for n in $SIZES; do
  if [ -n "$prev" ] && [ $((prev * 2)) = "$n" ]; then
    g=$(awk -v a="${cl[$n]}" -v b="${cl[$prev]}" 'BEGIN { printf "%.2f", a / b }')
    gl=""
    [ -n "${ll[$n]}" ] && [ -n "${ll[$prev]}" ] && gl=$(awk -v a="${ll[$n]}" -v b="${ll[$prev]}" 'BEGIN { printf "%.2f", a / b }')
    echo "- $prev -> $n: corolower x$g${gl:+, LLVM x$gl}"
  fi
  prev=$n
done
