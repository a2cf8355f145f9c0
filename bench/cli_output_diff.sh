#!/usr/bin/env bash
# Byte-for-byte comparison of two builds of the CLI on the lit corpus
# (tests/lit/*.ll and tests/lit/Inputs/*.ll), each input lowered with no
# flag, --keep-elision-markers and --prefer-small-frames; prints each input
# whose output (or exit code) differs, then the counts, and checks every
# output of the new build with opt-22 -passes=verify.
#
# Usage: bench/cli_output_diff.sh OLD_CLI NEW_CLI [SCRATCH_DIR]
# e.g. (old build copied aside from a checkout of the base branch):
#   bench/cli_output_diff.sh /tmp/corolower.base bazel-bin/corolower
set -euo pipefail
old=${1:?usage: cli_output_diff.sh OLD_CLI NEW_CLI [SCRATCH_DIR]}
new=${2:?usage: cli_output_diff.sh OLD_CLI NEW_CLI [SCRATCH_DIR]}
here=$(cd "$(dirname "$0")/.." && pwd)
out=${3:-$(mktemp -d)}
mkdir -p "$out"
same=0 differ=0 unverified=0
while IFS= read -r f; do
  for flags in "" "--keep-elision-markers" "--prefer-small-frames"; do
    k=$(basename "$f" .ll)${flags//-/}
    ro=0 rn=0
    "$old" "$f" -S -o "$out/$k.old.ll" $flags >/dev/null 2>"$out/$k.old.err" || ro=$?
    "$new" "$f" -S -o "$out/$k.new.ll" $flags >/dev/null 2>"$out/$k.new.err" || rn=$?
    if [ "$ro" = "$rn" ] && { [ "$ro" != 0 ] || cmp -s "$out/$k.old.ll" "$out/$k.new.ll"; }; then
      same=$((same + 1))
    else
      differ=$((differ + 1)); echo "DIFF $f [$flags] exit $ro/$rn"
    fi
    if [ "$rn" = 0 ] && ! opt-22 -passes=verify -disable-output "$out/$k.new.ll" 2>/dev/null; then
      unverified=$((unverified + 1)); echo "UNVERIFIED $f [$flags]"
    fi
  done
done < <(find "$here/tests/lit" -name '*.ll' | sort)
echo "same=$same differ=$differ unverified=$unverified (outputs in $out)"
