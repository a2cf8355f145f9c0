// sanitizer_cpp_18_O2: corolower sanitizer in mode O2 (LLVM's lowering fails too: sanitizer)
// ==28422==ERROR: AddressSanitizer: heap-use-after-free on address 0x7b9eeafe0050 at pc 0x55efcc7e8df7 bp 0x7ffee9657e20 sp 0x7ffee9657e18
// reduced from seed 18 by run_diff.py --reduce (96 tests); regenerate with: gen_cpp.py 18 --size 6 --disable nested,symm,boolaw,voidaw,overalign,customnew --skip 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,46,47,48,49,50,51,52,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,109,110,113,114,115,116,120,126,127,128,129,130,131,132,133,134,135,136,137,138,139,140,141,142,143,144,145,146,147,148,149,150,153,154,155,156,157
// check with: run_diff.py --lower CMD --files THIS_FILE --modes O2 --asan
// gen_cpp.py 18 --size 6 --disable boolaw,customnew,nested,overalign,symm,voidaw
#include "../cpp_prelude.h"

Task<true, true, 0> t1(unsigned a0);
Gen<true, 0> g2(unsigned a0, P1 a1, P1 a2);
Gen<false, 0> g3(P1 a0, P1 a1);

Task<true, true, 0> t1(unsigned a0) {
  unsigned acc = 7936u;
  acc += a0;
  unsigned big36[64];
  for (unsigned i37 = 0; i37 < 64u; ++i37) big36[i37] = mix(i37, acc);
  {
    auto gen38 = g2(mix(4294967280u, big36[(a0) % 64u]), P1{(a0 - a0), (acc - 0u)}, P1{big36[(a0) % 64u], mix(1u, 3u)});
    for (unsigned k39 = 0; k39 < 5u && gen38.next(); ++k39) {
    }
  }
  co_return acc;
}

Gen<true, 0> g2(unsigned a0, P1 a1, P1 a2) {
  unsigned acc = 15855u;
  acc += a0 + a1.x + a2.x;
  {
    auto gen32 = g3(P1{(acc + 5u), acc}, P1{(acc * a1.y), (a2.x * a2.x)});
    for (unsigned k33 = 0; k33 < 5u && gen32.next(); ++k33) {
    }
  }
  co_yield acc;
}

Gen<false, 0> g3(P1 a0, P1 a1) {
  unsigned acc = 23774u;
  acc += a0.x + a1.x;
  for (unsigned i14 = 0; i14 < 3u; ++i14) {
    for (unsigned i15 = 0; i15 < 3u; ++i15) {
      if (((a0.y / (i15 | 1u))) % 2u == 0u) throw Exc{(i14 % (acc | 1u))};
    }
  }
  co_yield acc;
}

int main() {
  unsigned acc = 0u;
  try {
    auto r = t1((acc - acc));
  } catch (const Exc &e) {
  }
  drain();
  std::printf("end %u live %ld allocs %ld bytes %ld lines %u\n", g_ck, g_live, g_allocs, g_bytes, g_lines);
  return (int)(g_ck % 7u);
}
