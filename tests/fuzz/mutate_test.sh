#!/bin/bash
# Runs mutate.py over the repository's hand-written coroutines (see BUILD).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
exec python3 -B "$here/mutate.py" "$root/corolower" 20261121 400 \
  "$root"/examples/*.ll "$root"/tests/lit/*.ll "$root"/tests/seeds/*.ll \
  "$root"/tests/malformed/inputs/*.ll
