#!/usr/bin/env bash
# Every malformed input (tests/malformed/inputs) through clang-22 -O2 and
# -O0 with the plugin: corolower refuses, and the refusal is a compiler
# error, never a crash: no "fatal error" or stack dump from LLVM's own
# coroutine passes or code generator, which later in the same pipeline
# abort on input corolower refused (plugin/lower.cc sets the refused
# functions aside). A crash after corolower's error fails; a crash with no
# error of corolower's, on input clang crashes on without the plugin too,
# is counted apart: there corolower never saw a coroutine to refuse.
# Usage: plugin_malformed_test.sh PLUGIN.so INPUT.ll...
set -uo pipefail
plugin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
work=$(mktemp -d "${TEST_TMPDIR:-/tmp}/plugin_malformed.XXXXXX")
crashed() { grep -q "PLEASE submit\|fatal error\|Stack dump" "$1"; }
pass=0 fail=0 llvm_too=0
for f in "$@"; do
  name=$(basename "$f" .ll)
  for O in O0 O2; do
    timeout 120 clang-22 -$O -c -fpass-plugin="$plugin" "$f" -o "$work/x.o" >"$work/p.log" 2>&1
    if ! crashed "$work/p.log"; then
      pass=$((pass + 1))
      continue
    fi
    timeout 120 clang-22 -$O -c "$f" -o "$work/x.o" >"$work/n.log" 2>&1
    if ! grep -q "error: corolower" "$work/p.log" && crashed "$work/n.log"; then
      llvm_too=$((llvm_too + 1))
      echo "LLVM-TOO $name -$O: clang crashes without the plugin as well"
    else
      fail=$((fail + 1))
      echo "FAIL $name -$O: $(grep -m1 'fatal error\|error:' "$work/p.log" | cut -c1-200)"
    fi
  done
done
rm -rf "$work"
echo "plugin_malformed: $pass without a crash, $fail crashed, $llvm_too crash without the plugin too"
[ "$fail" = 0 ] && [ "$pass" -gt 0 ]
