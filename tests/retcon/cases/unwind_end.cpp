// C++ driver: may_throw throws a C++ exception through the lowered
// coroutine's cleanup landing pad (an unwind coro.end) back to here.
#include "rt_driver.h"

struct Boom {
  int step;
};

extern "C" void may_throw(int32_t k, int32_t at) {
  if (k == at) {
    printf("  may_throw(%d): throwing\n", k);
    throw Boom{k};
  }
}

struct step {
  void *k;
  int64_t v;
};
extern "C" void rt_call_guarded(step *out, void *buf, int32_t throw_at);
extern "C" void rt_call_guarded_small(step *out, void *buf, int32_t throw_at);
extern "C" void rt_via_proto(step *out, void *k, void *buf, bool abort);

static void run(const char *name, void (*ramp)(step *, void *, int32_t), int32_t throw_at, int abort_at) {
  alignas(8) unsigned char buf[32];
  long a0 = rt_allocs, d0 = rt_deallocs;
  int n = 0;
  printf("%s, throw at step %d, abort at yield %d\n", name, throw_at, abort_at);
  rt_fresh_buffer(buf, sizeof buf);
  try {
    step s;
    ramp(&s, buf, throw_at);
    while (s.k) {
      n++;
      printf("yield %lld\n", (long long)s.v);
      rt_via_proto(&s, s.k, buf, n == abort_at);
    }
    printf("finished normally\n");
  } catch (const Boom &b) {
    printf("caught Boom from step %d\n", b.step);
  }
  printf("allocs=%ld deallocs=%ld\n", rt_allocs - a0, rt_deallocs - d0);
}

int main() {
  run("guarded", rt_call_guarded, -1, 0);
  run("guarded", rt_call_guarded, 2, 0);
  run("guarded", rt_call_guarded, 1, 0);
  run("guarded", rt_call_guarded, 0, 0);
  run("guarded", rt_call_guarded, 3, 2);
  run("guarded_small", rt_call_guarded_small, 0, 0);
  run("guarded_small", rt_call_guarded_small, 2, 0);
  run("guarded_small", rt_call_guarded_small, -1, 0);
  rt_report_balance("end");
  return 0;
}
