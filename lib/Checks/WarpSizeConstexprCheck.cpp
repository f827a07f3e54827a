#include "Checks/WarpSizeConstexprCheck.h"
#include "Checks/CudaPatterns.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"

#include <fmt/format.h>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipport::checks {

const CheckInfo WarpSizeConstexprCheck::Info = {
    "rocm7-warpsize-constexpr", core::Severity::Error,
    "warpSize used where a constant expression is needed; not constexpr "
    "from ROCm 7 on"};

void WarpSizeConstexprCheck::registerMatchers(MatchFinder &F) {
  F.addMatcher(declRefExpr(to(varDecl(hasName("warpSize"))),
                           unless(isInTemplateInstantiation()))
                   .bind("ref"),
               this);
  F.addMatcher(integerLiteral(isExpandedFromMacro("warpSize"),
                              unless(isInTemplateInstantiation()))
                   .bind("ref"),
               this);
}

/// The constant-expression context holding the reference, as words for the
/// message, or "" when the use is an ordinary run-time one.
static std::string constantContext(const Expr *Ref, ASTContext &C) {
  DynTypedNode N = DynTypedNode::create(*Ref);
  for (unsigned Depth = 0; Depth < 32; ++Depth) {
    auto Ps = parentsOf(C, N);
    if (Ps.empty())
      return "";
    DynTypedNode P = Ps[0];
    if (P.get<StaticAssertDecl>())
      return "a static_assert";
    if (const auto *CS = P.get<CaseStmt>()) {
      if (N.get<Stmt>() == CS->getLHS() || N.get<Stmt>() == CS->getRHS())
        return "a case label";
      return "";
    }
    if (P.get<EnumConstantDecl>())
      return "an enumerator";
    if (P.get<TemplateArgumentLoc>() || P.get<TemplateArgument>())
      return "a template argument";
    if (P.get<NonTypeTemplateParmDecl>())
      return "a template parameter default";
    if (const auto *TL = P.get<TypeLoc>()) {
      if (TL->getAs<ArrayTypeLoc>())
        return "an array bound";
    }
    if (const auto *VD = P.get<VarDecl>()) {
      if (VD->isConstexpr())
        return "a constexpr variable";
      if (VD->getType()->isArrayType() &&
          (VD->hasAttr<CUDASharedAttr>() || VD->hasGlobalStorage()))
        return VD->hasAttr<CUDASharedAttr>() ? "a __shared__ array size"
                                             : "an array bound";
      if (VD->getType()->isArrayType())
        return "an array bound";
      return "";
    }
    if (const auto *FD = P.get<FieldDecl>())
      return FD->getType()->isArrayType() ? "an array bound" : "";
    if (const auto *FD = P.get<FunctionDecl>())
      return FD->isConstexpr() ? "a constexpr function" : "";
    if (const auto *If = P.get<IfStmt>()) {
      if (If->isConstexpr() && N.get<Stmt>() == If->getCond())
        return "an if constexpr condition";
      N = P;
      continue;
    }
    if (P.get<ConstantExpr>()) {
      // Clang wraps what it evaluates as a constant; the parent says why,
      // and template arguments have no parent in the map.
      auto PP = parentsOf(C, P);
      if (PP.empty())
        return "a template argument";
      N = P;
      continue;
    }
    N = P;
  }
  return "";
}

void WarpSizeConstexprCheck::run(const MatchFinder::MatchResult &R) {
  ASTContext &C = *R.Context;
  const auto *Ref = R.Nodes.getNodeAs<Expr>("ref");
  // The HIP and CUDA headers define warpSize; only uses in user code count.
  if (C.getSourceManager().isInSystemHeader(
          C.getSourceManager().getExpansionLoc(Ref->getBeginLoc())))
    return;
  std::string Where = constantContext(Ref, C);
  if (Where.empty())
    return;
  CheckDiag D;
  D.Level = Info.DefaultLevel;
  D.Loc = Ref->getBeginLoc();
  D.Range = Ref->getSourceRange();
  D.Message = fmt::format(
      "warpSize used in {}, which needs a constant expression; from ROCm 7 on "
      "warpSize is a run-time value: size for the largest wavefront (64) and "
      "use warpSize at run time",
      Where);
  report(C, std::move(D));
}

} // namespace hipport::checks
