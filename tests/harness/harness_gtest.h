// GoogleTest glue for the C harness: an owning handle and assertion helpers
// whose failure messages carry the harness's error text (and the module).
//
//   crlh::Module m(kIR);                 // parses; ASSERT_TRUE(m.ok()) << m.error()
//   ASSERT_TRUE(crlh::LowersOk(m));      // lowers, no error diagnostics
//   ASSERT_TRUE(crlh::Verifies(m));
//   EXPECT_EQ(crlh::RunTrace(m, "main"), "1 2 3");
#ifndef COROLOWER_TESTS_HARNESS_GTEST_H
#define COROLOWER_TESTS_HARNESS_GTEST_H

#include <cstdint>
#include <cstdlib>
#include <string>

#include "gtest/gtest.h"
#include "tests/harness/harness.h"

namespace crlh {

// Takes a malloc'd string from the harness (NULL gives "").
inline std::string Take(char *s) {
  std::string r = s ? s : "";
  std::free(s);
  return r;
}

class Module {
 public:
  explicit Module(const std::string &ir) {
    char *err = nullptr;
    ctx_ = crlh_parse(ir.c_str(), &err);
    error_ = Take(err);
  }
  ~Module() { crlh_free(ctx_); }
  Module(const Module &) = delete;
  Module &operator=(const Module &) = delete;

  bool ok() const { return ctx_ != nullptr; }
  const std::string &error() const { return error_; }
  crlh_ctx *get() const { return ctx_; }
  operator crlh_ctx *() const { return ctx_; }
  LLVMModuleRef module() const { return crlh_module(ctx_); }
  LLVMValueRef fn(const char *name) const { return crlh_function(ctx_, name); }
  std::string Print() const { return Take(crlh_print(ctx_)); }
  std::string PrintFn(const char *name) const {
    return Take(crlh_print_function(ctx_, name));
  }

 private:
  crlh_ctx *ctx_ = nullptr;
  std::string error_;
};

inline ::testing::AssertionResult Verifies(crlh_ctx *c) {
  char *err = nullptr;
  if (crlh_verify(c, &err) == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << Take(err) << "\nmodule:\n" << Take(crlh_print(c));
}

// Lowers with opts (NULL: defaults) and expects a result without errors.
inline ::testing::AssertionResult LowersOk(crlh_ctx *c,
                                           const crl_options *opts = nullptr) {
  crl_result *r = crlh_lower(c, opts);
  if (!r) return ::testing::AssertionFailure() << "crl_lower_module returned NULL";
  if (crl_result_ok(r) && crlh_count_diags(r, CRL_SEV_ERROR) == 0)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "lowering failed:\n" << Take(crlh_diags_string(r))
         << "module:\n" << Take(crlh_print(c));
}

// Lowers with LLVM's own coroutine passes (the reference).
inline ::testing::AssertionResult LowersWithLlvm(crlh_ctx *c) {
  char *err = nullptr;
  if (crlh_lower_llvm(c, &err) == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << Take(err);
}

// No presplit coroutine and no llvm.coro.* call left.
inline ::testing::AssertionResult FullyLowered(crlh_ctx *c) {
  char *err = nullptr;
  if (crlh_check_lowered(c, &err) == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << Take(err);
}

inline ::testing::AssertionResult Runs(crlh_ctx *c, const char *fn,
                                       int64_t *ret = nullptr) {
  char *err = nullptr;
  if (crlh_run(c, fn, ret, &err) == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "running @" << fn << " failed: " << Take(err);
}

// The two lowerings a differential test compares, of one module parsed
// twice: `ours` by corolower (with opts; it must verify before and after
// and leave nothing presplit), `ref` by LLVM's own passes; `add_hooks`
// gives both the symbols their runs need. Failures are fatal: call it
// through ASSERT_NO_FATAL_FAILURE.
inline void LowerBoth(const Module &ours, const Module &ref, void (*add_hooks)(crlh_ctx *),
                      const crl_options *opts = nullptr) {
  ASSERT_TRUE(ours.ok()) << ours.error();
  ASSERT_TRUE(Verifies(ours));
  add_hooks(ours);
  add_hooks(ref);
  ASSERT_TRUE(LowersOk(ours, opts));
  ASSERT_TRUE(Verifies(ours));
  ASSERT_TRUE(FullyLowered(ours));
  ASSERT_TRUE(LowersWithLlvm(ref));
}

// Runs fn and returns its trace ("1 2 3"), or "<run failed: ...>".
inline std::string RunTrace(crlh_ctx *c, const char *fn, int64_t *ret = nullptr) {
  char *err = nullptr;
  if (crlh_run(c, fn, ret, &err) != 0)
    return "<run failed: " + Take(err) + ">";
  return Take(crlh_trace_string(c));
}

inline std::string Trace(crlh_ctx *c) { return Take(crlh_trace_string(c)); }

// The diagnostics of the last lowering, formatted.
inline std::string Diags(crlh_ctx *c) {
  return Take(crlh_diags_string(crlh_last_result(c)));
}

}  // namespace crlh

#endif
