#!/usr/bin/env bash
# Issue 24 section 3's campaign: each new IR-fuzzer feature compared with
# LLVM 22's passes on at least COUNT modules. A target feature is forced
# (every other target feature disabled, so each module draws it); afpform
# and projcast (gen_async.py) and swifterror (gen_retcon.py) are drawn per
# module inside those runs (run_diff.py's `features:` line counts the
# modules that exercised each). The runs go round-robin in chunks of CHUNK
# seeds, so that a deadline (DEADLINE, seconds since the epoch) cuts every
# feature's count alike; each chunk's summary is kept in OUT/.
# (The campaign of 2026-11-27 ran its first two rounds with FIRST for every
# run, before each run got seeds of its own.)
#
# Usage: bench/fuzz_issue24.sh [COROLOWER] [OUT] [COUNT]
#   (defaults: bazel-bin/corolower, /tmp/fuzz_issue24, 1000; JOBS 2,
#   CHUNK 100, FIRST 200000, DEADLINE none). Summed by
#   bench/fuzz_issue24_sum.py OUT.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
corolower=${1:-$root/bazel-bin/corolower}
case "$corolower" in /*) ;; *) corolower=$(pwd)/$corolower ;; esac
out=${2:-/tmp/fuzz_issue24}
count=${3:-1000}
jobs=${JOBS:-2}
chunk=${CHUNK:-100}
first=${FIRST:-200000}
deadline=${DEADLINE:-0}
mkdir -p "$out"
targets=(notriple layout32 bigendian othertargets)
others() { local t; for t in native "${targets[@]}"; do [ "$t" = "$1" ] || printf '%s,' "$t"; done; }
# gen:feature:extra disables (handoff off for async: LLVM 22 is no oracle there).
runs=()
for t in "${targets[@]}"; do runs+=("async:$t:handoff" "retcon:$t:"); done
runs+=("ir:othertargets:")
for ((k = 0; k < count; k += chunk)); do
  for i in "${!runs[@]}"; do
    IFS=: read -r gen feat extra <<<"${runs[$i]}"
    # Each run's seeds its own (FIRST + 10000 x its index): the target is
    # drawn from a stream of its own, so the same seed on another target
    # is the same program, and afpform, projcast and swifterror would
    # count one program once per target.
    lo=$((first + 10000 * i + k))
    if [ "$deadline" != 0 ] && [ "$(date +%s)" -ge "$deadline" ]; then
      echo "deadline reached before $gen $feat $lo"; exit 0
    fi
    dis=$(others "$feat")${extra}
    log=$out/$gen-$feat-$lo.log
    [ -s "$log" ] && grep -q '^---- summary' "$log" && continue
    echo "== $(date -u +%H:%M:%S) $gen $feat seeds $lo:$((lo + chunk)) --disable ${dis%,}"
    python3 -B "$root/tests/difffuzz/run_diff.py" --lower "$corolower {in} -o {out}" --asan \
      --jobs "$jobs" --quiet --gen "$gen" --disable "${dis%,}" --seeds "$lo:$((lo + chunk))" \
      --keep "$out/keep" --csv "$out/$gen-$feat-$lo.csv" >"$log" 2>&1
    grep -v '^PASS' "$log" | sed -n '/^FAIL\|^XPASS/p;/^---- summary/,$p' | grep -v '^throughput' | head -20
  done
done
