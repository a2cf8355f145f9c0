#!/bin/bash
# The library and the CLI compile without a warning under clang-22 with
# -Wall -Wextra -Werror (gcc's side is .bazelrc's -Werror on every build).
set -u
root=${TEST_SRCDIR:+$TEST_SRCDIR/${TEST_WORKSPACE:-corolower}}
root=${root:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$root" || exit 2
CLANG=${CLANG:-$(command -v clang-22 || true)}
if [ -z "$CLANG" ]; then echo "clang_warnings_test: clang-22 not found" >&2; exit 2; fi
LLVM_INC=${LLVM_INC:-/usr/lib/llvm-22/include}
fail=0 n=0
for f in */*.c tools/corolower_main.c; do
  [ -f "$f" ] || continue
  n=$((n + 1))
  if ! out=$("$CLANG" -std=c11 -Wall -Wextra -Werror -fsyntax-only -I . -I include \
               -I "$LLVM_INC" "$f" 2>&1); then
    echo "FAIL $f"; echo "$out" | head -20; fail=$((fail + 1))
  fi
done
# Headers on their own, as the files that include them see them.
for h in */*.h; do
  case "$h" in core/*) continue ;; esac  # core/ checks its own headers
  n=$((n + 1))
  if ! out=$(printf '#include "%s"\n' "$h" | "$CLANG" -x c -std=c11 -Wall -Wextra \
               -Werror -fsyntax-only -I . -I include -I "$LLVM_INC" - 2>&1); then
    echo "FAIL $h"; echo "$out" | head -20; fail=$((fail + 1))
  fi
done
echo "clang_warnings_test: $n files, $fail with warnings"
[ "$n" -gt 20 ] && [ "$fail" = 0 ]
