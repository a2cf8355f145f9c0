#!/bin/bash
# Tests of the corolower command-line tool: options, output formats, stdin and
# stdout, the frame report, pass-through of modules without coroutines, and
# every malformed input of tests/malformed/inputs (exit status 1, a clear
# diagnostic naming the function, no output file, no crash), and what the
# output paths point to: regular files are replaced whole, symbolic links
# stay links, FIFOs and devices are written to, write errors (a full
# stdout) are errors, bitcode is not written to a terminal; and faults: an
# input without read permission, truncated bitcode, a full file system (a
# small tmpfs in a user and mount namespace of the test's own), the output's
# directory removed or moved away during the run, a reader that closes the
# pipe early (as opt-22: SIGPIPE, or status 1 when it is ignored).
#
# Everything it writes is under $T. The only device written to is /dev/full,
# through shell redirections or symbolic links in $T, so a corolower that
# replaced its output path would replace a link in $T, never the device.
#
# Usage: cli_test.sh   (under Bazel; or set COROLOWER and run from the
# workspace root)
set -u

root=${TEST_SRCDIR:+$TEST_SRCDIR/${TEST_WORKSPACE:-corolower}}
root=${root:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$root" || exit 2
COROLOWER=${COROLOWER:-}
if [ -z "$COROLOWER" ]; then
  for c in "$root/corolower" "$root/bazel-bin/corolower"; do
    if [ -x "$c" ]; then COROLOWER=$c; break; fi
  done
fi
if [ -z "$COROLOWER" ] || [ ! -x "$COROLOWER" ]; then
  echo "cli_test: cannot find corolower (set COROLOWER)" >&2
  exit 2
fi
OPT=${OPT:-$(command -v opt-22 || true)}
PYTHON=${PYTHON:-$( [ -x /usr/bin/python3 ] && echo /usr/bin/python3 || command -v python3 || true)}
T=${TEST_TMPDIR:-$(mktemp -d)}/cli
rm -rf "$T"
mkdir -p "$T"

IN=tests/cli/inputs
BAD=tests/malformed/inputs

pass=0
fail=0
skipped=0
failures=()
current=""

begin() { current=$1; }
ok() { pass=$((pass + 1)); echo "ok   - $current"; }
skip() { skipped=$((skipped + 1)); echo "skip - $current: $*"; }
bad() {
  fail=$((fail + 1))
  failures+=("$current")
  echo "FAIL - $current: $*"
  if [ -s "$T/stderr" ]; then sed 's/^/       stderr: /' "$T/stderr" | head -20; fi
}

# run ARGS...: runs corolower, stdout to $T/stdout, stderr to $T/stderr,
# status in $rc.
run() {
  "$COROLOWER" "$@" >"$T/stdout" 2>"$T/stderr"
  rc=$?
}

# A crash is never acceptable: signals give 128+N, sanitizers 1 with a report.
no_crash() {
  if [ "$rc" -ge 128 ]; then bad "crashed (status $rc)"; return 1; fi
  if grep -qE 'AddressSanitizer|UndefinedBehaviorSanitizer|runtime error:|LLVM ERROR|Stack dump' "$T/stderr"; then
    bad "crash or sanitizer report on stderr"; return 1
  fi
  return 0
}

is_bitcode() { [ "$(head -c 4 "$1" | od -An -tx1 | tr -d ' \n')" = "4243c0de" ]; }
is_text_ir() { head -c 200 "$1" | grep -q '^; ModuleID\|^source_filename\|^target '; }
verified() { [ -z "$OPT" ] || "$OPT" -passes=verify -disable-output "$1" 2>>"$T/stderr"; }
fully_lowered() {
  ! grep -q presplitcoroutine "$1" && ! grep -qE 'call .*@llvm\.coro\.' "$1"
}

# ---------------------------------------------------------------------------
# --help, --version, bad usage

begin "--help prints usage on stdout and exits 0"
run --help
if [ $rc -ne 0 ]; then bad "status $rc"
elif ! grep -q '^usage: corolower' "$T/stdout"; then bad "no usage line"
elif ! grep -q -- '--frame-report' "$T/stdout"; then bad "options not listed"
else ok; fi

begin "-h is --help"
run -h
if [ $rc -eq 0 ] && grep -q '^usage: corolower' "$T/stdout"; then ok; else bad "status $rc"; fi

begin "--version prints name and version, exits 0"
run --version
if [ $rc -ne 0 ]; then bad "status $rc"
elif ! grep -qE '^corolower [0-9]+\.[0-9]+\.[0-9]+' "$T/stdout"; then bad "got: $(cat "$T/stdout")"
else ok; fi

begin "every option --help lists is accepted, every ABI --abi lists too"
run --help
opts=$(grep -oE '^  (-[a-zA-Z], )?--?[a-zA-Z][a-z-]*' "$T/stdout" | sed 's/.*[ ]//' | sort -u)
abis=$(sed -n 's/.*allowed ABIs: //p' "$T/stdout")
unknown=""
for o in $opts; do
  case $o in --help|-h|--version) continue ;; esac
  for form in "$o" "$o=x"; do
    "$COROLOWER" "$form" "$IN/coro.ll" -o /dev/null >/dev/null 2>"$T/opt.err"
    if grep -q "unknown option" "$T/opt.err"; then unknown="$unknown $form"; fi
  done
done
# Each option is accepted in at least one of its two forms.
missing=""
for o in $opts; do
  case $o in --help|-h|--version) continue ;; esac
  case " $unknown " in *" $o "*) case " $unknown " in *" $o=x "*) missing="$missing $o" ;; esac ;; esac
done
"$COROLOWER" --abi="$abis" "$IN/coro.ll" -o /dev/null 2>"$T/stderr"; abi_rc=$?
if [ -z "$opts" ] || [ "$(echo "$opts" | wc -w)" -lt 15 ]; then bad "options not found in --help"
elif [ -n "$missing" ]; then bad "listed but refused:$missing"
elif [ -z "$abis" ] || [ $abi_rc -ne 0 ]; then bad "--abi=$abis refused (status $abi_rc)"
else ok; fi

begin "unknown option: status 1 and a message"
run --no-such-option "$IN/coro.ll"
if [ $rc -eq 1 ] && grep -q "error: unknown option '--no-such-option'" "$T/stderr"; then ok; else bad "status $rc"; fi

begin "no input file: status 1"
run -S
if [ $rc -eq 1 ] && grep -q 'error: no input file' "$T/stderr"; then ok; else bad "status $rc"; fi

begin "two input files: status 1"
run "$IN/coro.ll" "$IN/plain.ll"
if [ $rc -eq 1 ] && grep -q 'more than one input' "$T/stderr"; then ok; else bad "status $rc"; fi

begin "-o without a file name: status 1"
run "$IN/coro.ll" -o
if [ $rc -eq 1 ] && grep -q -- '-o needs a file name' "$T/stderr"; then ok; else bad "status $rc"; fi

begin "--frame-report=xml is rejected"
run --frame-report=xml "$IN/coro.ll" -o "$T/x.ll"
if [ $rc -eq 1 ] && grep -q 'text or json' "$T/stderr" && [ ! -e "$T/x.ll" ]; then ok; else bad "status $rc"; fi

begin "--abi=nonsense is rejected"
run --abi=nonsense "$IN/coro.ll" -o "$T/x.ll"
if [ $rc -eq 1 ] && grep -q "unknown ABI" "$T/stderr" && [ ! -e "$T/x.ll" ]; then ok; else bad "status $rc"; fi

# ---------------------------------------------------------------------------
# output formats

begin "-o FILE.ll writes textual IR, lowered and verified"
run "$IN/coro.ll" -o "$T/out.ll"
if [ $rc -ne 0 ]; then bad "status $rc"
elif ! is_text_ir "$T/out.ll"; then bad "not text"
elif ! grep -q 'define internal fastcc void @gen.resume(ptr' "$T/out.ll"; then bad "no resume clone"
elif ! fully_lowered "$T/out.ll"; then bad "not fully lowered"
elif ! verified "$T/out.ll"; then bad "fails opt-22's verifier"
elif [ -s "$T/stdout" ]; then bad "wrote to stdout too"
else ok; fi

begin "-o FILE.bc writes bitcode"
run "$IN/coro.ll" -o "$T/out.bc"
if [ $rc -ne 0 ]; then bad "status $rc"
elif ! is_bitcode "$T/out.bc"; then bad "no bitcode magic"
elif ! verified "$T/out.bc"; then bad "fails opt-22's verifier"
else ok; fi

begin "-S forces text whatever the extension"
run -S "$IN/coro.ll" -o "$T/forced.bc"
if [ $rc -eq 0 ] && is_text_ir "$T/forced.bc" && ! is_bitcode "$T/forced.bc"; then ok; else bad "status $rc"; fi

begin "text and bitcode outputs hold the same module"
if [ -n "$OPT" ]; then
  "$OPT" -S "$T/out.bc" -o "$T/from_bc.ll" 2>"$T/stderr"
  "$OPT" -S "$T/out.ll" -o "$T/from_ll.ll" 2>>"$T/stderr"
  if diff <(grep -v '^; ModuleID\|^source_filename' "$T/from_bc.ll") \
          <(grep -v '^; ModuleID\|^source_filename' "$T/from_ll.ll") >"$T/diff"; then ok
  else bad "differ: $(head -5 "$T/diff")"; fi
else ok; fi

begin "'-o -' without -S writes bitcode to stdout"
run "$IN/coro.ll" -o -
if [ $rc -eq 0 ] && is_bitcode "$T/stdout"; then ok; else bad "status $rc"; fi

begin "no -o at all means stdout"
run -S "$IN/coro.ll"
if [ $rc -eq 0 ] && is_text_ir "$T/stdout" && grep -q '@gen.destroy' "$T/stdout"; then ok; else bad "status $rc"; fi

begin "'-' reads textual IR from stdin, -S -o - writes text to stdout"
"$COROLOWER" - -S -o - <"$IN/coro.ll" >"$T/stdout" 2>"$T/stderr"
rc=$?
if [ $rc -eq 0 ] && is_text_ir "$T/stdout" && grep -q '@gen.resume' "$T/stdout" \
   && fully_lowered "$T/stdout"; then ok; else bad "status $rc"; fi

begin "'-' reads bitcode from stdin"
if [ -n "$OPT" ]; then
  "$OPT" "$IN/coro.ll" -o "$T/in.bc"
  "$COROLOWER" - -S -o "$T/from_stdin_bc.ll" <"$T/in.bc" >"$T/stdout" 2>"$T/stderr"
  rc=$?
  if [ $rc -eq 0 ] && grep -q '@gen.cleanup' "$T/from_stdin_bc.ll"; then ok; else bad "status $rc"; fi
else ok; fi

begin "-oFILE (attached) works"
run "$IN/coro.ll" "-o$T/attached.ll"
if [ $rc -eq 0 ] && is_text_ir "$T/attached.ll"; then ok; else bad "status $rc"; fi

# Comments (e.g. "; preds = ...", whose order follows use lists) are ignored.
strip_ir() { grep -v '^; ModuleID\|^source_filename' "$1" | sed 's/ *;.*$//'; }
begin "lowered output fed back in passes through (idempotent at the module level)"
run -S "$T/out.ll" -o "$T/again.ll"
if [ $rc -ne 0 ]; then bad "status $rc"
elif ! diff <(strip_ir "$T/out.ll") <(strip_ir "$T/again.ll") >"$T/diff"; then
  bad "second run changed the module: $(head -5 "$T/diff")"
else ok; fi

# ---------------------------------------------------------------------------
# frame report

begin "--frame-report=json is valid JSON on stderr, module still written"
# (--target: no note about an assumed layout on stderr, only the report)
run --target=x86_64-pc-linux-gnu --frame-report=json "$IN/coro.ll" -o "$T/rep.ll"
if [ $rc -ne 0 ]; then bad "status $rc"
elif [ ! -s "$T/rep.ll" ]; then bad "no module written"
elif [ -n "$PYTHON" ] && ! "$PYTHON" -m json.tool "$T/stderr" >"$T/json" 2>"$T/jsonerr"; then
  bad "invalid JSON: $(cat "$T/jsonerr")"
elif ! grep -q '"function": "gen"' "$T/stderr"; then bad "no frame for gen"
else ok; fi

begin "JSON report has the switched-resume header fields and a positive size"
if [ -n "$PYTHON" ]; then
  if "$PYTHON" - "$T/stderr" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
fr = [f for f in r["frames"] if f["function"] == "gen"]
assert len(fr) == 1, r
f = fr[0]
assert f["abi"] == "switch", f
assert f["size"] > 0 and f["align"] >= 8, f
assert f["suspends"] == 1, f
names = {x["name"]: x for x in f["fields"]}
assert names["__resume_fn"]["offset"] == 0, names
assert names["__destroy_fn"]["offset"] == 8, names
# One suspend point to resume at, and a one-byte index would start a word
# of its own: the layout drops it (24 bytes, not 32).
assert not any(x["kind"] == "index" for x in f["fields"]), f
assert f["size"] == 24, f
assert {x["kind"] for x in f["fields"]} <= {"header", "promise", "index", "alloca", "spill", "realigned"}, f
end = max(x["offset"] + x["size"] for x in f["fields"])
assert end <= f["size"], (end, f)
PY
  then ok; else bad "report content"; fi
else ok; fi

begin "--frame-report-file=FILE writes the report there, not to stderr"
run --target=x86_64-pc-linux-gnu --frame-report=json "--frame-report-file=$T/report.json" "$IN/coro.ll" -o "$T/rep2.ll"
if [ $rc -ne 0 ]; then bad "status $rc"
elif [ -s "$T/stderr" ]; then bad "stderr not empty"
elif [ -n "$PYTHON" ] && ! "$PYTHON" -m json.tool "$T/report.json" >"$T/devnull" 2>"$T/jsonerr"; then
  bad "invalid JSON file: $(cat "$T/jsonerr")"
else ok; fi

begin "a coroutine module without a data layout: a note says which was assumed"
run "$IN/coro.ll" -S -o "$T/assumed.ll"
if [ $rc -ne 0 ]; then bad "status $rc"
elif ! grep -q 'note: .*no target triple: assumed the host.s, .*, with data layout "e-' "$T/stderr"; then
  bad "no note naming the assumed triple and layout"
elif ! grep -q '^target datalayout = "e-' "$T/assumed.ll"; then bad "layout not in the output"
else ok; fi

begin "a module without coroutines keeps its (missing) triple and layout, no note"
grep -v '^target ' "$IN/plain.ll" >"$T/plain_nt.ll"
run "$T/plain_nt.ll" -S -o "$T/plain_kept.ll"
if [ $rc -ne 0 ]; then bad "status $rc"
elif [ -s "$T/stderr" ]; then bad "stderr not empty"
elif grep -q '^target \(triple\|datalayout\)' "$T/plain_kept.ll"; then bad "triple or layout stamped in"
else ok; fi

begin "a coroutine for an architecture without rules of its own lowers, with a note"
printf 'target triple = "mips64el-unknown-linux-gnuabi64"\n' >"$T/mips.ll"
grep -v '^target ' "$IN/coro.ll" >>"$T/mips.ll"
run "$T/mips.ll" -S -o "$T/mips.out.ll"
if [ $rc -eq 0 ] && grep -q "note: .*mips64el-unknown-linux-gnuabi64.*no guaranteed tail call" "$T/stderr" &&
   grep -q '^target triple = "mips64el' "$T/mips.out.ll"; then ok; else bad "status $rc"; fi

begin "a coroutine for a triple LLVM does not know, without a layout, is an error, no output"
printf 'target triple = "nosuch-unknown-unknown"\n' >"$T/nosuch.ll"
grep -v '^target ' "$IN/coro.ll" >>"$T/nosuch.ll"
run "$T/nosuch.ll" -S -o "$T/nosuch.out.ll"
if [ $rc -eq 1 ] && grep -q "error: .*unknown target" "$T/stderr" &&
   [ ! -e "$T/nosuch.out.ll" ]; then ok; else bad "status $rc"; fi

begin "--frame-report (text) names the function and the fields"
run --frame-report "$IN/coro.ll" -o "$T/rep3.ll"
if [ $rc -eq 0 ] && grep -q 'gen' "$T/stderr" && grep -q '__resume_fn' "$T/stderr"; then ok; else bad "status $rc"; fi

begin "async frames: the context offset and final size (text and JSON)"
run --target=x86_64-pc-linux-gnu --frame-report "$IN/async.ll" -o "$T/async.ll"
if [ $rc -ne 0 ]; then bad "status $rc"
elif ! grep -q '^frame f: abi=async size=16 align=8 suspends=2 context_offset=32 context_size=48$' "$T/stderr"; then
  bad "text report: $(head -1 "$T/stderr")"
else
  run --target=x86_64-pc-linux-gnu --frame-report=json "$IN/async.ll" -o "$T/async.ll"
  if [ $rc -ne 0 ]; then bad "status $rc"
  elif [ -n "$PYTHON" ] && ! "$PYTHON" - "$T/stderr" <<'PY'
import json, sys
f = json.load(open(sys.argv[1]))["frames"][0]
assert f["abi"] == "async" and f["context_offset"] == 32 and f["context_size"] == 48, f
assert [x["kind"] for x in f["fields"]] == ["spill", "spill"], f
PY
  then bad "JSON report content"
  else ok; fi
fi

begin "async alloca aligned above the context: realigned by default (as LLVM 22), with or without --async-realign-overaligned; an error with --no-async-realign-overaligned"
run --frame-report "$IN/async_overaligned.ll" -S -o "$T/aoa.ll"
if [ $rc -ne 0 ]; then bad "default: status $rc, want 0"
elif ! grep -q 'and i64 .*, 63$' "$T/aoa.ll"; then bad "default: no run-time realignment in the output"
else
  run --async-realign-overaligned "$IN/async_overaligned.ll" -S -o "$T/aoa2.ll"
  if [ $rc -ne 0 ] || ! cmp -s "$T/aoa.ll" "$T/aoa2.ll"; then bad "--async-realign-overaligned: status $rc or another output than the default"
  else
    run --no-async-realign-overaligned "$IN/async_overaligned.ll" -o "$T/aoa3.ll"
    if [ $rc -ne 1 ] || [ -e "$T/aoa3.ll" ]; then bad "--no-async-realign-overaligned: status $rc, want 1 and no output"
    elif ! grep -q "above the async context's 16" "$T/stderr"; then bad "--no-async-realign-overaligned: no alignment error"
    else ok; fi
  fi
fi

begin "an async function pointer several coroutines share: the largest size, a warning naming both"
run tests/lit/async_afp_shared.ll -S -o "$T/shared.ll"
if [ $rc -ne 0 ]; then bad "status $rc, want 0"
elif ! grep -q "in function 'c': the async function pointer @shared also holds the context size of @b, 64 bytes, where this coroutine needs 40" "$T/stderr"; then bad "no warning naming @c and @b"
elif ! grep -q '^@shared = .* i32 64 }>' "$T/shared.ll"; then bad "@shared does not hold 64"
else ok; fi

begin "the report marks fields kept in the realignment slack (JSON and text)"
run --target=x86_64-pc-linux-gnu --frame-report=json "$IN/overaligned.ll" -o "$T/oa.ll"
if [ $rc -ne 0 ]; then bad "status $rc"
elif [ -n "$PYTHON" ] && ! "$PYTHON" - "$T/stderr" <<'PY'
import json, sys
f = json.load(open(sys.argv[1]))["frames"][0]
assert f["size"] == 384, f
names = {x["name"]: x for x in f["fields"]}
reg, idx = names["__realigned"], names["__index"]
assert reg["kind"] == "realigned" and "in_slack" not in reg, reg
assert idx.get("in_slack") is True, idx
assert reg["offset"] <= idx["offset"] < reg["offset"] + reg["size"], (reg, idx)
assert all("in_slack" not in x for x in f["fields"] if x["name"] != "__index"), f
PY
then bad "report content"
else
  run --frame-report "$IN/overaligned.ll" -o "$T/oa2.ll"
  if [ $rc -eq 0 ] && grep -q '__index  (in the realignment slack)' "$T/stderr"; then ok
  else bad "text report: $(cat "$T/stderr")"; fi
fi

begin "JSON report of a module without coroutines is still valid JSON"
run --frame-report=json "$IN/plain.ll" -o "$T/plain_rep.ll"
if [ $rc -ne 0 ]; then bad "status $rc"
elif [ -n "$PYTHON" ] && ! "$PYTHON" -m json.tool "$T/stderr" >"$T/devnull" 2>"$T/jsonerr"; then
  bad "invalid JSON: $(cat "$T/jsonerr")"
else ok; fi

# ---------------------------------------------------------------------------
# pass-through

begin "a module without coroutines passes through unchanged and verified"
run -S "$IN/plain.ll" -o "$T/plain.out.ll"
if [ $rc -ne 0 ]; then bad "status $rc"
elif ! verified "$T/plain.out.ll"; then bad "fails opt-22's verifier"
elif [ -n "$OPT" ]; then
  "$OPT" -S "$IN/plain.ll" -o "$T/plain.ref.ll"
  if diff <(grep -v '^; ModuleID' "$T/plain.ref.ll") <(grep -v '^; ModuleID' "$T/plain.out.ll") >"$T/diff"; then ok
  else bad "module changed: $(head -10 "$T/diff")"; fi
else ok; fi

begin "without datalayout/triple, only those lines are added"
grep -v '^target ' "$IN/plain.ll" >"$T/plain_notarget.ll"
run -S "$T/plain_notarget.ll" -o "$T/plain_notarget.out.ll"
if [ $rc -ne 0 ]; then bad "status $rc"
elif [ -n "$OPT" ]; then
  "$OPT" -S "$T/plain_notarget.ll" -o "$T/plain_notarget.ref.ll"
  if diff <(grep -v '^; ModuleID\|^target ' "$T/plain_notarget.ref.ll") \
          <(grep -v '^; ModuleID\|^target ' "$T/plain_notarget.out.ll") >"$T/diff"; then ok
  else bad "module changed: $(head -10 "$T/diff")"; fi
else ok; fi

begin "an empty module passes through"
printf '' >"$T/empty.ll"
run -S "$T/empty.ll" -o "$T/empty.out.ll"
if [ $rc -eq 0 ] && [ -e "$T/empty.out.ll" ]; then ok; else bad "status $rc"; fi

# ---------------------------------------------------------------------------
# errors: files and paths

begin "nonexistent input: status 1, 'cannot read', no output"
run "$T/does-not-exist.ll" -o "$T/never.ll"
if [ $rc -ne 1 ]; then bad "status $rc"
elif ! grep -q "error: cannot read '$T/does-not-exist.ll'" "$T/stderr"; then bad "message"
elif [ -e "$T/never.ll" ]; then bad "output created"
else ok; fi

begin "unwritable output path: status 1, 'cannot write', nothing created"
run "$IN/coro.ll" -o /nonexistent-dir/out.ll
if [ $rc -ne 1 ]; then bad "status $rc"
elif ! grep -q "error: cannot write '/nonexistent-dir/out.ll'" "$T/stderr"; then bad "message"
elif [ -e /nonexistent-dir ]; then bad "directory created"
else ok; fi

begin "unwritable bitcode output path: status 1"
run "$IN/coro.ll" -o /nonexistent-dir/out.bc
if [ $rc -eq 1 ] && grep -q "error: cannot write" "$T/stderr"; then ok; else bad "status $rc"; fi

begin "output path that is a directory: status 1, no stray temporary files"
mkdir -p "$T/adir"
run -S "$IN/coro.ll" -o "$T/adir"
if [ $rc -ne 1 ]; then bad "status $rc"
elif ! grep -q "error: cannot write" "$T/stderr"; then bad "message"
elif ls "$T" | grep -q 'adir\.tmp'; then bad "temporary file left: $(ls "$T" | grep tmp)"
else ok; fi

begin "an input that is a directory: status 1"
run "$T/adir" -o "$T/fromdir.ll"
if no_crash; then
  if [ $rc -eq 1 ] && grep -q 'error:' "$T/stderr" && [ ! -e "$T/fromdir.ll" ]; then ok; else bad "status $rc"; fi
fi

begin "a failed run leaves an existing output file untouched"
echo "OLD CONTENT" >"$T/keep.ll"
run "$BAD/two_coro_ids.ll" -o "$T/keep.ll"
if [ $rc -ne 1 ]; then bad "status $rc"
elif [ "$(cat "$T/keep.ll")" != "OLD CONTENT" ]; then bad "output overwritten"
elif ls "$T" | grep -q 'keep\.ll\.tmp'; then bad "temporary file left"
else ok; fi

begin "unwritable --frame-report-file: status 1"
run --frame-report=json --frame-report-file=/nonexistent-dir/r.json "$IN/coro.ll" -o "$T/r.ll"
if no_crash; then
  if [ $rc -eq 1 ] && grep -q "cannot write the frame report" "$T/stderr"; then ok; else bad "status $rc"; fi
fi

# ---------------------------------------------------------------------------
# what the output paths point to: a regular file (or nothing yet) is replaced
# whole through a temporary file; a symbolic link stays a link; anything else
# is written to, as opt does

# no_temp DIR...: no temporary file (*.tmp.PID) is left in any DIR.
no_temp() { [ -z "$(find "$@" -maxdepth 1 -name '*.tmp.[0-9]*')" ]; }

# with_reader FIFO COPY ARGS...: runs corolower (as run does) while a
# background cat copies FIFO to COPY. A corolower that replaced the FIFO
# instead of opening it would leave cat waiting: it is stopped, so the check
# fails rather than hangs.
with_reader() {
  local fifo=$1 copy=$2
  shift 2
  timeout 60 cat "$fifo" >"$copy" &
  local reader=$!
  timeout 60 "$COROLOWER" "$@" >"$T/stdout" 2>"$T/stderr"
  rc=$?
  [ -p "$fifo" ] || kill "$reader" 2>/dev/null
  wait "$reader" 2>/dev/null
}

begin "an existing regular file is replaced by a new one, not rewritten in place"
echo "OLD CONTENT" >"$T/replaced.ll"
ln "$T/replaced.ll" "$T/replaced.old"   # a second name for the old file
run "$IN/coro.ll" -o "$T/replaced.ll"
if [ $rc -ne 0 ]; then bad "status $rc"
elif ! grep -q '@gen.resume' "$T/replaced.ll"; then bad "not written"
elif [ "$(cat "$T/replaced.old")" != "OLD CONTENT" ]; then bad "the old file was written in place"
elif ! no_temp "$T"; then bad "temporary file left"
else ok; fi

begin "-o a symbolic link to a regular file: the link stays, its target gets the output"
mkdir -p "$T/real" "$T/links"
echo "OLD CONTENT" >"$T/real/target.ll"
ln -s ../real/target.ll "$T/links/out.ll"
run "$IN/coro.ll" -o "$T/links/out.ll"
if [ $rc -ne 0 ]; then bad "status $rc"
elif [ ! -L "$T/links/out.ll" ]; then bad "the link was replaced"
elif ! grep -q '@gen.resume' "$T/real/target.ll"; then bad "target not written"
elif ! no_temp "$T/real" "$T/links"; then bad "temporary file left"
else ok; fi

begin "a failed run through a symbolic link leaves link and target untouched"
echo "OLD CONTENT" >"$T/real/target.ll"
run "$BAD/two_coro_ids.ll" -o "$T/links/out.ll"
if [ $rc -ne 1 ]; then bad "status $rc"
elif [ ! -L "$T/links/out.ll" ]; then bad "the link was replaced"
elif [ "$(cat "$T/real/target.ll")" != "OLD CONTENT" ]; then bad "target overwritten"
elif ! no_temp "$T/real" "$T/links"; then bad "temporary file left"
else ok; fi

begin "-o a dangling symbolic link: its target is created, the link stays"
ln -s dangling.target "$T/dangle.ll"
run "$IN/coro.ll" -o "$T/dangle.ll"
if [ $rc -ne 0 ]; then bad "status $rc"
elif [ ! -L "$T/dangle.ll" ]; then bad "the link was replaced"
elif ! grep -q '@gen.resume' "$T/dangling.target"; then bad "target not created"
elif ! no_temp "$T"; then bad "temporary file left"
else ok; fi

begin "a failed run through a dangling symbolic link creates nothing"
ln -s dangling2.target "$T/dangle2.ll"
run "$BAD/two_coro_ids.ll" -o "$T/dangle2.ll"
if [ $rc -ne 1 ]; then bad "status $rc"
elif [ ! -L "$T/dangle2.ll" ]; then bad "the link was replaced"
elif [ -e "$T/dangling2.target" ]; then bad "target created"
elif ! no_temp "$T"; then bad "temporary file left"
else ok; fi

begin "-o a dangling symbolic link into a missing directory: status 1, nothing created"
ln -s no-such-dir/x.ll "$T/dangle3.ll"
run "$IN/coro.ll" -o "$T/dangle3.ll"
if [ $rc -ne 1 ]; then bad "status $rc"
elif ! grep -q "error: cannot write '$T/dangle3.ll': No such file or directory" "$T/stderr"; then bad "message"
elif [ -e "$T/no-such-dir" ] || [ ! -L "$T/dangle3.ll" ]; then bad "something created or replaced"
else ok; fi

begin "-o a symbolic link loop: status 1"
ln -s loop.b "$T/loop.a"
ln -s loop.a "$T/loop.b"
run "$IN/coro.ll" -o "$T/loop.a"
if [ $rc -ne 1 ]; then bad "status $rc"
elif ! grep -q "error: cannot write '$T/loop.a': Too many levels of symbolic links" "$T/stderr"; then bad "message"
elif [ ! -L "$T/loop.a" ]; then bad "the link was replaced"
else ok; fi

begin "-o in a missing directory under the scratch directory: status 1, nothing created"
run "$IN/coro.ll" -o "$T/missing/out.ll"
if [ $rc -ne 1 ]; then bad "status $rc"
elif ! grep -q "^corolower: error: cannot write '$T/missing/out.ll'" "$T/stderr"; then bad "message"
elif [ -e "$T/missing" ]; then bad "directory created"
else ok; fi

begin "-o a FIFO: its reader gets the output, the FIFO stays a FIFO"
mkfifo "$T/fifo"
with_reader "$T/fifo" "$T/fifo.copy" -S "$IN/coro.ll" -o "$T/fifo"
if [ $rc -ne 0 ]; then bad "status $rc"
elif [ ! -p "$T/fifo" ]; then bad "the FIFO was replaced"
elif ! grep -q '@gen.resume' "$T/fifo.copy"; then bad "the reader got: $(head -c 200 "$T/fifo.copy")"
elif ! no_temp "$T"; then bad "temporary file left"
else ok; fi

begin "-o a symbolic link to a FIFO: the link and the FIFO stay, the reader gets bitcode"
ln -s fifo "$T/fifo.link"
with_reader "$T/fifo" "$T/fifo.copy" "$IN/coro.ll" -o "$T/fifo.link"
if [ $rc -ne 0 ]; then bad "status $rc"
elif [ ! -L "$T/fifo.link" ] || [ ! -p "$T/fifo" ]; then bad "link or FIFO replaced"
elif ! is_bitcode "$T/fifo.copy"; then bad "the reader got no bitcode"
else ok; fi

begin "--frame-report-file=FIFO: its reader gets the report, the FIFO stays"
with_reader "$T/fifo" "$T/fifo.copy" --frame-report=json "--frame-report-file=$T/fifo" "$IN/coro.ll" -o "$T/rep_fifo.ll"
if [ $rc -ne 0 ]; then bad "status $rc"
elif [ ! -p "$T/fifo" ]; then bad "the FIFO was replaced"
elif ! grep -q '"function": "gen"' "$T/fifo.copy"; then bad "the reader got: $(head -c 200 "$T/fifo.copy")"
elif [ ! -s "$T/rep_fifo.ll" ]; then bad "no module written"
else ok; fi

begin "-o a symbolic link to /proc/self/fd/1 writes into the stdout pipe"
ln -s /proc/self/fd/1 "$T/stdout.link"
"$COROLOWER" -S "$IN/coro.ll" -o "$T/stdout.link" 2>"$T/stderr" | cat >"$T/piped"
rc=${PIPESTATUS[0]}
if [ $rc -ne 0 ]; then bad "status $rc"
elif [ ! -L "$T/stdout.link" ]; then bad "the link was replaced"
elif ! grep -q '@gen.resume' "$T/piped"; then bad "nothing in the pipe"
else ok; fi

# /dev/full: every write fails with ENOSPC. Named through a link in $T.
ln -s /dev/full "$T/full"

begin "a full stdout (-S -o - >/dev/full): status 1 and an error"
"$COROLOWER" -S "$IN/coro.ll" -o - >/dev/full 2>"$T/stderr"
rc=$?
if no_crash; then
  if [ $rc -eq 1 ] && grep -q '^corolower: error: .*No space left on device' "$T/stderr"; then ok
  else bad "status $rc"; fi
fi

begin "bitcode to a full stdout: status 1 and an error, not LLVM's abort"
"$COROLOWER" "$IN/coro.ll" -o - >/dev/full 2>"$T/stderr"
rc=$?
if no_crash; then
  if [ $rc -eq 1 ] && grep -q '^corolower: error: .*No space left on device' "$T/stderr"; then ok
  else bad "status $rc"; fi
fi

begin "--help and --version to a full stdout: status 1"
"$COROLOWER" --help >/dev/full 2>"$T/stderr"
rc=$?
"$COROLOWER" --version >/dev/full 2>>"$T/stderr"
rc2=$?
if [ $rc -eq 1 ] && [ $rc2 -eq 1 ] && grep -q 'error: cannot write to stdout' "$T/stderr"; then ok
else bad "status $rc and $rc2"; fi

begin "-o a link to a full device writes through to it: status 1, the link stays"
run -S "$IN/coro.ll" -o "$T/full"
if [ $rc -ne 1 ]; then bad "status $rc"
elif ! grep -q "^corolower: error: cannot write '$T/full': No space left on device" "$T/stderr"; then bad "message"
elif [ ! -L "$T/full" ]; then bad "the link was replaced"
else ok; fi

begin "--frame-report-file on a full device: status 1, and no module written"
run --frame-report=json "--frame-report-file=$T/full" "$IN/coro.ll" -o "$T/full_rep.ll"
if [ $rc -ne 1 ]; then bad "status $rc"
elif ! grep -q "error: cannot write the frame report to '$T/full': No space left on device" "$T/stderr"; then bad "message"
elif [ -e "$T/full_rep.ll" ] || ! no_temp "$T"; then bad "module written"
else ok; fi

begin "a failed module write leaves no frame report file"
run --frame-report=json "--frame-report-file=$T/unwritten.json" "$IN/coro.ll" -o "$T/full"
if [ $rc -ne 1 ]; then bad "status $rc"
elif [ -e "$T/unwritten.json" ] || ! no_temp "$T"; then bad "report file left"
else ok; fi

begin "the frame report to a full stderr: status 1, no module written"
"$COROLOWER" --frame-report "$IN/coro.ll" -o "$T/full_stderr.ll" 2>/dev/full
rc=$?
if [ $rc -eq 1 ] && [ ! -e "$T/full_stderr.ll" ]; then ok; else bad "status $rc"; fi

# ---------------------------------------------------------------------------
# faults: unreadable and truncated input, a full file system, the output's
# directory vanishing during the run, a pipe closed early

# big_input FILE N: N copies of coro.ll's coroutine (@gen1 ... @genN): an
# output and a frame report larger than a pipe holds.
big_input() {
  { for i in $(seq 1 "$2"); do
      sed -n "/^define/,/^}/{s/@gen(/@gen$i(/;p}" "$IN/coro.ll"
    done
    grep '^declare' "$IN/coro.ll"; } >"$1"
}
big_input "$T/big.ll" 300

# as_unprivileged CMD...: CMD without the power to read what its owner may
# not: as is, or for root through a user namespace mapping root's uid to
# another (the files stay root's, but capabilities such as
# CAP_DAC_OVERRIDE are gone). Fails when no namespace can be made.
as_unprivileged() {
  if [ "$(id -u)" != 0 ]; then "$@"
  else unshare --user --map-user=1000 --map-group=1000 "$@"; fi
}

begin "an input without read permission: status 1, 'cannot read', no output"
cp "$IN/coro.ll" "$T/noperm.ll"
chmod 000 "$T/noperm.ll"
if ! as_unprivileged true 2>"$T/stderr"; then skip "no user namespace: $(cat "$T/stderr")"
else
  as_unprivileged "$COROLOWER" "$T/noperm.ll" -o "$T/noperm.out.ll" >"$T/stdout" 2>"$T/stderr"
  rc=$?
  if no_crash; then
    if [ $rc -ne 1 ]; then bad "status $rc"
    elif ! grep -q "^corolower: error: cannot read '$T/noperm.ll': Permission denied" "$T/stderr"; then bad "message"
    elif [ -e "$T/noperm.out.ll" ] || ! no_temp "$T"; then bad "output created"
    else ok; fi
  fi
fi
chmod 644 "$T/noperm.ll"

# Every prefix of a bitcode file is an error (the empty one is an empty
# module); a sample of them: the first bytes, around the magic, and every
# 53rd byte.
begin "truncated bitcode (file and stdin): status 1, 'cannot parse', no output, no crash"
run "$IN/coro.ll" -o "$T/whole.bc"
n=$(wc -c <"$T/whole.bc")
cuts="1 2 3 4 5 8 12 20 32 $((n - 8)) $((n - 1)) $(seq 53 53 "$n")"
wrong=""
for k in $cuts; do
  head -c "$k" "$T/whole.bc" >"$T/cut.bc"
  run "$T/cut.bc" -o "$T/cut.out.ll"
  if [ $rc -ne 1 ] || [ -e "$T/cut.out.ll" ] || ! no_temp "$T" ||
     ! grep -q "^corolower: error: cannot parse '$T/cut.bc'" "$T/stderr"; then
    wrong="$wrong $k:$rc"
    rm -f "$T/cut.out.ll"
  fi
  no_crash >/dev/null || wrong="$wrong $k:crash"
done
head -c "$((n / 2))" "$T/whole.bc" | "$COROLOWER" - -S -o - >"$T/stdout" 2>"$T/stderr"
rc=$?
if [ $rc -ne 1 ] || [ -s "$T/stdout" ] || ! grep -q "^corolower: error: cannot parse '-'" "$T/stderr"; then
  wrong="$wrong stdin:$rc"
fi
if [ -n "$wrong" ]; then bad "of $n bytes, cut at (length:status):$wrong"; else ok; fi

# in_small_fs SCRIPT: runs bash SCRIPT with a 64 KiB tmpfs mounted on
# $T/smallfs, in a user and mount namespace of its own (no root needed; the
# mount goes with the namespace). In SCRIPT, $1 is the mount point, $2
# corolower, $3 the big input and $4 the scratch directory. Status 77 when
# no such namespace or mount can be made.
in_small_fs() {
  mkdir -p "$T/smallfs"
  unshare --user --map-root-user --mount bash -c \
    'mount -t tmpfs -o size=64k tmpfs "$1" || exit 77
     '"$1" _ "$T/smallfs" "$COROLOWER" "$T/big.ll" "$T"
}

begin "output to a full file system: status 1, 'No space left', nothing left in it, an old file untouched"
rm -f "$T/left" "$T/rc"
in_small_fs '
  echo "OLD CONTENT" >"$1/kept.ll"
  "$2" "$3" -S -o "$1/out.ll" 2>"$4/stderr"; echo $? >"$4/rc"
  "$2" "$3" -o "$1/kept.ll" 2>>"$4/stderr"; echo $? >>"$4/rc"
  "$2" --frame-report=json "--frame-report-file=$1/rep.json" "$3" -S -o "$4/fs_out.ll" 2>>"$4/stderr"
  echo $? >>"$4/rc"
  ls -A "$1" >"$4/left"; cat "$1/kept.ll" >"$4/kept"' 2>"$T/ns_err"
ns=$?
if [ ! -e "$T/left" ]; then
  skip "no user and mount namespace with a tmpfs (status $ns): $(head -3 "$T/ns_err")"
elif [ "$(tr '\n' ' ' <"$T/rc")" != "1 1 1 " ]; then bad "statuses $(tr '\n' ' ' <"$T/rc")"
elif ! grep -q "^corolower: error: cannot write '$T/smallfs/out.ll': No space left on device" "$T/stderr" ||
     ! grep -q "^corolower: error: cannot write '$T/smallfs/kept.ll': No space left on device" "$T/stderr" ||
     ! grep -q "^corolower: error: cannot write the frame report to '$T/smallfs/rep.json': No space left on device" "$T/stderr"; then
  bad "messages"
elif [ "$(cat "$T/left")" != "kept.ll" ]; then bad "left in the file system: $(cat "$T/left")"
elif [ "$(cat "$T/kept")" != "OLD CONTENT" ]; then bad "the old file was changed"
elif [ -e "$T/fs_out.ll" ]; then bad "module written after the report failed"
else ok; fi

# vanish_during CMD...: corolower lowers the big input with its JSON frame
# report to a FIFO and the module to $T/vdir/out.ll. The FIFO's reader
# takes one byte, runs CMD, then reads the rest. The report is larger than
# a pipe holds, so CMD runs while corolower is still writing it, the
# module's temporary file already created in $T/vdir.
vanish_during() {
  rm -rf "$T/vdir" "$T/vdir.moved" "$T/vfifo"
  mkdir "$T/vdir"
  mkfifo "$T/vfifo"
  (dd bs=1 count=1 of=/dev/null 2>/dev/null; "$@"; cat >/dev/null) <"$T/vfifo" &
  local reader=$!
  timeout 120 "$COROLOWER" --frame-report=json "--frame-report-file=$T/vfifo" "$T/big.ll" \
    -S -o "$T/vdir/out.ll" >"$T/stdout" 2>"$T/stderr"
  rc=$?
  kill "$reader" 2>/dev/null   # if corolower never opened the FIFO
  wait "$reader" 2>/dev/null
}

begin "the output's directory removed during the run: status 1, an error, nothing left or recreated"
vanish_during rm -rf "$T/vdir"
if no_crash; then
  if [ $rc -ne 1 ]; then bad "status $rc"
  elif ! grep -q "^corolower: error: cannot write '$T/vdir/out.ll': No such file or directory" "$T/stderr"; then bad "message"
  elif [ -e "$T/vdir" ]; then bad "the directory was recreated"
  else ok; fi
fi

begin "the output's directory moved away during the run: status 1, an error, no temporary file left in it"
vanish_during mv "$T/vdir" "$T/vdir.moved"
if no_crash; then
  if [ $rc -ne 1 ]; then bad "status $rc"
  elif ! grep -q "^corolower: error: cannot write '$T/vdir/out.ll': No such file or directory" "$T/stderr"; then bad "message"
  elif [ -n "$(ls -A "$T/vdir.moved")" ]; then bad "left in the moved directory: $(ls -A "$T/vdir.moved")"
  elif [ -e "$T/vdir" ]; then bad "the directory was recreated"
  else ok; fi
fi

# A reader that stops early (| head -1): opt-22 is ended by SIGPIPE,
# quietly, or with SIGPIPE ignored exits 1 with an error; corolower does
# the same (and says so as "corolower: error:"), without a crash dump.
# env sets the signal's disposition either way, whatever this shell's is.
# closed_pipe DISPOSITION CMD...: CMD's status in $rc, stderr in $T/stderr.
closed_pipe() {
  local how=$1
  shift
  env "--$how-signal=PIPE" "$@" 2>"$T/stderr" | head -1 >"$T/head"
  rc=${PIPESTATUS[0]}
}

begin "stdout closed early (| head -1): ended by SIGPIPE quietly, as opt-22"
if ! env --default-signal=PIPE true 2>/dev/null; then skip "env has no --default-signal"
else
  closed_pipe default "$COROLOWER" "$T/big.ll" -S -o -
  if [ $rc -ne 141 ]; then bad "status $rc, not 128+SIGPIPE"
  elif grep -v '^corolower: note: ' "$T/stderr" | grep -q .; then bad "said: $(head -3 "$T/stderr")"
  elif ! grep -q '^; ModuleID' "$T/head"; then bad "the reader got: $(cat "$T/head")"
  else
    closed_pipe default "$COROLOWER" "$T/big.ll" -f -o -   # bitcode
    brc=$rc
    orc=141
    if [ -n "$OPT" ]; then closed_pipe default "$OPT" "$T/big.ll" -S -o -; orc=$rc; fi
    if [ $brc -ne 141 ]; then bad "bitcode: status $brc"
    elif [ $orc -ne 141 ]; then bad "opt-22 gives $orc here: compare again"
    else ok; fi
  fi
fi

begin "stdout closed early with SIGPIPE ignored: status 1 and an error, as opt-22"
if ! env --ignore-signal=PIPE true 2>/dev/null; then skip "env has no --ignore-signal"
else
  orc=1
  if [ -n "$OPT" ]; then closed_pipe ignore "$OPT" "$T/big.ll" -S -o -; orc=$rc; fi
  closed_pipe ignore "$COROLOWER" "$T/big.ll" -S -o -
  if no_crash; then
    if [ $rc -ne 1 ]; then bad "status $rc"
    elif ! grep -q "^corolower: error: cannot write '<stdout>': Broken pipe" "$T/stderr"; then bad "message"
    elif [ $orc -ne 1 ]; then bad "opt-22 gives $orc here: compare again"
    else ok; fi
  fi
fi

# on_tty ARGS...: runs corolower with stdout on a pseudo-terminal (raw, so
# bytes pass unchanged): what it wrote there in $T/tty, stderr in
# $T/stderr, status in $rc; 77 when no pseudo-terminal can be made.
on_tty() {
  if [ -n "$PYTHON" ]; then
    "$PYTHON" - "$T/tty" "$COROLOWER" "$@" 2>"$T/stderr" <<'PY'
import os, subprocess, sys, tty
try:
    master, slave = os.openpty()
except OSError as e:
    print("no pseudo-terminal: %s" % e, file=sys.stderr)
    sys.exit(77)
tty.setraw(slave)
p = subprocess.Popen(sys.argv[2:], stdout=slave)
os.close(slave)
out = b""
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:  # EIO: every copy of the slave side is closed
        break
    if not chunk:
        break
    out += chunk
open(sys.argv[1], "wb").write(out)
sys.exit(p.wait())
PY
    rc=$?
  elif command -v script >/dev/null; then
    script -qec "$(printf '%q ' "$COROLOWER" "$@") 2>$(printf '%q' "$T/stderr")" \
      "$T/typescript" >"$T/tty" 2>/dev/null
    rc=$?
  else
    echo "neither python3 nor script(1) to make a pseudo-terminal" >"$T/stderr"
    rc=77
  fi
}

begin "bitcode to a terminal is refused: status 1, nothing written to it"
on_tty "$IN/coro.ll" -o -
if [ $rc -eq 77 ]; then skip "$(cat "$T/stderr")"
elif [ $rc -ne 1 ]; then bad "status $rc"
elif ! grep -q '^corolower: error: .*terminal' "$T/stderr"; then bad "message"
elif [ -s "$T/tty" ]; then bad "wrote $(wc -c <"$T/tty") bytes to the terminal"
else ok; fi

begin "textual IR to a terminal is written (-S), and bitcode with -f"
on_tty -S "$IN/coro.ll"
if [ $rc -eq 77 ]; then skip "$(cat "$T/stderr")"
elif [ $rc -ne 0 ] || ! grep -q '@gen.resume' "$T/tty"; then bad "-S: status $rc"
else
  on_tty -f "$IN/coro.ll" -o -
  if [ $rc -ne 0 ] || ! is_bitcode "$T/tty"; then bad "-f: status $rc"; else ok; fi
fi

# ---------------------------------------------------------------------------
# every malformed input: exit 1, a clear error, no output, no crash

directive() { sed -n "s/^; $1:[[:space:]]*//p" "$2"; }

for f in "$BAD"/*.ll; do
  name=$(basename "$f" .ll)
  begin "malformed/$name: status 1, clear error, no output"
  # The CLI refuses some inputs for their text, before the library sees
  # them (EXPECT-CLI-STAGE: text); the library's stage otherwise.
  stage=$(directive EXPECT-CLI-STAGE "$f" | head -1)
  [ -n "$stage" ] || stage=$(directive EXPECT-STAGE "$f" | head -1)
  stage=${stage:-lower}
  fn=$(directive EXPECT-FUNCTION "$f" | head -1)
  args=$(directive ARGS "$f" | head -1)
  out="$T/$name.out.ll"
  # shellcheck disable=SC2086
  run $args "$f" -o "$out"
  no_crash || continue
  if [ $rc -ne 1 ]; then bad "status $rc (want 1)"; continue; fi
  if [ -e "$out" ]; then bad "output file created"; continue; fi
  if ls "$T" | grep -q "^$name\.out\.ll\.tmp"; then bad "temporary file left"; continue; fi
  if ! grep -q '^corolower: error: ' "$T/stderr"; then bad "no 'corolower: error:' line"; continue; fi
  missing=""
  while IFS= read -r want; do
    [ -z "$want" ] && continue
    grep -qF -- "$want" "$T/stderr" || missing="$missing [$want]"
  done < <(directive EXPECT-ERROR "$f")
  if [ -n "$missing" ]; then bad "message lacks:$missing"; continue; fi
  case $stage in
    parse) grep -q "error: cannot parse '$f'" "$T/stderr" || { bad "not a parse error"; continue; } ;;
    text) grep -q "error: cannot lower '$f'" "$T/stderr" || { bad "not refused for its text"; continue; } ;;
    verify) grep -q "error: '$f' is not valid IR" "$T/stderr" || { bad "not a verifier error"; continue; } ;;
    lower)
      if ! grep -qF "error: $f: in function '$fn': " "$T/stderr"; then
        bad "no error naming function '$fn'"; continue
      fi
      if ! grep -q '^  at: ' "$T/stderr"; then bad "no instruction shown"; continue; fi ;;
  esac
  ok
done

begin "malformed input on stdin: same error, nothing on stdout"
"$COROLOWER" - -S -o - <"$BAD/two_coro_begins.ll" >"$T/stdout" 2>"$T/stderr"
rc=$?
if no_crash; then
  if [ $rc -eq 1 ] && [ ! -s "$T/stdout" ] && grep -q "in function 'two_begins'" "$T/stderr"; then ok
  else bad "status $rc"; fi
fi

begin "an output with elision markers kept lowers again: its ramp's markers go as CoroCleanup's would"
run --keep-elision-markers "$IN/coro.ll" -o "$T/markers.ll"
if [ $rc -ne 0 ]; then bad "first lowering: status $rc"
elif ! grep -q 'call token @llvm.coro.id(.*@gen.resumers)' "$T/markers.ll"; then bad "first lowering kept no coro.id"
else
  run "$T/markers.ll" -o "$T/relowered.ll"
  if no_crash; then
    if [ $rc -ne 0 ]; then bad "second lowering: status $rc"
    elif ! fully_lowered "$T/relowered.ll"; then bad "markers left"
    elif ! verified "$T/relowered.ll"; then bad "fails opt-22's verifier"
    else ok; fi
  fi
fi

begin "--no-verify-output skips only the output check: the same output as the default"
run "$IN/coro.ll" -S -o "$T/verified.ll"
rc1=$rc
run --no-verify-output "$IN/coro.ll" -S -o "$T/unverified.ll"
if no_crash; then
  if [ $rc1 -ne 0 ] || [ $rc -ne 0 ]; then bad "status $rc1 / $rc"
  elif ! cmp -s "$T/verified.ll" "$T/unverified.ll"; then bad "outputs differ"
  elif ! verified "$T/unverified.ll"; then bad "fails opt-22's verifier"
  else ok; fi
fi

begin "the module is the same whether or not a frame report is asked for (reports are skipped without one)"
run "$IN/coro.ll" -S -o "$T/noreport.ll"
rc1=$rc
run "$IN/coro.ll" -S -o "$T/withreport.ll" --frame-report=json --frame-report-file="$T/report.json"
if no_crash; then
  if [ $rc1 -ne 0 ] || [ $rc -ne 0 ]; then bad "status $rc1 / $rc"
  elif ! cmp -s "$T/noreport.ll" "$T/withreport.ll"; then bad "outputs differ"
  elif ! grep -q '"frames"' "$T/report.json" || ! grep -q '"size"' "$T/report.json"; then bad "no frame in the report"
  else ok; fi
fi

begin "broken IR with debug info: an error, not LLVM's parser abort, and no output"
rm -f "$T/dbg_broken.ll"
run "$IN/debug_broken_ir.ll" -o "$T/dbg_broken.ll"
if no_crash; then
  if [ $rc -ne 1 ]; then bad "status $rc"
  elif ! grep -q "error: '.*debug_broken_ir.ll' is not valid IR: Instruction does not dominate" "$T/stderr"; then bad "no clear error"
  elif [ -e "$T/dbg_broken.ll" ]; then bad "wrote an output file"
  else ok; fi
fi

# debug_dropped NAME WARNING: IN/NAME.ll lowers with WARNING on stderr and
# no debug info left in the (lowered, valid) output.
debug_dropped() {
  run "$IN/$1.ll" -o "$T/$1.out.ll"
  no_crash || return
  if [ $rc -ne 0 ]; then bad "status $rc"
  elif ! grep -q "warning: .*$1.ll: $2" "$T/stderr"; then bad "no warning"
  elif grep -q '!dbg' "$T/$1.out.ll"; then bad "debug info kept"
  elif ! fully_lowered "$T/$1.out.ll" || ! verified "$T/$1.out.ll"; then bad "output not lowered or not valid"
  else ok; fi
}

begin "valid IR with invalid debug info: the debug info is dropped with a warning, as LLVM does"
debug_dropped debug_info_invalid "invalid debug info dropped: !dbg attachment points at wrong subprogram"

begin "debug info of another metadata version is dropped with a warning, as LLVM does"
debug_dropped debug_info_old_version "debug info of another version"

begin "the checks above can fail: a valid file does not match the error checks"
run "$IN/coro.ll" -o "$T/valid.ll"
if [ $rc -eq 0 ] && ! grep -q 'error:' "$T/stderr" && [ -e "$T/valid.ll" ]; then ok
else bad "a valid file looked malformed (status $rc)"; fi

echo
echo "cli_test: $pass passed, $fail failed, $skipped skipped"
if [ $fail -gt 0 ]; then
  printf '  failed: %s\n' "${failures[@]}"
  exit 1
fi
exit 0
