#include "result/strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int reserve(crl_strbuf *b, size_t extra) {
  if (b->oom) return 0;
  if (b->len + extra + 1 <= b->cap) return 1;
  size_t cap = b->cap ? b->cap : 256;
  while (cap < b->len + extra + 1) cap *= 2;
  char *s = realloc(b->s, cap);
  if (!s) { b->oom = 1; return 0; }
  b->s = s;
  b->cap = cap;
  return 1;
}

void crl_sb_printf(crl_strbuf *b, const char *fmt, ...) {
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n > 0 && reserve(b, (size_t)n)) {
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap2);
    b->len += (size_t)n;
  }
  va_end(ap2);
}

void crl_sb_json_string(crl_strbuf *b, const char *s) {
  if (!s) { crl_sb_printf(b, "null"); return; }
  crl_sb_printf(b, "\"");
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') crl_sb_printf(b, "\\%c", c);
    else if (c < 0x20) crl_sb_printf(b, "\\u%04x", c);
    else crl_sb_printf(b, "%c", c);
  }
  crl_sb_printf(b, "\"");
}

char *crl_sb_take(crl_strbuf *b) {
  if (!b->s && reserve(b, 0)) b->s[0] = 0;
  char *s = b->s;
  b->s = NULL;
  b->len = b->cap = 0;
  return s;
}
