#!/usr/bin/env python3
"""A Swift async function with N awaits, each result live to the end (the
shape of Swift issue 61948), plus a main that calls it.

Usage: gen_swift_awaits.py N [-o FILE]
"""
import argparse
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("n", type=int)
    ap.add_argument("-o", dest="out", default="-")
    a = ap.parse_args()
    n = a.n
    lines = ["@inline(never) func leaf(_ x: Int) async -> Int { return x &* 3 &+ 1 }",
             "",
             "@inline(never) func many(_ seed: Int) async -> Int {"]
    for i in range(n):
        prev = "seed" if i == 0 else "v%d" % (i - 1)
        lines.append("  let v%d = await leaf(%s &+ %d)" % (i, prev, i))
    # Every value is used after the last await: all live across all later ones.
    acc = "seed"
    lines.append("  var acc = seed")
    for i in range(n):
        lines.append("  acc = (acc &* 31) ^ v%d" % i)
    lines += ["  return acc", "}", "",
              "@main struct Main {",
              "  static func main() async { print(await many(7)) }",
              "}"]
    text = "\n".join(lines) + "\n"
    if a.out == "-":
        sys.stdout.write(text)
    else:
        with open(a.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
