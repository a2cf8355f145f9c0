"""What the IR generators (gen_ir.py, gen_retcon.py, gen_async.py) share:
the targets a module may be for and the choice of one per seed, the
generators' bookkeeping (feature switches, ids, trace tags, value and
block names), the C driver's trace and mix functions, and the command
line.

Targets, one per seed from a random stream of its own (so the other
features' choices stay as they were), among the target features enabled
(weights 3, 1, 1, 1, 2; with none enabled, native) and the variants a
generator allows:
  native        x86-64 Linux, triple and data layout (the host)
  notriple      no target triple: x86-64's data layout, or none at all
                (LLVM's passes then lay frames out by LLVM's default
                layout, which clang replaces by the host's when it
                compiles the result)
  layout32      32-bit pointers: i686 or ARMv7 hard-float Linux
  bigendian     s390x Linux
  othertargets  the other targets corolower has rules for (targets/):
                AArch64, RISC-V 64, PowerPC 64 LE Linux, wasm32 WASI
The layouts and triples are the ones clang-22 gives those targets.
run_diff.py builds a module for another architecture than the host's with
that target's toolchain (tests/targets/target_env.sh) and runs it under
qemu-user, or node for wasm32.
"""
import argparse
import random
import sys

X86_64_DL = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
# Each target feature's variants: (name, data layout or None, triple or None).
TARGETS = {
    "native": [("x86_64", X86_64_DL, "x86_64-pc-linux-gnu")],
    "notriple": [("notriple", X86_64_DL, None), ("nolayout", None, None)],
    "layout32": [("i686", "e-m:e-p:32:32-p270:32:32-p271:32:32-p272:64:64-i128:128-f64:32:64-f80:32-n8:16:32-S128",
                  "i686-unknown-linux-gnu"),
                 ("arm", "e-m:e-p:32:32-Fi8-i64:64-v128:64:128-a:0:32-n32-S64", "armv7-unknown-linux-gnueabihf")],
    "bigendian": [("s390x", "E-m:e-i1:8:16-i8:8:16-i64:64-f128:64-v128:64-a:8:16-n32:64", "s390x-unknown-linux-gnu")],
    "othertargets": [
        ("aarch64", "e-m:e-p270:32:32-p271:32:32-p272:64:64-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32",
         "aarch64-unknown-linux-gnu"),
        ("riscv64", "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128", "riscv64-unknown-linux-gnu"),
        ("ppc64le", "e-m:e-Fn32-i64:64-i128:128-n32:64-S128-v256:256:256-v512:512:512",
         "powerpc64le-unknown-linux-gnu"),
        ("wasm32", "e-m:e-p:32:32-p10:8:8-p20:8:8-i64:64-i128:128-n32:64-S128-ni:1:10:20", "wasm32-unknown-wasi"),
    ],
}
TARGET_WEIGHTS = {"native": 3, "notriple": 1, "layout32": 1, "bigendian": 1, "othertargets": 2}
TARGET_FEATURES = list(TARGET_WEIGHTS)
# A variant's target feature (e.g. arm -> layout32).
FEATURE_OF = {v[0]: f for f, vs in TARGETS.items() for v in vs}
# Targets whose code runs on the host (x86-64): natively, with AddressSanitizer.
HOST_TARGETS = ("x86_64", "notriple", "nolayout")


class Target:
    """One module's target: name (a TARGETS variant's), layout and triple
    (None when absent), host (it runs natively)."""

    def __init__(self, name, layout, triple):
        self.name, self.layout, self.triple = name, layout, triple
        self.host = name in HOST_TARGETS

    def lines(self):
        """The module's target lines (none, one or two)."""
        out = []
        if self.layout:
            out.append('target datalayout = "%s"' % self.layout)
        if self.triple:
            out.append('target triple = "%s"' % self.triple)
        return "\n".join(out) + "\n" if out else ""


def pick_target(rng, enabled, allowed=None):
    """A Target drawn from rng among the enabled target features (a
    predicate on the feature's name) and, when allowed is given, only the
    variants it names; native when nothing is left."""
    opts = []
    for f, w in TARGET_WEIGHTS.items():
        vs = [v for v in TARGETS[f] if allowed is None or v[0] in allowed]
        if enabled(f) and vs:
            opts.append((vs, w))
    if not opts:
        return Target(*TARGETS["native"][0])
    x = rng.uniform(0, sum(w for _, w in opts))
    vs = opts[-1][0]
    for vs, w in opts:
        x -= w
        if x <= 0:
            break
    return Target(*rng.choice(vs))


def exercised_line(target, used):
    """`; exercises: F,...`: the target variant's feature and the
    generator's features in used (run_diff.py's per-feature counts: a
    feature enabled is not a feature drawn)."""
    return "; exercises: %s" % ",".join([FEATURE_OF[target]] + sorted(used))


class GenBase:
    """A generator's state common to all three: the main random stream,
    the features turned off, ids for the reducer, trace tags, and fresh
    value and block names (vn and bn are reset per function)."""

    def __init__(self, seed, size, disabled, asan):
        self.rng = random.Random(seed)
        self.seed = seed
        self.size = max(1, size)
        self.off = set(disabled)
        # asked for on the command line; asan: the module's code has it
        # (a generator turns it off for another architecture's module).
        self.asan_asked = self.asan = asan
        self.nid = 0
        self.tagn = 100

    def on(self, f):
        return f not in self.off

    def new_id(self):
        self.nid += 1
        return self.nid

    def tag(self):
        self.tagn += 1
        return self.tagn

    def val(self, p="v"):
        self.vn += 1
        return "%%%s%d" % (p, self.vn)

    def block(self):
        self.bn += 1
        return "b%d" % self.bn

    def label(self, name):
        self.out.append("%s:" % name)
        self.cur = name

    def exercised_line(self, used):
        """The module's second line: the features it exercises (its
        target's feature and those of the generator's that were drawn),
        which run_diff.py counts per feature."""
        return exercised_line(self.target.name, used)

    def header_line(self, name):
        """The module's first line: the command that makes it again."""
        return "; %s %d --size %d%s%s" % (
            name, self.seed, self.size, " --disable " + ",".join(sorted(self.off)) if self.off else "",
            " --asan" if self.asan_asked else "")


class BodyGen(GenBase):
    """The pieces of a coroutine body gen_retcon.py and gen_async.py both
    write: the code before coro.id/coro.begin (prebegin: a diamond, an
    initialized slot handed to the driver), operands (from self.vals, the
    values defined so far) and array indices."""

    def pre_extra(self, c):
        """Before coro.id: a diamond whose phi is used after suspends, and
        an initialized slot whose address the driver is given (and writes
        through) before coro.begin."""
        r = self.rng
        c.prebr = None
        c.pretouch = False
        if not self.on("prebegin"):
            return
        # Not with allocas stored before coro.begin: LLVM 22 then writes
        # invalid IR when coro.begin is not in the entry block (the store
        # gets the frame address defined after coro.begin; see
        # bench/RESULTS.md#differential-fuzzing).
        if r.random() < 0.35 and not c.prebegin_init:
            c.prebr = (self.operand(), self.operand(), self.operand())
            self.vals.append("%pbm")
        c.pretouch = c.prebegin_init and bool(c.slots) and r.random() < 0.5

    def emit_pre_extra(self, c):
        o = self.out
        if c.pretouch:
            o.append("  call void @touch(ptr %s, i32 signext 2999)" % c.slots[0])
        if c.prebr:
            a, x, y = c.prebr
            o.append("  %%pbc.u = urem i64 %s, 3" % a)
            o.append("  %pbc = icmp eq i64 %pbc.u, 0")
            o.append("  br i1 %pbc, label %pre.a, label %pre.b")
            o.append("pre.a:")
            o.append("  %%pba = mul i64 %s, 5" % x)
            o.append("  br label %pre.j")
            o.append("pre.b:")
            o.append("  %%pbb = add i64 %s, 9" % y)
            o.append("  br label %pre.j")
            o.append("pre.j:")
            o.append("  %pbm = phi i64 [ %pba, %pre.a ], [ %pbb, %pre.b ]")

    def operand(self):
        r = self.rng
        if r.random() < 0.2:
            return str(r.choice([0, 1, 3, 7, 255, 65537, 123456789, -5]))
        return r.choice(self.vals)

    def idx(self, iid, m, idx):
        if isinstance(idx, tuple):
            self.out.append("  %%ix%d = urem i64 %s, %d" % (iid, idx[1], m))
            return "%%ix%d" % iid
        return str(idx)


# The C side of @trace and @mix, the same on every target (int64_t for
# the IR's i64; the IR declares trace's i32 signext, as s390x, RISC-V 64
# and PowerPC 64 need).
C_TRACE = r'''#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int64_t g_lines;
static uint64_t g_ck = 1;
void trace(int tag, int64_t v) {
  g_ck = g_ck * 6364136223846793005ull + (uint64_t)(tag ^ v);
  if (g_lines < 4000) { printf("t%d %" PRId64 "\n", tag, v); ++g_lines; }
}
int64_t mix(int64_t a, int64_t b) {
  uint64_t x = (uint64_t)a ^ ((uint64_t)b + 0x9e3779b97f4a7c15ull + ((uint64_t)a << 6) + ((uint64_t)a >> 2));
  return (int64_t)x;
}
'''


def main(doc, features, program):
    """The generators' command line: SEED [--size N] [--disable F,...]
    [--skip ID,...] [--asan] [--list-ids] -o FILE.ll --driver FILE.c."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("--size", type=int, default=6)
    ap.add_argument("--disable", default="")
    ap.add_argument("--skip", default="")
    ap.add_argument("--asan", action="store_true")
    ap.add_argument("--list-ids", action="store_true")
    ap.add_argument("-o", default="-")
    ap.add_argument("--driver")
    a = ap.parse_args()
    dis = [x for x in a.disable.split(",") if x]
    bad = [x for x in dis if x not in features]
    if bad:
        ap.error("unknown feature(s): %s (known: %s)" % (",".join(bad), ",".join(features)))
    skip = [int(x) for x in a.skip.split(",") if x]
    ir, drv, g = program(a.seed, a.size, dis, skip, a.asan)
    if a.list_ids:
        print(" ".join(map(str, g.ids())))
        return
    if a.o == "-":
        sys.stdout.write(ir)
    else:
        with open(a.o, "w") as fh:
            fh.write(ir)
    if a.driver:
        with open(a.driver, "w") as fh:
            fh.write(drv)
