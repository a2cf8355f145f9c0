#!/usr/bin/env python3
"""Random, deterministic Swift async programs (Csmith-style) for comparing
swiftc's own lowering with another one (run_gen.sh).

Usage: gen_swift.py SEED [--size N] [--disable F1,F2,...] [--combine N] [-o FILE]

--combine N writes the programs of seeds SEED .. SEED+N-1 into one file,
namespaced, each printing its own output section (see combined()); each
seed's functions and calls are exactly those of its program alone.

The same arguments always give the same program. The program prints, for
each of a few top-level calls, the result and a hash of its trace; its
output does not depend on scheduling, frame sizes or addresses, only on the
semantics of the async functions and accessors.

Constructs, chosen at random with nesting:
  loops     bounded `for` and `while` loops with awaits inside
  branch    if/else and switch, awaits in the arms
  throws    throwing async functions, `throw` in branches and loops, errors
            caught by do/catch (by type and payload), `try?`, propagated
  group     withTaskGroup / withThrowingTaskGroup: children call generated
            functions, results combined by wrapping addition (order-free); a
            throwing group's error becomes a constant
  asynclet  `async let` children awaited in order
  accessor  structs and classes with _read/_modify accessors (yield-once),
            their accesses through generics and a protocol, accesses aborted
            by a throw, and an inout access held across an await
  captures  async closures capturing and mutating local vars
  actor     an actor whose state child tasks add to (read after the group)
  defer     defer blocks in functions and loop bodies, recorded in the trace
  bigstruct a struct of sixteen words and a string live across awaits
  generic   generic async functions over the accessor protocol
  yield     Task.yield() suspensions
  detached  detached tasks awaited in order
  cont      withCheckedContinuation resumed from another task
  stream    AsyncStream filled by a producer task, consumed with for await

Determinism by construction: wrapping arithmetic only (&+, &-, &*, ^, >>),
no division; child tasks never write state another task reads before the
join, and write only into their own trace objects; a throwing task group's
error (whose identity depends on completion order) is replaced by a
constant; a call graph without cycles and a budget on the dynamic number of
calls.
"""
import argparse
import random
import sys

FEATURES = ["loops", "branch", "throws", "group", "asynclet", "accessor",
            "captures", "actor", "defer", "bigstruct", "generic", "yield",
            "detached", "cont", "stream"]

PRELUDE = r'''struct GenError: Error { let code: Int }

final class Log: @unchecked Sendable {
  var h = 17
  var n = 0
  func add(_ tag: Int, _ v: Int) {
    h = (h &* 1_000_003) ^ (tag &* 31 &+ v)
    n &+= 1
  }
}

@inline(never) func mix(_ a: Int, _ b: Int) -> Int {
  return (a &* 6_364_136_223_846_793_005) &+ (b ^ (a >> 17)) &+ 1_442_695_040_888_963_407
}

@inline(never) func pause(_ x: Int) async -> Int {
  if x & 3 == 0 { await Task.yield() }
  return x ^ 0x5bd1
}

@inline(never) func poke(_ x: inout Int, _ d: Int) throws {
  x = x &+ d
  if d & 15 == 7 { throw GenError(code: d) }
  x = x ^ 0x33
}

@inline(never) func bumpAsync(_ x: inout Int, _ d: Int) async {
  x = x &+ d
  await Task.yield()
  x = x ^ (d >> 1)
}

protocol HasV {
  var v: Int { get set }
}

struct Acc: HasV {
  var _v = 0
  var hist = 0
  var mods = 0
  var v: Int {
    _read { yield _v }
    _modify {
      var t = _v
      let before = _v
      defer { mods &+= 1 }
      yield &t
      hist = mix(hist, t &- before)
      _v = t
    }
  }
}

final class Box: HasV {
  var _v = 1
  var v: Int {
    _read { yield _v }
    _modify {
      yield &_v
      _v = _v & 0xffff_ffff
    }
  }
}

struct Big {
  var w0 = 0, w1 = 1, w2 = 2, w3 = 3, w4 = 4, w5 = 5, w6 = 6, w7 = 7
  var w8 = 8, w9 = 9, w10 = 10, w11 = 11, w12 = 12, w13 = 13, w14 = 14, w15 = 15
  var name = "big"
  init(_ s: Int) { w0 = s; w7 = s ^ 7; w15 = s &* 3; name = "b\(s & 255)" }
  var sum: Int { mix(w0 &+ w3 &+ w7 &+ w11, w15 &+ w12 &+ name.utf8.count) }
}

actor Tally {
  var total = 0
  func add(_ x: Int) { total = total &+ x }
}

@inline(never) func touch<T: HasV>(_ t: inout T, _ d: Int) {
  t.v = t.v &+ d
}

@inline(never) func readGeneric<T: HasV>(_ x: Int, _ t: T) async -> Int {
  await Task.yield()
  return x &+ t.v
}

@inline(never) func viaExistential(_ t: inout any HasV, _ d: Int) async -> Int {
  t.v = t.v ^ d
  await Task.yield()
  return t.v
}
'''


class Fn:
    def __init__(self, idx, throws, prefix):
        self.idx = idx
        self.throws = throws
        self.prefix = prefix   # namespaces a program combined with others
        self.cost = 1          # dynamic number of calls one call makes
        self.body = []

    @property
    def name(self):
        return "%sf%d" % (self.prefix, self.idx)


class Gen:
    def __init__(self, seed, size, disabled, prefix=""):
        self.r = random.Random(seed)
        self.prefix = prefix
        self.size = size
        self.on = {f: f not in disabled for f in FEATURES}
        self.fns = []
        self.tag = 0
        self.budget = 40_000   # dynamic calls per top-level call, at most

    def feat(self, f, p):
        return self.on[f] and self.r.random() < p

    def next_tag(self):
        self.tag += 1
        return self.tag

    # ---- expressions ----
    def expr(self, vars_, depth=0):
        r = self.r
        choice = r.randrange(6 if depth < 2 else 3)
        if choice == 0 or not vars_:
            return str(r.randrange(-50, 1000))
        if choice == 1:
            return r.choice(vars_)
        if choice == 2:
            return "mix(%s, %d)" % (r.choice(vars_), r.randrange(1000))
        a = self.expr(vars_, depth + 1)
        b = self.expr(vars_, depth + 1)
        op = r.choice(["&+", "&-", "&*", "^"])
        if choice == 5:
            return "((%s) >> %d)" % (a, r.randrange(1, 9))
        return "(%s %s %s)" % (a, op, b)

    def cond(self, vars_):
        r = self.r
        return "(%s) & %d == %d" % (self.expr(vars_, 1), (1 << r.randrange(1, 5)) - 1, r.randrange(0, 3))

    # ---- calls ----
    def callees(self, caller, throwing_ok):
        return [f for f in self.fns if f.idx > caller.idx and (throwing_ok or not f.throws)]

    def call_expr(self, caller, fn, vars_, mult, in_throwing, log="log"):
        """An expression awaiting fn, handled so it fits the context."""
        caller.cost += mult * fn.cost
        args = "%s, %s, %s" % (self.expr(vars_, 1), self.expr(vars_, 1), log)
        if not fn.throws:
            return "(await %s(%s))" % (fn.name, args)
        if in_throwing and self.r.random() < 0.5:
            return "(try await %s(%s))" % (fn.name, args)
        return "((try? await %s(%s)) ?? %d)" % (fn.name, args, self.r.randrange(100))

    def pick_callee(self, caller, mult, in_throwing):
        cands = [f for f in self.callees(caller, True)
                 if caller.cost + mult * f.cost < self.budget]
        if not cands:
            return None
        return self.r.choice(cands)

    # ---- statements ----
    def block(self, fn, vars_, mvars, depth, mult, in_throwing, n, ind, in_loop):
        out = []
        for _ in range(n):
            out += self.stmt(fn, vars_, mvars, depth, mult, in_throwing, ind, in_loop)
        return out

    def stmt(self, fn, vars_, mvars, depth, mult, in_throwing, ind, in_loop):
        r = self.r
        p = ind * "  "
        tgt = r.choice(mvars)
        kinds = ["assign", "call", "call", "call"]
        if depth < 3:
            if self.on["loops"]:
                kinds += ["for", "while"]
            if self.on["branch"]:
                kinds += ["if", "switch"]
        if self.on["throws"] and in_throwing:
            kinds += ["throw"]
        if self.on["throws"]:
            kinds += ["docatch"]
        for f in ["group", "asynclet", "accessor", "accessor", "captures", "actor", "defer",
                  "bigstruct", "generic", "yield", "detached", "cont", "stream"]:
            if self.on[f]:
                kinds.append(f)
        k = r.choice(kinds)
        tag = self.next_tag()
        if k == "assign":
            e = self.expr(vars_)
            if e == tgt:
                e = "mix(%s, %d)" % (tgt, tag)
            return [p + "%s = %s" % (tgt, e)]
        if k == "call":
            callee = self.pick_callee(fn, mult, in_throwing)
            if callee is None:
                return [p + "%s = %s &+ (await pause(%s))" % (tgt, tgt, self.expr(vars_, 1))]
            return [p + "%s = %s &+ %s" % (tgt, tgt, self.call_expr(fn, callee, vars_, mult, in_throwing))]
        if k == "yield":
            return [p + "await Task.yield()", p + "log.add(%d, %s)" % (tag, tgt)]
        if k in ("for", "while"):
            iters = r.randrange(1, 6 if depth == 0 else 4)
            if depth == 0 and r.random() < 0.15:
                iters = r.choice([50, 200])
            iv = "i%d" % tag
            inner = vars_ + [iv]
            body = self.block(fn, inner, mvars, depth + 1, mult * iters, in_throwing,
                              r.randrange(1, 4), ind + 1, True)
            if r.random() < 0.2:
                body.insert(0, p + "  if %s & 7 == 5 { continue }" % iv)
            if r.random() < 0.15:
                body.append(p + "  if %s & 15 == 9 { break }" % tgt)
            if k == "for":
                return [p + "for %s in 0..<%d {" % (iv, iters)] + body + [p + "}"]
            return ([p + "var %s = 0" % iv, p + "while %s < %d {" % (iv, iters),
                     p + "  %s &+= 1" % iv] + body + [p + "}"])
        if k == "if":
            a = self.block(fn, vars_, mvars, depth + 1, mult, in_throwing, r.randrange(1, 3), ind + 1, in_loop)
            b = self.block(fn, vars_, mvars, depth + 1, mult, in_throwing, r.randrange(0, 3), ind + 1, in_loop)
            out = [p + "if %s {" % self.cond(vars_)] + a
            if b:
                out += [p + "} else {"] + b
            return out + [p + "}"]
        if k == "switch":
            n = r.randrange(2, 5)
            out = [p + "switch ((%s) & 0x7fff) %% %d {" % (self.expr(vars_, 1), n)]
            for c in range(n - 1):
                out.append(p + "case %d:" % c)
                out += self.block(fn, vars_, mvars, depth + 1, mult, in_throwing, r.randrange(1, 3), ind + 1, in_loop)
            out.append(p + "default:")
            out.append(p + "  log.add(%d, %s)" % (tag, tgt))
            return out + [p + "}"]
        if k == "throw":
            return [p + "if %s { throw GenError(code: %s) }" % (self.cond(vars_), self.expr(vars_, 1))]
        if k == "docatch":
            body = self.block(fn, vars_, mvars, depth + 1, mult, True, r.randrange(1, 3), ind + 1, in_loop)
            body.append(p + "  if %s { throw GenError(code: %d) }" % (self.cond(vars_), tag))
            return ([p + "do {"] + body +
                    [p + "} catch let e as GenError {",
                     p + "  %s = %s ^ e.code" % (tgt, tgt),
                     p + "  log.add(%d, e.code)" % tag,
                     p + "} catch {",
                     p + "  log.add(%d, -1)" % tag,
                     p + "}"])
        if k == "group":
            return self.group(fn, vars_, tgt, mult, in_throwing, p, tag)
        if k == "asynclet":
            cands = [f for f in self.callees(fn, True) if fn.cost + 2 * mult * f.cost < self.budget]
            if not cands:
                return [p + "%s = %s ^ (await pause(%d))" % (tgt, tgt, tag)]
            a, b = r.choice(cands), r.choice(cands)
            fn.cost += mult * (a.cost + b.cost)
            la, lb = "al%da" % tag, "al%db" % tag
            out = [p + "let c%d: Int = %s" % (tag, self.expr(vars_, 1))]
            out.append(p + "async let %s = %s(c%d, %d, Log())" % (la, a.name, tag, r.randrange(100)))
            out.append(p + "async let %s = %s(%d, c%d, Log())" % (lb, b.name, r.randrange(100), tag))
            ta = "try " if a.throws else ""
            tb = "try " if b.throws else ""
            if (a.throws or b.throws) and not in_throwing:
                out += [p + "do {",
                        p + "  %s = %s &+ (%sawait %s) &- (%sawait %s)" % (tgt, tgt, ta, la, tb, lb),
                        p + "} catch {",
                        p + "  %s = %s ^ %d" % (tgt, tgt, tag),
                        p + "}"]
            else:
                out.append(p + "%s = %s &+ (%sawait %s) &- (%sawait %s)" % (tgt, tgt, ta, la, tb, lb))
            return out
        if k == "accessor":
            return self.accessor(fn, vars_, tgt, in_throwing, p, tag)
        if k == "captures":
            cv = "cap%d" % tag
            return [p + "var %s: Int = %s" % (cv, self.expr(vars_, 1)),
                    p + "let cl%d: (Int) async -> Int = { x in" % tag,
                    p + "  %s = %s &+ x" % (cv, cv),
                    p + "  await Task.yield()",
                    p + "  return %s &* 3" % cv,
                    p + "}",
                    p + "%s = %s ^ (await cl%d(%s))" % (tgt, tgt, tag, self.expr(vars_, 1)),
                    p + "%s = %s &+ (await cl%d(%d)) &+ %s" % (tgt, tgt, tag, tag, cv)]
        if k == "actor":
            cands = [f for f in self.callees(fn, False) if fn.cost + 3 * mult * f.cost < self.budget]
            n = r.randrange(1, 4)
            out = [p + "let act%d = Tally()" % tag]
            child = "x &* %d" % tag
            if cands:
                f = r.choice(cands)
                fn.cost += n * mult * f.cost
                child = "await %s(x, %d, Log())" % (f.name, tag)
            out += [p + "await withTaskGroup(of: Void.self) { g in",
                    p + "  for x in 0..<%d {" % n,
                    p + "    g.addTask { await act%d.add(%s) }" % (tag, child),
                    p + "  }",
                    p + "}",
                    p + "%s = %s &+ (await act%d.total)" % (tgt, tgt, tag)]
            return out
        if k == "defer":
            return [p + "defer { log.add(%d, %d) }" % (tag, r.randrange(1000))]
        if k == "bigstruct":
            bv = "big%d" % tag
            return [p + "var %s = Big(%s)" % (bv, self.expr(vars_, 1)),
                    p + "%s.w3 = %s.w3 &+ (await pause(%s))" % (bv, bv, self.expr(vars_, 1)),
                    p + "%s.name += String(%s & 7)" % (bv, tgt),
                    p + "%s.w11 = await pause(%s.w0 &+ %s)" % (bv, bv, tgt),
                    p + "%s = %s &+ %s.sum" % (tgt, tgt, bv)]
        if k == "generic":
            return [p + "do {",
                    p + "  var a%d = Acc()" % tag,
                    p + "  touch(&a%d, %s)" % (tag, self.expr(vars_, 1)),
                    p + "  %s = await readGeneric(%s, a%d)" % (tgt, tgt, tag),
                    p + "  var e%d: any HasV = Box()" % tag,
                    p + "  %s = %s &+ (await viaExistential(&e%d, %s))" % (tgt, tgt, tag, self.expr(vars_, 1)),
                    p + "}"]
        if k == "detached":
            cands = [f for f in self.callees(fn, False) if fn.cost + mult * f.cost < self.budget]
            if not cands:
                return [p + "%s = %s &+ (await Task.detached { %d }.value)" % (tgt, tgt, tag)]
            f = r.choice(cands)
            fn.cost += mult * f.cost
            return [p + "let d%d: Int = %s" % (tag, self.expr(vars_, 1)),
                    p + "let t%d = Task.detached { await %s(d%d, %d, Log()) }" % (tag, f.name, tag, tag),
                    p + "%s = %s ^ (await t%d.value)" % (tgt, tgt, tag)]
        if k == "cont":
            return [p + "let k%d: Int = %s" % (tag, self.expr(vars_, 1)),
                    p + "%s = %s &+ (await withCheckedContinuation { (c: CheckedContinuation<Int, Never>) in" % (tgt, tgt),
                    p + "  Task.detached { await Task.yield(); c.resume(returning: mix(k%d, %d)) }" % (tag, tag),
                    p + "})"]
        if k == "stream":
            n = r.randrange(0, 12)
            return [p + "let s%d = AsyncStream<Int> { cont in" % tag,
                    p + "  Task {",
                    p + "    for q in 0..<%d { cont.yield(q &* %d); if q & 1 == 0 { await Task.yield() } }" % (n, tag),
                    p + "    cont.finish()",
                    p + "  }",
                    p + "}",
                    p + "for await q in s%d { %s = mix(%s, q) }" % (tag, tgt, tgt)]
        raise AssertionError(k)

    def group(self, fn, vars_, tgt, mult, in_throwing, p, tag):
        r = self.r
        n = r.randrange(1, 5)
        cands = [f for f in self.callees(fn, True) if fn.cost + n * mult * f.cost < self.budget]
        cv = "gc%d" % tag
        out = [p + "let %s: Int = %s" % (cv, self.expr(vars_, 1))]
        if not cands:
            child = "return mix(%s, k)" % cv
            f = None
        else:
            f = r.choice(cands)
            fn.cost += n * mult * f.cost
        throwing = f is not None and f.throws and self.on["throws"] and r.random() < 0.5
        if f is not None:
            if f.throws and not throwing:
                child = "let l = Log(); let v = (try? await %s(k, %s, l)) ?? -3; return v &+ l.h" % (f.name, cv)
            elif f.throws:
                child = "let l = Log(); let v = try await %s(k, %s, l); return v &+ l.h" % (f.name, cv)
            else:
                child = "let l = Log(); let v = await %s(k, %s, l); return v &+ l.h" % (f.name, cv)
        if not throwing:
            out += [p + "%s = %s &+ (await withTaskGroup(of: Int.self) { g in" % (tgt, tgt),
                    p + "  for k in 0..<%d {" % n,
                    p + "    g.addTask { %s }" % child,
                    p + "  }",
                    p + "  var s = 0",
                    p + "  for await x in g { s = s &+ x }",
                    p + "  return s",
                    p + "})"]
        else:
            out += [p + "do {",
                    p + "  %s = %s &+ (try await withThrowingTaskGroup(of: Int.self) { g in" % (tgt, tgt),
                    p + "    for k in 0..<%d {" % n,
                    p + "      g.addTask { %s }" % child,
                    p + "    }",
                    p + "    var s = 0",
                    p + "    for try await x in g { s = s &+ x }",
                    p + "    return s",
                    p + "  })",
                    p + "} catch {",
                    p + "  %s = %s ^ %d" % (tgt, tgt, tag),
                    p + "  log.add(%d, 0)" % tag,
                    p + "}"]
        return out

    def accessor(self, fn, vars_, tgt, in_throwing, p, tag):
        r = self.r
        a = "acc%d" % tag
        out = [p + "var %s = Acc()" % a, p + "%s.v = %s" % (a, self.expr(vars_, 1))]
        for _ in range(r.randrange(1, 4)):
            c = r.randrange(5)
            if c == 0:
                out.append(p + "%s.v = %s.v &+ %s" % (a, a, self.expr(vars_, 1)))
            elif c == 1 and self.on["throws"]:
                out += [p + "do { try poke(&%s.v, %s) } catch let e as GenError { log.add(%d, e.code) } catch {}"
                        % (a, self.expr(vars_, 1), tag)]
            elif c == 2:
                out.append(p + "await bumpAsync(&%s.v, %s)" % (a, self.expr(vars_, 1)))
            elif c == 3:
                bt = self.next_tag()
                out += [p + "let bx%d = Box()" % bt,
                        p + "bx%d.v = bx%d.v &+ %s" % (bt, bt, self.expr(vars_, 1)),
                        p + "await bumpAsync(&bx%d.v, %s.v)" % (bt, a),
                        p + "%s = %s &+ bx%d.v" % (tgt, tgt, bt)]
            else:
                out.append(p + "touch(&%s, %s)" % (a, self.expr(vars_, 1)))
        out.append(p + "%s = %s &+ mix(%s.v, %s.hist &+ %s.mods)" % (tgt, tgt, a, a, a))
        return out

    # ---- functions and program ----
    def function(self, fn):
        r = self.r
        vars_ = ["a", "b"]
        mvars = ["v0", "v1"]
        body = ["  var v0: Int = a &+ %d" % r.randrange(100), "  var v1: Int = b ^ %d" % r.randrange(100)]
        if self.on["defer"] and r.random() < 0.3:
            body.append("  defer { log.add(%d, 1) }" % self.next_tag())
        n = r.randrange(2, 3 + self.size)
        body += self.block(fn, vars_ + mvars, mvars, 0, 1, fn.throws, n, 1, False)
        if fn.throws and self.on["throws"] and r.random() < 0.5:
            body.append("  if %s { throw GenError(code: v0 ^ v1) }" % self.cond(mvars))
        body.append("  log.add(%d, v0 ^ v1)" % self.next_tag())
        body.append("  return mix(v0, v1)")
        head = "@inline(never) func %s(_ a: Int, _ b: Int, _ log: Log) async %s-> Int {" % (
            fn.name, "throws " if fn.throws else "")
        return [head] + body + ["}"]

    def functions(self):
        """The program's functions, then its top-level calls (the body of
        its main). Names carry the prefix; the random choices do not depend
        on it, so a seed gives the same program alone or combined."""
        r = self.r
        nfns = r.randrange(3, 4 + self.size)
        self.fns = [Fn(i, self.on["throws"] and r.random() < 0.5, self.prefix) for i in range(nfns)]
        texts = {}
        # Callees first: a function's cost is known when a caller uses it.
        for fn in reversed(self.fns):
            texts[fn.idx] = self.function(fn)
        out = []
        for fn in self.fns:
            out += texts[fn.idx] + [""]
        return out, self.main_body()

    def main_body(self):
        r = self.r
        calls = r.randrange(2, 5)
        f0 = self.fns[0]
        out = ["    var total = 0"]
        for t in range(calls):
            out += ["    do {",
                    "      let log = Log()",
                    "      do {",
                    "        let r = %s%s(%d, %d, log)" % ("try await " if f0.throws else "await ", f0.name,
                                                          r.randrange(1000), r.randrange(1000)),
                    "        print(\"r%d\", r, log.h, log.n)" % t,
                    "        total = total &+ r",
                    "      }%s" % (" catch let e as GenError {" if f0.throws else ""),
                    ]
            if f0.throws:
                out += ["        print(\"e%d\", e.code, log.h, log.n)" % t,
                        "      } catch {",
                        "        print(\"x%d\")" % t,
                        "      }"]
            out += ["    }"]
        out += ["    print(\"total\", total)"]
        return out

    def program(self):
        fns, body = self.functions()
        out = ["// Generated by gen_swift.py; do not edit.", PRELUDE] + fns
        out += ["@main struct Main {", "  static func main() async {"] + body + ["  }", "}"]
        return "\n".join(out) + "\n"


SECTION = "=== gen_swift seed "


def combined(seeds, size, disabled):
    """Several programs in one file (one compile for all): seed S's
    functions are named sS_f0, sS_f1, ..., its top-level calls are the body
    of sS_main(), and main runs the programs one after another in seed
    order, each output section opened by a line `=== gen_swift seed S`.
    Only the prelude (types and helpers, no state) is shared."""
    out = ["// Generated by gen_swift.py (%d programs combined); do not edit." % len(seeds), PRELUDE]
    mains = []
    for seed in seeds:
        fns, body = Gen(seed, size, disabled, "s%d_" % seed).functions()
        out += fns
        out += ["@inline(never) func s%d_main() async {" % seed] + body + ["}", ""]
        mains += ["    print(\"%s%d\")" % (SECTION, seed), "    await s%d_main()" % seed]
    out += ["@main struct Main {", "  static func main() async {"] + mains + ["  }", "}"]
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("--size", type=int, default=4)
    ap.add_argument("--disable", default="")
    ap.add_argument("--combine", type=int, default=0)
    ap.add_argument("-o", dest="out", default="-")
    a = ap.parse_args()
    disabled = set(x for x in a.disable.split(",") if x)
    bad = disabled - set(FEATURES)
    if bad:
        sys.exit("gen_swift.py: unknown feature(s): %s (known: %s)" % (", ".join(sorted(bad)), ", ".join(FEATURES)))
    if a.combine > 0:
        text = combined(range(a.seed, a.seed + a.combine), a.size, disabled)
    else:
        text = Gen(a.seed, a.size, disabled).program()
    if a.out == "-":
        sys.stdout.write(text)
    else:
        with open(a.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
