// Telling LLVM's lazy call graph about the functions a lowering added, as
// LLVM's CoroSplit does for its clones, so that the rest of the CGSCC walk
// (the inliner, CoroAnnotationElide, the function simplification of the
// clones) sees them.
#ifndef COROLOWER_PLUGIN_CALLGRAPH_H
#define COROLOWER_PLUGIN_CALLGRAPH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LazyCallGraph.h"

namespace corolower_plugin {

// Registers `added` (functions split from the coroutine `ramp`) with the
// graph, updates the graph for the ramp's own changes and queues the
// coroutine's SCC and every added function's for another run of the CGSCC
// pipeline. Returns the SCC that now holds the ramp.
llvm::LazyCallGraph::SCC &registerSplit(
    llvm::LazyCallGraph &cg, llvm::LazyCallGraph::SCC &c,
    llvm::LazyCallGraph::Node &ramp, llvm::ArrayRef<llvm::Function *> added,
    llvm::CGSCCAnalysisManager &am, llvm::CGSCCUpdateResult &ur,
    llvm::FunctionAnalysisManager &fam);

}  // namespace corolower_plugin

#endif
