#include "Checks/LaneMaskLiteralCheck.h"
#include "Checks/CudaPatterns.h"
#include "Checks/Parents.h"
#include "Frontend/Preamble.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"

#include <fmt/format.h>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipport::checks {

const CheckInfo LaneMaskLiteralCheck::Info = {
    "wave64-lane-mask-literal", core::Severity::Error,
    "lane masks built in 32-bit arithmetic (1 << lane), and 0xffffffff or "
    "32-bit-typed masks of *_sync intrinsics"};

void LaneMaskLiteralCheck::registerMatchers(MatchFinder &F) {
  auto NotInst = unless(isInTemplateInstantiation());
  F.addMatcher(binaryOperator(hasAnyOperatorName("<<", "<<="), NotInst)
                   .bind("shl"),
               this);
  F.addMatcher(binaryOperator(hasAnyOperatorName(">>", ">>="), NotInst)
                   .bind("shr"),
               this);
  // Also where a dependent argument (`__shfl_down_sync(0xffffffff, v, o)`,
  // v of type T) leaves the call unresolved: in the template, and in each
  // instantiation, where it is resolved. Each mask is reported once
  // (Reported).
  auto Sync = namedDecl(
      anyOf(nameMatches(namesSyncIntrinsic), hasName("__syncwarp")));
  F.addMatcher(
      callExpr(anyOf(callee(functionDecl(Sync).bind("fn")),
                     callee(unresolvedLookupExpr(
                         hasAnyDeclaration(namedDecl(Sync).bind("fn"))))))
          .bind("sync"),
      this);
}

/// The width in bits of what the mask built by Shl ends in: through
/// parentheses, `~` and arithmetic on it, the first conversion or the
/// variable it initializes. A 64-bit literal would be truncated there
/// (`atomicOr(&word32, 1 << tid)` sets a bit of a 32-bit word), so a
/// fix-it to 1ull could only change the program, never repair it. An
/// argument counts by its parameter's type. 0 when the mask is used some
/// other way (returned, compared, passed to a template).
static uint64_t sinkWidth(const BinaryOperator *Shl, ASTContext &C) {
  DynTypedNode N = DynTypedNode::create(*Shl);
  for (unsigned Up = 0; Up < 8; ++Up) {
    ParentList Ps = parentsOf(C, N);
    if (Ps.size() != 1)
      return 0;
    const DynTypedNode &P = Ps.front();
    if (const auto *Cast = P.get<CastExpr>()) {
      if (Cast->getCastKind() == CK_IntegralCast)
        return C.getTypeSize(Cast->getType());
    } else if (const auto *VD = P.get<VarDecl>()) {
      return VD->getType()->isIntegerType() ? C.getTypeSize(VD->getType()) : 0;
    } else if (const auto *BO = P.get<BinaryOperator>()) {
      if (!BO->isAdditiveOp() && !BO->isBitwiseOp() &&
          !BO->isMultiplicativeOp())
        return 0;
    } else if (const auto *Call = P.get<CallExpr>()) {
      // An argument of a parameter of its own type (`atomicOr(int *, int)`):
      // the parameter is the sink. A template's would follow the literal.
      const FunctionDecl *F = Call->getDirectCallee();
      if (!F || F->getPrimaryTemplate() || !N.get<Expr>())
        return 0;
      for (unsigned I = 0; I < Call->getNumArgs() && I < F->getNumParams(); ++I)
        if (Call->getArg(I) == N.get<Expr>()) {
          QualType T = F->getParamDecl(I)->getType();
          return T->isIntegerType() ? C.getTypeSize(T) : 0;
        }
      return 0;
    } else if (!P.get<ParenExpr>() && !P.get<UnaryOperator>()) {
      return 0;
    }
    N = P;
  }
  return 0;
}

/// A bit index below 32 by construction: `i & 31`, `i % 32`.
static bool bitInWord(const Expr *Amount) {
  const auto *In = dyn_cast<BinaryOperator>(strip(Amount));
  return In && (In->getOpcode() == BO_And || In->getOpcode() == BO_Rem);
}

/// `1u << (lane / K)` (K at least 2, or a template's constant: a group
/// size, `lane_id / kNumRecvUnrolls`), `1u << (lane >> k)`: one bit per
/// group of lanes, at most 32 groups of a 64-lane wavefront, so the bit
/// stays in a 32-bit word.
static bool groupBit(const Expr *Amount, const ASTContext &C) {
  const auto *BO = dyn_cast<BinaryOperator>(strip(Amount));
  if (!BO || (BO->getOpcode() != BO_Div && BO->getOpcode() != BO_Shr))
    return false;
  const Expr *By = BO->getRHS();
  if (By->isValueDependent())
    return true;
  auto V = intValue(By, C);
  return V && *V >= (BO->getOpcode() == BO_Div ? 2 : 1);
}

/// The initializer of the const local E names, if it does.
static const Expr *constLocalInit(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(strip(E));
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || !V->isLocalVarDecl() || !V->getType().isConstQualified())
    return nullptr;
  return V->getInit();
}

/// A project's own *_sync function (a shim for a HIP without them, before
/// ROCm 6.2) whose body never reads its mask: the mask is dropped, the shim
/// is right at 64 (as wave64-sync-shim judges macro shims). The callee, or
/// a file-scope function of its name that the project defines: where clang
/// binds the call to HIP's own declaration (the ROCm 7 forms lint's prelude
/// declares), the project's build, on a HIP without them, calls the shim.
static bool dropsMask(const NamedDecl *D, const ASTContext &C) {
  auto Drops = [&](const NamedDecl *N) {
    const FunctionDecl *F = nullptr;
    if (const auto *T = dyn_cast_or_null<FunctionTemplateDecl>(N))
      F = T->getTemplatedDecl();
    else if ((F = dyn_cast_or_null<FunctionDecl>(N)))
      if (const FunctionDecl *P = F->getTemplateInstantiationPattern())
        F = P;
    if (!F || !F->hasBody(F) || F->getNumParams() == 0 ||
        C.getSourceManager().isInSystemHeader(F->getLocation()))
      return false;
    return !F->getParamDecl(0)->isReferenced();
  };
  return D && (Drops(D) || llvm::any_of(C.getTranslationUnitDecl()->lookup(
                                            D->getDeclName()),
                                        Drops));
}

LaneMaskVars &LaneMaskLiteralCheck::masks(ASTContext &C) {
  if (!Masks)
    Masks = std::make_unique<LaneMaskVars>(C);
  return *Masks;
}

/// The lane-mask variable a shifted bit is combined into: through
/// parentheses, casts and `~`, the other operand of & | ^, the target of
/// |= &= ^= =, or the variable it initialises (`mask |= 1u << i`,
/// `m & ~(1u << src)` with m a mask). Null when the bit goes elsewhere.
static const VarDecl *combinedInto(const BinaryOperator *Shl, ASTContext &C,
                                   LaneMaskVars &Masks) {
  DynTypedNode N = DynTypedNode::create(*Shl);
  for (unsigned Up = 0; Up < 8; ++Up) {
    ParentList Ps = parentsOf(C, N);
    if (Ps.size() != 1)
      return nullptr;
    const DynTypedNode &P = Ps.front();
    if (const auto *BO = P.get<BinaryOperator>()) {
      const Expr *Other =
          BO->getLHS()->IgnoreParenImpCasts() == N.get<Expr>() ? BO->getRHS()
                                                                : BO->getLHS();
      switch (BO->getOpcode()) {
      case BO_And:
      case BO_Or:
      case BO_Xor:
        if (const VarDecl *V = Masks.maskIn(Other))
          return V;
        break;
      case BO_AndAssign:
      case BO_OrAssign:
      case BO_XorAssign:
      case BO_Assign:
        return Masks.maskIn(BO->getLHS());
      default:
        return nullptr;
      }
    } else if (const auto *VD = P.get<VarDecl>()) {
      return Masks.isMask(VD) ? VD : nullptr;
    } else if (const auto *U = P.get<UnaryOperator>()) {
      if (U->getOpcode() != UO_Not)
        return nullptr;
    } else if (!P.get<ParenExpr>() && !P.get<ImplicitCastExpr>() &&
               !P.get<CStyleCastExpr>()) {
      return nullptr;
    }
    N = P;
  }
  return nullptr;
}

/// `0xffffffff >> (warpSize - n)`: the low lanes of a wave taken from a
/// 32-bit all-ones word. At 64 lanes the shift reaches 32 and more
/// (undefined) and lanes 32-63 have no bit. A shift by a lane index or by a
/// difference with warpSize is a lane mask; `0xffffffff >> (32 - nbits)`
/// (bits of a word) is not.
void LaneMaskLiteralCheck::checkNarrowRightShift(const BinaryOperator *Shr,
                                                 ASTContext &C) {
  const Expr *L = Shr->getLHS();
  auto V = intValue(L, C);
  if (!V || (uint64_t(*V) & 0xffffffffull) != 0xffffffffull ||
      C.getTypeSize(L->getType()) > 32)
    return;
  const Expr *Amount = Shr->getRHS();
  if (!findWarpSizeRef(Amount, C) && !isLaneLike(Amount, C))
    return;
  CheckDiag D;
  D.Level = core::Severity::Error;
  D.Loc = Shr->getBeginLoc();
  D.Range = Shr->getSourceRange();
  D.Message = fmt::format(
      "lane mask '{}' is built in 32-bit arithmetic; on a 64-lane wavefront "
      "the shift can reach 32 or more (undefined) and lanes 32-63 have no "
      "bit: use a 64-bit one (~0ull >> ...)",
      sourceText(Shr->getSourceRange(), C));
  const auto *IL = dyn_cast<IntegerLiteral>(strip(L));
  uint64_t Sink = sinkWidth(Shr, C);
  if (IL && !IL->getBeginLoc().isMacroID() && (Sink == 0 || Sink > 32))
    D.Fixes.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getTokenRange(IL->getSourceRange()),
        "0xffffffffffffffffull"));
  report(C, std::move(D));
}

/// The mask type a call of HIP's *_sync deduces (its first template
/// argument, `template <class MaskT, ...>`), when it is an integer narrower
/// than 64 bits. Null for CUDA's own declarations (`unsigned mask`) and a
/// project's templates: only HIP's headers and lint's prelude declare it.
static const Type *narrowMaskType(const CallExpr *Call, const ASTContext &C) {
  const FunctionDecl *F = Call->getDirectCallee();
  const TemplateArgumentList *Args =
      F ? F->getTemplateSpecializationArgs() : nullptr;
  if (!Args)
    return nullptr;
  const SourceManager &SM = C.getSourceManager();
  SourceLocation At = SM.getExpansionLoc(F->getLocation());
  if (Args->size() == 0 ||
      Args->get(0).getKind() != TemplateArgument::Type ||
      !(SM.isInSystemHeader(At) ||
        frontend::isPreludeInclude(SM.getFilename(At))))
    return nullptr;
  QualType M = Args->get(0).getAsType();
  if (!M->isIntegerType() || M->isDependentType() || C.getTypeSize(M) >= 64)
    return nullptr;
  return M.getTypePtr();
}

/// What a 32-lane full mask does to a *_sync call on AMD: with a 32-bit
/// type it fails HIP's static_assert; as a 64-bit value it leaves lanes
/// 32-63 out.
static std::string fullMaskConsequence(const CallExpr *Call,
                                       const ASTContext &C) {
  if (const Type *M = narrowMaskType(Call, C))
    return "as a 32-bit '" + QualType(M, 0).getAsString() +
           "' it does not even compile for AMD GPUs (HIP's *_sync "
           "static_assert a 64-bit mask, ROCm 6.2+)";
  return "HIP *_sync intrinsics take 64-bit masks (ROCm 6.2+), so lanes "
         "32-63 take part undefined";
}

/// `__shfl_up_sync(mask, v, d)` with `uint32_t mask`: HIP's *_sync
/// static_assert a 64-bit mask type ("The mask must be a 64-bit integer",
/// ROCm 6.2 and later), so the call does not compile for AMD at all. The
/// literal 0xffffffff has its own finding; this is every other mask.
void LaneMaskLiteralCheck::reportNarrowMaskType(
    const CallExpr *Call, llvm::StringRef Name, ASTContext &C,
    llvm::function_ref<bool(SourceLocation)> FirstReport) {
  const Type *M = narrowMaskType(Call, C);
  const Expr *Mask = Call->getArg(0);
  if (!M || !FirstReport(Mask->getBeginLoc()))
    return;
  // The type as the code spells it (`uint32_t`), not its canonical form.
  QualType Written = Mask->IgnoreParenImpCasts()->getType();
  if (C.getTypeSize(Written) != C.getTypeSize(QualType(M, 0)))
    Written = QualType(M, 0);
  CheckDiag D;
  D.Level = core::Severity::Error;
  D.Loc = C.getSourceManager().getExpansionLoc(Mask->getBeginLoc());
  if (!Mask->getBeginLoc().isMacroID())
    D.Range = Mask->getSourceRange();
  D.Message = fmt::format(
      "mask '{}' of {} is a {}-bit '{}'; HIP *_sync intrinsics require a "
      "64-bit mask (ROCm 6.2+ static_asserts it), so this does not compile "
      "for AMD GPUs: make it unsigned long long, or pass __activemask()",
      sourceText(Mask->getSourceRange(), C), Name.str(),
      C.getTypeSize(Written), Written.getUnqualifiedType().getAsString());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Mask->IgnoreParenImpCasts()))
    D.Notes.emplace_back(DRE->getDecl()->getLocation(),
                         "declared here; make it unsigned long long");
  report(C, std::move(D));
}

void LaneMaskLiteralCheck::run(const MatchFinder::MatchResult &R) {
  ASTContext &C = *R.Context;
  if (const auto *Shr = R.Nodes.getNodeAs<BinaryOperator>("shr"))
    return checkNarrowRightShift(Shr, C);
  if (const auto *BO = R.Nodes.getNodeAs<BinaryOperator>("shl")) {
    const Expr *L = BO->getLHS();
    auto V = intValue(L, C);
    if (!V || (*V != 1 && *V != -1) || C.getTypeSize(L->getType()) > 32)
      return;
    const Expr *Amount = BO->getRHS();
    const VarDecl *Into = nullptr;
    if (!isLaneLike(Amount, C) && !(Into = combinedInto(BO, C, masks(C))))
      return;
    // `1u << (i & 31)` sets a bit of a 32-bit word: bit packing, not lanes;
    // `1u << (lane / 2)` one bit per pair of lanes.
    if (bitInWord(Amount) || groupBit(Amount, C))
      return;
    // So does `1u << bit` with `const unsigned bit = i % 32` in a function
    // that makes no warp collective (beside a ballot, `b & ((1 << lane) -
    // 1)` tests lanes).
    if (const Expr *Init = constLocalInit(Amount))
      if (const FunctionDecl *F = enclosingFunction(BO, C);
          bitInWord(Init) && F && F->getBody() &&
          !hasWarpCollective(F->getBody()))
        return;
    CheckDiag D;
    D.Level = core::Severity::Error;
    const Expr *Lit = strip(L);
    const auto *IL = dyn_cast<IntegerLiteral>(Lit);
    if (const auto *U = dyn_cast<UnaryOperator>(Lit))
      IL = dyn_cast<IntegerLiteral>(strip(U->getSubExpr()));
    D.Loc = BO->getBeginLoc();
    D.Range = BO->getSourceRange();
    std::string Text = sourceText(BO->getSourceRange(), C);
    D.Message = fmt::format("lane mask '{}' is built in 32-bit arithmetic; "
                            "lanes 32-63 of a 64-lane wavefront shift out: "
                            "use a 64-bit one (1ull)",
                            Text);
    if (Into)
      D.Notes.emplace_back(Into->getLocation(),
                           "'" + Into->getName().str() +
                               "' is used as a lane mask (a *_sync mask "
                               "operand or a ballot)");
    uint64_t Sink = sinkWidth(BO, C);
    if (IL && !IL->getBeginLoc().isMacroID() && (Sink == 0 || Sink > 32)) {
      D.Fixes.push_back(FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(IL->getSourceRange()),
          *V == 1 ? "1ull" : "1ll"));
    }
    report(C, std::move(D));
    return;
  }
  const auto *Call = R.Nodes.getNodeAs<CallExpr>("sync");
  if (!Call || Call->getNumArgs() == 0)
    return;
  const auto *Fn = R.Nodes.getNodeAs<NamedDecl>("fn");
  // A mask is reported once (an instantiation's has its template's
  // location), and not where the project's own shim drops it.
  auto FirstReport = [&](SourceLocation At) {
    return !dropsMask(Fn, C) &&
           Reported
               .insert(C.getSourceManager().getExpansionLoc(At).getRawEncoding())
               .second;
  };
  const Expr *Mask = Call->getArg(0);
  if (isa<CXXDefaultArgExpr>(Mask))
    return;
  const Expr *S = Mask->IgnoreParenImpCasts();
  auto V = intValue(S, C);
  // `unsigned long m = 0xFFFFFFFF; __shfl_sync(m, ...)`: a local mask that
  // holds the literal, reported once, at its initialiser.
  if (!V)
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (VD->isLocalVarDecl() && VD->getInit() && !VD->isConstexpr() &&
            !VD->getType().isConstQualified()) {
          auto IV = intValue(VD->getInit(), C);
          if (!IV || (uint64_t(*IV) & 0xffffffffffffffffull) != 0xffffffffull)
            return reportNarrowMaskType(Call, Fn->getName(), C, FirstReport);
          if (!FirstReport(VD->getInit()->getBeginLoc()))
            return;
          CheckDiag D;
          D.Level = core::Severity::Error;
          D.Loc = VD->getInit()->getBeginLoc();
          D.Range = VD->getInit()->getSourceRange();
          D.Message = fmt::format(
              "mask 0xffffffff in '{}', the mask of {}, names lanes 0-31 "
              "only; {}: use ~0ull or __activemask()",
              VD->getName().str(), Fn->getName().str(),
              fullMaskConsequence(Call, C));
          D.Notes.emplace_back(
              C.getSourceManager().getExpansionLoc(Mask->getBeginLoc()),
              "used as a mask here");
          report(C, std::move(D));
          return;
        }
  if (!V || (uint64_t(*V) & 0xffffffffffffffffull) != 0xffffffffull)
    return reportNarrowMaskType(Call, Fn->getName(), C, FirstReport);
  CheckDiag D;
  D.Level = core::Severity::Error;
  ConstantOrigin O = constantOrigin(S, C, {0xffffffffll});
  D.Loc = O.Loc.isValid() ? O.Loc : Mask->getBeginLoc();
  if (!FirstReport(Mask->getBeginLoc()))
    return;
  if (!Mask->getBeginLoc().isMacroID())
    D.Range = Mask->getSourceRange();
  D.Message = fmt::format(
      "mask 0xffffffff{} of {} names lanes 0-31 only; {}: use ~0ull or "
      "__activemask()",
      O.named() ? " ('" + O.Name + "')" : std::string(), Fn->getName().str(),
      fullMaskConsequence(Call, C));
  if (O.named())
    D.Notes.emplace_back(
        C.getSourceManager().getExpansionLoc(Mask->getBeginLoc()),
        "used as a mask here");
  if (O.K == ConstantOrigin::Literal && !Mask->getBeginLoc().isMacroID() &&
      !Mask->getEndLoc().isMacroID())
    D.Fixes.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getTokenRange(Mask->getSourceRange()),
        "0xffffffffffffffffull"));
  report(C, std::move(D));
}

} // namespace hipport::checks
