#include "cloner/debug_info.h"
#include "irkit/oom.h"

#include <stdlib.h>
#include <string.h>

/* ---- fields LLVM-C has no getter for, read from the printed node ---- */

static char *printed(crl_di *d, LLVMMetadataRef md) {
  return LLVMPrintValueToString(LLVMMetadataAsValue(d->ctx, md));
}

/* Where `key`'s value starts in a printed node ("...(key: v, key2: w)"),
 * or NULL. Quoted text is skipped: LLVM prints a quote inside a name as an
 * escape, so every literal quote opens or closes one. */
static const char *field_at(const char *t, const char *key) {
  const char *p = strchr(t, '(');
  if (!p) return NULL;
  size_t kl = strlen(key);
  int quoted = 0;
  for (p++; *p; p++) {
    if (*p == '"') quoted = !quoted;
    if (quoted) continue;
    int starts = p[-1] == '(' || (p[-1] == ' ' && p[-2] == ',');
    if (starts && strncmp(p, key, kl) == 0 && p[kl] == ':' && p[kl + 1] == ' ')
      return p + kl + 2;
  }
  return NULL;
}

static unsigned field_uint(const char *t, const char *key, unsigned dflt) {
  const char *v = field_at(t, key);
  return v ? (unsigned)strtoul(v, NULL, 10) : dflt;
}

typedef struct { const char *name; uint64_t bits; } flag_name;

/* DIFlag names as the printer spells them, without the "DIFlag" prefix. */
static const flag_name di_flags[] = {
    {"Private", 1},           {"Protected", 2},          {"Public", 3},
    {"FwdDecl", 1 << 2},      {"AppleBlock", 1 << 3},    {"Virtual", 1 << 5},
    {"Artificial", 1 << 6},   {"Explicit", 1 << 7},      {"Prototyped", 1 << 8},
    {"ObjcClassComplete", 1 << 9}, {"ObjectPointer", 1 << 10},
    {"Vector", 1 << 11},      {"StaticMember", 1 << 12},
    {"LValueReference", 1 << 13}, {"RValueReference", 1 << 14},
    {"ExportSymbols", 1 << 15}, {"SingleInheritance", 1 << 16},
    {"MultipleInheritance", 2 << 16}, {"VirtualInheritance", 3 << 16},
    {"IntroducedVirtual", 1 << 18}, {"BitField", 1 << 19},
    {"NoReturn", 1 << 20},    {"TypePassByValue", 1 << 22},
    {"TypePassByReference", 1 << 23}, {"EnumClass", 1 << 24},
    {"Thunk", 1 << 25},       {"NonTrivial", 1 << 26},
    {"BigEndian", 1 << 27},   {"LittleEndian", 1 << 28},
    {"AllCallsDescribed", 1 << 29}, {NULL, 0}};

enum { SP_LOCAL = 1, SP_DEFINITION = 2, SP_OPTIMIZED = 4 };
static const flag_name sp_flags[] = {
    {"LocalToUnit", SP_LOCAL}, {"Definition", SP_DEFINITION},
    {"Optimized", SP_OPTIMIZED}, {NULL, 0}};

/* "DIFlagA | DIFlagB" after `key`; names not in the table are dropped. */
static uint64_t field_flags(const char *t, const char *key, const char *prefix,
                            const flag_name *table) {
  const char *v = field_at(t, key);
  uint64_t bits = 0;
  size_t pl = strlen(prefix);
  while (v && strncmp(v, prefix, pl) == 0) {
    v += pl;
    size_t n = strcspn(v, " ,)");
    for (const flag_name *f = table; f->name; f++)
      if (strlen(f->name) == n && strncmp(v, f->name, n) == 0) bits |= f->bits;
    v += n;
    if (strncmp(v, " | ", 3) != 0) break;
    v += 3;
  }
  return bits;
}

/* ---- operands ---- */

/* Operand k of a metadata node, or NULL. */
static LLVMMetadataRef operand(crl_di *d, LLVMMetadataRef md, unsigned k) {
  LLVMValueRef v = LLVMMetadataAsValue(d->ctx, md);
  unsigned n = LLVMGetMDNodeNumOperands(v);
  if (k >= n) return NULL;
  LLVMValueRef *ops = crl_malloc(n * sizeof *ops);
  if (!ops) return NULL;
  LLVMGetMDNodeOperands(v, ops);
  LLVMMetadataRef r = ops[k] ? LLVMValueAsMetadata(ops[k]) : NULL;
  free(ops);
  return r;
}

static const char *string_operand(crl_di *d, LLVMMetadataRef md, unsigned k,
                                  unsigned *len) {
  LLVMMetadataRef s = operand(d, md, k);
  *len = 0;
  const char *r = s ? LLVMGetMDString(LLVMMetadataAsValue(d->ctx, s), len) : NULL;
  return r ? r : "";
}

/* Operand indices (llvm/IR/DebugInfoMetadata.h). */
enum { SP_FILE, SP_SCOPE, SP_NAME, SP_LINKAGE, SP_TYPE, SP_UNIT, SP_DECL };
enum { VAR_SCOPE, VAR_NAME, VAR_FILE, VAR_TYPE };
enum { BLOCK_FILE, BLOCK_SCOPE };

/* ---- the copy ---- */

void crl_di_begin(crl_di *d, LLVMValueRef src, LLVMValueRef dst) {
  memset(d, 0, sizeof *d);
  LLVMMetadataRef ssp = LLVMGetSubprogram(src);
  if (!ssp) return;
  LLVMModuleRef m = LLVMGetGlobalParent(dst);
  d->ctx = LLVMGetModuleContext(m);
  if (crl_valmap_init(&d->map, 64) != 0) return;
  d->src_sp = ssp;
  d->dib = LLVMCreateDIBuilderDisallowUnresolved(m);
  char *t = printed(d, ssp);
  unsigned nl;
  size_t ll;
  const char *name = string_operand(d, ssp, SP_NAME, &nl);
  const char *link = LLVMGetValueName2(dst, &ll);
  unsigned line = LLVMDISubprogramGetLine(ssp);
  uint64_t spf = field_flags(t, "spFlags", "DISPFlag", sp_flags);
  /* The coroutine's name, so the debugger shows resumed code as the
   * coroutine's own, and the clone's symbol as linkage name (as LLVM 22
   * does: "f(int) [clone .resume]"). */
  d->sp = LLVMDIBuilderCreateFunction(
      d->dib, operand(d, ssp, SP_SCOPE), name, nl, link, ll,
      operand(d, ssp, SP_FILE), line, operand(d, ssp, SP_TYPE),
      (spf & SP_LOCAL) != 0, 1, field_uint(t, "scopeLine", line),
      (LLVMDIFlags)field_flags(t, "flags", "DIFlag", di_flags),
      (spf & SP_OPTIMIZED) != 0);
  LLVMDisposeMessage(t);
  /* The builder has no compile unit of its own: give the copy the
   * coroutine's, and its declaration (a member function's link to its
   * class). */
  LLVMValueRef spv = LLVMMetadataAsValue(d->ctx, d->sp);
  unsigned n = LLVMGetMDNodeNumOperands(spv);
  LLVMMetadataRef unit = operand(d, ssp, SP_UNIT);
  LLVMMetadataRef decl = operand(d, ssp, SP_DECL);
  if (unit && SP_UNIT < n) LLVMReplaceMDNodeOperandWith(spv, SP_UNIT, unit);
  if (decl && SP_DECL < n) LLVMReplaceMDNodeOperandWith(spv, SP_DECL, decl);
  LLVMSetSubprogram(dst, d->sp);
  crl_valmap_put(&d->map, ssp, d->sp);
}

/* The copy of a local scope of the source, or the scope itself when it is
 * not the source's (an inlined function's). */
static LLVMMetadataRef map_scope(crl_di *d, LLVMMetadataRef s) {
  if (!s || !d->sp) return s;
  LLVMMetadataRef got = crl_valmap_get(&d->map, s);
  if (got) return got;
  LLVMMetadataKind k = LLVMGetMetadataKind(s);
  if (k != LLVMDILexicalBlockMetadataKind &&
      k != LLVMDILexicalBlockFileMetadataKind)
    return s; /* another subprogram, or not a local scope */
  LLVMMetadataRef parent = operand(d, s, BLOCK_SCOPE);
  LLVMMetadataRef np = map_scope(d, parent);
  LLVMMetadataRef r = s;
  if (np != parent) {
    char *t = printed(d, s);
    LLVMMetadataRef file = operand(d, s, BLOCK_FILE);
    r = k == LLVMDILexicalBlockMetadataKind
            ? LLVMDIBuilderCreateLexicalBlock(d->dib, np, file,
                                              field_uint(t, "line", 0),
                                              field_uint(t, "column", 0))
            : LLVMDIBuilderCreateLexicalBlockFile(
                  d->dib, np, file, field_uint(t, "discriminator", 0));
    LLVMDisposeMessage(t);
  }
  crl_valmap_put(&d->map, s, r);
  return r;
}

LLVMMetadataRef crl_di_loc(crl_di *d, LLVMMetadataRef loc) {
  if (!loc || !d->sp) return loc;
  LLVMMetadataRef got = crl_valmap_get(&d->map, loc);
  if (got) return got;
  LLVMMetadataRef scope = LLVMDILocationGetScope(loc);
  LLVMMetadataRef ia = LLVMDILocationGetInlinedAt(loc);
  LLVMMetadataRef ns = map_scope(d, scope);
  LLVMMetadataRef nia = ia ? crl_di_loc(d, ia) : NULL;
  LLVMMetadataRef r = loc;
  if (ns != scope || nia != ia)
    r = LLVMDIBuilderCreateDebugLocation(d->ctx, LLVMDILocationGetLine(loc),
                                         LLVMDILocationGetColumn(loc), ns, nia);
  crl_valmap_put(&d->map, loc, r);
  return r;
}

LLVMMetadataRef crl_di_var(crl_di *d, LLVMMetadataRef var) {
  if (!var || !d->sp) return var;
  LLVMMetadataRef got = crl_valmap_get(&d->map, var);
  if (got) return got;
  LLVMMetadataRef scope = LLVMDIVariableGetScope(var);
  LLVMMetadataRef ns = map_scope(d, scope);
  LLVMMetadataRef r = var;
  if (ns != scope) {
    char *t = printed(d, var);
    unsigned nl;
    const char *name = string_operand(d, var, VAR_NAME, &nl);
    LLVMMetadataRef file = LLVMDIVariableGetFile(var);
    unsigned line = LLVMDIVariableGetLine(var);
    LLVMMetadataRef type = operand(d, var, VAR_TYPE);
    LLVMDIFlags flags = (LLVMDIFlags)field_flags(t, "flags", "DIFlag", di_flags);
    unsigned arg = field_uint(t, "arg", 0);
    r = arg ? LLVMDIBuilderCreateParameterVariable(d->dib, ns, name, nl, arg, file,
                                                   line, type, 0, flags)
            : LLVMDIBuilderCreateAutoVariable(d->dib, ns, name, nl, file, line,
                                              type, 0, flags,
                                              field_uint(t, "align", 0));
    LLVMDisposeMessage(t);
  }
  crl_valmap_put(&d->map, var, r);
  return r;
}

LLVMMetadataRef crl_di_var_type(crl_di *d, LLVMMetadataRef var) {
  return d->sp && var ? operand(d, var, VAR_TYPE) : NULL;
}

const char *crl_di_var_name(crl_di *d, LLVMMetadataRef var, unsigned *len) {
  *len = 0;
  return d->sp && var ? string_operand(d, var, VAR_NAME, len) : "";
}

/* A loop's metadata names its start and end locations: a copy with them
 * moved, distinct and self-referencing as a loop id must be. */
static LLVMValueRef map_loop(crl_di *d, LLVMValueRef id) {
  LLVMMetadataRef key = LLVMValueAsMetadata(id);
  LLVMMetadataRef got = crl_valmap_get(&d->map, key);
  if (got) return LLVMMetadataAsValue(d->ctx, got);
  unsigned n = LLVMGetMDNodeNumOperands(id);
  LLVMValueRef *ops = crl_malloc((n ? n : 1) * sizeof *ops);
  LLVMMetadataRef *mds = crl_malloc((n ? n : 1) * sizeof *mds);
  LLVMValueRef r = id;
  if (ops && mds && n) {
    LLVMGetMDNodeOperands(id, ops);
    int changed = 0;
    for (unsigned k = 1; k < n; k++) {
      LLVMMetadataRef md = ops[k] ? LLVMValueAsMetadata(ops[k]) : NULL;
      mds[k] = md && LLVMGetMetadataKind(md) == LLVMDILocationMetadataKind
                   ? crl_di_loc(d, md)
                   : md;
      changed |= mds[k] != md;
    }
    if (changed) {
      LLVMMetadataRef tmp = LLVMTemporaryMDNode(d->ctx, NULL, 0);
      mds[0] = tmp;
      LLVMMetadataRef node = LLVMMDNodeInContext2(d->ctx, mds, n);
      r = LLVMMetadataAsValue(d->ctx, node);
      LLVMReplaceMDNodeOperandWith(r, 0, node); /* self reference: distinct */
      LLVMDisposeTemporaryMDNode(tmp);
    }
  }
  free(ops);
  free(mds);
  crl_valmap_put(&d->map, key, LLVMValueAsMetadata(r));
  return r;
}

static int callee_has_debug_info(LLVMValueRef call) {
  LLVMValueRef f = LLVMGetCalledValue(call);
  return f && LLVMIsAFunction(f) && LLVMGetSubprogram(f);
}

void crl_di_relocate(crl_di *d, LLVMValueRef fn) {
  if (!d->sp) return;
  LLVMMetadataRef at_sp = NULL;
  unsigned loop_kind = LLVMGetMDKindIDInContext(d->ctx, "llvm.loop", 9);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      if (LLVMIsATerminatorInst(i)) {
        LLVMValueRef id = LLVMGetMetadata(i, loop_kind);
        if (id) {
          LLVMValueRef nid = map_loop(d, id);
          if (nid != id) LLVMSetMetadata(i, loop_kind, nid);
        }
      }
      LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(i);
      if (loc) {
        LLVMMetadataRef nl = crl_di_loc(d, loc);
        if (nl != loc) LLVMInstructionSetDebugLoc(i, nl);
        continue;
      }
      if ((LLVMIsACallInst(i) || LLVMIsAInvokeInst(i)) && callee_has_debug_info(i)) {
        if (!at_sp)
          at_sp = LLVMDIBuilderCreateDebugLocation(
              d->ctx, LLVMDISubprogramGetLine(d->sp), 0, d->sp, NULL);
        LLVMInstructionSetDebugLoc(i, at_sp);
      }
    }
}

void crl_di_end(crl_di *d) {
  if (!d->sp) return;
  LLVMDIBuilderFinalizeSubprogram(d->dib, d->sp);
  LLVMDisposeDIBuilder(d->dib);
  crl_valmap_free(&d->map);
  d->sp = NULL;
}

LLVMMetadataRef crl_di_frame_expr(LLVMDIBuilderRef dib, uint64_t offset) {
  enum { DW_OP_deref = 0x06, DW_OP_plus_uconst = 0x23 };
  uint64_t ops[3] = {DW_OP_deref, DW_OP_plus_uconst, offset};
  return LLVMDIBuilderCreateExpression(dib, ops, offset ? 3 : 1);
}

int crl_di_expr_is_empty(LLVMDIBuilderRef dib, LLVMMetadataRef expr) {
  /* Expressions are uniqued: the empty one is a single node. */
  return expr == LLVMDIBuilderCreateExpression(dib, NULL, 0);
}
