#!/usr/bin/env bash
# Swift end to end: swiftc 6.3 as the real front end of the async and
# yield-once lowerings.
#
# For every program in the programs directory (default programs/*.swift):
#   1. the reference: swiftc builds it natively at -Onone and at -O and runs
#      it (both outputs must agree, or the program is not deterministic);
#   2. `swiftc -emit-irgen` at the mode's level gives the IR before any LLVM
#      pass: presplit async (llvm.coro.id.async) and yield-once
#      (llvm.coro.id.retcon.once) coroutines;
#   3. the lowering command under test turns it into ordinary IR, which must
#      hold no `presplitcoroutine` function and no call of an @llvm.coro.*
#      intrinsic (else the test would pass for the wrong reason);
#   4. clang-22 compiles the lowered IR at the mode's clang level (-O0 still
#      runs the always-inliner, which swiftc's own pipeline runs after its
#      coroutine passes and which the async tail-call helpers rely on; at
#      -O2 the inliner does it), `swiftc x.o -o x` links it. Before that,
#      unless --exact-codegen is given, the lowered IR is checked by
#      LLVM 22's verifier as it is, its always-inline helpers are inlined
#      (opt-22 -passes=always-inline) and its `musttail call swifttailcc`
#      (and tailcc) calls become `tail call`s: LLVM 22.1.8's x86 backend
#      drops the stack-passed arguments of a musttail call whose convention
#      matches the caller's (llvm/llvm-project#199224), and swiftc's async
#      code passes more than six arguments that way (a task group's body,
#      for one), so every -Onone program using one crashes, lowered by
#      LLVM's passes or by corolower alike; a `tail` call of those
#      conventions is a guaranteed tail call that LLVM 22 lowers correctly;
#   5. the program's stdout and exit code must equal the native program's at
#      the same Swift level.
#
# Usage:
#   run_swift.sh --lower 'CMD' [--label NAME] [--control] [--modes LIST]
#                [--only NAME[,NAME...]] [--programs DIR] [--xfail FILE]
#                [--workdir DIR] [--jobs|-j N] [--exact-codegen] [--native-needed]
#                [--native-from-ir]
#   run_swift.sh --control-only [...]
#
# CMD is a shell command template; {in} and {out} are replaced by the paths
# of swiftc's IR and of the lowered IR (ending in .ll), e.g.
#   bazel-bin/corolower {in} -o {out}
# It runs in the directory the script was started from. --label names it
# in the result lines and in the xfail list (default: lower).
# --control also runs the control, label opt22: LLVM 22's own passes
# (opt22_control.sh: llvm22_dialect.py, then opt-22
# -passes='coro-early,cgscc(coro-split),coro-cleanup,always-inline');
# --control-only runs the control alone.
#
# Modes (default all four): SWIFT-CLANG with SWIFT in Onone, O (swiftc's
# level for the IR and the native reference) and CLANG in O0, O2 (clang-22's
# level for the lowered IR): Onone-O0, Onone-O2, O-O0, O-O2.
#
# --native-needed builds the native reference only at the Swift levels the
# modes use (no -Onone/-O agreement check with one level): for campaigns.
# --native-from-ir (implies --native-needed) builds that reference from the
# -emit-irgen IR the lowering gets, by swiftc's own back end (`swift-frontend
# -c -LEVEL x.ll`: Swift's LLVM pipeline, its coroutine passes included,
# then `swiftc x.o`) instead of compiling the source twice: the native and
# the lowered build then differ only in the lowering and what follows it.
#
# A program may carry a line `// swiftc-flags: FLAGS` with extra swiftc
# flags for every compile of it (native and IR alike).
#
# Known failures are listed, with their reason, in the xfail file (default
# xfail.txt beside this script; lines `NAME LABEL MODE REASON`, LABEL and
# MODE shell globs such as `*` or `Onone-*`; --xfail '' for none). Such a case prints XFAIL; one that passes prints XPASS
# and counts as a failure, so the list never goes stale. A reason starting
# with a tag, `[tag] ...`, for which the file has a line `#! tag REGEX`, is
# accepted only for a failure matching REGEX (in the result line or the
# lowering's log); any other failure of that case stays a FAIL.
#
# Programs run with a stack limit of SWIFT_STACK_KB KiB (default 8192) and a
# timeout of SWIFT_TIMEOUT seconds (default 120). swiftc is $SWIFTC, else
# `swiftc` on PATH, else /opt/swift/usr/bin/swiftc.
#
# Output: one line per case, `PASS name label mode`, `FAIL name label mode:
# reason`, `XFAIL ...` or `XPASS ...`, in a fixed order whatever the
# parallelism, then a summary per label and in all.
# Exit status: 0 if every case passed or failed as listed; 1 on a failure
# or an XPASS; 2 on a usage error or a missing LLVM tool; 77 if swiftc is
# not there or does not work: then nothing ran, and the script says so.
set -euo pipefail

usage() {
  sed -n '2,/^set -euo/p' "$0" | sed -e '/^set -euo/d' -e 's/^# \{0,1\}//' >&2
  exit 2
}

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
programs_dir="$script_dir/programs"
xfail_file="$script_dir/xfail.txt"

lower_cmd=""
label="lower"
control=0
control_only=0
modes="Onone-O0,Onone-O2,O-O0,O-O2"
only=""
workdir=""
jobs=2
musttail_workaround=1
native_needed=0
native_from_ir=0

while [ $# -gt 0 ]; do
  case "$1" in
    --lower) [ $# -ge 2 ] || usage; lower_cmd=$2; shift 2 ;;
    --lower=*) lower_cmd=${1#--lower=}; shift ;;
    --label) [ $# -ge 2 ] || usage; label=$2; shift 2 ;;
    --label=*) label=${1#--label=}; shift ;;
    --control) control=1; shift ;;
    --control-only) control_only=1; shift ;;
    --modes) [ $# -ge 2 ] || usage; modes=$2; shift 2 ;;
    --modes=*) modes=${1#--modes=}; shift ;;
    --only) [ $# -ge 2 ] || usage; only=$2; shift 2 ;;
    --only=*) only=${1#--only=}; shift ;;
    --programs) [ $# -ge 2 ] || usage; programs_dir=$2; shift 2 ;;
    --programs=*) programs_dir=${1#--programs=}; shift ;;
    --xfail) [ $# -ge 2 ] || usage; xfail_file=$2; shift 2 ;;
    --xfail=*) xfail_file=${1#--xfail=}; shift ;;
    --workdir) [ $# -ge 2 ] || usage; workdir=$2; shift 2 ;;
    --workdir=*) workdir=${1#--workdir=}; shift ;;
    --jobs|-j) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
    --jobs=*) jobs=${1#--jobs=}; shift ;;
    --exact-codegen) musttail_workaround=0; shift ;;
    --native-needed) native_needed=1; shift ;;
    --native-from-ir) native_needed=1; native_from_ir=1; shift ;;
    -h|--help) usage ;;
    *) echo "run_swift.sh: unknown argument: $1" >&2; usage ;;
  esac
done

start_dir=$(pwd)
control_cmd="$(printf '%q' "$script_dir/opt22_control.sh") {in} {out}"

# The lowerings to run: parallel arrays of labels and command templates.
labels=()
cmds=()
if [ "$control_only" = 1 ]; then
  labels+=(opt22); cmds+=("$control_cmd")
else
  [ -n "$lower_cmd" ] || { echo "run_swift.sh: --lower (or --control-only) is required" >&2; usage; }
  case "$lower_cmd" in
    *"{in}"*"{out}"*|*"{out}"*"{in}"*) ;;
    *) echo "run_swift.sh: --lower needs both {in} and {out}" >&2; exit 2 ;;
  esac
  case "$label" in ''|*[!A-Za-z0-9_.-]*) echo "run_swift.sh: bad --label" >&2; exit 2 ;; esac
  labels+=("$label"); cmds+=("$lower_cmd")
  if [ "$control" = 1 ]; then labels+=(opt22); cmds+=("$control_cmd"); fi
fi
case "$jobs" in ''|*[!0-9]*|0) echo "run_swift.sh: bad --jobs" >&2; exit 2 ;; esac

IFS=',' read -r -a mode_list <<< "$modes"
for m in "${mode_list[@]}"; do
  case "$m" in
    Onone-O0|Onone-O2|O-O0|O-O2) ;;
    *) echo "run_swift.sh: unknown mode '$m' (Onone-O0, Onone-O2, O-O0, O-O2)" >&2; exit 2 ;;
  esac
done

# swiftc: missing or broken means the Swift tests cannot run. Say so, loudly,
# and exit 77 (never a silent pass).
SWIFTC=${SWIFTC:-}
if [ -z "$SWIFTC" ]; then
  SWIFTC=$(command -v swiftc 2>/dev/null || true)
  [ -n "$SWIFTC" ] || SWIFTC=/opt/swift/usr/bin/swiftc
fi
not_run() {
  {
    echo "=================================================================="
    echo "SKIPPED: the Swift tests did NOT run: $1"
    echo "They need Swift 6.3 (swiftc, its runtime): install it at /opt/swift,"
    echo "put swiftc on PATH or set SWIFTC=/path/to/swiftc."
    echo "=================================================================="
  } >&2
  echo "SKIPPED: the Swift tests did not run: $1"
  exit 77
}
if [ ! -x "$SWIFTC" ]; then
  not_run "no swiftc (SWIFTC, PATH and /opt/swift/usr/bin/swiftc have none; tried '$SWIFTC')"
fi
if ! swift_version=$("$SWIFTC" --version 2>&1 | head -n 1); then
  not_run "'$SWIFTC --version' failed: $swift_version"
fi
if [ -z "$swift_version" ]; then
  not_run "'$SWIFTC --version' printed nothing"
fi

SWIFT_FRONTEND=$(dirname "$SWIFTC")/swift-frontend
CLANG=${CLANG:-clang-22}
OPT=${OPT:-opt-22}
export OPT
for tool in "$CLANG" "$OPT" python3; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "run_swift.sh: $tool not found (tools/setup.sh installs it)" >&2; exit 2
  fi
done
stack_kb=${SWIFT_STACK_KB:-8192}
run_timeout=${SWIFT_TIMEOUT:-120}
lower_timeout=${SWIFT_LOWER_TIMEOUT:-600}

# Program list, sorted, optionally filtered by --only.
names=()
for f in "$programs_dir"/*.swift; do
  [ -e "$f" ] || continue
  n=$(basename "$f" .swift)
  if [ -n "$only" ]; then
    case ",$only," in *",$n,"*) ;; *) continue ;; esac
  fi
  names+=("$n")
done
if [ ${#names[@]} -eq 0 ]; then
  echo "run_swift.sh: no programs selected in $programs_dir" >&2
  exit 2
fi
if [ -n "$only" ]; then
  IFS=',' read -r -a only_list <<< "$only"
  for n in "${only_list[@]}"; do
    [ -e "$programs_dir/$n.swift" ] || { echo "run_swift.sh: no program $n" >&2; exit 2; }
  done
fi
if [ -n "$xfail_file" ] && [ ! -f "$xfail_file" ]; then
  echo "run_swift.sh: no xfail file $xfail_file" >&2; exit 2
fi

keep_work=0
if [ -n "$workdir" ]; then
  mkdir -p "$workdir"
  work=$(cd "$workdir" && pwd)
  keep_work=1
else
  work=$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/swift.XXXXXX")
fi

# swiftc's temporary files and module cache stay in the scratch directory.
mkdir -p "$work/tmp"
export TMPDIR="$work/tmp"

echo "# $swift_version ($SWIFTC)"
echo "# lowerings: ${labels[*]}; modes: ${mode_list[*]}; ${#names[@]} programs"

# The xfail reason for (name, label, mode), empty if the case is not listed.
# Fields 2 and 3 are shell globs (`*`, `Onone-*`).
xfail_reason() {
  [ -n "$xfail_file" ] || return 0
  local n l m why
  while read -r n l m why; do
    case "$n" in ''|'#'*) continue ;; esac
    # shellcheck disable=SC2053
    if [ "$n" = "$1" ] && [[ "$2" == $l ]] && [[ "$3" == $m ]]; then
      echo "$why"; return 0
    fi
  done <"$xfail_file"
}

# Extra swiftc flags of program $1 (its `// swiftc-flags:` line).
program_flags() {
  sed -n 's|^// swiftc-flags:[[:space:]]*||p' "$1" | head -n 1
}

# Runs a program under the stack limit and timeout; stdout to $2, stderr to
# $3; prints the exit code.
run_prog() {
  local exe=$1 out=$2 err=$3 rc=0
  ( ulimit -s "$stack_kb" && exec timeout "$run_timeout" "$exe" ) >"$out" 2>"$err" </dev/null || rc=$?
  echo "$rc"
}

swift_levels=()
for m in "${mode_list[@]}"; do
  lvl=${m%-*}
  case " ${swift_levels[*]:-} " in *" $lvl "*) ;; *) swift_levels+=("$lvl") ;; esac
done
# Native references: both levels (their outputs must agree), unless
# --native-needed asks for only those the modes use.
native_levels=(Onone O)
[ "$native_needed" = 0 ] || native_levels=("${swift_levels[@]}")

# swiftc's IR of program $src (in $d, flags $flags) at every Swift level a
# mode needs; prints why and fails if swiftc rejects it.
emit_irgen() {
  local lvl
  for lvl in "${swift_levels[@]}"; do
    if ! "$SWIFTC" "-$lvl" -parse-as-library -module-name M -module-cache-path "$work/module-cache" \
        "${flags[@]}" -emit-irgen "$src" \
        -o "$d/$lvl.irgen.ll" >"$d/$lvl.irgen.log" 2>&1; then
      echo "swiftc -emit-irgen at -$lvl failed (see $d/$lvl.irgen.log)"; return 1
    fi
  done
}

# Phase 1, per program: native references (-Onone and -O, outputs equal) and
# swiftc's IR at every level a mode needs. Writes $work/NAME/prep.status.
prepare() {
  local n=$1 src="$programs_dir/$1.swift" d="$work/$1"
  mkdir -p "$d"
  (
    local flags lvl
    read -r -a flags <<< "$(program_flags "$src")"
    if [ "$native_from_ir" = 1 ]; then emit_irgen || return; fi
    for lvl in "${native_levels[@]}"; do
      if [ "$native_from_ir" = 1 ]; then
        if ! { "$SWIFT_FRONTEND" -c "-$lvl" -module-name M "$d/$lvl.irgen.ll" -o "$d/native.$lvl.o" &&
               "$SWIFTC" "$d/native.$lvl.o" -o "$d/native.$lvl"; } >"$d/native.$lvl.build.log" 2>&1; then
          echo "native build at -$lvl failed (see $d/native.$lvl.build.log)"; return
        fi
      elif ! "$SWIFTC" "-$lvl" -parse-as-library -module-name M -module-cache-path "$work/module-cache" \
          "${flags[@]}" "$src" \
          -o "$d/native.$lvl" >"$d/native.$lvl.build.log" 2>&1; then
        echo "native build at -$lvl failed (see $d/native.$lvl.build.log)"; return
      fi
      run_prog "$d/native.$lvl" "$d/native.$lvl.stdout" "$d/native.$lvl.stderr" >"$d/native.$lvl.rc"
    done
    if [ ${#native_levels[@]} = 2 ] &&
       { [ "$(cat "$d/native.Onone.rc")" != "$(cat "$d/native.O.rc")" ] ||
         ! cmp -s "$d/native.Onone.stdout" "$d/native.O.stdout"; }; then
      echo "the native -Onone and -O builds disagree (exit $(cat "$d/native.Onone.rc") vs $(cat "$d/native.O.rc"), see $d/native.*.stdout): the program is not deterministic"; return
    fi
    if [ ! -s "$d/native.${native_levels[0]}.stdout" ]; then
      echo "the native program printed nothing"; return
    fi
    if [ "$native_from_ir" = 0 ]; then emit_irgen || return; fi
    echo ok
  ) >"$d/prep.status.tmp"
  mv "$d/prep.status.tmp" "$d/prep.status"
}

# Phase 2, per (program, lowering, Swift level): the lowering command.
# Writes its exit code to $work/NAME/LABEL.LEVEL.lower.rc.
lower() {
  local n=$1 li=$2 slvl=$3 d="$work/$1"
  local lab=${labels[$li]} tmpl=${cmds[$li]}
  local in="$d/$slvl.irgen.ll" base="$d/$lab.$slvl"
  local out="$base.lowered.ll" cmd rc=0
  [ "$(cat "$d/prep.status" 2>/dev/null)" = ok ] || return 0
  rm -f "$out" "$base.lower.rc"
  cmd=${tmpl//\{in\}/$(printf '%q' "$in")}
  cmd=${cmd//\{out\}/$(printf '%q' "$out")}
  (cd "$start_dir" && timeout "$lower_timeout" bash -c "$cmd") >"$base.lower.log" 2>&1 || rc=$?
  echo "$rc" >"$base.lower.rc.tmp"
  mv "$base.lower.rc.tmp" "$base.lower.rc"
}

# Phase 3, per (program, lowering, mode). Prints the result line into $4.
run_case() {
  local n=$1 li=$2 m=$3 result=$4 d="$work/$1"
  local lab=${labels[$li]} tmpl=${cmds[$li]}
  local slvl=${m%-*} clvl=${m#*-}
  local status
  status=$(cat "$d/prep.status" 2>/dev/null || echo "preparation did not finish")
  if [ "$status" != ok ]; then
    echo "FAIL $n $lab $m: $status" >"$result"; return
  fi
  local base="$d/$lab.$slvl"
  local out="$base.lowered.ll" rc
  rc=$(cat "$base.lower.rc" 2>/dev/null || echo "none")
  if [ "$rc" = none ]; then
    echo "FAIL $n $lab $m: the lowering did not finish" >"$result"; return
  fi
  if [ "$rc" != 0 ]; then
    local why
    why=$(grep -m 1 -E 'LLVM ERROR|error:' "$base.lower.log" | cut -c1-200 || true)
    echo "FAIL $n $lab $m: lowering exited with $rc (see $base.lower.log)${why:+ [$why]}" >"$result"; return
  fi
  if [ ! -s "$out" ]; then
    echo "FAIL $n $lab $m: lowering produced no output" >"$result"; return
  fi
  if grep -q 'presplitcoroutine' "$out"; then
    echo "FAIL $n $lab $m: presplitcoroutine left in the lowered IR" >"$result"; return
  fi
  local left
  left=$(grep -E '(call|invoke)[^;]*@llvm\.coro\.' "$out" | head -n 1 | sed 's/^[[:space:]]*//' | cut -c1-160 || true)
  if [ -n "$left" ]; then
    echo "FAIL $n $lab $m: coroutine intrinsic left: $left" >"$result"; return
  fi
  # Each case builds in a directory of its own: `swiftc DIR/x.o -o ...`
  # writes DIR/main.autolink, which concurrent links in one directory
  # would share.
  local c="$d/$lab.$m"
  rm -rf "$c"; mkdir -p "$c"
  local cg="$out" exe="$c/prog"
  if [ "$musttail_workaround" = 1 ]; then
    # LLVM 22's x86 backend drops the stack-passed arguments of a musttail
    # call whose convention matches the caller's (llvm/llvm-project#199224,
    # fixed after 22.1.8 by #199691): swiftc's async code passes more than
    # six arguments that way. Verify the lowered IR as it is (musttail
    # rules included), inline swiftc's always-inline helpers so every
    # musttail call sits right before its `ret`, then make the tail calls
    # of the tail-call conventions plain `tail` calls, which LLVM 22
    # lowers as guaranteed tail calls with their stack arguments stored.
    if ! "$OPT" -passes=verify -disable-output "$out" >"$c/verify.log" 2>&1; then
      echo "FAIL $n $lab $m: the lowered IR fails LLVM 22's verifier (see $c/verify.log)" >"$result"; return
    fi
    if ! "$OPT" -S -passes=always-inline "$out" -o "$c/inlined.ll" >>"$c/verify.log" 2>&1; then
      echo "FAIL $n $lab $m: opt-22 -passes=always-inline failed (see $c/verify.log)" >"$result"; return
    fi
    sed -E 's/([=[:space:]])musttail call (swifttailcc|tailcc) /\1tail call \2 /' "$c/inlined.ll" >"$c/codegen.ll"
    cg="$c/codegen.ll"
  fi
  if ! "$CLANG" "-$clvl" -Wno-override-module -c "$cg" -o "$c/prog.o" >"$c/build.log" 2>&1; then
    echo "FAIL $n $lab $m: clang-22 -$clvl failed on the lowered IR (see $c/build.log)" >"$result"; return
  fi
  if ! "$SWIFTC" "$c/prog.o" -o "$exe" >>"$c/build.log" 2>&1; then
    echo "FAIL $n $lab $m: linking failed (see $c/build.log)" >"$result"; return
  fi
  rc=$(run_prog "$exe" "$c/stdout" "$c/stderr")
  local want
  want=$(cat "$d/native.$slvl.rc")
  if [ "$rc" != "$want" ]; then
    local sig=""
    [ "$rc" -gt 128 ] 2>/dev/null && sig=" (signal $((rc - 128)))"
    [ "$rc" = 124 ] && sig=" (timeout)"
    echo "FAIL $n $lab $m: exit code $rc$sig, expected $want (see $c/stderr)" >"$result"; return
  fi
  if ! cmp -s "$d/native.$slvl.stdout" "$c/stdout"; then
    diff -u "$d/native.$slvl.stdout" "$c/stdout" >"$c/stdout.diff" || true
    local first
    first=$(grep -n -m 1 '^[-+][^-+]' "$c/stdout.diff" | head -n 1 | cut -c1-120 || true)
    echo "FAIL $n $lab $m: stdout differs from native (see $c/stdout.diff)${first:+ [$first]}" >"$result"; return
  fi
  echo "PASS $n $lab $m" >"$result"
}

# run_case into a temporary file, then renamed, the xfail list applied: the
# printer never sees a half-written result.
run_case_to() {
  local n=$1 li=$2 m=$3 res=$4 lab=${labels[$2]}
  run_case "$n" "$li" "$m" "$res.tmp" || echo "FAIL $n $lab $m: internal error in run_swift.sh" >"$res.tmp"
  [ -s "$res.tmp" ] || echo "FAIL $n $lab $m: internal error in run_swift.sh" >"$res.tmp"
  local why line tag sig
  why=$(xfail_reason "$n" "$lab" "$m")
  if [ -n "$why" ]; then
    line=$(cat "$res.tmp")
    # A reason `[tag] ...` with a line `#! tag REGEX` in the xfail file is
    # a known failure only if the failure shows that signature (in the
    # result line or the lowering's log): another failure stays a FAIL.
    sig=""
    case "$why" in
      '['*']'*) tag=${why#[}; tag=${tag%%]*}
                sig=$(sed -n "s/^#! $tag //p" "$xfail_file" | head -n 1) ;;
    esac
    case "$line" in
      PASS*) echo "XPASS $n $lab $m: listed as a known failure ($why) but passed" >"$res.tmp" ;;
      FAIL*)
        # (grep without -q: it must read all its input, or the writer's
        # SIGPIPE fails the pipeline under pipefail.)
        if [ -n "$sig" ] && ! { echo "$line"; cat "$work/$n/$lab.${m%-*}.lower.log" 2>/dev/null || true; } |
             grep -E -- "$sig" >/dev/null; then
          echo "$line [listed as a known failure ($why) but failed otherwise]" >"$res.tmp"
        else
          echo "XFAIL ${line#FAIL } [known: $why]" >"$res.tmp"
        fi ;;
    esac
  fi
  mv "$res.tmp" "$res"
}

# Runs "$@" in the background, keeping at most $jobs jobs.
running=0
spawn() {
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
  "$@" &
  running=$((running + 1))
}
wait_all() {
  wait || true
  running=0
}

for n in "${names[@]}"; do
  spawn prepare "$n"
done
wait_all
for n in "${names[@]}"; do
  for li in "${!labels[@]}"; do
    for s in "${swift_levels[@]}"; do
      spawn lower "$n" "$li" "$s"
    done
  done
done
wait_all

mkdir -p "$work/results"
rm -f "$work"/results/*
cases=()
case_label=()
case_mode=()
i=0
for n in "${names[@]}"; do
  for li in "${!labels[@]}"; do
    for m in "${mode_list[@]}"; do
      cases+=("$(printf '%s/results/%05d' "$work" "$i")")
      case_label+=("${labels[$li]}")
      case_mode+=("$m")
      i=$((i + 1))
    done
  done
done

declare -A lab_pass=() lab_fail=() lab_xfail=() lab_xpass=() per_mode=()
for l in "${labels[@]}"; do lab_pass[$l]=0; lab_fail[$l]=0; lab_xfail[$l]=0; lab_xpass[$l]=0; done
passed=0 failed=0 xfailed=0 xpassed=0
next=0
print_ready() {
  while [ "$next" -lt "${#cases[@]}" ] && [ -s "${cases[$next]}" ]; do
    local line l=${case_label[$next]}
    line=$(cat "${cases[$next]}")
    echo "$line"
    local pm="$l ${case_mode[$next]}" word=${line%% *}
    per_mode[$pm $word]=$(( ${per_mode[$pm $word]:-0} + 1 ))
    case "$line" in
      PASS*) passed=$((passed + 1)); lab_pass[$l]=$((lab_pass[$l] + 1)) ;;
      XFAIL*) xfailed=$((xfailed + 1)); lab_xfail[$l]=$((lab_xfail[$l] + 1)) ;;
      XPASS*) xpassed=$((xpassed + 1)); lab_xpass[$l]=$((lab_xpass[$l] + 1)) ;;
      *) failed=$((failed + 1)); lab_fail[$l]=$((lab_fail[$l] + 1)) ;;
    esac
    next=$((next + 1))
  done
}

i=0
for n in "${names[@]}"; do
  for li in "${!labels[@]}"; do
    for m in "${mode_list[@]}"; do
      spawn run_case_to "$n" "$li" "$m" "${cases[$i]}"
      i=$((i + 1))
      print_ready
    done
  done
done
wait_all
print_ready
while [ "$next" -lt "${#cases[@]}" ]; do
  echo "FAIL case $next: no result"
  failed=$((failed + 1))
  next=$((next + 1))
done

for l in "${labels[@]}"; do
  for m in "${mode_list[@]}"; do
    echo "# $l $m: ${per_mode[$l $m PASS]:-0} passed, ${per_mode[$l $m FAIL]:-0} failed, ${per_mode[$l $m XFAIL]:-0} xfail, ${per_mode[$l $m XPASS]:-0} xpass"
  done
  echo "# $l: ${lab_pass[$l]} passed, ${lab_fail[$l]} failed, ${lab_xfail[$l]} known failures (xfail), ${lab_xpass[$l]} unexpectedly passed"
done
echo "$passed passed, $failed failed, $xfailed known failures (xfail), $xpassed unexpectedly passed"
if [ "$failed" -ne 0 ] || [ "$xpassed" -ne 0 ]; then
  echo "run_swift.sh: artifacts kept in $work" >&2
  exit 1
fi
if [ "$keep_work" = 0 ]; then
  rm -rf "$work"
fi
exit 0
