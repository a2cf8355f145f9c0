// The passes' bodies: what each hands to the library, and how the pass
// manager learns what changed.
#include "plugin/passes.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "plugin/callgraph.h"
#include "plugin/lower.h"
#include "plugin/options.h"
#include "plugin/report.h"

namespace corolower_plugin {

using llvm::LazyCallGraph;

llvm::PreservedAnalyses SplitSCCPass::run(LazyCallGraph::SCC &c,
                                          llvm::CGSCCAnalysisManager &am,
                                          LazyCallGraph &cg,
                                          llvm::CGSCCUpdateResult &ur) {
  // Nodes, not the SCC: updating the graph may split the SCC.
  llvm::SmallVector<LazyCallGraph::Node *, 2> coroutines;
  for (LazyCallGraph::Node &n : c)
    if (n.getFunction().isPresplitCoroutine()) coroutines.push_back(&n);
  if (coroutines.empty()) return llvm::PreservedAnalyses::all();
  auto &fam =
      am.getResult<llvm::FunctionAnalysisManagerCGSCCProxy>(c, cg).getManager();
  for (LazyCallGraph::Node *n : coroutines) {
    llvm::Function &f = n->getFunction();
    LazyCallGraph::SCC *cur = cg.lookupSCC(*n);
    if (simplify_) {
      fam.invalidate(f, simplify_->run(f, fam));
      cur = &llvm::updateCGAndAnalysisManagerForFunctionPass(cg, *cur, *n, am,
                                                             ur, fam);
    }
    Outcome o = lowerCoroutine(f);
    if (!o.changed) continue;
    fam.invalidate(f, llvm::PreservedAnalyses::none());
    // Functions outside the SCC got their bodies back as copies: nothing
    // cached about any of them may be kept. Only on a refusal, which is
    // rare (and ends the compilation without -corolower-fallback).
    if (o.refused)
      for (llvm::Function &g : *f.getParent())
        if (!g.isDeclaration()) fam.invalidate(g, llvm::PreservedAnalyses::none());
    registerSplit(cg, *cur, *n, o.added, am, ur, fam);
  }
  return llvm::PreservedAnalyses::none();
}

// Anything for the library: a presplit coroutine, or a coroutine intrinsic
// (declared and used) that the early lowering rewrites.
static bool hasCoroutineWork(const llvm::Module &m) {
  for (const llvm::Function &f : m) {
    if (f.isPresplitCoroutine()) return true;
    if (f.isDeclaration() && !f.use_empty() &&
        f.getName().starts_with("llvm.coro."))
      return true;
  }
  return false;
}

llvm::PreservedAnalyses SplitModulePass::run(llvm::Module &m,
                                             llvm::ModuleAnalysisManager &) {
  if (!hasCoroutineWork(m)) return llvm::PreservedAnalyses::all();
  lowerModule(m);
  return llvm::PreservedAnalyses::none();
}

llvm::PreservedAnalyses ReportPass::run(llvm::Module &m,
                                        llvm::ModuleAnalysisManager &) {
  std::string err = flushReport(m, reportFile());
  if (!err.empty())
    m.getContext().diagnose(llvm::DiagnosticInfoGeneric(
        "corolower: cannot write the frame report: " + err, llvm::DS_Error));
  return llvm::PreservedAnalyses::all();
}

}  // namespace corolower_plugin
