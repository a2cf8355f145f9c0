// Issue 14, class array_element (found by gen_cpp.py 41388): an element
// address of a local array that lives in the frame, picked by an index
// computed from an argument, used after the suspend. The address is
// recomputed from the argument and the array's field rather than kept:
// 1056 bytes as LLVM's (1064 with the address kept; the second argument
// takes the padding below the 16-aligned array, so the 8 bytes show).
#include "co.h"
long sink;
__attribute__((noinline)) unsigned mix(unsigned a, unsigned b) { return a * 2654435761u ^ b; }
Co array_element(unsigned a0, unsigned b) {
  unsigned acc = a0 + 31693u;
  unsigned big[256];
  for (unsigned i = 0; i < 256u; ++i) big[i] = mix(i, acc);
  unsigned &pick = big[acc % 256u];
  co_await std::suspend_always{};
  pick += 1;
  co_await std::suspend_always{};
  std::printf("%u %u %u\n", pick, big[(acc + 1) % 256u], b);
}
int main() { array_element(7, 3).run(); }
