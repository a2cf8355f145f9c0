// The graph accepts a split function once every function it references is
// known to it. Switched-resume clones reference nothing new but each
// other's thunks, so they go in one at a time, referenced ones first; the
// continuations of the returned-continuation and async ABIs reference each
// other in cycles, and go in together as one ref-recursive group (LLVM's
// CoroSplit makes the same choice by ABI; here it follows from the
// references, which keeps ABI knowledge in the library).
#include "plugin/callgraph.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PriorityWorklist.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"

namespace corolower_plugin {
namespace {

using llvm::Function;

// The added functions `f` references (calls or takes the address of),
// through constants too.
llvm::SmallVector<Function *, 4> referencedAdded(
    Function &f, const llvm::SmallPtrSetImpl<Function *> &added) {
  llvm::SmallVector<llvm::Constant *, 16> work;
  llvm::SmallPtrSet<llvm::Constant *, 16> seen;
  for (llvm::Instruction &i : llvm::instructions(f))
    for (llvm::Value *op : i.operand_values())
      if (auto *k = llvm::dyn_cast<llvm::Constant>(op))
        if (seen.insert(k).second) work.push_back(k);
  llvm::SmallVector<Function *, 4> out;
  llvm::LazyCallGraph::visitReferences(work, seen, [&](Function &g) {
    if (&g != &f && added.count(&g)) out.push_back(&g);
  });
  return out;
}

// Depth-first order, referenced functions first. False when the added
// functions reference each other in a cycle.
struct Orderer {
  llvm::DenseMap<Function *, llvm::SmallVector<Function *, 4>> refs;
  llvm::DenseMap<Function *, int> state;  // 1: on the stack, 2: placed
  llvm::SmallVector<Function *, 8> order;

  bool visit(Function *f) {
    int &s = state[f];
    if (s == 2) return true;
    if (s == 1) return false;
    s = 1;
    // Recursion is as deep as the longest chain of added functions (one
    // per suspend point at most): small frames, a few thousand deep.
    for (Function *g : refs[f])
      if (!visit(g)) return false;
    state[f] = 2;
    order.push_back(f);
    return true;
  }
};

}  // namespace

llvm::LazyCallGraph::SCC &registerSplit(
    llvm::LazyCallGraph &cg, llvm::LazyCallGraph::SCC &c,
    llvm::LazyCallGraph::Node &ramp, llvm::ArrayRef<Function *> added,
    llvm::CGSCCAnalysisManager &am, llvm::CGSCCUpdateResult &ur,
    llvm::FunctionAnalysisManager &fam) {
  Function &orig = ramp.getFunction();
  if (!added.empty()) {
    llvm::SmallPtrSet<Function *, 8> set(added.begin(), added.end());
    Orderer o;
    for (Function *f : added) o.refs[f] = referencedAdded(*f, set);
    bool acyclic = true;
    for (Function *f : added) acyclic = acyclic && o.visit(f);
    if (acyclic) {
      for (Function *f : o.order) cg.addSplitFunction(orig, *f);
    } else {
      cg.addSplitRefRecursiveFunctions(orig, added);
    }
  }
  llvm::LazyCallGraph::SCC *cur =
      &llvm::updateCGAndAnalysisManagerForCGSCCPass(cg, c, ramp, am, ur, fam);
  // As after LLVM's split: the whole CGSCC pipeline runs again on the ramp
  // and on each added function (inlining into them, simplifying them).
  ur.CWorklist.insert(cur);
  for (Function *f : added) ur.CWorklist.insert(cg.lookupSCC(cg.get(*f)));
  return *cur;
}

}  // namespace corolower_plugin
