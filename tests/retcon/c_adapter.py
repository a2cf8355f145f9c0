#!/usr/bin/env python3
"""Writes the IR adapters a retcon case's C driver calls the case through.

Usage: c_adapter.py MODULE.ll DRIVER.c|.cpp  (the adapter module on stdout)

The case modules return results as the IR says (`{ptr, i32}` and the like
come back in registers), while C compilers return most structs in memory on
i686, ARM and SystemZ and expect narrow integers extended on SystemZ, POWER
and RISC-V. So a driver never calls the case's functions or continuations
directly: for every name it uses of the form

  rt_call_F(out, args...)      calls @F(args...)
  rt_via_F(out, fn, args...)   calls fn(args...), fn of @F's type (a
                               continuation, through its prototype @F)

this script writes a function of that name that makes the call in IR with
@F's return type, calling convention and parameter attributes, and stores
the result through `out` (a pointer to a C struct with the same fields; no
`out` when @F returns void). Its parameters carry no extension attributes,
so it assumes nothing of what the C caller extended. The adapter is
target-independent: the runner adds the target lines and compiles it
beside the lowered module, so the lowering's input and output are the
case's own.

Exit status 1, with a message on stderr, when a name has no @F in the
module or @F's signature cannot be called from C this way.
"""
import re
import sys

# Parameter attributes that change how a value is passed: kept on the call.
ABI_ATTRS = {"zeroext", "signext", "inreg", "swiftself", "swiftasync"}
# Parameter attributes the adapter cannot reproduce from a plain C argument.
REFUSED_ATTRS = ("swifterror", "sret", "byval", "inalloca", "preallocated",
                 "byref", "nest")
OPEN, CLOSE = "({[<", ")}]>"


class AdapterError(Exception):
    pass


def balanced_end(text, start):
    """Index just past the bracket group opening at text[start]."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] in OPEN:
            depth += 1
        elif text[i] in CLOSE:
            depth -= 1
            if depth == 0:
                return i + 1
    raise AdapterError("unbalanced brackets in: " + text)


def split_top(text):
    """Splits a parameter list at the commas outside brackets."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in OPEN:
            depth += 1
        elif ch in CLOSE:
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def leading_type(text):
    """(type, rest) for text starting with an IR type."""
    if text[0] in "{[<":
        end = balanced_end(text, 0)
        return text[:end], text[end:].strip()
    word = text.split()[0]
    return word, text[len(word):].strip()


def trailing_type(text):
    """(prefix, type) for text ending with an IR type."""
    text = text.rstrip()
    if text and text[-1] in CLOSE:
        depth = 0
        for i in range(len(text) - 1, -1, -1):
            if text[i] in CLOSE:
                depth += 1
            elif text[i] in OPEN:
                depth -= 1
                if depth == 0:
                    return text[:i].rstrip(), text[i:]
        raise AdapterError("unbalanced brackets in: " + text)
    cut = text.rfind(" ")
    return text[:cut].rstrip(), text[cut + 1:]


def find_signature(module, name):
    """(calling convention, return type, [(type, abi attrs)]) of @name."""
    pattern = re.compile(r"^(define|declare)\s(.*?)@" + re.escape(name) + r"\(")
    for line in module.splitlines():
        m = pattern.match(line)
        if not m:
            continue
        prefix, ret = trailing_type(m.group(2))
        words = prefix.split()
        if "internal" in words or "private" in words:
            raise AdapterError("@%s is local to the module" % name)
        cc = " ".join(w for w in words if w.endswith("cc") or w.startswith("cc"))
        open_at = m.end() - 1
        params = []
        for p in split_top(line[open_at + 1:balanced_end(line, open_at) - 1]):
            if p == "...":
                raise AdapterError("@%s is variadic" % name)
            ty, rest = leading_type(p)
            attrs = [a for a in rest.split() if not a.startswith("%")]
            for a in attrs:
                if a.split("(")[0] in REFUSED_ATTRS:
                    raise AdapterError("@%s has a %s parameter" % (name, a))
            params.append((ty, " ".join(a for a in attrs if a in ABI_ATTRS)))
        return cc, ret, params
    raise AdapterError("no @%s in the module" % name)


def adapter(kind, name, sig):
    cc, ret, params = sig
    head, args = [], []
    if ret != "void":
        head.append("ptr %out")
    callee = "@" + name
    if kind == "via":
        head.append("ptr %fn")
        callee = "%fn"
    for i, (ty, attrs) in enumerate(params):
        head.append("%s %%a%d" % (ty, i))
        args.append(" ".join(w for w in (ty, attrs, "%%a%d" % i) if w))
    call = "call %s%s %s(%s)" % (cc + " " if cc else "", ret, callee, ", ".join(args))
    body = ["define void @rt_%s_%s(%s) {" % (kind, name, ", ".join(head))]
    if ret == "void":
        body.append("  " + call)
    else:
        body.append("  %r = " + call)
        body.append("  store %s %%r, ptr %%out" % ret)
    body += ["  ret void", "}"]
    if kind == "call":
        decl = " ".join(w for w in (cc, ret) if w)
        body.append("declare %s @%s(%s)" % (
            decl, name, ", ".join(" ".join(w for w in p if w) for p in params)))
    return "\n".join(body)


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: c_adapter.py MODULE.ll DRIVER\n")
        return 2
    with open(argv[1]) as f:
        module = f.read()
    with open(argv[2]) as f:
        driver = f.read()
    wanted = sorted(set(re.findall(r"\brt_(call|via)_([A-Za-z0-9_]+)", driver)))
    out = ["; C adapters for %s (c_adapter.py)" % argv[2].split("/")[-1]]
    # Named types the signatures may use, as the module defines them.
    out += [l for l in module.splitlines() if re.match(r"^%[-\w.$]+ = type ", l)]
    try:
        for kind, name in wanted:
            out.append(adapter(kind, name, find_signature(module, name)))
    except AdapterError as e:
        sys.stderr.write("c_adapter.py: %s: %s\n" % (argv[1], e))
        return 1
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
