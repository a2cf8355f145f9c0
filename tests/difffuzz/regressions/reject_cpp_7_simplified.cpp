// reject_cpp_7_simplified: corolower reject in mode simplified (LLVM's lowering matches the native reference)
// corolower: error: simplified.presplit.ll: in function '_Z2t2j': llvm.coro.await.suspend.void is not followed by a suspend point
// reduced from seed 7 by run_diff.py --reduce (66 tests); regenerate with: gen_cpp.py 7 --size 6 --disable rethrow,destroy,customnew,sched --skip 2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,63,64,65,67,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89
// check with: run_diff.py --lower CMD --files THIS_FILE --modes simplified
// gen_cpp.py 7 --size 6 --disable customnew,destroy,rethrow,sched
#include "../cpp_prelude.h"

Task<false, false, 2> t2(unsigned a0);
Task<false, false, 0> t5(P1 a0, P1 a1, unsigned a2);

Task<false, false, 2> t2(unsigned a0) {
  unsigned acc = 15855u;
  acc += a0;
  if (((acc + acc)) % 4u == 3u) {
    unsigned big27[256];
    for (unsigned i28 = 0; i28 < 256u; ++i28) big27[i28] = mix(i28, acc);
    acc += co_await t5(P1{(acc * acc), 13u}, P1{acc, big27[(big27[(255u) % 256u]) % 256u]}, (0u + a0)).via_void();
  }
  co_return acc;
}

Task<false, false, 0> t5(P1 a0, P1 a1, unsigned a2) {
  unsigned acc = 39612u;
  acc += a0.x + a1.x + a2;
  co_return acc;
}

int main() {
  unsigned acc = 0u;
  std::printf("end %u live %ld allocs %ld bytes %ld lines %u\n", g_ck, g_live, g_allocs, g_bytes, g_lines);
  return (int)(g_ck % 7u);
}
