#!/usr/bin/env bash
# Differential campaign: random Swift async programs (gen_swift.py), each
# built natively by swiftc and through the lowering command under test,
# outputs compared (run_swift.sh does the building and comparing).
#
# Usage:
#   run_gen.sh --lower 'CMD' --seeds A-B [--modes LIST] [--size N]
#              [--disable F1,F2] [--batch N] [--jobs|-j N] [--workdir DIR]
#              [--split-modes] [--combine N]
#
# CMD, --modes and -j are run_swift.sh's (default modes: Onone-O0,O-O2).
# Programs are generated and run in batches of --batch seeds (default 40).
# --split-modes runs seed S in mode number S mod (number of modes) only, with
# the native reference at that mode's Swift level only: a campaign's cost
# per program drops to one native build, one IR, one lowering and one run.
# --combine N generates N consecutive seeds into one file (gen_swift.py
# --combine: each seed's functions namespaced, each program printing its
# own output section), so one native build, one IR, one lowering and one
# clang-22 run serve N programs (the shared prelude and swiftc's start-up
# are paid once). With --split-modes, the k-th combined file of the
# campaign runs in mode number k mod (number of modes); a mode may be
# listed more than once to weight it. A combined file that passes passes
# for each of its seeds (equal output, section by section); one that fails
# names the seeds whose sections differ, and its seeds are run again alone
# (the same mode) and classified one by one as below; if every one of them
# passes alone the combined file itself is a mismatch. A combined file's
# native reference is built from the same -emit-irgen IR by swiftc's own
# back end (run_swift.sh --native-from-ir); a seed run alone gets the
# native builds from source at both levels, which must agree.
# Every failing case is classified: a failure showing the signature of a
# known library bug (the `#! tag REGEX` lines of xfail.txt) is counted
# under that bug; any other failure is a mismatch. A program whose native
# -Onone and -O builds disagree, or that swiftc rejects, is a generator
# defect.
#
# Output: one line per program that did not pass everywhere (`KNOWN seed
# tag`, `MISMATCH seed: first failure`, `GENBUG seed: reason`; with
# --combine, `COMBINED seeds A-B ...` lines name a failing file's first
# failure and its differing sections before its seeds' own lines), then a
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
combine=0
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
    --combine) [ $# -ge 2 ] || usage; combine=$2; shift 2 ;;
    -h|--help) usage ;;
    *) echo "run_gen.sh: unknown argument: $1" >&2; usage ;;
  esac
done
[ -n "$lower_cmd" ] || { echo "run_gen.sh: --lower is required" >&2; usage; }
case "$seeds" in
  *-*) first=${seeds%-*}; last=${seeds#*-} ;;
  *) echo "run_gen.sh: --seeds A-B is required" >&2; usage ;;
esac
case "$first$last$batch$combine" in *[!0-9]*|'') echo "run_gen.sh: bad --seeds or --batch" >&2; exit 2 ;; esac
[ "$first" -le "$last" ] || { echo "run_gen.sh: empty seed range" >&2; exit 2; }
# A batch holds whole combined files.
if [ "$combine" -gt 0 ] && [ $((batch % combine)) != 0 ]; then
  batch=$(( (batch / combine + 1) * combine ))
fi

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
declare -A known=()
split_note=""
[ "$split" = 1 ] && split_note=" (split: one mode per $([ "$combine" -gt 0 ] && echo 'combined file' || echo seed))"
combine_note=""
[ "$combine" -gt 0 ] && combine_note=" combined $combine per file"
echo "# gen_swift.py seeds $first-$last ${gen_flags[*]}$combine_note; modes $modes$split_note; lowering: $lower_cmd"

# The modes of program unit number $1 (a seed, or a combined file's index).
unit_modes() {
  if [ "$split" = 1 ]; then echo "${mode_list[$(($1 % ${#mode_list[@]}))]}"; else echo "$modes"; fi
}

# run_sets KIND DIR NAME=MODES...: run_swift.sh once per distinct MODES
# over the programs DIR/NAME.swift given that MODES, result lines into
# $bdir/results.txt. KIND: combined (the native reference from the IR, at
# the mode's level only), split (at the mode's level only) or full (both
# levels, which must agree: a seed run alone after its combined file failed).
run_sets() {
  local kind=$1 src=$2; shift 2
  declare -A set_of=()
  local nm m i=0 rc extra=()
  case "$kind" in
    combined) extra=(--native-from-ir) ;;
    split) extra=(--native-needed) ;;
  esac
  for nm in "$@"; do
    m=${nm#*=}
    if [ -z "${set_of[$m]:-}" ]; then
      i=$((i + 1)); set_of[$m]="$src.set$i"; rm -rf "${set_of[$m]}"; mkdir -p "${set_of[$m]}"
    fi
    ln -s "$src/${nm%%=*}.swift" "${set_of[$m]}/"
  done
  for m in "${!set_of[@]}"; do
    rc=0
    "$script_dir/run_swift.sh" --lower "$lower_cmd" --label lower --modes "$m" "${extra[@]}" \
      --programs "${set_of[$m]}" --xfail '' --workdir "$bdir/work" -j "$jobs" \
      >>"$bdir/results.txt" 2>>"$bdir/stderr.txt" || rc=$?
    if [ "$rc" = 77 ]; then
      cat "$bdir/results.txt"; cat "$bdir/stderr.txt" >&2; exit 77
    fi
    if [ "$rc" != 0 ] && [ "$rc" != 1 ]; then
      echo "run_gen.sh: run_swift.sh exited with $rc on ${set_of[$m]} (see $bdir)" >&2; exit 1
    fi
  done
}

# Classifies seed $1's standalone program gen_$1 from $bdir/results.txt:
# counts it and sets `verdict` to pass, known, mismatch or genbug.
classify() {
  local s=$1 n="gen_$1" fails line mode text t k tag_all=""
  programs=$((programs + 1))
  fails=$(grep -E "^FAIL $n " "$bdir/results.txt" || true)
  if [ -z "$fails" ]; then
    if [ "$(grep -cE "^PASS $n " "$bdir/results.txt")" -gt 0 ]; then
      passed=$((passed + 1)); verdict=pass; return
    fi
    fails="FAIL $n: no result"
  fi
  case "$fails" in
    *"is not deterministic"*|*"native build"*|*"printed nothing"*|*"-emit-irgen at"*)
      genbugs=$((genbugs + 1)); verdict=genbug
      echo "GENBUG $s: $(head -n 1 <<< "$fails" | cut -c1-200)"; return ;;
  esac
  # Known only if every failing case of the program shows one signature.
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
    mismatches=$((mismatches + 1)); verdict=mismatch
    echo "MISMATCH $s: $(head -n 1 <<< "$fails" | cut -c1-240)"
  else
    known[$tag_all]=$(( ${known[$tag_all]:-0} + 1 )); verdict=known
    echo "KNOWN $s $tag_all"
  fi
}

# The seeds whose output sections differ between a combined file's native
# and lowered stdout ($1, $2): `differ: S...` (the section a crash cut
# short among them) and `not reached: S...`.
section_diff() {
  python3 - "$1" "$2" <<'PY'
import sys
def sections(path):
    out, cur = {}, None
    try:
        lines = open(path, errors="replace").read().split("\n")
    except OSError:
        lines = []
    for line in lines:
        if line.startswith("=== gen_swift seed "):
            cur = int(line.split()[-1]); out[cur] = []
        elif cur is not None:
            out[cur].append(line)
    return out
want, got = sections(sys.argv[1]), sections(sys.argv[2])
differ = [s for s in want if s in got and want[s] != got[s]]
missing = [s for s in want if s not in got]
print("differ: %s; not reached: %s" % (" ".join(map(str, differ)) or "-",
                                       " ".join(map(str, missing)) or "-"))
PY
}

for ((b = first; b <= last; b += batch)); do
  e=$((b + batch - 1)); [ "$e" -le "$last" ] || e=$last
  bdir="$work/batch.$b"
  rm -rf "$bdir"; mkdir -p "$bdir/programs"
  : >"$bdir/results.txt"
  keep_batch=0
  if [ "$combine" = 0 ]; then
    units=()
    for ((s = b; s <= e; s++)); do
      python3 "$script_dir/gen_swift.py" "$s" "${gen_flags[@]}" -o "$bdir/programs/gen_$s.swift"
      units+=("gen_$s=$(unit_modes "$s")")
    done
    run_sets "$([ "$split" = 1 ] && echo split || echo full)" "$bdir/programs" "${units[@]}"
    for ((s = b; s <= e; s++)); do
      classify "$s"; [ "$verdict" = pass ] || [ "$verdict" = known ] || keep_batch=1
    done
  else
    units=()
    for ((g = b; g <= e; g += combine)); do
      ge=$((g + combine - 1)); [ "$ge" -le "$e" ] || ge=$e
      python3 "$script_dir/gen_swift.py" "$g" "${gen_flags[@]}" --combine $((ge - g + 1)) \
        -o "$bdir/programs/comb_$g.swift"
      units+=("comb_$g=$(unit_modes $(((g - first) / combine)))")
    done
    run_sets combined "$bdir/programs" "${units[@]}"
    # A combined file that failed: name the sections that differ, then run
    # its seeds alone in the same mode(s).
    alone=()
    declare -A failed_group=()
    for u in "${units[@]}"; do
      n=${u%%=*}; g=${n#comb_}
      ge=$((g + combine - 1)); [ "$ge" -le "$e" ] || ge=$e
      fails=$(grep -E "^FAIL $n " "$bdir/results.txt" || true)
      if [ -z "$fails" ] && [ "$(grep -cE "^PASS $n " "$bdir/results.txt")" -gt 0 ]; then
        programs=$((programs + ge - g + 1)); passed=$((passed + ge - g + 1)); continue
      fi
      [ -n "$fails" ] || fails="FAIL $n: no result"
      line=$(head -n 1 <<< "$fails"); mode=$(awk '{print $4}' <<< "$line"); mode=${mode%:}
      echo "COMBINED seeds $g-$ge failed: $(cut -c1-200 <<< "$line")"
      echo "COMBINED seeds $g-$ge sections $(section_diff "$bdir/work/$n/native.${mode%-*}.stdout" "$bdir/work/$n/lower.$mode/stdout"); running them alone"
      failed_group[$g]=$ge
      for ((s = g; s <= ge; s++)); do
        python3 "$script_dir/gen_swift.py" "$s" "${gen_flags[@]}" -o "$bdir/programs/gen_$s.swift"
        alone+=("gen_$s=${u#*=}")
      done
    done
    if [ ${#alone[@]} -gt 0 ]; then
      run_sets full "$bdir/programs" "${alone[@]}"
      for g in "${!failed_group[@]}"; do
        all_pass=1
        for ((s = g; s <= failed_group[$g]; s++)); do
          classify "$s"; [ "$verdict" = pass ] || all_pass=0
          [ "$verdict" = pass ] || [ "$verdict" = known ] || keep_batch=1
        done
        if [ "$all_pass" = 1 ]; then
          # Every seed passes alone: the combination itself is a mismatch.
          mismatches=$((mismatches + 1)); passed=$((passed - 1)); keep_batch=1
          echo "MISMATCH $g: combined file comb_$g fails, its seeds $g-${failed_group[$g]} pass alone (counted once)"
        fi
      done
    fi
    unset failed_group
  fi
  # Keep only the batches with mismatches or generator defects.
  [ "$keep_batch" = 1 ] || rm -rf "$bdir"
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
