/* A growable string, for reports. */
#ifndef CRL_RESULT_STRBUF_H
#define CRL_RESULT_STRBUF_H
#include <stddef.h>

typedef struct crl_strbuf { char *s; size_t len, cap; int oom; } crl_strbuf;
void crl_sb_printf(crl_strbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void crl_sb_json_string(crl_strbuf *b, const char *s); /* quoted, escaped */
char *crl_sb_take(crl_strbuf *b); /* "" rather than NULL when empty */
#endif
