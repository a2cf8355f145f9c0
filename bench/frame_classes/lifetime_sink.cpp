// Issue 14, class lifetime_sink: a local whose lifetime starts long before
// its first use (clang starts every local of a scope at its top): only
// the part from its first use matters, so it does not live across the
// suspends in between.
#include "co.h"
long sink;
__attribute__((noinline)) void fill(long *p, int n) {
  for (int i = 0; i < n; i++) p[i] = i;
}
Co lifetime_sink(int n) {
  for (int r = 0; r < 2; r++) {
    long buf[8];
    co_await std::suspend_always{};
    co_await std::suspend_always{};
    fill(buf, n);
    long s = 0;
    for (int i = 0; i < n; i++) s += buf[i];
    sink += s;
  }
}
int main() {
  lifetime_sink(8).run();
  std::printf("%ld\n", sink);
}
