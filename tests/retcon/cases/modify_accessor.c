#include "rt_driver.h"

typedef struct { void *k; int32_t *addr; } access_i32;
typedef void (*finish_fn)(void *, bool);

struct thermo { int32_t hundredths; };
struct vec { int64_t version; int32_t elems[8]; };

void rt_call_celsius_modify(access_i32 *out, void *buf, struct thermo *t);
void rt_call_elem_modify(access_i32 *out, void *buf, struct vec *v, int64_t idx);

int main(void) {
  _Alignas(8) unsigned char buf[24];
  struct thermo t = {2150};
  struct vec v = {0, {1, 2, 3, 4, 5, 6, 7, 8}};
  access_i32 a;

  printf("t.celsius += 5\n");
  rt_fresh_buffer(buf, sizeof buf);
  rt_call_celsius_modify(&a, buf, &t);
  printf("temporary = %d\n", *a.addr);
  *a.addr += 5;
  ((finish_fn)a.k)(buf, false);
  printf("stored = %d\n", t.hundredths);

  printf("t.celsius = -40, then abandoned\n");
  rt_fresh_buffer(buf, sizeof buf);
  rt_call_celsius_modify(&a, buf, &t);
  printf("temporary = %d\n", *a.addr);
  *a.addr = -40;
  ((finish_fn)a.k)(buf, true);
  printf("stored = %d\n", t.hundredths);

  printf("v[i] *= 10 for i in 2, 5, 7; v[0] aborted\n");
  for (int i = 0; i < 8; i++) {
    if (i != 2 && i != 5 && i != 7 && i != 0)
      continue;
    rt_fresh_buffer(buf, sizeof buf);
    rt_call_elem_modify(&a, buf, &v, i);
    printf("element %d at offset %d\n", i, (int)((char *)a.addr - (char *)&v));
    *a.addr *= 10;
    ((finish_fn)a.k)(buf, i == 0);
  }
  printf("v = {version %lld:", (long long)v.version);
  for (int i = 0; i < 8; i++)
    printf(" %d", v.elems[i]);
  printf("}\n");

  rt_report_counts("end");
  return 0;
}
