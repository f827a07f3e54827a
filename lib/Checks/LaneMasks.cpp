#include "Checks/LaneMasks.h"
#include "Checks/CudaPatterns.h"
#include "Checks/UserCodeVisitor.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <vector>

using namespace clang;

namespace hipport::checks {

namespace {

/// Walks a TU's user code once, keeping what the closure needs: the seeds
/// (sync-intrinsic mask operands, ballot results), the copies between
/// variables and the arguments of calls to the TU's functions.
class Collector : public UserCodeVisitor<Collector> {
public:
  explicit Collector(ASTContext &Ctx) : UserCodeVisitor(Ctx) {}

  bool VisitCallExpr(CallExpr *CE) {
    llvm::StringRef N = calleeName(CE);
    if (isSyncIntrinsicName(N) && CE->getNumArgs() > 0) {
      Seeds.push_back(CE->getArg(0));
      return true;
    }
    if (CE->getDirectCallee())
      Calls.push_back(CE);
    return true;
  }

  bool VisitVarDecl(VarDecl *VD) {
    if (!VD->hasLocalStorage() || !VD->getInit() ||
        !VD->getType()->isIntegerType())
      return true;
    if (heldBallot(VD->getInit()))
      Ballots.push_back(VD);
    Copies.emplace_back(VD, VD->getInit());
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (!BO->isAssignmentOp())
      return true;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (VD->hasLocalStorage() && VD->getType()->isIntegerType())
          Copies.emplace_back(VD, BO->getRHS());
    return true;
  }

  std::vector<const Expr *> Seeds;
  std::vector<const VarDecl *> Ballots;
  std::vector<std::pair<const VarDecl *, const Expr *>> Copies;
  std::vector<const CallExpr *> Calls;
};

/// The variables E names directly or through & | ^ ~ (the bits of a mask
/// stay in place through these; arithmetic or a shift moves them).
void namedVars(const Expr *E, llvm::SmallVectorImpl<const VarDecl *> &Out,
               unsigned Depth = 0) {
  if (!E || Depth > 6)
    return;
  E = E->IgnoreParenCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->hasLocalStorage() && VD->getType()->isIntegerType())
        Out.push_back(VD);
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_And || BO->getOpcode() == BO_Or ||
        BO->getOpcode() == BO_Xor) {
      namedVars(BO->getLHS(), Out, Depth + 1);
      namedVars(BO->getRHS(), Out, Depth + 1);
    }
    return;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_Not)
      namedVars(U->getSubExpr(), Out, Depth + 1);
}

/// The declaration whose body a call's arguments reach: the template
/// pattern for a call to an instantiation (the checks walk patterns).
const FunctionDecl *bodyOf(const FunctionDecl *F) {
  if (const FunctionDecl *P = F->getTemplateInstantiationPattern())
    F = P;
  const FunctionDecl *Def = nullptr;
  return F->hasBody(Def) ? Def : nullptr;
}

} // namespace

const VarDecl *LaneMaskVars::carried(const Expr *E, unsigned) const {
  llvm::SmallVector<const VarDecl *, 4> Vs;
  namedVars(E, Vs);
  for (const VarDecl *V : Vs)
    if (Masks.count(V))
      return V;
  return nullptr;
}

void LaneMaskVars::build() {
  Built = true;
  Collector Walk(Ctx);
  Walk.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (const Expr *S : Walk.Seeds) {
    llvm::SmallVector<const VarDecl *, 4> Vs;
    namedVars(S, Vs);
    for (const VarDecl *V : Vs) {
      Masks.insert(V);
      if (Ctx.getTypeSize(V->getType()) >= 64)
        Wide.insert(V);
    }
  }
  Masks.insert(Walk.Ballots.begin(), Walk.Ballots.end());
  Wide.insert(Walk.Ballots.begin(), Walk.Ballots.end());
  if (Masks.empty())
    return;
  auto fromWideIn = [&](const Expr *E) {
    llvm::SmallVector<const VarDecl *, 4> Vs;
    namedVars(E, Vs);
    for (const VarDecl *V : Vs)
      if (Wide.count(V))
        return true;
    return false;
  };
  // Copies and arguments, to a fixed point (a few rounds reach it: masks
  // pass through one or two helpers, not chains).
  for (unsigned Round = 0; Round < 4; ++Round) {
    bool Grew = false;
    for (auto [V, E] : Walk.Copies) {
      if (!Masks.count(V) && carried(E))
        Grew |= Masks.insert(V).second;
      if (Masks.count(V) && !Wide.count(V) && fromWideIn(E))
        Grew |= Wide.insert(V).second;
    }
    for (const CallExpr *CE : Walk.Calls) {
      const FunctionDecl *Def = bodyOf(CE->getDirectCallee());
      if (!Def)
        continue;
      for (unsigned I = 0; I < CE->getNumArgs() && I < Def->getNumParams(); ++I) {
        const ParmVarDecl *P = Def->getParamDecl(I);
        if (!P->getType()->isIntegerType() || !carried(CE->getArg(I)))
          continue;
        Grew |= Masks.insert(P).second;
        if (fromWideIn(CE->getArg(I)) && Wide.insert(P).second) {
          Received[P] = CE->getArg(I);
          Grew = true;
        }
        Received.try_emplace(P, CE->getArg(I));
      }
    }
    if (!Grew)
      break;
  }
}

const VarDecl *LaneMaskVars::maskIn(const Expr *E) {
  if (!Built)
    build();
  return carried(E);
}

bool LaneMaskVars::isMask(const VarDecl *V) {
  if (!Built)
    build();
  return Masks.count(V);
}

bool LaneMaskVars::fromWide(const VarDecl *V) {
  if (!Built)
    build();
  return Wide.count(V);
}

const Expr *LaneMaskVars::maskArgumentOf(const ParmVarDecl *P) {
  if (!Built)
    build();
  return Received.lookup(P);
}

} // namespace hipport::checks
