#!/usr/bin/env python3
"""Random returned-continuation presplit coroutines in LLVM IR, with a C driver.

Usage: gen_retcon.py SEED [--size N] [--disable F1,...] [--skip ID,...]
                          [--asan] [--list-ids] -o FILE.ll --driver FILE.c

Each module holds 1-4 coroutines, each `llvm.coro.id.retcon` (multi-suspend)
or `llvm.coro.id.retcon.once` (yield-once), and C-ABI wrappers the driver
calls (C cannot call a function returning an arbitrary aggregate). Per
coroutine the generator picks:
  - the yielded types (0-3 of i64, i32, double, {i32, i64}, ptr; a ptr is
    the address of an i64 alloca of the coroutine, which the driver reads
    and rewrites while the coroutine is suspended);
  - the continuation's parameters after the buffer (the prototype): an i1
    abort flag first (usually) and 0-2 more values (i64, i32, double), which
    become the suspend's result (one value directly, several a struct);
    without any, the suspend returns void;
  - the buffer (size 8-256, align 8 or 16) and the allocator (`ptr (i64)`
    or `ptr (i32)`): the frame fits or is allocated;
  - yield-once: no results, an i64 or {i64, i32} through coro.end.results.
The body (features, for --disable):
  prebegin  values computed (and allocas stored) before coro.id/coro.begin
  allocas   i64 slots and [M x i64] arrays (M up to 24) read and written
            across suspends, at constant and computed indices
  dynalloca coro.alloca.alloc/get/free regions of n*8 bytes (n from the
            driver) around code with suspends, freed on every path
  loops     loops with suspends (multi-suspend only) and phis
  branch    diamonds, with suspends in an arm (multi-suspend only)
  typed     i32, double and {i32, i64} values live across suspends
  wide      i1, i8, i16, i128, <4 x i32>, float, {i8, i128} values too
  abort     the i1 abort flag (without it, continuations never abort)
  extras    continuation parameters after the flag
  probe     coro.size/coro.align stored (volatile) to a global per
            coroutine, so the frame size can be read back from any lowering
  lifetime  an i64 alloca inside lifetime.start/end around code with
            suspends, its address handed to the driver (which rewrites it)
  cc        fastcc or swiftcc coroutines and prototypes
  inner     a coroutine driving another (a later one) whose buffer and
            output record are allocas of its own, started before and
            finished after code with suspends (finished with abort=1 on
            the outer coroutine's abort paths)
  swifterror  a swifterror argument and/or 1-2 swifterror allocas, thrown
            into (@fz_throw, which also reads the error it is given),
            read and written across suspends; the prototype may take a
            swifterror parameter (last). The wrappers pass each ramp and
            continuation a swifterror slot holding null (Swift's
            convention), or for some continuations a value, and the
            driver prints what comes back. Where the prototype has no
            such parameter every resume clears the argument's error
            first, since LLVM 22 reads an uninitialized slot there
            (corolower starts from null); a prototype with one goes only
            with the argument or without allocas, since LLVM 22 passes
            it to an alloca's callee (tests/malformed/LLVM22_RETCON.md).
            Decided with a generator of its own, so the features' other
            choices (and modules without swifterror) stay as they were.
            Not on SystemZ, whose backend gets swifterror wrong.
Yield-once coroutines may suspend in both arms of a diamond (one suspend
on each path), with `branch`.
The module's target (features native, notriple, layout32, bigendian,
othertargets): one of every target corolower has rules for, chosen as
gen_common.py says; on RISC-V 64, whose backend knows no Swift
convention, `cc` picks fastcc where it would pick swiftcc. The driver's
types are the IR's on every target (int64_t for i64; i32 arguments from
the IR to C are signext, as s390x, RISC-V 64 and PowerPC 64 need).
Every path ends at one block with the one non-unwind coro.end (LLVM 22
allows no other); an abort at a suspend runs a cleanup block of its own
(trace, coro.alloca.free newest first) on the way there.

The driver starts 1-5 instances (own buffers), steps them round robin,
aborting each at a random step (or never), prints every yielded value,
the results, the allocator's balance (every block allocated is freed
exactly once, a bad free exits 3) and a checksum.
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_common  # noqa: E402
from gen_common import TARGET_FEATURES  # noqa: E402
from wide_types import WIDE  # noqa: E402

FEATURES = ["wide", "prebegin", "allocas", "dynalloca", "loops", "branch", "typed", "abort", "extras", "probe",
            "lifetime", "cc", "inner", "swifterror"] + TARGET_FEATURES

HEADER = '''
declare void @trace(i32 signext, i64)
declare i64 @mix(i64, i64)
declare ptr @fz_alloc(i64)
declare ptr @fz_alloc32(i32 signext)
declare void @fz_dealloc(ptr)
declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.end.results(...)
declare token @llvm.coro.alloca.alloc.i64(i64, i32)
declare ptr @llvm.coro.alloca.get(token)
declare void @llvm.coro.alloca.free(token)
declare i64 @llvm.coro.size.i64()
declare i64 @llvm.coro.align.i64()
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.lifetime.start.p0(ptr captures(none))
declare void @llvm.lifetime.end.p0(ptr captures(none))
declare void @touch(ptr, i32 signext)
'''

DRIVER_HEAD = gen_common.C_TRACE + r'''#define MAXB 1024
static void *g_live[MAXB];
static int64_t g_nalloc, g_nfree;
void *fz_alloc(int64_t n) {
  if (n <= 0 || n > (1 << 20)) { printf("BAD ALLOC SIZE\n"); exit(3); }
  void *p = malloc((size_t)n);
  memset(p, 0xA5, (size_t)n);
  for (int i = 0; i < MAXB; i++) if (!g_live[i]) { g_live[i] = p; ++g_nalloc; return p; }
  printf("TOO MANY BLOCKS\n"); exit(3);
}
void *fz_alloc32(int n) { return fz_alloc(n); }
void fz_dealloc(void *p) {
  for (int i = 0; i < MAXB; i++) if (p && g_live[i] == p) { g_live[i] = 0; ++g_nfree; free(p); return; }
  printf("BAD DEALLOC\n"); exit(3);
}
static int64_t live_blocks(void) { return g_nalloc - g_nfree; }
/* An alloca inside lifetime markers: the driver rewrites it. */
void touch(int64_t *p, int tag) {
  trace(tag, *p);
  *p = mix(*p, tag);
}
/* A yielded pointer: an i64 slot of the suspended coroutine. */
static void poke(int tag, int64_t *p, int64_t v) {
  trace(tag, *p);
  *p = mix(*p, v);
}
'''

YTYPES = ["i64", "i32", "double", "{i32, i64}", "ptr"]

# Throws (sets the error) for multiples of 3, to a value that depends on
# the error it is given: a slot handed the wrong value shows.
FZ_THROW = '''define void @fz_throw(i64 %v, ptr swifterror %e) {
entry:
  %m = urem i64 %v, 3
  %c = icmp eq i64 %m, 0
  br i1 %c, label %t, label %n
t:
  %old = load ptr, ptr %e, align 8
  %oi = ptrtoint ptr %old to i64
  %x = call i64 @mix(i64 %oi, i64 %v)
  %x1 = or i64 %x, 1
  %p = inttoptr i64 %x1 to ptr
  store ptr %p, ptr %e, align 8
  br label %n
n:
  ret void
}
'''
# The out record's slot for the error a ramp or continuation hands back.
ERR_SLOT = 15
XTYPES = ["i64", "i32", "double"]


def mangle(t):
    return {"i1": "i1", "i64": "i64", "i32": "i32", "double": "f64", "ptr": "p0",
            "{i32, i64}": "sl_i32i64s"}[t]


def nslots(t):
    return 2 if t == "{i32, i64}" else 1


class Coro:
    pass


class Gen(gen_common.BodyGen):
    def __init__(self, seed, size, disabled, asan):
        super().__init__(seed, size, disabled, asan)
        # swifterror choices: a stream of their own (see the docstring).
        self.srng = random.Random(seed * 7919 + 17)
        # The target: another (gen_common.py).
        self.target = gen_common.pick_target(random.Random(seed * 2654435761 + 11), self.on)
        # No sanitizer for the code of another architecture (run under qemu).
        self.asan = asan and self.target.host

    # ------------------------------------------------------------- planning
    def plan(self):
        r = self.rng
        self.coros = []
        self.ncoros = r.randint(1, min(4, 1 + self.size // 2))
        for i in range(self.ncoros):
            c = Coro()
            c.idx = i
            c.node_id = self.new_id()
            c.once = r.random() < 0.35
            c.yields = [r.choice(YTYPES) for _ in range(r.randint(0, 2 if c.once else 3))]
            if not self.on("typed"):
                c.yields = [t for t in c.yields if t in ("i64", "ptr")]
            if not self.on("allocas"):
                c.yields = [t for t in c.yields if t != "ptr"]
            c.abort = self.on("abort") and r.random() < 0.85
            c.extras = [r.choice(XTYPES if self.on("typed") else ["i64"])
                        for _ in range(r.randint(0, 2) if self.on("extras") else 0)]
            c.params = (["i1"] if c.abort else []) + c.extras
            c.results = r.choice([None, "i64", "{i64, i32}"]) if c.once else None
            c.bufsize = r.choice([8, 16, 24, 32, 48, 64, 128, 256])
            c.bufalign = r.choice([8, 8, 16])
            c.alloc32 = r.random() < 0.3
            c.slots = ["%%sl%d" % k for k in range(r.randint(1 if "ptr" in c.yields else 0, 3))] \
                if self.on("allocas") else []
            c.arrays = [("%%ar%d" % k, r.choice([2, 3, 4, 8, 16, 24]), r.choice([8, 8, 16]))
                        for k in range(r.randint(0, 2))] if self.on("allocas") else []
            c.cc = r.choice(["", "", "", "fastcc ", "swiftcc "]) if self.on("cc") else ""
            if c.cc == "swiftcc " and self.target.name == "riscv64":
                # RISC-V's backend knows no Swift convention.
                c.cc = "fastcc "
            self.plan_swifterror(c)
            c.scratch = []
            c.inner = []
            c.prebegin_init = self.on("prebegin") and r.random() < 0.5
            self.vn = 0
            self.c = c
            self.vals, self.i32s, self.dbls, self.sts, self.wides = ["%a", "%n"], [], [], [], []
            c.pre = []
            if self.on("prebegin"):
                for _ in range(r.randint(0, 3)):
                    v = self.val("pb")
                    c.pre.append((v, r.choice(["add", "mul", "xor"]), self.operand(), self.operand()))
                    self.vals.append(v)
            self.pre_extra(c)
            self.dyn_depth = 0
            if c.once:
                c.items = self.seq(r.randint(1, 2 + self.size // 2), 1, False)
                wrap = self.on("dynalloca") and r.random() < 0.4
                if wrap:
                    w0, w1 = self.operand(), self.operand()
                if self.on("branch") and r.random() < 0.3:
                    tail = [self.once_diamond()]
                else:
                    tail = [self.suspend_item()]
                tail += self.seq(r.randint(0, 2 + self.size // 2), 1, False)
                if wrap:
                    d0, d1 = self.val("dr"), self.val("dr")
                    tail = [(self.new_id(), "dyn", (w0, w1, tail, d0, d1, r.choice([8, 16])))]
                    self.vals += [d0, d1]
                c.items += tail + self.seq(r.randint(0, 2), 1, False)
            else:
                c.items = self.seq(r.randint(3, 4 + self.size), 2, True)
            c.end_vals = self.result_vals(c)
            c.instances = []
            for _ in range(r.randint(1, 2)):
                c.instances.append(dict(a=r.randrange(1 << 20), n=r.randint(1, 6),
                                        abort_at=(r.randint(0, 12) if c.abort and r.random() < 0.6 else -1)))
            self.coros.append(c)

    def plan_swifterror(self, c):
        s = self.srng
        # Not on SystemZ, whose backend's swifterror (in r9) LLVM 22 gets
        # wrong: the same module prints differently at -O0 and -O2 from
        # LLVM's lowering and from corolower's alike (gen_retcon.py 100005
        # and 100046); Swift's own compiler keeps swifterror out of
        # registers there for that reason (swiftlang/swift#12794).
        on = self.on("swifterror") and self.target.name != "s390x"
        c.swe_arg = on and s.random() < 0.45
        c.swe_allocas = ["%%se%d" % k for k in range(s.choice([0, 0, 1, 2]))] if on else []
        # With allocas and no argument LLVM gives the alloca's callee the
        # continuation's caller's slot: not a reference to compare with.
        c.swe_param = on and s.random() < (0.6 if c.swe_arg else (0.0 if c.swe_allocas else 0.3))
        c.swe_targets = (["%err"] if c.swe_arg else []) + c.swe_allocas
        if c.swe_param:
            c.params = c.params + ["ptr"]

    def result_vals(self, c):
        if c.results == "i64":
            return [self.operand()]
        if c.results == "{i64, i32}":
            return [self.operand(), self.i32op()]
        return []

    def i32op(self):
        if self.i32s and self.rng.random() < 0.7:
            return self.rng.choice(self.i32s)
        return str(self.rng.choice([0, 1, -1, 42, 100000]))

    def seq(self, n, depth, susp):
        return [self.item(depth, susp) for _ in range(n)]

    def suspend_item(self):
        r = self.rng
        c = self.c
        ys = []
        for t in c.yields:
            if t == "i64":
                ys.append((t, self.operand()))
            elif t == "i32":
                ys.append((t, self.i32op() if r.random() < 0.5 else ("trunc", self.operand())))
            elif t == "double":
                ys.append((t, r.choice(self.dbls) if self.dbls and r.random() < 0.5 else ("conv", self.operand())))
            elif t == "{i32, i64}":
                ys.append((t, r.choice(self.sts) if self.sts and r.random() < 0.5
                           else ("mk", self.operand(), self.operand())))
            else:
                ys.append((t, c.slots[0]))
        iid = self.new_id()
        pre = (self.tag(), self.operand())
        abort = None
        if c.abort:
            abort = (self.tag(), self.operand(), self.rng.choice(c.slots) if c.slots and r.random() < 0.5 else None,
                     self.result_vals(c))
        got = []
        for t in c.extras:
            v = self.val("x")
            got.append(v)
            {"i64": self.vals, "i32": self.i32s, "double": self.dbls}[t].append(v)
        return (iid, "suspend", (pre[0], pre[1], ys, abort, got))

    def once_diamond(self):
        """A diamond with a suspend in each arm (yield-once: one per path)."""
        r = self.rng
        iid = self.new_id()
        pools = (list(self.vals), list(self.i32s), list(self.dbls), list(self.sts), list(self.wides))

        def restore(extra):
            self.vals, self.i32s, self.dbls, self.sts, self.wides = (list(p) for p in pools)
            self.vals += extra
        cnd = self.val("c")
        ca, m_ = self.operand(), r.randrange(1, 5)
        arm1 = self.seq(r.randint(0, 1), 0, False) + [self.suspend_item()]
        t = self.val()
        ta, tb = self.operand(), self.operand()
        restore([])
        arm2 = self.seq(r.randint(0, 1), 0, False) + [self.suspend_item()]
        e = self.val()
        ea, eb = self.operand(), self.operand()
        m = self.val()
        restore([m])
        return (iid, "diamond", (cnd, ca, m_, arm1, t, ta, tb, arm2, e, ea, eb, m))

    def item(self, depth, susp):
        r = self.rng
        c = self.c
        kinds = [("op", 5), ("trace", 2)]
        if susp:
            kinds.append(("suspend", 5))
        if self.on("typed"):
            kinds += [("typed_mk", 2), ("typed_use", 2)]
        if self.on("wide"):
            kinds += [("wide_mk", 2)] + ([("wide_use", 3)] if self.wides else [])
        if c.slots:
            kinds += [("slot_w", 2), ("slot_r", 2)]
        if c.swe_targets:
            kinds += [("swe_throw", 3), ("swe_read", 2), ("swe_write", 1)]
        if c.arrays:
            kinds += [("arr_w", 2), ("arr_r", 2)]
        if self.on("branch") and depth > 0:
            kinds.append(("diamond", 2))
        if self.on("loops") and depth > 0:
            kinds.append(("loop", 3 if susp else 1))
        if self.on("dynalloca") and depth > 0 and self.dyn_depth < 2:
            kinds.append(("dyn", 2))
        if self.on("lifetime") and depth > 0:
            kinds.append(("scratch", 2))
        if self.on("inner") and depth > 0 and c.idx + 1 < self.ncoros and len(c.inner) < 3:
            kinds.append(("inner", 2))
        total = sum(w for _, w in kinds)
        x = r.uniform(0, total)
        for k, w in kinds:
            x -= w
            if x <= 0:
                break
        if k == "suspend":
            return self.suspend_item()
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
            t = r.choice(["i32", "double", "st"])
            v = self.val("t")
            if t == "i32":
                self.i32s.append(v)
                return (iid, "mk_i32", (v, self.operand(), r.choice([1, 3, 17, -9])))
            if t == "double":
                self.dbls.append(v)
                return (iid, "mk_dbl", (v, self.operand(), r.choice(["0.5", "3.0", "-1.25", "1.0e10"])))
            self.sts.append(v)
            return (iid, "mk_st", (v, self.i32op(), self.operand()))
        if k == "typed_use":
            v = self.val()
            src = [("i32", x) for x in self.i32s] + [("double", x) for x in self.dbls] + \
                  [("st", x) for x in self.sts]
            if not src:
                return (iid, "trace", (self.tag(), self.operand()))
            t, x = r.choice(src)
            a = self.operand()
            self.vals.append(v)
            return (iid, "use_" + t, (v, x, a))
        if k == "swe_throw":
            return (iid, "swe_throw", (r.choice(c.swe_targets), self.operand()))
        if k == "swe_read":
            v = self.val()
            self.vals.append(v)
            return (iid, "swe_read", (r.choice(c.swe_targets), v))
        if k == "swe_write":
            return (iid, "swe_write", (r.choice(c.swe_targets), self.operand() if r.random() < 0.5 else None))
        if k == "slot_w":
            return (iid, "slot_w", (r.choice(c.slots), self.operand()))
        if k == "slot_r":
            v = self.val()
            self.vals.append(v)
            return (iid, "slot_r", (r.choice(c.slots), v))
        if k == "arr_w":
            a, m, _ = r.choice(c.arrays)
            idx = r.randrange(m) if r.random() < 0.6 else ("dyn", self.operand())
            return (iid, "arr_w", (a, m, idx, self.operand()))
        if k == "arr_r":
            a, m, _ = r.choice(c.arrays)
            idx = r.randrange(m) if r.random() < 0.6 else ("dyn", self.operand())
            v = self.val()
            self.vals.append(v)
            return (iid, "arr_r", (a, m, idx, v))
        pools = (list(self.vals), list(self.i32s), list(self.dbls), list(self.sts), list(self.wides))

        def restore(extra):
            self.vals, self.i32s, self.dbls, self.sts, self.wides = (list(p) for p in pools)
            self.vals += extra
        if k == "diamond":
            cnd = self.val("c")
            ca, m_ = self.operand(), r.randrange(1, 5)
            arm1 = self.seq(r.randint(0, 2), depth - 1, susp)
            t = self.val()
            ta, tb = self.operand(), self.operand()
            restore([])
            arm2 = self.seq(r.randint(0, 2), depth - 1, susp)
            e = self.val()
            ea, eb = self.operand(), self.operand()
            m = self.val()
            restore([m])
            return (iid, "diamond", (cnd, ca, m_, arm1, t, ta, tb, arm2, e, ea, eb, m))
        if k == "loop":
            i, x = self.val("i"), self.val()
            init = self.operand()
            self.vals += [i, x]
            body = self.seq(r.randint(1, 3), depth - 1, susp)
            if susp and not any(b[1] == "suspend" for b in body):
                body.append(self.suspend_item())
            xn, inn, cc, out = self.val(), self.val("i"), self.val("c"), self.val()
            upd = self.operand()
            restore([out])
            return (iid, "loop", (i, x, init, body, xn, upd, inn, cc, r.randint(1, 4), out))
        if k == "dyn":
            self.dyn_depth += 1
            w0, w1 = self.operand(), self.operand()
            body = self.seq(r.randint(1, 3), depth - 1, susp)
            self.dyn_depth -= 1
            restore([])
            d0, d1 = self.val("dr"), self.val("dr")
            self.vals += [d0, d1]
            return (iid, "dyn", (w0, w1, body, d0, d1, r.choice([8, 16])))
        if k == "scratch":
            sc = "%%sc%d" % iid
            c.scratch.append(sc)
            w = self.operand()
            body = self.seq(r.randint(1, 3), depth - 1, susp)
            restore([])
            v = self.val()
            self.vals.append(v)
            return (iid, "scratch", (sc, w, body, v))
        if k == "inner":
            j = r.randrange(c.idx + 1, self.ncoros)
            ib, io = "%%ib%d" % iid, "%%io%d" % iid
            c.inner.append((ib, io, j))
            a, nv = self.operand(), self.operand()
            body = self.seq(r.randint(0, 3), depth - 1, susp)
            restore([])
            return (iid, "inner", (j, ib, io, a, nv, body))
        raise AssertionError(k)

    # ------------------------------------------------------------- emitting
    def ret_type(self, c):
        if not c.yields:
            return "ptr"
        return "{ptr, %s}" % ", ".join(c.yields)

    def cont_type(self, c):
        if not c.once:
            return self.ret_type(c)
        return c.results or "void"

    def susp_type(self, c):
        if not c.params:
            return "void"
        if len(c.params) == 1:
            return c.params[0]
        return "{%s}" % ", ".join(c.params)

    def susp_name(self, c):
        t = self.susp_type(c)
        if t == "void":
            return "isVoid"
        if len(c.params) == 1:
            return mangle(t)
        return "sl_" + "".join(mangle(p) for p in c.params) + "s"

    def emit_fn(self, c, skip, out):
        self.out = out
        self.bn = 0
        self.c = c
        self.tokens = []
        self.aborts = []      # (block, trace tag, value, slot, tokens, result values)
        self.end_preds = []   # (block, result values)
        attrs = "presplitcoroutine" + (" sanitize_address" if self.asan else "")
        params = ["ptr swifterror" if c.swe_param and j == len(c.params) - 1 else p
                  for j, p in enumerate(c.params)]
        out.append("declare %s%s @c%d_proto(ptr%s)" % (c.cc, self.cont_type(c), c.idx,
                                                     "".join(", " + p for p in params)))
        out.append("define %s%s @c%d(ptr %%buffer, i64 %%a, i64 %%n%s) %s {" % (
            c.cc, self.ret_type(c), c.idx, ", ptr swifterror %err" if c.swe_arg else "", attrs))
        out.append("entry:")
        for se in c.swe_allocas:
            out.append("  %s = alloca swifterror ptr, align 8" % se)
            out.append("  store ptr null, ptr %s, align 8" % se)
        for s in c.slots:
            out.append("  %s = alloca i64, align 8" % s)
        for a, m, al in c.arrays:
            out.append("  %s = alloca [%d x i64], align %d" % (a, m, al))
        for sc in c.scratch:
            out.append("  %s = alloca i64, align 8" % sc)
        for ib, io, j in c.inner:
            out.append("  %s = alloca [%d x i8], align %d" % (ib, self.coros[j].bufsize, self.coros[j].bufalign))
            out.append("  %s = alloca [16 x i64], align 8" % io)
        for v, op, x, y in c.pre:
            out.append("  %s = %s i64 %s, %s" % (v, op, x, y))
        if c.prebegin_init:
            self.init_allocas(c)
        self.emit_pre_extra(c)
        idf = "llvm.coro.id.retcon.once" if c.once else "llvm.coro.id.retcon"
        out.append("  %%id = call token @%s(i32 %d, i32 %d, ptr %%buffer, ptr @c%d_proto, ptr @%s, ptr @fz_dealloc)"
                   % (idf, c.bufsize, c.bufalign, c.idx, "fz_alloc32" if c.alloc32 else "fz_alloc"))
        out.append("  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)")
        if self.on("probe"):
            out.append("  %fzsz = call i64 @llvm.coro.size.i64()")
            out.append("  %fzal = call i64 @llvm.coro.align.i64()")
            out.append("  store volatile i64 %%fzsz, ptr @fz_size_c%d, align 8" % c.idx)
            out.append("  store volatile i64 %%fzal, ptr @fz_align_c%d, align 8" % c.idx)
        if not c.prebegin_init:
            self.init_allocas(c)
        self.cur = "pre.j" if c.prebr else "entry"
        self.emit_items(c.items, skip)
        self.end_preds.append((self.cur, c.end_vals))
        out.append("  br label %end")
        for blk, tag, v, slot, toks, rv in self.aborts:
            out.append("%s:" % blk)
            out.append("  call void @trace(i32 signext %d, i64 %s)" % (tag, v))
            if slot:
                out.append("  %%%s.ld = load i64, ptr %s, align 8" % (blk, slot))
                out.append("  call void @trace(i32 signext %d, i64 %%%s.ld)" % (tag + 5000, blk))
            for t in reversed(toks):
                if isinstance(t, tuple):
                    out.append("  call void @c%d_drain(ptr %s, ptr %s, i32 1)" % t[1:])
                else:
                    out.append("  call void @llvm.coro.alloca.free(token %s)" % t)
            out.append("  br label %end")
            self.end_preds.append((blk, rv))
        out.append("end:")
        if c.results:
            tys = ["i64"] if c.results == "i64" else ["i64", "i32"]
            names = []
            for j, t in enumerate(tys):
                nm = "%%res%d" % j
                names.append("%s %s" % (t, nm))
                out.append("  %s = phi %s %s" % (nm, t, ", ".join("[ %s, %%%s ]" % (rv[j], b)
                                                                  for b, rv in self.end_preds)))
            out.append("  %%endres = call token (...) @llvm.coro.end.results(%s)" % ", ".join(names))
            out.append("  call void @llvm.coro.end(ptr %hdl, i1 false, token %endres)")
        else:
            out.append("  call void @llvm.coro.end(ptr %hdl, i1 false, token none)")
        out.append("  unreachable")
        out.append("}")
        out.append("")

    def init_allocas(self, c):
        o = self.out
        for k, s in enumerate(c.slots):
            o.append("  store i64 %s, ptr %s, align 8" % ("%a" if k == 0 else str(1000 + k), s))
        for k, (a, m, _) in enumerate(c.arrays):
            o.append("  call void @llvm.memset.p0.i64(ptr align 8 %s, i8 %d, i64 %d, i1 false)" % (a, 17 + k, 8 * m))

    def emit_suspend(self, iid, d):
        o = self.out
        c = self.c
        tag, tv, ys, abort, got = d
        o.append("  call void @trace(i32 signext %d, i64 %s)" % (tag, tv))
        args = []
        for j, (t, y) in enumerate(ys):
            nm = "%%y%d.%d" % (iid, j)
            if isinstance(y, tuple):
                if y[0] == "trunc":
                    o.append("  %s = trunc i64 %s to i32" % (nm, y[1]))
                elif y[0] == "conv":
                    o.append("  %s = sitofp i64 %s to double" % (nm, y[1]))
                else:
                    o.append("  %s.a = trunc i64 %s to i32" % (nm, y[1]))
                    o.append("  %s.b = insertvalue {i32, i64} poison, i32 %s.a, 0" % (nm, nm))
                    o.append("  %s = insertvalue {i32, i64} %s.b, i64 %s, 1" % (nm, nm, y[2]))
                y = nm
            args.append("%s %s" % (t, y))
        st = self.susp_type(c)
        call = "call %s (...) @llvm.coro.suspend.retcon.%s(%s)" % (st, self.susp_name(c), ", ".join(args))
        if st == "void":
            o.append("  " + call)
            self.swe_resumed()
            return
        r = "%%r%d" % iid
        o.append("  %s = %s" % (r, call))
        nxt = self.block()
        if len(c.params) == 1:
            flag = r
        else:
            flag = "%%af%d" % iid
        if c.abort:
            if len(c.params) > 1:
                o.append("  %s = extractvalue %s %s, 0" % (flag, st, r))
            ab = "abrt%d" % iid
            o.append("  br i1 %s, label %%%s, label %%%s" % (flag, ab, nxt))
            self.aborts.append((ab, abort[0], abort[1], abort[2], list(self.tokens), abort[3]))
            self.label(nxt)
        self.swe_resumed()
        base = 1 if c.abort else 0
        for j, v in enumerate(got):
            if len(c.params) > 1:
                o.append("  %s = extractvalue %s %s, %d" % (v, st, r, base + j))
            elif c.extras[j] == "double":
                o.append("  %s = fmul double %s, 1.0" % (v, r))
            else:
                o.append("  %s = add %s %s, 0" % (v, c.extras[j], r))

    def swe_resumed(self):
        """Without a slot from the continuation's caller, LLVM 22 reads an
        uninitialized one after the resume: the error is cleared first."""
        if self.c.swe_arg and not self.c.swe_param:
            self.out.append("  store ptr null, ptr %err, align 8")

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
            elif k == "suspend":
                self.emit_suspend(iid, d)
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
            elif k == "mk_st":
                v, a, b = d
                o.append("  %s.t = insertvalue {i32, i64} poison, i32 %s, 0" % (v, a))
                o.append("  %s = insertvalue {i32, i64} %s.t, i64 %s, 1" % (v, v, b))
            elif k == "use_i32":
                v, x, a = d
                o.append("  %s.t = sext i32 %s to i64" % (v, x))
                o.append("  %s = xor i64 %s.t, %s" % (v, v, a))
            elif k == "use_double":
                v, x, a = d
                o.append("  %s.t = bitcast double %s to i64" % (v, x))
                o.append("  %s = add i64 %s.t, %s" % (v, v, a))
            elif k == "use_st":
                v, x, a = d
                o.append("  %s.t = extractvalue {i32, i64} %s, 0" % (v, x))
                o.append("  %s.u = extractvalue {i32, i64} %s, 1" % (v, x))
                o.append("  %s.w = zext i32 %s.t to i64" % (v, v))
                o.append("  %s.x = mul i64 %s.u, %s" % (v, v, a))
                o.append("  %s = xor i64 %s.x, %s.w" % (v, v, v))
            elif k == "swe_throw":
                o.append("  call void @fz_throw(i64 %s, ptr swifterror %s)" % (d[1], d[0]))
            elif k == "swe_read":
                t, v = d
                o.append("  %s.p = load ptr, ptr %s, align 8" % (v, t))
                o.append("  %s = ptrtoint ptr %s.p to i64" % (v, v))
            elif k == "swe_write":
                t, v = d
                if v is None:
                    o.append("  store ptr null, ptr %s, align 8" % t)
                else:
                    o.append("  %%sw%d = inttoptr i64 %s to ptr" % (iid, v))
                    o.append("  store ptr %%sw%d, ptr %s, align 8" % (iid, t))
            elif k == "slot_w":
                o.append("  store i64 %s, ptr %s, align 8" % (d[1], d[0]))
            elif k == "slot_r":
                o.append("  %s = load i64, ptr %s, align 8" % (d[1], d[0]))
            elif k == "arr_w":
                a, m, idx, v = d
                ix = self.idx(iid, m, idx)
                o.append("  %%ag%d = getelementptr inbounds [%d x i64], ptr %s, i64 0, i64 %s" % (iid, m, a, ix))
                o.append("  store i64 %s, ptr %%ag%d, align 8" % (v, iid))
            elif k == "arr_r":
                a, m, idx, v = d
                ix = self.idx(iid, m, idx)
                o.append("  %%ag%d = getelementptr inbounds [%d x i64], ptr %s, i64 0, i64 %s" % (iid, m, a, ix))
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
            elif k == "loop":
                i, x, init, body, xn, upd, inn, c, trips, out = d
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
                o.append("  %s = phi i64 [ %s, %%%s ]" % (out, xn, latch))
            elif k == "scratch":
                sc, w, body, v = d
                o.append("  call void @llvm.lifetime.start.p0(ptr %s)" % sc)
                o.append("  store i64 %s, ptr %s, align 8" % (w, sc))
                o.append("  call void @touch(ptr %s, i32 signext %d)" % (sc, 3000 + iid))
                self.emit_items(body, skip)
                o.append("  %s = load i64, ptr %s, align 8" % (v, sc))
                o.append("  call void @llvm.lifetime.end.p0(ptr %s)" % sc)
            elif k == "inner":
                j, ib, io, a, nv, body = d
                o.append("  %%in%d = and i64 %s, 3" % (iid, nv))
                o.append("  %%im%d = add i64 %%in%d, 1" % (iid, iid))
                o.append("  call void @c%d_start(ptr %s, ptr %s, i64 %s, i64 %%im%d)" % (j, ib, io, a, iid))
                o.append("  call void @trace(i32 signext %d, i64 %d)" % (3500 + iid, j))
                self.tokens.append(("inner", j, ib, io))
                self.emit_items(body, skip)
                self.tokens.pop()
                o.append("  call void @c%d_drain(ptr %s, ptr %s, i32 0)" % (j, ib, io))
                o.append("  call void @trace(i32 signext %d, i64 %d)" % (3600 + iid, j))
            elif k == "dyn":
                w0, w1, body, d0, d1, al = d
                tk, p = "%%tk%d" % iid, "%%dp%d" % iid
                o.append("  %%db%d = shl i64 %%n, 3" % iid)
                o.append("  %s = call token @llvm.coro.alloca.alloc.i64(i64 %%db%d, i32 %d)" % (tk, iid, al))
                o.append("  %s = call ptr @llvm.coro.alloca.get(token %s)" % (p, tk))
                o.append("  store i64 %s, ptr %s, align 8" % (w0, p))
                o.append("  %%dl%d = add i64 %%n, -1" % iid)
                o.append("  %%dg%d = getelementptr inbounds i64, ptr %s, i64 %%dl%d" % (iid, p, iid))
                o.append("  store i64 %s, ptr %%dg%d, align 8" % (w1, iid))
                self.tokens.append(tk)
                self.emit_items(body, skip)
                self.tokens.pop()
                o.append("  %s = load i64, ptr %s, align 8" % (d0, p))
                o.append("  %%dh%d = getelementptr inbounds i64, ptr %s, i64 %%dl%d" % (iid, p, iid))
                o.append("  %s = load i64, ptr %%dh%d, align 8" % (d1, iid))
                o.append("  call void @llvm.coro.alloca.free(token %s)" % tk)

    def emit_wrappers(self, c, out):
        """C-ABI wrappers: results as i64 slots of `out` (slot 0 the
        continuation)."""
        rt = self.ret_type(c)

        def store_ret(r):
            if not c.yields:
                out.append("  store ptr %s, ptr %%out, align 8" % r)
                return
            out.append("  %%kk = extractvalue %s %s, 0" % (rt, r))
            out.append("  store ptr %kk, ptr %out, align 8")
            s = 1
            for j, t in enumerate(c.yields):
                out.append("  %%e%d = extractvalue %s %s, %d" % (j, rt, r, j + 1))
                vals = []
                if t == "i64":
                    vals = ["%%e%d" % j]
                elif t == "i32":
                    out.append("  %%e%d.w = sext i32 %%e%d to i64" % (j, j))
                    vals = ["%%e%d.w" % j]
                elif t == "double":
                    out.append("  %%e%d.w = bitcast double %%e%d to i64" % (j, j))
                    vals = ["%%e%d.w" % j]
                elif t == "ptr":
                    out.append("  %%e%d.w = ptrtoint ptr %%e%d to i64" % (j, j))
                    vals = ["%%e%d.w" % j]
                else:
                    out.append("  %%e%d.a = extractvalue {i32, i64} %%e%d, 0" % (j, j))
                    out.append("  %%e%d.w = sext i32 %%e%d.a to i64" % (j, j))
                    out.append("  %%e%d.b = extractvalue {i32, i64} %%e%d, 1" % (j, j))
                    vals = ["%%e%d.w" % j, "%%e%d.b" % j]
                for v in vals:
                    out.append("  %%s%d = getelementptr inbounds i64, ptr %%out, i64 %d" % (s, s))
                    out.append("  store i64 %s, ptr %%s%d, align 8" % (v, s))
                    s += 1
        def swe_in(value):
            out.append("  %se = alloca swifterror ptr, align 8")
            out.append("  store ptr %s, ptr %%se, align 8" % value)

        def swe_out():
            out.append("  %sev = load ptr, ptr %se, align 8")
            out.append("  %sei = ptrtoint ptr %sev to i64")
            out.append("  %%seo = getelementptr inbounds i64, ptr %%out, i64 %d" % ERR_SLOT)
            out.append("  store i64 %sei, ptr %seo, align 8")
        out.append("define void @c%d_start(ptr %%buf, ptr %%out, i64 %%a, i64 %%n) {" % c.idx)
        if c.swe_arg:
            swe_in("null")
        out.append("  %%r = call %s%s @c%d(ptr %%buf, i64 %%a, i64 %%n%s)" % (
            c.cc, rt, c.idx, ", ptr swifterror %se" if c.swe_arg else ""))
        if c.swe_arg:
            swe_out()
        store_ret("%r")
        out.append("  ret void")
        out.append("}")
        out.append("define void @c%d_next(ptr %%k, ptr %%buf, ptr %%out, i32 %%ab, i64 %%x0, i64 %%x1) {" % c.idx)
        args = ["ptr %buf"]
        if c.abort:
            out.append("  %abf = icmp ne i32 %ab, 0")
            args.append("i1 %abf")
        for j, t in enumerate(c.extras):
            if t == "i64":
                args.append("i64 %%x%d" % j)
            elif t == "i32":
                out.append("  %%x%d.t = trunc i64 %%x%d to i32" % (j, j))
                args.append("i32 %%x%d.t" % j)
            else:
                out.append("  %%x%d.t = sitofp i64 %%x%d to double" % (j, j))
                args.append("double %%x%d.t" % j)
        if c.swe_param:
            # Swift's callers pass null; some continuations get a value.
            out.append("  %sx = and i64 %x0, 3")
            out.append("  %sz = icmp eq i64 %sx, 0")
            out.append("  %sp = inttoptr i64 %x0 to ptr")
            out.append("  %sv = select i1 %sz, ptr %sp, ptr null")
            swe_in("%sv")
            args.append("ptr swifterror %se")
        ct = self.cont_type(c)
        if ct == "void":
            out.append("  call %svoid %%k(%s)" % (c.cc, ", ".join(args)))
        else:
            out.append("  %%r = call %s%s %%k(%s)" % (c.cc, ct, ", ".join(args)))
        if c.swe_param:
            swe_out()
        if not c.once:
            store_ret("%r")
        elif c.results == "i64":
            out.append("  store i64 %r, ptr %out, align 8")
        elif c.results:
            out.append("  %ra = extractvalue {i64, i32} %r, 0")
            out.append("  %rb = extractvalue {i64, i32} %r, 1")
            out.append("  %rc = sext i32 %rb to i64")
            out.append("  store i64 %ra, ptr %out, align 8")
            out.append("  %o1 = getelementptr inbounds i64, ptr %out, i64 1")
            out.append("  store i64 %rc, ptr %o1, align 8")
        out.append("  ret void")
        out.append("}")
        # Runs an instance (started into buf/out by c_start) to its end.
        out.append("define void @c%d_drain(ptr %%buf, ptr %%out, i32 %%ab) {" % c.idx)
        out.append("entry:")
        out.append("  %k0 = load ptr, ptr %out, align 8")
        if c.once:
            out.append("  call void @c%d_next(ptr %%k0, ptr %%buf, ptr %%out, i32 %%ab, i64 5, i64 6)" % c.idx)
            out.append("  ret void")
        else:
            out.append("  br label %head")
            out.append("head:")
            out.append("  %k = phi ptr [ %k0, %entry ], [ %k1, %step ]")
            out.append("  %none = icmp eq ptr %k, null")
            out.append("  br i1 %none, label %done, label %step")
            out.append("step:")
            out.append("  call void @c%d_next(ptr %%k, ptr %%buf, ptr %%out, i32 %%ab, i64 5, i64 6)" % c.idx)
            out.append("  %k1 = load ptr, ptr %out, align 8")
            out.append("  br label %head")
            out.append("done:")
            out.append("  ret void")
        out.append("}")
        out.append("")

    def emit(self, skip):
        out = [self.header_line("gen_retcon.py"), self.target.lines() + HEADER]
        cs = [c for c in self.coros if c.node_id not in skip]
        for c in cs:
            out.append("@fz_size_c%d = global i64 0, align 8" % c.idx)
            out.append("@fz_align_c%d = global i64 0, align 8" % c.idx)
        out.append("")
        if any(c.swe_targets for c in cs):
            out.append(FZ_THROW)
        for c in cs:
            self.emit_fn(c, skip, out)
            self.emit_wrappers(c, out)
        used = {"swifterror"} if any(c.swe_targets or c.swe_param for c in cs) else set()
        out.insert(1, self.exercised_line(used))
        ir = "\n".join(out) + "\n"
        d = [DRIVER_HEAD]
        insts = []
        for c in cs:
            d.append("void c%d_start(void *buf, int64_t *out, int64_t a, int64_t n);" % c.idx)
            d.append("void c%d_next(void *k, void *buf, int64_t *out, int ab, int64_t x0, int64_t x1);" % c.idx)
            for j, inst in enumerate(c.instances):
                insts.append((c, inst))
        for n, (c, inst) in enumerate(insts):
            d.append("static _Alignas(%d) unsigned char buf%d[%d];" % (c.bufalign, n, c.bufsize))
        d.append("static int64_t out[%d][16];" % len(insts))
        d.append("static void *kk[%d];" % len(insts))
        d.append("static int steps[%d], done[%d];" % (len(insts), len(insts)))
        for n, (c, inst) in enumerate(insts):
            # Show what instance n yielded (nothing once it is done).
            d.append("static void show%d(void) {" % n)
            d.append("  int64_t *o = out[%d];" % n)
            d.append("  kk[%d] = (void *)(intptr_t)o[0];" % n)
            d.append("  if (!kk[%d]) { trace(%d, steps[%d]); done[%d] = 1; return; }" % (n, 8000 + n, n, n))
            s = 1
            for j, t in enumerate(c.yields):
                if t == "ptr":
                    d.append("  poke(%d, (int64_t *)(intptr_t)o[%d], %d + steps[%d]);" % (8100 + n, s, 77 * n + 5, n))
                else:
                    for _ in range(nslots(t)):
                        d.append("  trace(%d, o[%d]);" % (8200 + n, s))
                        s += 1
                    continue
                s += 1
            d.append("}")
        d.append("int main(void) {")
        for n, (c, inst) in enumerate(insts):
            d.append("  memset(buf%d, 0x5A, sizeof buf%d);" % (n, n))
            d.append("  c%d_start(buf%d, out[%d], %dLL, %dLL);" % (c.idx, n, n, inst["a"], inst["n"]))
            if c.once:
                d.append("  if (!out[%d][0]) { puts(\"once: no continuation\"); return 4; }" % n)
            if c.swe_arg:
                d.append("  trace(%d, out[%d][%d]);" % (8500 + n, n, ERR_SLOT))
            d.append("  show%d();" % n)
        d.append("  for (int more = 1; more;) {")
        d.append("    more = 0;")
        for n, (c, inst) in enumerate(insts):
            ab = "0"
            if c.abort:
                ab = "(steps[%d] == %d || steps[%d] >= 60)" % (n, inst["abort_at"], n)
            d.append("    if (!done[%d]) {" % n)
            d.append("      int ab = %s;" % ab)
            d.append("      int64_t x0 = mix(%d, steps[%d]) & 0xffff, x1 = %d - steps[%d];" % (n + 1, n, 3 * n + 1, n))
            d.append("      c%d_next(kk[%d], buf%d, out[%d], ab, x0, x1);" % (c.idx, n, n, n))
            d.append("      steps[%d]++;" % n)
            if c.swe_param:
                d.append("      trace(%d, out[%d][%d]);" % (8600 + n, n, ERR_SLOT))
            if c.once:
                if c.results == "i64":
                    d.append("      trace(%d, out[%d][0]);" % (8300 + n, n))
                elif c.results:
                    d.append("      trace(%d, out[%d][0]); trace(%d, out[%d][1]);" % (8300 + n, n, 8300 + n, n))
                d.append("      trace(%d, ab);" % (8400 + n))
                d.append("      done[%d] = 1;" % n)
            else:
                d.append("      show%d();" % n)
                d.append("      if (steps[%d] > 1000) { puts(\"runaway\"); return 5; }" % n)
            d.append("      more = 1;")
            d.append("    }")
        d.append("  }")
        d.append('  printf("end %llu live %" PRId64 " lines %" PRId64 "\\n", (unsigned long long)g_ck, live_blocks(), g_lines);')
        d.append("  return live_blocks() ? 6 : (int)(g_ck % 5u);")
        d.append("}")
        return ir, "\n".join(d) + "\n"

    def ids(self):
        res = []

        def walk(items):
            for iid, k, d in items:
                res.append(iid)
                if k in ("loop", "dyn", "scratch"):
                    walk(d[3] if k == "loop" else d[2])
                elif k == "inner":
                    walk(d[5])
                elif k == "diamond":
                    walk(d[3])
                    walk(d[7])
        for c in self.coros:
            res.append(c.node_id)
            walk(c.items)
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
