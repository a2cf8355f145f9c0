#!/usr/bin/env bash
# LLVM 22's coro passes followed by the context_alloc contract (see
# cases/context_alloc.ll), which LLVM 22 does not implement: every
#   call ptr @llvm.coro.async.context.alloc(ptr AFP, ptr TASK)
# becomes a call of a helper that reads AFP's context size at run time and
# calls swift_task_alloc(TASK, size) (size_t: i32 when the module's data
# layout has 32-bit pointers, else i64), and every
#   call void @llvm.coro.async.context.dealloc(ptr C)
# becomes call void @swift_task_dealloc(ptr C).
# Only to check that the context_alloc case itself is right:
#   run_async.sh --lower 'tests/async/lower_llvm_with_context_alloc.sh {in} {out}'
# Usage: lower_llvm_with_context_alloc.sh IN OUT
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 IN OUT" >&2; exit 2; }
opt=${OPT:-opt-22}
tmp=$(mktemp "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/ctxalloc.XXXXXX.ll")
trap 'rm -f "$tmp"' EXIT
isz=64
if grep -qE '^target datalayout = ".*-p:32:' "$1"; then isz=32; fi
"$opt" -S -passes='coro-early,cgscc(coro-split),coro-cleanup' "$1" -o "$tmp"
sed -e 's/call ptr @llvm\.coro\.async\.context\.alloc(/call ptr @contract.context.alloc(/' \
    -e 's/call void @llvm\.coro\.async\.context\.dealloc(/call void @swift_task_dealloc(/' \
    "$tmp" >"$2"
if ! grep -q '^declare void @swift_task_dealloc(ptr)' "$2"; then
  echo 'declare void @swift_task_dealloc(ptr)' >>"$2"
fi
if ! grep -q "^declare ptr @swift_task_alloc(ptr, i$isz)" "$2"; then
  echo "declare ptr @swift_task_alloc(ptr, i$isz)" >>"$2"
fi
cat >>"$2" <<IR
define internal ptr @contract.context.alloc(ptr %afp, ptr %task) {
  %sizep = getelementptr inbounds <{ i32, i32 }>, ptr %afp, i32 0, i32 1
  %size = load i32, ptr %sizep, align 4
  %sizeN = $( [ "$isz" = 32 ] && echo "add i32 %size, 0" || echo "zext i32 %size to i64")
  %c = call ptr @swift_task_alloc(ptr %task, i$isz %sizeN)
  ret ptr %c
}
IR
