#!/usr/bin/env bash
# Conformance against LLVM's own coroutine tests (a held-out corpus).
#
# README
#   Usage: bench/conformance/llvm_tests.sh [--tsv FILE] CORPUS_DIR COROLOWER
#
#   CORPUS_DIR holds .ll files, e.g. a copy of llvm-project's
#   llvm/test/Transforms/Coroutines/ (subdirectories included). The corpus
#   is kept outside this repository and is never committed: it is LLVM's
#   text, and it is held out so that nothing here is tuned to it. This
#   script never fetches anything; it only reads CORPUS_DIR (the files are
#   found with find, sorted with LC_ALL=C, so the output is deterministic).
#   COROLOWER is the CLI, e.g. bazel-bin/corolower. opt-22 must be on PATH
#   (or set OPT=...). TIMEOUT (default 60) bounds each tool run, in seconds.
#
#   Per file:
#     run    what LLVM's RUN lines do: split (coro-split is named),
#            pipeline (default<O..>, -O0..-O3, coro-cond), other (only other
#            passes, e.g. coro-elide or coro-cleanup), none (no RUN line).
#            If a RUN line gives opt -mtriple=T, both tools get that target
#            (opt -mtriple=T, corolower --target=T), as the test does.
#     abi    the ABI of the coroutines in it, from the llvm.coro.id* calls:
#            async (llvm.coro.id.async), yield-once (llvm.coro.id.retcon.once),
#            retcon (llvm.coro.id.retcon), switch (llvm.coro.id in a module
#            with a presplitcoroutine function), none (no presplit
#            coroutine; such files are listed but not counted in the table).
#            A file with several ABIs counts under the first of this order.
#     llvm   opt-22 -passes='coro-early,cgscc(coro-split),coro-cleanup'
#              lowered   exit 0 and no call to llvm.coro.begin/suspend* left
#              kept      exit 0 but such a call is left
#              error     nonzero exit (parse/verifier error, fatal error)
#              crash     killed by a signal, or a crash report was printed
#              timeout
#     coro   COROLOWER FILE -S -o OUT
#              lowered   exit 0, no llvm.coro.begin/suspend* call left, and
#                        the output passes opt-22's verifier
#              kept      exit 0 but such a call is left
#              invalid   exit 0 but the output does not verify
#              diagnostic  nonzero exit with a message
#              internal  the message contains "internal error"
#              crash     killed by a signal
#              timeout
#   Prints a table per ABI (files, lowered by LLVM, lowered by corolower,
#   lowered by LLVM only, by corolower only), then, for every file LLVM
#   lowers and corolower does not, the first line of corolower's message,
#   then the files LLVM itself does not lower. --tsv FILE also writes one
#   row per file: file run abi llvm coro message.
set -euo pipefail
export LC_ALL=C

tsv=""
if [[ ${1:-} == --tsv ]]; then
  tsv=${2:?--tsv needs a file}
  shift 2
fi
if [[ $# -ne 2 ]]; then
  echo "usage: $0 [--tsv FILE] CORPUS_DIR COROLOWER" >&2
  exit 2
fi
corpus=$1
corolower=$2
opt=${OPT:-opt-22}
limit=${TIMEOUT:-60}
[[ -d $corpus ]] || { echo "$0: $corpus: not a directory" >&2; exit 2; }
[[ -x $corolower ]] || { echo "$0: $corolower: not executable" >&2; exit 2; }
command -v "$opt" >/dev/null || { echo "$0: $opt not found" >&2; exit 2; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The RUN lines of $1, continuations joined, one per line.
run_lines() {
  sed -n 's/^[[:space:]]*;[[:space:]]*RUN:[[:space:]]*//p' "$1" |
    awk '{ if (sub(/\\[[:space:]]*$/, "")) { acc = acc $0 } else { print acc $0; acc = "" } }'
}

run_kind() {
  local runs
  runs=$(run_lines "$1")
  if [[ -z $runs ]]; then
    echo none
  elif grep -Eq 'coro-split' <<<"$runs"; then
    echo split
  elif grep -Eq 'default<O|-O[0-3]([^0-9]|$)|coro-cond' <<<"$runs"; then
    echo pipeline
  else
    echo other
  fi
}

# The first -mtriple of $1's RUN lines, if any: the target LLVM's test
# gives a module that has no triple of its own.
run_triple() {
  run_lines "$1" | grep -Eo -e '-mtriple[= ][^ ]+' | head -n 1 | sed 's/^-mtriple[= ]//' || true
}

# A call (not a declaration or a comment) to @$2 followed by '('.
calls() {
  grep -Eq "^[^;]*call[^;]*@${2//./\\.}\\(" "$1"
}

abi_of() {
  if calls "$1" llvm.coro.id.async; then
    echo async
  elif calls "$1" llvm.coro.id.retcon.once; then
    echo yield-once
  elif calls "$1" llvm.coro.id.retcon; then
    echo retcon
  elif calls "$1" llvm.coro.id && grep -q presplitcoroutine "$1"; then
    echo switch
  else
    echo none
  fi
}

# Whether the module $1 still calls llvm.coro.begin or llvm.coro.suspend*.
unlowered() {
  grep -Eq '^[^;]*call[^;]*@llvm\.coro\.(begin|suspend)[.a-z]*\(' "$1"
}

# Runs "${@:2}" under the time limit, stderr to $1; prints the exit status.
run_tool() {
  local err=$1 rc=0
  shift
  timeout -s KILL "$limit" "$@" >/dev/null 2>"$err" || rc=$?
  echo "$rc"
}

llvm_outcome() {
  local f=$1 out=$scratch/llvm.ll err=$scratch/llvm.err rc
  rm -f "$out"
  rc=$(run_tool "$err" "$opt" -passes='coro-early,cgscc(coro-split),coro-cleanup' \
    ${triple:+"-mtriple=$triple"} "$f" -S -o "$out")
  if [[ $rc -eq 137 ]]; then
    echo timeout
  elif [[ $rc -ge 128 ]] || grep -q 'PLEASE submit a bug report' "$err"; then
    echo crash
  elif [[ $rc -ne 0 ]]; then
    echo error
  elif unlowered "$out"; then
    echo kept
  else
    echo lowered
  fi
}

coro_outcome() {
  local f=$1 out=$scratch/coro.ll err=$scratch/coro.err rc
  rm -f "$out"
  rc=$(run_tool "$err" "$corolower" ${triple:+"--target=$triple"} "$f" -S -o "$out")
  echo "$rc" >"$scratch/coro.rc"
  if [[ $rc -eq 137 ]]; then
    echo timeout
  elif [[ $rc -ge 128 ]]; then
    echo crash
  elif grep -q 'internal error' "$err"; then
    echo internal
  elif [[ $rc -ne 0 ]]; then
    echo diagnostic
  elif unlowered "$out"; then
    echo kept
  elif ! "$opt" -passes=verify "$out" -disable-output 2>"$scratch/verify.err"; then
    cp "$scratch/verify.err" "$err"
    echo invalid
  else
    echo lowered
  fi
}

# The first line of corolower's message that says "error: " (else its first
# nonempty line), without the program's and the file's names.
first_line() {
  local line
  line=$(awk '/(^|: )error: / { print; exit } NF && !first { first = $0 }
    END { if (NR && first != "") print first }' "$scratch/coro.err" | head -n 1)
  line=${line#corolower: }
  line=${line/"$1: "/}
  printf '%s' "$line" | tr '\t' ' ' | cut -c1-240
}

abis=(switch retcon yield-once async)
declare -A n_files=() n_llvm=() n_coro=() n_llvm_only=() n_coro_only=()
for a in "${abis[@]}" none; do
  n_files[$a]=0 n_llvm[$a]=0 n_coro[$a]=0 n_llvm_only[$a]=0 n_coro_only[$a]=0
done
rows=$scratch/rows.tsv
: >"$rows"

while IFS= read -r -d '' f; do
  rel=${f#"$corpus"/}
  run=$(run_kind "$f")
  triple=$(run_triple "$f")
  if [[ -n $triple ]]; then
    run="$run,-mtriple=$triple"
  fi
  abi=$(abi_of "$f")
  llvm=$(llvm_outcome "$f")
  coro=$(coro_outcome "$f")
  msg=""
  if [[ $coro != lowered ]]; then
    msg=$(first_line "$f")
    if [[ $coro == crash ]]; then
      msg="signal $(( $(<"$scratch/coro.rc") - 128 )) ${msg}"
    fi
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$rel" "$run" "$abi" "$llvm" "$coro" "$msg" >>"$rows"
  n_files[$abi]=$(( n_files[$abi] + 1 ))
  if [[ $llvm == lowered ]]; then
    n_llvm[$abi]=$(( n_llvm[$abi] + 1 ))
    if [[ $coro != lowered ]]; then
      n_llvm_only[$abi]=$(( n_llvm_only[$abi] + 1 ))
    fi
  fi
  if [[ $coro == lowered ]]; then
    n_coro[$abi]=$(( n_coro[$abi] + 1 ))
    if [[ $llvm != lowered ]]; then
      n_coro_only[$abi]=$(( n_coro_only[$abi] + 1 ))
    fi
  fi
done < <(find "$corpus" -name '*.ll' -type f -print0 | sort -z)

if [[ -n $tsv ]]; then
  { printf 'file\trun\tabi\tllvm\tcorolower\tmessage\n'; cat "$rows"; } >"$tsv"
fi

echo "corpus: $corpus ($(wc -l <"$rows") files)"
echo "LLVM: $opt -passes='coro-early,cgscc(coro-split),coro-cleanup'; corolower: $corolower"
echo
printf '%-11s %6s %11s %16s %10s %15s\n' ABI files "LLVM lowers" "corolower lowers" "LLVM only" "corolower only"
t_files=0 t_llvm=0 t_coro=0 t_lo=0 t_co=0
for a in "${abis[@]}"; do
  printf '%-11s %6d %11d %16d %10d %15d\n' "$a" "${n_files[$a]}" "${n_llvm[$a]}" \
    "${n_coro[$a]}" "${n_llvm_only[$a]}" "${n_coro_only[$a]}"
  t_files=$(( t_files + n_files[$a] )) t_llvm=$(( t_llvm + n_llvm[$a] ))
  t_coro=$(( t_coro + n_coro[$a] )) t_lo=$(( t_lo + n_llvm_only[$a] ))
  t_co=$(( t_co + n_coro_only[$a] ))
done
printf '%-11s %6d %11d %16d %10d %15d\n' total "$t_files" "$t_llvm" "$t_coro" "$t_lo" "$t_co"
echo "(not counted: ${n_files[none]} files without a presplit coroutine)"

echo
echo "Lowered by LLVM, not by corolower (file [run] outcome: first line of the message):"
for a in "${abis[@]}"; do
  awk -F'\t' -v a="$a" '$3 == a && $4 == "lowered" && $5 != "lowered" {
    printf "  %-10s %s [%s] %s: %s\n", a, $1, $2, $5, $6 }' "$rows"
done
echo
echo "Not lowered by LLVM (file [run] abi llvm/corolower):"
awk -F'\t' '$3 != "none" && $4 != "lowered" {
  printf "  %s [%s] %s %s/%s\n", $1, $2, $3, $4, $5 }' "$rows"
echo
echo "Without a presplit coroutine (file [run] llvm/corolower):"
awk -F'\t' '$3 == "none" { printf "  %s [%s] %s/%s\n", $1, $2, $4, $5 }' "$rows"
