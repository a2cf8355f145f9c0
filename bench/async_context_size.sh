#!/usr/bin/env bash
# Async context sizes: the size each lowering patches into field 1 of every
# async function pointer, corolower against LLVM 22's passes, on every
# case of tests/async/cases (and any more .ll given as arguments), with the
# x86-64 and AArch64 data layouts. Nothing is run: the sizes are read from
# the lowered IR.
#
# Prints one CSV line per (case, arch, function): case,arch,afp,llvm,corolower
# then, per architecture, how many are smaller / equal / larger and the
# geometric mean of corolower/LLVM. Exit status 1 if any is larger. The
# afp_shared case's shared pointer is left out (a comment line): LLVM
# writes a size too small for one of the two functions sharing it.
#
# Usage: bench/async_context_size.sh [EXTRA.ll ...]
# Environment: COROLOWER (default bazel-bin/corolower), OPT (default opt-22),
#              CLANG (default clang-22, for the targets' data layouts).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
COROLOWER=${COROLOWER:-$root/bazel-bin/corolower}
OPT=${OPT:-opt-22}
CLANG=${CLANG:-clang-22}
work=$(mktemp -d "${TMPDIR:-/tmp}/async_size.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The target lines clang gives an empty C file.
target_lines() {
  : >"$work/empty.c"
  "$CLANG" --target="$1" -S -emit-llvm "$work/empty.c" -o - | grep -E '^target (datalayout|triple)'
}

# NAME size, for every <{ i32, i32 }> or { i32, i32 } global of a module,
# constant or not (swiftc's are mutable, of a named type), named or not
# (@N: N).
sizes_of() {
  sed -n -E 's/^@([A-Za-z0-9_.$]+) = (internal |private |hidden )?(unnamed_addr )?(constant|global) (<?\{ i32, i32 \}>?|%[A-Za-z0-9_.]+) <?\{ .*, i32 ([0-9]+) \}>?.*/\1 \6/p' "$1"
}

inputs=("$root"/tests/async/cases/*.ll "$@")
echo "case,arch,afp,llvm,corolower"
declare -A smaller equal larger logsum count
for arch in x86_64 aarch64; do
  tl=$(target_lines "$arch-linux-gnu")
  for f in "${inputs[@]}"; do
    n=$(basename "$f" .ll)
    { echo "$tl"; grep -v -E '^target (datalayout|triple)' "$f"; } >"$work/$n.in.ll"
    "$OPT" -S -passes='coro-early,cgscc(coro-split),coro-cleanup' "$work/$n.in.ll" \
      -o "$work/$n.llvm.ll" 2>/dev/null || continue
    # realigned_frame is realigned at run time, as LLVM 22 does (the
    # default).
    "$COROLOWER" "$work/$n.in.ll" -S -o "$work/$n.crl.ll" 2>/dev/null || {
      echo "corolower failed on $n ($arch)" >&2; exit 1; }
    # Only the async function pointers of coroutines (those LLVM changed or
    # that name a coroutine's id); the input's own sizes tell which.
    sizes_of "$work/$n.in.ll" | sort >"$work/in.txt"
    sizes_of "$work/$n.llvm.ll" | sort >"$work/llvm.txt"
    sizes_of "$work/$n.crl.ll" | sort >"$work/crl.txt"
    ids=$(grep -o '@llvm.coro.id.async(i32 [0-9]*, i32 [0-9]*, i32 [0-9]*, ptr @[A-Za-z0-9_.$]*' \
            "$work/$n.in.ll" | sed 's/.*ptr @//' | sort -u)
    for g in $ids; do
      l=$(awk -v g="$g" '$1 == g { print $2 }' "$work/llvm.txt")
      c=$(awk -v g="$g" '$1 == g { print $2 }' "$work/crl.txt")
      [ -n "$l" ] && [ -n "$c" ] || continue
      # Where LLVM 22's size is too small for the program (an expected
      # failure of its own in //tests/async:async_llvm), it is no baseline.
      if [ "$n/$g" = afp_shared/shared_afp ]; then
        echo "# $n,$arch,$g,$l,$c: not compared: LLVM's size is too small (tests/async/README.md)"
        continue
      fi
      echo "$n,$arch,$g,$l,$c"
      count[$arch]=$(( ${count[$arch]:-0} + 1 ))
      if [ "$c" -lt "$l" ]; then smaller[$arch]=$(( ${smaller[$arch]:-0} + 1 ));
      elif [ "$c" -eq "$l" ]; then equal[$arch]=$(( ${equal[$arch]:-0} + 1 ));
      else larger[$arch]=$(( ${larger[$arch]:-0} + 1 )); fi
      logsum[$arch]=$(awk -v s="${logsum[$arch]:-0}" -v c="$c" -v l="$l" 'BEGIN { printf "%.12f", s + log(c / l) }')
    done
  done
done
bad=0
for arch in x86_64 aarch64; do
  gm=$(awk -v s="${logsum[$arch]:-0}" -v n="${count[$arch]:-1}" 'BEGIN { printf "%.4f", exp(s / n) }')
  echo "# $arch: ${count[$arch]:-0} async functions: ${smaller[$arch]:-0} smaller, ${equal[$arch]:-0} equal, ${larger[$arch]:-0} larger; geometric mean corolower/LLVM $gm"
  [ "${larger[$arch]:-0}" -eq 0 ] || bad=1
done
exit $bad
