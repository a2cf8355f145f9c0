#!/usr/bin/env python3
"""Functions of a textual LLVM module, comparable across modules.

The same function printed in two modules differs in the numbers of its
attribute groups (`#4`) and metadata nodes (`!19`), which depend on the rest
of the module. functions() writes each function's text with those
references replaced by what they refer to (metadata to a small depth, a
node's reference to itself as `!self`), so that a function left untouched
compares equal.

Usage: ir_text.py FILE NAME   prints function @NAME so written.
"""
import re
import sys

GROUPS = re.compile(r"^attributes (#\d+) = \{ (.*) \}$", re.M)
NODES = re.compile(r"^(![\d]+) = (.*)$", re.M)
DEFINE = re.compile(r'^define [^\n]*?@("[^"]+"|[-\w.$]+)\(.*?^\}$', re.M | re.S)


def _node_text(nodes, ref, depth, seen):
    body = nodes.get(ref)
    if body is None or depth == 0:
        return ref
    return re.sub(r"!\d+\b", lambda m: "!self" if m.group(0) in seen else
                  _node_text(nodes, m.group(0), depth - 1, seen | {m.group(0)}), body)


def functions(text):
    """{name: text} of every function defined in the module."""
    groups = dict(GROUPS.findall(text))
    nodes = dict(NODES.findall(text))
    out = {}
    for m in DEFINE.finditer(text):
        body = re.sub(r"#\d+\b", lambda g: groups.get(g.group(0), g.group(0)), m.group(0))
        body = re.sub(r"!\d+\b", lambda g: "{%s}" % _node_text(nodes, g.group(0), 3, {g.group(0)}), body)
        out[m.group(1).strip('"')] = body
    return out


if __name__ == "__main__":
    fns = functions(open(sys.argv[1]).read())
    if sys.argv[2] not in fns:
        sys.exit("no function @%s in %s" % (sys.argv[2], sys.argv[1]))
    print(fns[sys.argv[2]])
