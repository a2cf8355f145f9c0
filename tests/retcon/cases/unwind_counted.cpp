// C++ driver: next_token throws a C++ exception through the lowered
// coroutine's cleanup landing pads (unwind coro.end) back to here.
#include "rt_driver.h"

struct BadToken {
  int64_t at;
};

static int64_t bad = -1;

extern "C" int64_t next_token(int64_t prev) {
  int64_t t = prev * 3 + 1;
  if (t == bad) {
    printf("  next_token(%lld): throwing\n", (long long)prev);
    throw BadToken{t};
  }
  return t;
}

struct step {
  void *k;
  int64_t v;
};
extern "C" void rt_call_parse(step *out, void *buf, int64_t seed);
extern "C" void rt_via_parse_proto(step *out, void *k, void *buf, bool abort);

static void run(int64_t seed, int64_t throw_on, int abort_at) {
  alignas(8) unsigned char buf[16];
  long a0 = rt_allocs, d0 = rt_deallocs;
  bad = throw_on;
  printf("parse(%lld), bad token %lld, abort at %d\n", (long long)seed, (long long)throw_on,
         abort_at);
  rt_fresh_buffer(buf, sizeof buf);
  try {
    int n = 0;
    step s;
    for (rt_call_parse(&s, buf, seed); s.k; rt_via_parse_proto(&s, s.k, buf, ++n == abort_at))
      printf("token %lld\n", (long long)s.v);
    printf("finished normally\n");
  } catch (const BadToken &b) {
    printf("caught BadToken %lld\n", (long long)b.at);
  }
  printf("allocations %ld, frees %ld\n", rt_allocs - a0, rt_deallocs - d0);
}

int main() {
  run(0, -1, 3);   // no exception, stopped at the third token
  run(0, 1, 0);    // throws in the ramp
  run(0, 13, 0);   // throws in a continuation
  run(2, -1, 0);   // no exception: the log fills up (16 tokens)
  rt_report_counts("end");
  return 0;
}
