#!/usr/bin/env bash
# The control lowering for run_swift.sh: LLVM 22's own coroutine passes on
# swiftc 6.3's IR, after llvm22_dialect.py has rewritten the LLVM 21 forms
# LLVM 22 rejects. always-inline follows, as in swiftc's own pipeline (its
# async tail-call helpers must be inlined before code generation).
# Usage: opt22_control.sh IN.ll OUT.ll
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: opt22_control.sh IN.ll OUT.ll" >&2; exit 2; }
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tmp="$2.llvm22.ll"
python3 "$here/llvm22_dialect.py" "$1" "$tmp"
"${OPT:-opt-22}" -S -passes='coro-early,cgscc(coro-split),coro-cleanup,always-inline' "$tmp" -o "$2"
rm -f "$tmp"
