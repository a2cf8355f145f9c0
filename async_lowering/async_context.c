/* The frame inside the async context: after the header the front end owns
 * (coro.id.async's initial size), at the frame's alignment; the context's
 * final size, rounded up to the context's alignment, goes into field 1 of
 * the async function pointer, where callers read it (at run time: nothing
 * here folds those loads) to allocate contexts for this function; one
 * shared by several coroutines gets the largest of their sizes. */
#include <stdlib.h>

#include "async_lowering/async_internal.h"
#include "irkit/valmap.h"

static uint64_t align_to(uint64_t v, uint64_t a) { return a ? (v + a - 1) / a * a : v; }

/* The field whose alignment is the frame's (for the diagnostic). */
static LLVMValueRef most_aligned(crl_coro *c) {
  uint32_t best = 0;
  LLVMValueRef v = NULL;
  for (uint32_t f = 0; f < c->frame.num_fields; f++)
    if (c->frame.fields[f].value && c->frame.fields[f].align > best) {
      best = c->frame.fields[f].align;
      v = c->frame.fields[f].value;
    }
  return v && LLVMIsAInstruction(v) ? v : c->shape->id;
}

/* The size field 1 holds now. */
static uint64_t afp_size(LLVMValueRef afp) {
  LLVMValueRef init = LLVMGetInitializer(afp);
  LLVMValueRef size = LLVMIsAConstantStruct(init) ? LLVMGetOperand(init, 1) : NULL;
  return size && LLVMIsAConstantInt(size) ? LLVMConstIntGetZExtValue(size) : 0;
}

/* The async function pointers this run wrote, each to the coroutine whose
 * size it holds (made on first use, freed by crl_async_run_release). */
static crl_valmap *written_afps(crl_coro *c) {
  if (*c->run_state) return *c->run_state;
  crl_valmap *m = calloc(1, sizeof *m);
  if (!m || crl_valmap_init(m, 16) != 0) {
    free(m);
    return NULL;
  }
  *c->run_state = m;
  return m;
}

void crl_async_run_release(void *run_state) {
  crl_valmap_free(run_state);
  free(run_state);
}

/* The final size into field 1, field 0 kept. Several coroutines may name
 * one async function pointer (LLVM 22 lets the one it splits last write
 * it, whichever its callers start): it holds one size, and callers may
 * start any of them in a context of that size, so it gets the largest. */
static int patch_afp(crl_coro *c, crl_async_state *st) {
  /* Outside a pipeline run (no run state), each write stands alone. */
  crl_valmap *written = c->run_state ? written_afps(c) : NULL;
  if (c->run_state && !written) {
    CRL_ERR(c, c->shape->id, "out of memory");
    return -1;
  }
  uint64_t size = st->context_size;
  LLVMValueRef holder = written ? crl_valmap_get(written, st->afp) : NULL;
  uint64_t held = holder ? afp_size(st->afp) : 0;
  if (holder && held != size) {
    char *ref = crl_async_global_ref(st->afp);
    crl_diagf(c->res, CRL_SEV_WARNING, c->fn, c->shape->id,
              "the async function pointer %s also holds the context size of @%s, "
              "%llu bytes, where this coroutine needs %llu: it keeps the larger, "
              "enough for either (LLVM 22 keeps the size of the coroutine it splits "
              "last)",
              ref ? ref : "", LLVMGetValueName(holder), (unsigned long long)held,
              (unsigned long long)size);
    free(ref);
  }
  if (holder && held > size) size = held;
  else if (written && crl_valmap_put(written, st->afp, c->fn) != 0) {
    CRL_ERR(c, c->shape->id, "out of memory");
    return -1;
  }
  LLVMSetInitializer(st->afp,
                     crl_async_afp_with_size(st->afp, LLVMConstInt(c->i32_t, size, 0)));
  return 0;
}

/* An alloca aligned above the context: its alignment is a promise to the
 * program, which run-time realignment keeps (the default, as LLVM 22
 * does; the options may refuse it instead). Spills are ours to store
 * less aligned, so they never count. */
static int check_overaligned(crl_coro *c, const crl_async_state *st) {
  if (!c->opts || !c->opts->async_refuse_overaligned) return 0;
  for (uint32_t f = 0; f < c->frame.num_fields; f++) {
    const crl_frame_field_plan *fd = &c->frame.fields[f];
    if (!fd->realign || !fd->value || !LLVMIsAAllocaInst(fd->value)) continue;
    CRL_ERR(c, fd->value,
            "the alloca needs alignment %u, above the async context's %u "
            "(operand 2 of llvm.coro.id.async), and it lives across a suspend: "
            "it would be realigned at run time, as LLVM 22 does, but the options "
            "refuse that (--no-async-realign-overaligned)",
            fd->realign, st->ctx_align);
    return -1;
  }
  return 0;
}

int crl_async_place_frame(crl_coro *c) {
  crl_async_state *st = crl_async_of(c);
  if (check_overaligned(c, st) != 0) return -1;
  uint32_t align = c->frame.align ? c->frame.align : 1;
  if (align > st->ctx_align) {
    CRL_ERR(c, most_aligned(c),
            "the frame needs alignment %u, above the async context's %u "
            "(operand 2 of llvm.coro.id.async): the frame could not be aligned "
            "inside the context", align, st->ctx_align);
    return -1;
  }
  st->frame_offset = align_to(st->header_size, align);
  st->context_size = align_to(st->frame_offset + c->frame.size, st->ctx_align);
  if (st->context_size > UINT32_MAX) {
    CRL_ERR(c, c->shape->id, "the async context would need %llu bytes, more than the async "
                      "function pointer's i32 can say",
            (unsigned long long)st->context_size);
    return -1;
  }
  if (patch_afp(c, st) != 0) return -1;
  if (c->frame.report) {
    c->frame.report->container = "context";
    c->frame.report->container_offset = st->frame_offset;
    c->frame.report->container_size = st->context_size;
  }
  return 0;
}
