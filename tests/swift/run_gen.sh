#!/usr/bin/env bash
# Differential campaign: random Swift async programs (gen_swift.py), each
# built natively by swiftc and through the lowering command under test,
# outputs compared (run_swift.sh does the building and comparing).
#
# Usage:
#   run_gen.sh --lower 'CMD' --seeds A-B [--modes LIST] [--size N]
#              [--disable F1,F2] [--batch N] [--jobs|-j N] [--workdir DIR]
#              [--split-modes]
#
# CMD, --modes and -j are run_swift.sh's (default modes: Onone-O0,O-O2).
# Programs are generated and run in batches of --batch seeds (default 40).
# --split-modes runs seed S in mode number S mod (number of modes) only, with
# the native reference at that mode's Swift level only: a campaign's cost
# per program drops to one native build, one IR, one lowering and one run.
# Every failing case is classified: a failure showing the signature of a
# known library bug (the `#! tag REGEX` lines of xfail.txt) is counted
# under that bug; any other failure is a mismatch. A program whose native
# -Onone and -O builds disagree, or that swiftc rejects, is a generator
# defect.
#
# Output: one line per program that did not pass everywhere (`KNOWN seed
# tag`, `MISMATCH seed: first failure`, `GENBUG seed: reason`), then a
# summary with the exact counts. Exit status 1 on a mismatch or a generator
# defect, 77 if swiftc is missing (nothing ran), 2 on a usage error.
# The sources and artifacts of mismatches and generator defects are kept
# under the work directory (a mktemp directory unless --workdir is given);
# everything else is deleted as the campaign goes.
set -euo pipefail

usage() {
  sed -n '2,/^set -euo/p' "$0" | sed -e '/^set -euo/d' -e 's/^# \{0,1\}//' >&2
  exit 2
}

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
lower_cmd=""
seeds=""
modes="Onone-O0,O-O2"
size=4
disable=""
batch=40
jobs=2
workdir=""
split=0
while [ $# -gt 0 ]; do
  case "$1" in
    --lower) [ $# -ge 2 ] || usage; lower_cmd=$2; shift 2 ;;
    --seeds) [ $# -ge 2 ] || usage; seeds=$2; shift 2 ;;
    --modes) [ $# -ge 2 ] || usage; modes=$2; shift 2 ;;
    --size) [ $# -ge 2 ] || usage; size=$2; shift 2 ;;
    --disable) [ $# -ge 2 ] || usage; disable=$2; shift 2 ;;
    --batch) [ $# -ge 2 ] || usage; batch=$2; shift 2 ;;
    --jobs|-j) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
    --workdir) [ $# -ge 2 ] || usage; workdir=$2; shift 2 ;;
    --split-modes) split=1; shift ;;
    -h|--help) usage ;;
    *) echo "run_gen.sh: unknown argument: $1" >&2; usage ;;
  esac
done
[ -n "$lower_cmd" ] || { echo "run_gen.sh: --lower is required" >&2; usage; }
case "$seeds" in
  *-*) first=${seeds%-*}; last=${seeds#*-} ;;
  *) echo "run_gen.sh: --seeds A-B is required" >&2; usage ;;
esac
case "$first$last$batch" in *[!0-9]*|'') echo "run_gen.sh: bad --seeds or --batch" >&2; exit 2 ;; esac
[ "$first" -le "$last" ] || { echo "run_gen.sh: empty seed range" >&2; exit 2; }

if [ -n "$workdir" ]; then
  mkdir -p "$workdir"; work=$(cd "$workdir" && pwd)
else
  work=$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/swiftgen.XXXXXX")
fi
IFS=',' read -r -a mode_list <<< "$modes"
gen_flags=(--size "$size")
[ -z "$disable" ] || gen_flags+=(--disable "$disable")

# Known bugs' signatures: tag -> regex, from xfail.txt.
declare -A sig=()
while read -r hash tag re; do
  [ "$hash" = "#!" ] && sig[$tag]=$re
done < <(grep '^#! ' "$script_dir/xfail.txt")

programs=0 passed=0 mismatches=0 genbugs=0
declare -A known=() keep=()
echo "# gen_swift.py seeds $first-$last ${gen_flags[*]}; modes $modes$([ "$split" = 1 ] && echo ' (split: one per seed)'); lowering: $lower_cmd"

for ((b = first; b <= last; b += batch)); do
  e=$((b + batch - 1)); [ "$e" -le "$last" ] || e=$last
  bdir="$work/batch.$b"
  rm -rf "$bdir"; mkdir -p "$bdir/programs"
  for ((s = b; s <= e; s++)); do
    python3 "$script_dir/gen_swift.py" "$s" "${gen_flags[@]}" -o "$bdir/programs/gen_$s.swift"
  done
  : >"$bdir/results.txt"
  if [ "$split" = 1 ]; then
    # Seed s runs in mode number s mod (number of modes) only.
    run_sets=()
    for i in "${!mode_list[@]}"; do
      mkdir -p "$bdir/m$i"
      for ((s = b; s <= e; s++)); do
        [ $((s % ${#mode_list[@]})) = "$i" ] && ln -s "$bdir/programs/gen_$s.swift" "$bdir/m$i/"
      done
      [ -n "$(ls -A "$bdir/m$i")" ] && run_sets+=("$i")
    done
  else
    run_sets=(all)
  fi
  for i in "${run_sets[@]}"; do
    if [ "$i" = all ]; then pdir="$bdir/programs"; m=$modes; extra=()
    else pdir="$bdir/m$i"; m=${mode_list[$i]}; extra=(--native-needed); fi
    rc=0
    "$script_dir/run_swift.sh" --lower "$lower_cmd" --label lower --modes "$m" "${extra[@]}" \
      --programs "$pdir" --xfail '' --workdir "$bdir/work" -j "$jobs" \
      >>"$bdir/results.txt" 2>"$bdir/stderr.txt" || rc=$?
    if [ "$rc" = 77 ]; then
      cat "$bdir/results.txt"; cat "$bdir/stderr.txt" >&2; exit 77
    fi
    if [ "$rc" != 0 ] && [ "$rc" != 1 ]; then
      echo "run_gen.sh: run_swift.sh exited with $rc on seeds $b-$e (see $bdir)" >&2; exit 1
    fi
  done
  for ((s = b; s <= e; s++)); do
    n="gen_$s"
    programs=$((programs + 1))
    fails=$(grep -E "^FAIL $n " "$bdir/results.txt" || true)
    if [ -z "$fails" ]; then
      if [ "$(grep -cE "^PASS $n " "$bdir/results.txt")" -gt 0 ]; then
        passed=$((passed + 1)); continue
      fi
      fails="FAIL $n: no result"
    fi
    case "$fails" in
      *"is not deterministic"*|*"native build"*|*"printed nothing"*|*"-emit-irgen at"*)
        genbugs=$((genbugs + 1)); keep[$s]=1
        echo "GENBUG $s: $(head -n 1 <<< "$fails" | cut -c1-200)"; continue ;;
    esac
    # Known only if every failing case of the program shows one signature.
    tag_all=""
    while IFS= read -r line; do
      mode=$(awk '{print $4}' <<< "$line"); mode=${mode%:}
      text="$line"$'\n'"$(cat "$bdir/work/$n/lower.${mode%-*}.lower.log" 2>/dev/null || true)"
      t=""
      for k in "${!sig[@]}"; do
        if grep -Eq -- "${sig[$k]}" <<< "$text"; then t=$k; break; fi
      done
      if [ -z "$t" ]; then tag_all="-"; break; fi
      [ -z "$tag_all" ] && tag_all=$t
      [ "$tag_all" = "$t" ] || tag_all="$tag_all+$t"
    done <<< "$fails"
    if [ "$tag_all" = "-" ]; then
      mismatches=$((mismatches + 1)); keep[$s]=1
      echo "MISMATCH $s: $(head -n 1 <<< "$fails" | cut -c1-240)"
    else
      known[$tag_all]=$(( ${known[$tag_all]:-0} + 1 ))
      echo "KNOWN $s $tag_all"
    fi
  done
  # Keep only the mismatches' and generator defects' files.
  for ((s = b; s <= e; s++)); do
    [ -n "${keep[$s]:-}" ] || rm -rf "$bdir/work/gen_$s" "$bdir/programs/gen_$s.swift"
  done
  [ -n "$(ls -A "$bdir/programs")" ] || rm -rf "$bdir"
done

ktotal=0
for k in "${!known[@]}"; do ktotal=$((ktotal + known[$k])); done
echo "# $programs programs: $passed passed in every mode, $ktotal failed only by known bugs, $mismatches mismatches, $genbugs generator defects"
for k in $(printf '%s\n' "${!known[@]}" | sort); do
  echo "#   known [$k]: ${known[$k]}"
done
if [ "$mismatches" -ne 0 ] || [ "$genbugs" -ne 0 ]; then
  echo "run_gen.sh: failures kept in $work" >&2
  exit 1
fi
if [ -z "$workdir" ]; then rm -rf "$work"; fi
exit 0
