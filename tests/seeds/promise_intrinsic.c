/* Driver for promise_intrinsic.ll: the document's main prints 42. */
#include "seed_driver.h"

int doc_main(void);

int main(void) {
  printf("doc_main returned %d\n", doc_main());
  seed_report_heap();
  return 0;
}
