// Assignment tracking (clang's default with -g at -O1 and above: each
// variable's stores carry a !DIAssignID shared with a #dbg_assign record)
// in coroutines the library is about to split.
#ifndef COROLOWER_PLUGIN_DEBUG_RECORDS_H
#define COROLOWER_PLUGIN_DEBUG_RECORDS_H

namespace llvm {
class Function;
}

namespace corolower_plugin {

// Rewrites the #dbg_assign records of `f` as the records the library
// knows: a #dbg_declare per variable (fragment) homed in an alloca, a
// #dbg_value for the others, and drops the !DIAssignID links. The library's
// cloner copies instructions with their attachments into the split
// functions, and an ID shared across functions fails LLVM's verifier.
void untrackAssignments(llvm::Function &f);

}  // namespace corolower_plugin

#endif
