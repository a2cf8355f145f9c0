/* Driver for multiple_suspends.ll: the document's main (4 -5 5), then f(10)
 * resumed 3 times (destroyed at the first suspend point) and 4 times
 * (destroyed at the second). */
#include "seed_driver.h"

int doc_main(void);
void more(int k);

int main(void) {
  printf("doc_main returned %d\n", doc_main());
  printf("-- f(10), 3 resumes, destroy\n");
  more(3);
  printf("-- f(10), 4 resumes, destroy\n");
  more(4);
  seed_report_heap();
  return 0;
}
