// IR the tests of all three ABIs share (switched-resume, retcon, async):
// one definition each, composed into their modules.
#ifndef COROLOWER_TESTS_HARNESS_IR_FRAGMENTS_H
#define COROLOWER_TESTS_HARNESS_IR_FRAGMENTS_H

namespace crlh {

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
