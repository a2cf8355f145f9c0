#!/bin/bash
# Bazel's entry to the shape tests: runs LLVM's lit (PyPI's `lit`, installed
# by tools/setup.sh) over every test beside this script, with corolower from
# the runfiles and FileCheck and opt of LLVM 22 (Debian's llvm-22-tools).
# lit exits non-zero when any test fails; its scratch files go to
# TEST_TMPDIR. The RUN lines of each test are in the test (see lit.cfg.py).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
corolower=$(cd "$here/../.." && pwd)/corolower
if command -v lit >/dev/null; then
  lit=(lit)
elif python3 -c 'import lit' 2>/dev/null; then
  lit=(python3 -c 'import sys; from lit.main import main; sys.argv[0] = "lit"; main()')
else
  echo "lit_test: lit is not installed (run tools/setup.sh, or pip install lit)" >&2
  exit 2
fi
exec "${lit[@]}" -sv --param corolower="$corolower" "$here"
