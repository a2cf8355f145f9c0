// IR the harness tests share (of switched-resume coroutines, and the
// swifterror callee of all three ABIs): one definition each, composed into
// their modules.
#ifndef COROLOWER_TESTS_HARNESS_IR_FRAGMENTS_H
#define COROLOWER_TESTS_HARNESS_IR_FRAGMENTS_H

#include <string>

namespace crlh {

// The lines every switched-resume coroutine of the tests shares, so that a
// test shows only its own. A coroutine reads
//   define ptr @co(i64 %x) presplitcoroutine {
//   entry:
//   )" + Begin() + R"(
//     ... its body, down to its cleanup block's own lines ...
//   cleanup:
//   )" + FreeAndEnd() + R"(
// Begin: coro.id (frame alignment `align`, promise `promise`), the frame's
// memory from @`alloc`, and coro.begin, whose handle is %hdl.
std::string Begin(int align = 0, const char *promise = "null",
                  const char *alloc = "alloc_frame");
// FreeAndEnd: the cleanup block's last lines (coro.free of %hdl, given to
// @`free`, then on to `ret`), block `ret` (coro.end, then `tail`: by
// default the ramp returns %hdl) and the function's closing brace.
extern const char kReturnHandle[];
std::string FreeAndEnd(const char *ret = "ret", const char *tail = kReturnHandle,
                       const char *free = "free_frame");

// @counter(n): traces n, n+1, ... at each resume, and -1 when destroyed;
// its frame comes from @`alloc` and goes back to @`free`.
std::string Counter(const char *alloc = "alloc_frame", const char *free = "free_frame");

// @thrower(v, err): what a throwing Swift function does with its swifterror
// slot. It sets the error for multiples of 3, to a value that also depends
// on the error it was called with (2 * old + 16 * v + 1), so that a slot
// handed the wrong value shows in a trace.
inline constexpr char kThrower[] = R"(
define swiftcc void @thrower(i64 %v, ptr swifterror %err) {
  %m = urem i64 %v, 3
  %t = icmp eq i64 %m, 0
  br i1 %t, label %throw, label %ok
throw:
  %old = load ptr, ptr %err
  %oi = ptrtoint ptr %old to i64
  %o2 = mul i64 %oi, 2
  %x = mul i64 %v, 16
  %y = add i64 %o2, %x
  %z = add i64 %y, 1
  %p = inttoptr i64 %z to ptr
  store ptr %p, ptr %err
  br label %ok
ok:
  ret void
}
)";

}  // namespace crlh

#endif
