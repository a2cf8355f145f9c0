// internal_cpp_1166_simplified: corolower internal in mode simplified (LLVM's lowering matches the native reference)
// corolower: error: simplified.presplit.ll: internal error: lowered module fails the verifier: Instruction does not dominate all uses!
// reduced from seed 1166 by run_diff.py --reduce (80 tests); regenerate with: gen_cpp.py 1166 --size 6 --disable nested,symm,boolaw,voidaw,rethrow,destroy,overalign,customnew,sched --skip 2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,25,28,31,34,38,39,43,44,45,46,47,54,55,56,57,58,59,60,61,62,69,70,71,72,73,74,78,84,85,86,87,88,89,90,91,92,93,94,95,96,98,99,100,101,102,105,106,107,114,115,116,117,118,119,120,121,122,123,124,125,126,127,128
// check with: run_diff.py --lower CMD --files THIS_FILE --modes simplified
// gen_cpp.py 1166 --size 6 --disable boolaw,customnew,destroy,nested,overalign,rethrow,sched,symm,voidaw
#include "../cpp_prelude.h"

Task<true, false, 0> t5(unsigned a0);
Gen<false, 0> g6(unsigned a0, P1 a1);

Task<true, false, 0> t5(unsigned a0) {
  unsigned acc = 39612u;
  acc += a0;
  unsigned e10 = mix(a0, 13u);
  unsigned s11 = publish(&e10);
  for (unsigned i12 = 0; i12 < 1u; ++i12) {
    acc += co_await YReady{a0};
    acc += co_await YReady{e10};
    {
      Guard guard13{105u};
      {
        unsigned e15 = e10;
        unsigned s16 = publish(&e15);
        unsigned e17 = (peek(s16) / (e10 | 1u));
        unsigned s18 = publish(&e17);
        acc += co_await YReady{(255u ^ peek(s18))};
      }
      acc = (7u - (e10 / (65535u | 1u)));
    }
  }
  {
    auto gen19 = g6(peek(s11), P1{(e10 ^ peek(s11)), e10});
  }
  co_return acc;
}

Gen<false, 0> g6(unsigned a0, P1 a1) {
  unsigned acc = 47531u;
  acc += a0 + a1.x;
  co_yield acc;
}

int main() {
  unsigned acc = 0u;
  std::printf("end %u live %ld allocs %ld bytes %ld lines %u\n", g_ck, g_live, g_allocs, g_bytes, g_lines);
  return (int)(g_ck % 7u);
}
