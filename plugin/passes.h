// The plugin's passes: the coroutine lowering as a CGSCC pass (where LLVM's
// CoroSplit runs) and as a module pass, and the pass that writes the frame
// report at the end of a module's pipeline.
#ifndef COROLOWER_PLUGIN_PASSES_H
#define COROLOWER_PLUGIN_PASSES_H

#include <memory>

#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/raw_ostream.h"

namespace corolower_plugin {

// cgscc(corolower-split): lowers the presplit coroutines of each SCC and
// registers what it adds with the call graph. In the default pipelines it
// first runs `simplify` (the function simplification pipeline LLVM runs on
// the SCC before its CoroSplit) on each coroutine, so that it lowers the
// code CoroSplit would have seen.
class SplitSCCPass : public llvm::PassInfoMixin<SplitSCCPass> {
public:
  explicit SplitSCCPass(
      std::unique_ptr<llvm::FunctionPassManager> simplify = nullptr)
      : simplify_(std::move(simplify)) {}
  llvm::PreservedAnalyses run(llvm::LazyCallGraph::SCC &c,
                              llvm::CGSCCAnalysisManager &am,
                              llvm::LazyCallGraph &cg,
                              llvm::CGSCCUpdateResult &ur);
  static bool isRequired() { return true; }
  // As -print-pipeline-passes shows it, and -passes reads it back.
  void printPipeline(llvm::raw_ostream &os,
                     llvm::function_ref<llvm::StringRef(llvm::StringRef)>) {
    os << "corolower-split";
  }

private:
  std::unique_ptr<llvm::FunctionPassManager> simplify_;
};

// corolower-split as a module pass: every coroutine of the module at once
// (crl_lower_module), also the form used at -O0.
class SplitModulePass : public llvm::PassInfoMixin<SplitModulePass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &am);
  static bool isRequired() { return true; }
  // As -print-pipeline-passes shows it, and -passes reads it back.
  void printPipeline(llvm::raw_ostream &os,
                     llvm::function_ref<llvm::StringRef(llvm::StringRef)>) {
    os << "corolower-split";
  }
};

// corolower-report: appends the module's frame report to
// -corolower-frame-report's file.
class ReportPass : public llvm::PassInfoMixin<ReportPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &am);
  static bool isRequired() { return true; }
  // As -print-pipeline-passes shows it, and -passes reads it back.
  void printPipeline(llvm::raw_ostream &os,
                     llvm::function_ref<llvm::StringRef(llvm::StringRef)>) {
    os << "corolower-report";
  }
};

}  // namespace corolower_plugin

#endif
