#include "irkit/oom.h"

/* Thread-local: lowering may run on several threads at once. */
static _Thread_local int failed;

void crl_oom_note(void) { failed = 1; }

int crl_oom_take(void) {
  int f = failed;
  failed = 0;
  return f;
}
