// Issue 14, class byval_tmp: the by-value argument temporary (clang's
// agg.tmp, no lifetime markers) handed to a byval parameter between two
// suspends, and a local handed to a captures(none) parameter: neither
// escapes, neither lives across a suspend.
#include "co.h"
long sink;
struct P { int v[5]; };
__attribute__((noinline)) int take(P p) { return p.v[0] + p.v[4]; }
__attribute__((noinline)) void look(const long *p) { sink += *p; }
Co byval_tmp(P a) {
  for (int i = 0; i < 3; ++i) {
    co_await std::suspend_always{};
    sink += take(a);
  }
}
Co nocapture(long x) {
  for (int i = 0; i < 3; ++i) {
    co_await std::suspend_always{};
    long t = x + i;
    look(&t);
  }
}
int main() {
  P p{{1, 2, 3, 4, 5}};
  byval_tmp(p).run();
  nocapture(7).run();
  std::printf("%ld\n", sink);
}
