#include "rt_driver.h"

typedef struct { void *k; int64_t v; } step64;
typedef struct { void *k; const char *s; } stepstr;

void rt_call_fib(step64 *out, void *buf, int64_t a, int64_t b, int32_t count);
void rt_via_fib_proto(step64 *out, void *k, void *buf, bool abort);
void rt_call_tagger(stepstr *out, void *buf, int32_t tag);
void rt_via_tagger_proto(stepstr *out, void *k, void *buf, bool abort);

struct inst {
  const char *name;
  int is_fib;
  void *k;
  int64_t v;
  const char *s;
  _Alignas(16) unsigned char buf[32];
};

int main(void) {
  struct inst in[5] = {
    {"fib#1", 1}, {"tag#1", 0}, {"fib#2", 1}, {"tag#2", 0}, {"fib#3", 1},
  };
  int live = 0, round = 0;
  for (int i = 0; i < 5; i++)
    rt_fresh_buffer(in[i].buf, sizeof in[i].buf);
  /* Start them all before resuming any. */
  {
    step64 f;
    stepstr t;
    rt_call_fib(&f, in[0].buf, 0, 1, 7);  in[0].k = f.k; in[0].v = f.v;
    rt_call_tagger(&t, in[1].buf, 1);     in[1].k = t.k; in[1].s = t.s;
    rt_call_fib(&f, in[2].buf, 10, 10, 3); in[2].k = f.k; in[2].v = f.v;
    rt_call_tagger(&t, in[3].buf, 2);     in[3].k = t.k; in[3].s = t.s;
    rt_call_fib(&f, in[4].buf, -3, 1, 5); in[4].k = f.k; in[4].v = f.v;
  }
  printf("started: allocs=%ld\n", rt_allocs);
  do {
    live = 0;
    printf("round %d:", round++);
    for (int i = 0; i < 5; i++) {
      struct inst *p = &in[i];
      if (!p->k)
        continue;
      live++;
      if (p->is_fib)
        printf(" %s=%lld", p->name, (long long)p->v);
      else
        printf(" %s=%s", p->name, p->s);
    }
    printf("\n");
    for (int i = 0; i < 5; i++) {
      struct inst *p = &in[i];
      if (!p->k)
        continue;
      if (p->is_fib) {
        step64 f;
        rt_via_fib_proto(&f, p->k, p->buf, false);
        p->k = f.k; p->v = f.v;
      } else {
        stepstr t;
        rt_via_tagger_proto(&t, p->k, p->buf, false);
        p->k = t.k; p->s = t.s;
      }
      if (!p->k)
        printf("%s finished, live blocks=%ld\n", p->name, rt_live_blocks());
    }
  } while (live);
  rt_report_counts("end");
  return 0;
}
