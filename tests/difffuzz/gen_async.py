#!/usr/bin/env python3
"""Random async (Swift-style) presplit coroutines in LLVM IR, with a C driver.

Usage: gen_async.py SEED [--size N] [--disable F1,...] [--skip ID,...]
                         [--asan] [--list-ids] -o FILE.ll --driver FILE.c

A module holds 1-5 `swifttailcc` async functions f0..fN (`llvm.coro.id.async`
with an initial context size of 48-64 and alignment 8 or 16, an async
function pointer `@fK_afp` each); fK awaits only fJ with J > K, so every
task ends. The context header (the front end's): +0 the caller's context,
+8 the caller's resume function, +16 and +24 two i64 arguments, +32 the
caller's context again (for a projection that reads it there), +40 a
pointer the callee writes its result through (or null). Features, for
--disable:
  await     awaits: the caller allocates the callee's context through the
            driver (size read from the callee's afp at run time), fills
            the header, suspends with a forwarder that musttail-calls the
            callee; the result comes back as the resume function's i64
  yield     yields to the driver's FIFO executor (resumed with no value)
  yieldval  yields resumed with a value the executor computes
  poke      yields during which the executor stores into an alloca of the
            suspended function (its address must stay put)
  projection  other projections than loading +0: +32, and a projection
            defined in C (a call LLVM cannot inline)
  allocas   i64 slots and [M x i64] arrays live across suspends; a slot's
            address passed to a callee, which writes its result there
  loops     loops with awaits and yields, values in phis
  branch    diamonds with suspends in an arm
  typed     i32 and double values live across suspends
  wide      i1, i8, i16, i128, <4 x i32>, float, {i8, i128} values too
  prebegin  header loads and arithmetic before coro.id/coro.begin
  lifetime  an i64 alloca inside lifetime.start/end around code with
            suspends, its address handed to the driver (which rewrites it)
  earlyend  an early return (a second coro.end.async, or coro.end) on one
            side of a branch, LLVM allowing any number of them in async
            functions
  endforms  ends other than coro.end.async with @fwd_return_i64: the
            caller scheduled through the executor, then coro.end.async
            without a function, or plain llvm.coro.end
  afpform   async function pointers as swiftc emits them: mutable
            globals (some `hidden`, of the named %swift.async_func_pointer,
            in section __TEXT,__const) and unnamed ones (@N, reached from
            C and the awaits through an alias @fK_afp), some named to
            coro.id.async through address space casts
  projcast  projections given through an instruction view (a zero GEP of
            an addrspacecast pair), a call returning its `returned`
            argument, a variadic function (one in C), an alias, and a
            function taking ptr addrspace(1)
  handoff   yields whose continuation is handed to the driver before the
            suspend, which runs it at once (as another thread could):
            then a trace of an older value, and a suspend whose forwarder
            does nothing (and takes nothing); the context may be gone by
            then
  llvmforms  forms LLVM's own tests use: async function pointers of an
            unpacked { i32, i32 }; arrays aligned 32 or 64, above the
            context's alignment of 16 (realigned at run time); and
            llvm.coro.async.resume calls no suspend names (null), one
            made after coro.begin and traced at the end (its value lives
            across every suspend), one made and traced at the end
afpform, projcast and handoff draw from a random stream of their own,
llvmforms from another, so that a seed's program is otherwise the same
with or without them.
The module's target (features native, notriple, layout32, bigendian,
othertargets): one of ASYNC_TARGETS, chosen as gen_common.py says (the
targets whose backends make the swifttailcc tail calls async coroutines
need, less i686, which corolower refuses). The context header's slots
are 8 bytes apart on every target; the driver's types are the IR's
(int64_t for i64; i32 arguments from the IR to C are signext).
The driver starts 1-3 tasks, runs the executor, prints every trace, each
task's result, and checks the contexts: allocated with the size patched
into the afp (field 1, read at run time), a 64-byte canary after it
(checked when freed), every context freed exactly once.
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_common  # noqa: E402
from gen_common import TARGET_FEATURES  # noqa: E402
from wide_types import WIDE  # noqa: E402

FEATURES = ["wide", "await", "yield", "yieldval", "poke", "projection", "allocas", "loops", "branch", "typed",
            "prebegin", "endforms", "lifetime", "earlyend", "afpform", "projcast", "handoff", "llvmforms"] + \
    TARGET_FEATURES
# The targets whose backends lower swifttailcc musttail calls as async
# coroutines need them: not RISC-V 64, PowerPC 64 or WebAssembly (no
# swifttailcc), nor i686, which corolower refuses (targets/i686.c: LLVM
# 22's x86-32 backend gets those calls' stack arguments wrong, and LLVM's
# own lowering fails at run time). tests/targets/diagnostics.sh checks the
# refusals there.
ASYNC_TARGETS = ("x86_64", "notriple", "nolayout", "aarch64", "arm", "s390x")

HEADER = '''
%swift.async_func_pointer = type <{ i32, i32 }>

declare void @trace(i32 signext, i64)
declare i64 @mix(i64, i64)
declare ptr @fz_ctx_alloc(i64)
declare void @fz_ctx_free(ptr)
declare void @fz_enqueue(ptr, ptr)
declare void @fz_enqueue_val(ptr, ptr, i64)
declare void @fz_enqueue_poke(ptr, ptr, ptr, i64)
declare void @fz_task_done(ptr, i64)
declare ptr @fz_project_ext(ptr)
declare ptr @fz_project_self(ptr)
declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare { ptr, i64 } @llvm.coro.suspend.async.sl_p0i64s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare void @llvm.coro.end(ptr, i1, token)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.lifetime.start.p0(ptr captures(none))
declare void @llvm.lifetime.end.p0(ptr captures(none))
declare void @touch(ptr, i32 signext)

define void @glue_run(ptr %fn, ptr %ctx) {
  call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}
define void @glue_run_val(ptr %fn, ptr %ctx, i64 %v) {
  call swifttailcc void %fn(ptr swiftasync %ctx, i64 %v)
  ret void
}
define swifttailcc void @task_done(ptr swiftasync %ctx, i64 %v) {
  call void @fz_task_done(ptr %ctx, i64 %v)
  ret void
}
define ptr @project_self(ptr %ctx) {
  ret ptr %ctx
}
define ptr @project_parent(ptr %callee) {
  %parent = load ptr, ptr %callee, align 8
  ret ptr %parent
}
define ptr @project_alt(ptr %callee) {
  %p = getelementptr inbounds i8, ptr %callee, i64 32
  %parent = load ptr, ptr %p, align 8
  ret ptr %parent
}
define swifttailcc void @fwd_call(ptr %fn, ptr %ctx) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}
define swifttailcc void @fwd_yield(ptr %resume, ptr %ctx) {
  call void @fz_enqueue(ptr %resume, ptr %ctx)
  ret void
}
define swifttailcc void @fwd_yield_val(ptr %resume, ptr %ctx, i64 %v) {
  call void @fz_enqueue_val(ptr %resume, ptr %ctx, i64 %v)
  ret void
}
define swifttailcc void @fwd_yield_poke(ptr %resume, ptr %ctx, ptr %p, i64 %v) {
  call void @fz_enqueue_poke(ptr %resume, ptr %ctx, ptr %p, i64 %v)
  ret void
}
define swifttailcc void @fwd_return_i64(ptr %fn, ptr %ctx, i64 %v) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, i64 %v)
  ret void
}
declare void @fz_run_now(ptr, ptr)
declare ptr @fz_same(ptr returned)
declare ptr @fz_project_ext_va(ptr, ...)
define ptr @project_parent_va(ptr %callee, ...) {
  %parent = load ptr, ptr %callee, align 8
  ret ptr %parent
}
define ptr @project_parent_as1(ptr addrspace(1) %callee) {
  %parent = load ptr, ptr addrspace(1) %callee, align 8
  ret ptr %parent
}
@project_parent_alias = alias ptr (ptr), ptr @project_parent
define ptr @project_self_va(ptr %ctx, ...) {
  ret ptr %ctx
}
@project_self_alias = alias ptr (ptr), ptr @project_self
define swifttailcc void @fwd_nothing() {
  ret void
}
'''

DRIVER_HEAD = gen_common.C_TRACE + r'''
typedef struct { int32_t rel; uint32_t size; } afp_t;
static void *afp_function(const afp_t *a) { return (void *)((const char *)&a->rel + a->rel); }
void glue_run(void *fn, void *ctx);
void glue_run_val(void *fn, void *ctx, int64_t v);
void task_done(void);
static int g_failed;
/* The context header's slots are 8 bytes apart whatever the pointer size. */
#define SLOT(c, k) ((char *)(c) + 8 * (k))

/* Contexts: 0xA5 inside, a 64-byte canary after the size asked for. */
#define CANARY 64
static int64_t g_live, g_allocs;
void *fz_ctx_alloc(int64_t size) {
  if (size <= 0 || size > (1 << 20)) { printf("BAD CONTEXT SIZE\n"); exit(3); }
  char *b = aligned_alloc(16, (size_t)(32 + size + CANARY + 15) & ~(size_t)15);
  ((int64_t *)b)[0] = 0x43545854; ((int64_t *)b)[1] = size;
  char *p = b + 32;
  memset(p, 0xA5, (size_t)size);
  memset(p + size, 0x5C, CANARY);
  ++g_live; ++g_allocs;
  return p;
}
void fz_ctx_free(void *q) {
  char *p = q, *b = p - 32;
  if (((int64_t *)b)[0] != 0x43545854) { printf("BAD CONTEXT FREE\n"); exit(3); }
  int64_t size = ((int64_t *)b)[1];
  for (int i = 0; i < CANARY; i++)
    if ((unsigned char)p[size + i] != 0x5C) { printf("CANARY CORRUPTED\n"); g_failed = 1; break; }
  ((int64_t *)b)[0] = 0;
  memset(p, 0xDD, (size_t)size);
  free(b);
  --g_live;
}
void touch(int64_t *p, int tag) {
  trace(tag, *p);
  *p = mix(*p, tag);
}
void *fz_project_ext(void *callee) { return *(void **)callee; }
void *fz_project_self(void *ctx) { return ctx; }
void *fz_project_ext_va(void *callee, ...) { return *(void **)callee; }
void *fz_same(void *p) { return p; }
/* A continuation handed over before its suspend, run at once. */
void fz_run_now(void *fn, void *ctx) { glue_run(fn, ctx); }
/* The executor: FIFO. */
#define QN 65536
static struct { void *fn, *ctx; int kind; int64_t v; int64_t *p; } g_q[QN];
static unsigned g_head, g_tail;
static int64_t g_steps;
static void push(void *fn, void *ctx, int kind, int64_t v, int64_t *p) {
  if (g_tail - g_head >= QN) { printf("QUEUE OVERFLOW\n"); exit(3); }
  unsigned i = g_tail++ % QN;
  g_q[i].fn = fn; g_q[i].ctx = ctx; g_q[i].kind = kind; g_q[i].v = v; g_q[i].p = p;
}
void fz_enqueue(void *fn, void *ctx) { push(fn, ctx, 0, 0, 0); }
void fz_enqueue_val(void *fn, void *ctx, int64_t v) { push(fn, ctx, 1, v, 0); }
void fz_enqueue_poke(void *fn, void *ctx, int64_t *p, int64_t v) { push(fn, ctx, 2, v, p); }
static void run(void) {
  while (g_head != g_tail) {
    unsigned i = g_head++ % QN;
    ++g_steps;
    if (g_steps > 2000000) { printf("RUNAWAY\n"); exit(5); }
    if (g_q[i].kind == 2) *g_q[i].p = mix(g_q[i].v, g_steps & 7);
    if (g_q[i].kind == 1) glue_run_val(g_q[i].fn, g_q[i].ctx, mix(g_q[i].v, 99));
    else glue_run(g_q[i].fn, g_q[i].ctx);
  }
}
void fz_task_done(void *ctx, int64_t v) {
  printf("task done %" PRId64 "\n", v);
  fz_ctx_free(ctx);
}
static void *new_task(const afp_t *a, int64_t a0, int64_t a1, int64_t *out) {
  char *c = fz_ctx_alloc((int64_t)a->size);
  *(void **)SLOT(c, 0) = 0;
  *(void **)SLOT(c, 1) = (void *)task_done;
  *(int64_t *)SLOT(c, 2) = a0;
  *(int64_t *)SLOT(c, 3) = a1;
  *(void **)SLOT(c, 4) = 0;
  *(void **)SLOT(c, 5) = out;
  return c;
}
'''

HDR = 48


class Fn:
    pass


class Gen(gen_common.BodyGen):
    def __init__(self, seed, size, disabled, asan):
        super().__init__(seed, size, disabled, asan)
        # afpform, projcast, handoff: a stream of their own (see above).
        self.xrng = random.Random(seed * 7919 + 104729)
        # llvmforms: another (so afpform's and the others' stay as they were).
        self.lrng = random.Random(seed * 104723 + 15485863)
        # The target: another (gen_common.py), among ASYNC_TARGETS.
        self.target = gen_common.pick_target(random.Random(seed * 2654435761 + 11), self.on, ASYNC_TARGETS)
        # No sanitizer for the code of another architecture (run under qemu).
        self.asan = asan and self.target.host

    # afpform, projcast, handoff: choices from self.xrng only.
    def afp_form(self):
        if not self.on("afpform"):
            return "const", False
        x = self.xrng
        return x.choice(["const", "mutable", "swift", "unnamed", "unnamed_const"]), x.random() < 0.25

    def proj_form(self, proj):
        if not self.on("projcast"):
            return "plain"
        forms = {"project_parent": ["plain", "casts", "returned", "va", "alias", "as1"],
                 "project_self": ["plain", "casts", "returned", "va", "alias"],
                 "fz_project_ext": ["plain", "va"]}.get(proj, ["plain", "casts", "returned"])
        return self.xrng.choice(forms)

    def handoff(self):
        """None, or the value traced after the continuation was handed over."""
        if not self.on("handoff") or self.xrng.random() >= 0.3:
            return None
        return self.xrng.choice(self.vals)

    def llvm_forms(self, f):
        """llvmforms, from self.lrng only: an unpacked afp, over-aligned
        arrays, orphan llvm.coro.async.resume calls."""
        on, x = self.on("llvmforms"), self.lrng
        f.unpacked = on and x.random() < 0.3
        f.orphan = on and x.random() < 0.3
        # Over-aligned arrays only with context alignment 16: with 8, the
        # padding realignment adds (24 or 56 bytes) can put a spill that
        # LLVM stores 8-aligned (<4 x i32>, i128) at an offset its unpacked
        # frame type pads, past the size it counted (LLVM 22 writes past
        # the context; tests/async/README.md, context_align_zero).
        if on and f.align == 16:
            f.arrays = [(a, m, x.choice([32, 64]) if x.random() < 0.3 else al) for a, m, al in f.arrays]

    # ------------------------------------------------------------- planning
    def plan(self):
        r = self.rng
        n = r.randint(1, min(5, 2 + self.size // 2))
        self.fns = [None] * n
        self.cost = [0] * n
        # Callees first: an await's cost (executor steps, roughly) is known.
        for k in reversed(range(n)):
            f = Fn()
            f.idx = k
            f.node_id = self.new_id()
            f.init = r.choice([48, 48, 56, 64])
            f.align = r.choice([8, 16, 16])
            f.slots = ["%%sl%d" % j for j in range(r.randint(0, 3))] if self.on("allocas") else []
            f.arrays = [("%%ar%d" % j, r.choice([2, 4, 8, 16]), r.choice([8, 8, 16]) if f.align == 16 else 8)
                        for j in range(r.randint(0, 2))] if self.on("allocas") else []
            f.scratch = []
            f.prebegin_init = self.on("prebegin") and r.random() < 0.4
            f.end = r.choice(["tail", "tail", "tail", "sched", "plain"]) if self.on("endforms") else "tail"
            f.afp_form, f.afp_cast = self.afp_form()
            self.llvm_forms(f)
            self.vn = 0
            self.f = f
            self.mult = 1
            self.fcost = 1
            self.vals, self.i32s, self.dbls, self.wides = ["%a0", "%a1"], [], [], []
            f.pre = []
            if self.on("prebegin"):
                for _ in range(r.randint(0, 2)):
                    v = self.val("pb")
                    f.pre.append((v, r.choice(["add", "mul", "xor"]), self.operand(), self.operand()))
                    self.vals.append(v)
            self.pre_extra(f)
            f.items = self.seq(r.randint(2, 3 + self.size), 2)
            f.result = self.operand()
            self.fns[k] = f
            self.cost[k] = self.fcost
        self.tasks = []
        for t in range(r.randint(1, 3)):
            root = 0 if r.random() < 0.6 else r.randrange(n)
            self.tasks.append((root, r.randrange(1 << 20), r.randrange(-100, 100), r.random() < 0.5))

    def seq(self, n, depth):
        return [self.item(depth) for _ in range(n)]

    def pick(self, kinds):
        x = self.rng.uniform(0, sum(w for _, w in kinds))
        for k, w in kinds:
            x -= w
            if x <= 0:
                return k
        return kinds[-1][0]

    def suspend_kinds(self):
        f = self.f
        ks = []
        callees = [j for j in range(f.idx + 1, len(self.fns))
                   if self.fcost + self.mult * self.cost[j] < 3000]
        if self.on("await") and callees:
            ks.append(("await", 5))
        if self.on("yield"):
            ks.append(("yield", 3))
        if self.on("yieldval"):
            ks.append(("yieldval", 2))
        if self.on("poke") and f.slots:
            ks.append(("poke", 2))
        return ks, callees

    def item(self, depth):
        r = self.rng
        f = self.f
        sk, callees = self.suspend_kinds()
        kinds = [("op", 5), ("trace", 2)] + sk
        if self.on("typed"):
            kinds += [("typed_mk", 2), ("typed_use", 2)]
        if self.on("wide"):
            kinds += [("wide_mk", 2)] + ([("wide_use", 3)] if self.wides else [])
        if f.slots:
            kinds += [("slot_w", 2), ("slot_r", 2)]
        if f.arrays:
            kinds += [("arr_w", 2), ("arr_r", 2)]
        if self.on("branch") and depth > 0:
            kinds.append(("diamond", 2))
        if self.on("loops") and depth > 0 and sk:
            kinds.append(("loop", 3))
        if self.on("lifetime") and depth > 0:
            kinds.append(("scratch", 2))
        if self.on("earlyend") and f.end != "plain":
            # (LLVM 22 takes one non-unwind llvm.coro.end only:
            # "Only one coro.end can be marked as fallthrough".)
            kinds.append(("early", 1))
        k = self.pick(kinds)
        iid = self.new_id()
        if k == "op":
            v = self.val()
            op = r.choice(["add", "mul", "xor", "sub", "mix", "lshr"])
            a, b = self.operand(), self.operand()
            if op == "lshr":
                b = str(r.randrange(1, 63))
            self.vals.append(v)
            return (iid, "op", (v, op, a, b))
        if k == "trace":
            return (iid, "trace", (self.tag(), self.operand()))
        if k == "await":
            j = r.choice(callees)
            self.fcost += self.mult * self.cost[j]
            proj = r.choice(["project_parent", "project_parent", "project_alt", "fz_project_ext"]) \
                if self.on("projection") else "project_parent"
            out = r.choice(f.slots) if f.slots and r.random() < 0.4 else None
            a0, a1 = self.operand(), self.operand()
            tr = self.tag()
            v = self.val("aw")
            self.vals.append(v)
            return (iid, "await", (j, proj, out, a0, a1, tr, v, self.proj_form(proj)))
        if k == "yield":
            self.fcost += self.mult
            proj = r.choice(["project_self", "fz_project_self"]) if self.on("projection") else "project_self"
            tr, a = self.tag(), self.operand()
            return (iid, "yield", (tr, a, proj, self.proj_form(proj), self.handoff()))
        if k == "yieldval":
            self.fcost += self.mult
            tr, a = self.tag(), self.operand()
            v = self.val("yv")
            self.vals.append(v)
            return (iid, "yieldval", (tr, a, v))
        if k == "poke":
            self.fcost += self.mult
            return (iid, "poke", (r.choice(f.slots), self.operand()))
        if k == "wide_mk":
            t = r.choice(sorted(WIDE))
            a = self.operand()
            v = self.val("w")
            self.wides.append((t, v))
            return (iid, "wide_mk", (t, v, a))
        if k == "wide_use":
            t, x = r.choice(self.wides)
            a = self.operand()
            v = self.val()
            self.vals.append(v)
            return (iid, "wide_use", (t, v, x, a))
        if k == "typed_mk":
            v = self.val("t")
            if r.random() < 0.5:
                self.i32s.append(v)
                return (iid, "mk_i32", (v, self.operand(), r.choice([1, 3, 17, -9])))
            self.dbls.append(v)
            return (iid, "mk_dbl", (v, self.operand(), r.choice(["0.5", "3.0", "-1.25", "1.0e10"])))
        if k == "typed_use":
            src = [("i32", x) for x in self.i32s] + [("double", x) for x in self.dbls]
            if not src:
                return (iid, "trace", (self.tag(), self.operand()))
            t, x = r.choice(src)
            a = self.operand()
            v = self.val()
            self.vals.append(v)
            return (iid, "use_" + t, (v, x, a))
        if k == "slot_w":
            return (iid, "slot_w", (r.choice(f.slots), self.operand()))
        if k == "slot_r":
            v = self.val()
            self.vals.append(v)
            return (iid, "slot_r", (r.choice(f.slots), v))
        if k in ("arr_w", "arr_r"):
            a, m, _ = r.choice(f.arrays)
            idx = r.randrange(m) if r.random() < 0.6 else ("dyn", self.operand())
            if k == "arr_w":
                return (iid, "arr_w", (a, m, idx, self.operand()))
            v = self.val()
            self.vals.append(v)
            return (iid, "arr_r", (a, m, idx, v))
        pools = (list(self.vals), list(self.i32s), list(self.dbls), list(self.wides))

        def restore(extra):
            self.vals, self.i32s, self.dbls, self.wides = (list(p) for p in pools)
            self.vals += extra
        if k == "diamond":
            cnd = self.val("c")
            ca, m_ = self.operand(), r.randrange(1, 5)
            arm1 = self.seq(r.randint(0, 2), depth - 1)
            t = self.val()
            ta, tb = self.operand(), self.operand()
            restore([])
            arm2 = self.seq(r.randint(0, 2), depth - 1)
            e = self.val()
            ea, eb = self.operand(), self.operand()
            m = self.val()
            restore([m])
            return (iid, "diamond", (cnd, ca, m_, arm1, t, ta, tb, arm2, e, ea, eb, m))
        if k == "loop":
            trips = r.randint(1, 4)
            i, x = self.val("i"), self.val()
            init = self.operand()
            self.vals += [i, x]
            saved = self.mult
            self.mult *= trips
            body = self.seq(r.randint(1, 3), depth - 1)
            if not any(b[1] in ("await", "yield", "yieldval", "poke") for b in body):
                self.fcost += self.mult
                body.append((self.new_id(), "yield", (self.tag(), x, "project_self",
                                                       self.proj_form("project_self"), self.handoff())))
            self.mult = saved
            xn, inn, cc, out = self.val(), self.val("i"), self.val("c"), self.val()
            upd = self.operand()
            restore([out])
            return (iid, "loop", (i, x, init, body, xn, upd, inn, cc, trips, out))
        if k == "early":
            return (iid, "early", (self.operand(), r.randint(2, 6), self.operand()))
        if k == "scratch":
            sc = "%%sc%d" % iid
            f.scratch.append(sc)
            w = self.operand()
            body = self.seq(r.randint(1, 3), depth - 1)
            restore([])
            v = self.val()
            self.vals.append(v)
            return (iid, "scratch", (sc, w, body, v))
        raise AssertionError(k)

    # ------------------------------------------------------------- emitting
    def emit_fn(self, f, skip, out):
        self.out = out
        self.bn = 0
        self.f = f
        attrs = "presplitcoroutine" + (" sanitize_address" if self.asan else "")
        out.append("define swifttailcc void @f%d(ptr swiftasync %%ctx) %s {" % (f.idx, attrs))
        out.append("entry:")
        for s in f.slots:
            out.append("  %s = alloca i64, align 8" % s)
        for a, m, al in f.arrays:
            out.append("  %s = alloca [%d x i64], align %d" % (a, m, al))
        for sc in f.scratch:
            out.append("  %s = alloca i64, align 8" % sc)
        hdr = ["  %a0p = getelementptr inbounds i8, ptr %ctx, i64 16",
               "  %a0 = load i64, ptr %a0p, align 8",
               "  %a1p = getelementptr inbounds i8, ptr %ctx, i64 24",
               "  %a1 = load i64, ptr %a1p, align 8"]
        pre = list(hdr) + ["  %s = %s i64 %s, %s" % p for p in f.pre] if f.pre or f.prebr else []
        out.extend(pre)
        if f.prebegin_init:
            self.init_allocas(f)
        self.emit_pre_extra(f)
        out.append("  %%id = call token @llvm.coro.id.async(i32 %d, i32 %d, i32 0, ptr %s)"
                   % (f.init, f.align, self.afp_ref[f.idx]))
        out.append("  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)")
        if f.orphan:
            out.append("  %orph = call ptr @llvm.coro.async.resume()")
        if not (f.pre or f.prebr):
            out.extend(hdr)
        if not f.prebegin_init:
            self.init_allocas(f)
        self.cur = "pre.j" if f.prebr else "entry"
        self.emit_items(f.items, skip)
        self.finish(f, f.result, "")
        out.append("}")
        out.append("")

    def finish(self, f, result, sfx):
        """The end: the result through the header's pointer (if any), then
        back to the caller."""
        o = self.out
        if f.orphan:
            o.append("  %%orl%s = call ptr @llvm.coro.async.resume()" % sfx)
            for k, v in enumerate(["%orph", "%%orl%s" % sfx]):
                o.append("  %%orn%d%s = ptrtoint ptr %s to i64" % (k, sfx, v))
                o.append("  call void @trace(i32 signext %d, i64 %%orn%d%s)" % (9500 + 10 * f.idx + k, k, sfx))
        o.append("  call void @trace(i32 signext %d, i64 %s)" % (9000 + f.idx, result))
        o.append("  %%outpp%s = getelementptr inbounds i8, ptr %%ctx, i64 40" % sfx)
        o.append("  %%outp%s = load ptr, ptr %%outpp%s, align 8" % (sfx, sfx))
        o.append("  %%nout%s = icmp eq ptr %%outp%s, null" % (sfx, sfx))
        o.append("  br i1 %%nout%s, label %%fin%s, label %%wout%s" % (sfx, sfx, sfx))
        o.append("wout%s:" % sfx)
        o.append("  %%rx%s = xor i64 %s, 85" % (sfx, result))
        o.append("  store i64 %%rx%s, ptr %%outp%s, align 8" % (sfx, sfx))
        o.append("  br label %%fin%s" % sfx)
        o.append("fin%s:" % sfx)
        o.append("  %%rpp%s = getelementptr inbounds i8, ptr %%ctx, i64 8" % sfx)
        o.append("  %%rp%s = load ptr, ptr %%rpp%s, align 8" % (sfx, sfx))
        if f.end == "tail":
            o.append("  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %%hdl, i1 false, ptr @fwd_return_i64, "
                     "ptr %%rp%s, ptr %%ctx, i64 %s)" % (sfx, result))
        else:
            o.append("  call void @fz_enqueue_val(ptr %%rp%s, ptr %%ctx, i64 %s)" % (sfx, result))
            if f.end == "sched":
                o.append("  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)")
            else:
                o.append("  call void @llvm.coro.end(ptr %hdl, i1 false, token none)")
        o.append("  unreachable")

    def init_allocas(self, f):
        o = self.out
        for k, s in enumerate(f.slots):
            o.append("  store i64 %d, ptr %s, align 8" % (1000 + k, s))
        for k, (a, m, _) in enumerate(f.arrays):
            o.append("  call void @llvm.memset.p0.i64(ptr align 8 %s, i8 %d, i64 %d, i1 false)" % (a, 17 + k, 8 * m))

    def projection(self, n, proj, pf):
        """The suspend's projection operand (emitting what it needs)."""
        o = self.out
        if pf != "plain":
            self.used.add("projcast")
        if pf == "casts":
            o.append("  %%pc%d.a = addrspacecast ptr @%s to ptr addrspace(1)" % (n, proj))
            o.append("  %%pc%d.b = addrspacecast ptr addrspace(1) %%pc%d.a to ptr" % (n, n))
            o.append("  %%pc%d = getelementptr i8, ptr %%pc%d.b, i64 0" % (n, n))
            return "%%pc%d" % n
        if pf == "returned":
            o.append("  %%pc%d = call ptr @fz_same(ptr @%s)" % (n, proj))
            return "%%pc%d" % n
        if pf in ("va", "alias"):
            return "@%s_%s" % (proj, pf)
        if pf == "as1":
            return "@%s_as1" % proj
        return "@" + proj

    def afp_defs(self, fns):
        """Each function's async function pointer, and how coro.id.async
        names it (self.afp_ref). Unnamed ones are numbered in order."""
        out, self.afp_ref, unnamed = [], {}, 0
        for f in fns:
            name = "@f%d_afp" % f.idx
            if f.afp_form != "const" or f.afp_cast:
                self.used.add("afpform")
            if f.afp_form.startswith("unnamed"):
                name = "@%d" % unnamed
                unnamed += 1
            body = "<{ i32 trunc (i64 sub (i64 ptrtoint (ptr @f%d to i64), i64 ptrtoint (ptr %s to i64)) to i32), i32 %d }>" % (
                f.idx, name, f.init)
            kind = {"const": "constant <{ i32, i32 }>", "mutable": "global <{ i32, i32 }>",
                    "swift": "hidden global %swift.async_func_pointer",
                    "unnamed": "hidden global <{ i32, i32 }>", "unnamed_const": "constant <{ i32, i32 }>"}[f.afp_form]
            ty = "<{ i32, i32 }>"
            if f.unpacked and f.afp_form != "swift":
                # The same layout unpacked (what C front ends write).
                body = body.replace("<{", "{").replace("}>", "}")
                kind, ty = kind.replace("<{ i32, i32 }>", "{ i32, i32 }"), "{ i32, i32 }"
            sect = ', section "__TEXT,__const"' if f.afp_form == "swift" else ""
            out.append("%s = %s %s%s, align 8" % (name, kind, body, sect))
            if f.afp_form.startswith("unnamed"):
                out.append("@f%d_afp = alias %s, ptr %s" % (f.idx, ty, name))
            ref = name
            if f.afp_cast:
                ref = "addrspacecast (ptr addrspace(1) addrspacecast (ptr %s to ptr addrspace(1)) to ptr)" % name
            self.afp_ref[f.idx] = ref
        return out

    def emit_items(self, items, skip):
        o = self.out
        for iid, k, d in items:
            if iid in skip:
                continue
            if k == "op":
                v, op, a, b = d
                if op == "mix":
                    o.append("  %s = call i64 @mix(i64 %s, i64 %s)" % (v, a, b))
                else:
                    o.append("  %s = %s i64 %s, %s" % (v, op, a, b))
            elif k == "trace":
                o.append("  call void @trace(i32 signext %d, i64 %s)" % d)
            elif k == "await":
                j, proj, outp, a0, a1, tr, v, pf = d
                n = iid
                o.append("  %%sz%d = load i32, ptr getelementptr inbounds (<{ i32, i32 }>, ptr @f%d_afp, i32 0, i32 1), align 4" % (n, j))
                o.append("  %%sw%d = zext i32 %%sz%d to i64" % (n, n))
                o.append("  %%cc%d = call ptr @fz_ctx_alloc(i64 %%sw%d)" % (n, n))
                o.append("  store ptr %%ctx, ptr %%cc%d, align 8" % n)
                o.append("  %%res%d = call ptr @llvm.coro.async.resume()" % n)
                for off, ty, val in ((8, "ptr", "%%res%d" % n), (16, "i64", a0), (24, "i64", a1),
                                     (32, "ptr", "%ctx"), (40, "ptr", outp or "null")):
                    o.append("  %%h%d.%d = getelementptr inbounds i8, ptr %%cc%d, i64 %d" % (n, off, n, off))
                    o.append("  store %s %s, ptr %%h%d.%d, align 8" % (ty, val, n, off))
                pop = self.projection(n, proj, pf)
                o.append("  %%r%d = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s("
                         "i32 0, ptr %%res%d, ptr %s, ptr @fwd_call, ptr @f%d, ptr %%cc%d)" % (n, n, pop, j, n))
                o.append("  %%cb%d = extractvalue { ptr, i64 } %%r%d, 0" % (n, n))
                o.append("  %s = extractvalue { ptr, i64 } %%r%d, 1" % (v, n))
                o.append("  call void @fz_ctx_free(ptr %%cb%d)" % n)
                o.append("  call void @trace(i32 signext %d, i64 %s)" % (tr, v))
                if outp:
                    o.append("  %%ol%d = load i64, ptr %s, align 8" % (n, outp))
                    o.append("  call void @trace(i32 signext %d, i64 %%ol%d)" % (tr + 5000, n))
            elif k == "yield":
                tr, a, proj, pf, ho = d
                o.append("  call void @trace(i32 signext %d, i64 %s)" % (tr, a))
                o.append("  %%res%d = call ptr @llvm.coro.async.resume()" % iid)
                pop = self.projection(iid, proj, pf)
                if ho is None:
                    fwd = "ptr @fwd_yield, ptr %%res%d, ptr %%ctx" % iid
                else:
                    # Handed over (and run) before the suspend; nothing is
                    # left for the forwarder to do. (Given %ctx, LLVM 22
                    # reloads it from the frame for the call after the
                    # handover: a read of a freed context, which ASan sees
                    # in its -O0 build; corolower never keeps %ctx there.)
                    o.append("  call void @fz_run_now(ptr %%res%d, ptr %%ctx)" % iid)
                    o.append("  call void @trace(i32 signext %d, i64 %s)" % (tr + 7000, ho))
                    fwd = "ptr @fwd_nothing"
                o.append("  %%r%d = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s("
                         "i32 0, ptr %%res%d, ptr %s, %s)" % (iid, iid, pop, fwd))
            elif k == "yieldval":
                tr, a, v = d
                o.append("  %%res%d = call ptr @llvm.coro.async.resume()" % iid)
                o.append("  %%r%d = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s("
                         "i32 0, ptr %%res%d, ptr @project_self, ptr @fwd_yield_val, ptr %%res%d, ptr %%ctx, i64 %s)"
                         % (iid, iid, iid, a))
                o.append("  %s = extractvalue { ptr, i64 } %%r%d, 1" % (v, iid))
                o.append("  call void @trace(i32 signext %d, i64 %s)" % (tr, v))
            elif k == "poke":
                s, a = d
                o.append("  %%res%d = call ptr @llvm.coro.async.resume()" % iid)
                o.append("  %%r%d = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s("
                         "i32 0, ptr %%res%d, ptr @project_self, ptr @fwd_yield_poke, ptr %%res%d, ptr %%ctx, "
                         "ptr %s, i64 %s)" % (iid, iid, iid, s, a))
            elif k == "wide_mk":
                t, v, a = d
                o.extend(WIDE[t][0].format(v=v, x="", a=a).split("\n"))
            elif k == "wide_use":
                t, v, x, a = d
                o.extend(WIDE[t][1].format(v=v, x=x, a=a).split("\n"))
            elif k == "mk_i32":
                v, a, m = d
                o.append("  %s.t = trunc i64 %s to i32" % (v, a))
                o.append("  %s = mul i32 %s.t, %d" % (v, v, m))
            elif k == "mk_dbl":
                v, a, m = d
                o.append("  %s.t = sitofp i64 %s to double" % (v, a))
                o.append("  %s = fmul double %s.t, %s" % (v, v, m))
            elif k == "use_i32":
                v, x, a = d
                o.append("  %s.t = sext i32 %s to i64" % (v, x))
                o.append("  %s = xor i64 %s.t, %s" % (v, v, a))
            elif k == "use_double":
                v, x, a = d
                o.append("  %s.t = bitcast double %s to i64" % (v, x))
                o.append("  %s = add i64 %s.t, %s" % (v, v, a))
            elif k == "slot_w":
                o.append("  store i64 %s, ptr %s, align 8" % (d[1], d[0]))
            elif k == "slot_r":
                o.append("  %s = load i64, ptr %s, align 8" % (d[1], d[0]))
            elif k in ("arr_w", "arr_r"):
                a, m, idx, v = d
                ix = self.idx(iid, m, idx)
                o.append("  %%ag%d = getelementptr inbounds [%d x i64], ptr %s, i64 0, i64 %s" % (iid, m, a, ix))
                if k == "arr_w":
                    o.append("  store i64 %s, ptr %%ag%d, align 8" % (v, iid))
                else:
                    o.append("  %s = load i64, ptr %%ag%d, align 8" % (v, iid))
            elif k == "diamond":
                cnd, ca, m_, arm1, t, ta, tb, arm2, e, ea, eb, m = d
                bt, be, bj = self.block(), self.block(), self.block()
                o.append("  %s.u = urem i64 %s, %d" % (cnd, ca, m_ + 1))
                o.append("  %s = icmp eq i64 %s.u, 0" % (cnd, cnd))
                o.append("  br i1 %s, label %%%s, label %%%s" % (cnd, bt, be))
                self.label(bt)
                self.emit_items(arm1, skip)
                o.append("  %s = add i64 %s, %s" % (t, ta, tb))
                o.append("  br label %%%s" % bj)
                et = self.cur
                self.label(be)
                self.emit_items(arm2, skip)
                o.append("  %s = mul i64 %s, %s" % (e, ea, eb))
                o.append("  br label %%%s" % bj)
                ee = self.cur
                self.label(bj)
                o.append("  %s = phi i64 [ %s, %%%s ], [ %s, %%%s ]" % (m, t, et, e, ee))
            elif k == "early":
                a, m, res = d
                o.append("  %%eu%d = urem i64 %s, %d" % (iid, a, m))
                o.append("  %%ec%d = icmp eq i64 %%eu%d, 0" % (iid, iid))
                o.append("  br i1 %%ec%d, label %%early%d, label %%late%d" % (iid, iid, iid))
                o.append("early%d:" % iid)
                self.finish(self.f, res, ".e%d" % iid)
                self.label("late%d" % iid)
            elif k == "scratch":
                sc, w, body, v = d
                o.append("  call void @llvm.lifetime.start.p0(ptr %s)" % sc)
                o.append("  store i64 %s, ptr %s, align 8" % (w, sc))
                o.append("  call void @touch(ptr %s, i32 signext %d)" % (sc, 3000 + iid))
                self.emit_items(body, skip)
                o.append("  %s = load i64, ptr %s, align 8" % (v, sc))
                o.append("  call void @llvm.lifetime.end.p0(ptr %s)" % sc)
            elif k == "loop":
                i, x, init, body, xn, upd, inn, c, trips, outv = d
                pre = self.cur
                head, exit_ = self.block(), self.block()
                o.append("  br label %%%s" % head)
                self.label(head)
                ph = len(o)
                o.append(None)
                o.append(None)
                self.emit_items(body, skip)
                latch = self.cur
                o.append("  %s = call i64 @mix(i64 %s, i64 %s)" % (xn, x, upd))
                o.append("  %s = add i64 %s, 1" % (inn, i))
                o.append("  %s = icmp ult i64 %s, %d" % (c, inn, trips))
                o.append("  br i1 %s, label %%%s, label %%%s" % (c, head, exit_))
                o[ph] = "  %s = phi i64 [ 0, %%%s ], [ %s, %%%s ]" % (i, pre, inn, latch)
                o[ph + 1] = "  %s = phi i64 [ %s, %%%s ], [ %s, %%%s ]" % (x, init, pre, xn, latch)
                self.label(exit_)
                o.append("  %s = phi i64 [ %s, %%%s ]" % (outv, xn, latch))

    def emit(self, skip):
        self.used = set()
        out = [self.header_line("gen_async.py"), self.target.lines() + HEADER]
        fns = [f for f in self.fns if f.node_id not in skip]
        # A skipped function's afp goes too (an await of it then fails to
        # link, and the reducer moves on).
        out.extend(self.afp_defs(fns))
        out.append("")
        for f in fns:
            self.emit_fn(f, skip, out)
        out.insert(1, self.exercised_line(self.used))
        ir = "\n".join(out) + "\n"
        d = [DRIVER_HEAD]
        for f in fns:
            d.append("extern const afp_t f%d_afp;" % f.idx)
        live = {f.idx for f in fns}
        tasks = [t for t in self.tasks if t[0] in live]
        d.append("static int64_t task_out[%d];" % max(1, len(tasks)))
        d.append("int main(void) {")
        for n, (root, a0, a1, useout) in enumerate(tasks):
            d.append("  task_out[%d] = -1;" % n)
            d.append("  { void *c = new_task(&f%d_afp, %dLL, %dLL, %s);" % (root, a0, a1,
                                                                         "&task_out[%d]" % n if useout else "0"))
            d.append("    fz_enqueue(afp_function(&f%d_afp), c); }" % root)
        d.append("  run();")
        for n in range(len(tasks)):
            d.append('  printf("task %d out %%" PRId64 "\\n", task_out[%d]);' % (n, n))
        d.append('  printf("end %llu contexts %" PRId64 " live %" PRId64 " steps %" PRId64 " lines %" PRId64 "\\n", '
                 '(unsigned long long)g_ck, '
                 'g_allocs, g_live, g_steps, g_lines);')
        d.append("  return (g_live || g_failed) ? 6 : (int)(g_ck % 5u);")
        d.append("}")
        return ir, "\n".join(d) + "\n"

    def ids(self):
        res = []

        def walk(items):
            for iid, k, d in items:
                res.append(iid)
                if k == "loop":
                    walk(d[3])
                elif k == "scratch":
                    walk(d[2])
                elif k == "diamond":
                    walk(d[3])
                    walk(d[7])
        for f in self.fns:
            res.append(f.node_id)
            walk(f.items)
        return res


def program(seed, size=6, disabled=(), skip=(), asan=False):
    g = Gen(seed, size, disabled, asan)
    g.plan()
    ir, drv = g.emit(set(skip))
    return ir, drv, g


def main():
    gen_common.main(__doc__, FEATURES, program)


if __name__ == "__main__":
    main()
