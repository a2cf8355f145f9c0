#include <stdio.h>
#include <stdlib.h>
static FILE *out;
__attribute__((no_instrument_function)) static void put(char k, void *fn) {
  if (!out) { const char *p = getenv("WALK_OUT"); out = fopen(p ? p : "/dev/null", "w"); }
  if (out) fprintf(out, "%c %p\n", k, fn);
}
__attribute__((no_instrument_function)) void __cyg_profile_func_enter(void *fn, void *site) { (void)site; put('>', fn); }
__attribute__((no_instrument_function)) void __cyg_profile_func_exit(void *fn, void *site) { (void)site; put('<', fn); }
