// The adapter's one call into the library. Which functions a lowering
// added is found with a marker declaration appended to the module's
// function list before the call: the library appends what it creates, so
// they follow the marker, and finding them costs nothing per existing
// function.
#include "plugin/lower.h"

#include <iterator>
#include <string>

#include "corolower/corolower.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"
#include "plugin/debug_records.h"
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
  // A refusal puts the coroutine back as it was, but through new
  // instructions: analyses of it are stale either way.
  o.changed = crl_result_num_coroutines(r) > 0 || !o.added.empty();
  crl_result_free(r);
  return o;
}

// LLVM's CoroEarly marks each coro.begin call `noduplicate` while its
// coroutine is presplit, and LLVM's CoroSplit drops the mark when it keeps
// the call in the ramp for CoroElide. The library keeps the call (elision
// markers) but not that knowledge of CoroEarly's, and a `noduplicate` call
// makes the inliner refuse the ramp, so no caller could inline it and no
// allocation be elided. Dropped here for lowered coroutines until the
// library's marker-keeping does it itself.
// `only`: that function's calls; nullptr: every lowered function's.
void allowRampInlining(llvm::Module &m, const llvm::Function *only) {
  llvm::Function *begin =
      llvm::Intrinsic::getDeclarationIfExists(&m, llvm::Intrinsic::coro_begin);
  if (!begin) return;
  for (llvm::User *u : begin->users()) {
    auto *call = llvm::dyn_cast<llvm::CallBase>(u);
    if (!call || (only && call->getFunction() != only) ||
        call->getFunction()->isPresplitCoroutine())
      continue;
    call->removeFnAttr(llvm::Attribute::NoDuplicate);
  }
}

// Under assignment tracking the library cannot verify its output: the
// copies it keeps to put refused coroutines back share the !DIAssignID of
// every coroutine and intrinsic caller they copy, and LLVM's verifier
// rejects an ID linked across functions while the copies exist. The
// adapter then verifies what changed itself, after the copies are gone.
bool tracksAssignments(const llvm::Module &m) {
  return llvm::isAssignmentTrackingEnabled(m);
}

void verifyLowered(llvm::Function &f, const Outcome &o) {
  std::string text;
  llvm::raw_string_ostream os(text);
  bool broken = llvm::verifyFunction(f, &os);
  for (llvm::Function *g : o.added) broken |= llvm::verifyFunction(*g, &os);
  if (!broken) return;
  std::string msg = "corolower: in '" + f.getName().str() +
                    "': internal error: lowered coroutine fails the verifier: " +
                    firstLine(text.c_str());
  f.getContext().diagnose(llvm::DiagnosticInfoGeneric(msg, llvm::DS_Error));
}

}  // namespace

Outcome lowerCoroutine(llvm::Function &f) {
  llvm::Module &m = *f.getParent();
  crl_options opts = libraryOptions();
  bool tracked = tracksAssignments(m);
  if (tracked) {
    opts.skip_output_verify = 1;
    untrackAssignments(f);
  }
  llvm::Function *marker = appendMarker(m);
  crl_result *r = crl_lower_function(llvm::wrap(&f), &opts);
  Outcome o = finish(m, r, marker);
  if (o.lowered) allowRampInlining(m, &f);
  if (o.lowered && tracked) verifyLowered(f, o);
  return o;
}

Outcome lowerModule(llvm::Module &m) {
  crl_options opts = libraryOptions();
  // Assignment tracking is not used at -O0, where this runs in clang; a
  // hand-written opt pipeline may still bring it.
  if (tracksAssignments(m)) opts.skip_output_verify = 1;
  for (llvm::Function &f : m)
    if (f.isPresplitCoroutine()) untrackAssignments(f);
  llvm::Function *marker = appendMarker(m);
  crl_result *r = crl_lower_module(llvm::wrap(&m), &opts);
  Outcome o = finish(m, r, marker);
  if (o.lowered) allowRampInlining(m, nullptr);
  return o;
}

}  // namespace corolower_plugin
