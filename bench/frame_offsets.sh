#!/usr/bin/env bash
# Issue 26's frame check on 32-bit and big-endian targets: every e2e program
# (tests/e2e/programs) made presplit IR for each target at each level (as
# tests/targets/run_targets.sh's front end makes it; simplified: SSA
# values spilled by type), lowered by corolower
# with --frame-report=json and by LLVM 22's passes, then
# bench/frame_offsets.py: the report's field offsets and sizes against the
# frame accesses the lowered IR makes, its sizes against LLVM's
# dereferenceable. A program the target's front end cannot compile
# (__int128 on 32-bit targets) is skipped and counted.
#
# Usage: bench/frame_offsets.sh [COROLOWER] [WORKDIR]
#   (defaults: bazel-bin/corolower, a temporary directory; TARGETS, default
#   i686,arm,s390x; LEVELS, default O0,O2,simplified: the O2 IR through
#   SROA and instcombine, as tests/e2e/run_e2e.sh makes it)
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
corolower=${1:-$root/bazel-bin/corolower}
work=${2:-$(mktemp -d "${TMPDIR:-/tmp}/frame_offsets.XXXXXX")}
mkdir -p "$work"
# shellcheck source=/dev/null
source "$root/tests/targets/target_env.sh"
IFS=, read -r -a targets <<<"${TARGETS:-i686,arm,s390x}"
IFS=, read -r -a levels <<<"${LEVELS:-O0,O2,simplified}"
status=0
for t in "${targets[@]}"; do
  crl_target_cfg "$t" || { echo "unknown target $t"; exit 2; }
  for lv in "${levels[@]}"; do
    args=() skipped=0
    for src in "$root"/tests/e2e/programs/*.cpp; do
      n=$(basename "$src" .cpp) d="$work/$t/$lv"
      mkdir -p "$d"
      if ! clang++-22 --target="$triple" -std=c++20 -S -emit-llvm -Xclang -disable-llvm-passes "${tflags[@]}" \
           -Wno-unused-command-line-argument "-${lv/simplified/O2}" "$src" -o "$d/$n.ll" >"$d/$n.front.log" 2>&1; then
        skipped=$((skipped + 1)); continue
      fi
      if [ "$lv" = simplified ]; then
        # Values in SSA form, spilled by type (tests/e2e/run_e2e.sh's third form).
        mv "$d/$n.ll" "$d/$n.O2.ll"
        opt-22 -S -passes='coro-early,function(sroa,early-cse,simplifycfg,instcombine<no-verify-fixpoint>)' \
          "$d/$n.O2.ll" -o "$d/$n.ll" >>"$d/$n.front.log" 2>&1 || { echo "opt-22 failed: $t $lv $n"; continue; }
      fi
      "$corolower" "$d/$n.ll" -S -o "$d/$n.corolower.ll" --frame-report=json \
        --frame-report-file="$d/$n.json" >"$d/$n.lower.log" 2>&1 || { echo "corolower failed: $t $lv $n"; status=1; continue; }
      opt-22 -S -passes='coro-early,cgscc(coro-split),coro-cleanup' "$d/$n.ll" -o "$d/$n.llvm.ll" \
        >"$d/$n.llvm.log" 2>&1 || { echo "opt-22 failed: $t $lv $n"; continue; }
      args+=("$d/$n.json" "$d/$n.corolower.ll" "$d/$n.llvm.ll")
    done
    python3 "$root/bench/frame_offsets.py" "${args[@]}" >"$work/$t.$lv.txt" || status=1
    grep '^FAIL' "$work/$t.$lv.txt"
    echo "$t $lv ($((${#args[@]} / 3)) programs, $skipped the target's front end refuses): $(tail -n 1 "$work/$t.$lv.txt")"
  done
done
exit $status
