#!/usr/bin/env python3
"""Where a callgrind profile's instructions go, as a markdown call tree.

Usage: cg_profile.py [--root FN] [--depth D] [--min-share P] [--top K]
                     [--label L]... FILE [FILE...]

Each FILE is a callgrind output file (e.g. from valgrind --tool=callgrind
--toggle-collect=bench_run_corolower). The tree starts at the function FN
(default: crl_lower_module) and lists, D levels deep (default 3), every callee
with at least P percent (default 1.0) of the last file's total: its inclusive
instructions in each file (the cost of the calls from its parent in the tree;
below the first level, the callee's cost from all its callers in that parent's
subtree is what callgrind records per caller-callee pair) and, with two or more
files, the growth last/first. Then the K (default 15) functions with the most
exclusive (self) instructions in the last file, with the same columns.

Labels (--label, one per FILE, e.g. N=1000 N=2000) name the columns.
Functions are matched by name without file and object ("crl_layout_run").
Needs callgrind_annotate (valgrind) on PATH.
"""
import argparse
import re
import subprocess
import sys

LINE = re.compile(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(\*|>|<)?\s*(.*)$")


def short(name):
    # "???:crl_x [/path/bin]" or "./file.c:fn [/lib]" or "fn (3x) [obj]"
    name = re.sub(r"\s*\[[^\]]*\]\s*$", "", name)
    name = re.sub(r"\s*\(\d[\d,]*x\)\s*$", "", name)
    if ":" in name and not name.startswith("llvm::") and "::" not in name.split(":", 1)[0]:
        head, tail = name.split(":", 1)
        if head == "???" or "/" in head or head.endswith((".c", ".S", ".h", ".cpp")):
            name = tail
    return name.strip()


def load(path):
    """Returns (total, calls: fn -> {callee: incl}, incl: fn -> incl,
    self_cost: fn -> exclusive)."""
    def annotate(extra):
        return subprocess.run(
            ["callgrind_annotate", "--threshold=100"] + extra + [path],
            check=True, capture_output=True, text=True).stdout

    tree = annotate(["--inclusive=yes", "--tree=calling"])
    flat = annotate(["--inclusive=no"])
    total = 0
    calls, incl = {}, {}
    cur = None
    for line in tree.splitlines():
        if "PROGRAM TOTALS" in line:
            total = int(line.split()[0].replace(",", ""))
            continue
        m = LINE.match(line)
        if not m:
            if not line.strip():
                cur = None
            continue
        cost = int(m.group(1).replace(",", ""))
        kind, name = m.group(2), short(m.group(3))
        if kind == "*":
            cur = name
            incl[name] = max(incl.get(name, 0), cost)
            calls.setdefault(name, {})
        elif kind == ">" and cur is not None:
            calls[cur][name] = calls[cur].get(name, 0) + cost
    self_cost = {}
    for line in flat.splitlines():
        m = LINE.match(line)
        if m and m.group(2) is None and "PROGRAM TOTALS" not in line:
            name = short(m.group(3))
            self_cost[name] = self_cost.get(name, 0) + int(m.group(1).replace(",", ""))
    return total, calls, incl, self_cost


def fmt(n):
    return "-" if n is None else "{:,}".format(n)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default="crl_lower_module")
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--min-share", type=float, default=1.0)
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--label", action="append", default=[])
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    labels = a.label if len(a.label) == len(a.files) else [
        "file %d" % (i + 1) for i in range(len(a.files))]
    profs = [load(f) for f in a.files]
    last_total = profs[-1][0]
    growth = len(profs) > 1

    head = "| function | " + " | ".join(labels) + " | share of last |"
    sep = "| --- | " + " | ".join("---:" for _ in labels) + " | ---: |"
    if growth:
        head = head[:-1] + "| growth |"
        sep += " ---: |"

    def row(name, costs, depth):
        last = costs[-1] or 0
        cells = [("&nbsp;&nbsp;" * depth) + "`" + name + "`"]
        cells += [fmt(c) for c in costs]
        cells.append("%.1f%%" % (100.0 * last / last_total if last_total else 0))
        if growth:
            f, l = costs[0], costs[-1]
            cells.append("%.2f" % (l / f) if f and l else "-")
        return "| " + " | ".join(cells) + " |"

    out = []
    out.append("Totals: " + ", ".join(
        "%s %s" % (lab, fmt(p[0])) for lab, p in zip(labels, profs)) + ".")
    out.append("")
    out.append(head)
    out.append(sep)
    out.append(row(a.root, [p[2].get(a.root) for p in profs], 0))

    def walk(fn, depth, path):
        if depth > a.depth:
            return
        kids = profs[-1][1].get(fn, {})
        for callee, cost in sorted(kids.items(), key=lambda kv: -kv[1]):
            if callee in path or 100.0 * cost / last_total < a.min_share:
                continue
            costs = [p[1].get(fn, {}).get(callee) for p in profs]
            out.append(row(callee, costs, depth))
            walk(callee, depth + 1, path | {callee})

    walk(a.root, 1, {a.root})
    out.append("")
    out.append("Most exclusive (self) instructions, last file:")
    out.append("")
    out.append(head.replace("share of last", "share of last (self)"))
    out.append(sep)
    top = sorted(profs[-1][3].items(), key=lambda kv: -kv[1])[:a.top]
    for name, _ in top:
        out.append(row(name, [p[3].get(name) for p in profs], 0))
    sys.stdout.write("\n".join(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
