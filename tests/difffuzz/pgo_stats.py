"""How many counters instrprof promoted in a module, and how many of them
through a loop that holds a coroutine suspend (pgo.py; issue 24).

instrprof's promoter keeps a loop's count in a register and, in each exit
block, loads the counter (`%pgocount.promotedN = load ...`), adds the
register and stores it. A promoted counter belongs to the innermost loop
that holds a predecessor of its exit block but not the exit block itself;
it crosses a suspend when that loop holds a call of llvm.coro.suspend (or
its retcon and async forms) in a presplit coroutine. Loops are natural
loops (back edges to a dominating header), from the textual IR.

Usage: pgo_stats.py FILE.ll...   prints `promoted N across-suspends M`
"""
import re
import sys

LABEL_RE = re.compile(r'^("(?:[^"\\]|\\.)*"|[-\w.$]+):')
SUCC_RE = re.compile(r'label %("(?:[^"\\]|\\.)*"|[-\w.$]+)')
SUSPEND_RE = re.compile(r"@llvm\.coro\.suspend(\.retcon|\.async)?[.\w]*\(")
PROMOTED_RE = re.compile(r"^\s*%pgocount\.promoted\d* = load ")


def functions(text):
    """(define line, body lines) of each coroutine (a body calling
    llvm.coro.id; the attribute may sit in an attribute group)."""
    cur = None
    for line in text.splitlines():
        if line.startswith("define "):
            cur = (line, [])
        elif cur is not None and line.startswith("}"):
            if any("@llvm.coro.id" in l for l in cur[1]):
                yield cur
            cur = None
        elif cur is not None:
            cur[1].append(line)


def blocks(body):
    """Ordered [(name, lines)]; the entry block's name is '<entry>'
    unless it has a label."""
    out = [["<entry>", []]]
    for line in body:
        m = LABEL_RE.match(line)
        if m:
            if out[-1][0] == "<entry>" and not out[-1][1]:
                out.pop()
            out.append([m.group(1), []])
        elif line.strip() and not line.lstrip().startswith(";"):
            out[-1][1].append(line)
    return out


def dominators(names, succ, preds):
    """Iterative dominator sets (the functions here are small)."""
    order = reverse_postorder(names[0], succ)
    dom = {n: set(order) for n in order}
    dom[names[0]] = {names[0]}
    changed = True
    while changed:
        changed = False
        for n in order[1:]:
            ps = [p for p in preds.get(n, ()) if p in dom]
            new = set.intersection(*(dom[p] for p in ps)) if ps else set()
            new = new | {n}
            if new != dom[n]:
                dom[n] = new
                changed = True
    return dom


def reverse_postorder(entry, succ):
    seen, post, stack = {entry}, [], [(entry, iter(succ.get(entry, ())))]
    while stack:
        n, it = stack[-1]
        nxt = next(it, None)
        if nxt is None:
            post.append(n)
            stack.pop()
        elif nxt not in seen:
            seen.add(nxt)
            stack.append((nxt, iter(succ.get(nxt, ()))))
    return post[::-1]


def natural_loops(names, succ, preds):
    """{header: set of blocks}, back edges to one header merged."""
    dom = dominators(names, succ, preds)
    loops = {}
    for t in dom:
        for h in succ.get(t, ()):
            if h in dom.get(t, ()):
                body = loops.setdefault(h, {h})
                work = [t]
                while work:
                    b = work.pop()
                    if b not in body:
                        body.add(b)
                        work.extend(p for p in preds.get(b, ()) if p in dom)
    return loops


def function_stats(body):
    bl = blocks(body)
    names = [n for n, _ in bl]
    succ = {n: [m.group(1) for l in ls for m in SUCC_RE.finditer(l)] for n, ls in bl}
    preds = {}
    for n in names:
        for s in succ[n]:
            preds.setdefault(s, []).append(n)
    loops = natural_loops(names, succ, preds).values()
    has_susp = {n for n, ls in bl if any(SUSPEND_RE.search(l) for l in ls)}
    promoted = across = 0
    for n, ls in bl:
        for l in ls:
            if not PROMOTED_RE.match(l):
                continue
            promoted += 1
            cands = [lp for lp in loops if n not in lp and any(p in lp for p in preds.get(n, ()))]
            if cands and min(cands, key=len) & has_susp:
                across += 1
    return promoted, across


def module_stats(text):
    """(promoted counters, promoted across a suspend) over the module's
    presplit coroutines."""
    p = a = 0
    for _, body in functions(text):
        fp, fa = function_stats(body)
        p += fp
        a += fa
    return p, a


if __name__ == "__main__":
    for f in sys.argv[1:]:
        with open(f, errors="replace") as fh:
            print("%s: promoted %d across-suspends %d" % ((f,) + module_stats(fh.read())))
