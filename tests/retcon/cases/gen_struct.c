#include "rt_driver.h"

struct points_out {
  void *k;
  int32_t index;
  int64_t big;
  double ratio;
  int16_t p0;
  int8_t p1;
  const char *name;
};

void points_start(void *buf, int32_t n, double scale, struct points_out *out);
void points_next(void *k, void *buf, bool abort, struct points_out *out);

static void show(const struct points_out *o) {
  printf("yield index=%d big=%lld ratio=%.3f pair=(%d,%d) name=%s\n", o->index,
         (long long)o->big, o->ratio, o->p0, o->p1, o->name);
}

int main(void) {
  _Alignas(8) unsigned char buf[32];
  struct points_out o;

  printf("points(5, 0.5)\n");
  rt_fresh_buffer(buf, sizeof buf);
  for (points_start(buf, 5, 0.5, &o); o.k; points_next(o.k, buf, false, &o))
    show(&o);
  printf("null continuation\n");

  printf("points(4, -2.25), abort at the second yield\n");
  rt_fresh_buffer(buf, sizeof buf);
  points_start(buf, 4, -2.25, &o);
  show(&o);
  points_next(o.k, buf, false, &o);
  show(&o);
  points_next(o.k, buf, true, &o);
  printf("after abort: %s\n", o.k ? "NOT NULL" : "null continuation");

  rt_report_counts("end");
  return 0;
}
