// Malformed coroutines (switched-resume and returned-continuation) through
// the harness and the C API:
// each input in inputs/ must give a clear error diagnostic (severity error,
// the function's name, the instruction, a message saying what is wrong) and
// never crash. The inputs carry their expectations:
//   ; EXPECT-STAGE: parse | verify | lower   (default lower)
//   ; EXPECT-FUNCTION: name                   (the diagnostic's function)
//   ; EXPECT-ERROR: text                      (repeatable; substrings)
//   ; ARGS: --abi=LIST                        (options, as for the CLI:
//                                              --abi= and
//                                              --no-async-realign-overaligned)
// The CLI runs the same files in tests/cli/cli_test.sh; it refuses some for
// their text before parsing them (`; EXPECT-CLI-STAGE: text`: forms of
// another LLVM, coro/fork_forms.c).
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest-spi.h"
#include "gtest/gtest.h"
#include "tests/harness/harness_gtest.h"

namespace {

struct Case {
  std::string file, text, stage = "lower", function, args;
  std::vector<std::string> errors;
};

// A name with a directory is relative to the workspace (the async corpus's
// tests/async/malformed/...); a bare one is in tests/malformed/DIR/.
std::string InputPath(const std::string &name, const char *dir = "inputs") {
  std::string rel = name.find('/') == std::string::npos
                        ? std::string("tests/malformed/") + dir + "/" + name
                        : name;
  const char *srcdir = std::getenv("TEST_SRCDIR");
  const char *ws = std::getenv("TEST_WORKSPACE");
  if (srcdir && ws) {
    std::string p = std::string(srcdir) + "/" + ws + "/" + rel;
    if (std::ifstream(p).good()) return p;
  }
  return rel;
}

std::string Directive(const std::string &line, const char *key) {
  std::string k = std::string("; ") + key + ":";
  if (line.compare(0, k.size(), k) != 0) return std::string();
  std::string v = line.substr(k.size());
  size_t b = v.find_first_not_of(" \t");
  return b == std::string::npos ? std::string() : v.substr(b);
}

Case Load(const std::string &name, const char *dir = "inputs") {
  Case c;
  c.file = name;
  std::ifstream in(InputPath(name, dir));
  std::stringstream ss;
  ss << in.rdbuf();
  c.text = ss.str();
  std::istringstream lines(c.text);
  std::string line;
  while (std::getline(lines, line)) {
    std::string v;
    if (!(v = Directive(line, "EXPECT-STAGE")).empty()) c.stage = v;
    if (!(v = Directive(line, "EXPECT-FUNCTION")).empty()) c.function = v;
    if (!(v = Directive(line, "EXPECT-ERROR")).empty()) c.errors.push_back(v);
    // tests/async/malformed's form of the same.
    if (!(v = Directive(line, "EXPECT")).empty()) c.errors.push_back(v);
    if (!(v = Directive(line, "ARGS")).empty()) c.args = v;
  }
  return c;
}

unsigned AbisFromArgs(const std::string &args) {
  size_t p = args.find("--abi=");
  if (p == std::string::npos) return 0;
  std::string list = args.substr(p + 6, args.find(' ', p) - p - 6);
  unsigned m = 0;
  std::stringstream ss(list);
  std::string t;
  while (std::getline(ss, t, ',')) {
    if (t == "switch") m |= CRL_ABI_SWITCH;
    else if (t == "retcon") m |= CRL_ABI_RETCON;
    else if (t == "retcon.once") m |= CRL_ABI_RETCON_ONCE;
    else if (t == "async") m |= CRL_ABI_ASYNC;
  }
  return m;
}

// An error diagnostic naming the function and the instruction whose message
// contains every expected substring.
::testing::AssertionResult HasExpectedError(const crl_result *r, const Case &c) {
  if (!r) return ::testing::AssertionFailure() << "no result";
  if (crl_result_ok(r))
    return ::testing::AssertionFailure() << "lowering succeeded; diagnostics:\n"
                                         << crlh::Take(crlh_diags_string(r));
  for (size_t i = 0; i < crl_result_num_diags(r); i++) {
    const crl_diag *d = crl_result_diag(r, i);
    if (d->severity != CRL_SEV_ERROR) continue;
    if (!d->function || c.function != d->function) continue;
    if (!d->instruction || !*d->instruction) continue;
    if (!d->message || !*d->message) continue;
    bool all = true;
    for (const std::string &e : c.errors)
      if (!std::strstr(d->message, e.c_str())) all = false;
    if (all) return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure()
         << "no error diagnostic for function '" << c.function
         << "' with an instruction and a message containing the expected text; got:\n"
         << crlh::Take(crlh_diags_string(r));
}

class Malformed : public ::testing::TestWithParam<const char *> {};

TEST_P(Malformed, GivesAClearError) {
  Case c = Load(GetParam());
  ASSERT_FALSE(c.text.empty()) << "cannot read " << InputPath(c.file);
  ASSERT_FALSE(c.errors.empty()) << c.file << " has no EXPECT-ERROR line";
  char *err = nullptr;
  crlh_ctx *ctx = crlh_parse(c.text.c_str(), &err);
  std::string perr = crlh::Take(err);
  if (c.stage == "parse") {
    EXPECT_EQ(ctx, nullptr);
    for (const std::string &e : c.errors)
      EXPECT_NE(perr.find(e), std::string::npos) << "want '" << e << "' in: " << perr;
    crlh_free(ctx);
    return;
  }
  ASSERT_NE(ctx, nullptr) << perr;
  // As the C API asks of a freshly parsed module (and the CLI does): the
  // LLVM 21 forms swiftc writes are repaired before the verifier sees them.
  crl_repair_legacy_module(crlh_module(ctx));
  err = nullptr;
  int vrc = crlh_verify(ctx, &err);
  std::string verr = crlh::Take(err);
  if (c.stage == "verify") {
    EXPECT_NE(vrc, 0);
    for (const std::string &e : c.errors)
      EXPECT_NE(verr.find(e), std::string::npos) << "want '" << e << "' in: " << verr;
    crlh_free(ctx);
    return;
  }
  ASSERT_EQ(c.stage, "lower");
  ASSERT_EQ(vrc, 0) << "input should be valid IR: " << verr;
  ASSERT_FALSE(c.function.empty()) << c.file << " has no EXPECT-FUNCTION line";
  crl_options opts;
  crl_options_init(&opts);
  if (unsigned abis = AbisFromArgs(c.args)) opts.allowed_abis = abis;
  opts.async_refuse_overaligned =
      c.args.find("--no-async-realign-overaligned") != std::string::npos;
  std::string before = crlh::Take(crlh_print(ctx));
  crl_result *r = crlh_lower(ctx, &opts);
  EXPECT_TRUE(HasExpectedError(r, c)) << c.file;
  EXPECT_GE(crlh_count_diags(r, CRL_SEV_ERROR), 1u);
  // A refused coroutine, and the module around it, are left as they were.
  std::string after = crlh::Take(crlh_print(ctx));
  EXPECT_EQ(before, after) << c.file << ": the module changed although lowering was refused";
  for (size_t i = 0; i < crl_result_num_coroutines(r); i++) {
    if (c.function == crl_result_coroutine_name(r, i)) {
      EXPECT_FALSE(crl_result_coroutine_lowered(r, i)) << c.file;
    }
  }
  // The report functions still work on a failed result.
  EXPECT_NE(crl_result_report_text(r), nullptr);
  EXPECT_NE(crl_result_report_json(r), nullptr);
  crlh_free(ctx);
}

// The same through crl_lower_function on the named function.
TEST_P(Malformed, SameErrorThroughLowerFunction) {
  Case c = Load(GetParam());
  if (c.stage != "lower") GTEST_SKIP() << "fails before lowering";
  crlh::Module m(c.text);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef fn = m.fn(c.function.c_str());
  ASSERT_NE(fn, nullptr) << c.function;
  crl_options opts;
  crl_options_init(&opts);
  if (unsigned abis = AbisFromArgs(c.args)) opts.allowed_abis = abis;
  opts.async_refuse_overaligned =
      c.args.find("--no-async-realign-overaligned") != std::string::npos;
  crl_result *r = crl_lower_function(fn, &opts);
  EXPECT_TRUE(HasExpectedError(r, c)) << c.file;
  crl_result_free(r);
}

INSTANTIATE_TEST_SUITE_P(
    Inputs, Malformed,
    ::testing::Values("two_coro_ids.ll", "two_coro_begins.ll", "no_coro_begin.ll",
                      "no_coro_id.ll", "begin_other_id.ll",
                      "suspend_not_presplit.ll", "promise_global.ll",
                      "promise_argument.ll", "promise_dynamic_alloca.ll",
                      "promise_dynamic_align.ll", "inalloca_across_suspend.ll",
                      "suspend_final_not_constant.ll", "suspend_token_not_save.ll",
                      "save_two_suspends.ll",
                      "dynamic_alloca_across_suspend.ll",
                      "dynamic_alloca_after_suspend.ll", "abi_not_allowed.ll",
                      "unparsable.ll", "not_valid_ir.ll",
                      "suspend_invoked.ll", "suspend_after_end.ll",
                      "coro_size_outside.ll",
                      // async rules tests/async/malformed does not cover
                      // (ASYNC_LLVM22.md: what LLVM 22 does with them)
                      "async_coroutine_returns_value.ll",
                      "async_tail_call_not_guaranteed.ll", "async_i686_musttail_bug.ll",
                      "async_coro_alloc.ll",
                      "async_end_unwind_not_constant.ll", "async_end_with_results.ll",
                      "async_context_too_large.ll",
                      "async_context_alloc_wrong_type.ll",
                      "async_suspend_in_async_before_begin.ll",
                      // Returned-continuation rules (LLVM22_RETCON.md says
                      // what LLVM 22 does with each).
                      "retcon_alloc_wrong_type.ll",
                      "retcon_alloc_type_id_missing.ll",
                      "retcon_type_id_alloc_one_param.ll",
                      "retcon_type_id_not_constant.ll",
                      // Swift's experimental CoroutineAccessors feature
                      "coroutine_accessors_forms.ll",
                      "retcon_alloca_align_not_constant.ll",
                      "retcon_alloca_not_freed.ll",
                      "retcon_buffer_align_not_constant.ll",
                      "retcon_buffer_align_not_power_of_two.ll",
                      "retcon_buffer_size_not_constant.ll",
                      "retcon_buffer_too_small.ll", "retcon_coro_alloc.ll",
                      "retcon_dealloc_wrong_type.ll",
                      "retcon_end_results_in_multi_suspend.ll",
                      "retcon_end_results_mismatch.ll",
                      "retcon_end_results_on_unwind.ll",
                      "retcon_once_end_before_suspend.ll",
                      "retcon_once_proto_not_void.ll", "retcon_once_two_suspends.ll",
                      "retcon_proto_first_param_not_pointer.ll",
                      "retcon_proto_not_function.ll",
                      "retcon_proto_return_mismatch.ll", "retcon_ret_bypasses_end.ll",
                      "retcon_return_not_pointer.ll", "retcon_suspend_in_switch.ll",
                      "retcon_suspend_result_mismatch.ll",
                      "retcon_switch_suspend_in_retcon.ll",
                      "retcon_yield_count_mismatch.ll",
                      "retcon_yield_type_mismatch.ll", "alloca_in_switch.ll",
                      "retcon_swifterror_across_suspend.ll",
                      "retcon_swifterror_passed_on.ll",
                      "retcon_swifterror_in_aggregate.ll",
                      "swifterror_arg_across_suspend.ll"),
    [](const ::testing::TestParamInfo<const char *> &info) {
      std::string n = info.param;
      n = n.substr(0, n.find('.'));
      return n;
    });

// The async corpus's malformed inputs (tests/async/malformed, one broken
// rule each; LLVM22.md there says what LLVM 22 does with each). The two
// that put async intrinsics into retcon coroutines wait for the retcon
// lowering: without it the error is that retcon is not linked.
#define ASYNC_MALFORMED(n) "tests/async/malformed/" n ".ll"
INSTANTIATE_TEST_SUITE_P(
    Async, Malformed,
    ::testing::Values(
        ASYNC_MALFORMED("afp_array"), ASYNC_MALFORMED("afp_declaration"),
        ASYNC_MALFORMED("afp_i64_size_field"), ASYNC_MALFORMED("afp_is_function"),
        ASYNC_MALFORMED("afp_not_global"), ASYNC_MALFORMED("afp_unpacked_size_not_at_4"),
        ASYNC_MALFORMED("end_async_args_count"), ASYNC_MALFORMED("end_async_args_type"),
        ASYNC_MALFORMED("end_async_fn_not_function"), ASYNC_MALFORMED("end_async_in_switch"),
        ASYNC_MALFORMED("id_align_not_constant"), ASYNC_MALFORMED("id_align_not_power_of_two"),
        ASYNC_MALFORMED("id_context_index_not_constant"),
        ASYNC_MALFORMED("id_context_index_past_params"),
        ASYNC_MALFORMED("id_size_not_constant"), ASYNC_MALFORMED("id_without_begin"),
        ASYNC_MALFORMED("frame_align_above_context"),
        ASYNC_MALFORMED("projection_int_param"),
        ASYNC_MALFORMED("projection_loaded_pointer"),
        ASYNC_MALFORMED("projection_not_function"), ASYNC_MALFORMED("projection_returns_i64"),
        ASYNC_MALFORMED("projection_two_params"), ASYNC_MALFORMED("size_replace_not_global"),
        ASYNC_MALFORMED("size_replace_wrong_type"), ASYNC_MALFORMED("suspend_args_count"),
        ASYNC_MALFORMED("suspend_args_type"), ASYNC_MALFORMED("suspend_async_in_switch"),
        ASYNC_MALFORMED("suspend_context_element_not_ptr"),
        ASYNC_MALFORMED("suspend_context_index_past_results"),
        ASYNC_MALFORMED("suspend_fn_missing"), ASYNC_MALFORMED("suspend_fn_not_function"),
        ASYNC_MALFORMED("suspend_index_not_constant"),
        ASYNC_MALFORMED("suspend_result_not_struct"),
        ASYNC_MALFORMED("suspend_resume_not_intrinsic"),
        ASYNC_MALFORMED("suspend_resume_null"), ASYNC_MALFORMED("suspend_resume_shared"),
        ASYNC_MALFORMED("suspend_swiftself_index_past_results"),
        ASYNC_MALFORMED("suspend_swiftself_same_as_context"),
        ASYNC_MALFORMED("switch_suspend_in_async")),
    [](const ::testing::TestParamInfo<const char *> &info) {
      std::string n = info.param;
      n = n.substr(n.rfind('/') + 1);
      return n.substr(0, n.find('.'));
    });

// What looks wrong but LLVM 22 lowers correctly (tests/async/malformed/
// accepted): corolower lowers it too, with the default options, into valid
// IR with nothing left.
class AsyncAccepted : public ::testing::TestWithParam<const char *> {};

TEST_P(AsyncAccepted, Lowers) {
  Case c = Load(std::string("tests/async/malformed/accepted/") + GetParam() + ".ll");
  ASSERT_FALSE(c.text.empty()) << GetParam();
  crlh::Module m(c.text);
  ASSERT_TRUE(m.ok()) << m.error();
  crl_options opts;
  crl_options_init(&opts);
  EXPECT_TRUE(crlh::LowersOk(m, &opts));
  EXPECT_TRUE(crlh::Verifies(m));
  EXPECT_TRUE(crlh::FullyLowered(m));
}

INSTANTIATE_TEST_SUITE_P(Async, AsyncAccepted,
                         ::testing::Values("afp_mutable_global", "afp_shared", "afp_unnamed",
                                           "async_resume_unused_by_suspend",
                                           "context_align_zero", "context_param_not_pointer",
                                           "external_projection_forwarder",
                                           "frame_align_above_context",
                                           "frame_align_spill_above_context",
                                           "projection_alias",
                                           "projection_param_addrspace",
                                           "projection_through_casts",
                                           "projection_variadic",
                                           "suspend_fn_cc_mismatch", "two_end_async"));

// ---------------------------------------------------------------------------
// Cases that need more than one file's worth of checking.

// The expectation checker itself rejects wrong expectations (the tests can
// fail): wrong function, wrong message.
TEST(MalformedChecks, CheckerCanFail) {
  Case c = Load("two_coro_ids.ll");
  crlh::Module m(c.text);
  ASSERT_TRUE(m.ok()) << m.error();
  crl_result *r = crlh_lower(m, nullptr);
  ASSERT_TRUE(HasExpectedError(r, c));
  Case wrong_fn = c;
  wrong_fn.function = "some_other_function";
  EXPECT_NONFATAL_FAILURE(EXPECT_TRUE(HasExpectedError(r, wrong_fn)),
                          "no error diagnostic for function 'some_other_function'");
  Case wrong_msg = c;
  wrong_msg.errors.push_back("text the library never says");
  EXPECT_NONFATAL_FAILURE(EXPECT_TRUE(HasExpectedError(r, wrong_msg)),
                          "no error diagnostic");
  // A valid coroutine is not an error at all.
  crlh::Module ok(R"(
define ptr @fine(ptr %mem) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %out [ i8 0, label %out
                             i8 1, label %out ]
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare void @llvm.coro.end(ptr, i1, token)
)");
  ASSERT_TRUE(ok.ok()) << ok.error();
  Case fine = c;
  fine.function = "fine";
  EXPECT_NONFATAL_FAILURE(EXPECT_TRUE(HasExpectedError(crlh_lower(ok, nullptr), fine)),
                          "lowering succeeded");
}

// Retcon with the lowerings given explicitly (only switched-resume): the
// answer must not depend on which lowerings happen to be linked.
extern "C" const crl_lowering crl_switch_lowering;

TEST(MalformedChecks, RetconWithOnlySwitchLoweringGiven) {
  Case c = Load("retcon.ll", "not_linked");
  crlh::Module m(c.text);
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_TRUE(crlh::Verifies(m));
  const crl_lowering *only[] = {&crl_switch_lowering};
  crl_options opts;
  crl_options_init(&opts);
  opts.lowerings = only;
  opts.num_lowerings = 1;
  crl_result *r = crlh_lower(m, &opts);
  EXPECT_TRUE(HasExpectedError(r, c));
  // Never passed through: the coroutine must not come out looking lowered.
  EXPECT_FALSE(crl_result_ok(r));
}

// The same retcon input, but with the retcon ABI not allowed: a different,
// equally clear error.
TEST(MalformedChecks, RetconNotAllowed) {
  Case c = Load("retcon.ll", "not_linked");
  crlh::Module m(c.text);
  ASSERT_TRUE(m.ok()) << m.error();
  crl_options opts;
  crl_options_init(&opts);
  opts.allowed_abis = CRL_ABI_SWITCH;
  c.errors = {"retcon", "do not allow"};
  EXPECT_TRUE(HasExpectedError(crlh_lower(m, &opts), c));
}

// One bad coroutine among good ones: the error names only the bad one.
TEST(MalformedChecks, ErrorNamesOnlyTheBadCoroutine) {
  crlh::Module m(R"(
define ptr @good(ptr %mem) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %out [ i8 0, label %out
                             i8 1, label %out ]
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define ptr @bad(ptr %mem, i1 %final) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s = call i8 @llvm.coro.suspend(token none, i1 %final)
  switch i8 %s, label %out [ i8 0, label %out
                             i8 1, label %out ]
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare void @llvm.coro.end(ptr, i1, token)
)");
  ASSERT_TRUE(m.ok()) << m.error();
  crl_result *r = crlh_lower(m, nullptr);
  ASSERT_NE(r, nullptr);
  EXPECT_FALSE(crl_result_ok(r));
  size_t errors = 0;
  for (size_t i = 0; i < crl_result_num_diags(r); i++) {
    const crl_diag *d = crl_result_diag(r, i);
    if (d->severity != CRL_SEV_ERROR) continue;
    errors++;
    ASSERT_NE(d->function, nullptr);
    EXPECT_STREQ(d->function, "bad") << d->message;
  }
  EXPECT_EQ(errors, 1u) << crlh::Diags(m);
}

// Two problems in two coroutines: both are reported (lowering goes on to
// the next coroutine after an error).
TEST(MalformedChecks, EveryBadCoroutineIsReported) {
  Case a = Load("two_coro_ids.ll"), b = Load("promise_global.ll");
  // Concatenate the two function definitions (declarations once).
  auto defs = [](const std::string &t) {
    return t.substr(0, t.find("\ndeclare ptr @malloc"));
  };
  std::string decls = a.text.substr(a.text.find("\ndeclare ptr @malloc"));
  crlh::Module m(defs(a.text) + "\n" + defs(b.text) + decls);
  ASSERT_TRUE(m.ok()) << m.error();
  crl_result *r = crlh_lower(m, nullptr);
  EXPECT_TRUE(HasExpectedError(r, a));
  EXPECT_TRUE(HasExpectedError(r, b));
}

}  // namespace
