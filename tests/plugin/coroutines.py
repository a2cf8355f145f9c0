#!/usr/bin/env python3
"""Frame reports against the coroutines a program has.

  coroutines.py list IR.ll
      the presplit coroutines defined in front-end IR, one per line
  coroutines.py check REPORT.json IR.ll [N]
      REPORT holds N (default 1) JSON documents {"frames": [...]}, as the
      plugin appends them, one per translation unit, and lists every
      coroutine of IR; exit 1, saying what is missing, otherwise
  coroutines.py check-all REPORT.json IR.ll...
      the same for several translation units appending to one REPORT:
      one document per IR, every coroutine of each listed
"""
import json
import re
import sys


def presplit_coroutines(ir_path):
    text = open(ir_path, encoding="utf-8").read()
    groups = set(re.findall(r"^attributes #(\d+) = \{[^}]*\bpresplitcoroutine\b",
                            text, re.M))
    names = []
    for m in re.finditer(r"^define [^@]*@(\"[^\"]+\"|[\w.$]+)\(.*\)([^{]*)\{", text, re.M):
        attrs = m.group(2)
        refs = set(re.findall(r"#(\d+)", attrs))
        if "presplitcoroutine" in attrs or refs & groups:
            names.append(m.group(1).strip('"'))
    return names


def documents(path):
    """The concatenated JSON documents of a report file."""
    text = open(path, encoding="utf-8").read()
    dec = json.JSONDecoder()
    i, docs = 0, []
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i == len(text):
            return docs
        doc, i = dec.raw_decode(text, i)
        docs.append(doc)


def main(argv):
    if len(argv) == 3 and argv[1] == "list":
        print("\n".join(presplit_coroutines(argv[2])))
        return 0
    if len(argv) in (4, 5) and argv[1] == "check":
        want_docs = int(argv[4]) if len(argv) == 5 else 1
        try:
            docs = documents(argv[2])
        except OSError as e:
            print(f"no frame report: {e.strerror}")
            return 1
        if len(docs) != want_docs:
            print(f"{argv[2]}: {len(docs)} reports, expected {want_docs}")
            return 1
        reported = {f["function"] for d in docs for f in d["frames"]}
        missing = [c for c in presplit_coroutines(argv[3]) if c not in reported]
        if not presplit_coroutines(argv[3]):
            print(f"{argv[3]}: no coroutine found (the check would prove nothing)")
            return 1
        if missing:
            print("not in the frame report (not lowered by corolower): " + " ".join(missing))
            return 1
        return 0
    if len(argv) >= 4 and argv[1] == "check-all":
        docs = documents(argv[2])
        if len(docs) != len(argv) - 3:
            print(f"{argv[2]}: {len(docs)} reports, expected {len(argv) - 3}")
            return 1
        reported = {f["function"] for d in docs for f in d["frames"]}
        missing = [c for ir in argv[3:] for c in presplit_coroutines(ir)
                   if c not in reported]
        if missing:
            print("not in the frame report: " + " ".join(missing))
            return 1
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
