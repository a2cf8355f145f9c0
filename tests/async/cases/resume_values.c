/* resume_values: two readers; pending reads completed newest first with
 * value key * key. */
#include "async_rt.h"

extern const afp_t reader_afp, read_value_afp;
void task_done(void);
void glue_run_i64(void *fn, void *ctx, int64_t v);

typedef struct {
  void *fn, *ctx;
  int64_t key;
} io_req;

static io_req pending[16];
static int npending;

void rt_io_submit(void *fn, void *ctx, int64_t key) {
  if (npending == 16) {
    rt_fail("too many pending reads");
    exit(3);
  }
  pending[npending++] = (io_req){fn, ctx, key};
}

int main(void) {
  rt_report_size("reader", &reader_afp);
  rt_report_size("read_value", &read_value_afp);
  int64_t bases[2] = {10, 20};
  for (int i = 0; i < 2; i++) {
    void *ctx = rt_new_context(&reader_afp, 16, NULL, (void *)task_done);
    ((int64_t *)ctx)[2] = bases[i];
    glue_run(afp_function(&reader_afp), ctx);
  }
  for (;;) {
    rt_run();
    if (npending == 0) break;
    io_req r = pending[--npending];
    printf("complete key %lld\n", (long long)r.key);
    glue_run_i64(r.fn, r.ctx, r.key * r.key);
  }
  return rt_finish();
}
