#!/usr/bin/env python3
"""corolower's --frame-report against the frame layout its output uses, and
against LLVM's frame sizes, for switched-resume coroutines on any target.

Usage: frame_offsets.py (REPORT.json LOWERED.ll LLVM.ll)...

For each switched-resume frame in a report, in its ramp and its .resume,
.destroy and .cleanup clones: every `getelementptr inbounds i8, ptr BASE,
i64 N` off the frame (the clones' %frame, the ramp's allocation, the
pointer @NAME.resume is stored through), and every load and store made
directly through such a pointer (or the frame itself, offset 0). Checks:
  - each offset lies inside a reported field, and a direct access of a
    scalar type lies inside one field that starts at or before it
    (store size from the module's data layout);
  - the access's `align` divides its offset and is no more than the
    frame's alignment (the base is only that aligned);
  - no access reaches past the reported size, and the reported size is
    the one the clones' `dereferenceable(N)` promises;
  - alloca fields sit at a multiple of the alloca's own alignment;
and compares the reported size with LLVM's (dereferenceable on LLVM's
.resume clone of the same coroutine). Prints one line per frame, then a
summary; exit status 1 if any check failed.
"""
import json
import re
import sys

SCALAR = re.compile(r"^(i\d+|ptr|half|bfloat|float|double|x86_fp80|fp128)$")


def layout(ll):
    """(pointer bytes, {type: (store bytes, abi align)}) from the module's
    data layout (LLVM's defaults where it says nothing)."""
    m = re.search(r'^target datalayout = "([^"]*)"', ll, re.M)
    dl = m.group(1).split("-") if m else []
    ptr = 8
    al = {"i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 4, "i128": 4, "half": 2, "bfloat": 2,
          "float": 4, "double": 8, "x86_fp80": 16, "fp128": 16}
    for p in dl:
        q = re.fullmatch(r"p(?:0)?:(\d+):(\d+).*", p)
        if q:
            ptr = int(q.group(1)) // 8
            al["ptr"] = int(q.group(2)) // 8
        q = re.fullmatch(r"i(\d+):(\d+).*", p)
        if q:
            al["i" + q.group(1)] = int(q.group(2)) // 8
        q = re.fullmatch(r"f(\d+):(\d+).*", p)
        if q:
            al[{"16": "half", "32": "float", "64": "double", "80": "x86_fp80", "128": "fp128"}[q.group(1)]] = \
                int(q.group(2)) // 8
    al.setdefault("ptr", ptr)
    size = {"ptr": ptr, "half": 2, "bfloat": 2, "float": 4, "double": 8, "x86_fp80": 10, "fp128": 16}

    def store_size(t):
        if t in size:
            return size[t]
        return (int(t[1:]) + 7) // 8
    return ptr, {t: (store_size(t), al.get(t, 1)) for t in list(al) + ["ptr"]}, store_size


def functions(ll):
    """{name: body text} of every definition."""
    out = {}
    for m in re.finditer(r'^define [^@]*@"?([^"(]+)"?\((.*?)^}', ll, re.M | re.S):
        out[m.group(1)] = m.group(0)
    return out


def deref(ll, fn):
    m = re.search(r'^define [^@]*@"?%s\.resume"?\(ptr [^,)]*dereferenceable\((\d+)\)' % re.escape(fn), ll, re.M)
    return int(m.group(1)) if m else None


def check_function(body, base, frame, store_size, errs, stats):
    fields = frame["fields"]
    geps = {base: 0}
    for m in re.finditer(r"^\s*(%[\w.]+) = getelementptr inbounds i8, ptr " + re.escape(base) + r", i\d+ (-?\d+)$",
                         body, re.M):
        geps[m.group(1)] = int(m.group(2))
    for off in geps.values():
        stats["geps"] += 1
        if not any(f["offset"] <= off < f["offset"] + max(f["size"], 1) for f in fields):
            errs.append("offset %d is in no reported field" % off)
    acc = re.compile(r"^\s*(?:%[\w.]+ = load (?:volatile )?([^,]+), ptr (%[\w.]+)|store (?:volatile )?"
                     r"(\S+) [^,]+, ptr (%[\w.]+))(?:, align (\d+))?", re.M)
    for m in acc.finditer(body):
        ty, p = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        if p not in geps:
            continue
        off, a = geps[p], int(m.group(5) or 1)
        stats["accesses"] += 1
        if off % a or a > frame["align"]:
            errs.append("%s at %d with align %d (frame align %d)" % (ty, off, a, frame["align"]))
        if not SCALAR.match(ty):
            stats["aggregate"] += 1
            continue
        n = store_size(ty)
        if off + n > frame["size"]:
            errs.append("%s at %d reaches past the reported size %d" % (ty, off, frame["size"]))
        if not any(f["offset"] <= off and off + n <= f["offset"] + f["size"] for f in fields):
            errs.append("%s (%d bytes) at %d fits no reported field" % (ty, n, off))


def check_frame(frame, funcs, ll, store_size):
    errs, stats = [], {"geps": 0, "accesses": 0, "aggregate": 0, "realigned": False}
    fn = frame["function"]
    for f in frame["fields"]:
        m = re.search(r"\balloca\b.*, align (\d+)", f.get("value") or "")
        # Aligned above the frame: placed in the __realigned region at an
        # offset from a base aligned at run time, not from the frame.
        if f["kind"] in ("alloca", "promise") and m and int(m.group(1)) > frame["align"]:
            stats["realigned"] = True
        elif f["kind"] in ("alloca", "promise") and m and f["offset"] % int(m.group(1)):
            errs.append("alloca %s at %d, its alignment %s" % (f["name"], f["offset"], m.group(1)))
    for suffix in (".resume", ".destroy", ".cleanup"):
        body = funcs.get(fn + suffix)
        if body:
            check_function(body, "%frame", frame, store_size, errs, stats)
    ramp = funcs.get(fn)
    m = re.search(r"store ptr @\"?%s\.resume\"?, ptr (%%[\w.]+)" % re.escape(fn), ramp or "")
    if m:
        check_function(ramp, m.group(1), frame, store_size, errs, stats)
    d = deref(ll, fn)
    if d is not None and d != frame["size"]:
        errs.append("clones promise dereferenceable(%d), report says %d" % (d, frame["size"]))
    return errs, stats


def main(argv):
    args = argv[1:]
    if not args or len(args) % 3:
        sys.exit(__doc__)
    nframes = nbad = mine = theirs = smaller = equal = larger = larger_realigned = 0
    tot = {"geps": 0, "accesses": 0, "aggregate": 0}
    nrealigned = 0
    for i in range(0, len(args), 3):
        report, low, ref = (open(x).read() for x in args[i:i + 3])
        _, _, store_size = layout(low)
        funcs = functions(low)
        for fr in json.loads(report)["frames"]:
            if fr["abi"] != "switch":
                continue
            errs, st = check_frame(fr, funcs, low, store_size)
            for k in tot:
                tot[k] += st[k]
            nrealigned += st["realigned"]
            ls = deref(ref, fr["function"])
            nframes += 1
            nbad += bool(errs)
            cmp = "LLVM -"
            if ls is not None:
                mine, theirs = mine + fr["size"], theirs + ls
                smaller += fr["size"] < ls
                equal += fr["size"] == ls
                larger += fr["size"] > ls
                larger_realigned += fr["size"] > ls and st["realigned"]
                cmp = "LLVM %d" % ls
            print("%s %s: size %d align %d, %d fields, %d frame pointers, %d accesses; %s%s" % (
                "FAIL" if errs else "ok", fr["function"], fr["size"], fr["align"], len(fr["fields"]),
                st["geps"], st["accesses"], cmp, "; " + "; ".join(errs[:4]) if errs else ""))
    print("frames: %d checked (%d realigning locals aligned above the allocator's), %d with a layout mismatch; "
          "%d frame pointers, %d accesses (%d of aggregate type, bounds unchecked); sizes against LLVM's: "
          "%d smaller, %d equal, %d larger (%d of them realigning), bytes %d / %d"
          % (nframes, nrealigned, nbad, tot["geps"], tot["accesses"], tot["aggregate"], smaller, equal, larger,
             larger_realigned, mine, theirs))
    return 1 if nbad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
