// internal_cpp_5000_simplified: corolower internal in mode simplified (LLVM's lowering matches the native reference)
// corolower: error: simplified.presplit.ll: in function '_Z2t3jj': internal error: a value used after a suspend was not kept in the frame:   %i18.0 = phi i32 [ %inc111, %for.inc110 ], [ 0, %coro.spill ]
// reduced from seed 5000 by run_diff.py --reduce (68 tests); regenerate with: gen_cpp.py 5000 --size 6 --disable boolaw,voidaw,rethrow,destroy,customnew,sched --skip 2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,31,32,37,39,40,43,44,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88
// check with: run_diff.py --lower CMD --files THIS_FILE --modes simplified --asan
// gen_cpp.py 5000 --size 6 --disable boolaw,customnew,destroy,rethrow,sched,voidaw
#include "../cpp_prelude.h"

Task<false, false, 2> t3(unsigned a0, unsigned a1);
Task<true, false, 0> t4();

Task<false, false, 2> t3(unsigned a0, unsigned a1) {
  unsigned acc = 23774u;
  acc += a0 + a1;
  unsigned e16 = acc;
  unsigned s17 = publish(&e16);
  for (unsigned i18 = 0; i18 < 2u; ++i18) {
    acc += co_await YReady{(a0 % (acc | 1u))};
    acc += co_await t4().sym();
    {
      {
        acc += co_await t4().sym();
      }
    }
  }
  acc = peek(s17);
  co_return acc;
}

Task<true, false, 0> t4() {
  unsigned acc = 31693u;
  co_return acc;
}

int main() {
  unsigned acc = 0u;
  std::printf("end %u live %ld allocs %ld bytes %ld lines %u\n", g_ck, g_live, g_allocs, g_bytes, g_lines);
  return (int)(g_ck % 7u);
}
