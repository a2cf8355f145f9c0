#include "../cases/rt_driver.h"

struct word_out { void *k; const char *w; int64_t len; };
void words_start(void *buf, const char *s, int64_t max, struct word_out *out);
void words_next(void *k, void *buf, bool abort, struct word_out *out);

static void run(const char *s, int64_t max, int abort_at) {
  _Alignas(8) unsigned char buf[16];
  struct word_out o;
  long a0 = rt_allocs, d0 = rt_deallocs;
  printf("words(\"%s\", max %lld), abort at %d\n", s, (long long)max, abort_at);
  rt_fresh_buffer(buf, sizeof buf);
  int n = 0;
  for (words_start(buf, s, max, &o); o.k; words_next(o.k, buf, ++n == abort_at, &o))
    printf("word \"%.*s\"\n", (int)o.len, o.w);
  printf("allocations %ld, frees %ld\n", rt_allocs - a0, rt_deallocs - d0);
}

int main(void) {
  run("the quick  brown fox", 10, 0);
  run("", 10, 0);
  run("jumps over the lazy dog", 10, 2);
  run("a pneumonoultramicroscopic word", 10, 0);
  rt_report_counts("end");
  return 0;
}
