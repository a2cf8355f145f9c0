"""corolower's switched-resume frames against LLVM's, for one target.

Usage: frames.py TARGET (NAME REPORT.json LLVM.ll INPUT.ll)...

For each program: every coroutine in corolower's JSON frame report whose
clones LLVM also made; LLVM's frame size is the dereferenceable(N) on its
NAME.resume. corolower's must be no larger, unless it holds locals aligned
above what the allocator guarantees (a "realigned" field): LLVM's layout
then assumes an allocation with the frame's alignment, which malloc does
not give, and corolower's realigns at run time at a cost of at most the
alignment (counted apart, as README.md says). Its header must sit where
LLVM's ABI puts it: the resume pointer at 0, the destroy pointer one
pointer on, the promise at alignTo(2 pointers, the promise's alignment).
Prints PASS/FAIL per program, then a `frames:` summary line.
"""
import json
import re
import sys


def pointer_size(ll_text):
    m = re.search(r'^target datalayout = "([^"]*)"', ll_text, re.M)
    if m:
        for part in m.group(1).split("-"):
            p = re.fullmatch(r"p(?:0)?:(\d+):.*", part)
            if p:
                return int(p.group(1)) // 8
    return 8


def llvm_sizes(ll_text):
    """{coroutine: dereferenceable bytes of its .resume clone}"""
    sizes = {}
    pat = re.compile(r'^define [^@]*@"?([^"(]+)\.resume"?\(ptr [^,)]*dereferenceable\((\d+)\)', re.M)
    for m in pat.finditer(ll_text):
        sizes[m.group(1)] = int(m.group(2))
    return sizes


def align_to(x, a):
    return (x + a - 1) // a * a


def header_errors(frame, ptr):
    errs = []
    by_name = {f["name"]: f for f in frame["fields"]}
    r, d = by_name.get("__resume_fn"), by_name.get("__destroy_fn")
    if not r or r["offset"] != 0:
        errs.append("resume pointer not at 0")
    if not d or d["offset"] != ptr:
        errs.append("destroy pointer not at %d" % ptr)
    for f in frame["fields"]:
        if f["kind"] == "promise" and f["offset"] != align_to(2 * ptr, f["align"]):
            errs.append("promise at %d, LLVM's at %d" % (f["offset"], align_to(2 * ptr, f["align"])))
    return errs


def main(argv):
    target, rest = argv[1], argv[2:]
    total = smaller = equal = larger = realigned = bad_header = 0
    ok = True
    for k in range(0, len(rest), 4):
        name, report, llvm_ll, input_ll = rest[k:k + 4]
        with open(input_ll) as fh:
            ptr = pointer_size(fh.read())
        with open(llvm_ll) as fh:
            llvm = llvm_sizes(fh.read())
        with open(report) as fh:
            frames = json.load(fh)["frames"]
        notes = []
        n = 0
        for fr in frames:
            if fr["abi"] != "switch" or fr["function"] not in llvm:
                continue
            n += 1
            mine, theirs = fr["size"], llvm[fr["function"]]
            if mine < theirs:
                smaller += 1
            elif mine == theirs:
                equal += 1
            elif any(f["kind"] == "realigned" for f in fr["fields"]):
                realigned += 1
            else:
                larger += 1
                notes.append("%s: %d bytes, LLVM's %d" % (fr["function"], mine, theirs))
            errs = header_errors(fr, ptr)
            if errs:
                bad_header += 1
                notes.append("%s: %s" % (fr["function"], "; ".join(errs)))
        total += n
        if notes:
            ok = False
            print("FAIL %s frames %s: %s" % (target, name, " | ".join(notes)))
        else:
            print("PASS %s frames %s: %d coroutines, none larger than LLVM's but to realign, header as LLVM's"
                  % (target, name, n))
    print("%s %s frames: %d coroutines: %d smaller than LLVM's, %d equal, %d larger (+%d realigning "
          "over-aligned locals LLVM leaves misaligned); %d headers off"
          % ("PASS" if ok and total else "FAIL", target, total, smaller, equal, larger, realigned,
             bad_header))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
