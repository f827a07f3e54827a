#include "Checks/ShuffleWidthCheck.h"
#include "Checks/CudaPatterns.h"
#include "Checks/HalfLocalShuffles.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"

#include <fmt/format.h>

#include <optional>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipport::checks {

const CheckInfo ShuffleWidthCheck::Info = {
    "wave64-shuffle-width", core::Severity::Warning,
    "shuffles without a width argument where the lane math assumes 32 lanes"};

void ShuffleWidthCheck::registerMatchers(MatchFinder &F) {
  F.addMatcher(
      // Calls in system headers first: no name is built for them.
      callExpr(unless(isExpansionInSystemHeader()),
               callee(functionDecl(anyOf(
                   hasAnyName("__shfl", "__shfl_up", "__shfl_down",
                              "__shfl_xor", "__shfl_sync", "__shfl_up_sync",
                              "__shfl_down_sync", "__shfl_xor_sync"),
                   // Wrappers: PyTorch's WARP_SHFL*, a project's shfl_xor().
                   nameMatches(namesShuffleWrapper)))),
               unless(isInTemplateInstantiation()),
               forFunction(functionDecl().bind("fn")))
          .bind("shfl"),
      this);
}

/// The index of F's width argument: the intrinsics', PyTorch's wrappers'
/// (ATen/cuda/DeviceUtils.cuh: `WARP_SHFL(value, lane, width = warpSize,
/// mask)`), or a wrapper's parameter with a default that its body passes as
/// an intrinsic's width.
static std::optional<unsigned> widthIndex(const FunctionDecl *F,
                                          ASTContext &C, unsigned Depth = 0);

/// True when Body hands P on as the width of a wrapper it calls (a complex
/// shuffle made of two real ones: `sshfl(v.x, lane, width)`).
static bool passesOnAsWidth(const Stmt *Body, const ParmVarDecl *P,
                            ASTContext &C, unsigned Depth) {
  if (!Body)
    return false;
  if (const auto *CE = dyn_cast<CallExpr>(Body))
    if (const FunctionDecl *G = CE->getDirectCallee();
        G && !isShuffleName(calleeName(CE)))
      if (auto I = widthIndex(G, C, Depth + 1); I && *I < CE->getNumArgs())
        if (const auto *DRE = dyn_cast<DeclRefExpr>(strip(CE->getArg(*I))))
          if (DRE->getDecl() == P)
            return true;
  for (const Stmt *Ch : Body->children())
    if (passesOnAsWidth(Ch, P, C, Depth))
      return true;
  return false;
}

static std::optional<unsigned> widthIndex(const FunctionDecl *F,
                                          ASTContext &C, unsigned Depth) {
  if (!F || Depth > 2 || !F->getDeclName().isIdentifier())
    return std::nullopt;
  llvm::StringRef N = F->getName();
  if (isShuffleName(N))
    return shuffleWidthIndex(N);
  if (N.starts_with("WARP_SHFL"))
    return 2;
  const FunctionDecl *Def = F->getTemplateInstantiationPattern();
  if (!Def)
    Def = F->getDefinition();
  if (!Def || !Def->getBody())
    return std::nullopt;
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    if (!P->hasDefaultArg())
      continue;
    for (const WarpWidthUse &U : widthUsesOf(Def->getBody(), P, C))
      if (llvm::StringRef(U.What).starts_with("shuffle width"))
        return I;
    if (passesOnAsWidth(Def->getBody(), P, C, Depth))
      return I;
  }
  return std::nullopt;
}

/// True when S computes a lane or warp of threadIdx with anything but a
/// literal 32 (`threadIdx.x % WAVE`, `/ warpSize`), or reads warpSize: the
/// function already handles another width, and a width-32 fix-it would
/// rewrite code its author adapted by hand.
static bool handlesOtherWidth(const Stmt *S, ASTContext &C) {
  if (!S)
    return false;
  if (const auto *E = dyn_cast<Expr>(S); E && isWarpSizeRef(E, C))
    return true;
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if ((BO->getOpcode() == BO_Rem || BO->getOpcode() == BO_Div) &&
        mentionsBuiltin(BO->getLHS(), "threadIdx")) {
      const auto *IL =
          dyn_cast<IntegerLiteral>(BO->getRHS()->IgnoreParenImpCasts());
      if (!IL || IL->getValue() != 32 || IL->getBeginLoc().isMacroID())
        return true;
    }
  for (const Stmt *Ch : S->children())
    if (handlesOtherWidth(Ch, C))
      return true;
  return false;
}

/// True when S reads the device's width: warpSize or a query of it
/// (isQueriedWidth), anywhere in it.
static bool readsQueriedWidth(const Stmt *S, const ASTContext &C) {
  if (const auto *E = dyn_cast_or_null<Expr>(S); E && isQueriedWidth(E, C))
    return true;
  if (S)
    for (const Stmt *Ch : S->children())
      if (readsQueriedWidth(Ch, C))
        return true;
  return false;
}

/// True when E is a lane mask a ballot made: the ballot call, or a local
/// variable it initializes (`unsigned long long bal = __ballot(cond);`).
static bool ballotMask(const Expr *E) {
  E = strip(E);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || !VD->isLocalVarDecl() || !VD->getInit())
      return false;
    E = strip(VD->getInit());
  }
  const auto *CE = dyn_cast<CallExpr>(E);
  return CE && isBallotName(calleeName(CE));
}

/// True when a shuffle's source lane E is a bit position of a ballot mask
/// (`who = __ffsll(bal) - 1`): a lane of the whole wavefront, which the
/// default width reaches. A mask kept in 32 bits (`int bal = __ballot(c)`,
/// `__ffs(bal)`) names lanes 0-31 only, but each is still the lane its bit
/// stands for; the lost lanes are wave64-ballot-mask-width's.
static bool laneOfBallotBit(const Expr *E, unsigned Depth = 0) {
  E = strip(E);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    return VD && VD->isLocalVarDecl() && VD->getInit() && Depth < 2 &&
           laneOfBallotBit(VD->getInit(), Depth + 1);
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->getOpcode() == BO_Sub)
    E = strip(BO->getLHS());
  const auto *CE = dyn_cast<CallExpr>(E);
  if (!CE || CE->getNumArgs() != 1)
    return false;
  llvm::StringRef N = calleeName(CE);
  return (N.contains("ffs") || N.contains("ctz")) && ballotMask(CE->getArg(0));
}

void ShuffleWidthCheck::run(const MatchFinder::MatchResult &R) {
  ASTContext &C = *R.Context;
  const auto *Call = R.Nodes.getNodeAs<CallExpr>("shfl");
  const auto *Fn = R.Nodes.getNodeAs<FunctionDecl>("fn");
  llvm::StringRef Name = calleeName(Call);
  std::optional<unsigned> W = widthIndex(Call->getDirectCallee(), C);
  if (!W)
    return;
  unsigned Width = *W;
  // An explicit width says the author chose the segment size.
  if (Call->getNumArgs() > Width && !isa<CXXDefaultArgExpr>(Call->getArg(Width)))
    return;
  auto LM = findLaneMath(Fn->getBody(), C);
  if (!LM || LM->K == LaneMath::BlockDimDiv)
    return;
  // An offset or source lane computed from the device's width (`off =
  // warpSize / 2`, `wave_size >> 1` with `const int wave_size =
  // __builtin_amdgcn_wavefrontsize()`) was written for the whole
  // wavefront, whatever else the function does.
  for (const Expr *A : Call->arguments())
    if (const auto *DRE = dyn_cast<DeclRefExpr>(A->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (VD->getInit() && readsQueriedWidth(VD->getInit(), C))
          return;
  CheckDiag D;
  D.Loc = Call->getBeginLoc();
  D.Range = Call->getSourceRange();
  bool Indexed =
      Name == "__shfl" || Name == "__shfl_sync" || Name == "WARP_SHFL";
  unsigned SrcAt = Name == "__shfl_sync" ? 2 : 1;
  const Expr *Src =
      Indexed && Call->getNumArgs() > SrcAt ? Call->getArg(SrcAt) : nullptr;
  if (Src && laneOfBallotBit(Src)) {
    D.Level = core::Severity::Note;
    D.Message = fmt::format(
        "{} reads the lane a ballot's bit names, a lane of the whole "
        "wavefront: its default width is right at 64",
        Name.str());
    report(C, std::move(D));
    return;
  }
  // A broadcast from lane 0 reads the wavefront's first lane at any width;
  // where 32-lane math makes lane 32 a second leader, the defect is that
  // math, reported where it is written.
  if (Src && intValue(Src, C) == 0) {
    D.Level = core::Severity::Note;
    D.Message = fmt::format(
        "{} broadcasts lane 0, the wavefront's first lane at any width: "
        "right at 64 as a read; lane math by 32 beside it makes lane 32 a "
        "second leader, which is reported where that math is written",
        Name.str());
    report(C, std::move(D));
    return;
  }
  if (LaneGroups G = laneGroups(C).at(Call->getBeginLoc());
      G == LaneGroups::Wave32Only || G == LaneGroups::OneWarpBlocks) {
    D.Level = core::Severity::Note;
    D.Message = rightAtEitherWidth(
        fmt::format("{} without a width argument beside lane math by 32; ",
                    Name.str()),
        G);
    report(C, std::move(D));
    return;
  }
  // Every lane that uses the result reads its own half: what the author
  // meant at width 32 is what a 64-lane wavefront computes.
  if (HalfRead H = halfRead(Call, Fn->getBody(), C); H != HalfRead::None) {
    D.Level = core::Severity::Note;
    D.Message = fmt::format(
        "{} without a width argument, beside lane math by 32, {}: right at "
        "either width",
        Name.str(),
        H == HalfRead::Leader
            ? "is a step of a reduction tree whose total only lane 0 of each "
              "32-lane group reads"
            : "reads only within each lane's own 32-lane half here");
    report(C, std::move(D));
    return;
  }
  // A relative shuffle (up, down, xor) may stay within each 32-lane half
  // when its lanes are guarded by `% 32` math; an indexed __shfl makes
  // lanes 32-63 read a source lane of the first half.
  D.Level = Indexed ? core::Severity::Error : Info.DefaultLevel;
  D.Message = fmt::format(
      "{} without a width argument spans the whole 64-lane wavefront, but "
      "the lane math of this function assumes 32 lanes; pass the width "
      "explicitly or compute lanes from warpSize{}",
      Name.str(),
      Indexed ? " (lanes 32-63 read source lanes of the first half)" : "");
  D.Notes.emplace_back(LM->Op->getOperatorLoc(),
                       "lanes computed for 32-wide warps here: '" +
                           sourceText(LM->Op->getSourceRange(), C) + "'");
  // An indexed shuffle whose source lane is 32-lane math (`% 32`, a literal
  // 32 in the lane's own file) gets the width 32 its lanes assume: it then
  // reads within each 32-lane segment, as on a 32-wide warp, and at width
  // 32 the argument is the default. Only the intrinsics, whose width
  // argument is the last, never inside a macro, and not where the function
  // also computes lanes with another width.
  if (Indexed && isShuffleName(Name) && LM->Constant &&
      isa<IntegerLiteral>(LM->Constant->IgnoreParenImpCasts()) &&
      !Call->getRParenLoc().isMacroID() && !Call->getBeginLoc().isMacroID() &&
      !handlesOtherWidth(Fn->getBody(), C))
    D.Fixes.push_back(FixItHint::CreateInsertion(Call->getRParenLoc(), ", 32"));
  report(C, std::move(D));
}

} // namespace hipport::checks
