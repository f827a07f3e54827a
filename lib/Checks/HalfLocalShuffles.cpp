#include "Checks/HalfLocalShuffles.h"
#include "Checks/CudaPatterns.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace hipport::checks {

namespace {

using StmtPath = llvm::SmallVector<const Stmt *, 16>;

/// The statements from Root down to Target, both included; false when
/// Target is not under Root.
bool pathTo(const Stmt *Root, const Stmt *Target, StmtPath &P) {
  if (!Root)
    return false;
  P.push_back(Root);
  if (Root == Target)
    return true;
  for (const Stmt *C : Root->children())
    if (pathTo(C, Target, P))
      return true;
  P.pop_back();
  return false;
}

const VarDecl *localVar(const Expr *E) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E ? strip(E) : nullptr);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return VD && VD->isLocalVarDecl() ? VD : nullptr;
}

/// A lane index by 32 (`tid % 32`, `tid & 31`, `lane` holding one): its
/// values are [0, 32) and lanes L and L + 32 share it.
bool laneIndexBy32(const Expr *E, const ASTContext &C, unsigned Depth = 0) {
  if (!E || Depth > 3)
    return false;
  if (const VarDecl *VD = localVar(E))
    return VD->getInit() && laneIndexBy32(VD->getInit(), C, Depth + 1);
  const auto *BO = dyn_cast<BinaryOperator>(strip(E));
  auto LM = BO ? laneMathShape(BO, C) : std::nullopt;
  return LM && (LM->K == LaneMath::Mod || LM->K == LaneMath::And);
}

bool sameValue(const Expr *A, const Expr *B, const ASTContext &C) {
  const auto *DA = dyn_cast<DeclRefExpr>(strip(A));
  const auto *DB = dyn_cast<DeclRefExpr>(strip(B));
  if (DA && DB)
    return DA->getDecl() == DB->getDecl();
  auto VA = intValue(A, C), VB = intValue(B, C);
  return VA && VB && *VA == *VB;
}

bool valueIs(const Expr *E, int64_t V, const ASTContext &C) {
  auto X = intValue(E, C);
  return X && *X == V;
}

/// `X + D` or `D + X` with X a lane index by 32.
bool laneIndexPlus(const Expr *E, const Expr *D, const ASTContext &C) {
  const auto *BO = dyn_cast<BinaryOperator>(strip(E));
  if (!BO || BO->getOpcode() != BO_Add)
    return false;
  return (laneIndexBy32(BO->getLHS(), C) && sameValue(BO->getRHS(), D, C)) ||
         (laneIndexBy32(BO->getRHS(), C) && sameValue(BO->getLHS(), D, C));
}

enum class Direction { Up, Down };

/// True when Cond being true means `lane >= D` (up) or `lane + D < 32`
/// (down): the source lane then lies in the caller's own half.
bool guards(const Expr *Cond, const Expr *D, Direction Dir,
            const ASTContext &C) {
  const auto *BO =
      dyn_cast_or_null<BinaryOperator>(Cond ? strip(Cond) : nullptr);
  if (!BO)
    return false;
  const Expr *L = BO->getLHS(), *R = BO->getRHS();
  switch (BO->getOpcode()) {
  case BO_LAnd:
    return guards(L, D, Dir, C) || guards(R, D, Dir, C);
  case BO_GE:
    return Dir == Direction::Up && laneIndexBy32(L, C) && sameValue(R, D, C);
  case BO_LE:
    if (Dir == Direction::Up)
      return sameValue(L, D, C) && laneIndexBy32(R, C);
    return laneIndexPlus(L, D, C) && valueIs(R, 31, C);
  case BO_LT: {
    if (Dir != Direction::Down)
      return false;
    if (laneIndexPlus(L, D, C) && valueIs(R, 32, C))
      return true;
    const auto *Sub = dyn_cast<BinaryOperator>(strip(R));
    return laneIndexBy32(L, C) && Sub && Sub->getOpcode() == BO_Sub &&
           valueIs(Sub->getLHS(), 32, C) && sameValue(Sub->getRHS(), D, C);
  }
  default:
    return false;
  }
}

/// True when the last node of P is reached only where a guard of an `if`,
/// a `?:` or an `&&` above it (up to P's first node) holds.
bool guardedAt(llvm::ArrayRef<const Stmt *> P, const Expr *D, Direction Dir,
               const ASTContext &C) {
  for (size_t I = P.size() - 1; I > 0; --I) {
    const Stmt *Parent = P[I - 1], *Child = P[I];
    if (const auto *If = dyn_cast<IfStmt>(Parent)) {
      if (If->getThen() == Child && guards(If->getCond(), D, Dir, C))
        return true;
    } else if (const auto *CO = dyn_cast<ConditionalOperator>(Parent)) {
      if (CO->getTrueExpr() == Child && guards(CO->getCond(), D, Dir, C))
        return true;
    } else if (const auto *BO = dyn_cast<BinaryOperator>(Parent)) {
      if (BO->getOpcode() == BO_LAnd && BO->getRHS() == Child &&
          guards(BO->getLHS(), D, Dir, C))
        return true;
    }
  }
  return false;
}

/// Every read of V under Scope lies under a guard within Scope; Store, the
/// assignment that gives V the shuffle's value, is no read.
bool readsGuarded(const Stmt *Scope, const VarDecl *V, const Stmt *Store,
                  const Expr *D, Direction Dir, const ASTContext &C,
                  StmtPath &P) {
  if (!Scope)
    return true;
  P.push_back(Scope);
  bool Ok = true;
  if (const auto *BO = dyn_cast<BinaryOperator>(Scope); BO && BO == Store) {
    Ok = readsGuarded(BO->getRHS(), V, Store, D, Dir, C, P);
  } else if (const auto *DRE = dyn_cast<DeclRefExpr>(Scope);
             DRE && DRE->getDecl() == V) {
    Ok = guardedAt(P, D, Dir, C);
  } else {
    for (const Stmt *Ch : Scope->children())
      if (!(Ok = readsGuarded(Ch, V, Store, D, Dir, C, P)))
        break;
  }
  P.pop_back();
  return Ok;
}

/// The result of the shuffle at the end of P is read only under a guard:
/// the shuffle itself sits under one, or it initialises or is assigned to a
/// local whose every read in the enclosing block does.
bool resultGuarded(const StmtPath &P, const Expr *D, Direction Dir,
                   const ASTContext &C) {
  if (guardedAt(P, D, Dir, C))
    return true;
  const VarDecl *V = nullptr;
  const Stmt *Store = nullptr;
  size_t I = P.size() - 1;
  // Up through the conversions around the call to what takes its value.
  while (I > 0 &&
         isa<ImplicitCastExpr, ParenExpr, CXXFunctionalCastExpr, CStyleCastExpr,
             ExprWithCleanups, MaterializeTemporaryExpr, CXXBindTemporaryExpr,
             CXXConstructExpr>(P[I - 1]))
    --I;
  if (I == 0)
    return false;
  const Stmt *Taker = P[I - 1];
  if (const auto *DS = dyn_cast<DeclStmt>(Taker)) {
    if (DS->isSingleDecl())
      V = dyn_cast<VarDecl>(DS->getSingleDecl());
  } else if (const auto *BO = dyn_cast<BinaryOperator>(Taker);
             BO && BO->getOpcode() == BO_Assign && BO->getRHS() == P[I]) {
    V = localVar(BO->getLHS());
    Store = BO;
  }
  if (!V)
    return false;
  for (size_t J = I - 1; J-- > 0;)
    if (isa<CompoundStmt>(P[J])) {
      StmtPath Scratch;
      return readsGuarded(P[J], V, Store, D, Dir, C, Scratch);
    }
  return false;
}

/// The counter V of a `for` loop in P, when its every value is in [0, 32):
/// it starts there and only falls (`/= 2`, `>>= 1`, `--` under `> 0`), or
/// only rises under a bound of at most 32 (`d < 32`, `d <= 16`).
bool counterBelow32(const StmtPath &P, const VarDecl *V, const ASTContext &C) {
  for (auto It = P.rbegin(); It != P.rend(); ++It) {
    const auto *F = dyn_cast<ForStmt>(*It);
    const auto *DS = F ? dyn_cast_or_null<DeclStmt>(F->getInit()) : nullptr;
    if (!DS || !DS->isSingleDecl() || DS->getSingleDecl() != V)
      continue;
    auto Start = intValue(V->getInit(), C);
    if (!Start || *Start < 0 || *Start >= 32)
      return false;
    const auto *Cond = dyn_cast_or_null<BinaryOperator>(
        F->getCond() ? strip(F->getCond()) : nullptr);
    std::optional<int64_t> Limit;
    if (Cond && localVar(Cond->getLHS()) == V)
      Limit = intValue(Cond->getRHS(), C);
    BinaryOperatorKind K = Limit ? Cond->getOpcode() : BO_Comma;
    bool Bounded = (K == BO_LT && *Limit <= 32) || (K == BO_LE && *Limit < 32);
    bool Positive = (K == BO_GT || K == BO_GE || K == BO_NE) && *Limit >= 0;
    const Expr *Inc = F->getInc() ? strip(F->getInc()) : nullptr;
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc))
      return U->isDecrementOp() ? Positive : Bounded;
    const auto *BO = dyn_cast_or_null<BinaryOperator>(Inc);
    if (!BO || localVar(BO->getLHS()) != V)
      return false;
    switch (BO->getOpcode()) {
    case BO_DivAssign:
    case BO_ShrAssign:
      return true;
    case BO_SubAssign:
      return Positive;
    case BO_MulAssign:
    case BO_ShlAssign:
    case BO_AddAssign:
      return Bounded;
    case BO_Assign: {
      const auto *R = dyn_cast<BinaryOperator>(strip(BO->getRHS()));
      return R && localVar(R->getLHS()) == V &&
             (R->getOpcode() == BO_Div || R->getOpcode() == BO_Shr || Bounded);
    }
    default:
      return false;
    }
  }
  return false;
}

bool below32(const Expr *E, const StmtPath &P, const ASTContext &C) {
  if (auto V = intValue(E, C))
    return *V >= 0 && *V < 32;
  const VarDecl *V = localVar(E);
  return V && counterBelow32(P, V, C);
}

} // namespace

HalfRead halfRead(const CallExpr *Shuffle, const Stmt *Body,
                  const ASTContext &Ctx) {
  llvm::StringRef Name = calleeName(Shuffle);
  if (!isShuffleName(Name))
    return HalfRead::None;
  unsigned WidthAt = shuffleWidthIndex(Name);
  if (Shuffle->getNumArgs() < WidthAt ||
      (Shuffle->getNumArgs() > WidthAt &&
       !isa<CXXDefaultArgExpr>(Shuffle->getArg(WidthAt))))
    return HalfRead::None;
  StmtPath P;
  if (!pathTo(Body, Shuffle, P))
    return HalfRead::None;
  const Expr *Off = Shuffle->getArg(WidthAt - 1);
  if (!below32(Off, P, Ctx))
    return HalfRead::None;
  Name.consume_back("_sync");
  if (Name == "__shfl_xor")
    return HalfRead::Mask;
  if (Name != "__shfl_up" && Name != "__shfl_down")
    return HalfRead::None;
  Direction Dir = Name == "__shfl_up" ? Direction::Up : Direction::Down;
  return resultGuarded(P, Off, Dir, Ctx) ? HalfRead::Guarded : HalfRead::None;
}

} // namespace hipport::checks
