/* Driver for final_suspend.ll: the document's main (0 1 2 3), the
 * `__next__` protocol over f(3) until StopIteration, and a generator
 * destroyed before it finishes. */
#include <stdbool.h>
#include "seed_driver.h"

int doc_main(void);
void *f(int n);
bool next(void *h, int *out);
bool done(void *h);
void destroy(void *h);

int main(void) {
  printf("doc_main returned %d\n", doc_main());

  printf("-- __next__ over f(3)\n");
  void *h = f(3);
  printf("done after the ramp: %d\n", done(h));
  int v;
  while (next(h, &v)) printf("next -> %d\n", v);
  printf("StopIteration; done: %d\n", done(h));
  destroy(h);

  printf("-- f(5) destroyed after two values\n");
  h = f(5);
  next(h, &v);
  next(h, &v);
  printf("last value %d; done: %d\n", v, done(h));
  destroy(h);
  seed_report_heap();
  return 0;
}
