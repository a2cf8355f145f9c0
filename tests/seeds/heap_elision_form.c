/* Driver for heap_elision_form.ll: CustomAlloc/CustomFree log their calls;
 * the frame must be allocated once (with at least the two function
 * pointers, the i32 counter and the suspend index) and freed once, by the
 * same pointer. */
#include <stdlib.h>
#include "seed_driver.h"

int doc_main(void);

static void *last_block;

void *CustomAlloc(int size) {
  printf("CustomAlloc(%s)\n",
         size >= (int)(2 * sizeof(void *) + sizeof(int) + 1) ? "frame size ok"
                                                             : "frame too small");
  last_block = malloc((size_t)size);
  return last_block;
}

void CustomFree(void *p) {
  printf("CustomFree(%s)\n", p == last_block ? "same block" : "another block!");
  free(p);
}

int main(void) {
  printf("doc_main returned %d\n", doc_main());
  seed_report_heap();
  return 0;
}
