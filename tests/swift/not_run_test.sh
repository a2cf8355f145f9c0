#!/usr/bin/env bash
# Without a working swiftc the Swift suites must say that they did not run
# and exit with 77 (never pass silently): run_swift.sh and run_gen.sh, with
# SWIFTC naming a missing file and with one naming a program that fails.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tmp=$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/notrun.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
printf '#!/bin/sh\nexit 3\n' >"$tmp/broken-swiftc"
chmod +x "$tmp/broken-swiftc"
fail=0
check() {
  local what=$1; shift
  local rc=0
  "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
  if [ "$rc" != 77 ]; then
    echo "FAIL $what: exit status $rc, expected 77"; fail=1; return
  fi
  if ! grep -q 'did not run' "$tmp/out" || ! grep -q 'did NOT run' "$tmp/err"; then
    echo "FAIL $what: no 'did not run' message"; cat "$tmp/out" "$tmp/err"; fail=1; return
  fi
  echo "PASS $what: $(head -n 1 "$tmp/out")"
}
check "run_swift.sh, no swiftc" env SWIFTC="$tmp/no-such-swiftc" \
  "$here/run_swift.sh" --lower 'cp {in} {out}'
check "run_swift.sh, broken swiftc" env SWIFTC="$tmp/broken-swiftc" \
  "$here/run_swift.sh" --lower 'cp {in} {out}'
check "run_gen.sh, no swiftc" env SWIFTC="$tmp/no-such-swiftc" \
  "$here/run_gen.sh" --lower 'cp {in} {out}' --seeds 1-1 --workdir "$tmp/gen"
exit "$fail"
