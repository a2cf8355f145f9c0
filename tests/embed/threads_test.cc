// Lowering on many threads at once, as a compiler that embeds corolower
// does: every thread owns its LLVMContexts and modules (one context per
// module, as one compilation has one), lowers with options of its own, and
// must get, byte for byte, what a single thread gets for the same input and
// options: the diagnostics, the lowered module and the frame report.
//
// The corpus is the project's committed inputs (tests/lit, tests/seeds, the
// retcon and async corpora, and the malformed inputs, whose refusals are
// compared too). Each thread lowers at least kPerAbi modules of every ABI
// (switched-resume, retcon, retcon.once, async), cycling through that
// ABI's inputs from a start of its own so that threads work on different
// files at the same moment, then every malformed input.
//
// Under ThreadSanitizer (bazel test --config=tsan //tests/embed:threads_test)
// this finds races in corolower's own code; see .bazelrc for what TSan can
// and cannot see in LLVM's uninstrumented shared library.
//
// CRL_STRESS_THREADS=N overrides the number of threads (bench/RESULTS.md).
#include <dirent.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#include "corolower/corolower.h"
#include "gtest/gtest.h"

namespace {

constexpr int kThreads = 8;
constexpr int kPerAbi = 100;

enum Bucket { kSwitch, kRetcon, kRetconOnce, kAsync, kMalformed, kBuckets };
const char *const kBucketNames[] = {"switch", "retcon", "retcon.once", "async",
                                    "malformed"};

struct Input {
  std::string name, text;
};

std::string Runfile(const std::string &rel) {
  const char *srcdir = std::getenv("TEST_SRCDIR");
  const char *ws = std::getenv("TEST_WORKSPACE");
  if (srcdir && ws) return std::string(srcdir) + "/" + ws + "/" + rel;
  return rel;
}

std::vector<std::string> LlFiles(const std::string &dir) {
  std::vector<std::string> out;
  DIR *d = opendir(Runfile(dir).c_str());
  if (!d) return out;
  while (dirent *e = readdir(d)) {
    std::string n = e->d_name;
    if (n.size() > 3 && n.compare(n.size() - 3, 3, ".ll") == 0) out.push_back(dir + "/" + n);
  }
  closedir(d);
  std::sort(out.begin(), out.end());  // the schedule must not depend on readdir
  return out;
}

std::string ReadFile(const std::string &rel) {
  std::ifstream in(Runfile(rel), std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool Has(const std::string &text, const char *s) { return text.find(s) != std::string::npos; }

// The corpus, by ABI: an input using several ABIs is in each of their
// buckets (a call of the id intrinsic decides, not a declaration).
struct Corpus {
  std::vector<Input> inputs;
  std::vector<size_t> bucket[kBuckets];
};

Corpus LoadCorpus() {
  Corpus c;
  const char *valid[] = {"tests/lit", "tests/seeds", "tests/retcon/cases",
                         "tests/retcon/cases_multi_end", "tests/async/cases"};
  const char *malformed[] = {"tests/malformed/inputs", "tests/async/malformed",
                             "tests/retcon/malformed"};
  for (const char *dir : valid)
    for (const std::string &f : LlFiles(dir)) {
      std::string t = ReadFile(f);
      size_t i = c.inputs.size();
      bool any = false;
      if (Has(t, "call token @llvm.coro.id(")) c.bucket[kSwitch].push_back(i), any = true;
      if (Has(t, "call token @llvm.coro.id.retcon(")) c.bucket[kRetcon].push_back(i), any = true;
      if (Has(t, "call token @llvm.coro.id.retcon.once("))
        c.bucket[kRetconOnce].push_back(i), any = true;
      if (Has(t, "call token @llvm.coro.id.async(")) c.bucket[kAsync].push_back(i), any = true;
      if (any) c.inputs.push_back({f, t});
    }
  for (const char *dir : malformed)
    for (const std::string &f : LlFiles(dir)) {
      c.bucket[kMalformed].push_back(c.inputs.size());
      c.inputs.push_back({f, ReadFile(f)});
    }
  return c;
}

// One thread's way of calling the library.
struct Config {
  const char *name;
  void (*set)(crl_options *);
  bool per_function;  // crl_lower_function on each coroutine, not the module
};

const Config kConfigs[] = {
    {"defaults", [](crl_options *) {}, false},
    {"prefer-small-frames", [](crl_options *o) { o->prefer_small_frames = 1; }, false},
    {"switch+retcon.once only",
     [](crl_options *o) { o->allowed_abis = CRL_ABI_SWITCH | CRL_ABI_RETCON_ONCE; }, false},
    {"elision markers, unverified",
     [](crl_options *o) {
       o->keep_elision_markers = 1;
       o->skip_output_verify = 1;
     },
     false},
    {"aarch64", [](crl_options *o) { o->target_triple = "aarch64-unknown-linux-gnu"; }, false},
    {"per function", [](crl_options *o) { o->skip_frame_report = 1; }, true},
    {"async options",
     [](crl_options *o) {
       o->async_realign_overaligned = 1;
       o->async_context_alloc = "my_alloc";
       o->async_context_dealloc = "my_dealloc";
     },
     false},
    // An architecture without rules of its own: a note naming the known
    // ones (built once per process), async refused.
    {"retcon+async only, mips64el",
     [](crl_options *o) {
       o->allowed_abis = CRL_ABI_RETCON | CRL_ABI_ASYNC;
       o->target_triple = "mips64el-unknown-linux-gnuabi64";
     },
     false},
};
constexpr size_t kNumConfigs = sizeof kConfigs / sizeof *kConfigs;

void AppendDiags(std::string &out, const crl_result *r) {
  if (!r) {
    out += "no result (out of memory)\n";
    return;
  }
  for (size_t i = 0; i < crl_result_num_diags(r); i++) {
    const crl_diag *d = crl_result_diag(r, i);
    out += std::to_string(d->severity) + ": ";
    if (d->function) out += std::string("in '") + d->function + "': ";
    out += d->message;
    out += "\n";
    if (d->instruction) out += std::string("  at: ") + d->instruction + "\n";
  }
}

void AppendMessage(std::string &out, char *msg) {
  if (msg) out += msg;
  LLVMDisposeMessage(msg);
}

// Parses, checks (as the CLI does) and lowers one input in a context of its
// own; everything observable, as one string.
std::string LowerOnce(const Input &in, const Config &cfg) {
  std::string out;
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(
      in.text.data(), in.text.size(), in.name.c_str());
  LLVMModuleRef m = nullptr;
  char *msg = nullptr;
  if (LLVMParseIRInContext(ctx, buf, &m, &msg)) {  // takes the buffer
    out += "parse error: ";
    AppendMessage(out, msg);
    LLVMContextDispose(ctx);
    return out;
  }
  crl_repair_legacy_module(m);
  if (LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
    out += "invalid input: ";
    AppendMessage(out, msg);
  } else {
    LLVMDisposeMessage(msg);
    crl_options o;
    crl_options_init(&o);
    cfg.set(&o);
    std::vector<crl_result *> results;
    if (cfg.per_function) {
      std::vector<LLVMValueRef> coros;  // lowering adds functions: list first
      unsigned kind = LLVMGetEnumAttributeKindForName("presplitcoroutine", 17);
      for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
        if (LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind))
          coros.push_back(f);
      for (LLVMValueRef f : coros) results.push_back(crl_lower_function(f, &o));
    } else {
      results.push_back(crl_lower_module(m, &o));
    }
    bool ok = true;
    for (crl_result *r : results) {
      AppendDiags(out, r);
      ok = ok && r && crl_result_ok(r);
      if (r && !o.skip_frame_report) {
        out += crl_result_report_json(r);
        out += crl_result_report_text(r);
      }
      crl_result_free(r);
    }
    if (ok) {
      out += "---- module\n";
      AppendMessage(out, LLVMPrintModuleToString(m));
    }
  }
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return out;
}

// What thread t lowers: kPerAbi inputs of each ABI, from a start of its
// own, then every malformed input.
std::vector<size_t> Schedule(const Corpus &c, int t) {
  std::vector<size_t> s;
  for (int b = 0; b < kMalformed; b++) {
    const std::vector<size_t> &v = c.bucket[b];
    for (int k = 0; k < kPerAbi && !v.empty(); k++) s.push_back(v[(k + 7 * t) % v.size()]);
  }
  for (size_t i : c.bucket[kMalformed]) s.push_back(i);
  return s;
}

int NumThreads() {
  const char *e = std::getenv("CRL_STRESS_THREADS");
  int n = e ? std::atoi(e) : 0;
  return n > 0 ? n : kThreads;
}

double Seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

// Runs fn(t) on `threads` threads that all start at the same moment.
template <typename Fn>
void RunTogether(int threads, Fn fn) {
  std::mutex mu;
  std::condition_variable cv;
  bool go = false;
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; t++)
    pool.emplace_back([&, t] {
      {
        std::unique_lock<std::mutex> l(mu);
        cv.wait(l, [&] { return go; });
      }
      fn(t);
    });
  {
    std::lock_guard<std::mutex> l(mu);
    go = true;
  }
  cv.notify_all();
  for (std::thread &th : pool) th.join();
}

// First (gtest runs a file's tests in order): nothing has been lowered in
// this process yet, so the tables the library fills once (intrinsic IDs,
// LLVM's target registry for inputs without a data layout) are filled
// while every thread wants them. The single-threaded answers come after.
TEST(Threads, ColdStartOnManyThreads) {
  Corpus c = LoadCorpus();
  std::vector<size_t> picks;
  for (int b = 0; b < kMalformed; b++)
    for (size_t i : c.bucket[b])
      if (!Has(c.inputs[i].text, "target datalayout")) {
        picks.push_back(i);
        break;
      }
  ASSERT_EQ(picks.size(), 4u) << "an ABI has no input without a data layout";
  const int threads = NumThreads();
  std::vector<std::vector<std::string>> got(threads);
  // Each thread with its own options, then all with the generic target's
  // (whose note lists the known targets, built once).
  auto config = [](int t, size_t j) { return &kConfigs[j % 2 ? kNumConfigs - 1 : t % kNumConfigs]; };
  RunTogether(threads, [&](int t) {
    for (size_t j = 0; j < 2 * picks.size(); j++)
      got[t].push_back(LowerOnce(c.inputs[picks[j / 2]], *config(t, j)));
  });
  for (int t = 0; t < threads; t++)
    for (size_t j = 0; j < 2 * picks.size(); j++)
      EXPECT_EQ(got[t][j], LowerOnce(c.inputs[picks[j / 2]], *config(t, j)))
          << "thread " << t << ", " << c.inputs[picks[j / 2]].name << " with "
          << config(t, j)->name;
}

TEST(Threads, EveryAbiOnManyThreadsMatchesOneThread) {
  Corpus c = LoadCorpus();
  for (int b = 0; b < kBuckets; b++)
    ASSERT_GE(c.bucket[b].size(), 5u) << "too few " << kBucketNames[b] << " inputs";
  const int threads = NumThreads();

  // The reference: every (input, config) a thread will use, on this
  // thread alone, before any other starts.
  auto t0 = std::chrono::steady_clock::now();
  std::vector<std::vector<size_t>> schedules;
  std::map<std::pair<size_t, size_t>, std::string> expected;
  size_t total = 0;
  for (int t = 0; t < threads; t++) {
    schedules.push_back(Schedule(c, t));
    total += schedules.back().size();
    size_t k = t % kNumConfigs;
    for (size_t i : schedules.back()) {
      auto key = std::make_pair(i, k);
      if (!expected.count(key)) expected[key] = LowerOnce(c.inputs[i], kConfigs[k]);
    }
  }
  double ref_s = Seconds(t0);

  // Every thread starts at once, then compares as it goes.
  std::vector<int> mismatches(threads, 0);
  std::vector<std::string> first(threads);
  auto t1 = std::chrono::steady_clock::now();
  RunTogether(threads, [&](int t) {
    size_t k = t % kNumConfigs;
    for (size_t i : schedules[t]) {
      std::string got = LowerOnce(c.inputs[i], kConfigs[k]);
      if (got == expected.at({i, k})) continue;
      if (!mismatches[t]++) first[t] = c.inputs[i].name + " with " + kConfigs[k].name;
    }
  });
  double par_s = Seconds(t1);

  for (int t = 0; t < threads; t++)
    EXPECT_EQ(mismatches[t], 0) << "thread " << t << " (" << kConfigs[t % kNumConfigs].name
                                << "): first differs on " << first[t];
  std::printf("threads_test: %d threads x %zu modules each (%zu lowerings, %d+ per ABI per "
              "thread, %zu malformed), %zu distinct inputs, %zu configs: %.2f s wall; "
              "single-threaded reference (%zu lowerings): %.2f s\n",
              threads, schedules[0].size(), total, kPerAbi, c.bucket[kMalformed].size(),
              c.inputs.size(), std::min<size_t>(threads, kNumConfigs), par_s,
              expected.size(), ref_s);
}

// The comparison above can fail: a different option gives different bytes.
TEST(Threads, ComparisonSeesADifferentOption) {
  Corpus c = LoadCorpus();
  ASSERT_FALSE(c.bucket[kSwitch].empty());
  const Input &in = c.inputs[c.bucket[kSwitch][0]];
  EXPECT_NE(LowerOnce(in, kConfigs[0]), LowerOnce(in, kConfigs[4]));
}

}  // namespace
