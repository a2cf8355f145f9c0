/* Driver for promise.ll: the document's main (4 5 6), then the promise
 * round trip (100, then 8 after the resume; the recovered handle is the
 * ramp's). */
#include "seed_driver.h"

int doc_main(void);
int promise_roundtrip(void);

int main(void) {
  printf("doc_main returned %d\n", doc_main());
  printf("-- round trip\n");
  printf("handle from promise is the ramp's: %d\n", promise_roundtrip());
  seed_report_heap();
  return 0;
}
