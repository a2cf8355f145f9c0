#!/usr/bin/env bash
# Frame size and alignment of every coroutine in the retcon cases, as a
# lowering computes them, printed as a Markdown table.
#
# For each case module and architecture the module gets that target's
# data layout and triple (as in run_retcon.sh), and right after each
# llvm.coro.begin a probe is inserted (i64 instead of i32 where the
# coroutine itself calls the i64 form: LLVM 22 gives every coro.size call
# of a coroutine the type of one of them):
#   %__rt_probe.s = call i32 @llvm.coro.size.i32()
#   %__rt_probe.a = call i32 @llvm.coro.align.i32()
#   store volatile i32 %__rt_probe.s, ptr @"__rt_probe.size.FN"
#   store volatile i32 %__rt_probe.a, ptr @"__rt_probe.align.FN"
# The lowering must turn coro.size / coro.align into constants, which are
# then read back from the stores. The probe uses the values at once, so it
# adds nothing to the frame. The table also shows the buffer size and
# alignment from llvm.coro.id.retcon[.once] and whether the frame fits
# the buffer (otherwise it is allocated).
#
# Usage: frame_sizes.sh --lower 'CMD {in} {out}' [--arch x86_64,aarch64]
#                       [--multi-end original|merged|skip] [--workdir DIR]
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
lower_cmd=""
archs="x86_64,aarch64"
multi_end=merged
workdir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --lower) lower_cmd=$2; shift 2 ;;
    --arch) archs=$2; shift 2 ;;
    --multi-end) multi_end=$2; shift 2 ;;
    --workdir) workdir=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed -e '/^set -euo/d' -e 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "frame_sizes.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -n "$lower_cmd" ] || { echo "frame_sizes.sh: --lower is required" >&2; exit 2; }
CC=${CC:-clang-22}
if [ -n "$workdir" ]; then
  mkdir -p "$workdir"; work=$(cd "$workdir" && pwd)
else
  work=$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/frames.XXXXXX")
  trap 'rm -rf "$work"' EXIT
fi
IFS=',' read -r -a arch_list <<< "$archs"

: > "$work/empty.c"
for a in "${arch_list[@]}"; do
  "$CC" --target="$a-linux-gnu" -S -emit-llvm "$work/empty.c" -o - |
    grep -E '^target (datalayout|triple) = ' > "$work/target.$a"
done

modules=()
for f in "$here"/cases/*.ll; do modules+=("$(basename "$f" .ll)|$f"); done
if [ "$multi_end" != skip ]; then
  for f in "$here"/cases_multi_end/*.ll; do
    case "$f" in *.merged.ll) continue ;; esac
    m=$f
    [ "$multi_end" = merged ] && m=${f%.ll}.merged.ll
    modules+=("multi_end/$(basename "$f" .ll)|$m")
  done
fi

# Inserts the probes; prints the coroutines as "FN SIZE ALIGN" on fd 3.
probe() {
  awk -v listing="$2" '
    # First pass: the coro.size / coro.align types each function uses
    # (LLVM gives all coro.size calls of a coroutine the type of one of
    # them, so the probe must use the same type).
    NR == FNR {
      if ($0 ~ /^define /) { fn = $0; sub(/\(.*/, "", fn); sub(/.*@/, "", fn); gsub(/"/, "", fn) }
      if ($0 ~ /call i64 @llvm\.coro\.size\.i64\(/) sty[fn] = "i64"
      if ($0 ~ /call i64 @llvm\.coro\.align\.i64\(/) aty[fn] = "i64"
      next
    }
    /^define / {
      fn = $0; sub(/\(.*/, "", fn); sub(/.*@/, "", fn); gsub(/"/, "", fn)
    }
    { print }
    /= call .*@llvm\.coro\.id\.retcon(\.once)?\(/ {
      line = $0; sub(/.*@llvm\.coro\.id\.retcon(\.once)?\(i32 /, "", line)
      bsize = line; sub(/,.*/, "", bsize)
      line2 = line; sub(/^[^,]*, i32 /, "", line2); balign = line2; sub(/,.*/, "", balign)
      buf[fn] = bsize " " balign
    }
    /= call .*@llvm\.coro\.begin\(/ {
      n++
      names[n] = fn
      st = (fn in sty) ? "i64" : "i32"; at = (fn in aty) ? "i64" : "i32"
      printf "  %%__rt_probe.s%d = call %s @llvm.coro.size.%s()\n", n, st, st
      printf "  %%__rt_probe.a%d = call %s @llvm.coro.align.%s()\n", n, at, at
      printf "  store volatile %s %%__rt_probe.s%d, ptr @\"__rt_probe.size.%s\"\n", st, n, fn
      printf "  store volatile %s %%__rt_probe.a%d, ptr @\"__rt_probe.align.%s\"\n", at, n, fn
      used[st "s"] = 1; used[at "a"] = 1
    }
    /^declare .*@llvm\.coro\.size\.i32\(/ { have["i32s"] = 1 }
    /^declare .*@llvm\.coro\.align\.i32\(/ { have["i32a"] = 1 }
    /^declare .*@llvm\.coro\.size\.i64\(/ { have["i64s"] = 1 }
    /^declare .*@llvm\.coro\.align\.i64\(/ { have["i64a"] = 1 }
    END {
      for (i = 1; i <= n; i++) {
        printf "@\"__rt_probe.size.%s\" = global i64 0\n", names[i]
        printf "@\"__rt_probe.align.%s\" = global i64 0\n", names[i]
        print names[i], buf[names[i]] > listing
      }
      split("i32 i64", tys, " ")
      for (t = 1; t <= 2; t++) {
        ty = tys[t]
        if ((ty "s") in used && !((ty "s") in have)) printf "declare %s @llvm.coro.size.%s()\n", ty, ty
        if ((ty "a") in used && !((ty "a") in have)) printf "declare %s @llvm.coro.align.%s()\n", ty, ty
      }
    }' "$1" "$1"
}

echo "| case | coroutine | buffer (size/align) | $(printf '%s frame (size/align) | ' "${arch_list[@]}")"
printf '| --- | --- | --- |%s\n' "$(printf ' --- |%.0s' "${arch_list[@]}")"
for entry in "${modules[@]}"; do
  name=${entry%%|*}; mod=${entry#*|}
  d="$work/${name//\//_}"
  mkdir -p "$d"
  declare -A cell=()
  for a in "${arch_list[@]}"; do
    { cat "$work/target.$a"; probe "$mod" "$d/list"; } > "$d/in.$a.ll"
    cmd=${lower_cmd//\{in\}/$(printf '%q' "$d/in.$a.ll")}
    cmd=${cmd//\{out\}/$(printf '%q' "$d/out.$a.ll")}
    if ! bash -c "$cmd" > "$d/lower.$a.log" 2>&1; then
      while read -r fn _; do cell[$fn,$a]="lowering failed"; done < "$d/list"
      continue
    fi
    while read -r fn bs ba; do
      s=$(grep -oE "store volatile i(32|64) [0-9]+, ptr @\"?__rt_probe\.size\.$fn\"?," "$d/out.$a.ll" |
          grep -oE 'i(32|64) [0-9]+' | head -n 1 | cut -d' ' -f2 || true)
      al=$(grep -oE "store volatile i(32|64) [0-9]+, ptr @\"?__rt_probe\.align\.$fn\"?," "$d/out.$a.ll" |
           grep -oE 'i(32|64) [0-9]+' | head -n 1 | cut -d' ' -f2 || true)
      if [ -z "$s" ] || [ -z "$al" ]; then
        cell[$fn,$a]="not constant"
      elif [ "$s" -le "$bs" ] && [ "$al" -le "$ba" ]; then
        cell[$fn,$a]="$s/$al inline"
      else
        cell[$fn,$a]="$s/$al allocated"
      fi
    done < "$d/list"
  done
  while read -r fn bs ba; do
    row="| $name | $fn | $bs/$ba |"
    for a in "${arch_list[@]}"; do row="$row ${cell[$fn,$a]} |"; done
    echo "$row"
  done < "$d/list"
  unset cell
done
