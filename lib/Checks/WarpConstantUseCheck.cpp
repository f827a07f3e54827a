#include "Checks/WarpConstantUseCheck.h"
#include "Checks/WarpCountGuard.h"
#include "Checks/Fixer.h"
#include "Checks/SlotArrayFlow.h"
#include "Checks/CudaPatterns.h"
#include "Checks/WidthLayout.h"
#include "Checks/WidthLayoutTile.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/TypeLoc.h"
#include "clang/ASTMatchers/ASTMatchers.h"

#include <fmt/format.h>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipport::checks {

const CheckInfo WarpConstantUseCheck::Info = {
    "wave64-warp-constant-use", core::Severity::Warning,
    "a warp width of 32 passed as a template or call argument that the "
    "callee uses as the warp width, and arrays smaller than the wavefront "
    "indexed by a warpSize lane index"};

WarpConstantUseCheck::WarpConstantUseCheck() : Check(Info) {}
WarpConstantUseCheck::~WarpConstantUseCheck() = default;

void WarpConstantUseCheck::registerMatchers(MatchFinder &F) {
  auto Ours = unless(isExpansionInSystemHeader());
  F.addMatcher(callExpr(Ours, callee(functionDecl())).bind("call"), this);
  F.addMatcher(arraySubscriptExpr(Ours, unless(isInTemplateInstantiation()))
                   .bind("sub"),
               this);
  F.addMatcher(binaryOperator(Ours, hasOperatorName("*"),
                              unless(isInTemplateInstantiation()))
                   .bind("mul"),
               this);
  F.addMatcher(declaratorDecl(Ours, anyOf(varDecl(), fieldDecl()),
                              unless(isInstantiated()))
                   .bind("decl"),
               this);
  F.addMatcher(varDecl(Ours, hasType(constantArrayType())).bind("slots"), this);
  F.addMatcher(forStmt(Ours, unless(isInTemplateInstantiation())).bind("for"),
               this);
  F.addMatcher(functionDecl(Ours, hasAttr(attr::CUDAGlobal),
                            anyOf(hasAttr(attr::CUDALaunchBounds),
                                  hasAttr(attr::AMDGPUFlatWorkGroupSize)),
                            isDefinition(),
                            unless(isTemplateInstantiation()))
                   .bind("kernel"),
               this);
  F.addMatcher(binaryOperator(Ours, hasAnyOperatorName("<<", ">>", "<<=", ">>="),
                              unless(isInTemplateInstantiation()))
                   .bind("shift"),
               this);
  F.addMatcher(binaryOperator(Ours, hasAnyOperatorName("%", "/"),
                              unless(isInTemplateInstantiation()))
                   .bind("lanemath"),
               this);
}

WidthLayout &WarpConstantUseCheck::layout(ASTContext &C) {
  if (!Layout || LayoutCtx != &C) {
    Layout = std::make_unique<WidthLayout>(C);
    LayoutCtx = &C;
  }
  return *Layout;
}

void WarpConstantUseCheck::reportOnce(std::optional<CheckDiag> D,
                                      ASTContext &C) {
  if (D && once(D->Loc, C))
    Layouts.push_back({std::move(*D), Layout->lastRoot(), Layout->lastFunction()});
}

/// Layout uses wait for the end of the TU: a width read in a shift amount
/// anywhere in it counts the bits of a word, not lanes; a width the code
/// computes its lane and warp indices with (`threadIdx.x % kWarpSize`) is
/// its warp width, used consistently: the layouts sized with it (`s[Threads
/// / kWarpSize]`) move with it, and the place to fix is its definition
/// (wave64-compile-time-width, wave64-warp-size-literal).
void WarpConstantUseCheck::onEndOfTranslationUnit() {
  if (Layout && LayoutCtx) {
    const SourceManager &SM = LayoutCtx->getSourceManager();
    for (auto &[D, Root, Func] : Layouts) {
      SourceLocation L = SM.getExpansionLoc(D.Loc);
      // A square tile's edge is said once, by squareTileUses.
      if (!Layout->isBitWidth(Root) && !Layout->countsLanesWith(Root, Func) &&
          !TileLines.count({SM.getFileID(L), SM.getExpansionLineNumber(L)}))
        report(*LayoutCtx, std::move(D));
    }
  }
  for (auto &[Key, Held] : Slots)
    if (once(Held.second.Loc, *Held.first))
      report(*Held.first, std::move(Held.second));
  Slots.clear();
  Layouts.clear();
  TileLines.clear();
  Layout.reset();
  LayoutCtx = nullptr;
}

bool WarpConstantUseCheck::once(SourceLocation Loc, const ASTContext &C) {
  return Reported
      .insert(C.getSourceManager().getExpansionLoc(Loc).getRawEncoding())
      .second;
}

/// A cheap test before any evaluation: an argument spelled as a literal or
/// a name can hold a warp constant; anything else is left alone.
static bool mayBeConstant(const Expr *E) {
  E = strip(E);
  return isa<IntegerLiteral>(E) || isa<DeclRefExpr>(E);
}

void WarpConstantUseCheck::templateArgs(const CallExpr *Call,
                                        const FunctionDecl *F, ASTContext &C) {
  const FunctionTemplateDecl *T = F->getPrimaryTemplate();
  const TemplateArgumentList *Args = F->getTemplateSpecializationArgs();
  const FunctionDecl *Pattern = F->getTemplateInstantiationPattern();
  if (!T || !Args || !Pattern || !Pattern->getBody() ||
      C.getSourceManager().isInSystemHeader(Pattern->getLocation()) ||
      widthFree(laneGroups(C).at(Pattern->getBody()->getBeginLoc())))
    return;
  const auto *Ref = dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreImplicit());
  const TemplateParameterList *Ps = T->getTemplateParameters();
  for (unsigned I = 0; I < Ps->size() && I < Args->size(); ++I) {
    const auto *P = dyn_cast<NonTypeTemplateParmDecl>(Ps->getParam(I));
    const TemplateArgument &A = Args->get(I);
    // A default of 32 is the template's own constant (warp-size-literal's).
    if (!P || P->hasDefaultArgument() ||
        A.getKind() != TemplateArgument::Integral || A.getAsIntegral() != 32)
      continue;
    std::vector<WarpWidthUse> Uses = widthUsesOf(Pattern->getBody(), P, C);
    if (Uses.empty())
      continue;
    SourceLocation ArgLoc = Call->getBeginLoc();
    if (Ref && I < Ref->getNumTemplateArgs())
      ArgLoc = Ref->getTemplateArgs()[I].getLocation();
    std::string Name = F->getNameAsString();
    if (once(ArgLoc, C)) {
      CheckDiag D;
      D.Loc = ArgLoc;
      D.Message = fmt::format(
          "template argument 32 makes '{}' the warp width of '{}' ({}); AMD "
          "wavefronts have 64 lanes: pass the wavefront's width",
          P->getName(), Name, Uses.front().What);
      for (const WarpWidthUse &U : Uses)
        D.Notes.emplace_back(U.At->getBeginLoc(), "used as the warp width here");
      report(C, std::move(D));
    }
    for (const WarpWidthUse &U : Uses) {
      if (!once(U.At->getBeginLoc(), C))
        continue;
      CheckDiag D;
      D.Loc = U.At->getBeginLoc();
      D.Range = D.Loc.isMacroID() ? SourceRange() : U.At->getSourceRange();
      D.Message = fmt::format(
          "{} assumes 32-wide warps: '{}' is 32 where '{}' is instantiated; "
          "AMD wavefronts have 64 lanes",
          U.What, P->getName(), Name);
      D.Notes.emplace_back(ArgLoc, "instantiated with 32 here");
      report(C, std::move(D));
    }
  }
}

void WarpConstantUseCheck::callArgs(const CallExpr *Call, const FunctionDecl *F,
                                    ASTContext &C) {
  const FunctionDecl *Def = F->getTemplateInstantiationPattern();
  if (!Def)
    Def = F->getDefinition();
  if (!Def || !Def->getBody() || isShuffleName(calleeName(Call)) ||
      C.getSourceManager().isInSystemHeader(Def->getLocation()))
    return;
  unsigned First = isa<CXXOperatorCallExpr>(Call) ? 1 : 0;
  for (unsigned I = First; I < Call->getNumArgs(); ++I) {
    unsigned PI = I - First;
    const Expr *A = Call->getArg(I);
    if (PI >= Def->getNumParams() || isa<CXXDefaultArgExpr>(A) ||
        !mayBeConstant(A))
      continue;
    ConstantOrigin O = constantOrigin(A, C, {32});
    if (O.K == ConstantOrigin::None || O.Value != 32)
      continue;
    const ParmVarDecl *P = Def->getParamDecl(PI);
    std::vector<WarpWidthUse> Uses = widthUsesOf(Def->getBody(), P, C);
    if (Uses.empty() || !once(A->getBeginLoc(), C))
      continue;
    CheckDiag D;
    // Where the argument is passed, not where its macro is defined.
    D.Loc = C.getSourceManager().getExpansionLoc(A->getBeginLoc());
    D.Range = A->getBeginLoc().isMacroID() ? SourceRange() : A->getSourceRange();
    D.Message = fmt::format(
        "argument '{}' (= 32) is the warp width of '{}': parameter '{}' is "
        "used as the {}; AMD wavefronts have 64 lanes: pass warpSize",
        sourceText(A->getSourceRange(), C), F->getNameAsString(),
        P->getName(), Uses.front().What);
    for (const WarpWidthUse &U : Uses)
      D.Notes.emplace_back(U.At->getBeginLoc(), "used as the warp width here");
    // In device code the run-time width is at hand: pass it. A host
    // launch passes the width the device reports.
    const FunctionDecl *Caller = enclosingFunction(Call, C);
    bool Literal =
        O.K == ConstantOrigin::Literal && !A->getBeginLoc().isMacroID();
    if (Literal && Caller &&
        (Caller->hasAttr<CUDADeviceAttr>() || Caller->hasAttr<CUDAGlobalAttr>()))
      D.Fixes.push_back(
          FixItHint::CreateReplacement(A->getSourceRange(), "warpSize"));
    else if (Literal && Caller && isa<CUDAKernelCallExpr>(Call))
      if (auto Query = deviceWarpWidthQuery(C))
        D.Fixes.push_back(
            FixItHint::CreateReplacement(A->getSourceRange(), *Query));
    report(C, std::move(D));
  }
}

/// True when the array's size is written with warpSize (`s[1024 /
/// warpSize]`, one slot per warp): 16 slots on a 64-lane wavefront, so a
/// lane reads past them unless the thread index is bounded by the number of
/// warps.
static bool sizedByWidth(const Expr *Base, const ASTContext &C) {
  const auto *DRE = dyn_cast<DeclRefExpr>(Base);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->getTypeSourceInfo())
    return false;
  TypeLoc TL = VD->getTypeSourceInfo()->getTypeLoc();
  while (auto AT = TL.getAs<ArrayTypeLoc>()) {
    if (findWarpSizeRef(AT.getSizeExpr(), C))
      return true;
    TL = AT.getElementLoc();
  }
  return false;
}

void WarpConstantUseCheck::laneIndexedArray(const ArraySubscriptExpr *Sub,
                                            ASTContext &C) {
  const Expr *Base = Sub->getBase()->IgnoreParenImpCasts();
  const ConstantArrayType *AT = C.getAsConstantArrayType(Base->getType());
  if (!AT || AT->getSize().uge(64) || AT->getSize().ult(2))
    return;
  const Expr *Idx = Sub->getIdx();
  // 32 slots hold a slot for each warp of any block, at 32 lanes or 64.
  bool SlotPerWarp = sizedByWidth(Base, C) || AT->getSize().uge(32);
  if (!isWidthLaneIndex(Idx, C) || guardedIndex(Sub, Idx, SlotPerWarp, C) ||
      !once(Sub->getBeginLoc(), C))
    return;
  CheckDiag D;
  D.Loc = Sub->getBeginLoc();
  D.Range = D.Loc.isMacroID() ? SourceRange() : Sub->getSourceRange();
  D.Level = core::Severity::Error;
  uint64_t N = AT->getSize().getZExtValue();
  D.Message = fmt::format(
      "'{}' indexes an array of {} elements with a lane of a warpSize-wide "
      "warp: lanes {}-63 of a 64-lane wavefront read past its end; size it "
      "for 64 lanes or bound the index",
      sourceText(Sub->getSourceRange(), C), N, N);
  report(C, std::move(D));
}

/// A device array of one slot per warp (`__shared__ T s[32]`) indexed,
/// where it is declared or in the helpers it is handed to, with a width the
/// slots were not counted for (SlotArrayFlow). The finding goes to the
/// declaration, where the fix goes; a template's instantiations and its
/// pattern may say it differently, so the strongest is kept to the end of
/// the TU.
void WarpConstantUseCheck::slotArray(const VarDecl *VD, ASTContext &C) {
  const auto *Func =
      dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  if (!VD->isLocalVarDecl() || !Func ||
      !(Func->hasAttr<CUDADeviceAttr>() || Func->hasAttr<CUDAGlobalAttr>()))
    return;
  std::optional<SlotUse> U = slotUseOf(VD, Func, C);
  if (!U)
    return;
  unsigned Key =
      C.getSourceManager().getExpansionLoc(VD->getLocation()).getRawEncoding();
  // A template's pattern and its instantiations: the overrun wins.
  if (Slots.count(Key) && U->K != SlotUse::LaneOverrun)
    return;
  uint64_t N = C.getAsConstantArrayType(VD->getType())->getSize().getZExtValue();
  std::string Sub = sourceText(U->Sub->getSourceRange(), C);
  std::string Callee;
  if (U->Via && !calleeName(U->Via).empty())
    Callee = fmt::format(" (in '{}')", calleeName(U->Via).str());
  CheckDiag D;
  D.Loc = VD->getLocation();
  switch (U->K) {
  case SlotUse::LaneOverrun:
    D.Level = core::Severity::Error;
    D.Message = fmt::format(
        "'{}' has {} slots, but '{}'{} indexes it with a lane of a "
        "warpSize-wide warp: lanes {}-63 of a 64-lane wavefront go past its "
        "end; size it for 64 lanes",
        VD->getName(), N, Sub, Callee, N);
    break;
  case SlotUse::WidthWarp:
    D.Message = fmt::format(
        "'{}' has 32 slots, one per warp of 32 lanes, but '{}'{} counts warps "
        "with warpSize: the slots and the warp index disagree at wave64; size "
        "it with the width the index uses",
        VD->getName(), Sub, Callee);
    break;
  case SlotUse::Warp32:
    D.Message = fmt::format(
        "'{}' has 32 slots, one per 32-lane warp ('{}'{}), while the warp is "
        "collected at full width: a 64-lane wavefront spans two slots; count "
        "warps and size the slots with warpSize",
        VD->getName(), Sub, Callee);
    break;
  }
  const SourceManager &SM = C.getSourceManager();
  if (U->Via)
    D.Notes.emplace_back(SM.getExpansionLoc(U->Via->getBeginLoc()),
                         "handed on here");
  D.Notes.emplace_back(SM.getExpansionLoc(U->Sub->getBeginLoc()),
                       "indexed here");
  Slots[Key] = {&C, std::move(D)};
}

/// `wid * warpSize` where `wid = tid / 32` (or `tid >> 5`): a warp index of
/// 32-wide warps scaled by the run-time width. At wave64 the two disagree:
/// warp 1 starts at element 64 while its threads are 32-63 of warp 0's
/// wavefront, so rows are skipped or read twice.
void WarpConstantUseCheck::mixedWidth(const BinaryOperator *Mul,
                                      ASTContext &C) {
  for (auto [W, X] : {std::pair(Mul->getLHS(), Mul->getRHS()),
                      std::pair(Mul->getRHS(), Mul->getLHS())}) {
    if (!isWarpSizeRef(W, C))
      continue;
    const auto *DRE = dyn_cast<DeclRefExpr>(strip(X));
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    const auto *Init =
        VD && VD->isLocalVarDecl() && VD->getInit()
            ? dyn_cast<BinaryOperator>(strip(VD->getInit()))
            : nullptr;
    std::optional<LaneMath> LM = Init ? laneMath(Init, C) : std::nullopt;
    if (!LM || (LM->K != LaneMath::Div && LM->K != LaneMath::Shr) ||
        !once(Mul->getBeginLoc(), C))
      return;
    CheckDiag D;
    D.Loc = Mul->getBeginLoc();
    D.Range = D.Loc.isMacroID() ? SourceRange() : Mul->getSourceRange();
    D.Level = core::Severity::Error;
    D.Message = fmt::format(
        "'{}' scales '{}', a warp index of 32-wide warps ('{}'), by warpSize: "
        "on a 64-lane wavefront the two widths disagree and the layout skips "
        "or overlaps rows; compute the warp index with warpSize",
        sourceText(Mul->getSourceRange(), C), VD->getName(),
        sourceText(Init->getSourceRange(), C));
    D.Notes.emplace_back(Init->getOperatorLoc(), "warp index computed here");
    report(C, std::move(D));
    return;
  }
}

void WarpConstantUseCheck::run(const MatchFinder::MatchResult &R) {
  ASTContext &C = *R.Context;
  if (const auto *Mul = R.Nodes.getNodeAs<BinaryOperator>("mul")) {
    mixedWidth(Mul, C);
    return reportOnce(layout(C).onMul(Mul), C);
  }
  if (const auto *DD = R.Nodes.getNodeAs<DeclaratorDecl>("decl"))
    return reportOnce(layout(C).onDecl(DD), C);
  if (const auto *K = R.Nodes.getNodeAs<FunctionDecl>("kernel")) {
    const SourceManager &SM = C.getSourceManager();
    for (CheckDiag &D : squareTileUses(K, C)) {
      TileLines.insert({SM.getFileID(D.Loc), SM.getExpansionLineNumber(D.Loc)});
      if (once(D.Loc, C))
        report(C, std::move(D));
    }
    return;
  }
  if (const auto *For = R.Nodes.getNodeAs<ForStmt>("for"))
    return reportOnce(layout(C).onFor(For), C);
  if (const auto *Shift = R.Nodes.getNodeAs<BinaryOperator>("shift"))
    return layout(C).noteShift(Shift);
  if (const auto *LM = R.Nodes.getNodeAs<BinaryOperator>("lanemath"))
    return layout(C).noteLaneMath(LM);
  if (const auto *Sub = R.Nodes.getNodeAs<ArraySubscriptExpr>("sub")) {
    if (std::optional<CheckDiag> D = literalWarpCountGuard(Sub, C))
      if (once(D->Loc, C))
        report(C, std::move(*D));
    return laneIndexedArray(Sub, C);
  }
  if (const auto *VD = R.Nodes.getNodeAs<VarDecl>("slots"))
    return slotArray(VD, C);
  const auto *Call = R.Nodes.getNodeAs<CallExpr>("call");
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  if (!F)
    return;
  if (F->isTemplateInstantiation())
    templateArgs(Call, F, C);
  callArgs(Call, F, C);
  reportOnce(layout(C).onCall(Call), C);
}

} // namespace hipport::checks
