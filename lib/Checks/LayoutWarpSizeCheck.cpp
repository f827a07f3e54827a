#include "Checks/LayoutWarpSizeCheck.h"
#include "Checks/CudaPatterns.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchers.h"

#include <fmt/format.h>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipport::checks {

const CheckInfo LayoutWarpSizeCheck::Info = {
    "wave64-layout-vs-warpsize", core::Severity::Warning,
    "warpSize used as the width of a layout whose own compile-time width the "
    "code compares with warpSize or with 64: the two differ when a 32-lane "
    "layout runs on a 64-lane wavefront"};

void LayoutWarpSizeCheck::registerMatchers(MatchFinder &F) {
  F.addMatcher(binaryOperator(hasAnyOperatorName("==", "!="),
                              unless(isInTemplateInstantiation()))
                   .bind("cmp"),
               this);
}

/// A compile-time width written as a name, not a literal: a
/// template-dependent constant, or an integer constant expression that is
/// not a literal and does not read warpSize (`c_subWarp<T>`,
/// `layoutWidth(kind)`, a constexpr variable).
static bool namedConstant(const Expr *E, const ASTContext &C) {
  const Expr *S = E->IgnoreParenImpCasts();
  if (isa<IntegerLiteral>(S) || findWarpSizeRef(S, C))
    return false;
  // A variable template's id with dependent arguments has a dependent type.
  if (S->isValueDependent() || S->isTypeDependent())
    return true;
  return S->getType()->isIntegerType() && S->isIntegerConstantExpr(C);
}

/// The layout width a comparison names, or null: `W == warpSize`, or
/// `W == 64` / `W == 32` with W a template-dependent constant.
static const Expr *layoutWidthOf(const BinaryOperator *BO, const ASTContext &C) {
  for (auto [W, K] : {std::pair(BO->getLHS(), BO->getRHS()),
                      std::pair(BO->getRHS(), BO->getLHS())}) {
    if (!namedConstant(W, C))
      continue;
    if (isWarpSizeRef(K, C))
      return W;
    auto V = intValue(K, C);
    const Expr *WS = W->IgnoreParenImpCasts();
    if (V && (*V == 32 || *V == 64) &&
        (WS->isValueDependent() || WS->isTypeDependent()))
      return W;
  }
  return nullptr;
}

namespace {
/// The warpSize references of a body, with the comparison each sits in.
class WarpSizeRefs : public RecursiveASTVisitor<WarpSizeRefs> {
public:
  explicit WarpSizeRefs(const ASTContext &C) : C(C) {}
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() != BO_EQ && BO->getOpcode() != BO_NE)
      return true;
    for (const Expr *Side : {BO->getLHS(), BO->getRHS()})
      if (isWarpSizeRef(Side, C))
        InCompare[Side->IgnoreParenImpCasts()] = BO;
    return true;
  }
  bool VisitExpr(Expr *E) {
    if (isWarpSizeRef(E, C) && !isa<ImplicitCastExpr>(E) && !isa<ParenExpr>(E))
      Refs.push_back(E);
    return true;
  }
  const ASTContext &C;
  std::vector<const Expr *> Refs;
  llvm::DenseMap<const Expr *, const BinaryOperator *> InCompare;
};
} // namespace

void LayoutWarpSizeCheck::run(const MatchFinder::MatchResult &R) {
  ASTContext &C = *R.Context;
  const SourceManager &SM = C.getSourceManager();
  const auto *Cmp = R.Nodes.getNodeAs<BinaryOperator>("cmp");
  if (SM.isInSystemHeader(SM.getExpansionLoc(Cmp->getOperatorLoc())))
    return;
  const Expr *W = layoutWidthOf(Cmp, C);
  if (!W)
    return;
  const FunctionDecl *Fn = enclosingFunction(Cmp, C);
  if (!Fn || !Fn->hasBody() || !Scanned.insert(Fn).second)
    return;
  std::string Width = sourceText(W->getSourceRange(), C);
  unsigned Line = SM.getExpansionLineNumber(Cmp->getOperatorLoc());
  WarpSizeRefs Walk(C);
  Walk.TraverseStmt(Fn->getBody());
  std::set<unsigned> Lines;
  for (const Expr *Ref : Walk.Refs) {
    const BinaryOperator *In = Walk.InCompare.lookup(Ref);
    // `warpSize == 64` asks what the hardware is: right whatever the layout.
    if (In && !layoutWidthOf(In, C))
      continue;
    SourceLocation L = SM.getExpansionLoc(Ref->getBeginLoc());
    if (!Lines.insert(SM.getExpansionLineNumber(L)).second)
      continue;
    CheckDiag D;
    D.Level = Info.DefaultLevel;
    D.Loc = Ref->getBeginLoc();
    D.Range = In ? In->getSourceRange() : Ref->getSourceRange();
    if (In)
      D.Message = fmt::format(
          "'{}' compares the layout's compile-time width '{}' with warpSize, "
          "the wavefront's: a 32-lane layout on a 64-lane wavefront (or the "
          "reverse) makes them differ and the test picks the wrong path; "
          "compare with the layout's own width",
          sourceText(In->getSourceRange(), C),
          sourceText(layoutWidthOf(In, C)->getSourceRange(), C));
    else
      D.Message = fmt::format(
          "warpSize used as the width of a layout that is '{}' lanes wide "
          "(compared at line {}): on a 64-lane wavefront running a 32-lane "
          "layout, lanes of two layout groups mix; use the layout's width",
          Width, Line);
    report(C, std::move(D));
  }
}

} // namespace hipport::checks
