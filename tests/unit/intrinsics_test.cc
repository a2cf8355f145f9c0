// irkit/intrinsics.h: coroutine intrinsics are recognised by intrinsic ID, never
// by name: overloaded names with suffixes match, user functions never do.
// Also irkit/valmap.h, the pointer map the toolkit relies on.
#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/harness/harness_gtest.h"
#include "tests/unit/ir_test_util.h"

extern "C" {
#include "irkit/intrinsics.h"
#include "irkit/valmap.h"
}

namespace {

using irt::Inst;

const char kCalls[] = R"(
declare void @trace(i64)
declare i64 @llvm.coro.size.i64()
declare i32 @llvm.coro.size.i32()
declare i64 @llvm.coro.align.i64()
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare token @llvm.coro.save(ptr)
declare void @llvm.coro.end(ptr, i1, token)
declare ptr @llvm.coro.free(token, ptr)
declare i1 @llvm.coro.alloc(token)
declare void @llvm.coro.resume(ptr)
declare void @llvm.coro.destroy(ptr)
declare i1 @llvm.coro.done(ptr)
declare ptr @llvm.coro.promise(ptr, i32, i1)
declare i1 @llvm.coro.is_in_ramp()
declare ptr @llvm.coro.noop()
declare ptr @llvm.coro.subfn.addr(ptr, i8)
declare void @llvm.lifetime.start.p0(ptr)
declare i64 @coro_size()
declare i64 @my.llvm.coro.size.i64()
declare i64 @llvm_coro_size_i64()
declare i32 @__gxx_personality_v0(...)

define void @f(ptr %h) presplitcoroutine personality ptr @__gxx_personality_v0 {
entry:
  %size64 = call i64 @llvm.coro.size.i64()
  %size32 = call i32 @llvm.coro.size.i32()
  %align = call i64 @llvm.coro.align.i64()
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %alloc = call i1 @llvm.coro.alloc(token %id)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %h)
  %save = call token @llvm.coro.save(ptr %hdl)
  %susp = call i8 @llvm.coro.suspend(token %save, i1 false)
  %free = call ptr @llvm.coro.free(token %id, ptr %hdl)
  %done = call i1 @llvm.coro.done(ptr %h)
  %prom = call ptr @llvm.coro.promise(ptr %h, i32 8, i1 false)
  %ramp = call i1 @llvm.coro.is_in_ramp()
  %noop = call ptr @llvm.coro.noop()
  %sub = call ptr @llvm.coro.subfn.addr(ptr %h, i8 0)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.destroy(ptr %h)
  %slot = alloca i64
  call void @llvm.lifetime.start.p0(ptr %slot)
  %user1 = call i64 @coro_size()
  %user2 = call i64 @my.llvm.coro.size.i64()
  %user3 = call i64 @llvm_coro_size_i64()
  %fp = load ptr, ptr %h
  %indirect = call i64 %fp()
  call void @trace(i64 %user1)
  %inv = invoke i64 @llvm.coro.size.i64() to label %ok unwind label %lp
ok:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}
)";

struct Expect {
  const char *inst;
  crl_intr kind;
};

TEST(Intrinsics, RecognisedByIdIncludingOverloads) {
  crlh::Module m(kCalls);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef f = m.fn("f");
  const Expect cases[] = {
      {"size64", CRL_I_SIZE},   {"size32", CRL_I_SIZE},  {"align", CRL_I_ALIGN},
      {"id", CRL_I_ID},         {"alloc", CRL_I_ALLOC},  {"hdl", CRL_I_BEGIN},
      {"save", CRL_I_SAVE},     {"susp", CRL_I_SUSPEND}, {"free", CRL_I_FREE},
      {"done", CRL_I_DONE},     {"prom", CRL_I_PROMISE}, {"ramp", CRL_I_IS_IN_RAMP},
      {"noop", CRL_I_NOOP},     {"sub", CRL_I_SUBFN_ADDR},
      {"inv", CRL_I_SIZE},  // an invoke of an intrinsic is still recognised
  };
  for (const Expect &e : cases) {
    LLVMValueRef i = Inst(f, e.inst);
    ASSERT_NE(i, nullptr) << e.inst;
    EXPECT_EQ(crl_intrinsic_of(i), e.kind) << e.inst;
    EXPECT_EQ(crl_intrinsic_of_fn(LLVMGetCalledValue(i)), e.kind) << e.inst;
  }
  // Unnamed void calls: by position.
  LLVMValueRef resume = irt::NthOp(f, LLVMCall, 14);
  ASSERT_NE(resume, nullptr);
  EXPECT_EQ(crl_intrinsic_of(resume), CRL_I_RESUME) << irt::Print(resume);
  EXPECT_EQ(crl_intrinsic_of(irt::NthOp(f, LLVMCall, 15)), CRL_I_DESTROY);
  LLVMValueRef life = irt::NthOp(f, LLVMCall, 16);
  EXPECT_EQ(crl_intrinsic_of(life), CRL_I_LIFETIME_START) << irt::Print(life);
  EXPECT_FALSE(crl_is_coro_intrinsic(CRL_I_LIFETIME_START));
  EXPECT_FALSE(crl_is_coro_intrinsic(CRL_I_LIFETIME_END));
  EXPECT_FALSE(crl_is_coro_intrinsic(CRL_I_NONE));
  EXPECT_TRUE(crl_is_coro_intrinsic(CRL_I_SIZE));
  EXPECT_TRUE(crl_is_coro_intrinsic(CRL_I_SUSPEND));
  LLVMValueRef end = LLVMGetFirstInstruction(irt::Block(f, "ok"));
  EXPECT_EQ(crl_intrinsic_of(end), CRL_I_END);
}

TEST(Intrinsics, UserFunctionsAndOtherValuesDoNotMatch) {
  crlh::Module m(kCalls);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef f = m.fn("f");
  // User functions, whatever their name looks like.
  for (const char *n : {"user1", "user2", "user3"}) {
    LLVMValueRef i = Inst(f, n);
    ASSERT_NE(i, nullptr) << n;
    EXPECT_EQ(crl_intrinsic_of(i), CRL_I_NONE) << n;
    EXPECT_EQ(crl_intrinsic_of_fn(LLVMGetCalledValue(i)), CRL_I_NONE) << n;
  }
  EXPECT_EQ(crl_intrinsic_of_fn(m.fn("my.llvm.coro.size.i64")), CRL_I_NONE);
  EXPECT_EQ(crl_intrinsic_of_fn(m.fn("coro_size")), CRL_I_NONE);
  // An indirect call, a non-call instruction, a trace call, a function that
  // is not an intrinsic, an argument, NULL.
  EXPECT_EQ(crl_intrinsic_of(Inst(f, "indirect")), CRL_I_NONE);
  EXPECT_EQ(crl_intrinsic_of(Inst(f, "fp")), CRL_I_NONE);
  EXPECT_EQ(crl_intrinsic_of(Inst(f, "slot")), CRL_I_NONE);
  EXPECT_EQ(crl_intrinsic_of_fn(m.fn("f")), CRL_I_NONE);
  EXPECT_EQ(crl_intrinsic_of_fn(LLVMGetParam(f, 0)), CRL_I_NONE);
  EXPECT_EQ(crl_intrinsic_of(nullptr), CRL_I_NONE);
  EXPECT_EQ(crl_intrinsic_of_fn(nullptr), CRL_I_NONE);
  // The landing pad and resume are not calls.
  EXPECT_EQ(crl_intrinsic_of(Inst(f, "l")), CRL_I_NONE);
}

TEST(Intrinsics, NamesAndDeclarations) {
  EXPECT_STREQ(crl_intrinsic_name(CRL_I_SIZE), "llvm.coro.size");
  EXPECT_STREQ(crl_intrinsic_name(CRL_I_ID), "llvm.coro.id");
  EXPECT_STREQ(crl_intrinsic_name(CRL_I_AWAIT_SUSPEND_HANDLE),
               "llvm.coro.await.suspend.handle");
  EXPECT_STREQ(crl_intrinsic_name(CRL_I_NONE), "?");
  EXPECT_STREQ(crl_intrinsic_name(CRL_I_COUNT), "?");
  crlh::Module m("");
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef s = crl_intrinsic_decl(m.module(), CRL_I_SUSPEND);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(irt::Name(s), "llvm.coro.suspend");
  EXPECT_EQ(crl_intrinsic_of_fn(s), CRL_I_SUSPEND);
  LLVMTypeRef fty = LLVMGlobalGetValueType(s);
  EXPECT_EQ(LLVMGetIntTypeWidth(LLVMGetReturnType(fty)), 8u);
  EXPECT_EQ(LLVMCountParamTypes(fty), 2u);
  LLVMValueRef r = crl_intrinsic_decl(m.module(), CRL_I_IS_IN_RAMP);
  EXPECT_EQ(irt::Name(r), "llvm.coro.is_in_ramp");
  EXPECT_EQ(crl_intrinsic_of_fn(r), CRL_I_IS_IN_RAMP);
  // Asking twice gives the same declaration.
  EXPECT_EQ(crl_intrinsic_decl(m.module(), CRL_I_SUSPEND), s);
}

// Every intrinsic kind this LLVM knows maps back to itself through a fresh
// declaration (so the ID table is complete and has no duplicates).
TEST(Intrinsics, EveryKnownKindRoundTrips) {
  crlh::Module m("");
  ASSERT_TRUE(m.ok()) << m.error();
  unsigned known = 0;
  for (int k = CRL_I_NONE + 1; k < CRL_I_COUNT; k++) {
    const char *name = crl_intrinsic_name((crl_intr)k);
    unsigned id = LLVMLookupIntrinsicID(name, std::string(name).size());
    if (!id) continue;  // not an intrinsic of this LLVM (e.g. llvm.coro.param)
    known++;
    std::vector<LLVMTypeRef> params;
    if (LLVMIntrinsicIsOverloaded(id)) {
      // One overload type suffices: i64 for size/align, ptr otherwise.
      LLVMContextRef ctx = crlh_context(m);
      params.push_back(k == CRL_I_SIZE || k == CRL_I_ALIGN
                           ? LLVMInt64TypeInContext(ctx)
                           : LLVMPointerTypeInContext(ctx, 0));
    }
    LLVMValueRef d = LLVMGetIntrinsicDeclaration(m.module(), id, params.data(),
                                                 params.size());
    ASSERT_NE(d, nullptr) << name;
    EXPECT_EQ(crl_intrinsic_of_fn(d), (crl_intr)k) << name << " as " << irt::Name(d);
  }
  EXPECT_GE(known, 35u);
}

// ---------------------------------------------------------------------------
// valmap

TEST(Valmap, PutGetHasAndGrowth) {
  crl_valmap m;
  ASSERT_EQ(crl_valmap_init(&m, 2), 0);
  std::vector<int> keys(1000), vals(1000);
  for (int k = 0; k < 1000; k++) ASSERT_EQ(crl_valmap_put(&m, &keys[k], &vals[k]), 0);
  EXPECT_EQ(m.n, 1000u);
  for (int k = 0; k < 1000; k++) {
    EXPECT_TRUE(crl_valmap_has(&m, &keys[k]));
    EXPECT_EQ(crl_valmap_get(&m, &keys[k]), &vals[k]);
  }
  int other = 0;
  EXPECT_FALSE(crl_valmap_has(&m, &other));
  EXPECT_EQ(crl_valmap_get(&m, &other), nullptr);
  // Overwrite keeps the count.
  ASSERT_EQ(crl_valmap_put(&m, &keys[3], &vals[4]), 0);
  EXPECT_EQ(crl_valmap_get(&m, &keys[3]), &vals[4]);
  EXPECT_EQ(m.n, 1000u);
  crl_valmap_free(&m);
}

TEST(Valmap, IdsIncludingZero) {
  crl_valmap m;
  ASSERT_EQ(crl_valmap_init(&m, 0), 0);
  int a = 0, b = 0, c = 0;
  crl_valmap_put_id(&m, &a, 0);
  crl_valmap_put_id(&m, &b, 41);
  EXPECT_EQ(crl_valmap_get_id(&m, &a), 0u);
  EXPECT_TRUE(crl_valmap_has(&m, &a));
  EXPECT_EQ(crl_valmap_get_id(&m, &b), 41u);
  EXPECT_EQ(crl_valmap_get_id(&m, &c), UINT32_MAX);
  crl_valmap_free(&m);
}

}  // namespace
