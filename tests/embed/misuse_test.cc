// Misuse of the C API answered with a diagnostic, never a crash: every case
// include/corolower/corolower.h lists under "Misuse" is tested here, on one
// coroutine of each ABI where the ABI matters.
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "corolower/corolower.h"
#include "gtest/gtest.h"

namespace {

std::string ReadRunfile(const std::string &rel) {
  const char *srcdir = std::getenv("TEST_SRCDIR");
  const char *ws = std::getenv("TEST_WORKSPACE");
  std::string p = srcdir && ws ? std::string(srcdir) + "/" + ws + "/" + rel : rel;
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A parsed module in a context of its own.
struct Module {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = nullptr;
  explicit Module(const std::string &text) {
    LLVMMemoryBufferRef buf =
        LLVMCreateMemoryBufferWithMemoryRangeCopy(text.data(), text.size(), "input");
    char *msg = nullptr;
    if (LLVMParseIRInContext(ctx, buf, &m, &msg)) {
      ADD_FAILURE() << "cannot parse: " << msg;
      m = nullptr;
    }
    LLVMDisposeMessage(msg);
  }
  ~Module() {
    if (m) LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
  }
  std::string Text() const {
    char *s = LLVMPrintModuleToString(m);
    std::string r = s;
    LLVMDisposeMessage(s);
    return r;
  }
  LLVMValueRef Fn(const char *name) const { return LLVMGetNamedFunction(m, name); }
  // LLVM's own passes, in process.
  void RunLLVM(const char *passes) {
    LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();
    LLVMErrorRef e = LLVMRunPasses(m, passes, nullptr, o);
    LLVMDisposePassBuilderOptions(o);
    if (e) {
      char *msg = LLVMGetErrorMessage(e);
      ADD_FAILURE() << passes << ": " << msg;
      LLVMDisposeErrorMessage(msg);
    }
  }
  bool Valid() const {
    char *msg = nullptr;
    bool bad = LLVMVerifyModule(m, LLVMReturnStatusAction, &msg);
    if (bad) ADD_FAILURE() << msg;
    LLVMDisposeMessage(msg);
    return !bad;
  }
  // Nothing coroutine-shaped left: no presplit function, no coroutine
  // intrinsic called (by name, independent of the library; declarations
  // may stay).
  // No coroutine intrinsic called, and (unless `presplit_ok`: LLVM's own
  // split functions keep the attribute until coro-cleanup) no presplit
  // function.
  bool Lowered(bool presplit_ok = false) const {
    std::istringstream lines(Text());
    std::string l;
    while (std::getline(lines, l))
      if ((!presplit_ok && l.find("presplitcoroutine") != std::string::npos) ||
          (l.compare(0, 8, "declare ") != 0 && l.find("@llvm.coro.") != std::string::npos))
        return false;
    return true;
  }
};

// One diagnostic line per diagnostic, severity first.
std::string Diags(const crl_result *r) {
  std::string s;
  for (size_t i = 0; i < crl_result_num_diags(r); i++) {
    const crl_diag *d = crl_result_diag(r, i);
    s += d->severity == CRL_SEV_ERROR ? "error: " : d->severity == CRL_SEV_WARNING ? "warning: " : "note: ";
    if (d->function) s += std::string("in '") + d->function + "': ";
    s += d->message;
    s += "\n";
  }
  return s;
}

// Owns a result; the one place a test frees it.
struct Result {
  crl_result *r;
  explicit Result(crl_result *r) : r(r) {}
  ~Result() { crl_result_free(r); }
  std::string diags() const { return Diags(r); }
};

struct Abi {
  const char *name, *file, *coroutine;
};
const Abi kAbis[] = {
    {"switch", "tests/cli/inputs/coro.ll", "gen"},
    {"retcon", "tests/retcon/cases/gen_scalar.ll", nullptr},
    {"retcon.once", "tests/retcon/cases/once_results.ll", nullptr},
    {"async", "tests/cli/inputs/async.ll", "f"},
};

// The input's first presplit coroutine.
LLVMValueRef FirstCoroutine(const Module &mod) {
  unsigned kind = LLVMGetEnumAttributeKindForName("presplitcoroutine", 17);
  for (LLVMValueRef f = LLVMGetFirstFunction(mod.m); f; f = LLVMGetNextFunction(f))
    if (LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind)) return f;
  return nullptr;
}

const char *kPlain =
    "define i32 @plain(i32 %x) {\n  ret i32 %x\n}\n"
    "declare void @ext()\n"
    "@g = global i32 0\n";

// ---------------------------------------------------------------------------
// NULL and non-function arguments

TEST(Misuse, NullModule) {
  crl_options o;
  crl_options_init(&o);
  Result r(crl_lower_module(nullptr, &o));
  ASSERT_NE(r.r, nullptr);
  EXPECT_FALSE(crl_result_ok(r.r));
  EXPECT_EQ(r.diags(), "error: crl_lower_module: the module is NULL\n");
}

TEST(Misuse, NullFunction) {
  Result r(crl_lower_function(nullptr, nullptr));
  ASSERT_NE(r.r, nullptr);
  EXPECT_FALSE(crl_result_ok(r.r));
  EXPECT_EQ(r.diags(), "error: crl_lower_function: the function is NULL\n");
}

TEST(Misuse, ValueThatIsNotAFunction) {
  Module mod(kPlain);
  std::string before = mod.Text();
  LLVMValueRef g = LLVMGetNamedGlobal(mod.m, "g");
  LLVMValueRef inst = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(mod.Fn("plain")));
  for (LLVMValueRef v : {g, inst}) {
    Result r(crl_lower_function(v, nullptr));
    EXPECT_FALSE(crl_result_ok(r.r));
    EXPECT_EQ(r.diags(), "error: crl_lower_function: the value is not a function\n");
  }
  EXPECT_EQ(mod.Text(), before);
}

TEST(Misuse, FunctionThatIsADeclaration) {
  Module mod(kPlain);
  std::string before = mod.Text();
  Result r(crl_lower_function(mod.Fn("ext"), nullptr));
  EXPECT_FALSE(crl_result_ok(r.r));
  EXPECT_EQ(r.diags(), "error: in 'ext': crl_lower_function: a declaration, not a coroutine\n");
  EXPECT_EQ(mod.Text(), before);
}

TEST(Misuse, FunctionThatIsNotACoroutine) {
  // Beside a coroutine, whose module-level lowering must not happen either.
  Module mod(std::string(kPlain) + ReadRunfile("tests/cli/inputs/coro.ll"));
  std::string before = mod.Text();
  Result r(crl_lower_function(mod.Fn("plain"), nullptr));
  EXPECT_TRUE(crl_result_ok(r.r));
  EXPECT_EQ(r.diags(),
            "warning: in 'plain': crl_lower_function: not a coroutine (neither "
            "presplitcoroutine nor a coroutine intrinsic): nothing to lower\n");
  EXPECT_EQ(mod.Text(), before);
}

TEST(Misuse, NullOptionsMeanDefaults) {
  for (const Abi &a : kAbis) {
    Module mod(ReadRunfile(a.file)), ref(ReadRunfile(a.file));
    crl_options o;
    crl_options_init(&o);
    Result r1(crl_lower_module(mod.m, nullptr)), r2(crl_lower_module(ref.m, &o));
    EXPECT_TRUE(crl_result_ok(r1.r)) << a.name << ": " << r1.diags();
    EXPECT_EQ(r1.diags(), r2.diags()) << a.name;
    EXPECT_EQ(mod.Text(), ref.Text()) << a.name;
  }
}

TEST(Misuse, OptionsInitNull) { crl_options_init(nullptr); }

// ---------------------------------------------------------------------------
// options

TEST(Misuse, UnknownAbiBits) {
  for (unsigned bits : {0x10u, 0x80000000u}) {
    Module mod(ReadRunfile("tests/cli/inputs/coro.ll"));
    std::string before = mod.Text();
    crl_options o;
    crl_options_init(&o);
    o.allowed_abis = CRL_ABI_SWITCH | bits;
    Result r(crl_lower_module(mod.m, &o));
    EXPECT_FALSE(crl_result_ok(r.r));
    char want[160];
    std::snprintf(want, sizeof want,
                  "error: crl_options.allowed_abis: 0x%x names no ABI (known: 0x%x)\n",
                  bits, (unsigned)CRL_ABI_ALL);
    EXPECT_EQ(r.diags(), want);
    EXPECT_EQ(mod.Text(), before);
    Result rf(crl_lower_function(mod.Fn("gen"), &o));
    EXPECT_EQ(rf.diags(), want);
    EXPECT_EQ(mod.Text(), before);
  }
}

TEST(Misuse, UnknownTargetTriple) {
  Module mod(ReadRunfile("tests/cli/inputs/coro.ll"));
  crl_options o;
  crl_options_init(&o);
  o.target_triple = "nosuch-unknown-unknown";
  std::string before = mod.Text();
  Result r(crl_lower_module(mod.m, &o));
  EXPECT_FALSE(crl_result_ok(r.r));
  EXPECT_NE(r.diags().find("error: no data layout and unknown target: "), std::string::npos)
      << r.diags();
  EXPECT_EQ(mod.Text(), before);
}

// An unknown triple with a layout of its own is lowered by generic rules,
// with a note; a module without coroutines is not looked at.
TEST(Misuse, UnknownTargetTripleWithLayoutOrWithoutCoroutines) {
  Module mod(ReadRunfile("tests/cli/inputs/coro.ll"));
  crl_options o;
  crl_options_init(&o);
  o.target_triple = "nosuch-unknown-unknown";
  o.data_layout = "e-m:e-p:64:64-i64:64-n8:16:32:64-S128";
  Result r(crl_lower_module(mod.m, &o));
  EXPECT_TRUE(crl_result_ok(r.r)) << r.diags();
  EXPECT_NE(r.diags().find("note: target 'nosuch-unknown-unknown' is none of"), std::string::npos)
      << r.diags();
  Module plain(kPlain);
  std::string before = plain.Text();
  o.data_layout = nullptr;
  Result rp(crl_lower_module(plain.m, &o));
  EXPECT_TRUE(crl_result_ok(rp.r));
  EXPECT_EQ(rp.diags(), "");
  EXPECT_EQ(plain.Text(), before);
}

TEST(Misuse, InvalidDataLayout) {
  for (const char *dl : {"garbage", "e-p:64:65", "e-i64:64:32", "e-i64:64-\"x"}) {
    Module mod(ReadRunfile("tests/cli/inputs/coro.ll"));
    std::string before = mod.Text();
    crl_options o;
    crl_options_init(&o);
    o.data_layout = dl;
    Result r(crl_lower_module(mod.m, &o));
    EXPECT_FALSE(crl_result_ok(r.r)) << dl;
    EXPECT_NE(r.diags().find("error: crl_options.data_layout: '"), std::string::npos)
        << dl << ": " << r.diags();
    EXPECT_EQ(mod.Text(), before) << dl;
  }
}

// ---------------------------------------------------------------------------
// lowering what is already lowered

TEST(Misuse, SameModuleTwice) {
  for (const Abi &a : kAbis) {
    Module mod(ReadRunfile(a.file));
    Result first(crl_lower_module(mod.m, nullptr));
    ASSERT_TRUE(crl_result_ok(first.r)) << a.name << ": " << first.diags();
    std::string once = mod.Text();
    Result second(crl_lower_module(mod.m, nullptr));
    EXPECT_TRUE(crl_result_ok(second.r)) << a.name;
    EXPECT_EQ(second.diags(), "") << a.name;
    EXPECT_EQ(crl_result_num_frames(second.r), 0u) << a.name;
    EXPECT_EQ(mod.Text(), once) << a.name;
  }
}

TEST(Misuse, SameFunctionTwice) {
  for (const Abi &a : kAbis) {
    Module mod(ReadRunfile(a.file));
    LLVMValueRef f = FirstCoroutine(mod);
    ASSERT_NE(f, nullptr) << a.name;
    Result first(crl_lower_function(f, nullptr));
    ASSERT_TRUE(crl_result_ok(first.r)) << a.name << ": " << first.diags();
    std::string once = mod.Text();
    Result second(crl_lower_function(f, nullptr));
    EXPECT_TRUE(crl_result_ok(second.r)) << a.name;
    EXPECT_NE(second.diags().find("crl_lower_function: not a coroutine"), std::string::npos)
        << a.name << ": " << second.diags();
    EXPECT_EQ(mod.Text(), once) << a.name;
  }
}

TEST(Misuse, AfterLLVMCoroEarly) {
  for (const Abi &a : kAbis) {
    Module mod(ReadRunfile(a.file));
    mod.RunLLVM("coro-early");
    Result r(crl_lower_module(mod.m, nullptr));
    EXPECT_TRUE(crl_result_ok(r.r)) << a.name << ": " << r.diags();
    EXPECT_TRUE(mod.Valid()) << a.name;
    EXPECT_TRUE(mod.Lowered()) << a.name << ":\n" << mod.Text();
  }
}

// CoroSplit's output before CoroCleanup: a switched-resume ramp keeps what
// CoroElide reads, which corolower finishes as LLVM's coro-cleanup would;
// retcon and async ramps still call their id, which makes a coroutine of
// its caller (as in LLVM's coro-early): lowered again into a valid module
// with nothing left to lower (async, since the orphan coro.async.resume and
// shared function pointer forms are accepted), or refused with a
// diagnostic (retcon), where LLVM's passes run again say nothing and leave
// presplit functions.
TEST(Misuse, AfterLLVMCoroSplitWithoutCleanup) {
  for (const Abi &a : kAbis) {
    Module mod(ReadRunfile(a.file));
    mod.RunLLVM("coro-early,cgscc(coro-split)");
    Result r(crl_lower_module(mod.m, nullptr));
    bool is_switch = std::string(a.name) == "switch";
    if (is_switch || crl_result_ok(r.r)) {
      EXPECT_TRUE(crl_result_ok(r.r)) << a.name << ": " << r.diags();
      EXPECT_TRUE(mod.Valid()) << a.name;
      EXPECT_TRUE(mod.Lowered(!is_switch)) << a.name << ":\n" << mod.Text();
    } else {
      EXPECT_FALSE(crl_result_ok(r.r)) << a.name;
      EXPECT_NE(r.diags().find("error: in '"), std::string::npos) << a.name << ": " << r.diags();
    }
  }
}

TEST(Misuse, AfterLLVMFullLowering) {
  for (const Abi &a : kAbis) {
    Module mod(ReadRunfile(a.file));
    mod.RunLLVM("coro-early,cgscc(coro-split),coro-cleanup");
    std::string before = mod.Text();
    Result r(crl_lower_module(mod.m, nullptr));
    EXPECT_TRUE(crl_result_ok(r.r)) << a.name << ": " << r.diags();
    EXPECT_EQ(mod.Text(), before) << a.name;
  }
}

// ---------------------------------------------------------------------------
// results and the other entry points

TEST(Misuse, ResultAccessorsOnNullAndOutOfRange) {
  EXPECT_FALSE(crl_result_ok(nullptr));
  EXPECT_EQ(crl_result_num_diags(nullptr), 0u);
  EXPECT_EQ(crl_result_diag(nullptr, 0), nullptr);
  EXPECT_EQ(crl_result_num_frames(nullptr), 0u);
  EXPECT_EQ(crl_result_frame(nullptr, 0), nullptr);
  EXPECT_STREQ(crl_result_report_text(nullptr), "");
  EXPECT_STREQ(crl_result_report_json(nullptr), "{}");
  crl_result_free(nullptr);
  Module mod(ReadRunfile("tests/cli/inputs/coro.ll"));
  Result r(crl_lower_module(mod.m, nullptr));
  EXPECT_EQ(crl_result_diag(r.r, crl_result_num_diags(r.r)), nullptr);
  EXPECT_EQ(crl_result_frame(r.r, crl_result_num_frames(r.r)), nullptr);
  EXPECT_EQ(crl_result_frame(r.r, (size_t)-1), nullptr);
}

TEST(Misuse, NamesOfUnknownEnumValues) {
  EXPECT_STREQ(crl_abi_name((crl_abi)0x40), "none");
  EXPECT_STREQ(crl_field_kind_name((crl_field_kind)99), "unknown");
  EXPECT_STREQ(crl_frame_storage_name((crl_frame_storage)99), "default");
}

TEST(Misuse, RepairLegacyNull) { EXPECT_EQ(crl_repair_legacy_module(nullptr), 0u); }

// Freeing a result twice is the caller's bug, as with free(): the library
// promises nothing and cannot tell (the result's memory is the allocator's
// again). The promise the header makes is that AddressSanitizer, the
// project's sanitizer build (--config=asan), stops the process there.
TEST(MisuseDeathTest, ResultFreedTwiceIsTheCallersBug) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        crl_result *r = crl_lower_module(nullptr, nullptr);
        crl_result_free(r);
        crl_result_free(r);
      },
      "AddressSanitizer: (heap-use-after-free|attempting double-free)");
#else
  GTEST_SKIP() << "undefined behaviour: only checked under --config=asan";
#endif
}

}  // namespace
