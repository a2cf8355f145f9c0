// Issue 14, class lifetime_sink: a local whose lifetime starts long before
// its first use (clang starts a local's lifetime at its declaration): only
// the part from its first use matters, so it does not live across the
// suspends in between (LLVM sinks the lifetime.start to the first use).
// The buffer is handed to a parameter that does not capture it (noescape:
// captures(none) in the IR); an escaping local keeps its whole lifetime.
#include "co.h"
long sink;
__attribute__((noinline)) void fill(long *__attribute__((noescape)) p, int n) {
  for (int i = 0; i < n; i++) p[i] = i;
}
Co lifetime_sink(int n) {
  long buf[8];
  co_await std::suspend_always{};
  co_await std::suspend_always{};
  fill(buf, n);
  long s = 0;
  for (int i = 0; i < n; i++) s += buf[i];
  co_await std::suspend_always{};
  sink += s;
}
int main() {
  lifetime_sink(8).run();
  std::printf("%ld\n", sink);
}
