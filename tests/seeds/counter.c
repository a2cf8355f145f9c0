/* Driver for counter.ll: runs the document's main (4 5 6), then checks the
 * frame was freed by the destroy. */
#include "seed_driver.h"

int doc_main(void);

int main(void) {
  printf("doc_main returned %d\n", doc_main());
  seed_report_heap();
  return 0;
}
