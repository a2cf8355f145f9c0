// The IR fragments the harness tests compose their modules of.
#include "tests/harness/ir_fragments.h"

namespace crlh {

std::string Begin(int align, const char *promise, const char *alloc) {
  return "  %id = call token @llvm.coro.id(i32 " + std::to_string(align) + ", ptr " + promise +
         ", ptr null, ptr null)\n"
         "  %size = call i64 @llvm.coro.size.i64()\n"
         "  %mem = call ptr @" + alloc + "(i64 %size)\n"
         "  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)\n";
}

const char kReturnHandle[] = "  ret ptr %hdl\n";

std::string FreeAndEnd(const char *ret, const char *tail, const char *free) {
  return std::string("  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)\n"
                     "  call void @") + free + "(ptr %f)\n"
         "  br label %" + ret + "\n" + ret + ":\n"
         "  call void @llvm.coro.end(ptr %hdl, i1 false, token none)\n" + tail + "}\n";
}

std::string Counter(const char *alloc, const char *free) {
  return R"(
define ptr @counter(i64 %n) presplitcoroutine {
entry:
)" + Begin(0, "null", alloc) + R"(
  br label %loop
loop:
  %v = phi i64 [ %n, %entry ], [ %next, %resume ]
  call void @trace(i64 %v)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %out [ i8 0, label %resume
                             i8 1, label %cleanup ]
resume:
  %next = add i64 %v, 1
  br label %loop
cleanup:
  call void @trace(i64 -1)
)" + FreeAndEnd("out", kReturnHandle, free);
}

}  // namespace crlh
