// Command-line options of the plugin. LLVM's cl::opt registers them when
// the shared object is loaded, so `-mllvm -corolower-...` works once clang
// has loaded the plugin before parsing -mllvm (clang-22 does for
// -fpass-plugin=).
#include "plugin/options.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"

namespace corolower_plugin {
namespace {

llvm::cl::opt<bool> Disable(
    "corolower-disable",
    llvm::cl::desc("corolower plugin: add nothing to the default pipelines; "
                   "LLVM's coroutine passes lower every coroutine"));

llvm::cl::opt<bool> Fallback(
    "corolower-fallback",
    llvm::cl::desc("corolower plugin: a coroutine corolower refuses is left "
                   "to LLVM's CoroSplit with a warning (default: an error)"));

llvm::cl::opt<std::string> ReportFile(
    "corolower-frame-report", llvm::cl::value_desc("file"),
    llvm::cl::desc("corolower plugin: append each translation unit's frame "
                   "report (JSON, as corolower --frame-report json writes "
                   "it) to this file"));

llvm::cl::opt<std::string> Abis(
    "corolower-abi", llvm::cl::value_desc("abi,..."),
    llvm::cl::desc("corolower plugin: the ABIs corolower lowers (switch, "
                   "retcon, retcon.once, async); a coroutine of another ABI "
                   "is refused (see -corolower-fallback)"));

llvm::cl::opt<bool> PreferSmallFrames(
    "corolower-prefer-small-frames",
    llvm::cl::desc("corolower plugin: record suspend points in the destroy "
                   "pointer where that drops the suspend index "
                   "(corolower --prefer-small-frames); CoroElide then finds "
                   "no markers, so no heap allocation is elided"));

// Unknown names are warned about once, when the pass first asks (the
// list is parsed once per process).
unsigned parseAbis(llvm::StringRef list) {
  unsigned mask = 0;
  llvm::SmallVector<llvm::StringRef, 4> names;
  list.split(names, ',', -1, false);
  for (llvm::StringRef n : names) {
    n = n.trim();
    unsigned abi = crl_abi_from_name(n.data(), n.size());
    if (abi == CRL_ABI_NONE || crl_abi_name(static_cast<crl_abi>(abi)) != n) {
      llvm::errs() << "warning: -corolower-abi: '" << n
                   << "' is no ABI (switch, retcon, retcon.once, async); "
                      "ignored\n";
      continue;
    }
    mask |= abi;
  }
  return mask;
}

}  // namespace

bool disabled() { return Disable; }
bool fallback() { return Fallback; }
const std::string &reportFile() { return ReportFile.getValue(); }

crl_options libraryOptions() {
  crl_options o;
  crl_options_init(&o);
  if (!Abis.empty()) {
    static const unsigned mask = parseAbis(Abis);
    // A list naming no ABI (warned about above) keeps the default: all.
    if (mask) o.allowed_abis = mask;
  }
  // LLVM's own CoroElide (in the callers' function simplification) and
  // CoroCleanup come later in the pipeline: leave them their markers, as
  // LLVM's CoroSplit does, unless the frames are to be smallest.
  o.prefer_small_frames = PreferSmallFrames;
  o.keep_elision_markers = !PreferSmallFrames;
  // The library's verifier stays on: clang runs none between passes, and
  // a lowering bug is better an error naming the coroutine than a crash.
  o.skip_frame_report = ReportFile.empty();
  return o;
}

}  // namespace corolower_plugin
