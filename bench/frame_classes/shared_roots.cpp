// Issue 14, class shared_roots: several values cut out of by-value struct
// arguments (passed as two i64) and a sum of them, all needed after
// suspends. Value by value, keeping each 4-byte field is cheaper than
// keeping the 8-byte argument it comes from; together, keeping both
// arguments and recomputing every field and the sum is cheaper, which is
// LLVM's choice. corolower lays that plan out too and keeps the smaller.
#include "co.h"
long sink;
struct P { unsigned x, y; };
__attribute__((noinline)) unsigned pick(P p, unsigned v) { return p.x * v + p.y; }
Co shared_roots(unsigned k, P a, P b) {
  unsigned acc = k + a.x + b.x + 23774u;
  co_await std::suspend_always{};
  sink += acc;
  sink += pick(P{13u, b.y - 1u}, a.x);
  co_await std::suspend_always{};
  sink += ((a.x ^ a.y) ^ b.x) + (k + a.y) + acc;
  std::printf("%ld\n", sink);
}
int main() {
  shared_roots(3, P{7, 5}, P{11, 9}).run();
  shared_roots(1, P{12, 0}, P{2, 0}).run();
}
