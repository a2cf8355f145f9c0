#!/usr/bin/env bash
# Control for cases/deep_tail_loop: the case only survives if the awaits are
# real tail calls. This lowers it with LLVM 22's passes, removes `musttail`
# from the output and builds it at -O0 (where nothing turns the calls back
# into tail calls) for x86-64 and AArch64. Expected:
#   - with the case's 256 KiB thread stack, the program dies (SIGSEGV);
#   - with a 1 GiB stack (ASYNC_STACK_KB) it completes, but reports
#     "stack moved less than 4 KiB: NO": the stack probe catches non-tail
#     awaits even when the stack is large enough.
# With musttail kept, both runs print the expected output.
# (At -O2 LLVM's optimizer makes the plain calls sibling calls again, so
# the musttail-less program survives there.)
# Usage: notail_control.sh [--workdir DIR]
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cases="$here/cases"
work=""
[ "${1:-}" = --workdir ] && work=$2
if [ -z "$work" ]; then
  work=$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/notail.XXXXXX") || exit 2
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"
fail=0
for arch in x86_64 aarch64; do
  t=$arch-linux-gnu
  run=()
  [ $arch = aarch64 ] && run=(qemu-aarch64 -L /usr/aarch64-linux-gnu)
  { clang-22 --target=$t -S -emit-llvm -x c /dev/null -o - | grep -E '^target (datalayout|triple)'
    grep -Ev '^target (datalayout|triple)' "$cases/deep_tail_loop.ll"; } >"$work/$arch.in.ll"
  opt-22 -S -passes='coro-early,cgscc(coro-split),coro-cleanup' "$work/$arch.in.ll" -o "$work/$arch.tail.ll" || exit 2
  sed 's/musttail call/call/' "$work/$arch.tail.ll" >"$work/$arch.notail.ll"
  for v in tail notail; do
    clang-22 --target=$t -O0 -w "$work/$arch.$v.ll" "$cases/deep_tail_loop.c" -I"$cases" -pthread -o "$work/$arch.$v" || exit 2
    for kb in 256 1048576; do
      out=$(bash -c 'ASYNC_STACK_KB=$0 "${@}" 2>/dev/null; echo "exit=$?"' "$kb" "${run[@]}" "$work/$arch.$v" 2>/dev/null)
      verdict=$(printf '%s\n' "$out" | grep -E 'stack moved|exit=' | tr '\n' ' ')
      echo "$arch -O0 $v stack=${kb}KiB: $verdict"
      case "$v:$kb" in
        tail:*) printf '%s\n' "$out" | grep -q 'exit=0' || fail=1 ;;
        notail:256) printf '%s\n' "$out" | grep -q 'exit=0' && fail=1 ;;
        notail:*) printf '%s\n' "$out" | grep -q 'less than 4 KiB: NO' || fail=1 ;;
      esac
    done
  done
done
[ $fail -eq 0 ] && echo "control OK" || echo "control FAILED"
exit $fail
