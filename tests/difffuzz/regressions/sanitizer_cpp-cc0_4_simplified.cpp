// sanitizer_cpp-cc0_4_simplified: corolower sanitizer in mode simplified (LLVM's lowering matches the native reference)
// ==6686==ERROR: AddressSanitizer: heap-use-after-free on address 0x7d3a991e0092 at pc 0x55e7fe067689 bp 0x7fff52708ed0 sp 0x7fff52708ec8
// reduced from seed 4 by run_diff.py --reduce (48 tests); regenerate with: gen_cpp.py 4 --size 1 --disable task,gen,nested,symm,boolaw,voidaw,raii,exc,rethrow,destroy,params,escape,overalign,bigarray,customnew,sched,loops,branch --skip 1,2,3,4,5,6,7,8,9,10,12,13,14,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,33,34
// check with: run_diff.py --lower CMD --files THIS_FILE --modes simplified --asan --cc-opt O0
// gen_cpp.py 4 --size 1 --disable bigarray,boolaw,branch,customnew,destroy,escape,exc,gen,loops,nested,overalign,params,raii,rethrow,sched,symm,task,voidaw
#include "../cpp_prelude.h"

struct Obj {
  unsigned base, hits;
  Fire<0, 0> f2();
};
static Obj g_objs[4] = {{3u, 0u}, {17u, 1u}, {255u, 2u}, {4099u, 3u}};
__attribute__((noinline)) Obj *objp(unsigned k) { return &g_objs[k % 4u]; }

Fire<0, 0> Obj::f2() {
  unsigned acc = 15855u;
  acc = ((base % (65535u | 1u)) + acc);
  acc += co_await HVoid{(base / (4294967280u | 1u))};
  trace(30002u, acc);
  co_return;
}

int main() {
  unsigned acc = 0u;
  objp(1u)->f2().go();
  std::printf("end %u live %ld allocs %ld bytes %ld lines %u\n", g_ck, g_live, g_allocs, g_bytes, g_lines);
  return (int)(g_ck % 7u);
}
