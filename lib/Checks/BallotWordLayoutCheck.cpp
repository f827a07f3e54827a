#include "Checks/BallotWordLayoutCheck.h"
#include "Checks/CudaPatterns.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"

#include <fmt/format.h>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipport::checks {

const CheckInfo BallotWordLayoutCheck::Info = {
    "wave64-ballot-word-layout", core::Severity::Error,
    "ballot masks kept in buffers of 32-bit words (one word per 32 lanes): "
    "a 64-lane wavefront's mask needs 64 bits"};

void BallotWordLayoutCheck::registerMatchers(MatchFinder &F) {
  auto NotInst = unless(isInTemplateInstantiation());
  // What this check reports is reached from a ballot: without one in the
  // TU, it has nothing to collect (#17).
  F.addMatcher(functionDecl(tuCallsBallot(), isDefinition(),
                            unless(isInstantiated()))
                   .bind("fn"),
               this);
  F.addMatcher(varDecl(tuCallsBallot(), hasInitializer(expr().bind("init")),
                       unless(isInstantiated()))
                   .bind("var"),
               this);
  F.addMatcher(binaryOperator(tuCallsBallot(), isAssignmentOperator(), NotInst)
                   .bind("assign"),
               this);
  F.addMatcher(
      declaratorDecl(tuCallsBallot(), unless(isInstantiated())).bind("decl"),
      this);
}

void BallotWordLayoutCheck::startTranslationUnit() {
  Flows.clear();
  Wrappers.clear();
  MaskVars.clear();
  Decls.clear();
}

/// The integer a pointer or array of D's type points to, if any.
static QualType elementType(QualType T) {
  if (T.isNull())
    return {};
  if (const auto *P = T->getAs<PointerType>())
    return P->getPointeeType();
  if (const auto *A = T->getAsArrayTypeUnsafe())
    return A->getElementType();
  return {};
}

static bool narrowInt(QualType T, const ASTContext &C) {
  return !T.isNull() && !T->isDependentType() && T->isIntegerType() &&
         !T->isBooleanType() && C.getTypeSize(T) < 64;
}

/// A buffer's identity: a field by its name (parallel parameter blocks of
/// one TU carry the same buffer under one name), anything else by its
/// declaration (`out` in two kernels is two buffers).
static std::string keyOf(const ValueDecl *D) {
  if (isa<FieldDecl>(D))
    return "field " + D->getName().str();
  return fmt::format("decl {}", static_cast<const void *>(D));
}

/// The variable, field or parameter E names, through pointer arithmetic
/// and casts (`params.bits + off`, `static_cast<unsigned *>(ws[2])`).
const ValueDecl *BallotWordLayoutCheck::named(const Expr *E) const {
  E = strip(E);
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(E))
    if (BO->isAdditiveOp() && BO->getLHS()->getType()->isPointerType())
      return named(BO->getLHS());
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
    return DRE->getDecl();
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(E))
    return ME->getMemberDecl();
  return nullptr;
}

/// 0: E holds no ballot; 1: a ballot as this pass declares it (32 bits in
/// CUDA's headers); 2: a whole 64-bit ballot (HIP's, or a wrapper returning
/// 64 bits) that a 32-bit word truncates.
int BallotWordLayoutCheck::carriesBallot(const Expr *E) const {
  E = strip(E);
  if (const auto *C = dyn_cast_or_null<CallExpr>(E)) {
    llvm::StringRef N = calleeName(C);
    if (!isBallotName(N) && !Wrappers.count(N.str()))
      return 0;
    return narrowInt(C->getType(), *Ctx) ? 1 : 2;
  }
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(E))
    if (BO->getOpcode() == BO_Or || BO->getOpcode() == BO_And)
      return std::max(carriesBallot(BO->getLHS()),
                      carriesBallot(BO->getRHS()));
  const ValueDecl *D = named(E);
  auto It = D ? MaskVars.find(D) : MaskVars.end();
  return It == MaskVars.end() ? 0 : It->second;
}

void BallotWordLayoutCheck::run(const MatchFinder::MatchResult &R) {
  Ctx = R.Context;
  if (const auto *Fn = R.Nodes.getNodeAs<FunctionDecl>("fn")) {
    if (returnsBallot(Fn))
      Wrappers.insert(Fn->getName().str());
    return;
  }
  if (const auto *VD = R.Nodes.getNodeAs<VarDecl>("var")) {
    Flows.push_back({VD, R.Nodes.getNodeAs<Expr>("init"), VD->getLocation()});
    return;
  }
  if (const auto *BO = R.Nodes.getNodeAs<BinaryOperator>("assign")) {
    const Expr *L = strip(BO->getLHS());
    bool Element = false;
    const Expr *Index = nullptr;
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(L)) {
      L = AS->getBase();
      Index = AS->getIdx();
      Element = true;
    } else if (const auto *U = dyn_cast<UnaryOperator>(L)) {
      if (U->getOpcode() == UO_Deref) {
        L = U->getSubExpr();
        Element = true;
      }
    }
    if (const ValueDecl *To = named(L))
      Flows.push_back({To, BO->getRHS(), BO->getOperatorLoc(), Element, Index});
    return;
  }
  if (const auto *D = R.Nodes.getNodeAs<DeclaratorDecl>("decl")) {
    if (D->getDeclName().isIdentifier() && !D->getLocation().isInvalid() &&
        !Ctx->getSourceManager().isInSystemHeader(D->getLocation()) &&
        narrowInt(elementType(D->getType()), *Ctx))
      Decls[keyOf(D)].push_back(D);
  }
}

void BallotWordLayoutCheck::onEndOfTranslationUnit() {
  if (!Ctx)
    return;
  // Local variables holding a ballot, through copies, to a fixed point.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const Flow &F : Flows) {
      if (F.Element || !isa<VarDecl>(F.To) || F.To->getType()->isPointerType())
        continue;
      int Level = carriesBallot(F.From);
      int &Known = MaskVars[F.To];
      if (Level > Known) {
        Known = Level;
        Changed = true;
      }
    }
  }
  reportBuffers();
  Ctx = nullptr;
}

void BallotWordLayoutCheck::reportBuffers() {
  // Buffers (by name) whose 32-bit elements receive a ballot, and the names
  // they are copied to and from.
  std::set<std::string> Words;
  std::vector<const Flow *> Stores;
  // A layout is words indexed per warp or lane (`bits[w * 2 + lane]`); a
  // ballot call narrowed as it is stored, or one word at a fixed index, is
  // wave64-ballot-mask-width's narrowing.
  for (const Flow &F : Flows)
    if (F.Element && F.Index &&
        (F.Index->isValueDependent() ||
         !F.Index->isIntegerConstantExpr(*Ctx)) &&
        !isa<CallExpr>(strip(F.From)) &&
        narrowInt(elementType(F.To->getType()), *Ctx) &&
        carriesBallot(F.From)) {
      Words.insert(keyOf(F.To));
      Stores.push_back(&F);
    }
  if (Words.empty())
    return;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const Flow &F : Flows) {
      const ValueDecl *From = F.Element ? nullptr : named(F.From);
      if (!From || !narrowInt(elementType(F.To->getType()), *Ctx))
        continue;
      bool A = Words.count(keyOf(F.To)), B = Words.count(keyOf(From));
      if (A != B) {
        Words.insert(A ? keyOf(From) : keyOf(F.To));
        Changed = true;
      }
    }
  }
  std::set<unsigned> Seen;
  auto Emit = [&](SourceLocation Loc, core::Severity Level, std::string Msg) {
    Loc = Ctx->getSourceManager().getExpansionLoc(Loc);
    if (Loc.isInvalid() || !Seen.insert(Loc.getRawEncoding()).second)
      return;
    CheckDiag D;
    D.Loc = Loc;
    D.Level = Level;
    D.Message = std::move(Msg);
    report(*Ctx, std::move(D));
  };
  for (const Flow *F : Stores) {
    // A ballot this pass already sees as 32 bits (CUDA's declarations, or a
    // wrapper returning 32 bits, reported by wave64-ballot-mask-width) may
    // be 64 bits in the HIP pass: a layout to review, not a proven loss.
    Emit(F->Site,
         carriesBallot(F->From) == 2 ? core::Severity::Error
                                     : core::Severity::Warning,
         fmt::format("ballot mask stored in a 32-bit word of '{}': a 64-lane "
                     "wavefront's mask has 64 bits, lanes 32-63 are lost; "
                     "use 64-bit words, one per wavefront",
                     F->To->getName().str()));
    if (const ValueDecl *V = named(F->From))
      if (isa<VarDecl>(V) && narrowInt(V->getType(), *Ctx))
        Emit(V->getLocation(), core::Severity::Warning,
             fmt::format("'{}' holds a ballot mask in 32 bits; AMD "
                         "wavefronts have 64 lanes: make it 64-bit",
                         V->getName().str()));
  }
  for (const std::string &W : Words)
    for (const ValueDecl *D : Decls[W])
      Emit(D->getLocation(), core::Severity::Warning,
           fmt::format("'{}' holds ballot masks as 32-bit words (one per 32 "
                       "lanes); a 64-lane wavefront's mask needs a 64-bit "
                       "word: change the element type, sizes and indexing",
                       D->getName().str()));
  // Copies of the buffer and loads from it.
  for (const Flow &F : Flows) {
    const ValueDecl *From = named(F.From);
    const Expr *Src = strip(F.From);
    if (const auto *AS = dyn_cast_or_null<ArraySubscriptExpr>(Src))
      if (const ValueDecl *B = named(AS->getBase());
          B && Words.count(keyOf(B))) {
        Emit(F.Site, core::Severity::Warning,
             fmt::format("reads a 32-bit ballot word of '{}' (one per 32 "
                         "lanes); at wave64 the mask has 64 bits",
                         B->getName().str()));
        const ValueDecl *To = F.To;
        QualType T = To->getType();
        if (isa<VarDecl>(To) && (narrowInt(T, *Ctx) ||
                                 (T->isArrayType() &&
                                  narrowInt(elementType(T), *Ctx))))
          Emit(To->getLocation(), core::Severity::Warning,
               fmt::format("'{}' holds a ballot mask in 32 bits; AMD "
                           "wavefronts have 64 lanes: make it 64-bit",
                           To->getName().str()));
        continue;
      }
    if (!F.Element && Words.count(keyOf(F.To)) && !From)
      Emit(F.Site, core::Severity::Warning,
           fmt::format("'{}' is set up as a buffer of 32-bit ballot words "
                       "here; at wave64 each mask needs 64 bits",
                       F.To->getName().str()));
  }
}

} // namespace hipport::checks
