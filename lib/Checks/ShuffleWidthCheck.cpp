#include "Checks/ShuffleWidthCheck.h"
#include "Checks/CudaPatterns.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"

#include <fmt/format.h>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipport::checks {

const CheckInfo ShuffleWidthCheck::Info = {
    "wave64-shuffle-width", core::Severity::Warning,
    "shuffles without a width argument where the lane math assumes 32 lanes"};

void ShuffleWidthCheck::registerMatchers(MatchFinder &F) {
  F.addMatcher(
      callExpr(callee(functionDecl(hasAnyName(
                   "__shfl", "__shfl_up", "__shfl_down", "__shfl_xor",
                   "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync",
                   "__shfl_xor_sync"))),
               unless(isInTemplateInstantiation()),
               forFunction(functionDecl().bind("fn")))
          .bind("shfl"),
      this);
}

void ShuffleWidthCheck::run(const MatchFinder::MatchResult &R) {
  ASTContext &C = *R.Context;
  const auto *Call = R.Nodes.getNodeAs<CallExpr>("shfl");
  const auto *Fn = R.Nodes.getNodeAs<FunctionDecl>("fn");
  llvm::StringRef Name = calleeName(Call);
  unsigned Width = Name.ends_with("_sync") ? 3 : 2;
  // An explicit width says the author chose the segment size.
  if (Call->getNumArgs() > Width && !isa<CXXDefaultArgExpr>(Call->getArg(Width)))
    return;
  auto LM = findLaneMath(Fn->getBody(), C);
  if (!LM || LM->K == LaneMath::BlockDimDiv)
    return;
  // An offset or source lane computed from warpSize (`off = warpSize / 2`)
  // was written for the whole wavefront, whatever else the function does.
  for (const Expr *A : Call->arguments())
    if (const auto *DRE = dyn_cast<DeclRefExpr>(A->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (VD->getInit() && findWarpSizeRef(VD->getInit(), C))
          return;
  CheckDiag D;
  // A relative shuffle (up, down, xor) stays within each 32-lane half when
  // its lanes are guarded by `% 32` math; an indexed __shfl makes lanes
  // 32-63 read a source lane of the first half.
  bool Indexed = Name == "__shfl" || Name == "__shfl_sync";
  D.Level = Indexed ? core::Severity::Error : Info.DefaultLevel;
  D.Loc = Call->getBeginLoc();
  D.Range = Call->getSourceRange();
  D.Message = fmt::format(
      "{} without a width argument spans the whole 64-lane wavefront, but "
      "the lane math of this function assumes 32 lanes; pass the width "
      "explicitly or compute lanes from warpSize{}",
      Name.str(),
      Indexed ? " (lanes 32-63 read source lanes of the first half)" : "");
  D.Notes.emplace_back(LM->Op->getOperatorLoc(),
                       "lanes computed for 32-wide warps here: '" +
                           sourceText(LM->Op->getSourceRange(), C) + "'");
  report(C, std::move(D));
}

} // namespace hipport::checks
