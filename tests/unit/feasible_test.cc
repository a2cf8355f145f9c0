// cloner/feasible.h: the blocks a clone can run from its entry points, with
// phis of integer constants propagated through the branches and switches
// they decide. Each case names the blocks that must and must not run, and
// which phis are known constants.
#include <algorithm>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/harness/harness_gtest.h"
#include "tests/unit/ir_test_util.h"

extern "C" {
#include "cloner/feasible.h"
}

namespace {

using irt::Block;
using irt::Inst;
using irt::Name;

struct Result {
  std::vector<std::string> blocks;
  crl_feasible f = {};
  ~Result() { crl_feasible_free(&f); }
  bool has(const char *b) const {
    return std::find(blocks.begin(), blocks.end(), b) != blocks.end();
  }
  // The constant a phi is known to hold, or "" if none.
  std::string constant(LLVMValueRef phi) const {
    for (unsigned k = 0; k < f.nconsts; k++)
      if (f.const_phis[k] == phi) return std::to_string(LLVMConstIntGetSExtValue(f.const_vals[k]));
    return "";
  }
};

int StopsAtName(LLVMBasicBlockRef bb) { return Name(bb).rfind("stop", 0) == 0; }

// Seeds: (block, phi or "", constant).
struct Seed { const char *block, *phi; long long value; };

void Analyse(LLVMValueRef fn, std::vector<Seed> seeds, Result *r,
             int (*stops)(LLVMBasicBlockRef) = StopsAtName) {
  std::vector<crl_feasible_seed> s;
  for (const Seed &x : seeds) {
    LLVMValueRef phi = *x.phi ? Inst(fn, x.phi) : nullptr;
    LLVMValueRef v = phi ? LLVMConstInt(LLVMTypeOf(phi), (unsigned long long)x.value, 1)
                         : nullptr;
    s.push_back({Block(fn, x.block), phi, v});
  }
  ASSERT_EQ(crl_feasible_run(fn, s.data(), (unsigned)s.size(), stops, &r->f), 0);
  for (unsigned k = 0; k < r->f.n; k++) r->blocks.push_back(Name(r->f.blocks[k]));
}

// The shape clang gives every co_await: a landing phi merging the -1 of a
// fresh suspend with what the dispatch brings, a switch on it, and a
// cleanup-destination phi deciding where the scope's exit goes.
const char kAwait[] = R"(
declare void @work()
declare void @drop()

define void @f(i1 %c) {
entry:
  br label %pre
pre:
  call void @work()
  br label %landing
landing:
  %r = phi i8 [ -1, %pre ]
  switch i8 %r, label %suspend [ i8 0, label %resumed
                                 i8 1, label %destroyed ]
resumed:
  call void @work()
  br label %scope.exit
destroyed:
  br label %scope.exit
scope.exit:
  %dest = phi i32 [ 0, %resumed ], [ 2, %destroyed ], [ 0, %join2 ]
  switch i32 %dest, label %cleanup [ i32 0, label %resumed.tail ]
resumed.tail:
  call void @work()
  br i1 %c, label %pre2, label %join2
join2:
  br label %scope.exit
pre2:
  br label %stop.final
cleanup:
  %why = phi i32 [ %dest, %scope.exit ], [ 5, %other ]
  call void @drop()
  br label %stop.free
stop.free:
  br label %after.end
stop.final:
  br label %after.end
suspend:
  br label %after.end
after.end:
  ret void
other:
  br label %cleanup
}
)";

TEST(Feasible, DestroyEntryRunsOnlyCleanup) {
  crlh::Module m(kAwait);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef f = m.fn("f");
  Result r;
  Analyse(f, {{"landing", "r", 1}}, &r);
  EXPECT_EQ(r.blocks, (std::vector<std::string>{"landing", "destroyed", "scope.exit",
                                                "cleanup", "stop.free"}));
  EXPECT_EQ(r.constant(Inst(f, "r")), "1");
  EXPECT_EQ(r.constant(Inst(f, "dest")), "2");
  // Only the feasible entry counts: `other` never runs.
  EXPECT_EQ(r.constant(Inst(f, "why")), "2");
}

TEST(Feasible, ResumeEntryKeepsTheFreshSuspendButNotDestroy) {
  crlh::Module m(kAwait);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef f = m.fn("f");
  Result r;
  Analyse(f, {{"landing", "r", 0}}, &r);
  // resumed.tail loops back to scope.exit through join2, never to pre: the
  // landing only ever sees 0, and the destroy edge and the suspend exit
  // stay dead.
  EXPECT_TRUE(r.has("resumed"));
  EXPECT_TRUE(r.has("resumed.tail"));
  EXPECT_TRUE(r.has("pre2"));
  EXPECT_TRUE(r.has("stop.final"));
  EXPECT_TRUE(r.has("join2"));
  EXPECT_FALSE(r.has("destroyed"));
  EXPECT_FALSE(r.has("cleanup"));
  EXPECT_FALSE(r.has("suspend"));
  EXPECT_FALSE(r.has("pre"));
  EXPECT_FALSE(r.has("after.end")) << "a stop block's successors must not run";
  EXPECT_EQ(r.constant(Inst(f, "dest")), "0");
}

TEST(Feasible, NoSeedValueMeansPlainReachabilityOfThePhi) {
  crlh::Module m(kAwait);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef f = m.fn("f");
  Result r;
  Analyse(f, {{"entry", "", 0}}, &r);
  // From the entry the landing sees only -1: the suspend exit.
  EXPECT_EQ(r.blocks, (std::vector<std::string>{"entry", "pre", "landing",
                                                "suspend", "after.end"}));
  EXPECT_EQ(r.constant(Inst(f, "r")), "-1");
}

// A landing reached both from the dispatch (0) and by a fresh suspend (-1):
// a set of two constants, neither of which takes the destroy case.
const char kLoop[] = R"(
declare void @work()
declare void @drop()

define void @g(i1 %c) {
entry:
  br label %landing
pre:
  br label %landing
landing:
  %r = phi i8 [ -1, %pre ], [ 7, %entry ]
  switch i8 %r, label %suspend [ i8 0, label %body
                                 i8 1, label %destroyed ]
body:
  call void @work()
  br label %pre
destroyed:
  call void @drop()
  ret void
suspend:
  ret void
}
)";

TEST(Feasible, SetsOfConstantsKeepTheDestroyCaseDead) {
  crlh::Module m(kLoop);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef f = m.fn("g");
  Result r;
  Analyse(f, {{"landing", "r", 0}}, &r);
  EXPECT_TRUE(r.has("body"));
  EXPECT_TRUE(r.has("pre"));
  EXPECT_TRUE(r.has("suspend"));
  EXPECT_FALSE(r.has("destroyed"));
  EXPECT_FALSE(r.has("entry"));
  EXPECT_EQ(r.constant(Inst(f, "r")), "") << "holds 0 or -1";
}

TEST(Feasible, EntryAndDispatchTogether) {
  crlh::Module m(kLoop);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef f = m.fn("g");
  Result r;
  // 7 from the entry goes to the default; 1 from the seed to destroyed.
  Analyse(f, {{"entry", "", 0}, {"landing", "r", 1}}, &r);
  EXPECT_EQ(r.blocks, (std::vector<std::string>{"entry", "landing", "destroyed",
                                                "suspend"}));
}

// Values the analysis does not model make everything after them feasible.
const char kUnknown[] = R"(
declare void @work()
declare i32 @pick()
declare i32 @__gxx_personality_v0(...)

define void @h(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  %v = call i32 @pick()
  br label %join
join:
  %p = phi i32 [ %v, %entry ]
  switch i32 %p, label %a [ i32 1, label %b ]
a:
  invoke void @work() to label %c unwind label %lp
b:
  %many = phi i32 [ 1, %b.0 ], [ 2, %b.1 ], [ 3, %b.2 ], [ 4, %b.3 ], [ 5, %b.4 ],
                  [ 6, %b.5 ], [ 7, %b.6 ], [ 8, %b.7 ], [ 9, %join ]
  switch i32 %many, label %c [ i32 100, label %d ]
b.0:
  br label %b
b.1:
  br label %b
b.2:
  br label %b
b.3:
  br label %b
b.4:
  br label %b
b.5:
  br label %b
b.6:
  br label %b
b.7:
  br label %b
c:
  ret void
d:
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}
)";

TEST(Feasible, UnknownValuesInvokesAndWidePhisTakeEverySuccessor) {
  crlh::Module m(kUnknown);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef f = m.fn("h");
  Result r;
  Analyse(f, {{"entry", "", 0}}, &r);
  EXPECT_TRUE(r.has("a"));
  EXPECT_TRUE(r.has("b"));
  EXPECT_TRUE(r.has("c"));
  EXPECT_TRUE(r.has("lp")) << "an invoke's unwind edge is always feasible";
  // %many only ever sees 9 (the b.N blocks never run).
  EXPECT_FALSE(r.has("d"));
  EXPECT_EQ(r.constant(Inst(f, "many")), "9");
  EXPECT_EQ(r.constant(Inst(f, "p")), "");
}

TEST(Feasible, MoreConstantsThanTheLatticeHoldsMeansAnything) {
  crlh::Module m(kUnknown);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef f = m.fn("h");
  Result r;
  std::vector<Seed> seeds;
  const char *names[] = {"b.0", "b.1", "b.2", "b.3", "b.4", "b.5", "b.6", "b.7"};
  for (const char *n : names) seeds.push_back({n, "", 0});
  seeds.push_back({"entry", "", 0});
  Analyse(f, seeds, &r);
  // Nine distinct constants: more than a set holds, so d counts as feasible
  // (sound: the analysis may only ever over-approximate).
  EXPECT_TRUE(r.has("d"));
  EXPECT_EQ(r.constant(Inst(f, "many")), "");
}

}  // namespace
