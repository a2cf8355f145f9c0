#!/bin/bash
# Runs architecture.py over the sources in the runfiles (or the checkout).
set -u
root=${TEST_SRCDIR:+$TEST_SRCDIR/${TEST_WORKSPACE:-corolower}}
root=${root:-$(cd "$(dirname "$0")/../.." && pwd)}
PYTHON=${PYTHON:-$( [ -x /usr/bin/python3 ] && echo /usr/bin/python3 || command -v python3)}
exec "$PYTHON" -B "$root/tests/arch/architecture.py" "$root"
