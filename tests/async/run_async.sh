#!/usr/bin/env bash
# Executable test corpus for the async (Swift-style) coroutine lowering.
#
# For every case cases/NAME.ll (+ NAME.c, NAME.expected), every
# architecture and every optimization level:
#   1. the case gets the architecture's `target triple` and `target
#      datalayout` (taken from `clang-22 --target=T -S -emit-llvm` of an
#      empty C file; frame and context sizes depend on the data layout);
#   2. the lowering command under test turns it into ordinary IR;
#   3. the output must hold no `presplitcoroutine` and no call or invoke of
#      an @llvm.coro.* intrinsic (otherwise clang would lower the coroutines
#      itself and the case would pass for the wrong reason);
#   4. clang-22 -O0 / -O2 compiles the lowered IR together with the C
#      driver NAME.c (the executor and context allocator, async_rt.h), for
#      x86-64 natively and for AArch64 with --target=aarch64-linux-gnu, run
#      under qemu-aarch64 -L /usr/aarch64-linux-gnu; for i686, arm and s390x
#      (the other targets whose backends lower swifttailcc) as
#      tests/targets/target_env.sh builds them, static, under qemu-user;
#   5. the program must exit 0 and its stdout must equal NAME.expected.
#      Its stderr (context sizes, which differ between lowerings: lines
#      `size NAME BYTES`) is not compared; --sizes collects it.
#
# Usage:
#   run_async.sh --lower 'CMD {in} {out}' [--arch x86_64,aarch64]
#                [--opt O0,O2] [--only NAME[,NAME...]] [--workdir DIR]
#                [--xfail NAME[,NAME...]] [--sizes FILE] [--jobs N]
#
# CMD is a shell command template run from the directory the script was
# started in; {in} and {out} become the paths of the input and of the
# lowered IR (textual, ending in .ll), e.g.
#   opt-22 -S -passes='coro-early,cgscc(coro-split),coro-cleanup' {in} -o {out}
#   bazel-bin/corolower {in} -S -o {out}
#
# --xfail NAME: the case is expected to fail with this lowering; a failure
#   is reported as XFAIL (not counted as failed), a pass as XPASS (counted
#   as failed, so the list stays honest).
# --sizes FILE: write `case arch opt name bytes` for every `size` line the
#   drivers print on stderr.
# --workdir DIR: keep every intermediate file there (default: a temporary
#   directory under $TEST_TMPDIR or mktemp, removed at exit).
# --jobs N: (case, architecture) units run in parallel, default 2 (each
#   unit compiles one program at a time).
#
# Tools: CLANG (default clang-22), QEMU_AARCH64 (default qemu-aarch64),
# AARCH64_LIBS (default /usr/aarch64-linux-gnu). A missing tool is a failure.
#
# Output: one line per (case, arch, opt) in a fixed order:
#   PASS name arch opt | FAIL name arch opt: reason | XFAIL ... | XPASS ...
# then `N passed, M failed, K expected failures`. Exit status 1 if anything
# failed, 2 on a usage error.
set -uo pipefail

usage() {
  sed -n '2,/^set -uo/p' "$0" | sed -e '/^set -uo/d' -e 's/^# \{0,1\}//' >&2
  exit 2
}

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cases_dir="$script_dir/cases"
start_dir=$(pwd)

lower_cmd=""
archs="x86_64,aarch64"
opts="O0,O2"
only=""
workdir=""
xfail=""
sizes_file=""
jobs=2

while [ $# -gt 0 ]; do
  case "$1" in
    --lower) [ $# -ge 2 ] || usage; lower_cmd=$2; shift 2 ;;
    --lower=*) lower_cmd=${1#--lower=}; shift ;;
    --arch) [ $# -ge 2 ] || usage; archs=$2; shift 2 ;;
    --arch=*) archs=${1#--arch=}; shift ;;
    --opt) [ $# -ge 2 ] || usage; opts=$2; shift 2 ;;
    --opt=*) opts=${1#--opt=}; shift ;;
    --only) [ $# -ge 2 ] || usage; only=$2; shift 2 ;;
    --only=*) only=${1#--only=}; shift ;;
    --workdir) [ $# -ge 2 ] || usage; workdir=$2; shift 2 ;;
    --workdir=*) workdir=${1#--workdir=}; shift ;;
    --xfail) [ $# -ge 2 ] || usage; xfail=$2; shift 2 ;;
    --xfail=*) xfail=${1#--xfail=}; shift ;;
    --sizes) [ $# -ge 2 ] || usage; sizes_file=$2; shift 2 ;;
    --sizes=*) sizes_file=${1#--sizes=}; shift ;;
    --jobs) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
    --jobs=*) jobs=${1#--jobs=}; shift ;;
    -h|--help) usage ;;
    *) echo "run_async.sh: unknown argument: $1" >&2; usage ;;
  esac
done

[ -n "$lower_cmd" ] || { echo "run_async.sh: --lower is required" >&2; usage; }
case "$jobs" in ''|*[!0-9]*|0) echo "run_async.sh: bad --jobs" >&2; exit 2 ;; esac

CLANG=${CLANG:-clang-22}
QEMU_AARCH64=${QEMU_AARCH64:-qemu-aarch64}
AARCH64_LIBS=${AARCH64_LIBS:-/usr/aarch64-linux-gnu}
export LC_ALL=C

IFS=, read -r -a arch_list <<<"$archs"
IFS=, read -r -a opt_list <<<"$opts"
# The other targets whose backends lower swifttailcc (i686, arm, s390x):
# built and run as tests/targets/target_env.sh says.
for a in "${arch_list[@]}"; do
  case "$a" in x86_64|aarch64) ;; *) . "$script_dir/../targets/target_env.sh"; break ;; esac
done
for a in "${arch_list[@]}"; do
  case "$a" in x86_64|aarch64) ;; *)
    if ! crl_target_cfg "$a" || [ "$runs" = 0 ]; then
      echo "run_async.sh: unknown arch $a" >&2; exit 2
    fi
    lacks=$(crl_target_missing "$a")
    [ -z "$lacks" ] || { echo "run_async.sh: $a needs $(echo "$lacks" | tr '\n' ' ')" >&2; exit 2; } ;;
  esac
done
for o in "${opt_list[@]}"; do
  case "$o" in O0|O1|O2|O3|Os) ;; *) echo "run_async.sh: unknown opt $o" >&2; exit 2 ;; esac
done

in_list() { # in_list ITEM COMMA,LIST
  local x
  local -a l
  IFS=, read -r -a l <<<"$2"
  for x in "${l[@]}"; do [ "$x" = "$1" ] && return 0; done
  return 1
}

cases=()
for f in "$cases_dir"/*.ll; do
  n=$(basename "$f" .ll)
  if [ -n "$only" ] && ! in_list "$n" "$only"; then continue; fi
  cases+=("$n")
done
if [ -n "$only" ]; then
  IFS=, read -r -a want <<<"$only"
  for w in "${want[@]}"; do
    [ -f "$cases_dir/$w.ll" ] || { echo "run_async.sh: no case $w" >&2; exit 2; }
  done
fi
[ ${#cases[@]} -gt 0 ] || { echo "run_async.sh: no cases" >&2; exit 2; }

own_work=0
if [ -z "$workdir" ]; then
  workdir=$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/run_async.XXXXXX") || exit 2
  own_work=1
  trap 'rm -rf "$workdir"' EXIT
else
  mkdir -p "$workdir" || exit 2
  workdir=$(cd "$workdir" && pwd)
fi

triple_of() {
  case "$1" in
    x86_64) echo x86_64-linux-gnu ;;
    aarch64) echo aarch64-linux-gnu ;;
    *) crl_target_cfg "$1" && echo "$triple" ;;
  esac
}
# Per architecture: the header (triple, datalayout) the inputs get.
setup_failed=""
for a in "${arch_list[@]}"; do
  mkdir -p "$workdir/$a"
  if ! "$CLANG" --target="$(triple_of "$a")" -S -emit-llvm -x c /dev/null \
      -o "$workdir/$a/empty.ll" 2>"$workdir/$a/empty.log"; then
    setup_failed+=" $a"
    continue
  fi
  grep -E '^target (datalayout|triple) = ' "$workdir/$a/empty.ll" \
    >"$workdir/$a/target.ll"
  [ "$(wc -l <"$workdir/$a/target.ll")" -eq 2 ] || setup_failed+=" $a"
done

# run_unit NAME ARCH: lower one case for one architecture, build and run it
# at every opt level; writes $workdir/ARCH/NAME.result (one line per opt).
run_unit() {
  local name=$1 arch=$2
  local d="$workdir/$arch" triple
  triple=$(triple_of "$arch")
  local res="$d/$name.result"
  : >"$res"
  local o
  if [[ " $setup_failed " == *" $arch "* ]]; then
    for o in "${opt_list[@]}"; do
      echo "FAIL $name $arch $o: cannot get the target's data layout from $CLANG" >>"$res"
    done
    return
  fi
  local in="$d/$name.in.ll" out="$d/$name.lowered.ll"
  { cat "$d/target.ll"; grep -Ev '^target (datalayout|triple) = ' "$cases_dir/$name.ll"; } >"$in"
  rm -f "$out"
  local cmd=${lower_cmd//\{in\}/$(printf %q "$in")}
  cmd=${cmd//\{out\}/$(printf %q "$out")}
  local why=""
  if ! (cd "$start_dir" && eval "$cmd") >"$d/$name.lower.log" 2>&1; then
    why="lowering failed: $(grep -m1 -v '^\s*$' "$d/$name.lower.log" | cut -c1-200)"
  elif [ ! -s "$out" ]; then
    why="lowering wrote no output"
  elif grep -q 'presplitcoroutine' "$out"; then
    why="output still has a presplitcoroutine function"
  elif grep -Eq '(call|invoke)\b[^;]*@llvm\.coro\.' "$out"; then
    why="output still calls $(grep -Eo '(call|invoke)\b[^;]*@llvm\.coro\.[A-Za-z0-9_.]*' "$out" | grep -Eo '@llvm\.coro\.[A-Za-z0-9_.]*' | sort -u | tr '\n' ' ')"
  fi
  if [ -n "$why" ]; then
    for o in "${opt_list[@]}"; do echo "FAIL $name $arch $o: $why" >>"$res"; done
    return
  fi
  for o in "${opt_list[@]}"; do
    local prog="$d/$name.$o" aflags=()
    case "$arch" in x86_64|aarch64) ;; *) crl_target_cfg "$arch"; aflags=("${tflags[@]}") ;; esac
    if ! "$CLANG" --target="$triple" "${aflags[@]}" "-$o" -w "$out" "$cases_dir/$name.c" \
        -I"$cases_dir" -pthread -o "$prog" >"$prog.cc.log" 2>&1; then
      echo "FAIL $name $arch $o: compile failed: $(grep -m1 -E 'error|ERROR' "$prog.cc.log" | cut -c1-200)" >>"$res"
      continue
    fi
    local rc=0
    # An intermediate shell reaps the program, so that its report of a
    # crash ("Segmentation fault") lands in the program's stderr file.
    local -a run=("$prog")
    [ "$arch" = aarch64 ] && run=("$QEMU_AARCH64" -L "$AARCH64_LIBS" "$prog")
    case "$arch" in x86_64|aarch64) ;; *) crl_target_cfg "$arch"; run=("$qemu" "$prog") ;; esac
    bash -c 'cd "$1" && shift && timeout 300 "$@"; exit $?' run "$d" "${run[@]}" \
      >"$prog.stdout" 2>"$prog.stderr" || rc=$?
    if [ $rc -ne 0 ]; then
      echo "FAIL $name $arch $o: exit status $rc$( [ $rc -ge 128 ] && echo " (signal $((rc - 128)))")$( [ $rc -eq 124 ] && echo " (timeout)"); stdout: $(tail -n 2 "$prog.stdout" | tr '\n' '|' | cut -c1-160)" >>"$res"
    elif ! cmp -s "$prog.stdout" "$cases_dir/$name.expected"; then
      echo "FAIL $name $arch $o: stdout differs from $name.expected: $(diff "$cases_dir/$name.expected" "$prog.stdout" | grep -m4 '^[<>]' | tr '\n' ' ' | cut -c1-200)" >>"$res"
    else
      echo "PASS $name $arch $o" >>"$res"
    fi
    sed -n "s/^size /$name $arch $o /p" "$prog.stderr" >"$prog.sizes"
  done
}

# Run the units, at most $jobs at once.
running=0
for n in "${cases[@]}"; do
  for a in "${arch_list[@]}"; do
    run_unit "$n" "$a" &
    running=$((running + 1))
    if [ $running -ge "$jobs" ]; then
      wait -n
      running=$((running - 1))
    fi
  done
done
wait

passed=0
failed=0
xfailed=0
[ -n "$sizes_file" ] && : >"$sizes_file"
for n in "${cases[@]}"; do
  for a in "${arch_list[@]}"; do
    r="$workdir/$a/$n.result"
    for o in "${opt_list[@]}"; do
      line=$(grep -E "^[A-Z]+ $n $a $o\b" "$r" 2>/dev/null | head -n1)
      [ -n "$line" ] || line="FAIL $n $a $o: no result"
      if in_list "$n" "$xfail"; then
        case "$line" in
          PASS*) line="XPASS $n $a $o: expected to fail with this lowering"; failed=$((failed + 1)) ;;
          FAIL*) line="X$line"; xfailed=$((xfailed + 1)) ;;
        esac
      else
        case "$line" in
          PASS*) passed=$((passed + 1)) ;;
          *) failed=$((failed + 1)) ;;
        esac
      fi
      echo "$line"
      if [ -n "$sizes_file" ] && [ -f "$workdir/$a/$n.$o.sizes" ]; then
        cat "$workdir/$a/$n.$o.sizes" >>"$sizes_file"
      fi
    done
  done
done
echo "$passed passed, $failed failed, $xfailed expected failures"
[ $own_work -eq 1 ] || echo "work files in $workdir"
[ $failed -eq 0 ]
