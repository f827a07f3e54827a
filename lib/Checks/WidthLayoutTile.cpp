#include "Checks/WidthLayoutTile.h"
#include "Checks/CudaPatterns.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

#include <fmt/format.h>

#include <set>

using namespace clang;

namespace hipport::checks {

/// The name of the warp width E reads: a constant named like one
/// (`kWarpSize`) or an object-like macro named like one (`WARP_SIZE`);
/// empty otherwise.
static std::string widthName(const Expr *E, const ASTContext &C) {
  if (!E)
    return {};
  E = E->IgnoreUnlessSpelledInSource()->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (VD && VD->getType()->isIntegralOrEnumerationType() &&
        (VD->isConstexpr() || VD->getType().isConstQualified()) &&
        warpWidthName(VD->getName()))
      return VD->getNameAsString();
    return {};
  }
  if (isa<IntegerLiteral>(E) && E->getBeginLoc().isMacroID()) {
    llvm::StringRef M = Lexer::getImmediateMacroName(
        E->getBeginLoc(), C.getSourceManager(), C.getLangOpts());
    if (warpWidthName(M))
      return M.str();
  }
  return {};
}

namespace {
/// Every place a function reads the width named Name, its parameter types
/// included, and the project functions it calls.
class UseFinder : public RecursiveASTVisitor<UseFinder> {
public:
  UseFinder(const std::string &Name, ASTContext &C) : Name(Name), C(C) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl()->getName() == Name)
      Uses.push_back(E->getBeginLoc());
    return true;
  }
  bool VisitIntegerLiteral(IntegerLiteral *E) {
    if (E->getBeginLoc().isMacroID() && widthName(E, C) == Name)
      Uses.push_back(E->getBeginLoc());
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    const Expr *Callee = E->getCallee()->IgnoreImplicit();
    if (const auto *O = dyn_cast<OverloadExpr>(Callee)) {
      for (const NamedDecl *D : O->decls())
        add(D);
    } else if (const FunctionDecl *F = E->getDirectCallee()) {
      add(F);
    }
    return true;
  }
  std::vector<SourceLocation> Uses;
  std::vector<const FunctionDecl *> Callees;

private:
  const std::string &Name;
  ASTContext &C;
  void add(const NamedDecl *D) {
    D = D->getUnderlyingDecl();
    if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
      D = T->getTemplatedDecl();
    const auto *F = dyn_cast<FunctionDecl>(D);
    if (F && F->isTemplateInstantiation())
      F = F->getTemplateInstantiationPattern();
    if (F && F->hasBody() &&
        !C.getSourceManager().isInSystemHeader(F->getLocation()))
      Callees.push_back(F->getDefinition());
  }
};
} // namespace

std::vector<CheckDiag> squareTileUses(const FunctionDecl *Kernel,
                                      ASTContext &C) {
  // CUDA's launch_bounds, or what HIP's __launch_bounds__ becomes.
  const Expr *Max = nullptr;
  if (const auto *LB = Kernel->getAttr<CUDALaunchBoundsAttr>())
    Max = LB->getMaxThreads();
  else if (const auto *FW = Kernel->getAttr<AMDGPUFlatWorkGroupSizeAttr>())
    Max = FW->getMax();
  const auto *Mul =
      Max ? dyn_cast<BinaryOperator>(
                Max->IgnoreUnlessSpelledInSource()->IgnoreParens())
          : nullptr;
  if (!Mul || Mul->getOpcode() != BO_Mul)
    return {};
  std::string Name = widthName(Mul->getLHS(), C);
  if (Name.empty() || widthName(Mul->getRHS(), C) != Name)
    return {};
  const SourceManager &SM = C.getSourceManager();
  // Where the bounds are written: the argument of the __launch_bounds__
  // macro.
  SourceLocation First = SM.getFileLoc(Mul->getBeginLoc());
  std::string Bounds =
      Lexer::getSourceText(CharSourceRange::getTokenRange(
                               First, SM.getFileLoc(Mul->getEndLoc())),
                           SM, C.getLangOpts())
          .str();
  std::vector<CheckDiag> Out;
  CheckDiag B;
  B.Loc = First;
  B.Level = core::Severity::Error;
  B.Message = fmt::format(
      "launch bounds '{}' make kernel '{}' a square tile with the warp width "
      "'{}' as its edge: 4096 threads on a 64-lane wavefront, more than the "
      "1024 a block may have; give the tile an edge of its own",
      Bounds, Kernel->getName(), Name);
  Out.push_back(std::move(B));
  // The kernel, then the functions it calls (one level: the tile helpers
  // that take the shared tiles as parameters).
  std::set<std::pair<FileID, unsigned>> Lines;
  Lines.insert({SM.getFileID(Out[0].Loc), SM.getExpansionLineNumber(Out[0].Loc)});
  std::vector<const FunctionDecl *> Work = {Kernel};
  std::set<const FunctionDecl *> Seen = {Kernel};
  for (size_t I = 0; I < Work.size(); ++I) {
    UseFinder F(Name, C);
    F.TraverseDecl(const_cast<FunctionDecl *>(Work[I]));
    if (I == 0)
      for (const FunctionDecl *Callee : F.Callees)
        if (Seen.insert(Callee).second)
          Work.push_back(Callee);
    std::vector<SourceLocation> At;
    for (SourceLocation L : F.Uses)
      At.push_back(SM.getFileLoc(L));
    llvm::sort(At, [&](SourceLocation A, SourceLocation B) {
      return SM.isBeforeInTranslationUnit(A, B);
    });
    for (SourceLocation L : At) {
      if (!Lines.insert({SM.getFileID(L), SM.getExpansionLineNumber(L)}).second)
        continue;
      CheckDiag D;
      D.Loc = L;
      D.Message = fmt::format(
          "'{}' is the edge of the square tile of kernel '{}' (launch bounds "
          "'{}'), not a warp width here: on a 64-lane wavefront the tile has "
          "4096 threads; use the tile's own edge",
          Name, Kernel->getName(), Bounds);
      Out.push_back(std::move(D));
    }
  }
  return Out;
}

} // namespace hipport::checks
