#include "Checks/BallotMaskWidthCheck.h"
#include "Checks/CudaPatterns.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"

#include <fmt/format.h>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipport::checks {

const CheckInfo BallotMaskWidthCheck::Info = {
    "wave64-ballot-mask-width", core::Severity::Error,
    "ballot and lane-mask results narrowed to 32 bits, or counted with "
    "32-bit __popc/__ffs/__clz/__brev"};

static internal::BindableMatcher<Stmt> ballotIntrinsic() {
  return expr(anyOf(
      callExpr(callee(functionDecl(hasAnyName(
          "__ballot", "__ballot_sync", "__activemask", "__lanemask_lt",
          "__lanemask_le", "__lanemask_gt", "__lanemask_ge", "__lanemask_eq")))),
      cxxMemberCallExpr(callee(cxxMethodDecl(hasName("ballot"))))));
}

/// A ballot, or one gated by a condition (`__ballot(p) * (x < n)`: all of
/// its bits or none; see heldBallot).
static internal::BindableMatcher<Stmt> ballotCall() {
  return expr(anyOf(
      ballotIntrinsic(),
      binaryOperator(hasOperatorName("*"),
                     hasEitherOperand(ignoringParenImpCasts(ballotIntrinsic())),
                     hasEitherOperand(ignoringParenImpCasts(
                         expr(hasType(booleanType())))))));
}

/// A value holding a ballot: the call itself, a local variable initialised
/// from one ("src"), or either combined with & | ^ (`b & mask`).
static internal::BindableMatcher<Stmt> maskValue() {
  auto Held = anyOf(ballotCall(),
                    declRefExpr(to(varDecl(hasLocalStorage(),
                                           hasInitializer(ignoringParenImpCasts(
                                               ballotCall())))
                                       .bind("src"))));
  return expr(anyOf(Held, binaryOperator(hasAnyOperatorName("&", "|", "^"),
                                         hasEitherOperand(
                                             ignoringParenImpCasts(Held)))));
}

/// A type a template instantiation was given (`MaskT m = __ballot(p)` with
/// MaskT = unsigned), not one written in the source: no fix-it there, as it
/// would change every instantiation.
static bool substituted(QualType T) {
  return !T.isNull() && T->getAs<SubstTemplateTypeParmType>();
}

/// A local variable holding a ballot: initialised from one.
static internal::BindableMatcher<Decl> maskVar() {
  return varDecl(hasInitializer(ignoringParenCasts(ballotCall())));
}

static bool narrow(QualType T, const ASTContext &Ctx) {
  if (T.isNull() || T->isDependentType() || !T->isIntegerType() ||
      T->isBooleanType())
    return false;
  return Ctx.getTypeSize(T) < 64;
}

void BallotMaskWidthCheck::registerMatchers(MatchFinder &F) {
  // Stores, counts, comparisons, vote predicates and mask helpers match in
  // template instantiations too: a ballot whose predicate depends on T, or
  // a mask of type T, is only resolved there. Each place is reported once
  // (Reported), whichever instantiation reaches it first. Masks known from
  // their use (LaneMaskVars) are read in templates only.
  auto NotInst = unless(isInTemplateInstantiation());
  F.addMatcher(functionDecl(isDefinition(), mayCallBallot(),
                            hasBody(hasDescendant(returnStmt(hasReturnValue(
                                ignoringParenImpCasts(ballotIntrinsic()))))))
                   .bind("wrapdef"),
               this);
  // A wrapper's result, a ballot's, inside the matched node: none without a
  // ballot call in the TU (#17).
  F.addMatcher(varDecl(tuCallsBallot(),
                       hasInitializer(ignoringParenImpCasts(
                           callExpr(unless(ballotIntrinsic())).bind("wcall"))),
                       hasLocalStorage(), unless(isInstantiated()))
                   .bind("wvar"),
               this);
  F.addMatcher(
      varDecl(tuCallsBallot(),
              hasInitializer(ignoringParenImpCasts(maskValue().bind("b"))))
          .bind("var"),
      this);
  F.addMatcher(binaryOperator(tuCallsBallot(), isAssignmentOperator(),
                              hasRHS(ignoringParenImpCasts(maskValue().bind("b"))))
                   .bind("assign"),
               this);
  F.addMatcher(
      callExpr(tuCallsBallot(),
               forEachArgumentWithParam(
                   ignoringParenImpCasts(ballotCall().bind("b")),
                   parmVarDecl().bind("parm")),
               unless(callee(functionDecl(
                   hasAnyName("__popc", "__ffs", "__clz", "__brev")))))
          .bind("call"),
      this);
  F.addMatcher(
      returnStmt(tuCallsBallot(),
                 hasReturnValue(ignoringParenImpCasts(maskValue().bind("b"))),
                 forFunction(functionDecl().bind("fn")))
          .bind("ret"),
      this);
  // A held mask cast explicitly (`int(act)`) is narrowed on purpose.
  F.addMatcher(explicitCastExpr(tuCallsBallot(),
                                hasSourceExpression(ignoringParenImpCasts(
                                    ballotCall().bind("b"))))
                   .bind("cast"),
               this);
  F.addMatcher(
      callExpr(callee(functionDecl(
                   hasAnyName("__popc", "__ffs", "__clz", "__brev"))
                   .bind("bitfn")),
               hasArgument(0, ignoringParenCasts(anyOf(
                                  ballotCall(),
                                  declRefExpr(to(maskVar().bind("mv"))),
                                  binaryOperator(
                                      hasAnyOperatorName("&", "|", "^"),
                                      hasEitherOperand(ignoringParenCasts(
                                          anyOf(ballotCall(),
                                                declRefExpr(to(maskVar().bind(
                                                    "mv")))))))))))
          .bind("bitop"),
      this);
  // A 64-bit value as the int predicate of a vote (`__ballot(m & 1ull <<
  // lane)`): cut to its low 32 bits before the vote sees it.
  F.addMatcher(
      callExpr(callee(functionDecl(hasAnyName("__ballot", "__ballot_sync",
                                              "__any", "__any_sync", "__all",
                                              "__all_sync"))
                          .bind("votefn")))
          .bind("vote"),
      this);
  // A helper counting a 32-bit mask parameter (`popc(uint32_t mask)`).
  F.addMatcher(callExpr(callee(functionDecl(hasAnyName("__popc", "__ffs",
                                                       "__clz", "__brev"))),
                        hasArgument(0, ignoringParenImpCasts(declRefExpr(
                                           to(parmVarDecl())))))
                   .bind("maskhelper"),
               this);
  // Masks known from their use rather than from a ballot (LaneMaskVars).
  F.addMatcher(callExpr(NotInst, hasArgument(0, expr())).bind("maskuse"),
               this);
  F.addMatcher(
      binaryOperator(hasAnyOperatorName("==", "!="),
                     hasEitherOperand(ignoringParenCasts(
                         anyOf(ballotCall(), declRefExpr(to(maskVar()))))),
                     hasEitherOperand(ignoringParenImpCasts(
                         integerLiteral(equals(0xffffffffu)).bind("full"))))
          .bind("cmp"),
      this);
}

static std::string wideSpelling(llvm::StringRef Written) {
  if (Written.contains("uint32_t"))
    return "uint64_t";
  return "unsigned long long";
}

LaneMaskVars &BallotMaskWidthCheck::masks(ASTContext &C) {
  if (!Masks)
    Masks = std::make_unique<LaneMaskVars>(C);
  return *Masks;
}

bool BallotMaskWidthCheck::runMaskUse(const CallExpr *Call, ASTContext &C) {
  const SourceManager &SM = C.getSourceManager();
  if (SM.isInSystemHeader(SM.getExpansionLoc(Call->getBeginLoc())))
    return false;
  llvm::StringRef Name = calleeName(Call);
  CheckDiag D;
  D.Level = core::Severity::Error;
  if (Name == "__popc" || Name == "__ffs" || Name == "__clz" ||
      Name == "__brev") {
    // Only a 64-bit mask: a 32-bit copy of one lost its lanes where it was
    // narrowed, which is the place to report and to fix.
    const VarDecl *M = masks(C).maskIn(Call->getArg(0));
    if (!M || narrow(M->getType(), C))
      return false;
    std::string Wide = Name.str() + "ll";
    D.Loc = Call->getBeginLoc();
    D.Range = Call->getSourceRange();
    D.Message = fmt::format("{} counts 32 bits of a 64-bit lane mask; use {}",
                            Name.str(), Wide);
    D.Notes.emplace_back(M->getLocation(),
                         "'" + M->getName().str() +
                             "' holds a lane mask (a *_sync mask operand or a "
                             "ballot, or a copy of one)");
  } else {
    // The TU's own function taking a whole mask in a 32-bit parameter:
    // reported at the parameter, where the width is written.
    const FunctionDecl *F = Call->getDirectCallee();
    if (!F || isSyncIntrinsicName(Name))
      return false;
    if (const FunctionDecl *P = F->getTemplateInstantiationPattern())
      F = P;
    const FunctionDecl *Def = nullptr;
    if (!F->hasBody(Def))
      return false;
    for (unsigned I = 0; I < Call->getNumArgs() && I < Def->getNumParams(); ++I) {
      const ParmVarDecl *Parm = Def->getParamDecl(I);
      const VarDecl *M = masks(C).maskIn(Call->getArg(I));
      if (!M || !masks(C).fromWide(M) || !narrow(Parm->getType(), C) ||
          SM.isInSystemHeader(SM.getExpansionLoc(Parm->getLocation())))
        continue;
      D.Loc = Parm->getLocation();
      D.Range = Parm->getSourceRange();
      D.Message = fmt::format(
          "parameter '{}' is 32-bit '{}', but receives the 64-bit lane mask "
          "'{}': lanes 32-63 are lost; make it unsigned long long",
          Parm->getName().str(), Parm->getType().getAsString(),
          M->getName().str());
      D.Notes.emplace_back(Call->getArg(I)->getBeginLoc(), "passed here");
      break;
    }
    if (D.Message.empty())
      return false;
  }
  if (!Reported.insert(SM.getExpansionLoc(D.Loc).getRawEncoding()).second)
    return true;
  report(C, std::move(D));
  return true;
}

void BallotMaskWidthCheck::runVotePredicate(const MatchFinder::MatchResult &R) {
  ASTContext &C = *R.Context;
  const SourceManager &SM = C.getSourceManager();
  const auto *Fn = R.Nodes.getNodeAs<FunctionDecl>("votefn");
  const auto *Call = R.Nodes.getNodeAs<CallExpr>("vote");
  // The predicate is the last parameter; a *_sync's mask operand is 32-bit
  // in CUDA's declaration only (see "parm" below).
  unsigned Last = Fn->getNumParams();
  if (Last == 0 || Call->getNumArgs() != Last ||
      !narrow(Fn->getParamDecl(Last - 1)->getType(), C))
    return;
  const auto *Cut =
      dyn_cast<ImplicitCastExpr>(Call->getArg(Last - 1)->IgnoreParens());
  if (!Cut || Cut->getCastKind() != CK_IntegralCast)
    return;
  const Expr *Wide = Cut->getSubExpr();
  QualType WT = Wide->getType();
  if (WT->isDependentType() || !WT->isIntegerType() || C.getTypeSize(WT) < 64 ||
      SM.isInSystemHeader(SM.getExpansionLoc(Wide->getBeginLoc())))
    return;
  CheckDiag D;
  D.Level = core::Severity::Error;
  D.Loc = SM.getExpansionLoc(Cut->getBeginLoc());
  if (!Cut->getBeginLoc().isMacroID())
    D.Range = Cut->getSourceRange();
  D.Message = fmt::format(
      "the predicate of {} is a 32-bit int, so the 64-bit '{}' is cut to its "
      "low 32 bits: lanes 32-63 vote on bits that are always 0; pass a "
      "comparison ('({}) != 0')",
      Fn->getName().str(), WT.getUnqualifiedType().getAsString(),
      sourceText(Wide->getSourceRange(), C));
  SourceRange WR = Wide->getSourceRange();
  if (WR.isValid() && !WR.getBegin().isMacroID() && !WR.getEnd().isMacroID()) {
    D.Fixes.push_back(FixItHint::CreateInsertion(WR.getBegin(), "("));
    D.Fixes.push_back(FixItHint::CreateInsertion(
        Lexer::getLocForEndOfToken(WR.getEnd(), 0, SM, C.getLangOpts()),
        ") != 0"));
  }
  if (!Reported.insert(SM.getExpansionLoc(D.Loc).getRawEncoding()).second)
    return;
  report(C, std::move(D));
}

/// A file that hands out whole lane masks (a wrapper returning __ballot or
/// __activemask, 64-bit in HIP) and counts a 32-bit parameter named a mask
/// with __popc/__ffs/__clz/__brev: that helper is the file's mask counter,
/// and every mask it is given loses lanes 32-63.
void BallotMaskWidthCheck::onEndOfTranslationUnit() {
  for (auto [Call, C] : MaskHelpers) {
    const SourceManager &SM = C->getSourceManager();
    const auto *Parm = cast<ParmVarDecl>(
        cast<DeclRefExpr>(Call->getArg(0)->IgnoreParenImpCasts())->getDecl());
    SourceLocation At = SM.getExpansionLoc(Parm->getLocation());
    if (!narrow(Parm->getType(), *C) || SM.isInSystemHeader(At) ||
        !WrapperFiles.count(SM.getFileID(At)) ||
        !llvm::StringRef(Parm->getName().lower()).contains("mask"))
      continue;
    CheckDiag D;
    D.Level = core::Severity::Error;
    D.Loc = At;
    D.Message = fmt::format(
        "lane-mask parameter '{}' is 32-bit '{}' and counted with {}, in a "
        "file whose ballot wrappers return 64-bit HIP masks: lanes 32-63 of "
        "every mask it is given are lost; make it unsigned long long and "
        "use {}ll",
        Parm->getName().str(), Parm->getType().getAsString(),
        calleeName(Call).str(), calleeName(Call).str());
    D.Notes.emplace_back(SM.getExpansionLoc(Call->getBeginLoc()),
                         "counted here");
    if (Reported.insert(At.getRawEncoding()).second)
      report(*C, std::move(D));
  }
  MaskHelpers.clear();
}

bool BallotMaskWidthCheck::runWrapper(const MatchFinder::MatchResult &R) {
  ASTContext &C = *R.Context;
  const SourceManager &SM = C.getSourceManager();
  if (const auto *Def = R.Nodes.getNodeAs<FunctionDecl>("wrapdef")) {
    // A wrapper returning a whole 64-bit ballot (`return __ballot(p);`):
    // its callers narrow the result as often as callers of the intrinsic.
    if (!narrow(Def->getReturnType(), C)) {
      Wrappers.insert(Def->getName().str());
      WrapperFiles.insert(SM.getFileID(SM.getExpansionLoc(Def->getLocation())));
    }
    return true;
  }
  const auto *VD = R.Nodes.getNodeAs<VarDecl>("wvar");
  if (!VD)
    return false;
  // Matched by name: in the host pass CUDA's own overloads of the name may
  // win overload resolution, HIP has none.
  const auto *Call = R.Nodes.getNodeAs<CallExpr>("wcall");
  if (!Wrappers.count(calleeName(Call).str()) || !narrow(VD->getType(), C))
    return true;
  CheckDiag D;
  D.Level = core::Severity::Error;
  D.Loc = VD->getLocation();
  D.Range = VD->getSourceRange();
  D.Message = fmt::format(
      "result of ballot wrapper '{}' stored in 32-bit '{}': it returns a "
      "64-bit lane mask, lanes 32-63 are lost",
      calleeName(Call).str(), VD->getType().getUnqualifiedType().getAsString());
  report(C, std::move(D));
  return true;
}

void BallotMaskWidthCheck::run(const MatchFinder::MatchResult &R) {
  ASTContext &C = *R.Context;
  const SourceManager &SM = C.getSourceManager();
  if (const auto *Use = R.Nodes.getNodeAs<CallExpr>("maskuse")) {
    runMaskUse(Use, C);
    return;
  }
  if (const auto *H = R.Nodes.getNodeAs<CallExpr>("maskhelper")) {
    MaskHelpers.emplace_back(H, R.Context);
    return;
  }
  if (R.Nodes.getNodeAs<CallExpr>("vote")) {
    runVotePredicate(R);
    return;
  }
  auto ballotName = [&]() -> std::string {
    const auto *B = R.Nodes.getNodeAs<Expr>("b");
    if (const auto *CE = dyn_cast_or_null<CallExpr>(B))
      return calleeName(CE).str();
    return "ballot";
  };
  // A 32-bit variable holding the ballot is reported where it is declared.
  if (const auto *Src = R.Nodes.getNodeAs<VarDecl>("src"))
    if (narrow(Src->getType(), C))
      return;
  if (runWrapper(R))
    return;
  CheckDiag D;
  D.Level = core::Severity::Error;
  if (const auto *VD = R.Nodes.getNodeAs<VarDecl>("var")) {
    if (!narrow(VD->getType(), C) || !VD->getTypeSourceInfo())
      return;
    TypeLoc TL = VD->getTypeSourceInfo()->getTypeLoc();
    if (TL.getContainedAutoTypeLoc())
      return;
    // Written in the source (not a type the template was given): one fix
    // for every instantiation.
    bool Written = !substituted(TL.getType());
    SourceRange TR = TL.getUnqualifiedLoc().getSourceRange();
    D.Loc = VD->getLocation();
    D.Range = TR;
    D.Message = fmt::format(
        "result of {} stored in 32-bit '{}': HIP ballots and lane masks are "
        "64-bit, lanes 32-63 are lost",
        ballotName(), VD->getType().getUnqualifiedType().getAsString());
    if (Written && TR.isValid() && !TR.getBegin().isMacroID() &&
        !TR.getEnd().isMacroID())
      D.Fixes.push_back(FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(TR),
          wideSpelling(sourceText(TR, C))));
  } else if (const auto *BO = R.Nodes.getNodeAs<BinaryOperator>("assign")) {
    if (!narrow(BO->getLHS()->getType(), C))
      return;
    D.Loc = BO->getOperatorLoc();
    D.Range = BO->getSourceRange();
    D.Message = fmt::format("result of {} assigned to 32-bit '{}': lanes "
                            "32-63 are lost",
                            ballotName(), sourceText(BO->getLHS()->getSourceRange(), C));
    if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
      D.Notes.emplace_back(DRE->getDecl()->getLocation(),
                           "declared here; make it unsigned long long");
  } else if (const auto *P = R.Nodes.getNodeAs<ParmVarDecl>("parm")) {
    if (!narrow(P->getType(), C))
      return;
    // The mask operand of a *_sync intrinsic: 32-bit in CUDA's declaration,
    // 64-bit in HIP's, so passing a ballot there loses nothing once ported.
    if (const auto *CE = R.Nodes.getNodeAs<CallExpr>("call"))
      if (isSyncIntrinsicName(calleeName(CE)) && CE->getNumArgs() > 0 &&
          CE->getArg(0)->IgnoreParenImpCasts() ==
              R.Nodes.getNodeAs<Expr>("b"))
        return;
    const auto *B = R.Nodes.getNodeAs<Expr>("b");
    D.Loc = B->getBeginLoc();
    D.Range = B->getSourceRange();
    D.Message = fmt::format("result of {} passed as 32-bit parameter '{}': "
                            "lanes 32-63 are lost",
                            ballotName(), P->getName().str());
    D.Notes.emplace_back(P->getLocation(), "parameter declared here");
  } else if (const auto *Ret = R.Nodes.getNodeAs<ReturnStmt>("ret")) {
    const auto *Fn = R.Nodes.getNodeAs<FunctionDecl>("fn");
    if (!narrow(Fn->getReturnType(), C))
      return;
    D.Loc = Ret->getBeginLoc();
    D.Range = Ret->getSourceRange();
    D.Message = fmt::format("result of {} returned as 32-bit '{}': lanes "
                            "32-63 are lost",
                            ballotName(), Fn->getReturnType().getAsString());
    D.Notes.emplace_back(Fn->getLocation(), "function declared here");
  } else if (const auto *Cast = R.Nodes.getNodeAs<ExplicitCastExpr>("cast")) {
    if (!narrow(Cast->getType(), C))
      return;
    D.Loc = Cast->getBeginLoc();
    D.Range = Cast->getSourceRange();
    D.Message = fmt::format("result of {} cast to 32-bit '{}': lanes 32-63 "
                            "are lost",
                            ballotName(), Cast->getType().getAsString());
  } else if (const auto *Call = R.Nodes.getNodeAs<CallExpr>("bitop")) {
    const auto *Fn = R.Nodes.getNodeAs<FunctionDecl>("bitfn");
    std::string Wide = Fn->getName().str() + "ll";
    D.Loc = Call->getBeginLoc();
    D.Range = Call->getSourceRange();
    D.Message = fmt::format("{} counts 32 bits of a 64-bit lane mask; use {}",
                            Fn->getName().str(), Wide);
    SourceLocation CL = Call->getCallee()->getBeginLoc();
    if (!CL.isMacroID())
      D.Fixes.push_back(FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(CL, CL), Wide));
    if (const auto *MV = R.Nodes.getNodeAs<VarDecl>("mv"))
      D.Notes.emplace_back(MV->getLocation(), "mask computed here");
  } else if (const auto *Cmp = R.Nodes.getNodeAs<BinaryOperator>("cmp")) {
    const auto *Full = R.Nodes.getNodeAs<IntegerLiteral>("full");
    D.Loc = Full->getBeginLoc();
    D.Range = Cmp->getSourceRange();
    D.Message = "ballot compared with 0xffffffff, the full mask of 32 lanes; "
                "on a 64-lane wavefront the full mask is ~0ull (or compare "
                "with __activemask())";
  } else {
    return;
  }
  (void)SM;
  if (!Reported.insert(SM.getExpansionLoc(D.Loc).getRawEncoding()).second)
    return;
  report(C, std::move(D));
}

} // namespace hipport::checks
