#include "Checks/SlotArrayFlow.h"
#include "Checks/CudaPatterns.h"
#include "Checks/Parents.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace hipport::checks {

/// True when E divides by the run-time width somewhere (`(blockDim.x +
/// warpSize - 1) / warpSize`): a count of warps.
static bool dividesByWidth(const Stmt *E, const ASTContext &C) {
  if (!E)
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->getOpcode() == BO_Div && findWarpSizeRef(BO->getRHS(), C))
    return true;
  return llvm::any_of(E->children(),
                      [&](const Stmt *Ch) { return dividesByWidth(Ch, C); });
}

bool guardedIndex(const Stmt *S, const Expr *Index, bool WarpCount,
                  ASTContext &C) {
  std::string Idx = sourceText(Index->getSourceRange(), C);
  // The index itself compared with a bound. Any other bound on threadIdx is
  // not one: `if (threadIdx.x < n) s[lane]` still overruns at 64 lanes.
  auto Bounds = [&](const Expr *Cond) {
    if (!Cond)
      return false;
    std::string T = sourceText(Cond->getSourceRange(), C);
    if (T.find('<') == std::string::npos && T.find('>') == std::string::npos)
      return false;
    return T.find(Idx) != std::string::npos ||
           (WarpCount && T.find("threadIdx") != std::string::npos &&
            dividesByWidth(Cond, C));
  };
  const Stmt *Child = S;
  for (unsigned Depth = 0; Depth < 12; ++Depth) {
    ParentList Ps = parentsOf(C, *Child);
    if (Ps.empty())
      return false;
    const Stmt *P = Ps[0].get<Stmt>();
    if (!P)
      return false;
    if (const auto *If = dyn_cast<IfStmt>(P); If && If->getCond() != Child &&
                                              Bounds(If->getCond()))
      return true;
    if (const auto *CO = dyn_cast<ConditionalOperator>(P);
        CO && CO->getCond() != Child && Bounds(CO->getCond()))
      return true;
    if (const auto *BO = dyn_cast<BinaryOperator>(P);
        BO && BO->getOpcode() == BO_LAnd && BO->getRHS() == Child &&
        Bounds(BO->getLHS()))
      return true;
    Child = P;
  }
  return false;
}

namespace {

/// `i - 1`, `i + 1`: the neighbouring slot of the same index.
const Expr *offsetBase(const Expr *E, const ASTContext &C) {
  E = strip(E);
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && (BO->getOpcode() == BO_Sub || BO->getOpcode() == BO_Add) &&
      intValue(BO->getRHS(), C))
    return strip(BO->getLHS());
  return E;
}

/// A warp index computed with the run-time width (`tid / warpSize`),
/// directly or through local variables.
bool isWidthWarpIndex(const Expr *E, const ASTContext &C, unsigned Depth = 0) {
  if (!E || Depth > 3)
    return false;
  E = offsetBase(E, C);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return BO->getOpcode() == BO_Div && isWarpSizeRef(strip(BO->getRHS()), C) &&
           isLaneLike(BO->getLHS(), C);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->isLocalVarDecl() && VD->getInit())
        return isWidthWarpIndex(VD->getInit(), C, Depth + 1);
  return false;
}

/// A warp or lane index of 32-wide warps on a thread index (`i / 32`,
/// `tid & 31`, `tid >> 5`), directly or through local variables; lane math
/// excludes the words of a bitmap.
bool isWarp32Index(const Expr *E, ASTContext &C, unsigned Depth = 0) {
  if (!E || Depth > 3)
    return false;
  E = offsetBase(E, C);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    auto LM = laneMath(BO, C);
    return LM && LM->K != LaneMath::BlockDimDiv;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->isLocalVarDecl() && VD->getInit())
        return isWarp32Index(VD->getInit(), C, Depth + 1);
  return false;
}

/// Subscripts of D in a body, calls that hand D on, and whether the body
/// makes a warp collective at full width (a shuffle whose width is not 32,
/// a ballot).
class UseScan : public RecursiveASTVisitor<UseScan> {
public:
  UseScan(const ValueDecl *D, const ASTContext &C) : D(D), C(C) {}
  bool refersToD(const Expr *E) const {
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E ? strip(E) : nullptr);
    return DRE && DRE->getDecl() == D;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *S) {
    if (refersToD(S->getBase()))
      Subs.push_back(S);
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    llvm::StringRef N = calleeName(CE);
    if (isShuffleName(N)) {
      auto V = writtenShuffleWidth(CE, C);
      FullWidth |= !V || *V != 32;
    } else if (isBallotName(N)) {
      FullWidth = true;
    }
    for (unsigned I = 0; I < CE->getNumArgs(); ++I)
      if (refersToD(CE->getArg(I)))
        Calls.emplace_back(CE, I);
    return true;
  }
  const ValueDecl *D;
  const ASTContext &C;
  std::vector<const ArraySubscriptExpr *> Subs;
  std::vector<std::pair<const CallExpr *, unsigned>> Calls;
  bool FullWidth = false;
};

/// The definition a call runs, instantiated or as its template is written
/// (a call in a template whose arguments leave it unresolved).
const FunctionDecl *calleeWithBody(const CallExpr *CE) {
  std::vector<const FunctionDecl *> Candidates;
  if (const FunctionDecl *F = CE->getDirectCallee())
    Candidates.push_back(F);
  else if (const auto *U = dyn_cast<UnresolvedLookupExpr>(
               CE->getCallee()->IgnoreParenImpCasts()))
    for (const NamedDecl *ND : U->decls()) {
      if (const auto *FT = dyn_cast<FunctionTemplateDecl>(ND->getUnderlyingDecl()))
        Candidates.push_back(FT->getTemplatedDecl());
      else if (const auto *F = dyn_cast<FunctionDecl>(ND->getUnderlyingDecl()))
        Candidates.push_back(F);
    }
  for (const FunctionDecl *F : Candidates) {
    const FunctionDecl *Def = nullptr;
    if (F->hasBody(Def) && Def && Def->getNumParams() >= CE->getNumArgs())
      return Def;
    if (const FunctionDecl *P = F->getTemplateInstantiationPattern())
      if (P->hasBody(Def) && Def && Def->getNumParams() >= CE->getNumArgs())
        return Def;
  }
  return nullptr;
}

struct Search {
  uint64_t Size;
  ASTContext &C;
  std::optional<SlotUse> Best;
  void offer(SlotUse U) {
    if (!Best || U.K < Best->K)
      Best = U;
  }
  void walk(const ValueDecl *D, const Stmt *Body, const CallExpr *Via,
            unsigned Depth) {
    UseScan S(D, C);
    S.TraverseStmt(const_cast<Stmt *>(Body));
    // In the array's own function each index is a finding of its own, at
    // its line (lane-indexed arrays, lane math): the declaration is the fix
    // site only where a helper does the indexing.
    for (const ArraySubscriptExpr *Sub : Via ? S.Subs : decltype(S.Subs)()) {
      const Expr *Idx = Sub->getIdx();
      if (Size < 64 && isWidthLaneIndex(offsetBase(Idx, C), C) &&
          !guardedIndex(Sub, Idx, false, C))
        offer({SlotUse::LaneOverrun, Sub, Via});
      else if (Size == 32 && isWidthWarpIndex(Idx, C))
        offer({SlotUse::WidthWarp, Sub, Via});
      else if (Size == 32 && S.FullWidth && isWarp32Index(Idx, C))
        offer({SlotUse::Warp32, Sub, Via});
    }
    if (Depth >= 2)
      return;
    for (auto [CE, I] : S.Calls)
      if (const FunctionDecl *F = calleeWithBody(CE))
        walk(F->getParamDecl(I), F->getBody(), Via ? Via : CE, Depth + 1);
  }
};

} // namespace

std::optional<SlotUse> slotUseOf(const VarDecl *VD, const FunctionDecl *Func,
                                 ASTContext &C) {
  const ConstantArrayType *AT = C.getAsConstantArrayType(VD->getType());
  if (!AT || !Func || !Func->getBody() || AT->getSize().uge(64) ||
      AT->getSize().ult(2) || isa<ConstantArrayType>(AT->getElementType()))
    return std::nullopt;
  Search S{AT->getSize().getZExtValue(), C, std::nullopt};
  S.walk(VD, Func->getBody(), nullptr, 0);
  return S.Best;
}

} // namespace hipport::checks
