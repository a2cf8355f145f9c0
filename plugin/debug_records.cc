// Variables keep their locations: an alloca-homed variable becomes a
// #dbg_declare of that alloca (which the library moves into the frame when
// it lives across a suspend, as it does for -O0 input), any other record a
// #dbg_value of the value assigned. What is lost is the precision
// assignment tracking adds to optimized code (LLVM's own CoroSplit keeps
// it by giving each clone fresh IDs; the library's cloner should, then
// this goes).
#include "plugin/debug_records.h"

#include <optional>
#include <tuple>

#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

namespace corolower_plugin {
namespace {

using llvm::DbgVariableRecord;

// The address expression, narrowed to the fragment the record describes.
llvm::DIExpression *declareExpr(const DbgVariableRecord &r) {
  llvm::DIExpression *addr = r.getAddressExpression();
  auto frag = r.getExpression()->getFragmentInfo();
  if (!frag || addr->getFragmentInfo()) return addr;
  std::optional<llvm::DIExpression *> e = llvm::DIExpression::createFragmentExpression(
      addr, frag->OffsetInBits, frag->SizeInBits);
  return e ? *e : addr;
}

}  // namespace

void untrackAssignments(llvm::Function &f) {
  llvm::SmallVector<DbgVariableRecord *, 16> assigns;
  for (llvm::Instruction &i : llvm::instructions(f))
    for (DbgVariableRecord &r : llvm::filterDbgVars(i.getDbgRecordRange()))
      if (r.isDbgAssign()) assigns.push_back(&r);
  if (assigns.empty()) return;
  llvm::DIBuilder dib(*f.getParent(), /*AllowUnresolved=*/false);
  using Key = std::tuple<llvm::DILocalVariable *, llvm::AllocaInst *,
                         llvm::DIExpression *>;
  llvm::DenseSet<Key> declared;
  for (DbgVariableRecord *r : assigns) {
    llvm::Instruction *at = r->getMarker()->MarkedInstr;
    const llvm::DILocation *loc = r->getDebugLoc().get();
    auto *home = llvm::dyn_cast_or_null<llvm::AllocaInst>(
        r->isKillAddress() ? nullptr : r->getAddress()->stripPointerCasts());
    if (home) {
      llvm::DIExpression *e = declareExpr(*r);
      if (declared.insert(Key(r->getVariable(), home, e)).second)
        dib.insertDeclare(home, r->getVariable(), e, loc, at->getIterator());
      continue;
    }
    llvm::Value *v = r->getValue(0);
    if (v && !llvm::isa<llvm::PoisonValue>(v) && !llvm::isa<llvm::UndefValue>(v))
      dib.insertDbgValueIntrinsic(v, r->getVariable(), r->getExpression(), loc,
                                  at->getIterator());
  }
  llvm::at::deleteAll(&f);
}

}  // namespace corolower_plugin
