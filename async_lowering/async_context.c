/* The frame inside the async context: after the header the front end owns
 * (coro.id.async's initial size), at the frame's alignment; the context's
 * final size, rounded up to the context's alignment, goes into field 1 of
 * the async function pointer, where callers read it (at run time: nothing
 * here folds those loads) to allocate contexts for this function. */
#include "async_lowering/async_internal.h"

static uint64_t align_to(uint64_t v, uint64_t a) { return a ? (v + a - 1) / a * a : v; }

/* The field whose alignment is the frame's (for the diagnostic). */
static LLVMValueRef most_aligned(crl_coro *c) {
  uint32_t best = 0;
  LLVMValueRef v = NULL;
  for (uint32_t f = 0; f < c->num_fields; f++)
    if (c->fields[f].value && c->fields[f].align > best) {
      best = c->fields[f].align;
      v = c->fields[f].value;
    }
  return v && LLVMIsAInstruction(v) ? v : c->id;
}

/* The final size into field 1, field 0 kept. */
static void patch_afp(crl_coro *c, crl_async_state *st) {
  LLVMSetInitializer(st->afp, crl_async_afp_with_size(
                                  st->afp, LLVMConstInt(c->i32_t, st->context_size, 0)));
}

/* An alloca aligned above the context: its alignment is a promise to the
 * program, which only run-time realignment keeps (opt-in, as LLVM 22
 * does it). Spills are ours to store less aligned, so they never count. */
static int check_overaligned(crl_coro *c, const crl_async_state *st) {
  if (c->opts && c->opts->async_realign_overaligned) return 0;
  for (uint32_t f = 0; f < c->num_fields; f++) {
    const crl_frame_field_plan *fd = &c->fields[f];
    if (!fd->realign || !fd->value || !LLVMIsAAllocaInst(fd->value)) continue;
    CRL_ERR(c, fd->value,
            "the alloca needs alignment %u, above the async context's %u "
            "(operand 2 of llvm.coro.id.async), and it lives across a suspend: "
            "the frame's alignment cannot exceed the context's (allow run-time "
            "realignment, as LLVM 22 does, with --async-realign-overaligned)",
            fd->realign, st->ctx_align);
    return -1;
  }
  return 0;
}

int crl_async_place_frame(crl_coro *c) {
  crl_async_state *st = crl_async_of(c);
  if (check_overaligned(c, st) != 0) return -1;
  uint32_t align = c->frame_align ? c->frame_align : 1;
  if (align > st->ctx_align) {
    CRL_ERR(c, most_aligned(c),
            "the frame needs alignment %u, above the async context's %u "
            "(operand 2 of llvm.coro.id.async): the frame could not be aligned "
            "inside the context", align, st->ctx_align);
    return -1;
  }
  st->frame_offset = align_to(st->header_size, align);
  st->context_size = align_to(st->frame_offset + c->frame_size, st->ctx_align);
  if (st->context_size > UINT32_MAX) {
    CRL_ERR(c, c->id, "the async context would need %llu bytes, more than the async "
                      "function pointer's i32 can say",
            (unsigned long long)st->context_size);
    return -1;
  }
  patch_afp(c, st);
  if (c->report) {
    c->report->container = "context";
    c->report->container_offset = st->frame_offset;
    c->report->container_size = st->context_size;
  }
  return 0;
}
