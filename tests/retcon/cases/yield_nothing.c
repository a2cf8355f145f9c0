#include "rt_driver.h"

typedef void *(*steps_cont)(void *, uint8_t);
typedef void *(*blink_cont)(void *);

void *steps(void *buf, int64_t id);
void *blink(void *buf, int32_t n);

int main(void) {
  _Alignas(8) unsigned char b1[32], b2[32];
  rt_fresh_buffer(b1, sizeof b1);
  rt_fresh_buffer(b2, sizeof b2);
  void *k1 = steps(b1, 1);
  void *k2 = steps(b2, 2);
  for (int i = 0; i < 3; i++) {
    printf("resume both\n");
    k1 = ((steps_cont)k1)(b1, 0);
    k2 = ((steps_cont)k2)(b2, i == 1 ? 7 : 0);
    if (!k2)
      printf("second finished\n");
    if (!k2)
      break;
  }
  k1 = ((steps_cont)k1)(b1, 255);
  printf("first finished: %s\n", k1 ? "NO" : "yes");

  rt_fresh_buffer(b1, sizeof b1);
  int n = 0;
  for (void *k = blink(b1, 4); k; k = ((blink_cont)k)(b1))
    n++;
  printf("blink suspended %d times\n", n);
  rt_report_counts("end");
  return 0;
}
