/* Driver for ir_structure_zh.ll: the worker destroyed at its first suspend,
 * at its second, and at its final suspend (where coro.done is true). */
#include <stdbool.h>
#include "seed_driver.h"

void run(int resumes);

void step(int n) { printf("step %d\n", n); }
void destroyed_at(int n) { printf("destroyed at suspend %d\n", n); }
void observe(int promise, bool is_done) {
  printf("promise %d, done %d\n", promise, is_done);
}

int main(void) {
  for (int k = 0; k <= 2; k++) {
    printf("== %d resumes, then destroy\n", k);
    run(k);
    seed_report_heap();
  }
  return 0;
}
