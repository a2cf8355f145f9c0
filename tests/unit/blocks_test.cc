// irkit/blocks.h: splitting blocks and edges, rebuilding phis, constant
// terminator folding and unreachable-block removal. Each transformation is
// checked structurally, by the verifier, and by JIT-running the function
// before and after (same trace, same result).
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "gtest/gtest-spi.h"
#include "gtest/gtest.h"
#include "tests/harness/harness_gtest.h"
#include "tests/unit/ir_test_util.h"

extern "C" {
#include "irkit/blocks.h"
}

namespace {

using irt::Block;
using irt::Entries;
using irt::Inst;
using irt::Name;

typedef std::vector<std::pair<std::string, std::string>> EntryList;

// Runs @main and returns "trace => result".
std::string Behaviour(crlh_ctx *c, const char *fn = "main") {
  int64_t ret = 0;
  std::string t = crlh::RunTrace(c, fn, &ret);
  return t + " => " + std::to_string(ret);
}

// ---------------------------------------------------------------------------
// crl_split_before

const char kDiamond[] = R"(
declare void @trace(i64)

define i64 @f(i64 %n) {
entry:
  %c = icmp sgt i64 %n, 0
  br i1 %c, label %pos, label %join
pos:
  br label %join
join:
  %p = phi i64 [ 1, %entry ], [ 2, %pos ]
  %q = phi i64 [ 10, %entry ], [ 20, %pos ]
  %a = add i64 %p, %q
  call void @trace(i64 %a)
  %b = mul i64 %a, 3
  call void @trace(i64 %b)
  br label %exit
exit:
  %r = phi i64 [ %b, %join ]
  ret i64 %r
}

define i64 @main() {
  %x = call i64 @f(i64 1)
  %y = call i64 @f(i64 -1)
  %s = add i64 %x, %y
  ret i64 %s
}
)";

const char kDiamondBehaviour[] = "22 66 11 33 => 99";

TEST(SplitBefore, MidBlockWithPhis) {
  crlh::Module m(kDiamond);
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_EQ(Behaviour(m), kDiamondBehaviour);
  LLVMValueRef f = m.fn("f");
  LLVMBasicBlockRef join = Block(f, "join");
  LLVMValueRef b = Inst(f, "b");
  LLVMBasicBlockRef head = crl_split_before(b, "join.head");
  ASSERT_NE(head, nullptr);
  EXPECT_NE(head, join);
  EXPECT_EQ(Name(head), "join.head");
  // The head sits in front of join; join keeps its identity and starts at b.
  EXPECT_EQ(LLVMGetNextBasicBlock(head), join);
  EXPECT_EQ(LLVMGetFirstInstruction(join), b);
  EXPECT_EQ(LLVMGetInstructionParent(b), join);
  // Phis (and everything before b) moved into the head, names intact.
  EXPECT_EQ(LLVMGetInstructionParent(Inst(f, "p")), head);
  EXPECT_EQ(LLVMGetInstructionParent(Inst(f, "q")), head);
  EXPECT_EQ(LLVMGetInstructionParent(Inst(f, "a")), head);
  EXPECT_EQ(LLVMGetFirstInstruction(head), Inst(f, "p"));
  // head: p, q, a, trace, br join.
  EXPECT_EQ(irt::CountInsts(head), 5u);
  LLVMValueRef hterm = LLVMGetBasicBlockTerminator(head);
  ASSERT_TRUE(LLVMIsABranchInst(hterm));
  EXPECT_FALSE(LLVMIsConditional(hterm));
  EXPECT_EQ(LLVMGetSuccessor(hterm, 0), join);
  // Predecessors now branch to the head.
  EXPECT_EQ(irt::Succs(Block(f, "entry"))[1], head);
  EXPECT_EQ(irt::Succs(Block(f, "pos"))[0], head);
  // The phis still name the same predecessors; exit's phi still names join.
  EXPECT_EQ(Entries(Inst(f, "p")), (EntryList{{"entry", "1"}, {"pos", "2"}}));
  EXPECT_EQ(Entries(Inst(f, "r")), (EntryList{{"join", "%b"}}));
  ASSERT_TRUE(crlh::Verifies(m));
  EXPECT_EQ(Behaviour(m), kDiamondBehaviour);
}

TEST(SplitBefore, FirstNonPhiMovesOnlyPhis) {
  crlh::Module m(kDiamond);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef f = m.fn("f");
  LLVMBasicBlockRef join = Block(f, "join");
  LLVMValueRef a = Inst(f, "a");
  ASSERT_EQ(crl_first_non_phi(join), a);
  LLVMBasicBlockRef head = crl_split_before(a, "phis");
  EXPECT_EQ(irt::CountInsts(head), 3u);  // p, q, br
  EXPECT_EQ(LLVMGetFirstInstruction(join), a);
  EXPECT_EQ(crl_first_non_phi(head), LLVMGetBasicBlockTerminator(head));
  ASSERT_TRUE(crlh::Verifies(m));
  EXPECT_EQ(Behaviour(m), kDiamondBehaviour);
}

TEST(SplitBefore, EntryBlockGetsNewEntry) {
  crlh::Module m(R"(
declare void @trace(i64)
define i64 @main() {
entry:
  %slot = alloca i64
  store i64 5, ptr %slot
  %v = load i64, ptr %slot
  call void @trace(i64 %v)
  ret i64 %v
}
)");
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef f = m.fn("main");
  LLVMBasicBlockRef entry = Block(f, "entry");
  LLVMBasicBlockRef head = crl_split_before(Inst(f, "v"), "alloca.block");
  // The new block is first, so it is the entry; the allocas went with it.
  EXPECT_EQ(LLVMGetEntryBasicBlock(f), head);
  EXPECT_EQ(LLVMGetInstructionParent(Inst(f, "slot")), head);
  EXPECT_EQ(LLVMGetPreviousBasicBlock(entry), head);
  EXPECT_EQ(irt::BlockNames(f), (std::vector<std::string>{"alloca.block", "entry"}));
  ASSERT_TRUE(crlh::Verifies(m));
  EXPECT_EQ(Behaviour(m), "5 => 5");
}

TEST(SplitBefore, LoopBlockWithBackedge) {
  // The loop block branches to itself: after the split the backedge comes
  // from the tail (which keeps the name "loop") to the head with the phi.
  crlh::Module m(R"(
declare void @trace(i64)
define i64 @main() {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %sq = mul i64 %i, %i
  call void @trace(i64 %sq)
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, 4
  br i1 %done, label %exit, label %loop
exit:
  ret i64 %next
}
)");
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_EQ(Behaviour(m), "0 1 4 9 => 4");
  LLVMValueRef f = m.fn("main");
  LLVMBasicBlockRef loop = Block(f, "loop");
  LLVMBasicBlockRef head = crl_split_before(Inst(f, "next"), "loop.head");
  EXPECT_EQ(irt::Succs(loop)[1], head);  // the backedge now targets the head
  EXPECT_EQ(irt::Succs(Block(f, "entry"))[0], head);
  EXPECT_EQ(Entries(Inst(f, "i")), (EntryList{{"entry", "0"}, {"loop", "%next"}}));
  ASSERT_TRUE(crlh::Verifies(m));
  EXPECT_EQ(Behaviour(m), "0 1 4 9 => 4");
}

TEST(SplitBefore, SwitchPredecessorWithTwoEdges) {
  crlh::Module m(R"(
declare void @trace(i64)
define i64 @s(i64 %x) {
entry:
  switch i64 %x, label %other [ i64 1, label %tgt
                                i64 2, label %tgt ]
other:
  br label %tgt
tgt:
  %p = phi i64 [ 100, %entry ], [ 100, %entry ], [ 7, %other ]
  %q = add i64 %p, %x
  call void @trace(i64 %q)
  ret i64 %q
}
define i64 @main() {
  %a = call i64 @s(i64 1)
  %b = call i64 @s(i64 2)
  %c = call i64 @s(i64 3)
  %ab = add i64 %a, %b
  %r = add i64 %ab, %c
  ret i64 %r
}
)");
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_EQ(Behaviour(m), "101 102 10 => 213");
  LLVMValueRef f = m.fn("s");
  LLVMBasicBlockRef head = crl_split_before(Inst(f, "q"), "tgt.head");
  std::vector<LLVMBasicBlockRef> ss = irt::Succs(Block(f, "entry"));
  ASSERT_EQ(ss.size(), 3u);
  EXPECT_EQ(ss[1], head);
  EXPECT_EQ(ss[2], head);
  ASSERT_TRUE(crlh::Verifies(m));
  EXPECT_EQ(Behaviour(m), "101 102 10 => 213");
}

// ---------------------------------------------------------------------------
// crl_split_after_into

TEST(SplitAfterInto, SuccessorPhisFollowTheTail) {
  crlh::Module m(kDiamond);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef f = m.fn("f");
  LLVMBasicBlockRef join = Block(f, "join");
  LLVMValueRef b = Inst(f, "b");
  LLVMBasicBlockRef tail = crl_split_after_into(b, "join.tail");
  EXPECT_EQ(LLVMGetInstructionParent(b), tail);
  EXPECT_EQ(LLVMGetNextBasicBlock(join), tail);
  EXPECT_EQ(irt::Succs(join), (std::vector<LLVMBasicBlockRef>{tail}));
  EXPECT_EQ(Entries(Inst(f, "r")), (EntryList{{"join.tail", "%b"}}));
  ASSERT_TRUE(crlh::Verifies(m));
  EXPECT_EQ(Behaviour(m), kDiamondBehaviour);
}

const char kSwitchTwoEdges[] = R"(
declare void @trace(i64)
define i64 @s(i64 %x) {
entry:
  call void @trace(i64 %x)
  %y = add i64 %x, 1
  switch i64 %x, label %other [ i64 1, label %tgt
                                i64 2, label %tgt ]
other:
  br label %tgt
tgt:
  %p = phi i64 [ %y, %entry ], [ %y, %entry ], [ 7, %other ]
  ret i64 %p
}
define i64 @main() {
  %a = call i64 @s(i64 1)
  %b = call i64 @s(i64 5)
  %r = add i64 %a, %b
  ret i64 %r
}
)";

// Regression: crl_split_after_into once rebuilt the successor's phis merging
// duplicate entries, but the switch still has two edges to %tgt (now from
// the tail), so the phi needs one entry per edge or the verifier rejects it.
TEST(SplitAfterInto, SwitchWithTwoEdgesToOneSuccessor) {
  crlh::Module m(kSwitchTwoEdges);
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_EQ(Behaviour(m), "1 5 => 9");
  LLVMValueRef f = m.fn("s");
  LLVMBasicBlockRef tail = crl_split_after_into(Inst(f, "y"), "entry.tail");
  // Both phi entries for the two switch edges now name the tail.
  EXPECT_EQ(Entries(Inst(f, "p")),
            (EntryList{{"entry.tail", "%y"}, {"entry.tail", "%y"}, {"other", "7"}}));
  EXPECT_EQ(LLVMGetInstructionParent(Inst(f, "y")), tail);
  ASSERT_TRUE(crlh::Verifies(m));
  EXPECT_EQ(Behaviour(m), "1 5 => 9");
}

TEST(SplitAfterInto, LastBlockAppendsTail) {
  crlh::Module m(kSwitchTwoEdges);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef f = m.fn("s");
  LLVMBasicBlockRef last = Block(f, "tgt");
  LLVMBasicBlockRef t2 =
      crl_split_after_into(LLVMGetBasicBlockTerminator(last), "tgt.tail");
  EXPECT_EQ(LLVMGetLastBasicBlock(f), t2);
  EXPECT_EQ(LLVMGetNextBasicBlock(last), t2);
  EXPECT_EQ(irt::CountInsts(last), 2u);  // the phi and the new branch
  EXPECT_EQ(irt::CountInsts(t2), 1u);    // the ret
  ASSERT_TRUE(crlh::Verifies(m));
  EXPECT_EQ(Behaviour(m), "1 5 => 9");
}

// ---------------------------------------------------------------------------
// crl_split_edge

TEST(SplitEdge, ConditionalEdge) {
  crlh::Module m(kDiamond);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef f = m.fn("f");
  LLVMBasicBlockRef entry = Block(f, "entry"), join = Block(f, "join");
  LLVMBasicBlockRef mid = crl_split_edge(entry, join, "entry.join");
  EXPECT_EQ(irt::Succs(entry)[0], Block(f, "pos"));
  EXPECT_EQ(irt::Succs(entry)[1], mid);
  EXPECT_EQ(irt::Succs(mid), (std::vector<LLVMBasicBlockRef>{join}));
  EXPECT_EQ(LLVMGetNextBasicBlock(mid), join);  // placed before the target
  EXPECT_EQ(Entries(Inst(f, "p")), (EntryList{{"entry.join", "1"}, {"pos", "2"}}));
  EXPECT_EQ(Entries(Inst(f, "q")), (EntryList{{"entry.join", "10"}, {"pos", "20"}}));
  ASSERT_TRUE(crlh::Verifies(m));
  EXPECT_EQ(Behaviour(m), kDiamondBehaviour);
}

TEST(SplitEdge, SwitchWithTwoCasesToOneTarget) {
  crlh::Module m(R"(
declare void @trace(i64)
define i64 @s(i64 %x) {
entry:
  switch i64 %x, label %other [ i64 1, label %tgt
                                i64 2, label %tgt ]
other:
  br label %tgt
tgt:
  %p = phi i64 [ 100, %entry ], [ 100, %entry ], [ 7, %other ]
  call void @trace(i64 %p)
  ret i64 %p
}
define i64 @main() {
  %a = call i64 @s(i64 1)
  %b = call i64 @s(i64 2)
  %c = call i64 @s(i64 3)
  %ab = add i64 %a, %b
  %r = add i64 %ab, %c
  ret i64 %r
}
)");
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_EQ(Behaviour(m), "100 100 7 => 207");
  LLVMValueRef f = m.fn("s");
  LLVMBasicBlockRef entry = Block(f, "entry"), tgt = Block(f, "tgt");
  LLVMBasicBlockRef mid = crl_split_edge(entry, tgt, "split");
  // One new block for both edges; both cases go there.
  std::vector<LLVMBasicBlockRef> ss = irt::Succs(entry);
  ASSERT_EQ(ss.size(), 3u);
  EXPECT_EQ(ss[0], Block(f, "other"));
  EXPECT_EQ(ss[1], mid);
  EXPECT_EQ(ss[2], mid);
  EXPECT_EQ(LLVMCountBasicBlocks(f), 4u);
  // The phi has one entry per predecessor edge: mid once, other once.
  EXPECT_EQ(Entries(Inst(f, "p")), (EntryList{{"split", "100"}, {"other", "7"}}));
  ASSERT_TRUE(crlh::Verifies(m));
  EXPECT_EQ(Behaviour(m), "100 100 7 => 207");
}

TEST(SplitEdge, SwitchDefaultAndCaseToOneTarget) {
  crlh::Module m(R"(
declare void @trace(i64)
define i64 @s(i64 %x) {
entry:
  switch i64 %x, label %tgt [ i64 1, label %tgt
                              i64 2, label %other ]
other:
  br label %tgt
tgt:
  %p = phi i64 [ 3, %entry ], [ 3, %entry ], [ 4, %other ]
  call void @trace(i64 %p)
  ret i64 %p
}
define i64 @main() {
  %a = call i64 @s(i64 1)
  %b = call i64 @s(i64 2)
  %c = call i64 @s(i64 9)
  %ab = add i64 %a, %b
  %r = add i64 %ab, %c
  ret i64 %r
}
)");
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_EQ(Behaviour(m), "3 4 3 => 10");
  LLVMValueRef f = m.fn("s");
  LLVMBasicBlockRef mid = crl_split_edge(Block(f, "entry"), Block(f, "tgt"), "mid");
  EXPECT_EQ(LLVMGetSwitchDefaultDest(LLVMGetBasicBlockTerminator(Block(f, "entry"))), mid);
  EXPECT_EQ(Entries(Inst(f, "p")), (EntryList{{"mid", "3"}, {"other", "4"}}));
  ASSERT_TRUE(crlh::Verifies(m));
  EXPECT_EQ(Behaviour(m), "3 4 3 => 10");
}

TEST(SplitEdge, SelfLoop) {
  crlh::Module m(R"(
declare void @trace(i64)
define i64 @main() {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  call void @trace(i64 %i)
  %next = add i64 %i, 2
  %done = icmp sge i64 %next, 6
  br i1 %done, label %exit, label %loop
exit:
  ret i64 %next
}
)");
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_EQ(Behaviour(m), "0 2 4 => 6");
  LLVMValueRef f = m.fn("main");
  LLVMBasicBlockRef loop = Block(f, "loop");
  LLVMBasicBlockRef latch = crl_split_edge(loop, loop, "latch");
  EXPECT_EQ(irt::Succs(loop)[1], latch);
  EXPECT_EQ(irt::Succs(latch), (std::vector<LLVMBasicBlockRef>{loop}));
  EXPECT_EQ(Entries(Inst(f, "i")), (EntryList{{"entry", "0"}, {"latch", "%next"}}));
  ASSERT_TRUE(crlh::Verifies(m));
  EXPECT_EQ(Behaviour(m), "0 2 4 => 6");
}

// ---------------------------------------------------------------------------
// crl_phi_replace_block / crl_remove_phi_entries

const char kPhis[] = R"(
define i64 @f(i1 %c, i1 %d) {
entry:
  br i1 %c, label %a, label %b
a:
  br i1 %d, label %j, label %b
b:
  br label %j
j:
  %p = phi i64 [ 1, %a ], [ 2, %b ]
  %q = phi i64 [ 3, %b ], [ 4, %a ]
  %s = add i64 %p, %q
  ret i64 %s
}
)";

TEST(PhiRebuild, ReplaceBlockKeepsNameUsesAndPosition) {
  crlh::Module m(kPhis);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef f = m.fn("f");
  LLVMValueRef old = Inst(f, "p");
  LLVMValueRef s = Inst(f, "s");
  LLVMBasicBlockRef entry = Block(f, "entry");
  LLVMValueRef np = crl_phi_replace_block(old, Block(f, "b"), entry);
  ASSERT_NE(np, nullptr);
  EXPECT_TRUE(LLVMIsAPHINode(np));
  EXPECT_EQ(Name(np), "p");
  EXPECT_EQ(LLVMGetFirstInstruction(Block(f, "j")), np);
  EXPECT_EQ(LLVMGetOperand(s, 0), np);  // uses follow the new phi
  EXPECT_EQ(Entries(np), (EntryList{{"a", "1"}, {"entry", "2"}}));
  EXPECT_EQ(Inst(f, "p"), np);
}

TEST(PhiRebuild, ReplaceWithNullDropsEntries) {
  crlh::Module m(kPhis);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef f = m.fn("f");
  LLVMValueRef np = crl_phi_replace_block(Inst(f, "q"), Block(f, "b"), nullptr);
  EXPECT_EQ(Entries(np), (EntryList{{"a", "4"}}));
  EXPECT_EQ(Name(np), "q");
}

TEST(PhiRebuild, ReplaceIntoExistingBlockMerges) {
  crlh::Module m(kPhis);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef f = m.fn("f");
  // b -> a while a already has an entry: one entry for a remains (the first).
  LLVMValueRef np = crl_phi_replace_block(Inst(f, "p"), Block(f, "b"), Block(f, "a"));
  EXPECT_EQ(Entries(np), (EntryList{{"a", "1"}}));
}

TEST(PhiRebuild, DuplicateEntriesMerge) {
  crlh::Module m(R"(
define i64 @s(i64 %x) {
entry:
  switch i64 %x, label %other [ i64 1, label %tgt
                                i64 2, label %tgt ]
other:
  br label %tgt
tgt:
  %p = phi i64 [ 100, %entry ], [ 100, %entry ], [ 7, %other ]
  ret i64 %p
}
)");
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef f = m.fn("s");
  LLVMBasicBlockRef entry = Block(f, "entry");
  // Replacing a block by itself merges its duplicate entries.
  LLVMValueRef np = crl_phi_replace_block(Inst(f, "p"), entry, entry);
  EXPECT_EQ(Entries(np), (EntryList{{"entry", "100"}, {"other", "7"}}));
}

TEST(PhiRebuild, RemovePhiEntriesOfAllPhis) {
  crlh::Module m(kPhis);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef f = m.fn("f");
  LLVMBasicBlockRef j = Block(f, "j"), a = Block(f, "a");
  // Make a stop branching to j, then drop its phi entries: valid again.
  LLVMValueRef t = LLVMGetBasicBlockTerminator(a);
  LLVMSetSuccessor(t, 0, Block(f, "b"));
  EXPECT_FALSE(crlh::Verifies(m));
  crl_remove_phi_entries(j, a);
  EXPECT_EQ(Entries(Inst(f, "p")), (EntryList{{"b", "2"}}));
  EXPECT_EQ(Entries(Inst(f, "q")), (EntryList{{"b", "3"}}));
  EXPECT_TRUE(crlh::Verifies(m));
}

// ---------------------------------------------------------------------------
// crl_simplify_cfg / crl_remove_unreachable

const char kConstants[] = R"(
declare void @trace(i64)
define i64 @main() {
entry:
  br i1 true, label %a, label %b
a:
  call void @trace(i64 1)
  br label %m
b:
  call void @trace(i64 2)
  br label %m
m:
  %p = phi i64 [ 10, %a ], [ 20, %b ]
  switch i32 2, label %d [ i32 1, label %c1
                           i32 2, label %c2 ]
c1:
  call void @trace(i64 3)
  br label %end
c2:
  call void @trace(i64 4)
  br label %end
d:
  call void @trace(i64 5)
  br label %end
end:
  %q = phi i64 [ %p, %c1 ], [ %p, %c2 ], [ 0, %d ]
  ret i64 %q
}
)";

TEST(SimplifyCfg, FoldsConstantBranchAndSwitch) {
  crlh::Module m(kConstants);
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_EQ(Behaviour(m), "1 4 => 10");
  LLVMValueRef f = m.fn("main");
  crl_simplify_cfg(f);
  // m is left holding only `br label %c2` and goes too: a branches to c2.
  EXPECT_EQ(irt::BlockNames(f),
            (std::vector<std::string>{"entry", "a", "c2", "end"}));
  EXPECT_EQ(irt::CountOp(f, LLVMSwitch), 0u);
  EXPECT_EQ(irt::CountOp(f, LLVMPHI), 0u);  // one-entry/constant phis fold
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    if (LLVMIsABranchInst(t)) {
      EXPECT_FALSE(LLVMIsConditional(t)) << irt::Print(t);
    }
  }
  ASSERT_TRUE(crlh::Verifies(m));
  EXPECT_EQ(Behaviour(m), "1 4 => 10");
}

// Blocks holding only an unconditional branch go, their predecessors
// (a switch with several cases to them) taking the end of the chain; one
// feeding a phi stays (the phi names it), and so does a cycle of them.
const char kEmptyChains[] = R"(
declare void @trace(i64)
define i64 @f(i32 %k) {
entry:
  switch i32 %k, label %e1 [ i32 1, label %e2
                             i32 2, label %e3
                             i32 9, label %loop1 ]
e1:
  br label %e2
e2:
  br label %e3
e3:
  br label %body
body:
  call void @trace(i64 1)
  %c = icmp eq i32 %k, 2
  br i1 %c, label %pj, label %other
pj:
  br label %join
other:
  call void @trace(i64 2)
  br label %join
join:
  %v = phi i64 [ 7, %pj ], [ 9, %other ]
  ret i64 %v
loop1:
  br label %loop2
loop2:
  br label %loop1
}
define i64 @main() {
  %a = call i64 @f(i32 0)
  %b = call i64 @f(i32 1)
  %c = call i64 @f(i32 2)
  %s1 = add i64 %a, %b
  %s = add i64 %s1, %c
  ret i64 %s
}
)";

TEST(SimplifyCfg, ForwardsBlocksThatOnlyBranch) {
  crlh::Module m(kEmptyChains);
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_EQ(Behaviour(m), "1 2 1 2 1 => 25");
  LLVMValueRef f = m.fn("f");
  crl_simplify_cfg(f);
  EXPECT_EQ(irt::BlockNames(f),
            (std::vector<std::string>{"entry", "body", "pj", "other", "join",
                                      "loop1", "loop2"}));
  LLVMValueRef sw = LLVMGetBasicBlockTerminator(LLVMGetEntryBasicBlock(f));
  ASSERT_EQ(LLVMGetNumSuccessors(sw), 4u);
  for (unsigned k = 0; k < 3; k++)
    EXPECT_EQ(irt::Name(LLVMGetSuccessor(sw, k)), "body") << k;
  EXPECT_EQ(irt::Name(LLVMGetSuccessor(sw, 3)), "loop1");
  ASSERT_TRUE(crlh::Verifies(m));
  EXPECT_EQ(Behaviour(m), "1 2 1 2 1 => 25");
}

// Without the simplification the structural check above fails: the test
// can fail (CRL_DEBUG_NO_SIMPLIFY turns crl_simplify_cfg into a no-op).
TEST(SimplifyCfg, TheCheckCanFail) {
  crlh::Module m(kConstants);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef f = m.fn("main");
  setenv("CRL_DEBUG_NO_SIMPLIFY", "1", 1);
  crl_simplify_cfg(f);
  unsetenv("CRL_DEBUG_NO_SIMPLIFY");
  EXPECT_NONFATAL_FAILURE(
      EXPECT_EQ(irt::BlockNames(f),
                (std::vector<std::string>{"entry", "a", "m", "c2", "end"})),
      "BlockNames");
  EXPECT_NONFATAL_FAILURE(EXPECT_EQ(irt::CountOp(f, LLVMSwitch), 0u), "CountOp");
}

TEST(SimplifyCfg, SwitchDefaultAndMergedEdges) {
  crlh::Module m(R"(
declare void @trace(i64)
define i64 @main() {
entry:
  br label %sw
sw:
  switch i8 7, label %t [ i8 1, label %t
                          i8 2, label %u ]
u:
  call void @trace(i64 99)
  br label %t
t:
  %p = phi i64 [ 5, %sw ], [ 5, %sw ], [ 6, %u ]
  call void @trace(i64 %p)
  ret i64 %p
}
)");
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_EQ(Behaviour(m), "5 => 5");
  LLVMValueRef f = m.fn("main");
  crl_simplify_cfg(f);
  EXPECT_EQ(Block(f, "u"), nullptr);
  EXPECT_EQ(irt::CountOp(f, LLVMSwitch), 0u);
  ASSERT_TRUE(crlh::Verifies(m));
  EXPECT_EQ(Behaviour(m), "5 => 5");
}

TEST(SimplifyCfg, SwitchCaseHitWithLiveOtherTarget) {
  // The dropped target stays reachable through another path: its phi loses
  // exactly the entry from the folded switch.
  crlh::Module m(R"(
declare void @trace(i64)
define i64 @f(i1 %c) {
entry:
  br i1 %c, label %sw, label %v
sw:
  switch i32 1, label %v [ i32 1, label %w ]
w:
  call void @trace(i64 1)
  br label %v
v:
  %p = phi i64 [ 10, %entry ], [ 20, %sw ], [ 30, %w ]
  call void @trace(i64 %p)
  ret i64 %p
}
define i64 @main() {
  %a = call i64 @f(i1 true)
  %b = call i64 @f(i1 false)
  %r = add i64 %a, %b
  ret i64 %r
}
)");
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_EQ(Behaviour(m), "1 30 10 => 40");
  LLVMValueRef f = m.fn("f");
  crl_simplify_cfg(f);
  LLVMValueRef p = Inst(f, "p");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(Entries(p), (EntryList{{"entry", "10"}, {"w", "30"}}));
  ASSERT_TRUE(crlh::Verifies(m));
  EXPECT_EQ(Behaviour(m), "1 30 10 => 40");
}

TEST(SimplifyCfg, FoldsToFixpointThroughPhis) {
  // %c is a one-entry phi of a constant: folding it makes the branch
  // constant, which makes %dead unreachable, and so on.
  crlh::Module m(R"(
declare void @trace(i64)
define i64 @main() {
entry:
  br label %x
x:
  %c = phi i1 [ false, %entry ]
  br i1 %c, label %dead, label %y
dead:
  call void @trace(i64 666)
  br label %y
y:
  %k = phi i32 [ 3, %x ], [ 4, %dead ]
  switch i32 %k, label %z [ i32 4, label %dead2 ]
dead2:
  call void @trace(i64 667)
  br label %z
z:
  call void @trace(i64 1)
  ret i64 0
}
)");
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_EQ(Behaviour(m), "1 => 0");
  LLVMValueRef f = m.fn("main");
  crl_simplify_cfg(f);
  EXPECT_EQ(Block(f, "dead"), nullptr);
  EXPECT_EQ(Block(f, "dead2"), nullptr);
  EXPECT_EQ(irt::CountOp(f, LLVMPHI), 0u);
  EXPECT_EQ(irt::CountOp(f, LLVMSwitch), 0u);
  ASSERT_TRUE(crlh::Verifies(m));
  EXPECT_EQ(Behaviour(m), "1 => 0");
}

TEST(SimplifyCfg, LeavesNonConstantTerminators) {
  crlh::Module m(kDiamond);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef f = m.fn("f");
  crl_simplify_cfg(f);
  EXPECT_EQ(LLVMCountBasicBlocks(f), 4u);
  EXPECT_TRUE(LLVMIsConditional(LLVMGetBasicBlockTerminator(Block(f, "entry"))));
  ASSERT_TRUE(crlh::Verifies(m));
  EXPECT_EQ(Behaviour(m), kDiamondBehaviour);
}

TEST(RemoveUnreachable, DeadCycleAndDeadPhiEntries) {
  crlh::Module m(R"(
declare void @trace(i64)
define i64 @main() {
entry:
  br label %live
d1:
  %x = phi i64 [ 0, %d2 ]
  %y = add i64 %x, 1
  br label %d2
d2:
  %z = add i64 %y, 1
  br i1 false, label %d1, label %live
live:
  %p = phi i64 [ 1, %entry ], [ %z, %d2 ]
  call void @trace(i64 %p)
  ret i64 %p
}
)");
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_EQ(Behaviour(m), "1 => 1");
  LLVMValueRef f = m.fn("main");
  crl_remove_unreachable(f);
  EXPECT_EQ(irt::BlockNames(f), (std::vector<std::string>{"entry", "live"}));
  EXPECT_EQ(Entries(Inst(f, "p")), (EntryList{{"entry", "1"}}));
  ASSERT_TRUE(crlh::Verifies(m));
  EXPECT_EQ(Behaviour(m), "1 => 1");
}

// ---------------------------------------------------------------------------
// small helpers

TEST(BlockHelpers, ComesBeforeAndMoveBeforeTerminator) {
  crlh::Module m(kDiamond);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef f = m.fn("f");
  LLVMValueRef a = Inst(f, "a"), b = Inst(f, "b");
  EXPECT_TRUE(crl_comes_before(a, b));
  EXPECT_FALSE(crl_comes_before(b, a));
  EXPECT_TRUE(crl_comes_before(a, a));
  // Move %c (entry) to the end of pos? It is used by entry's branch; move %b
  // within its own block to just before the terminator instead.
  LLVMBasicBlockRef join = Block(f, "join");
  crl_move_before_terminator(b, join);
  EXPECT_EQ(LLVMGetPreviousInstruction(LLVMGetBasicBlockTerminator(join)), b);
  EXPECT_EQ(Name(b), "b");
  // b now comes after its use (the trace call): invalid, caught by the verifier.
  EXPECT_FALSE(crlh::Verifies(m));
  // An unterminated block: appended at the end.
  LLVMContextRef ctx = crlh_context(m);
  LLVMBasicBlockRef nb = LLVMAppendBasicBlockInContext(ctx, f, "open");
  crl_move_before_terminator(a, nb);
  EXPECT_EQ(LLVMGetLastInstruction(nb), a);
  EXPECT_EQ(crl_first_non_phi(nb), a);
}

}  // namespace
