#!/usr/bin/env bash
# The plugin's options and its hand-written pipelines:
#  1. -corolower-abi=retcon refuses C++'s switched-resume coroutines: a
#     compiler error naming the function and instruction, exit status 1
#     (no crash), at -O0 and -O2;
#  2. the same with -corolower-fallback: warnings, LLVM lowers them, the
#     program runs as clang's own build;
#  3. -corolower-disable: no frame report, the program runs;
#  4. -corolower-prefer-small-frames: the program runs, frames reported;
#  5. opt-22 -passes='cgscc(corolower-split)' and 'corolower-split' on
#     front-end IR leave no presplit coroutine, and the result runs;
#  6. six compilers at once appending to one frame report: six documents,
#     every coroutine of each listed;
#  7. heap allocation elision: a generator living inside main has its
#     allocation elided by LLVM's CoroElide after corolower lowered it, as
#     after LLVM's own CoroSplit (-Rpass=coro-elide), and runs the same.
# Usage: plugin_options_test.sh PLUGIN.so
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
programs=$here/../e2e/programs
plugin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d "${TEST_TMPDIR:-/tmp}/plugin_opts.XXXXXX")
CXX=(clang++-22 -std=c++20)
pass=0 fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }

src=$programs/generator_basic.cpp
"${CXX[@]}" -O2 "$src" -o "$work/native"
"$work/native" >"$work/native.out"
"${CXX[@]}" -O0 -S -emit-llvm -Xclang -disable-llvm-passes "$src" -o "$work/front.ll"
fn=$(python3 "$here/coroutines.py" list "$work/front.ll" | head -n 1)

for O in O0 O2; do
  rc=0
  "${CXX[@]}" -$O -fpass-plugin="$plugin" -mllvm -corolower-abi=retcon "$src" \
    -o "$work/refused" >"$work/refused.log" 2>&1 || rc=$?
  if [ "$rc" = 1 ] && grep -q "error: corolower: in '$fn': coroutine uses the switch ABI.*(at: .*llvm.coro.id" "$work/refused.log"; then
    ok "refusal-is-error-$O"
  else
    bad "refusal-is-error-$O" "exit $rc, $(head -c 300 "$work/refused.log")"
  fi
  rc=0
  "${CXX[@]}" -$O -fpass-plugin="$plugin" -mllvm -corolower-abi=retcon -mllvm -corolower-fallback \
    "$src" -o "$work/fallback" >"$work/fallback.log" 2>&1 || rc=$?
  if [ "$rc" = 0 ] && grep -q "warning: corolower: in '$fn'.*left to LLVM" "$work/fallback.log" &&
     "$work/fallback" | cmp -s - "$work/native.out"; then
    ok "fallback-$O"
  else
    bad "fallback-$O" "exit $rc, $(head -c 300 "$work/fallback.log")"
  fi
done

rm -f "$work/disabled.json"
"${CXX[@]}" -O2 -fpass-plugin="$plugin" -mllvm -corolower-disable \
  -mllvm -corolower-frame-report="$work/disabled.json" "$src" -o "$work/disabled"
if [ ! -e "$work/disabled.json" ] && "$work/disabled" | cmp -s - "$work/native.out"; then
  ok disable
else
  bad disable "a report was written, or the output differs"
fi

for O in O0 O2; do
  rm -f "$work/small.json"
  "${CXX[@]}" -$O -fpass-plugin="$plugin" -mllvm -corolower-prefer-small-frames \
    -mllvm -corolower-frame-report="$work/small.json" "$src" -o "$work/small"
  if "$work/small" | cmp -s - "$work/native.out" &&
     python3 "$here/coroutines.py" check "$work/small.json" "$work/front.ll" >/dev/null; then
    ok "prefer-small-frames-$O"
  else
    bad "prefer-small-frames-$O" "output or report differs"
  fi
done

for pipeline in 'cgscc(corolower-split)' 'corolower-split' \
    'coro-early,cgscc(corolower-split),coro-cleanup'; do
  rc=0
  opt-22 -load-pass-plugin="$plugin" -passes="$pipeline" -S "$work/front.ll" \
    -o "$work/opt.ll" >"$work/opt.log" 2>&1 || rc=$?
  if [ "$rc" != 0 ] || grep -q presplitcoroutine "$work/opt.ll"; then
    bad "opt $pipeline" "exit $rc or a presplit coroutine left"; continue
  fi
  "${CXX[@]}" -O2 "$work/opt.ll" -o "$work/opt.exe"
  if "$work/opt.exe" | cmp -s - "$work/native.out"; then ok "opt $pipeline"
  else bad "opt $pipeline" "output differs"; fi
done

shared=$work/shared.json
irs=()
pids=()
for n in generator_basic handle_api live_values many_suspends scheduler_tasks string_values; do
  "${CXX[@]}" -O0 -S -emit-llvm -Xclang -disable-llvm-passes "$programs/$n.cpp" -o "$work/$n.ll"
  irs+=("$work/$n.ll")
  "${CXX[@]}" -O1 -c -fpass-plugin="$plugin" -mllvm -corolower-frame-report="$shared" \
    "$programs/$n.cpp" -o "$work/$n.o" &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
if python3 "$here/coroutines.py" check-all "$shared" "${irs[@]}" >"$work/shared.log" 2>&1; then
  ok shared-report
else
  bad shared-report "$(cat "$work/shared.log")"
fi

el=$here/programs/elided_generator.cpp
"${CXX[@]}" -O2 "$el" -o "$work/el_native"
"${CXX[@]}" -O2 -fpass-plugin="$plugin" -Rpass=coro-elide "$el" -o "$work/el" >"$work/el.log" 2>&1
if grep -q "remark: '_Z5counti' elided in 'main'" "$work/el.log" &&
   [ "$("$work/el")" = "$("$work/el_native")" ]; then
  ok elision
else
  bad elision "no elision remark, or the output differs: $(head -c 300 "$work/el.log")"
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ] && rm -rf "$work"
[ "$fail" = 0 ]
