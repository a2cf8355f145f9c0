// The frame report of a translation unit: every coroutine the plugin lowered
// in one module, collected across the many lowering calls a CGSCC walk
// makes, and written out once when the module's pipeline ends.
#ifndef COROLOWER_PLUGIN_REPORT_H
#define COROLOWER_PLUGIN_REPORT_H

#include <string>

#include "corolower/corolower.h"

namespace llvm {
class Module;
}

namespace corolower_plugin {

// Adds the frames of one lowering call to the module's report.
void collectFrames(const llvm::Module &m, crl_result *result);

// Appends the module's report, `{"frames": [...]}` as the CLI's
// --frame-report json writes it, to `path` with one locked write, so that
// several compilers writing the same file never interleave; forgets it.
// Nothing is written for a module without lowered coroutines. Returns an
// error message, or "" on success.
std::string flushReport(const llvm::Module &m, const std::string &path);

}  // namespace corolower_plugin

#endif
