// Issue 14, class chain: values computed from a frame value by a chain of
// cheap operations (srem included) are recomputed after the suspend
// rather than kept in the frame.
#include "co.h"
long sink;
Co chain(long s) {
  long t = s * 31 + 7;
  co_await std::suspend_always{};
  std::printf("%ld %ld\n", s, t);
}
Co chain_rem(long s) {
  long t = (s * 13 + 5) % 97;
  long u = t * t - s;
  co_await std::suspend_always{};
  std::printf("%ld %ld %ld\n", s, t, u);
}
int main() {
  chain(4).run();
  chain_rem(11).run();
}
