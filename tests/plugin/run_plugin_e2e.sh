#!/usr/bin/env bash
# The e2e C++ programs (tests/e2e/programs/*.cpp) built by clang++-22 with
# the corolower pass plugin in clang's own pipeline, at each level asked:
#   clang++-22 -std=c++20 -OL [-fsanitize=address] [-g] -fpass-plugin=PLUGIN \
#       -mllvm -corolower-frame-report=REPORT prog.cpp
# Each must build without a corolower diagnostic, run with the stdout and
# exit code of plain `clang++-22 -std=c++20 -O2 prog.cpp`, and its frame
# report must list every coroutine of the program (the presplit coroutines
# of its front-end IR): proof that corolower lowered each, not LLVM.
#
# A mode `g-OL` (`asan-g-OL`) builds with -g too: the split functions'
# debug info must get through clang's code generator.
#
# Usage: run_plugin_e2e.sh --plugin SO [--modes O0,O1,O2,O3,asan-O0,asan-O2,g-O2]
#                          [--only NAME,...] [--jobs N] [--workdir DIR]
# Prints `PASS name mode` or `FAIL name mode: reason` per case, then
# `N passed, M failed`; exit 1 if any failed.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
programs=${E2E_PROGRAMS:-$here/../e2e/programs}
plugin="" modes="O0,O1,O2,O3" only="" jobs=2 workdir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --plugin) plugin=$2; shift 2 ;;
    --modes) modes=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --workdir) workdir=$2; shift 2 ;;
    *) sed -n '2,/^set -euo/p' "$0" >&2; exit 2 ;;
  esac
done
[ -f "$plugin" ] || { echo "run_plugin_e2e.sh: no plugin at '$plugin'" >&2; exit 2; }
plugin=$(cd "$(dirname "$plugin")" && pwd)/$(basename "$plugin")
CLANGXX=${CLANGXX:-clang++-22}
if [ -n "$workdir" ]; then mkdir -p "$workdir"; work=$(cd "$workdir" && pwd)
else work=$(mktemp -d "${TEST_TMPDIR:-/tmp}/plugin_e2e.XXXXXX"); fi
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}

run_prog() {  # exe stdout stderr -> prints exit code
  local rc=0
  ( ulimit -s 1024 && exec timeout 120 "$1" ) >"$2" 2>"$3" </dev/null || rc=$?
  echo "$rc"
}

# Per program: the reference run and the list of coroutines.
prepare() {
  local n=$1 d="$work/$1" src="$programs/$1.cpp"
  mkdir -p "$d"
  # A --workdir run again (a long campaign resumed): the reference of an
  # unchanged program is kept.
  if [ "$(cat "$d/prep" 2>/dev/null)" = ok ] && cmp -s "$src" "$d/src.cpp"; then return; fi
  rm -f "$d/src.cpp"
  {
    if ! "$CLANGXX" -std=c++20 -O2 "$src" -o "$d/native" >"$d/native.log" 2>&1; then
      echo "native build failed"
    elif ! "$CLANGXX" -std=c++20 -O0 -S -emit-llvm -Xclang -disable-llvm-passes \
        "$src" -o "$d/front.ll" >"$d/front.log" 2>&1; then
      echo "front end failed"
    else
      run_prog "$d/native" "$d/native.stdout" "$d/native.stderr" >"$d/native.rc"
      cp "$src" "$d/src.cpp"
      echo ok
    fi
  } >"$d/prep"
}

# One program at one mode: prints the result line.
run_case() {
  local n=$1 m=$2 d="$work/$1" src="$programs/$1.cpp"
  local level=${m#asan-} san=() dbg=() rc
  [ "$(cat "$d/prep")" = ok ] || { echo "FAIL $n $m: $(cat "$d/prep")"; return; }
  [ "$m" != "$level" ] && san=(-fsanitize=address -fno-omit-frame-pointer)
  case "$level" in g-*) level=${level#g-}; dbg=(-g) ;; esac
  rm -f "$d/$m.report.json"
  if ! "$CLANGXX" -std=c++20 "-$level" "${san[@]}" "${dbg[@]}" -fpass-plugin="$plugin" \
      -mllvm -corolower-frame-report="$d/$m.report.json" "$src" -o "$d/$m.exe" \
      >"$d/$m.build.log" 2>&1; then
    echo "FAIL $n $m: build with the plugin failed (see $d/$m.build.log)"; return
  fi
  if grep -q corolower "$d/$m.build.log"; then
    echo "FAIL $n $m: corolower said something (see $d/$m.build.log)"; return
  fi
  if ! python3 "$here/coroutines.py" check "$d/$m.report.json" "$d/front.ll" \
      >"$d/$m.report.log" 2>&1; then
    echo "FAIL $n $m: $(head -c 300 "$d/$m.report.log")"; return
  fi
  rc=$(run_prog "$d/$m.exe" "$d/$m.stdout" "$d/$m.stderr")
  if [ "$rc" != "$(cat "$d/native.rc")" ]; then
    echo "FAIL $n $m: exit code $rc, expected $(cat "$d/native.rc") (see $d/$m.stderr)"; return
  fi
  if ! cmp -s "$d/native.stdout" "$d/$m.stdout"; then
    echo "FAIL $n $m: stdout differs from clang's own build"; return
  fi
  echo "PASS $n $m"
}

names=()
for f in "$programs"/*.cpp; do
  n=$(basename "$f" .cpp)
  if [ -n "$only" ]; then case ",$only," in *",$n,"*) ;; *) continue ;; esac; fi
  names+=("$n")
done
[ ${#names[@]} -gt 0 ] || { echo "run_plugin_e2e.sh: no programs" >&2; exit 2; }
IFS=',' read -r -a mode_list <<< "$modes"

export -f prepare run_case run_prog
export work programs plugin CLANGXX here
printf '%s\n' "${names[@]}" | xargs -P "$jobs" -I{} bash -c 'prepare "$1"' _ {}
mkdir -p "$work/results"
rm -f "$work"/results/*
i=0
for n in "${names[@]}"; do
  for m in "${mode_list[@]}"; do printf '%04d %s %s\n' "$i" "$n" "$m"; i=$((i + 1)); done
done | xargs -P "$jobs" -L1 bash -c 'run_case "$2" "$3" >"$work/results/$1"' _
passed=0 failed=0
for r in "$work"/results/*; do
  line=$(cat "$r"); echo "$line"
  case "$line" in PASS*) passed=$((passed + 1)) ;; *) failed=$((failed + 1)) ;; esac
done
echo "$passed passed, $failed failed"
# Every case must have reported (the case list is built in a subshell).
if [ "$failed" -ne 0 ] || [ $((${#names[@]} * ${#mode_list[@]})) -ne $((passed + failed)) ]; then
  echo "run_plugin_e2e.sh: artifacts kept in $work" >&2; exit 1
fi
[ -n "$workdir" ] || rm -rf "$work"
