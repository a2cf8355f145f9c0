#!/usr/bin/env bash
# Random C++20 coroutine programs (tests/difffuzz/gen_cpp.py) built by
# clang++-22 with the corolower pass plugin in clang's own pipeline: the
# same checks as the e2e programs (run_plugin_e2e.sh: output and exit code
# as clang's own -O2 build, no corolower diagnostic, every coroutine of the
# program in the frame report), one program per seed. gen_cpp.py's
# programs differ from the e2e ones in what they mix: handoff awaiters,
# fire-and-forget frames, over-aligned and escaping locals, exceptions
# across suspends, destroy at any suspend point.
#
# Usage: run_plugin_fuzz.sh --plugin SO --seeds A:B
#            [--modes O0,O1,O2,O3,asan-O0,asan-O2] [--size N] [--jobs N]
#            [--workdir DIR] [--files CASE.cpp...]
# --files runs saved reproducers (tests/plugin/regressions/*.cpp, which
# include gen_cpp.py's prelude by a relative path) instead of seeds.
# Output and exit status as run_plugin_e2e.sh's.
set -euo pipefail
export PYTHONDONTWRITEBYTECODE=1

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
fuzz=$here/../difffuzz
plugin="" seeds="" modes="O0,O1,O2,O3" size=6 jobs=2 workdir="" files=()
while [ $# -gt 0 ]; do
  case "$1" in
    --plugin) plugin=$2; shift 2 ;;
    --seeds) seeds=$2; shift 2 ;;
    --modes) modes=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --workdir) workdir=$2; shift 2 ;;
    --files) shift; while [ $# -gt 0 ] && [[ "$1" != --* ]]; do files+=("$1"); shift; done ;;
    *) sed -n '2,/^set -euo/p' "$0" >&2; exit 2 ;;
  esac
done
[ -n "$seeds" ] || [ ${#files[@]} -gt 0 ] || { echo "run_plugin_fuzz.sh: --seeds or --files" >&2; exit 2; }
if [ -n "$workdir" ]; then mkdir -p "$workdir"; work=$(cd "$workdir" && pwd)
else work=$(mktemp -d "${TEST_TMPDIR:-/tmp}/plugin_fuzz.XXXXXX"); fi
# Only this run's programs (a --workdir reused for other seeds keeps the
# references of its programs under runs/, not the programs themselves).
rm -rf "$work/programs"
mkdir -p "$work/programs"

# The programs, each self-contained (the prelude expanded in place, so the
# file compiles from any directory).
python3 - "$fuzz" "$work/programs" "$seeds" "$size" "${files[@]}" <<'PY'
import os, sys
sys.path.insert(0, sys.argv[1])
import gen_cpp
out, seeds, size, files = sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5:]
progs = {}
if seeds:
    a, b = map(int, seeds.split(":"))
    for s in range(a, b):
        progs["cpp_%d" % s] = gen_cpp.program(s, size)[0]
for f in files:
    progs[os.path.basename(f)[:-len(".cpp")]] = open(f).read()
for name, text in progs.items():
    with open(os.path.join(out, name + ".cpp"), "w") as fh:
        fh.write(gen_cpp.expand_prelude(text))
PY

rc=0
E2E_PROGRAMS=$work/programs "$here/run_plugin_e2e.sh" --plugin "$plugin" --modes "$modes" \
  --jobs "$jobs" --workdir "$work/runs" || rc=$?
if [ "$rc" -eq 0 ] && [ -z "$workdir" ]; then rm -rf "$work"; fi
[ "$rc" -eq 0 ] || echo "run_plugin_fuzz.sh: artifacts kept in $work" >&2
exit "$rc"
