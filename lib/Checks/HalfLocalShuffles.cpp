#include "Checks/HalfLocalShuffles.h"
#include "Checks/CudaPatterns.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
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

/// E is lane math by 32 of kind A or B, itself or held by a local.
bool laneMathBy32(const Expr *E, const ASTContext &C, LaneMath::Kind A,
                  LaneMath::Kind B, unsigned Depth = 0) {
  if (!E || Depth > 3)
    return false;
  if (const VarDecl *VD = localVar(E))
    return VD->getInit() && laneMathBy32(VD->getInit(), C, A, B, Depth + 1);
  const auto *BO = dyn_cast<BinaryOperator>(strip(E));
  auto LM = BO ? laneMathShape(BO, C) : std::nullopt;
  return LM && (LM->K == A || LM->K == B);
}

/// A lane index by 32 (`tid % 32`, `tid & 31`, `lane` holding one): its
/// values are [0, 32) and lanes L and L + 32 share it.
bool laneIndexBy32(const Expr *E, const ASTContext &C) {
  return laneMathBy32(E, C, LaneMath::Mod, LaneMath::And);
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

/// True when the last node of P is reached only where a condition of an
/// `if`, a `?:` or an `&&` above it (up to P's first node) that Holds is
/// true.
bool guardedAt(llvm::ArrayRef<const Stmt *> P,
               llvm::function_ref<bool(const Expr *)> Holds) {
  for (size_t I = P.size() - 1; I > 0; --I) {
    const Stmt *Parent = P[I - 1], *Child = P[I];
    if (const auto *If = dyn_cast<IfStmt>(Parent)) {
      if (If->getThen() == Child && Holds(If->getCond()))
        return true;
    } else if (const auto *CO = dyn_cast<ConditionalOperator>(Parent)) {
      if (CO->getTrueExpr() == Child && Holds(CO->getCond()))
        return true;
    } else if (const auto *BO = dyn_cast<BinaryOperator>(Parent)) {
      if (BO->getOpcode() == BO_LAnd && BO->getRHS() == Child &&
          Holds(BO->getLHS()))
        return true;
    }
  }
  return false;
}

bool guardedAt(llvm::ArrayRef<const Stmt *> P, const Expr *D, Direction Dir,
               const ASTContext &C) {
  return guardedAt(P,
                   [&](const Expr *Cond) { return guards(Cond, D, Dir, C); });
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
    // A start no constant gives (`d = dim`) is still in [0, 32) for a
    // counter that rises under the bound, when it cannot be negative.
    bool Unsigned =
        V->getInit() &&
        V->getInit()->IgnoreImpCasts()->getType()->isUnsignedIntegerType();
    if (Start ? (*Start < 0 || *Start >= 32) : !Unsigned)
      return false;
    const auto *Cond = dyn_cast_or_null<BinaryOperator>(
        F->getCond() ? strip(F->getCond()) : nullptr);
    std::optional<int64_t> Limit;
    if (Cond && localVar(Cond->getLHS()) == V)
      Limit = intValue(Cond->getRHS(), C);
    BinaryOperatorKind K = Limit ? Cond->getOpcode() : BO_Comma;
    bool Bounded = (K == BO_LT && *Limit <= 32) || (K == BO_LE && *Limit < 32);
    bool Positive = (K == BO_GT || K == BO_GE || K == BO_NE) && *Limit >= 0;
    if (!Start) // only a rising counter is bounded by its condition
      Positive = false;
    const Expr *Inc = F->getInc() ? strip(F->getInc()) : nullptr;
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc))
      return U->isDecrementOp() ? Positive : Bounded;
    const auto *BO = dyn_cast_or_null<BinaryOperator>(Inc);
    if (!BO || localVar(BO->getLHS()) != V)
      return false;
    switch (BO->getOpcode()) {
    case BO_DivAssign:
    case BO_ShrAssign:
      return Start.has_value();
    case BO_SubAssign:
      return Positive;
    case BO_MulAssign:
    case BO_ShlAssign:
    case BO_AddAssign:
      return Bounded;
    case BO_Assign: {
      const auto *R = dyn_cast<BinaryOperator>(strip(BO->getRHS()));
      return R && localVar(R->getLHS()) == V &&
             (((R->getOpcode() == BO_Div || R->getOpcode() == BO_Shr) &&
               Start) ||
              Bounded);
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

/// The variable a reduction accumulates into, each lane its own: a local
/// or a by-value parameter, or the local array one of whose elements it is
/// (`partial[tn]`). Not memory that others read (`out[lane]`, shared).
const VarDecl *accumulatorVar(const Expr *E) {
  E = strip(E);
  bool Element = false;
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    E = strip(AS->getBase());
    Element = true;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->isLocalVarDeclOrParm() || VD->isStaticLocal() ||
      VD->hasAttr<CUDASharedAttr>())
    return nullptr;
  QualType T = VD->getType();
  bool Own = Element ? T->isArrayType()
                     : !T->isPointerType() && !T->isReferenceType() &&
                           !T->isArrayType();
  return Own ? VD : nullptr;
}

/// Where the value of the call at P's end is stored: the assignment
/// (`v += f(v)`, `v = fmaxf(v, f(v))`) or declaration (`float m = f(v)`)
/// around it, and the variable it stores to.
struct TreeStore {
  const VarDecl *Var = nullptr;
  const Stmt *At = nullptr;
  /// Loops around the tree that carry Var from one pass to the next: a
  /// read before the tree in them reads the last pass's total.
  llvm::SmallVector<const Stmt *, 2> Carriers;
};

TreeStore storeOf(const StmtPath &P) {
  for (size_t I = P.size() - 1; I > 0; --I) {
    const Stmt *Parent = P[I - 1];
    if (const auto *BO = dyn_cast<BinaryOperator>(Parent);
        BO && BO->isAssignmentOp()) {
      if (BO->getRHS() != P[I])
        return {};
      return {accumulatorVar(BO->getLHS()), BO};
    }
    if (const auto *DS = dyn_cast<DeclStmt>(Parent)) {
      if (!DS->isSingleDecl())
        return {};
      return {dyn_cast<VarDecl>(DS->getSingleDecl()), DS};
    }
    if (!isa<Expr>(Parent))
      return {};
  }
  return {};
}

/// S contains a call that is a shuffle or calls what Reduce calls.
bool hasStepCall(const Stmt *S, const CallExpr *Reduce) {
  if (!S)
    return false;
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    llvm::StringRef N = calleeName(CE);
    if (isShuffleName(N) || (!N.empty() && N == calleeName(Reduce)))
      return true;
  }
  for (const Stmt *Ch : S->children())
    if (hasStepCall(Ch, Reduce))
      return true;
  return false;
}

/// A step of the tree that stores into V: an assignment to V, or V's
/// declaration, whose value holds a shuffle or another call like Reduce.
bool isTreeStep(const Stmt *S, const VarDecl *V, const CallExpr *Reduce) {
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->isAssignmentOp() && accumulatorVar(BO->getLHS()) == V)
    return hasStepCall(BO->getRHS(), Reduce);
  if (const auto *DS = dyn_cast<DeclStmt>(S);
      DS && DS->isSingleDecl() && DS->getSingleDecl() == V)
    return hasStepCall(V->getInit(), Reduce);
  return false;
}

const Stmt *loopBody(const Stmt *S) {
  if (const auto *F = dyn_cast<ForStmt>(S))
    return F->getBody();
  if (const auto *W = dyn_cast<WhileStmt>(S))
    return W->getBody();
  if (const auto *D = dyn_cast<DoStmt>(S))
    return D->getBody();
  if (const auto *R = dyn_cast<CXXForRangeStmt>(S))
    return R->getBody();
  return nullptr;
}

/// S is the tree itself: steps, or loops (unrolled or not) of steps only.
bool onlyTree(const Stmt *S, const VarDecl *V, const CallExpr *Reduce) {
  if (const auto *A = dyn_cast_or_null<AttributedStmt>(S))
    S = A->getSubStmt();
  if (!S)
    return false;
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return llvm::all_of(CS->body(), [&](const Stmt *Ch) {
      return onlyTree(Ch, V, Reduce);
    });
  if (const Stmt *Body = loopBody(S))
    return onlyTree(Body, V, Reduce);
  return isTreeStep(S, V, Reduce);
}

/// Tree.Carriers: the loops of P (the path to the tree) that V outlives
/// and that do more than the tree.
void findCarriers(const StmtPath &P, TreeStore &Tree, const CallExpr *Reduce,
                  const SourceManager &SM) {
  SourceLocation Decl = SM.getExpansionLoc(Tree.Var->getLocation());
  for (const Stmt *S : P)
    if (loopBody(S) && !onlyTree(S, Tree.Var, Reduce) &&
        !SM.isPointWithin(Decl, SM.getExpansionLoc(S->getBeginLoc()),
                          SM.getExpansionLoc(S->getEndLoc())))
      Tree.Carriers.push_back(S);
}

/// The reads of the tree's total: every reference to Tree.Var in Scope
/// that lies past Tree.At's start, outside the tree's steps and outside
/// the target of a plain assignment. Each must satisfy Ok (its path).
bool readsAfterTree(const Stmt *Scope, const TreeStore &Tree,
                    const CallExpr *Reduce, const SourceManager &SM,
                    llvm::function_ref<bool(const StmtPath &)> Ok,
                    StmtPath &P) {
  if (!Scope || isTreeStep(Scope, Tree.Var, Reduce))
    return true;
  if (const auto *BO = dyn_cast<BinaryOperator>(Scope);
      BO && BO->getOpcode() == BO_Assign &&
      accumulatorVar(BO->getLHS()) == Tree.Var)
    Scope = BO->getRHS(); // V = x writes V; x may still read it.
  P.push_back(Scope);
  bool Good = true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Scope);
      DRE && DRE->getDecl() == Tree.Var)
    Good = (SM.isBeforeInTranslationUnit(
                SM.getExpansionLoc(DRE->getLocation()),
                SM.getExpansionLoc(Tree.At->getBeginLoc())) &&
            llvm::none_of(Tree.Carriers, [&](const Stmt *L) {
              return llvm::is_contained(P, L);
            })) ||
           Ok(P);
  else
    for (const Stmt *Ch : Scope->children())
      if (!(Good = readsAfterTree(Ch, Tree, Reduce, SM, Ok, P)))
        break;
  P.pop_back();
  return Good;
}

/// A thread index: threadIdx.x itself, or a local holding it.
bool threadIndex(const Expr *E, unsigned Depth = 0) {
  if (!E || Depth > 3)
    return false;
  if (const VarDecl *VD = localVar(E))
    return VD->getInit() && threadIndex(VD->getInit(), Depth + 1);
  E = strip(E);
  return !isa<BinaryOperator>(E) && mentionsBuiltin(E, "threadIdx");
}

/// A warp index by 32 (`tid / 32`, `tid >> 5`, a local holding one).
bool warpIndexBy32(const Expr *E, const ASTContext &C) {
  return laneMathBy32(E, C, LaneMath::Div, LaneMath::Shr);
}

/// True when Cond being true means the lane is lane 0 of its 32-lane group
/// (`lane == 0`, `!(tid & 31)`, `threadIdx.x == 0`); Xor: or a lane of the
/// first 32 threads (`tid < 32`, `warp == 0`).
bool leaderGuard(const Expr *Cond, bool Xor, const ASTContext &C) {
  Cond = Cond ? strip(Cond) : nullptr;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Cond))
    return U->getOpcode() == UO_LNot &&
           (laneIndexBy32(U->getSubExpr(), C) || threadIndex(U->getSubExpr()));
  const auto *BO = dyn_cast_or_null<BinaryOperator>(Cond);
  if (!BO)
    return false;
  const Expr *L = BO->getLHS(), *R = BO->getRHS();
  switch (BO->getOpcode()) {
  case BO_LAnd:
    return leaderGuard(L, Xor, C) || leaderGuard(R, Xor, C);
  case BO_EQ:
    if (valueIs(L, 0, C))
      std::swap(L, R);
    return valueIs(R, 0, C) &&
           (laneIndexBy32(L, C) || threadIndex(L) ||
            (Xor && warpIndexBy32(L, C)));
  case BO_LT:
  case BO_LE: {
    auto Bound = intValue(R, C);
    int64_t Limit = BO->getOpcode() == BO_LT ? 32 : 31;
    return Xor && Bound && *Bound <= Limit && threadIndex(L);
  }
  default:
    return false;
  }
}

/// The steps of a reduction tree: a shuffle up, down or xor with no width
/// and an offset below 32; P is the path from Body to it.
bool treeStep(const CallExpr *Shuffle, const Stmt *Body, const ASTContext &C,
              StmtPath &P, llvm::StringRef &Name) {
  Name = calleeName(Shuffle);
  if (!isShuffleName(Name))
    return false;
  unsigned WidthAt = shuffleWidthIndex(Name);
  if (Shuffle->getNumArgs() < WidthAt ||
      (Shuffle->getNumArgs() > WidthAt &&
       !isa<CXXDefaultArgExpr>(Shuffle->getArg(WidthAt))))
    return false;
  if (!pathTo(Body, Shuffle, P))
    return false;
  Name.consume_back("_sync");
  return below32(Shuffle->getArg(WidthAt - 1), P, C);
}

/// The copy a read at R's end makes of the tree's total into another
/// variable of the thread's own (`reduced[t] = v;`): that store, and the
/// path to it. None for any other read.
TreeStore copyOf(const StmtPath &R, const TreeStore &Tree, StmtPath &To) {
  size_t I = R.size() - 1;
  while (I > 0 && isa<ImplicitCastExpr, ParenExpr>(R[I - 1]))
    --I;
  const auto *BO = I > 0 ? dyn_cast<BinaryOperator>(R[I - 1]) : nullptr;
  if (!BO || BO->getOpcode() != BO_Assign || BO->getRHS() != R[I])
    return {};
  const VarDecl *Copy = accumulatorVar(BO->getLHS());
  if (!Copy || Copy == Tree.Var)
    return {};
  To.assign(R.begin(), R.begin() + I);
  return {Copy, BO};
}

/// leaderRead with P, the path from Body to Reduce, already found. A copy
/// of the total into a thread's own local (`reduced[t] = v;`) passes the
/// question on to the copy's reads, once.
bool leaderReadAt(const StmtPath &P, const CallExpr *Reduce, const Stmt *Body,
                  const ASTContext &Ctx, bool Xor) {
  TreeStore Tree = storeOf(P);
  if (!Tree.Var)
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  findCarriers(P, Tree, Reduce, SM);
  auto Leaders = [&](const StmtPath &R) {
    return guardedAt(
        R, [&](const Expr *Cond) { return leaderGuard(Cond, Xor, Ctx); });
  };
  StmtPath Scratch;
  bool Read = false;
  bool OnlyLeaders = readsAfterTree(
      Body, Tree, Reduce, SM,
      [&](const StmtPath &R) {
        Read = true;
        if (Leaders(R))
          return true;
        StmtPath To;
        TreeStore Copy = copyOf(R, Tree, To);
        if (!Copy.Var)
          return false;
        findCarriers(To, Copy, Reduce, SM);
        StmtPath Inner;
        bool CopyRead = false;
        return readsAfterTree(
                   Body, Copy, Reduce, SM,
                   [&](const StmtPath &CR) {
                     CopyRead = true;
                     return Leaders(CR);
                   },
                   Inner) &&
               CopyRead;
      },
      Scratch);
  return OnlyLeaders && Read;
}

} // namespace

HalfRead halfRead(const CallExpr *Shuffle, const Stmt *Body,
                  const ASTContext &Ctx) {
  StmtPath P;
  llvm::StringRef Name;
  if (!treeStep(Shuffle, Body, Ctx, P, Name))
    return HalfRead::None;
  const Expr *Off = Shuffle->getArg(shuffleWidthIndex(calleeName(Shuffle)) - 1);
  if (Name == "__shfl_xor")
    return leaderReadAt(P, Shuffle, Body, Ctx, true) ? HalfRead::Leader
                                                     : HalfRead::Mask;
  if (Name != "__shfl_up" && Name != "__shfl_down")
    return HalfRead::None;
  Direction Dir = Name == "__shfl_up" ? Direction::Up : Direction::Down;
  if (resultGuarded(P, Off, Dir, Ctx))
    return HalfRead::Guarded;
  return Dir == Direction::Down && leaderReadAt(P, Shuffle, Body, Ctx, false)
             ? HalfRead::Leader
             : HalfRead::None;
}

bool leaderRead(const CallExpr *Reduce, const Stmt *Body,
                const ASTContext &Ctx, bool Xor) {
  StmtPath P;
  return pathTo(Body, Reduce, P) && leaderReadAt(P, Reduce, Body, Ctx, Xor);
}

bool returnsTree(const CallExpr *Shuffle, const Stmt *Body,
                 const ASTContext &Ctx) {
  StmtPath P;
  llvm::StringRef Name;
  if (!treeStep(Shuffle, Body, Ctx, P, Name) ||
      (Name != "__shfl_down" && Name != "__shfl_xor"))
    return false;
  TreeStore Tree = storeOf(P);
  if (!Tree.Var)
    return false;
  findCarriers(P, Tree, Shuffle, Ctx.getSourceManager());
  bool Returned = false;
  StmtPath Scratch;
  bool OnlyReturned = readsAfterTree(
      Body, Tree, Shuffle, Ctx.getSourceManager(),
      [&](const StmtPath &R) {
        // Up through the conversions to the statement that reads it.
        size_t I = R.size() - 1;
        while (I > 0 && isa<ImplicitCastExpr, ParenExpr>(R[I - 1]))
          --I;
        Returned |= I > 0 && isa<ReturnStmt>(R[I - 1]);
        return I > 0 && isa<ReturnStmt>(R[I - 1]);
      },
      Scratch);
  return OnlyReturned && Returned;
}

} // namespace hipport::checks
