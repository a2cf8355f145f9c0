#include "rt_driver.h"

#define SWIFTCALL __attribute__((swiftcall))
#define SELF __attribute__((swift_context))

struct self { int64_t count, step; };
typedef struct { void *k; int64_t v; } step;
typedef struct { void *k; int64_t *count; } access;
typedef SWIFTCALL step (*counter_cont)(void *, bool);
typedef SWIFTCALL void (*modify_cont)(void *, bool);

SWIFTCALL step counter(void *buf, int64_t times, void *SELF self);
SWIFTCALL access count_modify(void *buf, void *SELF self);

int main(void) {
  _Alignas(8) unsigned char buf[32];
  struct self obj = {10, 5};

  rt_fresh_buffer(buf, sizeof buf);
  step s = counter(buf, 4, &obj);
  while (s.k) {
    printf("counter yields %lld (self.count %lld)\n", (long long)s.v, (long long)obj.count);
    obj.step += 1;
    s = ((counter_cont)s.k)(buf, false);
  }
  printf("counter finished, self = {%lld, %lld}\n", (long long)obj.count, (long long)obj.step);

  for (int i = 0; i < 3; i++) {
    rt_fresh_buffer(buf, sizeof buf);
    access a = count_modify(buf, &obj);
    printf("count_modify yields &self.count: %s\n", a.count == &obj.count ? "yes" : "NO");
    if (i != 1)
      *a.count *= 2;
    ((modify_cont)a.k)(buf, i == 2);
    printf("self.count = %lld\n", (long long)obj.count);
  }
  rt_report_counts("end");
  return 0;
}
