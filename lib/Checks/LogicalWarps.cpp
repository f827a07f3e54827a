#include "Checks/LogicalWarps.h"
#include "Checks/CudaPatterns.h"
#include "Checks/HalfLocalShuffles.h"
#include "Checks/UserCodeVisitor.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace hipport::checks {

namespace {

/// What one function body does with the warp: its shuffles' widths, other
/// collectives, warpSize, and the TU functions it calls.
struct WarpUse {
  unsigned InSegment = 0;   ///< shuffles that stay in a 32-lane segment
  bool Other = false;     ///< any other shuffle, a ballot, warpSize...
  std::vector<const FunctionDecl *> Callees;
};

class BodyScan : public RecursiveASTVisitor<BodyScan> {
public:
  BodyScan(const ASTContext &C, const Stmt *Body, WarpUse &U)
      : C(C), Body(Body), U(U) {}
  bool VisitCallExpr(CallExpr *CE) {
    llvm::StringRef N = calleeName(CE);
    if (isShuffleName(N)) {
      auto V = writtenShuffleWidth(CE, C);
      // A width-less XOR below 32 stays in its half too, but only a guard
      // by the lane index by 32 shows that its consumers are 32-lane
      // groups; a butterfly from 16 feeding `threadIdx.x == 0` is not.
      if ((V && *V == 32) ||
          (!V && halfRead(CE, Body, C) == HalfRead::Guarded))
        ++U.InSegment;
      else
        U.Other = true;
    } else if (isBallotName(N) || N.starts_with("__any") ||
               N.starts_with("__all") || N.starts_with("__match") ||
               N.starts_with("__reduce_") || N == "__syncwarp") {
      U.Other = true;
    } else if (const FunctionDecl *F = CE->getDirectCallee()) {
      U.Callees.push_back(F->getCanonicalDecl());
    }
    return true;
  }
  bool VisitExpr(Expr *E) {
    if (!isa<ImplicitCastExpr>(E) && !isa<ParenExpr>(E) && isWarpSizeRef(E, C))
      U.Other = true;
    return true;
  }
  const ASTContext &C;
  const Stmt *Body;
  WarpUse &U;
};

class FunctionWalk : public UserCodeVisitor<FunctionWalk> {
public:
  explicit FunctionWalk(const ASTContext &C) : UserCodeVisitor(C), C(C) {}
  bool VisitFunctionDecl(FunctionDecl *F) {
    if (!F->doesThisDeclarationHaveABody() || !F->getBody())
      return true;
    WarpUse &U = Uses[F->getCanonicalDecl()];
    BodyScan(C, F->getBody(), U).TraverseStmt(F->getBody());
    Order.emplace_back(F->getCanonicalDecl(), F->getBody());
    return true;
  }
  const ASTContext &C;
  llvm::DenseMap<const FunctionDecl *, WarpUse> Uses;
  std::vector<std::pair<const FunctionDecl *, const Stmt *>> Order;
};

} // namespace

void LogicalWarps::build() {
  Built = true;
  FunctionWalk Walk(Ctx);
  Walk.TraverseDecl(Ctx.getTranslationUnitDecl());
  const SourceManager &SM = Ctx.getSourceManager();
  for (auto [F, Body] : Walk.Order) {
    const WarpUse &U = Walk.Uses[F];
    if (U.Other)
      continue;
    // A helper that shuffles at full width makes the caller's lanes
    // wavefront lanes again; one that shuffles at width 32 counts as the
    // caller's own 32-lane shuffle (`warp_reduce_sum(x)`).
    bool Mixed = false, Segmented = U.InSegment > 0;
    for (const FunctionDecl *G : U.Callees) {
      auto It = Walk.Uses.find(G);
      if (It == Walk.Uses.end())
        continue;
      Mixed |= It->second.Other;
      Segmented |= It->second.InSegment > 0;
    }
    if (Mixed || !Segmented)
      continue;
    SourceLocation B = SM.getExpansionLoc(Body->getBeginLoc());
    SourceLocation E = SM.getExpansionLoc(Body->getEndLoc());
    if (SM.getFileID(B) != SM.getFileID(E))
      continue;
    Bodies.emplace_back(SM.getFileID(B).getHashValue(), SM.getFileOffset(B),
                        SM.getFileOffset(E));
  }
}

bool LogicalWarps::covers(SourceLocation Loc) {
  if (!Built)
    build();
  if (Loc.isInvalid() || Bodies.empty())
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  Loc = SM.getExpansionLoc(Loc);
  unsigned File = SM.getFileID(Loc).getHashValue();
  unsigned Off = SM.getFileOffset(Loc);
  for (auto [F, B, E] : Bodies)
    if (F == File && B <= Off && Off <= E)
      return true;
  return false;
}

} // namespace hipport::checks
