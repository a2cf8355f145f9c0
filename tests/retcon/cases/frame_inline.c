#include "rt_driver.h"

typedef struct { void *k; int32_t *win; } step;
typedef step (*cont)(void *, bool);

step window(void *buf, int32_t start, int32_t count);

struct inst {
  _Alignas(16) unsigned char buf[64];
  step s;
  const char *name;
};

static int inside(const struct inst *p) {
  const unsigned char *w = (const unsigned char *)p->s.win;
  return w >= p->buf && w + 16 <= p->buf + sizeof p->buf;
}

int main(void) {
  struct inst in[3] = {{{0}, {0, 0}, "a"}, {{0}, {0, 0}, "b"}, {{0}, {0, 0}, "c"}};
  int32_t starts[3] = {0, 100, -7}, counts[3] = {6, 3, 5};
  for (int i = 0; i < 3; i++) {
    rt_fresh_buffer(in[i].buf, sizeof in[i].buf);
    in[i].s = window(in[i].buf, starts[i], counts[i]);
  }
  for (int live = 3; live;) {
    live = 0;
    for (int i = 0; i < 3; i++) {
      struct inst *p = &in[i];
      if (!p->s.k)
        continue;
      live++;
      printf("%s: [%d %d %d %d] window in buffer: %s\n", p->name, p->s.win[0], p->s.win[1],
             p->s.win[2], p->s.win[3], inside(p) ? "yes" : "NO");
      p->s = ((cont)p->s.k)(p->buf, false);
      if (!p->s.k)
        printf("%s: finished\n", p->name);
    }
  }
  /* An abandoned one. */
  rt_fresh_buffer(in[0].buf, sizeof in[0].buf);
  in[0].s = window(in[0].buf, 1, 10);
  in[0].s = ((cont)in[0].s.k)(in[0].buf, false);
  printf("a: [%d %d %d %d] then abandoned\n", in[0].s.win[0], in[0].s.win[1], in[0].s.win[2],
         in[0].s.win[3]);
  in[0].s = ((cont)in[0].s.k)(in[0].buf, true);
  printf("a: %s\n", in[0].s.k ? "NOT NULL" : "null continuation");
  rt_report_counts("end");
  return 0;
}
