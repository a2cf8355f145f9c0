// The plugin's entry point: the pass names for hand-written pipelines and
// the places in clang's and opt's default pipelines where corolower takes
// the place of LLVM's CoroSplit.
//
//   -O1 and above (also the ThinLTO/LTO pre-link pipelines): CoroSplit is
//   the last pass of the inliner's CGSCC pipeline, after the function
//   simplification of the SCC. No extension point lies between the two;
//   the nearest before CoroSplit is CGSCCOptimizerLate, which runs after
//   the inliner and before that simplification. There the plugin's CGSCC
//   pass runs the simplification on each coroutine itself, then lowers it
//   and registers the split functions: CoroSplit, later in the same SCC
//   pipeline, finds no presplit coroutine left.
//   -O0: LLVM's coroutine passes (coro-early, coro-split, coro-cleanup)
//   run as one module-level group after always-inline; the plugin lowers
//   the whole module at pipeline start, before them.
//   Everywhere: at the end of the optimizer pipeline the module's frame
//   report is written (-corolower-frame-report).
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "plugin/options.h"
#include "plugin/passes.h"

namespace corolower_plugin {
namespace {

using llvm::OptimizationLevel;

bool parseModulePass(llvm::StringRef name, llvm::ModulePassManager &mpm,
                     llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
  if (name == "corolower-split") {
    mpm.addPass(SplitModulePass());
    return true;
  }
  if (name == "corolower-report") {
    mpm.addPass(ReportPass());
    return true;
  }
  return false;
}

bool parseSCCPass(llvm::StringRef name, llvm::CGSCCPassManager &cgpm,
                  llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
  if (name != "corolower-split") return false;
  cgpm.addPass(SplitSCCPass());
  return true;
}

void registerCallbacks(llvm::PassBuilder &pb) {
  pb.registerPipelineParsingCallback(parseModulePass);
  pb.registerPipelineParsingCallback(parseSCCPass);
  llvm::PassBuilder *builder = &pb;
  pb.registerCGSCCOptimizerLateEPCallback(
      [builder](llvm::CGSCCPassManager &cgpm, OptimizationLevel level) {
        if (disabled() || level == OptimizationLevel::O0) return;
        auto simplify = std::make_unique<llvm::FunctionPassManager>(
            builder->buildFunctionSimplificationPipeline(
                level, llvm::ThinOrFullLTOPhase::None));
        cgpm.addPass(SplitSCCPass(std::move(simplify)));
      });
  pb.registerPipelineStartEPCallback(
      [](llvm::ModulePassManager &mpm, OptimizationLevel level) {
        if (!disabled() && level == OptimizationLevel::O0)
          mpm.addPass(SplitModulePass());
      });
  pb.registerOptimizerLastEPCallback(
      [](llvm::ModulePassManager &mpm, OptimizationLevel,
         llvm::ThinOrFullLTOPhase) {
        if (!disabled()) mpm.addPass(ReportPass());
      });
}

}  // namespace
}  // namespace corolower_plugin

extern "C" LLVM_ATTRIBUTE_WEAK llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "corolower", CRL_VERSION_STRING,
          corolower_plugin::registerCallbacks};
}
