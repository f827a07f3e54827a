#include "Checks/WarpSizeLiteralCheck.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"

#include <fmt/format.h>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipport::checks {

const CheckInfo WarpSizeLiteralCheck::Info = {
    "wave64-warp-size-literal", core::Severity::Warning,
    "warp width hardcoded as 32 (lane math, shuffle widths, lane 31, "
    "reductions from 16, named constants)"};

static auto shuffleCall() {
  return callExpr(callee(functionDecl(hasAnyName(
                      "__shfl", "__shfl_up", "__shfl_down", "__shfl_xor",
                      "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync",
                      "__shfl_xor_sync"))),
                  unless(isInTemplateInstantiation()));
}

void WarpSizeLiteralCheck::registerMatchers(MatchFinder &F) {
  F.addMatcher(binaryOperator(hasAnyOperatorName("%", "&", "/", ">>", "%=",
                                                 "&=", "/=", ">>="),
                              unless(isInTemplateInstantiation()))
                   .bind("math"),
               this);
  F.addMatcher(binaryOperator(hasAnyOperatorName("==", "!="),
                              unless(isInTemplateInstantiation()))
                   .bind("cmp"),
               this);
  F.addMatcher(shuffleCall().bind("shfl"), this);
  F.addMatcher(
      forStmt(hasLoopInit(declStmt(hasSingleDecl(
                  varDecl(hasInitializer(expr().bind("init"))).bind("var")))),
              hasBody(hasDescendant(shuffleCall().bind("loopshfl"))),
              unless(isInTemplateInstantiation()))
          .bind("loop"),
      this);
}

void WarpSizeLiteralCheck::onStartOfTranslationUnit() { Named.clear(); }

void WarpSizeLiteralCheck::use(
    const ConstantOrigin &O, core::Severity Level, SourceLocation UseLoc,
    SourceRange UseRange, const std::string &Message,
    const std::string &UseText,
    std::vector<std::pair<SourceLocation, std::string>> Notes,
    std::optional<FixItHint> Fix) {
  if (O.named()) {
    Group &G = Named[O.Loc.getRawEncoding()];
    G.Origin = O;
    G.Level = std::max(G.Level, Level);
    G.Uses.emplace_back(Ctx->getSourceManager().getExpansionLoc(UseLoc),
                        "used as the warp width here: '" + UseText + "'");
    return;
  }
  CheckDiag D;
  D.Loc = O.Loc.isValid() ? O.Loc : UseLoc;
  if (!UseLoc.isMacroID())
    D.Range = UseRange;
  D.Level = Level;
  D.Message = Message;
  D.Notes = std::move(Notes);
  if (Fix && !UseLoc.isMacroID())
    D.Fixes.push_back(*Fix);
  report(*Ctx, std::move(D));
}

void WarpSizeLiteralCheck::onEndOfTranslationUnit() {
  if (!Ctx)
    return;
  for (auto &[Key, G] : Named) {
    CheckDiag D;
    D.Loc = G.Origin.Loc;
    D.Level = G.Level;
    const char *What = G.Origin.Value == 5    ? "log2 of the warp width"
                       : G.Origin.Value == 31 ? "the last lane / lane mask"
                       : G.Origin.Value == 16 ? "half the warp width"
                                              : "the warp width";
    D.Message = fmt::format(
        "'{}' (= {}) is used as {}; AMD wavefronts have 64 lanes: derive it "
        "from warpSize",
        G.Origin.Name, G.Origin.Value, What);
    D.Notes = G.Uses;
    report(*Ctx, std::move(D));
  }
  Named.clear();
}

void WarpSizeLiteralCheck::run(const MatchFinder::MatchResult &R) {
  Ctx = R.Context;
  ASTContext &C = *R.Context;
  if (const auto *BO = R.Nodes.getNodeAs<BinaryOperator>("math")) {
    auto LM = laneMath(BO, C);
    if (!LM)
      return;
    ConstantOrigin O =
        constantOrigin(LM->Constant, C, {LM->K == LaneMath::And ? 31
                                         : LM->K == LaneMath::Shr ? 5
                                                                  : 32});
    std::string Text = sourceText(BO->getSourceRange(), C);
    core::Severity Level = core::Severity::Warning;
    std::vector<std::pair<SourceLocation, std::string>> Notes;
    std::string Msg;
    switch (LM->K) {
    case LaneMath::Mod:
    case LaneMath::And:
      Msg = fmt::format("lane index '{}' assumes 32-wide warps; AMD "
                        "wavefronts have 64 lanes: use warpSize",
                        Text);
      break;
    case LaneMath::Div:
    case LaneMath::Shr:
    case LaneMath::BlockDimDiv:
      Msg = LM->K == LaneMath::BlockDimDiv
                ? fmt::format("'{}' counts 32-wide warps per block; use "
                              "warpSize",
                              Text)
                : fmt::format("warp index '{}' assumes 32-wide warps; use "
                              "warpSize",
                              Text);
      if (const FunctionDecl *F = enclosingFunction(BO, C))
        if (const Expr *WS = findWarpSizeRef(F->getBody(), C)) {
          Level = core::Severity::Error;
          Msg += "; this function also uses warpSize, so warp slots and "
                 "warp indices disagree at wave64";
          Notes.emplace_back(WS->getBeginLoc(), "warpSize used here");
        }
      break;
    }
    use(O, Level, BO->getOperatorLoc(), BO->getSourceRange(), Msg, Text,
        std::move(Notes));
    return;
  }
  if (const auto *BO = R.Nodes.getNodeAs<BinaryOperator>("cmp")) {
    // `warpSize != 32` (or `prop.warpSize == 32`): code that refuses, or
    // takes another path on, 64-lane wavefronts.
    for (auto [WS, K] : {std::pair(BO->getLHS(), BO->getRHS()),
                         std::pair(BO->getRHS(), BO->getLHS())}) {
      const auto *ME = dyn_cast<MemberExpr>(WS->IgnoreParenImpCasts());
      bool Width = isWarpSizeRef(WS, C) ||
                   (ME && ME->getMemberDecl()->getName() == "warpSize");
      if (!Width || intValue(K, C) != 32)
        continue;
      std::string Text = sourceText(BO->getSourceRange(), C);
      use(ConstantOrigin{ConstantOrigin::Literal, K->getBeginLoc(), "", 32},
          core::Severity::Error, BO->getOperatorLoc(), BO->getSourceRange(),
          fmt::format("'{}' singles out 32-wide warps; AMD CDNA wavefronts "
                      "have 64 lanes: make the code correct at any warpSize",
                      Text),
          Text);
      return;
    }
    for (auto [Lane, K] : {std::pair(BO->getLHS(), BO->getRHS()),
                           std::pair(BO->getRHS(), BO->getLHS())}) {
      ConstantOrigin O = constantOrigin(K, C, {31});
      if (O.K == ConstantOrigin::None || !isLaneLike(Lane, C))
        continue;
      std::string Text = sourceText(BO->getSourceRange(), C);
      use(O, core::Severity::Error, BO->getOperatorLoc(),
          BO->getSourceRange(),
          fmt::format("'{}' takes lane 31 as the last lane; on a 64-lane "
                      "wavefront it is 63: use warpSize - 1",
                      Text),
          Text);
      return;
    }
    return;
  }
  if (const auto *Call = R.Nodes.getNodeAs<CallExpr>("shfl")) {
    llvm::StringRef Name = calleeName(Call);
    bool Sync = Name.ends_with("_sync");
    unsigned Lane = Sync ? 2 : 1, Width = Sync ? 3 : 2;
    if (Call->getNumArgs() > Width &&
        !isa<CXXDefaultArgExpr>(Call->getArg(Width))) {
      const Expr *W = Call->getArg(Width);
      ConstantOrigin O = constantOrigin(W, C, {32});
      if (O.K != ConstantOrigin::None) {
        std::string Text = sourceText(W->getSourceRange(), C);
        use(O, core::Severity::Warning, W->getBeginLoc(), W->getSourceRange(),
            fmt::format("shuffle width {} splits a 64-lane wavefront into "
                        "independent 32-lane halves; use warpSize",
                        Text),
            sourceText(Call->getSourceRange(), C));
      }
    }
    if (Call->getNumArgs() <= Lane)
      return;
    const Expr *L = Call->getArg(Lane);
    llvm::StringRef Base = Sync ? Name.drop_back(5) : Name;
    if (Base == "__shfl") {
      // `31 - lane` mirrors the lanes of a 32-wide warp.
      if (const auto *Sub = dyn_cast<BinaryOperator>(strip(L)))
        if (Sub->getOpcode() == BO_Sub && isLaneLike(Sub->getRHS(), C))
          L = Sub->getLHS();
      ConstantOrigin O = constantOrigin(L, C, {31});
      // A literal 31 is the last lane whatever the width: warpSize - 1.
      std::optional<FixItHint> Fix;
      if (O.K == ConstantOrigin::Literal)
        Fix = FixItHint::CreateReplacement(
            L->getSourceRange(), L == Call->getArg(Lane) ? "warpSize - 1"
                                                         : "(warpSize - 1)");
      if (O.K != ConstantOrigin::None)
        use(O, core::Severity::Error, L->getBeginLoc(), L->getSourceRange(),
            "broadcast from lane 31 reads the middle of a 64-lane wavefront, "
            "not its last lane; use warpSize - 1",
            sourceText(Call->getSourceRange(), C), {}, Fix);
    } else if (Base == "__shfl_down" || Base == "__shfl_xor") {
      ConstantOrigin O = constantOrigin(L, C, {16});
      if (O.K != ConstantOrigin::None)
        use(O, core::Severity::Warning, L->getBeginLoc(), L->getSourceRange(),
            "reduction step of 16 lanes covers a 32-wide warp; on a 64-lane "
            "wavefront each half reduces separately: start at warpSize / 2",
            sourceText(Call->getSourceRange(), C));
    }
    return;
  }
  if (const auto *Loop = R.Nodes.getNodeAs<ForStmt>("loop")) {
    const auto *Var = R.Nodes.getNodeAs<VarDecl>("var");
    const auto *Init = R.Nodes.getNodeAs<Expr>("init");
    const auto *Shfl = R.Nodes.getNodeAs<CallExpr>("loopshfl");
    // The loop variable must be the shuffle's offset.
    bool Offset = false;
    for (const Expr *A : Shfl->arguments())
      if (const auto *DRE = dyn_cast<DeclRefExpr>(A->IgnoreParenImpCasts()))
        Offset |= DRE->getDecl() == Var;
    if (!Offset || findWarpSizeRef(Init, C))
      return;
    ConstantOrigin O = constantOrigin(Init, C, {16});
    if (O.K != ConstantOrigin::None) {
      // Each 32-lane half holds its own total. That is right when the
      // totals are collected per 32 lanes too, wrong when lane 0 of each
      // warpSize-wide warp is taken to hold the warp's total.
      core::Severity Level = core::Severity::Warning;
      std::string Msg = "shuffle loop starting at offset 16 covers a 32-wide "
                        "warp; on a 64-lane wavefront each half reduces "
                        "separately: start at warpSize / 2";
      std::vector<std::pair<SourceLocation, std::string>> Notes;
      if (const FunctionDecl *F = enclosingFunction(Loop, C))
        if (const Expr *WS = findWarpSizeRef(F->getBody(), C)) {
          Level = core::Severity::Error;
          Msg += "; this function collects results per warpSize lanes, so "
                 "lanes 32-63 are left out of the total";
          Notes.emplace_back(WS->getBeginLoc(), "warpSize used here");
        }
      use(O, Level, Init->getBeginLoc(), Init->getSourceRange(), Msg,
          sourceText(Loop->getInit()->getSourceRange(), C), std::move(Notes));
      return;
    }
    // Scans and butterflies counting up to 32 lanes.
    if (const auto *Cond = dyn_cast_or_null<BinaryOperator>(Loop->getCond())) {
      const Expr *Bound = Cond->getRHS();
      ConstantOrigin B;
      if (Cond->getOpcode() == BO_LT)
        B = constantOrigin(Bound, C, {32});
      else if (Cond->getOpcode() == BO_LE)
        B = constantOrigin(Bound, C, {16, 31});
      const auto *DRE =
          dyn_cast<DeclRefExpr>(Cond->getLHS()->IgnoreParenImpCasts());
      if (B.K != ConstantOrigin::None && DRE && DRE->getDecl() == Var)
        use(B, core::Severity::Warning, Bound->getBeginLoc(),
            Bound->getSourceRange(),
            "shuffle loop bounded by a 32-wide warp; on a 64-lane wavefront "
            "lanes 32-63 are not covered as one group: bound it by warpSize",
            sourceText(Cond->getSourceRange(), C));
    }
  }
}

} // namespace hipport::checks
