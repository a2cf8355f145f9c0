#!/bin/bash
# Proves the test suites can fail: clones the repository's HEAD into a
# scratch directory (never touching the working tree), applies one small
# mutation at a time to the library or the CLI, runs the test target that
# should catch it, and expects that target to FAIL. A mutation the tests
# survive is reported ("SURVIVED") and makes the script exit 1.
#
# Usage: tests/unit/mutation_check.sh [REPO] [FILTER]
#   REPO   repository to clone (default: this script's repository)
#   FILTER only mutations whose id contains FILTER
# Slow (a Bazel build per mutation, in a separate output base); not a
# Bazel test. Needs python3.
set -u
repo=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
filter=${2:-}
work=$(mktemp -d /tmp/crl-mutants.XXXXXX)
git clone -q "$repo" "$work/src" || exit 2
cd "$work/src" || exit 2
echo "mutation_check: clone of $(git rev-parse --short HEAD) in $work/src"

# id, file, target, old text, new text   (one per line, TAB separated;
# texts are Python string literals so they can hold any character)
read -r -d '' MUTANTS <<'EOF'
split_before_no_redirect	irkit/blocks.c	//tests/unit:blocks_test	"  redirect_preds(bb, head);\n"	"\n"
split_after_no_phi_fix	irkit/blocks.c	//tests/unit:blocks_test	"        crl_phi_replace_block(phi, bb, tail);\n"	"\n"
phi_replace_no_merge	irkit/blocks.c	//tests/unit:blocks_test	"      if (!repl || added_repl) continue;"	"      if (!repl) continue;"
split_edge_no_phi_fix	irkit/blocks.c	//tests/unit:blocks_test	"    crl_phi_replace_block(phi, from, mid);\n"	"\n"
comes_before_always	irkit/blocks.c	//tests/unit:blocks_test	"    if (i == b) return 1;"	"    return 1;"
switch_fold_default	irkit/blocks.c	//tests/unit:blocks_test	"      if (LLVMGetSwitchCaseValue(t, k) == c) return LLVMGetSuccessor(t, k);"	"      ;"
unreachable_keeps_phi_entries	irkit/blocks.c	//tests/unit:blocks_test	"      if (crl_valmap_has(&seen, succ)) crl_remove_phi_entries(succ, bb);"	"      ;"
no_phi_folding	irkit/blocks.c	//tests/unit:blocks_test	"      changed |= fold_phis(bb);"	"      ;"
first_non_phi_wrong	irkit/blocks.c	//tests/unit:blocks_test	"  while (i && LLVMIsAPHINode(i)) i = LLVMGetNextInstruction(i);"	"  ;"
clone_no_names	cloner/clone.c	//tests/unit:clone_test	"      if (len) LLVMSetValueName2(c, nm, len);"	"      ;"
clone_no_phi_entries	cloner/clone.c	//tests/unit:clone_test	"        LLVMAddIncoming(c, &v, &mb, 1);"	"        (void)mb;"
clone_no_debug_records	cloner/clone.c	//tests/unit:clone_test	"      crl_clone_records(dib, cr->srcs.v[k], cr->dsts.v[k], o->map, o->di);"	"        ;"
clone_no_personality	cloner/clone.c	//tests/unit:clone_test	"    LLVMSetPersonalityFn(dst, LLVMGetPersonalityFn(src));"	"    ;"
clone_missing_not_remembered	cloner/clone.c	//tests/unit:clone_test	"    crl_valmap_put(o->map, key, LLVMValueIsBasicBlock(v) ? (void *)LLVMValueAsBasicBlock(r) : (void *)r);"	"    ;"
intrinsic_off_by_one	irkit/intrinsics.c	//tests/unit:intrinsics_test	"    if (ids[k] == id) return (crl_intr)k;"	"    if (ids[k] == id) return (crl_intr)(k == CRL_I_SIZE ? CRL_I_ALIGN : k);"
musttail_dropped	switch_lowering/switch_transfer.c	//tests/lit:lit	"  LLVMSetTailCallKind(call, LLVMTailCallKindMustTail);"	"  LLVMSetTailCallKind(call, LLVMTailCallKindTail);"
no_final_null_resume	switch_lowering/switch_resume_point.c	//tests/lit:lit	"    sp->point = st->susp[s].is_final\n"	"    sp->point = 0\n"
promise_offset_wrong	switch_lowering/switch_early.c	//tests/lit:lit	"    long long off = (long long)((16 + align - 1) / align * align);"	"    long long off = (long long)((8 + align - 1) / align * align);"
shape_message_changed	coro/shape.c	//tests/malformed:malformed_test	"a coroutine must have exactly one llvm.coro.begin"	"too many begins"
shape_no_instruction	coro/shape.c	//tests/malformed:malformed_test	"      CRL_ERR(c, i, \"a coroutine must have exactly one llvm.coro.begin\");"	"      CRL_ERR(c, NULL, \"a coroutine must have exactly one llvm.coro.begin\");"
cli_writes_on_error	tools/corolower_main.c	//tests/cli:cli_test	"  if (rc == 0) rc = write_outputs(r, m, &a);"	"  write_outputs(r, m, &a);"
cli_exit_2	tools/corolower_main.c	//tests/cli:cli_test	"  int rc = crl_result_ok(r) ? 0 : 1;"	"  int rc = crl_result_ok(r) ? 0 : 2;"
cli_bad_json	result/report.c	//tests/cli:cli_test	'{\\"frames\\": ['	'{frames: ['
trace_hook_drops	tests/harness/harness.c	//tests/harness:harness_test	"  c->trace[c->trace_n++] = v;"	"  c->trace[c->trace_n++] = v + 1;"
dispatch_mode_swapped	switch_lowering/switch_clones.c	//tests/harness:lowering_test	"kind == CRL_SW_RESUME ? 0 : 1, 0);"	"kind == CRL_SW_RESUME ? 1 : 0, 0);"
is_in_ramp_inverted	cloner/split_clone.c	//tests/harness:lowering_test	"LLVMConstInt(c->i1_t, in_ramp != 0, 0);"	"LLVMConstInt(c->i1_t, in_ramp == 0, 0);"
record_compare_inverted	switch_lowering/switch_resume_point.c	//tests/harness:lowering_test	"LLVMIntEQ, d, st->susp[s].mark"	"LLVMIntNE, d, st->susp[s].mark"
entry_resume_enters_at_entry	switch_lowering/switch_resume_point.c	//tests/harness:lowering_test	"      *only = s;"	"      *only = st->entry_point;"
entry_point_unrecorded	switch_lowering/switch_resume_point.c	//tests/harness:lowering_test	"    if (!final && record == UINT32_MAX) {"	"    if (!final && (record == UINT32_MAX || st->susp[s].mark == st->entry_fn)) {"
entry_other_point_unrecorded	switch_lowering/switch_resume_point.c	//tests/harness:lowering_test	"    if (!final && record == UINT32_MAX) {"	"    if (!final && (record == UINT32_MAX || st->susp[s].mark == st->resume_fn)) {"
layout_hint_no_backoff	core/layout.h	//tests/core:layout_hint_test	"  if (bound <= L->max_size) return bound;\n"	"\n"
EOF

survived=0
killed=0
stale=0
while IFS=$'\t' read -r id file target old new; do
  [ -z "$id" ] && continue
  if [ -n "$filter" ] && [[ "$id" != *"$filter"* ]]; then continue; fi
  git checkout -q -- .
  if ! python3 - "$file" "$old" "$new" <<'PY'
import ast, sys
path, old, new = sys.argv[1], ast.literal_eval(sys.argv[2]), ast.literal_eval(sys.argv[3])
s = open(path).read()
if s.count(old) < 1:
    sys.exit(1)
open(path, "w").write(s.replace(old, new, 1))
PY
  then
    echo "STALE    $id: text not found in $file (update the mutation)"
    stale=$((stale + 1))
    continue
  fi
  if bazel test "$target" >"$work/$id.log" 2>&1; then
    echo "SURVIVED $id ($file): $target still passes"
    survived=$((survived + 1))
  else
    if grep -q "FAILED TO BUILD\|error: " "$work/$id.log" && ! grep -q "FAILED in" "$work/$id.log"; then
      echo "BUILDERR $id: the mutant does not build (see $work/$id.log)"
      stale=$((stale + 1))
    else
      echo "killed   $id by $target"
      killed=$((killed + 1))
    fi
  fi
done <<<"$MUTANTS"
git checkout -q -- .
echo "mutation_check: $killed killed, $survived survived, $stale stale (logs in $work)"
[ $survived -eq 0 ] && [ $stale -eq 0 ]
