#!/bin/sh
# Compiles every core header alone as a C11 translation unit, so a header that
# leans on an include it does not make itself, or on a C++-only or GNU-only
# construct, fails here rather than in some user's build.
set -u
dir="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-corolower}/core"
[ -d "$dir" ] || dir="$(dirname "$0")"
cc="${CC:-cc}"
status=0
count=0
for h in "$dir"/*.h; do
  [ -e "$h" ] || continue
  count=$((count + 1))
  if ! "$cc" -std=c11 -Wall -Wextra -Werror -fsyntax-only -x c "$h"; then
    echo "FAIL: $h does not compile alone as C11" >&2
    status=1
  fi
done
if [ "$count" -eq 0 ]; then
  echo "FAIL: no headers found in $dir" >&2
  exit 1
fi
echo "checked $count headers"
exit $status
