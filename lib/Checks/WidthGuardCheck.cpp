#include "Checks/WidthGuardCheck.h"
#include "Checks/CudaPatterns.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"

#include <fmt/format.h>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipport::checks {

const CheckInfo WidthGuardCheck::Info = {
    "wave64-width-guard", core::Severity::Error,
    "the warp width (warpSize, prop.warpSize, a queried width) compared "
    "with 32: code that refuses or mis-sizes 64-lane wavefronts"};

void WidthGuardCheck::registerMatchers(MatchFinder &F) {
  F.addMatcher(binaryOperator(hasAnyOperatorName("==", "!="),
                              unless(isInTemplateInstantiation()))
                   .bind("cmp"),
               this);
}

/// True when the comparison picks one of two paths (`if (ws == 32) a();
/// else b();`, `ws == 32 ? a : b`): a dispatch on the width, which runs at
/// either width, not a guard that refuses one.
static bool isDispatch(const BinaryOperator *BO, ASTContext &C) {
  const Stmt *Child = BO;
  for (unsigned Up = 0; Up < 4; ++Up) {
    auto Parents = parentsOf(C, *Child);
    if (Parents.empty())
      return false;
    if (const auto *If = Parents[0].get<IfStmt>())
      return If->getElse() && If->getCond() == Child;
    if (const auto *CO = Parents[0].get<ConditionalOperator>())
      return CO->getCond() == Child;
    const Stmt *P = Parents[0].get<Stmt>();
    if (!P || !(isa<ParenExpr>(P) || isa<ImplicitCastExpr>(P) ||
                isa<ExprWithCleanups>(P)))
      return false;
    Child = P;
  }
  return false;
}

/// True when Loc is spelled in the argument of a check or assertion macro
/// (`TORCH_CHECK(...)`, `assert(...)`, `REQUIRE(...)`), at any depth.
static bool inAssertion(SourceLocation Loc, ASTContext &C) {
  const SourceManager &SM = C.getSourceManager();
  for (unsigned Depth = 0; Loc.isMacroID() && Depth < 8; ++Depth) {
    std::string N =
        Lexer::getImmediateMacroName(Loc, SM, C.getLangOpts()).upper();
    if (llvm::StringRef(N).contains("CHECK") ||
        llvm::StringRef(N).contains("ASSERT") ||
        llvm::StringRef(N).contains("REQUIRE"))
      return true;
    Loc = SM.getImmediateMacroCallerLoc(Loc);
  }
  return false;
}

void WidthGuardCheck::run(const MatchFinder::MatchResult &R) {
  ASTContext &C = *R.Context;
  const auto *BO = R.Nodes.getNodeAs<BinaryOperator>("cmp");
  if (isDispatch(BO, C))
    return;
  for (auto [W, K] : {std::pair(BO->getLHS(), BO->getRHS()),
                      std::pair(BO->getRHS(), BO->getLHS())}) {
    ConstantOrigin O = constantOrigin(K, C, {32, 64});
    if (O.K == ConstantOrigin::None)
      continue;
    // `WS != 32` with a warp constant WS: the code states it needs 32 lanes.
    ConstantOrigin WO = constantOrigin(W, C, {32});
    bool Stated = WO.named() && warpLikeName(WO.Name) &&
                  O.K == ConstantOrigin::Literal && O.Value == 32;
    if (!Stated && !isQueriedWidth(W, C))
      continue;
    // A queried width required to be 64 (in a check or assertion) refuses
    // RDNA's 32-lane wavefronts; `if (ws == 64)` alone picks a path.
    if (O.Value == 64) {
      if (!inAssertion(BO->getOperatorLoc(), C))
        return;
      CheckDiag D;
      D.Loc = BO->getOperatorLoc();
      D.Range = BO->getSourceRange();
      D.Level = core::Severity::Warning;
      D.Message = fmt::format(
          "'{}' singles out 64-wide wavefronts; AMD RDNA GPUs run 32 lanes: "
          "make the code correct at any warp width",
          sourceText(BO->getSourceRange(), C));
      report(C, std::move(D));
      return;
    }
    CheckDiag D;
    D.Loc = BO->getOperatorLoc();
    D.Range = BO->getSourceRange();
    D.Level = Info.DefaultLevel;
    D.Message = fmt::format(
        "'{}' singles out 32-wide warps; AMD CDNA wavefronts have 64 lanes: "
        "make the code correct at any warp width",
        sourceText(BO->getSourceRange(), C));
    if (O.named())
      D.Notes.emplace_back(O.Loc, "'" + O.Name + "' defined as 32 here");
    report(C, std::move(D));
    return;
  }
}

} // namespace hipport::checks
