// The fixture of the lowering tests (lowering_*_test.cc): frame hooks that
// count and poison, and the runs every case goes through. A case is a row of
// a table (TraceCase): a module with @main, the trace @main must give, and
// what else holds of corolower's frame. Every row is lowered twice, by
// corolower and by LLVM's own coro-early/coro-split/coro-cleanup (in
// process), JIT-run through the harness, and both traces must equal the
// expected one (kNone: corolower's alone, where LLVM's lowering is no
// oracle; the row's comment says why). Frame memory goes through counting
// hooks, so leaks and double frees show.
#ifndef COROLOWER_TESTS_HARNESS_LOWERING_FIXTURE_H
#define COROLOWER_TESTS_HARNESS_LOWERING_FIXTURE_H

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#include "gtest/gtest-spi.h"
#include "gtest/gtest.h"
#include "tests/harness/harness_gtest.h"
#include "tests/harness/ir_fragments.h"

namespace lowering {

// The declarations every case's module gets appended: @trace, the frame
// hooks @alloc_frame/@free_frame, and the coroutine intrinsics.
extern const char kDecls[];

// The switched coroutines' shared lines (ir_fragments.h), unqualified in
// the tables.
using crlh::Begin;
using crlh::FreeAndEnd;
using crlh::kReturnHandle;

struct Outcome {
  std::string trace;
  int64_t allocs = 0, frees = 0;
  // Freed frames written after they were freed (their poison changed).
  int64_t written_after_free = 0;
};

// Runs @main of c with fresh counters; frees the quarantined frames.
Outcome RunOne(crlh_ctx *c);
// Makes @alloc_frame and @free_frame resolve to the counting hooks.
void AddHooks(crlh_ctx *c);

// Lowers `body` (plus kDecls) with corolower and with LLVM, runs @main in
// both, and checks both traces against `want` and that every frame
// allocated is freed.
void Differential(const std::string &body, const std::string &want,
                  const crl_options *opts = nullptr);
// Lowers with corolower only (for behaviour LLVM's lowering gets wrong).
void OursOnly(const std::string &body, const std::string &want);

enum Reference { kLlvm, kNone };

// One row of a table of runs.
struct TraceCase {
  const char *name;  // the test's name (letters and digits)
  std::string ir;    // coroutines, helpers and @main (kDecls is appended)
  const char *want;  // @main's trace
  Reference ref = kLlvm;
  // When not 0: corolower's lowering has one frame, of this size.
  uint64_t frame_size = 0;
  // When set: corolower's frame report (one frame) does not mention it (a
  // value recomputed, not kept).
  const char *not_kept = nullptr;
};

// The parameterized test every table instantiates.
class LoweringTrace : public ::testing::TestWithParam<TraceCase> {};

inline std::string CaseName(const ::testing::TestParamInfo<TraceCase> &info) {
  return info.param.name;
}

// gtest prints parameters that fail; the name says which row it was.
inline void PrintTo(const TraceCase &c, std::ostream *os) { *os << c.name; }

}  // namespace lowering

#endif
