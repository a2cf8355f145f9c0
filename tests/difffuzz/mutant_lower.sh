#!/bin/bash
# A deliberately broken lowering, to show the retcon/async fuzzers catch
# one: runs the corolower binary COROLOWER on IN and then drops,
# in each ramp (@cN of gen_retcon.py, @fN of gen_async.py), the last
# non-volatile store before its first `ret` (a frame spill, or a header
# store of an awaited callee's context).
#
# Usage: run_diff.py --gen retcon --seeds 0:20 \
#          --lower 'tests/difffuzz/mutant_lower.sh COROLOWER {in} {out}'
# Extra arguments after OUT (--frame-report=...) go to COROLOWER.
set -euo pipefail
bin=$1 in=$2 out=$3
shift 3
tmp=$out.unmutated.ll
"$bin" "$in" -S -o "$tmp" "$@"
python3 - "$tmp" "$out" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().split("\n")
out, i, dropped = [], 0, 0
ramp = False
last = None
for n, l in enumerate(lines):
    if l.startswith("define "):
        ramp = re.search(r"@[cf]\d+\(", l) is not None
        last, done = None, False
    if ramp and not done:
        if re.match(r"\s+store (?!volatile)", l):
            last = len(out)
        if re.match(r"\s+ret\b", l):
            done = True
            if last is not None:
                out[last] = "; dropped: " + out[last].strip()
                dropped += 1
    out.append(l)
open(sys.argv[2], "w").write("\n".join(out))
PY
rm -f "$tmp"
