#!/usr/bin/env python3
"""Random, deterministic, UB-free C++20 coroutine programs (Csmith-style).

Usage: gen_cpp.py SEED [--size N] [--disable F1,F2,...] [--skip ID,...]
                       [--list-ids] [-o FILE]

The same arguments always give the same program. The program prints a trace
of checksums (at most 2000 lines, then only the final line) and exits with
a status derived from the checksum; its output does not depend on frame
sizes or addresses, only on the coroutines' semantics.

Constructs, chosen at random with nesting:
  task      Task<Eager, Rethrow, Alloc>: lazy (initial_suspend
            suspend_always) or eager (suspend_never) start, co_return values,
            unhandled_exception storing the exception (rethrown when the task
            is awaited) or rethrowing it (`throw;`)
  gen       generators: co_yield in loops and branches, consumed in part
  nested    co_await of other tasks, held in locals (started earlier) or
            temporaries
  symm      await_suspend returning a coroutine_handle (symmetric transfer:
            into an awaited task, back to its continuation, to self)
  boolaw    await_suspend returning bool (resuming the awaited task inside)
  voidaw    await_suspend returning void
  raii      Guard objects alive across suspends (ctor/dtor traced, counted)
  exc       exceptions thrown before, between and after suspends, caught in
            the coroutine or escaping it
  rethrow   unhandled_exception() { throw; } promises
  destroy   generators destroyed at a random suspend, tasks destroyed
            unawaited (lazy: at the initial suspend; eager: wherever they are)
  params    by-value parameters: unsigned, a trivial struct, a non-trivial
            struct (copy/move constructors traced)
  escape    addresses of locals given to noinline functions that keep them
            in a global table and read/write them later while alive
  overalign alignas(32)/alignas(64) local arrays (the promise then allocates
            its frames 64-byte aligned, so the program stays defined)
  bigarray  large local arrays (up to 2 KiB) alive across suspends
  customnew promise operator new/delete counting allocations and bytes
            (only the balance is printed: heap elision and frame sizes differ)
  sched     a scheduler queue: awaiters that push the coroutine and return
            (void, bool, handle); main drains it
  loops     bounded loops (with suspends inside)
  branch    if/else
  handoff   awaiters whose await_suspend resumes the coroutine itself
            before it returns (HVoid; HBool returning true after resuming
            or false without; HSym resuming, then returning
            noop_coroutine() or a fresh coroutine's handle): the rest of
            the body, up to the next real suspension or the end, runs
            inside the await_suspend, and the function that suspended
            (the ramp or a resume function) must not touch the frame
            after it, which may be freed by then. Fire<S, A> coroutines
            (fire and forget: final_suspend suspend_never, so the frame
            frees itself) are spawned from any function and from main;
            their initial suspend is suspend_always (the caller resumes
            them), suspend_never, a handoff (the ramp hands itself away:
            the body runs, and may end, inside the initial
            await_suspend) or a push to the scheduler. Member coroutines
            (`this` an Obj reached through a noinline pointer) read and
            write their object after suspends; values (locals,
            parameters, members) are used right after handoff suspends.
            Its choices come from a random stream of their own: with it
            on, every other choice for a seed is as it was (the
            statements it adds use their own tags and names)

UB-freedom by construction: unsigned arithmetic only, division and modulo by
`x | 1`, array indexes reduced modulo the length, bounded loops, every
published address read only inside the scope of its local, coroutines in the
scheduler queue removed when destroyed, rethrowing promises never resumed by
symmetric transfer from a ramp (the exception would leave the ramp with the
frame alive), a call graph without cycles and a budget on the dynamic size.
handoff: only in coroutines whose promise does not rethrow; an exception a
continuation lets out of the inline resumption is caught in hand(), and
hand() goes at most 32 deep (then it pushes the coroutine to the scheduler
instead); await_suspend reads nothing of its awaiter (which lives in the
frame) after resuming; Fire coroutines await only tasks and generators
that spawn no Fire and await no rethrowing task, transitively (else a Fire
could wait for ever, or spawn itself); main drains the scheduler last.

--skip omits the statements (and whole functions or main steps) with those
ids; the random choices are the same, so the rest of the program is
unchanged (what the reducer uses). Omitting a declaration may leave the
program ill-formed: the reducer then drops that candidate. --list-ids prints
the ids of the statements, innermost last.
"""
import argparse
import os
import contextlib
import random
import sys

FEATURES = ["task", "gen", "nested", "symm", "boolaw", "voidaw", "raii", "exc",
            "rethrow", "destroy", "params", "escape", "overalign", "bigarray",
            "customnew", "sched", "loops", "branch", "handoff"]

# The runtime every program starts with (cpp_prelude.h, shared with the
# reproducers in regressions/, which include it).
PRELUDE_FILE = "cpp_prelude.h"
PRELUDE_INCLUDE = '#include "../%s"\n' % PRELUDE_FILE
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), PRELUDE_FILE)) as _fh:
    PRELUDE = _fh.read()


def expand_prelude(text):
    """A saved reproducer's text with its #include of the prelude replaced
    by the prelude itself (a program that compiles anywhere)."""
    return text.replace(PRELUDE_INCLUDE, PRELUDE, 1)


def fold_prelude(text):
    """A program's text with the prelude replaced by its #include (what a
    reproducer in regressions/ keeps)."""
    return text.replace(PRELUDE, PRELUDE_INCLUDE, 1)


class Node:
    """A statement: parts are lines (str) and nested blocks (list of Node)."""

    def __init__(self, nid, parts):
        self.id = nid
        self.parts = parts


class Func:
    def __init__(self, idx, kind, eager, rethrow, alloc, params):
        self.idx = idx
        self.kind = kind          # "task", "gen" or "fire" (handoff)
        self.eager = eager
        self.rethrow = rethrow
        self.alloc = alloc        # 0, 1, 2 (see NewBase)
        self.params = params      # list of "u", "p1", "nt"
        self.cost = 1
        self.body = []
        self.node_id = None
        # handoff (all from its own random stream):
        self.member = None        # index of the Obj whose member it is
        self.start = 0            # fire: Fire<S, A>'s S
        self.calls = set()        # functions it awaits or consumes
        self.spawns = False       # spawns a Fire
        self.hcost = 0            # dynamic size of what handoff added
        self.tainted = False      # a Fire may not await it (see the docstring)

    @property
    def name(self):
        return {"task": "t%d", "gen": "g%d", "fire": "f%d"}[self.kind] % self.idx

    @property
    def callname(self):
        if self.member is None:
            return self.name
        return "objp(%du)->%s" % (self.member, self.name)

    @property
    def tcost(self):
        return self.cost + self.hcost

    @property
    def rettype(self):
        if self.kind == "fire":
            return "Fire<%d, %d>" % (self.start, self.alloc)
        if self.kind == "task":
            return "Task<%s, %s, %d>" % ("true" if self.eager else "false",
                                          "true" if self.rethrow else "false",
                                          self.alloc)
        return "Gen<%s, %d>" % ("true" if self.rethrow else "false", self.alloc)


class Scope:
    def __init__(self, parent=None):
        self.parent = parent
        self.uvars = []       # unsigned locals
        self.huvars = []      # unsigned locals handoff declared (its own names)
        self.slots = []       # (slot var, local var) published addresses
        self.arrays = []      # (name, length)
        self.tasks = []       # [name, Func, awaited?]

    def all(self, attr):
        s, out = self, []
        while s:
            out.extend(getattr(s, attr))
            s = s.parent
        return out


class Gen:
    def __init__(self, seed, size, disabled):
        self.rng = random.Random(seed)
        self.seed = seed
        self.size = max(1, size)
        self.off = set(disabled)
        self.next_id = 0
        self.next_tag = 100
        self.next_var = 0
        self.budget = 400 + 60 * self.size
        # handoff: its own random stream, tags and names, so that the rest
        # of the program is the same with it on or off.
        self.hr = random.Random(seed * 7919 + 101)
        self.in_h = False
        self.h_saved = None
        self.h_tag = 30000
        self.h_var = 0
        self.fire_budget = 120 + 20 * self.size
        self.fires = []

    @contextlib.contextmanager
    def hmode(self):
        """Choices, tags and names from handoff's own stream and counters."""
        if self.in_h:
            yield
            return
        saved = (self.rng, self.next_tag, self.next_var)
        self.rng, self.next_tag, self.next_var = self.hr, self.h_tag, self.h_var
        self.in_h = True
        try:
            yield
        finally:
            self.h_tag, self.h_var = self.next_tag, self.next_var
            self.rng, self.next_tag, self.next_var = saved
            self.in_h = False

    def on(self, f):
        return f not in self.off

    def nid(self):
        self.next_id += 1
        return self.next_id

    def tag(self):
        self.next_tag += 1
        return self.next_tag

    def var(self, p):
        self.next_var += 1
        return "%s%d" % ("h" + p if self.in_h else p, self.next_var)

    def chance(self, p, feat=None):
        r = self.rng.random() < p
        return r and (feat is None or self.on(feat))

    # ---------------------------------------------------------------- exprs
    def leaf(self, ctx):
        r = self.rng
        opts = ["acc", "const"]
        opts += ["var"] * (2 if ctx.scope.all("uvars") else 0)
        opts += ["slot"] if ctx.scope.all("slots") else []
        opts += ["arr"] if ctx.scope.all("arrays") else []
        opts += ["param"] if ctx.func and ctx.func.params else []
        if self.in_h:
            opts += ["hvar"] * 2 if ctx.scope.all("huvars") else []
            opts += ["self"] if ctx.func and ctx.func.member is not None else []
        k = r.choice(opts)
        if k == "hvar":
            return r.choice(ctx.scope.all("huvars"))
        if k == "self":
            return r.choice(["base", "hits", "this->base"])
        if k == "const":
            return "%du" % r.choice([0, 1, 2, 3, 5, 7, 13, 255, 1000, 65535, 0x7fffffff, 0xfffffff0])
        if k == "var":
            return r.choice(ctx.scope.all("uvars"))
        if k == "slot":
            return "peek(%s)" % r.choice(ctx.scope.all("slots"))[0]
        if k == "arr":
            name, n = r.choice(ctx.scope.all("arrays"))
            return "%s[(%s) %% %du]" % (name, self.expr(ctx, 0), n)
        if k == "param":
            i = r.randrange(len(ctx.func.params))
            t = ctx.func.params[i]
            return {"u": "a%d" % i, "p1": "a%d.%s" % (i, r.choice("xy")),
                    "nt": "a%d.get()" % i}[t]
        return "acc"

    def expr(self, ctx, depth=2):
        r = self.rng
        if depth <= 0 or r.random() < 0.35:
            return self.leaf(ctx)
        a, b = self.expr(ctx, depth - 1), self.expr(ctx, depth - 1)
        op = r.randrange(8)
        if op == 0: return "(%s + %s)" % (a, b)
        if op == 1: return "(%s * %s)" % (a, b)
        if op == 2: return "(%s ^ %s)" % (a, b)
        if op == 3: return "(%s >> %du)" % (a, r.randrange(1, 31))
        if op == 4: return "mix(%s, %s)" % (a, b)
        if op == 5: return "(%s / (%s | 1u))" % (a, b)
        if op == 6: return "(%s %% (%s | 1u))" % (a, b)
        return "(%s - %s)" % (a, b)

    def cond(self, ctx):
        m = self.rng.choice([2, 3, 4, 5, 7])
        return "(%s) %% %du == %du" % (self.expr(ctx, 1), m, self.rng.randrange(m))

    # ----------------------------------------------------------- statements
    def args_for(self, ctx, f):
        out = []
        for t in f.params:
            e = self.expr(ctx, 1)
            if t == "u": out.append(e)
            elif t == "p1": out.append("P1{%s, %s}" % (e, self.expr(ctx, 1)))
            else: out.append("NT{%s}" % e)
        return ", ".join(out)

    def callees(self, ctx, kind):
        """Functions (after the current one) of that kind within budget."""
        if ctx.func and ctx.func.kind == "fire":
            # Any task or generator that can neither spawn this Fire nor
            # leave it waiting for ever.
            return [f for f in self.mfuncs if f.kind == kind and not f.tainted
                    and ctx.mult * f.tcost + ctx.used() <= ctx.budget]
        lo = ctx.func.idx + 1 if ctx.func else 0
        return [f for f in self.funcs[lo:] if f.kind == kind
                and ctx.mult * f.cost + ctx.cost[0] <= self.budget]

    def await_variants(self, ctx, f):
        """Awaiter kinds allowed for awaiting task f from the current context."""
        v = []
        # Symmetric transfer starts f inside the awaiting coroutine's resume:
        # a rethrowing f (or a rethrowing eager awaiter, whose ramp may be the
        # one resuming) could then leave a ramp with its frame alive.
        if self.on("symm") and not f.rethrow and not (ctx.func and ctx.func.eager and ctx.func.rethrow):
            v.append("sym()")
        if self.on("boolaw"): v.append("via_bool()")
        if self.on("voidaw"): v.append("via_void()")
        if not v and not f.rethrow and not (ctx.func and ctx.func.eager and ctx.func.rethrow):
            v.append("sym()")
        if not v: v.append("via_bool()")
        return v

    def suspend_stmt(self, ctx):
        r = self.rng
        if ctx.func.kind == "gen":
            return "co_yield %s;" % self.expr(ctx)
        opts = ["YReady"]
        if self.on("sched"):
            opts += ["YVoid", "YBool"]
            if self.on("symm") and not (ctx.func.eager and ctx.func.rethrow):
                opts.append("YSym")
        aw = r.choice(opts)
        e = self.expr(ctx, 1)
        if self.on("handoff") and not ctx.func.rethrow and \
                self.hr.random() < (0.8 if ctx.func.kind == "fire" else 0.4):
            aw = self.hr.choice(["HVoid", "HBool", "HSym"])
            ctx.last_handoff = True
        return "acc += co_await %s{%s};" % (aw, e)

    def block(self, ctx, n, depth):
        out = []
        for _ in range(n):
            h = self.hstmt(ctx)
            if h is not None:
                out.append(h)
            ctx.last_handoff = False
            s = self.stmt(ctx, depth)
            if s is not None:
                out.append(s)
            if ctx.last_handoff and s is not None:
                # Values kept across the handoff, used right after it.
                with self.hmode():
                    if self.rng.random() < 0.8:
                        out.append(Node(self.nid(), ["trace(%du, %s);" % (self.tag(), self.huse(ctx))]))
            ctx.last_handoff = False
        return out

    # ------------------------------------------------------------- handoff
    def huse(self, ctx):
        """An expression of locals, parameters and members (handoff mode)."""
        r = self.rng
        vals = ["acc"] + ctx.scope.all("uvars") + ctx.scope.all("huvars")
        f = ctx.func
        if f.params:
            vals += [self.param_read(f, i) for i in range(len(f.params))] * 2
        if f.member is not None:
            vals += ["base", "hits", "this->base"]
        return "mix(%s, %s)" % (r.choice(vals), r.choice(vals))

    def spawnable(self, ctx):
        """The Fires this function may spawn, within budget."""
        if ctx.func.kind == "fire":
            return [g for g in self.fires if g.idx > ctx.func.idx
                    and ctx.mult * g.tcost + ctx.used() <= ctx.budget]
        return [g for g in self.fires if ctx.mult * self.fire_budget + ctx.hcost[0] <= 2 * self.fire_budget]

    def hstmt(self, ctx):
        """A statement of handoff's (or None), from its own stream."""
        if not self.on("handoff") or ctx.func is None:
            return None
        if self.hr.random() >= (0.3 if ctx.func.kind == "fire" else 0.2):
            return None
        with self.hmode():
            r = self.rng
            fires = self.spawnable(ctx)
            kinds = [("hdecl", 2), ("use", 1)]
            if fires:
                kinds.append(("spawn", 3))
            if ctx.func.member is not None:
                kinds.append(("self", 2))
            total = sum(w for _, w in kinds)
            x = r.uniform(0, total)
            for k, w in kinds:
                x -= w
                if x <= 0:
                    break
            nid = self.nid()
            if k == "spawn":
                g = r.choice(fires)
                cost = ctx.mult * (g.tcost if ctx.func.kind == "fire" else self.fire_budget)
                ctx.hcost[0] += cost
                ctx.func.spawns = True
                return Node(nid, ["%s(%s).go();" % (g.callname, self.args_for(ctx, g))])
            ctx.hcost[0] += ctx.mult
            if k == "hdecl":
                v = self.var("v")
                line = "unsigned %s = %s;" % (v, self.expr(ctx))
                ctx.scope.huvars.append(v)
                return Node(nid, [line])
            if k == "self":
                if r.random() < 0.5:
                    return Node(nid, ["hits += %s;" % self.expr(ctx, 1)])
                return Node(nid, ["base = mix(base, %s);" % self.expr(ctx, 1)])
            return Node(nid, ["trace(%du, %s);" % (self.tag(), self.huse(ctx))])

    def stmt(self, ctx, depth):
        r = self.rng
        kinds = [("acc", 4), ("trace", 2), ("decl", 2)]
        if ctx.can_suspend:
            kinds.append(("suspend", 5))
        if depth > 0:
            if self.on("branch"): kinds.append(("if", 2))
            if self.on("loops") and ctx.mult < 16: kinds.append(("loop", 2))
            if self.on("exc") and not ctx.in_handler: kinds.append(("try", 2))
            if self.on("raii"): kinds.append(("raii", 2))
        if self.on("exc") and not ctx.in_handler: kinds.append(("throw", 1))
        if ctx.can_suspend and self.on("nested") and ctx.func.kind in ("task", "fire"):
            if self.callees(ctx, "task"): kinds.append(("await", 4))
            if ctx.scope.tasks and any(not t[2] for t in ctx.scope.tasks):
                kinds.append(("await_var", 4))
        if ctx.func and ctx.func.kind in ("task", "fire") and self.on("nested") and depth > 0 \
                and self.callees(ctx, "task"):
            kinds.append(("task_var", 2))
        if self.on("gen") and depth > 0 and self.callees(ctx, "gen"):
            kinds.append(("consume", 3))
        if self.on("escape"): kinds.append(("escape", 2))
        if ctx.scope.all("slots"): kinds.append(("bump", 2))
        if self.on("bigarray") and depth > 0: kinds.append(("bigarray", 1))
        if self.on("overalign") and depth > 0 and ctx.func and ctx.func.alloc == 2:
            kinds.append(("overalign", 2))
        if ctx.func and depth > 0 and not ctx.in_handler and r.random() < 0.1:
            kinds.append(("early_return", 1))
        total = sum(w for _, w in kinds)
        x = r.uniform(0, total)
        for k, w in kinds:
            x -= w
            if x <= 0:
                break
        nid = self.nid()
        ctx.cost[0] += ctx.mult
        if ctx.over(self.budget):
            return None
        if (k in ("await", "task_var") and not self.callees(ctx, "task")) or \
                (k == "consume" and not self.callees(ctx, "gen")):
            k = "acc"
        if k == "acc":
            return Node(nid, ["acc = %s;" % self.expr(ctx)])
        if k == "trace":
            return Node(nid, ["trace(%du, %s);" % (self.tag(), self.expr(ctx, 1))])
        if k == "decl":
            v = self.var("v")
            line = "unsigned %s = %s;" % (v, self.expr(ctx))
            ctx.scope.uvars.append(v)
            return Node(nid, [line])
        if k == "suspend":
            return Node(nid, [self.suspend_stmt(ctx)])
        if k == "throw":
            return Node(nid, ["if (%s) throw Exc{%s};" % (self.cond(ctx), self.expr(ctx, 1))])
        if k == "early_return":
            ret = "co_return %s;" % self.expr(ctx, 1) if ctx.func.kind == "task" else "co_return;"
            return Node(nid, ["if (%s) %s" % (self.cond(ctx), ret)])
        if k == "if":
            c = self.cond(ctx)
            a = self.sub(ctx, r.randint(1, 3), depth - 1)
            if r.random() < 0.5:
                return Node(nid, ["if (%s) {" % c, a, "}"])
            b = self.sub(ctx, r.randint(1, 3), depth - 1)
            return Node(nid, ["if (%s) {" % c, a, "} else {", b, "}"])
        if k == "loop":
            i = self.var("i")
            n = r.randint(1, 3)
            ctx.mult *= n
            body = self.sub(ctx, r.randint(1, 4), depth - 1, uvars=[i])
            ctx.mult //= n
            return Node(nid, ["for (unsigned %s = 0; %s < %du; ++%s) {" % (i, i, n, i), body, "}"])
        if k == "try":
            body = self.sub(ctx, r.randint(1, 4), depth - 1)
            saved = ctx.in_handler, ctx.can_suspend
            ctx.in_handler, ctx.can_suspend = True, False
            h = self.sub(ctx, r.randint(1, 2), 0)
            ctx.in_handler, ctx.can_suspend = saved
            return Node(nid, ["try {", body, "} catch (const Exc &e) {",
                              [Node(self.nid(), ["acc += e.v;"])] + h, "}"])
        if k == "raii":
            g = self.var("guard")
            body = self.sub(ctx, r.randint(1, 4), depth - 1)
            return Node(nid, ["{", [Node(self.nid(), ["Guard %s{%du};" % (g, self.tag())])] + body, "}"])
        if k == "escape":
            v, s = self.var("e"), self.var("s")
            init = self.expr(ctx, 1)
            ctx.scope.uvars.append(v)
            ctx.scope.slots.append((s, v))
            return Node(nid, ["unsigned %s = %s;" % (v, init),
                              "unsigned %s = publish(&%s);" % (s, v)])
        if k == "bump":
            s, v = r.choice(ctx.scope.all("slots"))
            return Node(nid, ["bump(%s, %s);" % (s, self.expr(ctx, 1))])
        if k == "bigarray":
            a = self.var("big")
            n = r.choice([64, 128, 256, 512])
            i = self.var("i")
            ctx.scope.arrays.append((a, n))
            return Node(nid, ["unsigned %s[%d];" % (a, n),
                              "for (unsigned %s = 0; %s < %du; ++%s) %s[%s] = mix(%s, acc);"
                              % (i, i, n, i, a, i, i)])
        if k == "overalign":
            a = self.var("al")
            al = r.choice([32, 64])
            n = r.choice([4, 8, 16])
            i = self.var("i")
            init = self.expr(ctx, 1)
            ctx.scope.arrays.append((a, n))
            return Node(nid, ["alignas(%d) unsigned %s[%d];" % (al, a, n),
                              "for (unsigned %s = 0; %s < %du; ++%s) %s[%s] = %s + %s;"
                              % (i, i, n, i, a, i, i, init),
                              "acc += is_aligned(%s, %du);" % (a, al)])
        if k == "await":
            f = r.choice(self.callees(ctx, "task"))
            ctx.cost[0] += ctx.mult * f.cost
            self.note_call(ctx, f)
            how = r.choice(self.await_variants(ctx, f))
            return Node(nid, ["acc += co_await %s(%s).%s;" % (f.callname, self.args_for(ctx, f), how)])
        if k == "await_var":
            cand = [t for t in ctx.scope.tasks if not t[2]]
            t = r.choice(cand)
            t[2] = True
            how = r.choice(self.await_variants(ctx, t[1]))
            return Node(nid, ["acc += co_await %s.%s;" % (t[0], how)])
        if k == "task_var":
            f = r.choice(self.callees(ctx, "task"))
            ctx.cost[0] += ctx.mult * f.cost
            self.note_call(ctx, f)
            v = self.var("task")
            if ctx.can_suspend:
                ctx.scope.tasks.append([v, f, False])
            return Node(nid, ["auto %s = %s(%s);" % (v, f.callname, self.args_for(ctx, f))])
        if k == "consume":
            f = r.choice(self.callees(ctx, "gen"))
            g, kk = self.var("gen"), self.var("k")
            n = r.randint(1, 6)
            if not self.on("destroy"):
                n = 64
            ctx.mult *= n
            ctx.cost[0] += ctx.mult * f.cost
            self.note_call(ctx, f)
            body = self.sub(ctx, r.randint(0, 2), depth - 1)
            ctx.mult //= n
            inner = [Node(self.nid(), ["acc += %s.value();" % g])] + body
            loop = Node(self.nid(), ["for (unsigned %s = 0; %s < %du && %s.next(); ++%s) {"
                                     % (kk, kk, n, g, kk), inner, "}"])
            return Node(nid, ["{", [Node(self.nid(), ["auto %s = %s(%s);" % (g, f.callname, self.args_for(ctx, f))]),
                                    loop], "}"])
        raise AssertionError(k)

    def note_call(self, ctx, f):
        """handoff's bookkeeping of a call: what it adds to the dynamic
        size (a Fire counts its callees' whole cost already), and which
        functions a Fire may await."""
        ctx.func.calls.add(f)
        if ctx.func.kind == "fire":
            ctx.cost[0] += ctx.mult * f.hcost
        else:
            ctx.hcost[0] += ctx.mult * f.hcost

    def sub(self, ctx, n, depth, uvars=()):
        ctx.scope = Scope(ctx.scope)
        ctx.scope.uvars.extend(uvars)
        b = self.block(ctx, n, depth)
        ctx.scope = ctx.scope.parent
        return b

    # ------------------------------------------------------------ functions
    def make_funcs(self):
        r = self.rng
        n = min(2 + self.size // 2 + r.randint(0, 2), 12)
        funcs = []
        for i in range(n):
            kind = "task"
            if self.on("gen") and (r.random() < 0.35 or not self.on("task")):
                kind = "gen"
            eager = kind == "task" and self.chance(0.4, "task")
            rethrow = self.chance(0.3, "rethrow") and self.on("exc")
            alloc = 0
            if self.chance(0.5, "customnew"): alloc = 1
            if self.chance(0.2, "overalign"): alloc = 2
            params = []
            if self.on("params"):
                params = [r.choice(["u", "u", "p1", "nt"]) for _ in range(r.randint(0, 3))]
            funcs.append(Func(i, kind, eager, rethrow, alloc, params))
        return funcs

    def plan_handoff(self):
        """Members and Fire functions, from handoff's own stream."""
        if not self.on("handoff"):
            return
        r = self.hr
        for f in self.mfuncs:
            if r.random() < 0.4:
                f.member = r.randrange(4)
        n = r.randint(1, 2 + self.size // 3)
        for k in range(n):
            f = Func(len(self.mfuncs) + k, "fire", False, False, 0, [])
            f.start = r.randrange(4)
            f.eager = f.start in (1, 2)
            if self.on("customnew") and r.random() < 0.5:
                f.alloc = 1
            if self.on("params"):
                f.params = [r.choice(["u", "u", "p1", "nt"]) for _ in range(r.randint(0, 3))]
            if r.random() < 0.5:
                f.member = r.randrange(4)
            self.fires.append(f)

    def gen_func(self, f):
        r = self.rng
        ctx = Ctx(f)
        f.node_id = self.nid()
        body = []
        # A throw before the first suspend (in an eager task: from the ramp).
        if self.on("exc") and r.random() < 0.25:
            body.append(Node(self.nid(), ["if (%s) throw Exc{%du};" % (self.cond(ctx), self.tag())]))
        body += self.block(ctx, r.randint(2, 3 + self.size), 3)
        f.body = body
        f.cost = max(1, ctx.cost[0])
        f.hcost = ctx.hcost[0]
        f.tainted = f.spawns or (f.kind == "task" and f.rethrow) or any(c.tainted for c in f.calls)

    def gen_fire(self, f):
        with self.hmode():
            ctx = Ctx(f)
            ctx.budget = self.fire_budget
            f.node_id = self.nid()
            body = []
            if self.on("exc") and self.rng.random() < 0.25:
                body.append(Node(self.nid(), ["if (%s) throw Exc{%du};" % (self.cond(ctx), self.tag())]))
            body += self.block(ctx, self.rng.randint(2, 3 + self.size), 3)
            f.body = body
            f.end_tag = self.tag()
            f.cost = max(1, ctx.cost[0] + ctx.hcost[0])

    def gen_main(self):
        r = self.rng
        ctx = Ctx(None)
        steps = []
        roots = [f for f in self.mfuncs[:3]] or self.mfuncs
        for f in roots[:r.randint(1, len(roots))]:
            nid = self.nid()
            args = self.args_for(ctx, f)
            if f.kind == "task":
                lines = ["try {",
                         [Node(self.nid(), ["auto r = %s(%s);" % (f.callname, args)]),
                          Node(self.nid(), ["r.start();"]),
                          Node(self.nid(), ["drain();"]),
                          Node(self.nid(), ["if (r.done()) acc = mix(acc, r.result()); else trace(8001u, 0u);"])],
                         "} catch (const Exc &e) {",
                         [Node(self.nid(), ["trace(8002u, e.v);"])],
                         "}", "drain();"]
            else:
                n = r.randint(1, 8)
                lines = ["try {",
                         [Node(self.nid(), ["auto g = %s(%s);" % (f.callname, args)]),
                          Node(self.nid(), ["for (unsigned k = 0; k < %du && g.next(); ++k) acc = mix(acc, g.value());" % n])],
                         "} catch (const Exc &e) {",
                         [Node(self.nid(), ["trace(8003u, e.v);"])],
                         "}"]
            steps.append(Node(nid, lines))
            steps.append(Node(self.nid(), ["trace(8004u, acc);"]))
            if self.fires and self.hr.random() < 0.7:
                with self.hmode():
                    g = self.rng.choice(self.fires)
                    steps.append(Node(self.nid(), ["%s(%s).go();" % (g.callname, self.args_for(ctx, g)),
                                                   "drain();"]))
        if self.on("handoff"):
            with self.hmode():
                for g in self.fires:
                    if self.rng.random() < 0.5:
                        steps.append(Node(self.nid(), ["%s(%s).go();" % (g.callname, self.args_for(ctx, g))]))
            steps.append(Node(self.nid(), ["drain();"]))
            steps.append(Node(self.nid(), ["for (unsigned k = 0; k < 4u; ++k) trace(8010u, mix(g_objs[k].base, g_objs[k].hits));"]))
        return steps

    def generate(self):
        self.funcs = self.make_funcs()
        self.mfuncs = list(self.funcs)
        self.plan_handoff()
        self.funcs += self.fires
        # Callees first, so their dynamic cost is known to their callers
        # (the Fires last: the others only know a bound of theirs).
        for f in reversed(self.mfuncs):
            self.gen_func(f)
        for f in reversed(self.fires):
            self.gen_fire(f)
        self.main = self.gen_main()

    # ------------------------------------------------------------- emitting
    def emit(self, skip, header=None):
        out = []
        if header:
            out += ["// " + l for l in header.splitlines()]
        out.append("// gen_cpp.py %d --size %d%s" % (
            self.seed, self.size, " --disable " + ",".join(sorted(self.off)) if self.off else ""))
        out.append(PRELUDE)
        if self.on("handoff"):
            out.append("struct Obj {")
            out.append("  unsigned base, hits;")
            for f in self.funcs:
                if f.node_id not in skip and f.member is not None:
                    out.append("  %s %s(%s);" % (f.rettype, f.name, self.params_decl(f)))
            out.append("};")
            out.append("static Obj g_objs[4] = {{3u, 0u}, {17u, 1u}, {255u, 2u}, {4099u, 3u}};")
            out.append("__attribute__((noinline)) Obj *objp(unsigned k) { return &g_objs[k % 4u]; }")
        for f in self.funcs:
            if f.node_id not in skip and f.member is None:
                out.append("%s %s(%s);" % (f.rettype, f.name, self.params_decl(f)))
        out.append("")
        for f in self.funcs:
            if f.node_id in skip:
                continue
            # Frames with over-aligned locals: the ramp stays out of line, so
            # that the native build's heap elision (which puts the frame in
            # the caller's, ignoring the promise's aligned operator new) does
            # not misalign them.
            noinline = "__attribute__((noinline)) " if f.alloc == 2 else ""
            out.append("%s%s %s%s(%s) {" % (noinline, f.rettype, "" if f.member is None else "Obj::",
                                            f.name, self.params_decl(f)))
            out.append("  unsigned acc = %du;" % (f.idx * 7919 + 17))
            if f.params:
                out.append("  acc += %s;" % " + ".join(self.param_read(f, i) for i in range(len(f.params))))
            self.emit_block(f.body, 1, skip, out)
            if f.kind == "task":
                out.append("  co_return acc;")
            elif f.kind == "fire":
                out.append("  trace(%du, acc);" % f.end_tag)
                out.append("  co_return;")
            else:
                out.append("  co_yield acc;")
            out.append("}")
            out.append("")
        out.append("int main() {")
        out.append("  unsigned acc = 0u;")
        self.emit_block(self.main, 1, skip, out)
        out.append('  std::printf("end %u live %ld allocs %ld bytes %ld lines %u\\n", g_ck, g_live, g_allocs, g_bytes, g_lines);')
        out.append("  return (int)(g_ck % 7u);")
        out.append("}")
        return "\n".join(out) + "\n"

    @staticmethod
    def params_decl(f):
        t = {"u": "unsigned", "p1": "P1", "nt": "NT"}
        return ", ".join("%s a%d" % (t[p], i) for i, p in enumerate(f.params))

    @staticmethod
    def param_read(f, i):
        return {"u": "a%d", "p1": "a%d.x", "nt": "a%d.get()"}[f.params[i]] % i

    def emit_block(self, nodes, ind, skip, out):
        for n in nodes:
            if n.id in skip:
                continue
            for p in n.parts:
                if isinstance(p, str):
                    out.append("  " * ind + p)
                else:
                    self.emit_block(p, ind + 1, skip, out)

    def ids(self):
        res = []

        def walk(nodes):
            for n in nodes:
                res.append(n.id)
                for p in n.parts:
                    if not isinstance(p, str):
                        walk(p)
        for f in self.funcs:
            res.append(f.node_id)
            walk(f.body)
        walk(self.main)
        return res


class Ctx:
    def __init__(self, func):
        self.func = func
        self.scope = Scope()
        self.mult = 1
        self.cost = [0]
        self.in_handler = False
        self.can_suspend = func is not None
        self.budget = None
        self.hcost = [0]          # what handoff added (own budget)
        self.last_handoff = False

    def used(self):
        return self.cost[0] + self.hcost[0]

    def over(self, budget):
        if self.func is not None and self.func.kind == "fire":
            return self.used() > self.budget
        return self.cost[0] > budget


def program(seed, size=6, disabled=(), skip=(), header=None):
    g = Gen(seed, size, disabled)
    g.generate()
    return g.emit(set(skip), header), g


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("--size", type=int, default=6)
    ap.add_argument("--disable", default="")
    ap.add_argument("--skip", default="")
    ap.add_argument("--list-ids", action="store_true")
    ap.add_argument("-o", default="-")
    a = ap.parse_args()
    dis = [x for x in a.disable.split(",") if x]
    bad = [x for x in dis if x not in FEATURES]
    if bad:
        ap.error("unknown feature(s): %s (known: %s)" % (",".join(bad), ",".join(FEATURES)))
    skip = [int(x) for x in a.skip.split(",") if x]
    text, g = program(a.seed, a.size, dis, skip)
    if a.list_ids:
        print(" ".join(map(str, g.ids())))
        return
    if a.o == "-":
        sys.stdout.write(text)
    else:
        with open(a.o, "w") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
