#!/usr/bin/env python3
"""Random switched-resume presplit coroutines in LLVM IR, with a C driver.

Usage: gen_ir.py SEED [--size N] [--disable F1,...] [--skip ID,...]
                      [--asan] [--list-ids] -o FILE.ll --driver FILE.c

Shapes C++ front ends never emit, each valid for LLVM's verifier and
defined behaviour (features, for --disable):
  byval     `ptr byval(%struct.B)` arguments read after suspends (the driver
            clobbers the stack between resumes, so a copy of only the
            pointer reads garbage)
  lifetime  escaped allocas (address handed to the driver, which notes it
            per coroutine instance) with lifetime.start/end around each
            use, ending before each suspend; the driver prints whether the
            address stays the same (an alloca has one address per call)
  escape    escaped allocas without markers: stored before a suspend, read
            and written through the published address after it
  addrspace allocas in address space 1 live across suspends
  unused    suspends whose result is unused, control continuing after them,
            llvm.coro.is_in_ramp deciding whether to return (the driver
            never destroys the coroutine there)
  promisegep  coro.id's promise operand a zero-index GEP of the promise
  loops     loops with suspends keeping values in phis
  branch    diamonds (without suspends) joining values in phis
  plain     a function with presplitcoroutine and no coro.id
  save      coro.save before suspends (else `token none`)
  awaitbool with a save, llvm.coro.await.suspend.bool between it and the
            suspend (its wrapper asks the driver, which answers from a
            fixed sequence); false goes on without suspending, to the
            suspend's own continuation (as clang emits it), straight to
            the final suspend past every later point, or to a suspend
            point of its own that only this edge reaches (after the save
            has recorded the other one); random from a stream of its own,
            so the other features' choices for a seed stay as they were
  handoff   the handle handed away between coro.save and coro.suspend,
            resumed before the suspend is reached (the way MLIR's
            async.execute, an executor thread or an await_suspend that
            resumes inline does it): a plain call of the driver's executor
            (drv_execute), or llvm.coro.await.suspend.void / .bool / .handle
            whose wrapper calls it (bool: true after resuming, or false
            without; handle: then llvm.coro.noop() or the handle of a fresh
            coroutine, @side, that frees itself), some of them in ramps
            (a first point right after coro.begin). The executor resumes
            the coroutine inline (at most 24 deep) and, when that leaves it
            at its final suspend, may destroy it there; some coroutines
            have no final suspend at all and free their frame when they
            end. So the frame may be gone when the wrapper returns: the
            function that suspended may not touch it on its way out. The
            driver's drv_free then fills a freed frame with 0xAB and keeps
            it (poisoned for AddressSanitizer), and it learns from
            drv_gone which handles are dead. Values cross the handoffs and
            are used in resumed code (as by every feature), and the ramp
            traces its argument after its coro.end (ramp-only code, where
            the frame may be gone: both lowerings must use the ramp's own
            value). Nothing uses a value between a suspend and its coro.end
            on the suspended path: LLVM 22 reloads from the frame there
            (freed, with a handoff), so it would be no oracle. Its own
            random stream, as awaitbool
  rampuse   the ramp traces, after its coro.end, a value a call defined
            before the first suspend (resumed code may use it too, and then
            it crosses suspends), as clang's ramp returns what
            get_return_object returned. Only values calls define: LLVM 22's O2 pipeline (the
            reference) recomputes a cheap one there from operands it
            reloads from the frame. With handoff that frame may be freed
            by then, and LLVM's O2 pipeline also reloads such a value
            itself after coro.end at times: such a seed's reference fails
            under AddressSanitizer (`invalid`). A stream of its own too

The module's target (features native, notriple, layout32, bigendian,
othertargets): one of every target corolower has rules for, chosen as
gen_common.py says.
Modules for another architecture than the host's carry no byval
arguments (C passes a struct by value differently there), no allocas in
address space 1 (the s390x backend cannot cast them) and no
sanitize_address; run_diff.py builds them with that target's cross
toolchain (tests/targets/target_env.sh) and runs them under qemu-user
(node for wasm32).
The driver's types match the IR's on every target (int64_t for i64, and
i32 parameters crossing between C and IR are signext, as s390x needs).

Each coroutine stores values in its promise ({i64, i64}); the driver reads it
through llvm.coro.promise (helpers in the module), resumes a random number
of times and destroys the coroutine (at a suspend or after the final one),
with a trace on stdout and the allocation balance at the end.
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_common  # noqa: E402
from gen_common import TARGET_FEATURES, X86_64_DL  # noqa: E402,F401

FEATURES = ["byval", "lifetime", "escape", "addrspace", "unused", "promisegep",
            "loops", "branch", "plain", "save", "awaitbool", "handoff", "rampuse",
            ] + TARGET_FEATURES


HEADER = '''%struct.B = type { i64, i64, i64 }
%struct.P = type { i64, i64 }

@g_kind = external global i32

declare void @trace(i32 signext, i64)
declare ptr @drv_alloc(i64)
declare void @drv_free(ptr)
declare void @note_addr(ptr, i32 signext, ptr)
declare void @publish(ptr, i32 signext, ptr)
declare i64 @peek(ptr, i32 signext)
declare void @poke(ptr, i32 signext, i64)
declare i64 @mix(i64, i64)
declare token @llvm.coro.id(i32, ptr readnone, ptr readonly captures(none), ptr)
declare i1 @llvm.coro.alloc(token)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr writeonly)
declare token @llvm.coro.save(ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr readonly captures(none))
declare void @llvm.coro.end(ptr, i1, token)
declare i1 @llvm.coro.is_in_ramp()
declare i1 @llvm.coro.await.suspend.bool(ptr, ptr, ptr)
declare signext i32 @drv_decide()
declare void @llvm.coro.resume(ptr)
declare void @llvm.coro.destroy(ptr)
declare i1 @llvm.coro.done(ptr readonly captures(none))
declare ptr @llvm.coro.promise(ptr readnone, i32, i1)
declare void @llvm.lifetime.start.p0(ptr captures(none))
declare void @llvm.lifetime.end.p0(ptr captures(none))
declare void @llvm.trap()

define internal i1 @aw_decide(ptr %awaiter, ptr %frame) {
  %d = call i32 @drv_decide()
  %go = icmp ne i32 %d, 0
  ret i1 %go
}
define void @drv_resume(ptr %h) {
  call void @llvm.coro.resume(ptr %h)
  ret void
}
define void @drv_destroy(ptr %h) {
  call void @llvm.coro.destroy(ptr %h)
  ret void
}
define signext i32 @drv_done(ptr %h) {
  %d = call i1 @llvm.coro.done(ptr %h)
  %r = zext i1 %d to i32
  ret i32 %r
}
define i64 @drv_promise(ptr %h, i32 signext %k) {
  %p = call ptr @llvm.coro.promise(ptr %h, i32 8, i1 false)
  %f = getelementptr inbounds i64, ptr %p, i32 %k
  %v = load i64, ptr %f, align 8
  ret i64 %v
}
'''

HANDOFF_DECLS = '''declare void @drv_execute(ptr)
declare void @drv_gone(ptr)
declare signext i32 @drv_hand_decide()
declare void @llvm.coro.await.suspend.void(ptr, ptr, ptr)
declare void @llvm.coro.await.suspend.handle(ptr, ptr, ptr)
declare ptr @llvm.coro.noop()

; await_suspend wrappers that hand the coroutine to the executor, which
; may resume it to its end (and free it) before they return.
define internal void @aw_hand_void(ptr %awaiter, ptr %frame) {
  call void @drv_execute(ptr %frame)
  ret void
}
define internal i1 @aw_hand_bool(ptr %awaiter, ptr %frame) {
  %d = call i32 @drv_hand_decide()
  %keep = icmp eq i32 %d, 0
  br i1 %keep, label %no, label %hand
no:
  ret i1 false
hand:
  call void @drv_execute(ptr %frame)
  ret i1 true
}
define internal ptr @aw_hand_handle(ptr %awaiter, ptr %frame) {
  %d = call i32 @drv_hand_decide()
  call void @drv_execute(ptr %frame)
  %odd = and i32 %d, 1
  %z = icmp eq i32 %odd, 0
  br i1 %z, label %noop, label %side
noop:
  %n = call ptr @llvm.coro.noop()
  ret ptr %n
side:
  %k = zext i32 %d to i64
  %s = call ptr @side(i64 %k)
  ret ptr %s
}
; What aw_hand_handle may transfer to: traces, then frees itself.
define ptr @side(i64 %k) presplitcoroutine%s {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @drv_alloc(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %run
                             i8 1, label %cleanup ]
run:
  %m = call i64 @mix(i64 %k, i64 7)
  call void @trace(i32 8007, i64 %m)
  br label %cleanup
cleanup:
  call void @drv_gone(ptr %hdl)
  %fm = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @drv_free(ptr %fm)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
'''

# The driver's allocator and main loop with handoff: freed frames are
# poisoned and kept (for AddressSanitizer too), dead handles known.
HANDOFF_ALLOC = r'''#if defined(__has_feature)
#if __has_feature(address_sanitizer)
void __asan_poison_memory_region(void const volatile *addr, size_t size);
#define POISON(p, n) __asan_poison_memory_region((p), (n))
#endif
#endif
#ifndef POISON
#define POISON(p, n) ((void)0)
#endif
static char *g_quar[1 << 16];
static int g_nquar;
void *drv_alloc(int64_t n) {
  ++g_allocs;
  char *p = malloc((size_t)n + 16);
  if (!p) abort();
  memcpy(p, &n, sizeof n);
  return p + 16;
}
/* A freed frame is filled with 0xAB and kept: a read of it after the
 * coroutine ended gives the poison, whatever malloc would do. */
void drv_free(void *q) {
  if (!q) return;
  --g_allocs;
  char *p = (char *)q - 16;
  int64_t n;
  memcpy(&n, p, sizeof n);
  memset(q, 0xAB, (size_t)n);
  POISON(q, (size_t)n);
  if (g_nquar < (1 << 16)) g_quar[g_nquar++] = p;
}
static void *g_gone[1 << 14];
static int g_ngone;
void drv_gone(void *h) {
  if (g_ngone == (1 << 14)) { puts("gone overflow"); exit(3); }
  g_gone[g_ngone++] = h;
}
static int gone(void *h) {
  for (int i = g_ngone - 1; i >= 0; i--)
    if (g_gone[i] == h) return 1;
  return 0;
}
int drv_hand_decide(void) {
  static uint64_t s = 0x2545f4914f6cdd1dull;
  s ^= s << 13; s ^= s >> 7; s ^= s << 17;
  return (int)(s >> 62); /* 0 to 3 */
}
'''

HANDOFF_DRIVE = r'''/* The executor: resumes the coroutine inline (as another thread might,
 * before the suspend that handed it over is even reached) and, one time in
 * two when that leaves it at its final suspend, destroys it there. */
static int g_hdepth;
void drv_execute(void *h) {
  if (g_hdepth >= 24) return; /* left suspended: drive() resumes it later */
  ++g_hdepth;
  drv_resume(h);
  if (!gone(h) && drv_done(h) && (drv_hand_decide() & 1)) {
    forget(h);
    drv_destroy(h);
  }
  --g_hdepth;
}
static void drive(void *h, int resumes) {
  if (gone(h)) { trace(7003, 0); return; }
  show(h);
  for (int i = 0; i < resumes && !drv_done(h); i++) {
    clobber(i);
    drv_resume(h);
    if (gone(h)) { trace(7003, i + 1); return; }
    show(h);
  }
  /* Never destroy at a suspend whose result is unused. */
  while (g_kind == 1 && !drv_done(h)) {
    drv_resume(h);
    if (gone(h)) { trace(7003, 99); return; }
    show(h);
  }
  forget(h);
  drv_destroy(h);
}
'''

DRIVER_HEAD = r'''#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct B { int64_t a, b, c; };
int g_kind;
static long g_allocs, g_lines;
static uint64_t g_ck = 1;
void trace(int tag, int64_t v) {
  g_ck = g_ck * 6364136223846793005ull + (uint64_t)(tag ^ v);
  if (g_lines < 3000) { printf("t%d %lld\n", tag, (long long)v); ++g_lines; }
}
int64_t mix(int64_t a, int64_t b) {
  uint64_t x = (uint64_t)a ^ ((uint64_t)b + 0x9e3779b97f4a7c15ull + ((uint64_t)a << 6) + ((uint64_t)a >> 2));
  return (int64_t)x;
}
int drv_decide(void) {
  static uint64_t s = 88172645463325252ull;
  s ^= s << 13; s ^= s >> 7; s ^= s << 17;
  return (int)(s >> 62) != 0; /* suspend three times in four */
}
@ALLOC@/* Addresses published per coroutine instance (handle, id). */
static struct { void *h; int id; void *p; void *first; } g_tab[4096];
static int g_ntab;
static int slot(void *h, int id) {
  for (int i = 0; i < g_ntab; i++)
    if (g_tab[i].h == h && g_tab[i].id == id) return i;
  if (g_ntab == 4096) { puts("table overflow"); exit(3); }
  g_tab[g_ntab].h = h; g_tab[g_ntab].id = id; g_tab[g_ntab].first = 0;
  return g_ntab++;
}
static void forget(void *h) {
  for (int i = 0; i < g_ntab; i++)
    if (g_tab[i].h == h) g_tab[i].h = 0;
}
void note_addr(void *h, int id, void *p) {
  int s = slot(h, id);
  if (!g_tab[s].first) g_tab[s].first = p;
  printf("addr %d %s\n", id, g_tab[s].first == p ? "same" : "moved");
}
void publish(void *h, int id, void *p) { g_tab[slot(h, id)].p = p; }
int64_t peek(void *h, int id) { return *(int64_t *)g_tab[slot(h, id)].p; }
void poke(void *h, int id, int64_t v) { *(int64_t *)g_tab[slot(h, id)].p += v; }
void drv_resume(void *h);
void drv_destroy(void *h);
int drv_done(void *h);
int64_t drv_promise(void *h, int k);
/* Overwrites the stack below the caller, where a callee's byval copy was. */
__attribute__((noinline)) void clobber(long v) {
  volatile long junk[256];
  for (int i = 0; i < 256; i++) junk[i] = v * 31 + i;
  (void)junk[v & 255];
}
static void show(void *h) {
  if (!drv_done(h)) trace(7000, drv_promise(h, 0) ^ drv_promise(h, 1));
  else trace(7001, drv_promise(h, 0));
}
@DRIVE@'''


DRIVE_PLAIN = r'''static void drive(void *h, int resumes) {
  show(h);
  for (int i = 0; i < resumes && !drv_done(h); i++) {
    clobber(i);
    drv_resume(h);
    show(h);
  }
  /* Never destroy at a suspend whose result is unused. */
  while (g_kind == 1 && !drv_done(h)) { drv_resume(h); show(h); }
  forget(h);
  drv_destroy(h);
}
'''


class Fn:
    def __init__(self, idx):
        self.idx = idx
        self.node_id = None
        self.items = []       # plan: list of (id, kind, data)
        self.byval = False
        self.esc_lt = []      # allocas with lifetime markers
        self.esc = []         # allocas without markers
        self.asp = []         # addrspace(1) allocas
        self.gep = None       # "i64" / "i32" / None
        # handoff (its own random stream):
        self.handoff = False
        self.selffree = False  # no final suspend: frees itself at its end
        self.init_hand = None  # a first point right after coro.begin
        self.first_vals = None # values defined before its first suspend
        self.tail = None       # traced after the ramp's coro.end


class IRGen:
    def __init__(self, seed, size, disabled, asan):
        self.rng = random.Random(seed)
        # awaitbool's choices, apart: enabling it leaves the rest unchanged.
        self.arng = random.Random(seed * 7919 + 17)
        # handoff's, apart too.
        self.hrng = random.Random(seed * 104729 + 31)
        self.rrng = random.Random(seed * 15485863 + 7)
        self.trng = random.Random(seed * 2654435761 + 11)
        self.seed = seed
        self.size = max(1, size)
        self.off = set(disabled)
        self.pick_target()
        self.asan_asked = asan
        self.asan = asan and self.host
        self.nid = 0
        self.tagn = 100

    def on(self, f):
        return f not in self.off

    def pick_target(self):
        t = gen_common.pick_target(self.trng, self.on)
        self.target, self.layout, self.triple = t.name, t.layout, t.triple
        # Runs on the host (x86-64): natively, with AddressSanitizer.
        self.host = t.host
        self.target_lines = t.lines

    def new_id(self):
        self.nid += 1
        return self.nid

    def tag(self):
        self.tagn += 1
        return self.tagn

    # ------------------------------------------------------------- planning
    def plan(self):
        r = self.rng
        n = min(1 + self.size // 2 + r.randint(0, 1), 8)
        self.fns = []
        for i in range(n):
            f = Fn(i)
            f.node_id = self.new_id()
            f.byval = self.on("byval") and self.host and r.random() < 0.7
            if self.on("lifetime"):
                f.esc_lt = ["%%lt%d" % k for k in range(r.randint(0, 2))]
            if self.on("escape"):
                f.esc = ["%%es%d" % k for k in range(r.randint(0, 2))]
            if self.on("addrspace") and self.host:
                f.asp = ["%%as%d" % k for k in range(r.randint(0, 2))]
            if self.on("promisegep") and r.random() < 0.6:
                f.gep = r.choice(["i64", "i32"])
            f.save = self.on("save") and r.random() < 0.5
            f.awaitbool = f.save and self.on("awaitbool") and self.arng.random() < 0.6
            if self.on("handoff") and self.hrng.random() < 0.75:
                f.handoff = True
                f.selffree = self.hrng.random() < 0.4
                if self.hrng.random() < 0.35:
                    f.init_hand = (self.new_id(), self.hrng.choice(["exec", "void", "bool", "handle"]))
                    f.first_vals = ["%a"]
            self.vals = ["%a"]
            self.callvals = set()
            self.vn = 0
            self.f = f
            f.items = self.seq(r.randint(3, 4 + self.size), 2, suspended=False)
            vals = f.first_vals if f.first_vals is not None else self.vals
            calls = [v for v in vals if v in self.callvals]
            if self.on("rampuse") and self.rrng.random() < 0.5 and calls:
                f.tail = self.rrng.choice(calls)
            elif f.handoff:
                f.tail = "%a"
            f.resumes = r.randint(0, 12)
            f.arg = r.randrange(1 << 20)
            f.bv = [r.randrange(1 << 30) for _ in range(3)]
            self.fns.append(f)
        self.plain = self.on("plain") and r.random() < 0.5
        self.plain_id = self.new_id()

    def val(self):
        self.vn += 1
        return "%%v%d" % self.vn

    def operand(self):
        r = self.rng
        if r.random() < 0.2:
            return str(r.choice([0, 1, 3, 7, 255, 65537, 123456789]))
        return r.choice(self.vals)

    def seq(self, n, depth, suspended):
        out = []
        for _ in range(n):
            out.append(self.item(depth))
        return out

    def item(self, depth):
        """One plan item: (id, kind, data). self.vals holds the SSA values
        usable at this point (defined on every path to it)."""
        r = self.rng
        f = self.f
        kinds = [("op", 4), ("trace", 2), ("promise", 1), ("suspend", 4)]
        if self.on("unused"): kinds.append(("unused", 2))
        if f.byval: kinds.append(("byval", 2))
        if f.esc_lt: kinds.append(("lifetime", 3))
        if f.esc: kinds.append(("escape_w", 2)); kinds.append(("escape_r", 2))
        if f.asp: kinds.append(("as_w", 2)); kinds.append(("as_r", 2))
        if self.on("branch"): kinds.append(("diamond", 2))
        if self.on("loops") and depth > 0: kinds.append(("loop", 3))
        total = sum(w for _, w in kinds)
        x = r.uniform(0, total)
        for k, w in kinds:
            x -= w
            if x <= 0:
                break
        iid = self.new_id()
        if k == "op":
            v = self.val()
            op = r.choice(["add", "mul", "xor", "sub", "mix", "lshr"])
            a, b = self.operand(), self.operand()
            if op == "lshr":
                b = str(r.randrange(1, 63))
            if op == "mix":
                self.callvals.add(v)
            self.vals.append(v)
            return (iid, "op", (v, op, a, b))
        if k == "trace":
            return (iid, "trace", (self.tag(), self.operand()))
        if k == "promise":
            return (iid, "promise", (r.randrange(2), self.operand()))
        if k in ("suspend", "unused"):
            if f.first_vals is None:
                f.first_vals = list(self.vals)
            if k == "suspend":
                return (iid, k, (self.tag(), self.operand(), self.hand_choice()))
            return (iid, k, (self.tag(), self.operand()))
        if k == "byval":
            v = self.val()
            self.vals.append(v)
            return (iid, "byval", (v, r.randrange(3)))
        if k == "lifetime":
            return (iid, "lifetime", (r.choice(f.esc_lt), r.randrange(len(f.esc_lt)), self.operand(), self.val()))
        if k == "escape_w":
            e = r.choice(f.esc)
            return (iid, "escape_w", (e, f.esc.index(e), self.operand()))
        if k == "escape_r":
            e = r.choice(f.esc)
            v1, v2 = self.val(), self.val()
            self.callvals.add(v1)
            self.vals += [v1, v2]
            return (iid, "escape_r", (e, f.esc.index(e), self.operand(), v1, v2))
        if k == "as_w":
            return (iid, "as_w", (r.choice(f.asp), self.operand(), r.random() < 0.5))
        if k == "as_r":
            v = self.val()
            self.vals.append(v)
            return (iid, "as_r", (r.choice(f.asp), v))
        if k == "diamond":
            c, t, e, m = self.val(), self.val(), self.val(), self.val()
            data = (c, self.operand(), r.randrange(1, 5), t, self.operand(), self.operand(),
                    e, self.operand(), self.operand(), m)
            self.vals.append(m)
            return (iid, "diamond", data)
        if k == "loop":
            i, x = self.val(), self.val()
            init = self.operand()
            saved = list(self.vals)
            self.vals += [i, x]
            body = self.seq(r.randint(1, 3), depth - 1, True)
            if not any(b[1] == "suspend" for b in body):
                if f.first_vals is None:
                    f.first_vals = list(self.vals)
                body.append((self.new_id(), "suspend", (self.tag(), x, self.hand_choice())))
            xn, inn, c, out = self.val(), self.val(), self.val(), self.val()
            upd = self.operand()
            self.vals = saved + [out]
            return (iid, "loop", (i, x, init, body, xn, upd, inn, c, r.randint(1, 4), out))
        raise AssertionError(k)

    def hand_choice(self):
        """How a suspend point of a handoff function hands its handle
        away, or None (from handoff's stream)."""
        if not self.f.handoff or self.hrng.random() >= 0.55:
            return None
        return self.hrng.choice(["exec", "void", "bool", "handle"])

    # ------------------------------------------------------------- emitting
    def emit_fn(self, f, skip, out):
        self.out = out
        self.bn = 0
        attrs = "presplitcoroutine" + (" sanitize_address" if self.asan else "")
        params = "i64 %a" + (", ptr byval(%struct.B) align 8 %b" if f.byval else "")
        out.append("define ptr @f%d(%s) %s {" % (f.idx, params, attrs))
        out.append("entry:")
        out.append("  %promise = alloca %struct.P, align 8")
        for e in f.esc_lt + f.esc:
            out.append("  %s = alloca i64, align 8" % e)
        for e in f.asp:
            out.append("  %s = alloca i64, align 8, addrspace(1)" % e)
        prom = "%promise"
        if f.gep == "i64":
            out.append("  %pgep = getelementptr inbounds %struct.P, ptr %promise, i64 0")
            prom = "%pgep"
        elif f.gep == "i32":
            out.append("  %pgep = getelementptr inbounds %struct.P, ptr %promise, i32 0, i32 0")
            prom = "%pgep"
        out.append("  %%id = call token @llvm.coro.id(i32 16, ptr %s, ptr null, ptr null)" % prom)
        out.append("  %need = call i1 @llvm.coro.alloc(token %id)")
        out.append("  br i1 %need, label %alloc, label %begin")
        out.append("alloc:")
        out.append("  %size = call i64 @llvm.coro.size.i64()")
        out.append("  %mem = call ptr @drv_alloc(i64 %size)")
        out.append("  br label %begin")
        out.append("begin:")
        out.append("  %phimem = phi ptr [ null, %entry ], [ %mem, %alloc ]")
        out.append("  %hdl = call ptr @llvm.coro.begin(token %id, ptr %phimem)")
        out.append("  store i64 %a, ptr %promise, align 8")
        out.append("  %p1 = getelementptr inbounds %struct.P, ptr %promise, i32 0, i32 1")
        out.append("  store i64 0, ptr %p1, align 8")
        for e in f.esc:
            out.append("  store i64 %%a, ptr %s, align 8" % e)
            out.append("  call void @publish(ptr %%hdl, i32 %d, ptr %s)" % (f.esc.index(e), e))
        for e in f.asp:
            out.append("  store i64 5, ptr addrspace(1) %s, align 8" % e)
        self.cur = "begin"
        self.f = f
        if f.init_hand and f.init_hand[0] not in skip:
            # The ramp hands itself away first (MLIR's async.execute).
            self.suspend("suspend", 20000 + f.idx, "%a", f.init_hand[1])
        self.emit_items(f.items, skip)
        # Final suspend (awaitbool's false edges may jump here).
        out.append("  br label %fin")
        out.append("fin:")
        if f.selffree:
            # No final suspend: it ends, frees its frame and is gone.
            out.append("  br label %cleanup")
        else:
            out.append("  store i32 2, ptr @g_kind, align 4")
            out.append("  %fs = call i8 @llvm.coro.suspend(token none, i1 true)")
            out.append("  switch i8 %fs, label %ret [ i8 0, label %trap")
            out.append("                              i8 1, label %cleanup ]")
            out.append("trap:")
            out.append("  call void @llvm.trap()")
            out.append("  unreachable")
        out.append("cleanup:")
        out.append("  call void @trace(i32 %d, i64 %%a)" % (9000 + f.idx))
        if self.on("handoff"):
            out.append("  call void @drv_gone(ptr %hdl)")
        out.append("  %fm = call ptr @llvm.coro.free(token %id, ptr %hdl)")
        out.append("  call void @drv_free(ptr %fm)")
        out.append("  br label %ret")
        out.append("ret:")
        out.append("  call void @llvm.coro.end(ptr %hdl, i1 false, token none)")
        if f.tail:
            # The ramp alone runs this, maybe after the coroutine ended.
            out.append("  %%tail = call i64 @mix(i64 %%a, i64 %s)" % f.tail)
            out.append("  call void @trace(i32 %d, i64 %%tail)" % (9500 + f.idx))
        out.append("  ret ptr %hdl")
        out.append("}")
        out.append("")

    def block(self, name=None):
        self.bn += 1
        return name or "b%d" % self.bn

    def label(self, name):
        self.out.append("%s:" % name)
        self.cur = name

    def suspend(self, kind, tag, v, hand=None):
        o = self.out
        o.append("  call void @trace(i32 %d, i64 %s)" % (tag, v))
        o.append("  store i32 %d, ptr @g_kind, align 4" % (1 if kind == "unused" else 0))
        nxt = self.block()
        sv = "%%sv%s" % nxt
        if hand:
            # awaitbool's choices for the point are drawn as ever (so that
            # its stream stays as it was), then left unused.
            if self.f.awaitbool and self.arng.random() < 0.7:
                self.arng.random()
            o.append("  %s = call token @llvm.coro.save(ptr %%hdl)" % sv)
            if hand == "exec":
                o.append("  call void @drv_execute(ptr %hdl)")
            elif hand == "void":
                o.append("  call void @llvm.coro.await.suspend.void(ptr %promise, ptr %hdl, ptr @aw_hand_void)")
            elif hand == "handle":
                o.append("  call void @llvm.coro.await.suspend.handle(ptr %promise, ptr %hdl, ptr @aw_hand_handle)")
            else:
                o.append("  %%hb%s = call i1 @llvm.coro.await.suspend.bool(ptr %%promise, "
                         "ptr %%hdl, ptr @aw_hand_bool)" % nxt)
                o.append("  br i1 %%hb%s, label %%sh%s, label %%%s" % (nxt, nxt, nxt))
                self.label("sh" + nxt)
            o.append("  %%s%s = call i8 @llvm.coro.suspend(token %s, i1 false)" % (nxt, sv))
            o.append("  switch i8 %%s%s, label %%ret [ i8 0, label %%%s" % (nxt, nxt))
            o.append("                              i8 1, label %cleanup ]")
            self.label(nxt)
            return
        if kind == "unused":
            o.append("  %%s%s = call i8 @llvm.coro.suspend(token none, i1 false)" % nxt)
            o.append("  %%r%s = call i1 @llvm.coro.is_in_ramp()" % nxt)
            o.append("  br i1 %%r%s, label %%ret, label %%%s" % (nxt, nxt))
        else:
            tok = "none"
            if self.f.save:
                o.append("  %s = call token @llvm.coro.save(ptr %%hdl)" % sv)
                tok = sv
            if self.f.awaitbool and self.arng.random() < 0.7:
                pick = self.arng.random()
                on_false = nxt if pick < 0.5 else "fin" if pick < 0.7 else "alt" + nxt
                o.append("  %%ab%s = call i1 @llvm.coro.await.suspend.bool(ptr %%promise, "
                         "ptr %%hdl, ptr @aw_decide)" % nxt)
                o.append("  br i1 %%ab%s, label %%sb%s, label %%%s" % (nxt, nxt, on_false))
                if on_false != nxt and on_false != "fin":
                    # A suspend point of its own, reached only this way,
                    # then the final suspend: before the other in order.
                    self.label(on_false)
                    o.append("  call void @trace(i32 %d, i64 %s)" % (tag + 5000, v))
                    o.append("  store i32 0, ptr @g_kind, align 4")
                    o.append("  %%sa%s = call i8 @llvm.coro.suspend(token none, i1 false)" % nxt)
                    o.append("  switch i8 %%sa%s, label %%ret [ i8 0, label %%fin" % nxt)
                    o.append("                              i8 1, label %cleanup ]")
                self.label("sb" + nxt)
            o.append("  %%s%s = call i8 @llvm.coro.suspend(token %s, i1 false)" % (nxt, tok))
            o.append("  switch i8 %%s%s, label %%ret [ i8 0, label %%%s" % (nxt, nxt))
            o.append("                              i8 1, label %cleanup ]")
        self.label(nxt)

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
                o.append("  call void @trace(i32 %d, i64 %s)" % d)
            elif k == "promise":
                o.append("  %%pp%d = getelementptr inbounds %%struct.P, ptr %%promise, i32 0, i32 %d" % (iid, d[0]))
                o.append("  store i64 %s, ptr %%pp%d, align 8" % (d[1], iid))
            elif k in ("suspend", "unused"):
                self.suspend(k, d[0], d[1], d[2] if len(d) > 2 else None)
            elif k == "byval":
                v, fld = d
                o.append("  %%bg%d = getelementptr inbounds %%struct.B, ptr %%b, i32 0, i32 %d" % (iid, fld))
                o.append("  %s = load i64, ptr %%bg%d, align 8" % (v, iid))
            elif k == "lifetime":
                e, idn, v, w = d
                o.append("  call void @llvm.lifetime.start.p0(ptr %s)" % e)
                o.append("  store i64 %s, ptr %s, align 8" % (v, e))
                o.append("  call void @note_addr(ptr %%hdl, i32 %d, ptr %s)" % (100 + self.f.esc_lt.index(e), e))
                o.append("  %s = load i64, ptr %s, align 8" % (w, e))
                o.append("  call void @trace(i32 %d, i64 %s)" % (500 + idn, w))
                o.append("  call void @llvm.lifetime.end.p0(ptr %s)" % e)
            elif k == "escape_w":
                e, idn, v = d
                o.append("  call void @poke(ptr %%hdl, i32 %d, i64 %s)" % (idn, v))
                o.append("  %%ew%d = load i64, ptr %s, align 8" % (iid, e))
                o.append("  %%ex%d = xor i64 %%ew%d, %s" % (iid, iid, v))
                o.append("  store i64 %%ex%d, ptr %s, align 8" % (iid, e))
            elif k == "escape_r":
                e, idn, v, v1, v2 = d
                o.append("  %s = call i64 @peek(ptr %%hdl, i32 %d)" % (v1, idn))
                o.append("  %s = load i64, ptr %s, align 8" % (v2, e))
                o.append("  call void @trace(i32 %d, i64 %s)" % (600 + idn, v2))
            elif k == "as_w":
                e, v, cast = d
                if cast:
                    # Through a generic pointer, as a front end would.
                    o.append("  %%ac%d = addrspacecast ptr addrspace(1) %s to ptr" % (iid, e))
                    o.append("  store i64 %s, ptr %%ac%d, align 8" % (v, iid))
                else:
                    o.append("  store i64 %s, ptr addrspace(1) %s, align 8" % (v, e))
            elif k == "as_r":
                e, v = d
                o.append("  %s = load i64, ptr addrspace(1) %s, align 8" % (v, e))
            elif k == "diamond":
                c, ca, m_, t, ta, tb, e, ea, eb, m = d
                bt, be, bj = self.block(), self.block(), self.block()
                o.append("  %s.u = urem i64 %s, %d" % (c, ca, m_ + 1))
                o.append("  %s = icmp eq i64 %s.u, 0" % (c, c))
                o.append("  br i1 %s, label %%%s, label %%%s" % (c, bt, be))
                self.label(bt)
                o.append("  %s = add i64 %s, %s" % (t, ta, tb))
                o.append("  br label %%%s" % bj)
                self.label(be)
                o.append("  %s = mul i64 %s, %s" % (e, ea, eb))
                o.append("  br label %%%s" % bj)
                self.label(bj)
                o.append("  %s = phi i64 [ %s, %%%s ], [ %s, %%%s ]" % (m, t, bt, e, be))
            elif k == "loop":
                i, x, init, body, xn, upd, inn, c, trips, out = d
                pre = self.cur
                head, exit_ = self.block(), self.block()
                o.append("  br label %%%s" % head)
                self.label(head)
                latch_ph = len(o)
                o.append(None)  # the phis, once the latch is known
                o.append(None)
                self.emit_items(body, skip)
                latch = self.cur
                o.append("  %s = call i64 @mix(i64 %s, i64 %s)" % (xn, x, upd))
                o.append("  %s = add i64 %s, 1" % (inn, i))
                o.append("  %s = icmp ult i64 %s, %d" % (c, inn, trips))
                o.append("  br i1 %s, label %%%s, label %%%s" % (c, head, exit_))
                o[latch_ph] = "  %s = phi i64 [ 0, %%%s ], [ %s, %%%s ]" % (i, pre, inn, latch)
                o[latch_ph + 1] = "  %s = phi i64 [ %s, %%%s ], [ %s, %%%s ]" % (x, init, pre, xn, latch)
                self.label(exit_)
                o.append("  %s = phi i64 [ %s, %%%s ]" % (out, xn, latch))

    def emit(self, skip):
        out = ["; gen_ir.py %d --size %d%s%s" % (
            self.seed, self.size, " --disable " + ",".join(sorted(self.off)) if self.off else "",
            " --asan" if self.asan_asked else ""), gen_common.exercised_line(self.target, ()),
            self.target_lines() + HEADER]
        if self.on("handoff"):
            out.append(HANDOFF_DECLS.replace("presplitcoroutine%s", "presplitcoroutine" +
                                             (" sanitize_address" if self.asan else "")))
        fns = [f for f in self.fns if f.node_id not in skip]
        for f in fns:
            self.emit_fn(f, skip, out)
        if self.plain and self.plain_id not in skip:
            out.append("define i64 @plain(i64 %x) presplitcoroutine {")
            out.append("  %y = call i64 @mix(i64 %x, i64 77)")
            out.append("  ret i64 %y")
            out.append("}")
        ir = "\n".join(out) + "\n"
        head = DRIVER_HEAD
        if self.on("handoff"):
            head = head.replace("@ALLOC@", HANDOFF_ALLOC).replace("@DRIVE@", HANDOFF_DRIVE)
        else:
            head = head.replace("@ALLOC@", "void *drv_alloc(int64_t n) { ++g_allocs; return malloc((size_t)n); }\n"
                                "void drv_free(void *p) { if (p) --g_allocs; free(p); }\n")
            head = head.replace("@DRIVE@", DRIVE_PLAIN)
        d = [head]
        for f in fns:
            if f.byval:
                d.append("void *f%d(int64_t a, struct B b);" % f.idx)
            else:
                d.append("void *f%d(int64_t a);" % f.idx)
        if self.plain and self.plain_id not in skip:
            d.append("int64_t plain(int64_t x);")
        # Each ramp is called from a function of its own, whose frame (and
        # the byval copy in it) the driver's later calls overwrite.
        for f in fns:
            d.append("__attribute__((noinline)) static void *start%d(void) {" % f.idx)
            if f.byval:
                d.append("  struct B b = {%dL, %dL, %dL};" % tuple(f.bv))
                d.append("  return f%d(%dL, b);" % (f.idx, f.arg))
            else:
                d.append("  return f%d(%dL);" % (f.idx, f.arg))
            d.append("}")
        d.append("int main(void) {")
        for f in fns:
            d.append("  drive(start%d(), %d);" % (f.idx, f.resumes))
        if self.plain and self.plain_id not in skip:
            d.append("  trace(7002, plain(%d));" % self.seed)
        d.append('  printf("end %llu allocs %ld lines %ld\\n", (unsigned long long)g_ck, g_allocs, g_lines);')
        d.append("  return (int)(g_ck % 7u);")
        d.append("}")
        return ir, "\n".join(d) + "\n"

    def ids(self):
        res = []

        def walk(items):
            for iid, k, d in items:
                res.append(iid)
                if k == "loop":
                    walk(d[3])
        for f in self.fns:
            res.append(f.node_id)
            if f.init_hand:
                res.append(f.init_hand[0])
            walk(f.items)
        res.append(self.plain_id)
        return res


def program(seed, size=6, disabled=(), skip=(), asan=False):
    g = IRGen(seed, size, disabled, asan)
    g.plan()
    ir, drv = g.emit(set(skip))
    return ir, drv, g


def main():
    gen_common.main(__doc__, FEATURES, program)


if __name__ == "__main__":
    main()
