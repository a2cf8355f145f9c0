// The adapter's one call into the library. Which functions a lowering
// added is found with a marker declaration appended to the module's
// function list before the call: the library appends what it creates, so
// they follow the marker, and finding them costs nothing per existing
// function.
#include "plugin/lower.h"

#include <iterator>
#include <string>

#include "corolower/corolower.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "plugin/options.h"
#include "plugin/report.h"

namespace corolower_plugin {
namespace {

// The first line of an instruction's text, as a diagnostic quotes it.
std::string firstLine(const char *text) {
  std::string s = text ? text : "";
  size_t nl = s.find('\n');
  if (nl != std::string::npos) s.resize(nl);
  size_t start = s.find_first_not_of(' ');
  return start == std::string::npos ? "" : s.substr(start);
}

std::string describe(const crl_diag *d) {
  std::string s = "corolower: ";
  if (d->function) s += std::string("in '") + d->function + "': ";
  s += d->message ? d->message : "";
  if (d->instruction) s += " (at: " + firstLine(d->instruction) + ")";
  return s;
}

// The library's diagnostics through LLVM's handler (clang prints them as
// its own and fails the compilation on an error; nothing aborts). With
// -corolower-fallback a refusal is a warning: the coroutine was put back as
// it was, and LLVM's CoroSplit, later in the same pipeline, lowers it.
// Notes only accompany a refusal (they explain it).
void report(llvm::LLVMContext &ctx, crl_result *r) {
  bool refused = !crl_result_ok(r);
  for (size_t i = 0, n = crl_result_num_diags(r); i < n; i++) {
    const crl_diag *d = crl_result_diag(r, i);
    llvm::DiagnosticSeverity sev = llvm::DS_Warning;
    std::string text = describe(d);
    if (d->severity == CRL_SEV_NOTE) {
      if (!refused) continue;
      sev = llvm::DS_Note;
    } else if (d->severity == CRL_SEV_ERROR) {
      sev = fallback() ? llvm::DS_Warning : llvm::DS_Error;
      if (fallback()) text += " [left to LLVM's coroutine passes]";
    }
    ctx.diagnose(llvm::DiagnosticInfoGeneric(text, sev));
  }
}

llvm::Function *appendMarker(llvm::Module &m) {
  auto *ty = llvm::FunctionType::get(llvm::Type::getVoidTy(m.getContext()), false);
  return llvm::Function::Create(ty, llvm::GlobalValue::ExternalLinkage,
                                "corolower.plugin.added.after", &m);
}

// Takes the definitions after the marker, then removes the marker.
void takeAdded(llvm::Function *marker, Outcome &o) {
  llvm::Module &m = *marker->getParent();
  for (auto it = std::next(marker->getIterator()); it != m.end(); ++it)
    if (!it->isDeclaration()) o.added.push_back(&*it);
  marker->eraseFromParent();
}

// Without -corolower-fallback a refusal is an error and the compilation
// fails, but the pipeline runs on: LLVM's own coroutine passes and code
// generator, later in it, stop clang with a fatal error on input corolower
// refused (two coro.begin, coro.size outside a coroutine, Swift's fork-only
// forms...). So each function an error names gets `unreachable` for a
// body and is no coroutine any more: nothing reaches LLVM's passes, and
// nothing of this module will be emitted.
void setAside(llvm::Function *f) {
  if (!f || f->isDeclaration()) return;
  llvm::LLVMContext &ctx = f->getContext();
  f->removeFnAttr(llvm::Attribute::PresplitCoroutine);
  for (llvm::BasicBlock &bb : *f) bb.dropAllReferences();
  while (!f->empty()) f->begin()->eraseFromParent();
  new llvm::UnreachableInst(ctx, llvm::BasicBlock::Create(ctx, "refused", f));
}

void setAsideRefused(llvm::Module &m, crl_result *r) {
  for (size_t i = 0, n = crl_result_num_coroutines(r); i < n; i++)
    if (!crl_result_coroutine_lowered(r, i))
      setAside(m.getFunction(crl_result_coroutine_name(r, i)));
  for (size_t i = 0, n = crl_result_num_diags(r); i < n; i++) {
    const crl_diag *d = crl_result_diag(r, i);
    if (d->severity == CRL_SEV_ERROR && d->function) setAside(m.getFunction(d->function));
  }
}

Outcome finish(llvm::Module &m, crl_result *r, llvm::Function *marker) {
  Outcome o;
  takeAdded(marker, o);
  if (!r) {
    m.getContext().diagnose(llvm::DiagnosticInfoGeneric(
        "corolower: out of memory", fallback() ? llvm::DS_Warning : llvm::DS_Error));
    return o;
  }
  report(m.getContext(), r);
  collectFrames(m, r);
  for (size_t i = 0, n = crl_result_num_coroutines(r); i < n; i++) {
    bool lowered = crl_result_coroutine_lowered(r, i) != 0;
    o.lowered |= lowered;
    o.refused |= !lowered;
  }
  if (!crl_result_ok(r) && !fallback()) setAsideRefused(m, r);
  // A refusal puts the coroutine back as it was, but through new
  // instructions: analyses of it are stale either way.
  o.changed = crl_result_num_coroutines(r) > 0 || !o.added.empty();
  crl_result_free(r);
  return o;
}

}  // namespace

Outcome lowerCoroutine(llvm::Function &f) {
  llvm::Module &m = *f.getParent();
  crl_options opts = libraryOptions();
  llvm::Function *marker = appendMarker(m);
  crl_result *r = crl_lower_function(llvm::wrap(&f), &opts);
  return finish(m, r, marker);
}

Outcome lowerModule(llvm::Module &m) {
  crl_options opts = libraryOptions();
  llvm::Function *marker = appendMarker(m);
  crl_result *r = crl_lower_module(llvm::wrap(&m), &opts);
  return finish(m, r, marker);
}

}  // namespace corolower_plugin
