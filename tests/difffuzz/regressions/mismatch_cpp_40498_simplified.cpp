// mismatch_cpp_40498_simplified: corolower mismatch in mode simplified (LLVM's lowering matches the native reference)
// exit status 1, expected 3 
// reduced from seed 40498 by run_diff.py --reduce (123 tests); regenerate with: gen_cpp.py 40498 --size 6 --disable boolaw,voidaw,destroy,customnew --skip 4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,64,65,66,67,68,69,70,71,72,73,74,75,76,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127,128,129,130,131,132,133,134,135,136,137,138,139,140,141,142,143,144,145,146,147,148,149,150,151,152,153,154,155,156,157,158,159,167,172,174,175,176,177,178,179,180,181,182,183,184,185,186,187,188,189,190,194,195,196,197,198,199,200,201,202,203,204,205,206,207,208,209
// check with: run_diff.py --lower CMD --files THIS_FILE --modes simplified
// gen_cpp.py 40498 --size 6 --disable boolaw,customnew,destroy,voidaw
#include "../cpp_prelude.h"

Task<false, false, 0> t0();
Task<true, false, 0> t4(unsigned a0);
Task<true, true, 2> t5(unsigned a0);

Task<false, false, 0> t0() {
  unsigned acc = 17u;
  auto task64 = t4((3u + acc));
  co_return acc;
}

Task<true, false, 0> t4(unsigned a0) {
  unsigned acc = 31693u;
  acc += a0;
  acc += co_await t5((2147483647u / (acc | 1u))).via_bool();
  co_return acc;
}

__attribute__((noinline)) Task<true, true, 2> t5(unsigned a0) {
  unsigned acc = 39612u;
  acc += a0;
  acc = ((a0 >> 23u) * (acc >> 20u));
  unsigned v1 = ((2u ^ 3u) / (a0 | 1u));
  {
    Guard guard20{107u};
    acc += co_await YBool{(v1 + acc)};
    unsigned big21[128];
    for (unsigned i22 = 0; i22 < 128u; ++i22) big21[i22] = mix(i22, acc);
    trace(106u, mix(big21[(v1) % 128u], acc));
  }
  alignas(64) unsigned al23[16];
  for (unsigned i24 = 0; i24 < 16u; ++i24) al23[i24] = i24 + mix(a0, a0);
  acc += is_aligned(al23, 64u);
  acc += co_await YVoid{mix(acc, a0)};
  co_return acc;
}

int main() {
  unsigned acc = 0u;
  try {
    auto r = t0();
    r.start();
  } catch (const Exc &e) {
  }
  drain();
  std::printf("end %u live %ld allocs %ld bytes %ld lines %u\n", g_ck, g_live, g_allocs, g_bytes, g_lines);
  return (int)(g_ck % 7u);
}
