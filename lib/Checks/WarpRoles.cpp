#include "Checks/WarpRoles.h"
#include "Checks/CudaPatterns.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <set>

using namespace clang;

namespace hipport::checks {

bool isThreadIndex(const Expr *E) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        VD && VD->isLocalVarDecl() && VD->getInit() &&
        !isa<BinaryOperator>(strip(VD->getInit())))
      E = VD->getInit();
  return mentionsBuiltin(E, "threadIdx");
}

int64_t warpBoundOf(const BinaryOperator *BO) {
  BinaryOperatorKind Op = BO->getOpcode();
  if (Op != BO_LT && Op != BO_GE && Op != BO_LE && Op != BO_GT)
    return 0;
  const auto *Lit = dyn_cast<IntegerLiteral>(strip(BO->getRHS()));
  if (!Lit || !isThreadIndex(strip(BO->getLHS())))
    return 0;
  // `t <= 63` and `t > 63` split where `t < 64` does.
  int64_t V = int64_t(Lit->getValue().getLimitedValue(1 << 20)) +
              (Op == BO_LE || Op == BO_GT);
  return V >= 32 && V <= 1024 && V % 32 == 0 ? V : 0;
}

static void collectBounds(const Stmt *S,
                          std::vector<const BinaryOperator *> &Out) {
  if (!S)
    return;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && warpBoundOf(BO))
    Out.push_back(BO);
  for (const Stmt *Ch : S->children())
    collectBounds(Ch, Out);
}

std::vector<const BinaryOperator *> warpRoleBounds(const Stmt *Body) {
  std::vector<const BinaryOperator *> All;
  collectBounds(Body, All);
  std::set<int64_t> Seen;
  for (const BinaryOperator *BO : All)
    Seen.insert(warpBoundOf(BO));
  // The bounds reached from 32 one warp at a time.
  int64_t Last = 0;
  while (Seen.count(Last + 32))
    Last += 32;
  std::vector<const BinaryOperator *> Out;
  if (Last < 64)
    return Out;
  for (const BinaryOperator *BO : All)
    if (warpBoundOf(BO) <= Last)
      Out.push_back(BO);
  return Out;
}

} // namespace hipport::checks
