#include "Checks/KernelLaunches.h"
#include "Checks/CudaPatterns.h"
#include "Checks/Parents.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace hipport::checks {

namespace {

/// An extent that is not a literal 1 (absent extents are 1 too).
const Expr *extentBeyondOne(const CXXConstructExpr *CE, unsigned I) {
  if (CE->getNumArgs() <= I || isa<CXXDefaultArgExpr>(CE->getArg(I)))
    return nullptr;
  const Expr *E = strip(CE->getArg(I));
  const auto *One = dyn_cast<IntegerLiteral>(E);
  return One && One->getValue() == 1 ? nullptr : E;
}

} // namespace

BlockExtents blockExtents(const Expr *Block, unsigned Depth) {
  BlockExtents B;
  const Expr *E = Block ? strip(Block->IgnoreImplicit()) : nullptr;
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->isLocalVarDecl() && VD->getType()->isRecordType() &&
          VD->getInit() && Depth < 2)
        return blockExtents(VD->getInit(), Depth + 1);
  const auto *CE = dyn_cast_or_null<CXXConstructExpr>(E);
  if (!CE) {
    B.X = E;
    return B;
  }
  if (CE->getNumArgs() == 0)
    return B;
  // dim3 copied from another dim3.
  if (CE->getNumArgs() == 1 && CE->getArg(0)->getType()->isRecordType())
    return blockExtents(CE->getArg(0), Depth + 1);
  B.X = CE->getArg(0);
  B.Y = extentBeyondOne(CE, 1);
  B.Z = extentBeyondOne(CE, 2);
  return B;
}

std::optional<std::pair<SourceLocation, int64_t>>
literalExtent(const Expr *E, const SourceManager &SM) {
  const auto *IL = dyn_cast_or_null<IntegerLiteral>(E ? strip(E) : nullptr);
  if (!IL)
    return std::nullopt;
  SourceLocation L = IL->getLocation();
  if (L.isMacroID()) {
    if (!SM.isMacroArgExpansion(L))
      return std::nullopt;
    L = SM.getSpellingLoc(L);
  }
  if (!L.isFileID())
    return std::nullopt;
  return std::pair(L, int64_t(IL->getValue().getLimitedValue(1 << 20)));
}

bool oneRowOf32(const Expr *Block, const ASTContext &Ctx) {
  BlockExtents B = blockExtents(Block);
  // A y or z extent of a dim3 variable's own value is spelled 1 there.
  auto One = [&](const Expr *E) {
    return !E || intValue(E, Ctx) == std::optional<int64_t>(1);
  };
  return B.X && intValue(B.X, Ctx) == std::optional<int64_t>(32) &&
         One(B.Y) && One(B.Z);
}

namespace {

/// The references to VD in S.
void refsTo(const Stmt *S, const VarDecl *VD,
            std::vector<const DeclRefExpr *> &Out) {
  if (!S)
    return;
  if (const auto *R = dyn_cast<DeclRefExpr>(S); R && R->getDecl() == VD)
    Out.push_back(R);
  for (const Stmt *Ch : S->children())
    refsTo(Ch, VD, Out);
}

/// True when Arg is the shared-memory size of launch configuration Call:
/// the third of a `<<<>>>` configuration, the fifth of hipLaunchKernel or
/// cudaLaunchKernel (func, grid, block, args, sharedMem, stream).
bool sharedMemoryArg(const CallExpr *Call, const Expr *Arg, ASTContext &C) {
  for (const DynTypedNode &P : parentsOf(C, *Call))
    if (const auto *L = P.get<CUDAKernelCallExpr>(); L && L->getConfig() == Call)
      return Call->getNumArgs() > 2 && Call->getArg(2) == Arg;
  llvm::StringRef N = calleeName(Call);
  return (N == "hipLaunchKernel" || N == "cudaLaunchKernel") &&
         Call->getNumArgs() > 4 && Call->getArg(4) == Arg;
}

} // namespace

bool onlySizesSharedMemory(const Expr *E, ASTContext &C, unsigned Depth) {
  if (!E || Depth > 2)
    return false;
  DynTypedNode N = DynTypedNode::create(*E);
  for (unsigned Up = 0; Up < 10; ++Up) {
    ParentList Ps = parentsOf(C, N);
    if (Ps.size() != 1)
      return false;
    const DynTypedNode &P = Ps.front();
    if (const auto *VD = P.get<VarDecl>()) {
      const auto *F = dyn_cast<FunctionDecl>(VD->getDeclContext());
      if (!VD->isLocalVarDecl() || !F || !F->getBody())
        return false;
      std::vector<const DeclRefExpr *> Refs;
      refsTo(F->getBody(), VD, Refs);
      return !Refs.empty() && llvm::all_of(Refs, [&](const DeclRefExpr *R) {
        return onlySizesSharedMemory(R, C, Depth + 1);
      });
    }
    if (const auto *Call = P.get<CallExpr>())
      return sharedMemoryArg(Call, N.get<Expr>(), C);
    const auto *BO = P.get<BinaryOperator>();
    if (!(BO && (BO->isAdditiveOp() || BO->isMultiplicativeOp())) &&
        !P.get<ParenExpr>() && !P.get<CastExpr>())
      return false;
    N = P;
  }
  return false;
}

} // namespace hipport::checks
