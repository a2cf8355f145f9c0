#!/bin/bash
# Runs coro_mutate.py over real clang++-22 output (every e2e program as
# presplit IR at -O0 and -O2, and the bundled example) and the repository's
# hand-written coroutines (see BUILD).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${TEST_TMPDIR:-$(mktemp -d)}/coro_mutate_inputs
mkdir -p "$work"
for src in "$root"/tests/e2e/programs/*.cpp; do
  n=$(basename "$src" .cpp)
  for o in O0 O2; do
    clang++-22 -std=c++20 -$o -S -emit-llvm -Xclang -disable-llvm-passes \
      "$src" -o "$work/$n.$o.ll"
  done
done
exec python3 -B "$here/coro_mutate.py" "$root/corolower" opt-22 20261122 600 \
  "$work"/*.ll "$root"/examples/*.ll "$root"/tests/lit/*.ll "$root"/tests/seeds/*.ll
