#!/usr/bin/env bash
# Compile time of whole translation units with the pass plugin against
# clang's own coroutine passes: for each N in $SIZES, gen_awaits.py's C++
# (one coroutine, N sequential co_awaits whose results all stay live) built
#   llvm    clang++-22 -std=c++20 -O2 -c aw.cpp
#   plugin  clang++-22 -std=c++20 -O2 -c -fpass-plugin=PLUGIN
#               -mllvm -corolower-frame-report=aw.json aw.cpp
# one run each: wall clock, CPU seconds (user + system: the machine is
# shared, and wall clock there measures the neighbours too) and peak RSS
# (/usr/bin/time), and for N in
# $COUNT_SIZES the instructions clang executed (valgrind --tool=callgrind;
# clang runs its cc1 in-process, so one process holds the whole
# compilation). Then, at each N, where the time goes: the CPU seconds of
# LLVM's Coro* passes (llvm build) and of the corolower passes (plugin
# build), from clang's -ftime-report.
#
# Usage: bench/plugin_compile_time.sh PLUGIN.so
#   (build it optimized: bazel build -c opt //plugin:corolower_plugin.so,
#   then bazel-out/k8-opt/bin/plugin/corolower_plugin.so)
# Environment: SIZES (default "250 500 1000 2000"), COUNT_SIZES (default
#   "250 500": callgrind runs some 30x slower than clang, and clang's own
#   -O2 takes minutes at N = 2000), CLANGXX (default clang++-22).
set -euo pipefail
[ $# -eq 1 ] || { sed -n '2,/^set -euo/p' "$0" >&2; exit 2; }
plugin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CLANGXX=${CLANGXX:-clang++-22}
SIZES=${SIZES:-250 500 1000 2000}
COUNT_SIZES=${COUNT_SIZES-250 500}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

flags() {  # variant N -> the compile flags after -O2
  if [ "$1" = plugin ]; then
    echo "-fpass-plugin=$plugin -mllvm -corolower-frame-report=$work/aw$2.json"
  fi
}

instructions() {  # variant N -> instructions executed (callgrind)
  local out="$work/cg.$1.$2"
  # shellcheck disable=SC2046
  valgrind --tool=callgrind --callgrind-out-file="$out" "$CLANGXX" -std=c++20 -O2 -c \
    $(flags "$1" "$2") "$work/aw$2.cpp" -o "$work/aw$2.$1.cg.o" >/dev/null 2>&1
  awk '/^(summary|totals):/ { print $2; exit }' "$out"
}

pass_seconds() {  # time-report-file regex -> CPU seconds of matching passes
  awk -v re="$2" '$NF ~ re && /%\)/ {
      # columns: user [system] user+system wall, each "seconds (percent)";
      # the one before last is user+system in either layout
      n = 0; for (i = 1; i < NF; i++) if ($i ~ /^[0-9.]+$/ && $(i+1) ~ /^\(/) v[++n] = $i
      if (n > 1) s += v[n - 1]
    } END { printf "%.2f", s }' "$1"
}

fmt='%6s %7s %7s %7s %7s %6s %7s %7s %15s %15s %6s %7s %7s\n'
# shellcheck disable=SC2059
printf "$fmt" N llvm_w plug_w llvm_c plug_c ratio llvm_MB plug_MB llvm_instr plug_instr ratio coro_c crl_c
for n in $SIZES; do
  python3 "$here/gen_awaits.py" "$n" -o "$work/aw$n.cpp"
  declare -A sec cpu mb ins
  for v in llvm plugin; do
    # shellcheck disable=SC2046
    /usr/bin/time -f '%e %U %S %M' -o "$work/time.$v" "$CLANGXX" -std=c++20 -O2 -c $(flags "$v" "$n") \
      -ftime-report "$work/aw$n.cpp" -o "$work/aw$n.$v.o" 2>"$work/report.$v.$n"
    read -r sec[$v] u s mb[$v] <"$work/time.$v"
    cpu[$v]=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
    mb[$v]=$((mb[$v] / 1024))
    ins[$v]=-
    case " $COUNT_SIZES " in *" $n "*) ins[$v]=$(instructions "$v" "$n") ;; esac
  done
  grep -q "\"function\"" "$work/aw$n.json" || { echo "plugin_compile_time.sh: N=$n: empty frame report" >&2; exit 1; }
  iratio=-
  [ "${ins[llvm]}" = - ] || iratio=$(awk -v a="${ins[llvm]}" -v b="${ins[plugin]}" 'BEGIN { printf "%.2f", b / a }')
  # shellcheck disable=SC2059
  printf "$fmt" "$n" "${sec[llvm]}" "${sec[plugin]}" "${cpu[llvm]}" "${cpu[plugin]}" \
    "$(awk -v a="${cpu[llvm]}" -v b="${cpu[plugin]}" 'BEGIN { printf "%.2f", b / a }')" \
    "${mb[llvm]}" "${mb[plugin]}" "${ins[llvm]}" "${ins[plugin]}" "$iratio" \
    "$(pass_seconds "$work/report.llvm.$n" 'Coro')" "$(pass_seconds "$work/report.plugin.$n" '[Cc]orolower')"
done
echo "_w: wall seconds; _c: CPU seconds (user + system); ratio: plugin / llvm;" \
  "coro_c: CPU seconds in LLVM's Coro* passes (-ftime-report, llvm build);" \
  "crl_c: in the corolower passes (plugin build)"
