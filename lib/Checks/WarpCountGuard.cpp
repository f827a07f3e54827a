//===- WarpCountGuard.cpp - literal warp counts bounding per-warp slots ---===//
#include "Checks/WarpCountGuard.h"
#include "Checks/CudaPatterns.h"
#include "Checks/Parents.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"

#include <fmt/format.h>

using namespace clang;

namespace hipport::checks {

std::string literalWarpCountMessage(llvm::StringRef Literal, llvm::StringRef Index,
                                    llvm::StringRef Array, llvm::StringRef Count) {
  return fmt::format("'{}' bounds '{}', an index of '{}', whose slots count "
                     "warps ('{}'): a literal warp count holds at one width "
                     "only (a 64-lane wavefront makes half as many warps), so "
                     "the guard lets the index past the array; compare with "
                     "'{}'",
                     Literal.str(), Index.str(), Array.str(), Count.str(),
                     Count.str());
}

namespace {

/// E is a warp width: warpSize, a variable or macro named like one.
bool namesWidth(const Expr *E, const ASTContext &C) {
  E = E->IgnoreParenImpCasts();
  if (isWarpSizeRef(E, C))
    return true;
  SourceLocation L = E->getBeginLoc();
  if (L.isMacroID() &&
      warpWidthName(Lexer::getImmediateMacroName(L, C.getSourceManager(),
                                                 C.getLangOpts())))
    return true;
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  return DRE && warpWidthName(DRE->getDecl()->getName());
}

/// E divides by a warp width (`128 / warp_size`), or names a constant
/// whose initialiser does.
bool countsWarps(const Expr *E, const ASTContext &C, unsigned Depth = 0) {
  if (!E || Depth > 3)
    return false;
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return (BO->getOpcode() == BO_Div && namesWidth(BO->getRHS(), C)) ||
           countsWarps(BO->getLHS(), C, Depth + 1) ||
           countsWarps(BO->getRHS(), C, Depth + 1);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      return countsWarps(VD->getInit(), C, Depth + 1);
  return false;
}

/// The declaration Sub's base names (a variable or a field).
const DeclaratorDecl *arrayDecl(const ArraySubscriptExpr *Sub) {
  const Expr *B = Sub->getBase()->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(B))
    return dyn_cast<DeclaratorDecl>(DRE->getDecl());
  if (const auto *ME = dyn_cast<MemberExpr>(B))
    return dyn_cast<DeclaratorDecl>(ME->getMemberDecl());
  return nullptr;
}

/// The variable an index reads: `i` or `i + k`.
const ValueDecl *indexVar(const Expr *Idx) {
  Idx = Idx->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(Idx))
    if (BO->getOpcode() == BO_Add)
      Idx = BO->getLHS()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(Idx);
  return DRE ? DRE->getDecl() : nullptr;
}

/// A comparison in Cond (through && || ! and parentheses) of V with an
/// integer literal of at least 2: the literal.
const IntegerLiteral *literalBound(const Expr *Cond, const ValueDecl *V) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Cond))
    return U->getOpcode() == UO_LNot ? literalBound(U->getSubExpr(), V) : nullptr;
  const auto *BO = dyn_cast<BinaryOperator>(Cond);
  if (!BO)
    return nullptr;
  if (BO->isLogicalOp()) {
    if (const IntegerLiteral *L = literalBound(BO->getLHS(), V))
      return L;
    return literalBound(BO->getRHS(), V);
  }
  if (!BO->isRelationalOp())
    return nullptr;
  const Expr *A = BO->getLHS()->IgnoreParenImpCasts();
  const Expr *B = BO->getRHS()->IgnoreParenImpCasts();
  if (isa<IntegerLiteral>(A))
    std::swap(A, B);
  const auto *DRE = dyn_cast<DeclRefExpr>(A);
  const auto *Lit = dyn_cast<IntegerLiteral>(B);
  if (!DRE || DRE->getDecl() != V || !Lit || Lit->getValue().ult(2) ||
      Lit->getLocation().isMacroID())
    return nullptr;
  return Lit;
}

/// The condition that must hold for Sub to run, up to its statement: a
/// conditional's, an `if`'s, or the left side of `&&` / `||`.
const IntegerLiteral *guardOf(const ArraySubscriptExpr *Sub, const ValueDecl *V,
                              ASTContext &C) {
  DynTypedNode N = DynTypedNode::create(*Sub);
  for (unsigned Up = 0; Up < 12; ++Up) {
    ParentList Ps = parentsOf(C, N);
    if (Ps.empty())
      return nullptr;
    const Stmt *Child = N.get<Stmt>();
    N = Ps[0];
    const Expr *Cond = nullptr;
    if (const auto *CO = N.get<ConditionalOperator>())
      Cond = CO->getTrueExpr() == Child ? CO->getCond() : nullptr;
    else if (const auto *If = N.get<IfStmt>())
      Cond = If->getThen() == Child ? If->getCond() : nullptr;
    else if (const auto *BO = N.get<BinaryOperator>())
      Cond = BO->isLogicalOp() && BO->getRHS() == Child ? BO->getLHS() : nullptr;
    else if (N.get<CompoundStmt>())
      return nullptr;
    if (Cond)
      if (const IntegerLiteral *L = literalBound(Cond, V))
        return L;
  }
  return nullptr;
}

} // namespace

std::optional<CheckDiag> literalWarpCountGuard(const ArraySubscriptExpr *Sub,
                                               ASTContext &C) {
  const DeclaratorDecl *D = arrayDecl(Sub);
  const ValueDecl *V = indexVar(Sub->getIdx());
  if (!D || !V || !D->getTypeSourceInfo())
    return std::nullopt;
  auto AL = D->getTypeSourceInfo()->getTypeLoc().getAsAdjusted<ArrayTypeLoc>();
  if (!AL || !countsWarps(AL.getSizeExpr(), C))
    return std::nullopt;
  const IntegerLiteral *Lit = guardOf(Sub, V, C);
  if (!Lit)
    return std::nullopt;
  CheckDiag Diag;
  Diag.Loc = Lit->getLocation();
  Diag.Range = Lit->getSourceRange();
  Diag.Level = core::Severity::Warning;
  Diag.Message = literalWarpCountMessage(
      sourceText(Lit->getSourceRange(), C), V->getName(), D->getName(),
      sourceText(AL.getSizeExpr()->getSourceRange(), C));
  return Diag;
}

} // namespace hipport::checks
