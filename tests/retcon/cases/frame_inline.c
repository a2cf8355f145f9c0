#include "rt_driver.h"

typedef struct { void *k; int32_t *win; } step;
void rt_call_window(step *out, void *buf, int32_t start, int32_t count);
void rt_via_window_proto(step *out, void *k, void *buf, bool abort);

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
    rt_call_window(&in[i].s, in[i].buf, starts[i], counts[i]);
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
      rt_via_window_proto(&p->s, p->s.k, p->buf, false);
      if (!p->s.k)
        printf("%s: finished\n", p->name);
    }
  }
  /* An abandoned one. */
  rt_fresh_buffer(in[0].buf, sizeof in[0].buf);
  rt_call_window(&in[0].s, in[0].buf, 1, 10);
  rt_via_window_proto(&in[0].s, in[0].s.k, in[0].buf, false);
  printf("a: [%d %d %d %d] then abandoned\n", in[0].s.win[0], in[0].s.win[1], in[0].s.win[2],
         in[0].s.win[3]);
  rt_via_window_proto(&in[0].s, in[0].s.k, in[0].buf, true);
  printf("a: %s\n", in[0].s.k ? "NOT NULL" : "null continuation");
  rt_report_counts("end");
  return 0;
}
