#!/usr/bin/env bash
# Debugging resumed code: resumed_code.cpp through clang++-22 -O0 -g to
# presplit IR, lowered by the command given, compiled -O0 -g and run under
# gdb. Stops at lines only the split functions run and checks what the
# debugger shows there: the coroutine's name and arguments, its variables
# (read from the frame), the whole frame (`p *__coro_frame`), and a
# backtrace through the destroy function.
#
# Usage: debugger_test.sh LOWER_CMD   (LOWER_CMD has {in} and {out}), e.g.
#   debugger_test.sh 'bazel-bin/corolower {in} -o {out}'
#   debugger_test.sh "opt-22 -S -passes='coro-early,cgscc(coro-split),coro-cleanup' {in} -o {out}"
set -euo pipefail
lower_cmd=${1:?usage: debugger_test.sh LOWER_CMD}
here=$(cd "$(dirname "$0")" && pwd)
src="$here/resumed_code.cpp"
CLANGXX=${CLANGXX:-clang++-22}
for tool in "$CLANGXX" gdb; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool not found (tools/setup.sh installs it)"; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$CLANGXX" -std=c++20 -O0 -g -S -emit-llvm -Xclang -disable-llvm-passes "$src" -o "$work/in.ll"
cmd=${lower_cmd//\{in\}/$(printf '%q' "$work/in.ll")}
cmd=${cmd//\{out\}/$(printf '%q' "$work/out.ll")}
bash -c "$cmd"
"$CLANGXX" -O0 -g "$work/out.ll" -o "$work/prog"

line_of() { grep -n "BREAK $1" "$src" | cut -d: -f1; }
l_yield=$(line_of after_yield)
l_guard=$(line_of after_guard)
gdb -nx -batch -iex 'set debuginfod enabled off' \
  -ex "break resumed_code.cpp:$l_yield" -ex "break resumed_code.cpp:$l_guard" \
  -ex run -ex 'info args' -ex 'info locals' -ex 'p *__coro_frame' \
  -ex continue -ex 'info locals' -ex 'p __coro_frame->total' \
  -ex delete -ex 'break Guard::~Guard if id == 3' -ex continue -ex 'bt 3' \
  "$work/prog" >"$work/gdb.out" 2>&1 || true

# "squares", or with the clone's symbol as linkage name (as LLVM gives it)
# "squares(int, int) [clone .resume]".
fn='squares(\(int, int\) \[clone \.(resume|destroy)\])? \(from=2, to=5\)'
fails=0
expect() { # description, extended regex (one line of gdb's output)
  if grep -qE "$2" "$work/gdb.out"; then echo "PASS $1"
  else echo "FAIL $1: no line matches /$2/"; fails=$((fails + 1)); fi
}
# First stop: the second resume, after the first co_yield.
expect "stops at a line in resumed code" "^Breakpoint 1(\.[0-9]+)?, $fn at .*resumed_code\.cpp:$l_yield\$"
expect "arguments read from the frame" '^from = 2$'
expect "a block-scoped variable read from the frame" '^sq = 4$'
expect "a loop variable read from the frame" '^i = 2$'
expect "an accumulator read from the frame" '^total = 4$'
expect "the promise read from the frame" '^__promise = \{value = 4\}$'
# The whole frame through LLVM's __coro_frame variable: the header, the
# promise, the suspend index and the variables at their fields. corolower's
# is a pointer to the frame (`p *__coro_frame`); LLVM's passes make it the
# frame itself at -O0 (`info locals` shows it), also accepted.
frame='^(\$[0-9]+|__coro_frame) = \{__resume_fn = 0x[0-9a-f]+ <squares\(int, int\) \[clone \.resume\]>, __destroy_fn = 0x[0-9a-f]+ <squares\(int, int\) \[clone \.destroy\]>'
expect "__coro_frame: the frame's header" "$frame"
expect "__coro_frame: the promise" "$frame.*, __promise = \{value = 4\}"
expect "__coro_frame: the suspend index" "$frame.*, __(coro_)?index = 1[ ,]"
expect "__coro_frame: the arguments" "$frame.*, from = 2, to = 5"
expect "__coro_frame: the variables" "$frame.*, total = 4, i = 2, sq = 4"
# Second stop: a later resume, the accumulator updated in resumed code.
expect "stops at a second resumed line" "^Breakpoint 2(\.[0-9]+)?, $fn at .*resumed_code\.cpp:$l_guard\$"
expect "a value written in resumed code" '^total = 104$'
expect "an object alive across the suspend" '^g = \{id = 2\}$'
expect "__coro_frame: a field written in resumed code" '^\$[0-9]+ = 104$'
# Destroyed while suspended with a Guard alive: the destroy function runs
# its destructor and shows up in the backtrace as the coroutine.
expect "destroy path: the coroutine's frame with a line" "^#1 .* in $fn at .*resumed_code\\.cpp:[0-9]+\$"
expect "destroy path: called from coroutine_handle::destroy" '^#2 .* in std::.*coroutine_handle<Gen::promise_type>::destroy'
if [ "$fails" != 0 ]; then
  echo "--- gdb output ---"; cat "$work/gdb.out"
  exit 1
fi
