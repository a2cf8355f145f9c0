/* Swifterror slots in the functions of the split.
 *
 * Until the split, markers (eliminate.c) stand for "the current
 * function's swifterror slot": which slot that is depends on the function.
 * The ramp's caller passes one in the coroutine's swifterror argument; a
 * returned-continuation's caller passes one when the prototype has a
 * swifterror parameter; other functions of a split get none. A marker of
 * the coroutine's argument uses that slot, so the error value reaches
 * whoever called the function now running, as LLVM has it. A marker of a
 * swifterror alloca, or of the argument where the caller passed no slot,
 * uses a swifterror alloca of the function's own: the callee it wraps sees
 * a slot and nothing else does (LLVM lets an alloca's callees write into
 * the caller's slot, which the caller then reads as the coroutine's
 * error).
 *
 * LLVM-C cannot mark an alloca swifterror, so a function's own slot is a
 * copy of a template parsed once per value type. */
#include <llvm-c/DebugInfo.h>
#include <llvm-c/IRReader.h>
#include <stdio.h>
#include <string.h>

#include "irkit/oom.h"
#include "swifterror/swifterror.h"

LLVMValueRef crl_swifterror_marker(crl_coro *c, crl_swifterror *w, int get, int local,
                                   int entry, LLVMTypeRef t) {
  for (unsigned k = 0; k < w->num_marks; k++)
    if (w->marks[k].get == get && w->marks[k].local == local && w->marks[k].entry == entry &&
        w->marks[k].type == t)
      return w->marks[k].fn;
  crl_swifterror_mark *m = crl_realloc(w->marks, (w->num_marks + 1) * sizeof *m);
  if (!m) return NULL;
  w->marks = m;
  LLVMTypeRef fty = get ? LLVMFunctionType(t, NULL, 0, 0)
                        : LLVMFunctionType(c->ptr_t, &t, 1, 0);
  const char *name = !get ? (local ? "corolower.swifterror.set.local" : "corolower.swifterror.set")
                     : local ? "corolower.swifterror.get.local"
                     : entry ? "corolower.swifterror.get.entry"
                             : "corolower.swifterror.get";
  LLVMValueRef fn = LLVMAddFunction(c->mod, name, fty);
  m[w->num_marks++] = (crl_swifterror_mark){fn, t, (uint8_t)get, (uint8_t)local, (uint8_t)entry};
  return fn;
}

static const crl_swifterror_mark *mark_of(const crl_swifterror *w, LLVMValueRef i) {
  if (!LLVMIsACallInst(i)) return NULL;
  LLVMValueRef callee = LLVMGetCalledValue(i);
  for (unsigned k = 0; k < w->num_marks; k++)
    if (w->marks[k].fn == callee) return &w->marks[k];
  return NULL;
}

/* `alloca swifterror T`, detached, from a one-line module in the same
 * context; NULL when it cannot be made (out of memory). */
static LLVMValueRef parse_template(crl_coro *c, LLVMTypeRef t) {
  char *ts = LLVMPrintTypeToString(t);
  size_t n = strlen(ts) + 80;
  char *text = crl_malloc(n);
  LLVMValueRef tmpl = NULL;
  if (text) {
    snprintf(text, n, "define void @t() {\n  %%s = alloca swifterror %s\n  ret void\n}\n", ts);
    LLVMMemoryBufferRef mb =
        LLVMCreateMemoryBufferWithMemoryRangeCopy(text, strlen(text), "swifterror slot");
    LLVMModuleRef m = NULL;
    char *msg = NULL;
    if (mb && !LLVMParseIRInContext2(c->ctx, mb, &m, &msg)) {
      LLVMValueRef f = LLVMGetFirstFunction(m);
      tmpl = LLVMInstructionClone(LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(f)));
      LLVMDisposeModule(m);
    }
    if (msg) LLVMDisposeMessage(msg);
    if (mb) LLVMDisposeMemoryBuffer(mb);
  }
  free(text);
  LLVMDisposeMessage(ts);
  return tmpl;
}

static LLVMValueRef template_of(crl_coro *c, crl_swifterror *w, LLVMTypeRef t) {
  for (unsigned k = 0; k < w->num_tmpl; k++)
    if (LLVMGetAllocatedType(w->slot_tmpl[k]) == t) return w->slot_tmpl[k];
  LLVMValueRef *v = crl_realloc(w->slot_tmpl, (w->num_tmpl + 1) * sizeof *v);
  if (!v) return NULL;
  w->slot_tmpl = v;
  LLVMValueRef tmpl = parse_template(c, t);
  if (tmpl) v[w->num_tmpl++] = tmpl;
  return tmpl;
}

/* The function's own slots, made at its entry on first use. */
typedef struct own_slots {
  crl_swifterror *w;
  LLVMValueRef fn;
  crl_vec v;
} own_slots;

static LLVMValueRef own_slot(crl_coro *c, own_slots *o, LLVMTypeRef t) {
  for (unsigned k = 0; k < o->v.n; k++)
    if (LLVMGetAllocatedType(o->v.v[k]) == t) return o->v.v[k];
  LLVMValueRef tmpl = template_of(c, o->w, t);
  if (!tmpl || crl_vec_push(&o->v, NULL) != 0) return NULL;
  LLVMValueRef a = LLVMInstructionClone(tmpl);
  LLVMSetAlignment(a, LLVMABIAlignmentOfType(c->td, t));
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(o->fn);
  LLVMPositionBuilderBefore(c->b, LLVMGetFirstInstruction(entry));
  LLVMInsertIntoBuilderWithName(c->b, a, "swifterror.slot");
  o->v.v[o->v.n - 1] = a;
  return a;
}

/* One marker: a load or store of its slot. Returns -1 out of memory. */
static int lower_marker(crl_coro *c, own_slots *o, const crl_swifterror_mark *mk,
                        LLVMValueRef call, LLVMValueRef caller_slot) {
  LLVMValueRef slot = mk->local ? NULL : caller_slot;
  /* A caller passing no slot passes no error either. */
  if (!slot && mk->entry) {
    LLVMReplaceAllUsesWith(call, LLVMConstNull(mk->type));
    LLVMInstructionEraseFromParent(call);
    return 0;
  }
  /* A `set` ahead of a suspend or an end hands the value to the caller; a
   * function whose caller passed no slot has no one to hand it to. */
  if (!slot && !mk->local && !mk->get && !LLVMGetFirstUse(call)) {
    LLVMValueRef v = LLVMGetOperand(call, 0);
    LLVMInstructionEraseFromParent(call);
    /* What computed the value for nobody else (a reload, a phi) goes too. */
    if ((LLVMIsALoadInst(v) || LLVMIsAPHINode(v)) && !LLVMGetFirstUse(v))
      LLVMInstructionEraseFromParent(v);
    return 0;
  }
  if (!slot && !(slot = own_slot(c, o, mk->type))) return -1;
  unsigned align = LLVMABIAlignmentOfType(c->td, mk->type);
  LLVMPositionBuilderBefore(c->b, call);
  LLVMValueRef v;
  if (mk->get) {
    v = LLVMBuildLoad2(c->b, mk->type, slot, "");
  } else {
    v = LLVMBuildStore(c->b, LLVMGetOperand(call, 0), slot);
  }
  LLVMSetAlignment(v, align);
  LLVMInstructionSetDebugLoc(v, LLVMInstructionGetDebugLoc(call));
  LLVMReplaceAllUsesWith(call, mk->get ? v : slot);
  LLVMInstructionEraseFromParent(call);
  return 0;
}

int crl_swifterror_lower_in_fn(crl_coro *c, crl_swifterror *w, LLVMValueRef fn,
                               LLVMValueRef caller_slot) {
  if (!w->num_marks) return 0;
  crl_vec calls = {0};
  int rc = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (mark_of(w, i)) rc |= crl_vec_push(&calls, i);
  own_slots o = {w, fn, {0}};
  for (unsigned k = 0; k < calls.n && rc == 0; k++)
    rc = lower_marker(c, &o, mark_of(w, calls.v[k]), calls.v[k], caller_slot);
  crl_vec_free(&o.v);
  crl_vec_free(&calls);
  if (rc) CRL_ERR(c, NULL, "out of memory making swifterror slots");
  return rc;
}

void crl_swifterror_release(crl_swifterror *w) {
  /* After an error some markers may still be called: those stay. */
  for (unsigned k = 0; k < w->num_marks; k++)
    if (!LLVMGetFirstUse(w->marks[k].fn)) LLVMDeleteFunction(w->marks[k].fn);
  for (unsigned k = 0; k < w->num_tmpl; k++) LLVMDeleteInstruction(w->slot_tmpl[k]);
  free(w->marks);
  free(w->slot_tmpl);
  memset(w, 0, sizeof *w);
}
