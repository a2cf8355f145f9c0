#!/bin/bash
# The library and the CLI compile without a warning under clang-22 and gcc,
# unoptimized and at -O2 (where gcc's flow-dependent warnings appear), with
# -Wall -Wextra -Werror; every header also compiles on its own. (The Bazel
# build adds -Werror for gcc in whatever mode it runs.)
set -u
root=${TEST_SRCDIR:+$TEST_SRCDIR/${TEST_WORKSPACE:-corolower}}
root=${root:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$root" || exit 2
CLANG=${CLANG:-$(command -v clang-22 || true)}
GCC=${GCC:-$(command -v gcc || true)}
if [ -z "$CLANG" ] || [ -z "$GCC" ]; then echo "warnings_test: needs clang-22 and gcc" >&2; exit 2; fi
LLVM_INC=${LLVM_INC:-/usr/lib/llvm-22/include}
flags=(-std=c11 -Wall -Wextra -Werror -I . -I include -I "$LLVM_INC")
fail=0 n=0
check() {  # check LABEL COMMAND...
  local label=$1 out
  shift
  n=$((n + 1))
  if ! out=$("$@" 2>&1); then
    echo "FAIL $label"; echo "$out" | head -20; fail=$((fail + 1))
  fi
}
for f in */*.c tools/corolower_main.c; do
  [ -f "$f" ] || continue
  check "$f (clang-22)" "$CLANG" "${flags[@]}" -fsyntax-only "$f"
  check "$f (clang-22 -O2)" "$CLANG" "${flags[@]}" -O2 -c -o /dev/null "$f"
  check "$f (gcc -O2)" "$GCC" "${flags[@]}" -O2 -c -o /dev/null "$f"
done
for h in */*.h; do
  case "$h" in core/*) continue ;; esac  # core/ checks its own headers
  check "$h (clang-22, alone)" sh -c \
        'h=$0 cc=$1; shift; printf "#include \"%s\"\n" "$h" | "$cc" -x c "$@" -fsyntax-only -' \
        "$h" "$CLANG" "${flags[@]}"
done
echo "warnings_test: $n compilations, $fail with warnings"
[ "$n" -gt 60 ] && [ "$fail" = 0 ]
