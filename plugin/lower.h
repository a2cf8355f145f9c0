// One call into the library: lower a coroutine (or a whole module), turn
// its diagnostics into LLVM's, add its frames to the module's report, and
// say which functions the lowering added.
#ifndef COROLOWER_PLUGIN_LOWER_H
#define COROLOWER_PLUGIN_LOWER_H

#include "llvm/ADT/SmallVector.h"

namespace llvm {
class Function;
class Module;
}  // namespace llvm

namespace corolower_plugin {

// What a lowering call did.
struct Outcome {
  bool changed = false;  // the module may have changed
  bool lowered = false;  // the coroutine is lowered (not refused)
  // A coroutine was refused: the library put back, through new
  // instructions, the coroutines and every function whose coroutine
  // intrinsics it could have rewritten, anywhere in the module.
  bool refused = false;
  // Definitions the lowering added (clones, thunks, ...), in the order the
  // library created them.
  llvm::SmallVector<llvm::Function *, 4> added;
};

// Lowers the presplit coroutine `f` with crl_lower_function.
Outcome lowerCoroutine(llvm::Function &f);

// Lowers every coroutine of `m` with crl_lower_module.
Outcome lowerModule(llvm::Module &m);

}  // namespace corolower_plugin

#endif
