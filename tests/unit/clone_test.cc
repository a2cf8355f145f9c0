// cloner/clone.h: cloning function bodies through a value map. The clone of a
// whole function must verify and behave like the original when JIT-run;
// partial clones report operands they cannot map, or ask the callback.
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "gtest/gtest-spi.h"
#include "gtest/gtest.h"
#include "tests/harness/harness_gtest.h"
#include "tests/unit/ir_test_util.h"

extern "C" {
#include "cloner/clone.h"
#include "irkit/valmap.h"
}

namespace {

using irt::Block;
using irt::Inst;
using irt::Name;

std::string Behaviour(crlh_ctx *c, const char *fn) {
  int64_t ret = 0;
  std::string t = crlh::RunTrace(c, fn, &ret);
  return t + " => " + std::to_string(ret);
}

// Clones every block of src into dst (a declaration of the same type, or a
// new function) with the arguments mapped; copies function attributes.
struct Cloned {
  LLVMValueRef dst = nullptr;
  int rc = -2;
  LLVMValueRef bad_operand = nullptr, bad_user = nullptr;
};

Cloned CloneWhole(LLVMValueRef src, const char *dst_name,
                  const unsigned *skip = nullptr) {
  Cloned r;
  LLVMModuleRef mod = LLVMGetGlobalParent(src);
  r.dst = LLVMGetNamedFunction(mod, dst_name);
  if (!r.dst) r.dst = LLVMAddFunction(mod, dst_name, LLVMGlobalGetValueType(src));
  crl_valmap map;
  crl_valmap_init(&map, 64);
  for (unsigned k = 0; k < LLVMCountParams(src); k++)
    crl_valmap_put(&map, LLVMGetParam(src, k), LLVMGetParam(r.dst, k));
  std::vector<LLVMBasicBlockRef> blocks;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(src); bb;
       bb = LLVMGetNextBasicBlock(bb))
    blocks.push_back(bb);
  crl_clone_opts o = {&map, nullptr, nullptr, nullptr, nullptr};
  r.rc = crl_clone_blocks(src, r.dst, blocks.data(), (unsigned)blocks.size(), &o);
  r.bad_operand = o.bad_operand;
  r.bad_user = o.bad_user;
  crl_copy_fn_attrs(src, r.dst, skip);
  crl_valmap_free(&map);
  return r;
}

// ---------------------------------------------------------------------------

const char kBody[] = R"(
declare void @trace(i64)

define i64 @f(i64 %n) noinline "test-attr"="yes" {
entry:
  %slot = alloca i64, align 8
  store i64 %n, ptr %slot, align 8
  %c = icmp sgt i64 %n, 2
  br i1 %c, label %big, label %small, !prof !1
big:
  br label %loop
small:
  br label %loop
loop:
  %i = phi i64 [ 0, %big ], [ 10, %small ], [ %next, %body ]
  %acc = phi i64 [ 1, %big ], [ 2, %small ], [ %acc2, %body ]
  %v = load i64, ptr %slot, align 8, !range !0
  %k = srem i64 %i, 3
  switch i64 %k, label %body [ i64 0, label %zero
                               i64 1, label %one ]
zero:
  call void @trace(i64 noundef 100)
  br label %body
one:
  call void @trace(i64 noundef 200)
  br label %body
body:
  %acc2 = add i64 %acc, %v
  call void @trace(i64 %acc2)
  %next = add i64 %i, 1
  %done = icmp sge i64 %next, 14
  br i1 %done, label %exit, label %loop
exit:
  %r = phi i64 [ %acc2, %body ]
  ret i64 %r
}

declare i64 @f.clone(i64)

define i64 @main_orig() {
  %a = call i64 @f(i64 3)
  %b = call i64 @f(i64 1)
  %s = add i64 %a, %b
  ret i64 %s
}

define i64 @main_clone() {
  %a = call i64 @f.clone(i64 3)
  %b = call i64 @f.clone(i64 1)
  %s = add i64 %a, %b
  ret i64 %s
}

!0 = !{i64 0, i64 100}
!1 = !{!"branch_weights", i32 1, i32 9}
)";

TEST(Clone, WholeFunctionBehavesLikeTheOriginal) {
  crlh::Module m(kBody);
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_TRUE(crlh::Verifies(m));
  LLVMValueRef f = m.fn("f");
  Cloned c = CloneWhole(f, "f.clone");
  ASSERT_EQ(c.rc, 0) << (c.bad_operand ? irt::Print(c.bad_operand) : "");
  // Same blocks, same instructions, names kept.
  EXPECT_EQ(irt::BlockNames(c.dst), irt::BlockNames(f));
  EXPECT_EQ(LLVMCountBasicBlocks(c.dst), LLVMCountBasicBlocks(f));
  for (LLVMOpcode op : {LLVMPHI, LLVMSwitch, LLVMBr, LLVMCall, LLVMLoad,
                        LLVMStore, LLVMAlloca, LLVMRet})
    EXPECT_EQ(irt::CountOp(c.dst, op), irt::CountOp(f, op)) << op;
  EXPECT_NE(Inst(c.dst, "acc2"), nullptr);
  // Nothing in the clone refers to the original's locals.
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c.dst); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      for (int k = 0; k < LLVMGetNumOperands(i); k++) {
        LLVMValueRef op = LLVMGetOperand(i, k);
        if (LLVMIsAInstruction(op)) {
          EXPECT_EQ(LLVMGetBasicBlockParent(LLVMGetInstructionParent(op)), c.dst)
              << irt::Print(i);
        }
        if (LLVMIsAArgument(op)) {
          EXPECT_EQ(LLVMGetParamParent(op), c.dst);
        }
        if (LLVMValueIsBasicBlock(op)) {
          EXPECT_EQ(LLVMGetBasicBlockParent(LLVMValueAsBasicBlock(op)), c.dst);
        }
      }
      if (LLVMIsAPHINode(i)) {
        for (unsigned e = 0; e < LLVMCountIncoming(i); e++) {
          EXPECT_EQ(LLVMGetBasicBlockParent(LLVMGetIncomingBlock(i, e)), c.dst);
        }
      }
    }
  ASSERT_TRUE(crlh::Verifies(m));
  const char want[] =
      "100 4 200 7 10 100 13 200 16 19 100 22 200 25 28 100 31 200 34 37 100 "
      "40 200 43 200 3 4 100 5 200 6 => 49";
  EXPECT_EQ(Behaviour(m, "main_orig"), want);
  EXPECT_EQ(Behaviour(m, "main_clone"), want);
}

TEST(Clone, SwitchCasesPhisMetadataAndAttributes) {
  crlh::Module m(kBody);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef f = m.fn("f");
  Cloned c = CloneWhole(f, "f.clone");
  ASSERT_EQ(c.rc, 0);
  // Switch: same case values, targets are the clone's blocks.
  LLVMValueRef sw = irt::NthOp(c.dst, LLVMSwitch);
  ASSERT_NE(sw, nullptr);
  ASSERT_EQ(LLVMGetNumSuccessors(sw), 3u);
  EXPECT_EQ(LLVMGetSwitchDefaultDest(sw), Block(c.dst, "body"));
  EXPECT_EQ(LLVMConstIntGetSExtValue(LLVMGetSwitchCaseValue(sw, 1)), 0);
  EXPECT_EQ(LLVMConstIntGetSExtValue(LLVMGetSwitchCaseValue(sw, 2)), 1);
  EXPECT_EQ(LLVMGetSuccessor(sw, 1), Block(c.dst, "zero"));
  EXPECT_EQ(LLVMGetSuccessor(sw, 2), Block(c.dst, "one"));
  // Phis: entries in order, blocks and values remapped.
  LLVMValueRef i = Inst(c.dst, "i");
  ASSERT_TRUE(LLVMIsAPHINode(i));
  typedef std::vector<std::pair<std::string, std::string>> EL;
  EXPECT_EQ(irt::Entries(i), (EL{{"big", "0"}, {"small", "10"}, {"body", "%next"}}));
  EXPECT_EQ(LLVMGetIncomingValue(i, 2), Inst(c.dst, "next"));
  // Instruction metadata comes along.
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(f));
  unsigned range = LLVMGetMDKindIDInContext(ctx, "range", 5),
           prof = LLVMGetMDKindIDInContext(ctx, "prof", 4);
  EXPECT_NE(LLVMGetMetadata(Inst(c.dst, "v"), range), nullptr);
  EXPECT_EQ(LLVMGetMetadata(Inst(c.dst, "v"), range),
            LLVMGetMetadata(Inst(f, "v"), range));
  EXPECT_NE(LLVMGetMetadata(LLVMGetBasicBlockTerminator(Block(c.dst, "entry")), prof),
            nullptr);
  // Alignment of memory instructions and call-site attributes.
  EXPECT_EQ(LLVMGetAlignment(Inst(c.dst, "slot")), 8u);
  EXPECT_EQ(LLVMGetAlignment(Inst(c.dst, "v")), 8u);
  LLVMValueRef call = irt::NthOp(c.dst, LLVMCall);
  EXPECT_EQ(LLVMGetCallSiteAttributeCount(call, 1), 1u);  // noundef on arg 0
  // Function attributes.
  unsigned noinline = LLVMGetEnumAttributeKindForName("noinline", 8);
  EXPECT_NE(LLVMGetEnumAttributeAtIndex(c.dst, LLVMAttributeFunctionIndex, noinline),
            nullptr);
  LLVMAttributeRef sa = LLVMGetStringAttributeAtIndex(
      c.dst, LLVMAttributeFunctionIndex, "test-attr", 9);
  ASSERT_NE(sa, nullptr);
  unsigned len = 0;
  const char *val = LLVMGetStringAttributeValue(sa, &len);
  EXPECT_EQ(std::string(val, len), "yes");
  LLVMAttributeRef osa = LLVMGetStringAttributeAtIndex(
      f, LLVMAttributeFunctionIndex, "test-attr", 9);
  ASSERT_NE(osa, nullptr);
  const char *oval = LLVMGetStringAttributeValue(osa, &len);
  EXPECT_EQ(std::string(oval, len), "yes");
  ASSERT_TRUE(crlh::Verifies(m));
}

TEST(Clone, CopyFnAttrsSkipsKindsAndCopiesProperties) {
  crlh::Module m(R"(
declare i32 @__gxx_personality_v0(...)
define void @src() presplitcoroutine noinline nounwind section ".text.crl" align 32 gc "statepoint-example" personality ptr @__gxx_personality_v0 {
  ret void
}
define void @dst() {
  ret void
}
)");
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef src = m.fn("src"), dst = m.fn("dst");
  unsigned presplit = LLVMGetEnumAttributeKindForName("presplitcoroutine", 17);
  unsigned nounwind = LLVMGetEnumAttributeKindForName("nounwind", 8);
  unsigned noinline = LLVMGetEnumAttributeKindForName("noinline", 8);
  const unsigned skip[] = {presplit, 0};
  crl_copy_fn_attrs(src, dst, skip);
  EXPECT_EQ(LLVMGetEnumAttributeAtIndex(dst, LLVMAttributeFunctionIndex, presplit),
            nullptr);
  EXPECT_NE(LLVMGetEnumAttributeAtIndex(dst, LLVMAttributeFunctionIndex, nounwind),
            nullptr);
  EXPECT_NE(LLVMGetEnumAttributeAtIndex(dst, LLVMAttributeFunctionIndex, noinline),
            nullptr);
  EXPECT_TRUE(LLVMHasPersonalityFn(dst));
  EXPECT_EQ(LLVMGetPersonalityFn(dst), m.fn("__gxx_personality_v0"));
  EXPECT_STREQ(LLVMGetSection(dst), ".text.crl");
  ASSERT_NE(LLVMGetGC(dst), nullptr);
  EXPECT_STREQ(LLVMGetGC(dst), "statepoint-example");
  EXPECT_EQ(LLVMGetAlignment(dst), 32u);
  ASSERT_TRUE(crlh::Verifies(m));
  // Without a skip list everything comes along.
  LLVMValueRef dst2 = LLVMAddFunction(m.module(), "dst2", LLVMGlobalGetValueType(src));
  crl_copy_fn_attrs(src, dst2, nullptr);
  EXPECT_NE(LLVMGetEnumAttributeAtIndex(dst2, LLVMAttributeFunctionIndex, presplit),
            nullptr);
}

// ---------------------------------------------------------------------------
// invoke + landingpad

int64_t g_throws = 0;
extern "C" int64_t may_throw(int64_t x) {
  if (x < 0) {
    g_throws++;
    throw std::runtime_error("negative");
  }
  return x * 2;
}

const char kInvoke[] = R"(
declare void @trace(i64)
declare i32 @__gxx_personality_v0(...)
declare ptr @__cxa_begin_catch(ptr)
declare void @__cxa_end_catch()
declare i64 @may_throw(i64)

define i64 @g(i64 %x) personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke i64 @may_throw(i64 %x) to label %ok unwind label %lpad
ok:
  call void @trace(i64 %r)
  ret i64 %r
lpad:
  %lp = landingpad { ptr, i32 } catch ptr null
  %e = extractvalue { ptr, i32 } %lp, 0
  %obj = call ptr @__cxa_begin_catch(ptr %e)
  call void @trace(i64 %x)
  call void @__cxa_end_catch()
  ret i64 -1
}

declare i64 @g.clone(i64)

define i64 @main_orig() {
  %a = call i64 @g(i64 21)
  %b = call i64 @g(i64 -5)
  %s = add i64 %a, %b
  ret i64 %s
}

define i64 @main_clone() {
  %a = call i64 @g.clone(i64 21)
  %b = call i64 @g.clone(i64 -5)
  %s = add i64 %a, %b
  ret i64 %s
}
)";

TEST(Clone, InvokeAndLandingPad) {
  crlh::Module m(kInvoke);
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_EQ(crlh_add_symbol(m, "may_throw", (void *)&may_throw), 0);
  LLVMValueRef g = m.fn("g");
  Cloned c = CloneWhole(g, "g.clone");
  ASSERT_EQ(c.rc, 0);
  g_throws = 0;
  ASSERT_EQ(Behaviour(m, "main_orig"), "42 -5 => 41");
  EXPECT_EQ(g_throws, 1);
  LLVMValueRef inv = irt::NthOp(c.dst, LLVMInvoke);
  ASSERT_NE(inv, nullptr);
  EXPECT_EQ(LLVMGetNormalDest(inv), Block(c.dst, "ok"));
  EXPECT_EQ(LLVMGetUnwindDest(inv), Block(c.dst, "lpad"));
  EXPECT_EQ(LLVMGetOperand(inv, 0), LLVMGetParam(c.dst, 0));
  LLVMValueRef lp = Inst(c.dst, "lp");
  ASSERT_TRUE(LLVMIsALandingPadInst(lp));
  EXPECT_EQ(LLVMGetNumClauses(lp), 1u);
  EXPECT_FALSE(LLVMIsCleanup(lp));
  EXPECT_TRUE(LLVMHasPersonalityFn(c.dst));
  ASSERT_TRUE(crlh::Verifies(m));
  g_throws = 0;
  EXPECT_EQ(Behaviour(m, "main_clone"), "42 -5 => 41");
  EXPECT_EQ(g_throws, 1);
}

// ---------------------------------------------------------------------------
// partial clones: the missing-operand callback and error reporting

const char kPartial[] = R"(
declare void @trace(i64)
define i64 @p(i64 %x) {
entry:
  %y = mul i64 %x, 3
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %n, %loop ]
  %t = add i64 %i, %y
  call void @trace(i64 %t)
  %n = add i64 %i, 1
  %d = icmp eq i64 %n, 3
  br i1 %d, label %exit, label %loop
exit:
  ret i64 %t
}
)";

TEST(Clone, UnmappedOperandIsReported) {
  crlh::Module m(kPartial);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef p = m.fn("p");
  LLVMValueRef dst = LLVMAddFunction(m.module(), "q", LLVMGlobalGetValueType(p));
  LLVMBasicBlockRef blocks[] = {Block(p, "loop"), Block(p, "exit")};
  crl_valmap map;
  crl_valmap_init(&map, 16);
  crl_clone_opts o = {&map, nullptr, nullptr, nullptr, nullptr};
  EXPECT_EQ(crl_clone_blocks(p, dst, blocks, 2, &o), -1);
  // %y lives in entry, which is not cloned and not mapped.
  EXPECT_EQ(o.bad_operand, Inst(p, "y"));
  EXPECT_EQ(o.bad_user, Inst(p, "t"));
  crl_valmap_free(&map);
}

struct MissingLog {
  std::vector<LLVMValueRef> asked;
  LLVMValueRef answer;
};

extern "C" LLVMValueRef AnswerMissing(LLVMValueRef operand, void *vctx) {
  MissingLog *log = static_cast<MissingLog *>(vctx);
  log->asked.push_back(operand);
  return log->answer;
}

TEST(Clone, MissingCallbackSuppliesValuesAndOutsidePhiEntriesDrop) {
  crlh::Module m(kPartial);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef p = m.fn("p");
  LLVMTypeRef i64 = LLVMInt64TypeInContext(crlh_context(m));
  LLVMTypeRef fty = LLVMFunctionType(i64, nullptr, 0, 0);
  LLVMValueRef dst = LLVMAddFunction(m.module(), "q", fty);
  // An entry block of our own that jumps into the cloned loop.
  LLVMBasicBlockRef pre = LLVMAppendBasicBlockInContext(crlh_context(m), dst, "pre");
  LLVMBasicBlockRef blocks[] = {Block(p, "loop"), Block(p, "exit")};
  crl_valmap map;
  crl_valmap_init(&map, 16);
  MissingLog log;
  log.answer = LLVMConstInt(i64, 100, 0);
  crl_clone_opts o = {&map, AnswerMissing, &log, nullptr, nullptr};
  ASSERT_EQ(crl_clone_blocks(p, dst, blocks, 2, &o), 0);
  ASSERT_EQ(log.asked.size(), 1u);  // asked once: the answer is remembered
  EXPECT_EQ(log.asked[0], Inst(p, "y"));
  EXPECT_EQ(crl_valmap_get(&map, Inst(p, "y")), log.answer);
  LLVMBasicBlockRef loop = (LLVMBasicBlockRef)crl_valmap_get(&map, Block(p, "loop"));
  ASSERT_EQ(loop, Block(dst, "loop"));
  // The phi lost its entry from entry (not cloned): add ours from pre.
  LLVMValueRef i = Inst(dst, "i");
  typedef std::vector<std::pair<std::string, std::string>> EL;
  EXPECT_EQ(irt::Entries(i), (EL{{"loop", "%n"}}));
  LLVMValueRef zero = LLVMConstInt(i64, 0, 0);
  LLVMAddIncoming(i, &zero, &pre, 1);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(crlh_context(m));
  LLVMPositionBuilderAtEnd(b, pre);
  LLVMBuildBr(b, loop);
  LLVMDisposeBuilder(b);
  crl_valmap_free(&map);
  ASSERT_TRUE(crlh::Verifies(m));
  // t = i + 100 for i = 0, 1, 2.
  EXPECT_EQ(Behaviour(m, "q"), "100 101 102 => 102");
}

TEST(Clone, PreSeededMapWins) {
  crlh::Module m(kPartial);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef p = m.fn("p");
  LLVMTypeRef i64 = LLVMInt64TypeInContext(crlh_context(m));
  LLVMValueRef dst = LLVMAddFunction(m.module(), "q", LLVMGlobalGetValueType(p));
  LLVMBasicBlockRef blocks[] = {Block(p, "entry"), Block(p, "loop"), Block(p, "exit")};
  crl_valmap map;
  crl_valmap_init(&map, 16);
  // The argument is not mapped to q's parameter but to a constant.
  crl_valmap_put(&map, LLVMGetParam(p, 0), LLVMConstInt(i64, 2, 0));
  crl_clone_opts o = {&map, nullptr, nullptr, nullptr, nullptr};
  ASSERT_EQ(crl_clone_blocks(p, dst, blocks, 3, &o), 0);
  crl_valmap_free(&map);
  LLVMValueRef y = Inst(dst, "y");
  EXPECT_TRUE(LLVMIsAConstantInt(LLVMGetOperand(y, 0)));
  ASSERT_TRUE(crlh::Verifies(m));
  LLVMValueRef main = LLVMAddFunction(m.module(), "main",
                                      LLVMFunctionType(i64, nullptr, 0, 0));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(crlh_context(m));
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(crlh_context(m), main, ""));
  LLVMValueRef arg = LLVMConstInt(i64, 1000, 0);
  LLVMValueRef r = LLVMBuildCall2(b, LLVMGlobalGetValueType(dst), dst, &arg, 1, "");
  LLVMBuildRet(b, r);
  LLVMDisposeBuilder(b);
  EXPECT_EQ(Behaviour(m, "main"), "6 7 8 => 8");  // y = 2 * 3, not 1000 * 3
}

// ---------------------------------------------------------------------------
// debug records

const char kDebug[] = R"(
define i64 @d(i64 %x) !dbg !10 {
entry:
    #dbg_value(i64 %x, !12, !DIExpression(), !13)
  %y = add i64 %x, 1, !dbg !13
    #dbg_value(i64 %y, !14, !DIExpression(), !13)
  ret i64 %y, !dbg !13
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!10 = distinct !DISubprogram(name: "d", scope: !1, file: !1, line: 1, type: !11, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DISubroutineType(types: !{null})
!12 = !DILocalVariable(name: "x", arg: 1, scope: !10, file: !1, line: 1, type: !15)
!13 = !DILocation(line: 1, column: 1, scope: !10)
!14 = !DILocalVariable(name: "y", scope: !10, file: !1, line: 2, type: !15)
!15 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
)";

TEST(Clone, DebugRecordsAreRecreatedWithRemappedValues) {
  crlh::Module m(kDebug);
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_TRUE(crlh::Verifies(m));
  LLVMValueRef d = m.fn("d");
  Cloned c = CloneWhole(d, "d.clone");
  ASSERT_EQ(c.rc, 0);
  std::vector<LLVMValueRef> vals;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c.dst); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i))
      for (LLVMDbgRecordRef r = LLVMGetFirstDbgRecord(i); r;
           r = LLVMGetNextDbgRecord(r)) {
        EXPECT_EQ(LLVMDbgRecordGetKind(r), LLVMDbgRecordValue);
        vals.push_back(LLVMDbgVariableRecordGetValue(r, 0));
      }
  ASSERT_EQ(vals.size(), 2u);
  EXPECT_EQ(vals[0], LLVMGetParam(c.dst, 0));
  EXPECT_EQ(vals[1], Inst(c.dst, "y"));
  // The !dbg locations of the instructions come along too.
  EXPECT_NE(LLVMInstructionGetDebugLoc(Inst(c.dst, "y")), nullptr);
  // The clone has no DISubprogram of its own, so the verifier accepts the
  // original's locations.
  ASSERT_TRUE(crlh::Verifies(m));
}

// Under assignment tracking, and with a record of two locations: a copy
// keeps no !DIAssignID (an ID linked to the source's #dbg_assign records
// across functions fails the verifier), each #dbg_assign becomes the
// #dbg_value of its value, and the two-location record, which LLVM-C
// cannot rebuild, a kill of its fragment (not a record on its first
// location whose expression reads a second one: LLVM's LiveDebugValues
// crashes on that).
const char kTracked[] = R"(
define i64 @e(i64 %x) !dbg !10 {
entry:
  %a = alloca i64, align 8, !DIAssignID !20
    #dbg_assign(i1 undef, !14, !DIExpression(), !20, ptr %a, !DIExpression(), !13)
  store i64 %x, ptr %a, align 8, !DIAssignID !21
    #dbg_assign(i64 %x, !14, !DIExpression(), !21, ptr %a, !DIExpression(), !13)
  %y = add i64 %x, 1, !dbg !13
    #dbg_value(!DIArgList(i64 %x, i64 %y), !12, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value, DW_OP_LLVM_fragment, 0, 32), !13)
  %v = load i64, ptr %a, align 8
  ret i64 %v, !dbg !13
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "t", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!10 = distinct !DISubprogram(name: "e", scope: !1, file: !1, line: 1, type: !11, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DISubroutineType(types: !{null})
!12 = !DILocalVariable(name: "x", arg: 1, scope: !10, file: !1, line: 1, type: !15)
!13 = !DILocation(line: 1, column: 1, scope: !10)
!14 = !DILocalVariable(name: "a", scope: !10, file: !1, line: 2, type: !15)
!15 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!20 = distinct !DIAssignID()
!21 = distinct !DIAssignID()
)";

TEST(Clone, AssignmentsAndMultiLocationRecordsBecomeWhatTheCopyCanHold) {
  crlh::Module m(kTracked);
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_TRUE(crlh::Verifies(m));
  Cloned c = CloneWhole(m.fn("e"), "e.clone");
  ASSERT_EQ(c.rc, 0);
  unsigned assign_id = LLVMGetMDKindIDInContext(crlh_context(m), "DIAssignID", 10);
  std::vector<std::string> recs;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c.dst); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      EXPECT_EQ(LLVMGetMetadata(i, assign_id), nullptr);
      for (LLVMDbgRecordRef r = LLVMGetFirstDbgRecord(i); r;
           r = LLVMGetNextDbgRecord(r)) {
        EXPECT_EQ(LLVMDbgRecordGetKind(r), LLVMDbgRecordValue);
        char *t = LLVMPrintDbgRecordToString(r);
        recs.push_back(t);
        LLVMDisposeMessage(t);
      }
    }
  ASSERT_EQ(recs.size(), 3u);
  EXPECT_NE(recs[0].find("i1 undef"), std::string::npos) << recs[0];
  EXPECT_NE(recs[1].find("i64 %0"), std::string::npos) << recs[1];
  EXPECT_NE(recs[2].find("poison"), std::string::npos) << recs[2];
  EXPECT_NE(recs[2].find("!DIExpression(DW_OP_LLVM_fragment, 0, 32)"), std::string::npos)
      << recs[2];
  // The source keeps its IDs and records, and nothing links across.
  EXPECT_NE(LLVMGetMetadata(Inst(m.fn("e"), "a"), assign_id), nullptr);
  ASSERT_TRUE(crlh::Verifies(m));
}

}  // namespace
