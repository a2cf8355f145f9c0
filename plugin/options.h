// The plugin's options, given to clang as -mllvm -corolower-... or to opt
// directly. They map onto crl_options; nothing here decides how a
// coroutine is lowered.
#ifndef COROLOWER_PLUGIN_OPTIONS_H
#define COROLOWER_PLUGIN_OPTIONS_H

#include <string>

#include "corolower/corolower.h"

namespace corolower_plugin {

// -corolower-disable: the plugin adds nothing to the default pipelines
// (passes named by hand in opt's -passes still run).
bool disabled();

// -corolower-fallback: a refused coroutine is left to LLVM's CoroSplit with
// a warning instead of failing the compilation.
bool fallback();

// -corolower-frame-report=FILE, or "" for none.
const std::string &reportFile();

// The library's options for one lowering, from the command line.
crl_options libraryOptions();

}  // namespace corolower_plugin

#endif
