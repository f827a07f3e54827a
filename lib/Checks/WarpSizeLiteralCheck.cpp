#include "Checks/WarpSizeLiteralCheck.h"
#include "Checks/HalfLocalShuffles.h"
#include "Checks/KernelLaunches.h"
#include "Checks/WarpRoles.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/Regex.h"

#include <fmt/format.h>

#include <functional>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipport::checks {

/// Why a tree from 16 is right in a kernel of 2-D blocks (rowsOfThreadIdxX).
static constexpr const char *kRowReduction =
    "; here each threadIdx.y row of this 2-D block reduces its own "
    "threadIdx.x lanes, and a row of 32 threads is a 32-lane group at any "
    "width: right at 64 for rows of at most 32";

const CheckInfo WarpSizeLiteralCheck::Info = {
    "wave64-warp-size-literal", core::Severity::Warning,
    "warp width hardcoded as 32 (lane math, shuffle widths, lane 31, "
    "reductions from 16, named constants)"};

/// The shuffle intrinsics, also where a template's dependent arguments
/// leave the call unresolved, and the shuffles of cooperative-groups tiles
/// (`tile.shfl_xor(v, m)`).
static auto shuffleCall() {
  auto Names = hasAnyName("__shfl", "__shfl_up", "__shfl_down", "__shfl_xor",
                          "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync",
                          "__shfl_xor_sync");
  return callExpr(
      anyOf(callee(functionDecl(Names)),
            callee(unresolvedLookupExpr(hasAnyDeclaration(namedDecl(Names)))),
            cxxMemberCallExpr(callee(cxxMethodDecl(
                hasAnyName("shfl", "shfl_up", "shfl_down", "shfl_xor"))))),
      unless(isInTemplateInstantiation()));
}

void WarpSizeLiteralCheck::registerMatchers(MatchFinder &F) {
  F.addMatcher(binaryOperator(hasAnyOperatorName("%", "&", "/", ">>", "%=",
                                                 "&=", "/=", ">>="),
                              unless(isInTemplateInstantiation()))
                   .bind("math"),
               this);
  F.addMatcher(binaryOperator(hasAnyOperatorName("<<", ">>", "<<=", ">>="),
                              unless(isInTemplateInstantiation()))
                   .bind("shift"),
               this);
  F.addMatcher(binaryOperator(hasAnyOperatorName("==", "!="),
                              unless(isInTemplateInstantiation()))
                   .bind("cmp"),
               this);
  F.addMatcher(shuffleCall().bind("shfl"), this);
  F.addMatcher(binaryOperator(hasAnyOperatorName("<", ">="),
                              unless(isInTemplateInstantiation()))
                   .bind("first"),
               this);
  // onArray() looks at constant arrays only.
  F.addMatcher(varDecl(isConstantArrayVar(), unless(isInstantiated()))
                   .bind("array"),
               this);
  F.addMatcher(forStmt(unless(isInTemplateInstantiation())).bind("for"), this);
  F.addMatcher(
      cxxConstructExpr(
          hasDeclaration(cxxConstructorDecl(ofClass(hasName("dim3")))),
          unless(isInTemplateInstantiation()))
          .bind("dim3"),
      this);
  F.addMatcher(
      forStmt(hasLoopInit(declStmt(hasSingleDecl(
                  varDecl(hasInitializer(expr().bind("init"))).bind("var")))),
              hasBody(hasDescendant(shuffleCall().bind("loopshfl"))),
              unless(isInTemplateInstantiation()))
          .bind("loop"),
      this);
}

namespace {

/// `#define warpSize 32`: the built-in width replaced by NVIDIA's, so every
/// use of warpSize in the file is 32 on a 64-lane wavefront too.
class WarpSizeMacro : public PPCallbacks {
public:
  WarpSizeMacro(WarpSizeLiteralCheck &C, const SourceManager &SM,
                const LangOptions &LO)
      : C(C), SM(SM), LO(LO) {}
  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    const MacroInfo *MI = MD->getMacroInfo();
    if (!Name.getIdentifierInfo() ||
        Name.getIdentifierInfo()->getName() != "warpSize" ||
        MI->getNumTokens() != 1 || SM.isInSystemHeader(Name.getLocation()))
      return;
    const Token &T = MI->getReplacementToken(0);
    if (T.isNot(tok::numeric_constant) ||
        llvm::StringRef(T.getLiteralData(), T.getLength()) != "32")
      return;
    C.reportMacro(SM, LO, Name.getLocation());
  }

private:
  WarpSizeLiteralCheck &C;
  const SourceManager &SM;
  const LangOptions &LO;
};

} // namespace

void WarpSizeLiteralCheck::registerPPCallbacks(const SourceManager &SM,
                                               Preprocessor &PP) {
  PP.addPPCallbacks(
      std::make_unique<WarpSizeMacro>(*this, SM, PP.getLangOpts()));
}

void WarpSizeLiteralCheck::reportMacro(const SourceManager &SM,
                                       const LangOptions &LO,
                                       SourceLocation Loc) {
  CheckDiag D;
  D.Loc = Loc;
  D.Level = core::Severity::Error;
  D.Message = "'warpSize' defined as 32 hides the built-in width: AMD CDNA "
              "wavefronts have 64 lanes, and every use of warpSize in this "
              "code now says 32; remove the definition";
  // The built-in is what the code meant: removing the line is the fix
  // (HIP and CUDA both have it), unless a constant expression needs 32.
  bool Invalid = false;
  llvm::StringRef Buf = SM.getBufferData(SM.getFileID(Loc), &Invalid);
  unsigned Off = SM.getFileOffset(Loc);
  if (!Invalid && Off < Buf.size()) {
    size_t LB = Buf.rfind('\n', Off);
    LB = LB == llvm::StringRef::npos ? 0 : LB + 1;
    size_t LE = Buf.find('\n', Off);
    LE = LE == llvm::StringRef::npos ? Buf.size() : LE + 1;
    D.Fixes.push_back(FixItHint::CreateRemoval(CharSourceRange::getCharRange(
        Loc.getLocWithOffset(int(LB) - int(Off)),
        Loc.getLocWithOffset(int(LE) - int(Off)))));
  }
  report(SM, LO, std::move(D));
}

void WarpSizeLiteralCheck::report(const ASTContext &C, CheckDiag D,
                                  bool AssumptionSite) {
  LogicalWarps &Groups = laneGroups(C);
  // The finding's place, or, for a named constant reported at its
  // definition, every use in its notes (the first use's reason).
  LaneGroups Kind = Groups.at(D.Loc);
  if (Kind == LaneGroups::Unknown && !D.Notes.empty()) {
    Kind = Groups.at(D.Notes.front().first);
    if (!llvm::all_of(D.Notes, [&](const auto &N) {
          return Groups.covers(N.first);
        }))
      Kind = LaneGroups::Unknown;
  }
  if (Kind == LaneGroups::LeaderTrees && AssumptionSite) {
    // Right at 64, but the tree (or the width it starts from) still
    // assumes 32 lanes: one warning there, the lane math a note.
    D.Level = std::min(D.Level, core::Severity::Warning);
    D.Message = (llvm::StringRef(D.Message).split(';').first + "; " +
                 laneGroupsReason(Kind) +
                 ": right at 64, but each tree uses half the wavefront; "
                 "derive the width from warpSize to use all 64 lanes")
                    .str();
    D.Fixes.clear();
  } else if (Kind != LaneGroups::Unknown) {
    // What the finding saw, without its advice to use warpSize, which
    // would break the 32-lane layout here.
    D.Level = core::Severity::Note;
    D.Message = rightAtEitherWidth(D.Message, Kind);
    D.Fixes.clear();
  }
  Check::report(C, std::move(D));
}

void WarpSizeLiteralCheck::startTranslationUnit() {
  Named.clear();
  Pending.clear();
  BitWidth.clear();
  BlockRows.clear();
}

/// The value a named constant holds as written (`WARP - 1` is a use of
/// WARP = 32, whatever the expression's value).
int64_t WarpSizeLiteralCheck::originValue(const ConstantOrigin &O) {
  return O.Defined ? O.Defined : O.Value;
}


void WarpSizeLiteralCheck::pending(const ConstantOrigin &O, SourceLocation Loc,
                                   SourceRange Range, std::string Message,
                                   bool Count, std::string Follows) {
  if (!O.named() || Loc.isInvalid())
    return;
  // Where the constant is used, not where it is spelled.
  if (Loc.isMacroID()) {
    Loc = Ctx->getSourceManager().getExpansionLoc(Loc);
    Range = SourceRange();
  }
  Pending.push_back({O, Loc, Range, std::move(Message), Count, std::move(Follows)});
}

void WarpSizeLiteralCheck::use(
    const ConstantOrigin &O, core::Severity Level, SourceLocation UseLoc,
    SourceRange UseRange, const std::string &Message,
    const std::string &UseText,
    std::vector<std::pair<SourceLocation, std::string>> Notes,
    std::optional<FixItHint> Fix) {
  CheckDiag D;
  D.Loc = O.Loc.isValid() ? O.Loc : UseLoc;
  if (O.named()) {
    // The definition is where the fix goes; each use is a site that breaks
    // at wave64 and is reported where it is.
    Group &G = Named[O.Loc.getRawEncoding()];
    G.Origin = O;
    G.Level = std::max(G.Level, Level);
    G.Uses.emplace_back(Ctx->getSourceManager().getExpansionLoc(UseLoc),
                        "used as the warp width here: '" + UseText + "'");
    G.OnlyRows = false;
    D.Loc = UseLoc;
    Notes.emplace_back(O.Loc, fmt::format("'{}' defined as {} here", O.Name,
                                          originValue(O)));
    D.Message = fmt::format("{} ('{}' = {})", Message, O.Name, originValue(O));
    D.Range = UseLoc.isMacroID() ? SourceRange() : UseRange;
    D.Level = Level;
    D.Notes = std::move(Notes);
    // Where the trees only group leaders read, the definition (reported at
    // the end of the TU with every use in its notes) is the one site to
    // change: its uses state nothing of their own.
    report(*Ctx, std::move(D), /*AssumptionSite=*/false);
    return;
  }
  if (!UseLoc.isMacroID())
    D.Range = UseRange;
  D.Level = Level;
  D.Message = Message;
  D.Notes = std::move(Notes);
  if (Fix && !UseLoc.isMacroID())
    D.Fixes.push_back(*Fix);
  report(*Ctx, std::move(D), AssumptionUse);
}

void WarpSizeLiteralCheck::onEndOfTranslationUnit() {
  if (!Ctx)
    return;
  // Sizes, bounds, strides and divisions by a named 32: uses of a warp
  // constant when the constant is one (used as the warp width elsewhere,
  // or named like one and not like a count of warps); otherwise 32 of some
  // other kind.
  for (PendingUse &U : Pending) {
    unsigned Key = U.Origin.Loc.getRawEncoding();
    // A constant that counts warps (`kNumMaxWarpGroups = 32`) sizes per-warp
    // data; only its use as a width elsewhere makes it one.
    bool Warp = Named.count(Key) || (warpLikeName(U.Origin.Name) &&
                                     !countsWarpsName(U.Origin.Name));
    if (!Warp || U.Origin.Value != 32)
      continue;
    // `n / WS` where WS also counts the bits of an int (`1 << (WS - 1)`,
    // `w << (n % WS)`): a word index, not a count of warps.
    if (U.Count && BitWidth.count(Key))
      continue;
    SourceLocation At = Ctx->getSourceManager().getExpansionLoc(U.Loc);
    if (Named.count(Key) &&
        llvm::any_of(Named[Key].Uses,
                     [&](const auto &Use) { return Use.first == At; }))
      continue; // already reported as lane math, a shuffle or a loop
    if (!Named.count(Key))
      Named[Key].Origin = U.Origin;
    // An array or loop sized by a block's row width (onBlockShape) follows
    // threadIdx.x: right as it is. The width is still the constant's, whose
    // definition is reported: two such rows share a 64-lane wavefront.
    bool RowSized = !U.Count && BlockRows.count(Key);
    Named[Key].Uses.emplace_back(At, RowSized ? "sized by the block's row width here"
                                     : !U.Follows.empty() ? U.Follows
                                              : "used as the warp width here");
    Named[Key].OnlyRows &= RowSized;
    // An array sized by the constant follows it: the definition is the one
    // place to change, and only indices past 32 (lane math, reported where
    // written) overflow it. So does a loop over a group's own lanes.
    if (RowSized || !U.Follows.empty())
      continue;

    CheckDiag D;
    D.Loc = U.Loc;
    D.Range = U.Loc.isMacroID() ? SourceRange() : U.Range;
    D.Level = core::Severity::Warning;
    D.Message = fmt::format("{} '{}' (= 32); AMD wavefronts have 64 lanes: "
                            "derive it from warpSize",
                            U.Message, U.Origin.Name);
    D.Notes.emplace_back(U.Origin.Loc,
                         fmt::format("'{}' defined as 32 here", U.Origin.Name));
    report(*Ctx, std::move(D));
  }
  Pending.clear();
  BitWidth.clear();
  BlockRows.clear();
  for (auto &[Key, G] : Named) {
    CheckDiag D;
    D.Loc = G.Origin.Loc;
    D.Level = G.Level;
    int64_t V = originValue(G.Origin);
    const char *What = V == 5    ? "log2 of the warp width"
                       : V == 31 ? "the last lane / lane mask"
                       : V == 16 ? "half the warp width"
                                 : "the warp width";
    D.Message =
        G.OnlyRows
            ? fmt::format("'{}' (= {}) is the row width of a block of several "
                          "rows; a 64-lane AMD wavefront holds two rows, so a "
                          "warp collective mixes them: derive it from "
                          "warpSize where a row is a warp",
                          G.Origin.Name, originValue(G.Origin))
            : fmt::format("'{}' (= {}) is used as {}; AMD wavefronts have 64 "
                          "lanes: derive it from warpSize",
                          G.Origin.Name, originValue(G.Origin), What);
    D.Notes = G.Uses;
    report(*Ctx, std::move(D), /*AssumptionSite=*/true);
  }
  Named.clear();
}

void WarpSizeLiteralCheck::onArray(const VarDecl *VD, ASTContext &C) {
  if (!VD->getTypeSourceInfo() || !VD->getType()->isConstantArrayType())
    return;
  TypeLoc TL = VD->getTypeSourceInfo()->getTypeLoc();
  while (auto AT = TL.getAs<ArrayTypeLoc>()) {
    ConstantOrigin O = constantOrigin(AT.getSizeExpr(), C, {32});
    if (O.named() && O.Value == 32)
      pending(O, AT.getSizeExpr()->getBeginLoc(),
              AT.getSizeExpr()->getSourceRange(),
              fmt::format("array '{}' has one element per lane of a warp of",
                          VD->getName()),
              /*Count=*/false, "sizes an array here");
    TL = AT.getElementLoc();
  }
}

/// `for (int i = lane * k; i < n; i += 32 * k)`: a loop from a lane index
/// striding by a literal 32 lanes (named 32s are onFor's). On a 64-lane
/// wavefront lanes 32-63 repeat the work of lanes 0-31.
void WarpSizeLiteralCheck::laneStride(const ForStmt *For, ASTContext &C) {
  const auto *Inc = dyn_cast_or_null<BinaryOperator>(For->getInc());
  const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit());
  if (!Inc || Inc->getOpcode() != BO_AddAssign || !DS || !DS->isSingleDecl())
    return;
  const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl());
  if (!V || !V->getInit())
    return;
  // The lane, not the thread: `i = threadIdx.x; i += 32` strides a block.
  std::string Init = llvm::StringRef(sourceText(V->getInit()->getSourceRange(), C)).lower();
  // `lane * k` (lane-scaled: isLaneLike rejects scaled indices as addresses).
  const Expr *Start = strip(V->getInit());
  bool FromLane = isLaneLike(Start, C);
  if (const auto *M = dyn_cast<BinaryOperator>(Start);
      M && M->getOpcode() == BO_Mul)
    FromLane |= isLaneLike(M->getLHS(), C) || isLaneLike(M->getRHS(), C);
  if (Init.find("lane") == std::string::npos || !FromLane)
    return;
  // The typed 32 of `32 * k` (a macro's 32 is the macro's definition to fix).
  const Expr *R = strip(Inc->getRHS()), *Lit = nullptr;
  std::vector<const Expr *> Sides = {R};
  if (const auto *M = dyn_cast<BinaryOperator>(R); M && M->getOpcode() == BO_Mul)
    Sides = {strip(M->getLHS()), strip(M->getRHS())};
  for (const Expr *Side : Sides)
    if (isa<IntegerLiteral>(Side) && !Side->getBeginLoc().isMacroID() &&
        intValue(Side, C) == 32)
      Lit = Side;
  if (!Lit)
    return;
  CheckDiag D;
  D.Loc = Lit->getBeginLoc();
  D.Range = Lit->getSourceRange();
  D.Message = "loop from a lane index striding by 32 lanes: on a 64-lane "
              "wavefront lanes 32-63 repeat the work of lanes 0-31; stride by "
              "warpSize";
  report(C, std::move(D));
}

/// E starts at a lane of O's groups: `lane` or `beg + lane`, with lane =
/// threadIdx.x % O (or & (O - 1)), the constant the loop strides by.
static bool startsAtGroupLane(const Expr *E, const ConstantOrigin &O,
                              const ASTContext &C, unsigned Depth = 0) {
  if (!E || Depth > 3)
    return false;
  E = strip(E);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Add)
      return startsAtGroupLane(BO->getLHS(), O, C, Depth + 1) ||
             startsAtGroupLane(BO->getRHS(), O, C, Depth + 1);
    if ((BO->getOpcode() != BO_Rem && BO->getOpcode() != BO_And) ||
        !isLaneLike(BO->getLHS(), C))
      return false;
    ConstantOrigin R = constantOrigin(BO->getRHS(), C, {31, 32});
    return R.named() && R.Loc == O.Loc;
  }
  if (const auto *R = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(R->getDecl());
        V && V->isLocalVarDecl() && V->getInit())
      return startsAtGroupLane(V->getInit(), O, C, Depth + 1);
  return false;
}

/// `__any(i < end)` as a loop's condition whose body works under `if (i <
/// end)`: the vote keeps a lane whose range is done idle until its wave is
/// done, and mixes no values.
static bool idleVote(const ForStmt *For, ASTContext &C) {
  const auto *Call = dyn_cast_or_null<CallExpr>(strip(For->getCond()));
  if (!Call || !calleeName(Call).starts_with("__any") || Call->getNumArgs() == 0)
    return false;
  auto Plain = [&](const Expr *E) {
    std::string T = sourceText(E->getSourceRange(), C);
    llvm::erase_if(T, [](char Ch) { return std::isspace((unsigned char)Ch); });
    return T;
  };
  std::string Pred = Plain(Call->getArg(Call->getNumArgs() - 1));
  std::function<bool(const Stmt *)> Guarded = [&](const Stmt *S) {
    if (!S)
      return false;
    if (const auto *If = dyn_cast<IfStmt>(S); If && Plain(If->getCond()) == Pred)
      return true;
    return llvm::any_of(S->children(), Guarded);
  };
  return !Pred.empty() && Guarded(For->getBody());
}

/// `for (i = beg + lane; i < end; i += WS)`, lane = threadIdx.x % WS: each
/// WS-lane group covers its range once, whatever the hardware width, as
/// long as the group computes the range itself. A range from a collective
/// (`beg = __shfl(b, who)`, `__any(i < end)` unless idleVote) mixes two
/// groups on a 64-lane wavefront, so that loop stays a finding.
static bool ownGroupLoop(const ForStmt *For, const ConstantOrigin &O,
                         ASTContext &C) {
  const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit());
  const auto *V = DS && DS->isSingleDecl()
                      ? dyn_cast<VarDecl>(DS->getSingleDecl())
                      : nullptr;
  const FunctionDecl *F = enclosingFunction(For, C);
  if (!V || !V->getInit() || !F || !F->getBody() ||
      !startsAtGroupLane(V->getInit(), O, C))
    return false;
  return !fromCollective(V->getInit(), F->getBody()) &&
         (idleVote(For, C) || !fromCollective(For->getCond(), F->getBody()));
}

void WarpSizeLiteralCheck::onFor(const ForStmt *For, ASTContext &C) {
  laneStride(For, C);
  if (const auto *Cond = dyn_cast_or_null<BinaryOperator>(For->getCond()))
    if (Cond->getOpcode() == BO_LT || Cond->getOpcode() == BO_LE) {
      ConstantOrigin O = constantOrigin(Cond->getRHS(), C, {32});
      if (O.named())
        pending(O, Cond->getRHS()->getBeginLoc(),
                Cond->getRHS()->getSourceRange(),
                "loop over the lanes of a warp of");
    }
  if (const auto *Inc = dyn_cast_or_null<BinaryOperator>(For->getInc()))
    if (Inc->getOpcode() == BO_AddAssign) {
      ConstantOrigin O = constantOrigin(Inc->getRHS(), C, {32});
      if (O.named())
        pending(O, Inc->getRHS()->getBeginLoc(),
                Inc->getRHS()->getSourceRange(),
                "loop striding by the lanes of a warp of", /*Count=*/false,
                ownGroupLoop(For, O, C)
                    ? "strides over its own group's lanes here, from a "
                      "lane by the same constant over a range no collective "
                      "gives: right at any width"
                    : "");
    }
}

/// Where warp slots and warp indices disagree (the function also uses
/// warpSize), a literal 32 in a warp index is the width the rest of the
/// function uses: `tid / 32` becomes `tid / warpSize`, `tid >> 5`
/// becomes `tid / warpSize`.
static std::optional<FixItHint> warpIndexFix(const LaneMath &LM,
                                             const ConstantOrigin &O,
                                             core::Severity Level) {
  if (Level != core::Severity::Error || O.K != ConstantOrigin::Literal ||
      LM.Op->getOperatorLoc().isMacroID() || LM.Constant->getBeginLoc().isMacroID())
    return std::nullopt;
  if (LM.K == LaneMath::Div || LM.K == LaneMath::BlockDimDiv)
    return FixItHint::CreateReplacement(LM.Constant->getSourceRange(),
                                        "warpSize");
  if (LM.K == LaneMath::Shr && LM.Op->getOpcode() == BO_Shr)
    return FixItHint::CreateReplacement(
        SourceRange(LM.Op->getOperatorLoc(), LM.Constant->getEndLoc()),
        "/ warpSize");
  return std::nullopt;
}

/// E holds ballot bits: a ballot call, or a local variable set from one.
static bool holdsBallot(const Expr *E, unsigned Depth = 0) {
  E = strip(E);
  if (!E || Depth > 2)
    return false;
  if (const auto *CE = dyn_cast<CallExpr>(E); CE && isBallotName(calleeName(CE)))
    return true;
  if (const auto *R = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(R->getDecl());
        V && V->isLocalVarDecl() && V->getInit())
      return holdsBallot(V->getInit(), Depth + 1);
  for (const Stmt *Ch : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Ch); CE && holdsBallot(CE, Depth))
      return true;
  return false;
}

/// `mask_id = id / 32` (or `>> 5`) whose every use indexes arrays of 32-bit
/// words, one of them stored a ballot (`bitmask[mask_id] = warp_mask`,
/// warp_mask = __ballot_sync(...)): the index of a word of lane bits, whose
/// layout the ballot decides (wave64-ballot-mask-width and -word-layout
/// report it), not a warp index of its own.
static bool ballotWordIndex(const BinaryOperator *BO, ASTContext &C) {
  const FunctionDecl *F = enclosingFunction(BO, C);
  if (!F || !F->getBody())
    return false;
  const VarDecl *V = nullptr;
  unsigned Uses = 0, WordIndexes = 0;
  bool Ballot = false;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D);
            VD && VD->getInit() && strip(VD->getInit()) == BO)
          V = VD;
    for (const Stmt *Ch : S->children())
      Walk(Ch);
  };
  Walk(F->getBody());
  if (!V)
    return false;
  auto IsV = [&](const Expr *E) {
    const auto *R = dyn_cast<DeclRefExpr>(strip(E));
    return R && R->getDecl() == V;
  };
  std::function<void(const Stmt *)> Count = [&](const Stmt *S) {
    if (!S)
      return;
    if (isa<DeclRefExpr>(S) && IsV(cast<Expr>(S)))
      ++Uses;
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(S); A && IsV(A->getIdx())) {
      QualType Elt = A->getType();
      if (Elt->isUnsignedIntegerType() && C.getTypeSize(Elt) == 32)
        ++WordIndexes;
    }
    if (const auto *As = dyn_cast<BinaryOperator>(S);
        As && As->isAssignmentOp() && holdsBallot(As->getRHS()))
      if (const auto *A = dyn_cast<ArraySubscriptExpr>(strip(As->getLHS()));
          A && IsV(A->getIdx()))
        Ballot = true;
    for (const Stmt *Ch : S->children())
      Count(Ch);
  };
  Count(F->getBody());
  return Ballot && Uses > 0 && Uses == WordIndexes;
}

void WarpSizeLiteralCheck::onMath(const BinaryOperator *BO, ASTContext &C) {
  auto LM = laneMath(BO, C);
  if (!LM) {
    // `n / WARP`, `(n + WARP - 1) / WARP`: counts of warps.
    if (BO->getOpcode() == BO_Div || BO->getOpcode() == BO_Rem) {
      // Slots for 32-lane warps in launches' shared memory only are at
      // least as many as a 64-lane wavefront needs.
      ConstantOrigin O = constantOrigin(BO->getRHS(), C, {32});
      if (O.named() && O.Value == 32 && !onlySizesSharedMemory(BO, C))
        pending(O, BO->getOperatorLoc(), BO->getSourceRange(),
                fmt::format("'{}' counts warps of",
                            sourceText(BO->getSourceRange(), C)),
                /*Count=*/true);
    }
    return;
  }
  ConstantOrigin O =
      constantOrigin(LM->Constant, C, {LM->K == LaneMath::And ? 31
                                       : LM->K == LaneMath::Shr ? 5
                                                                : 32});
  std::string Text = sourceText(BO->getSourceRange(), C);
  // `lane_idx % BN` with `lane_idx = threadIdx.x % warpSize`: the code
  // numbers lanes by the device's width already; a 32 applied to such a
  // lane splits the wavefront into groups the code chose, no 32-wide warp.
  const Expr *Lane =
      LM->Op->getLHS() == LM->Constant ? LM->Op->getRHS() : LM->Op->getLHS();
  if (LM->K != LaneMath::BlockDimDiv && deviceWidthLane(Lane, C)) {
    CheckDiag D;
    D.Loc = BO->getOperatorLoc();
    D.Range = D.Loc.isMacroID() ? SourceRange() : BO->getSourceRange();
    D.Level = core::Severity::Note;
    D.Message = fmt::format("'{}' splits a lane numbered by the device's "
                            "width into groups of 32: a grouping the code "
                            "chose, not a 32-wide warp",
                            Text);
    report(C, std::move(D));
    return;
  }
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
    if (LM->K != LaneMath::BlockDimDiv && O.K == ConstantOrigin::Literal &&
        ballotWordIndex(BO, C)) {
      Level = core::Severity::Note;
      Msg = fmt::format("'{}' indexes 32-bit words of lane bits that a "
                        "ballot fills: their layout is the ballot's, "
                        "reported where it is stored, not a warp index of "
                        "its own",
                        Text);
      break;
    }
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
  // The lane index picks each group's lane 0 where the trees' totals are
  // read: with the trees, where the code states its 32 lanes.
  AssumptionUse = LM->K == LaneMath::Mod || LM->K == LaneMath::And;
  use(O, Level, BO->getOperatorLoc(), BO->getSourceRange(), Msg, Text,
      std::move(Notes), warpIndexFix(*LM, O, Level));
  AssumptionUse = false;
}

/// `t < 64` beside `t < 32` in a function that works per warp: the threads
/// split into roles one 32-lane warp each (warp 0 decodes, warp 1
/// prefetches); on a 64-lane wavefront two roles share a wavefront and a
/// role's collectives span the other's lanes.
void WarpSizeLiteralCheck::onWarpRole(const BinaryOperator *BO, ASTContext &C) {
  int64_t Bound = warpBoundOf(BO);
  if (Bound <= 32)
    return;
  const FunctionDecl *F = enclosingFunction(BO, C);
  if (!F || !worksPerWarp(F->getBody(), C) ||
      !llvm::is_contained(warpRoleBounds(F->getBody()), BO))
    return;
  std::string Text = sourceText(BO->getSourceRange(), C);
  ConstantOrigin O = constantOrigin(BO->getRHS(), C, {Bound, Bound - 1});
  use(O, core::Severity::Warning, BO->getOperatorLoc(), BO->getSourceRange(),
      fmt::format("'{}' splits the block after {} 32-lane warps, one role "
                  "each (this function also splits at thread 32); on a "
                  "64-lane wavefront two roles share a wavefront and their "
                  "warp collectives mix: split roles by warpSize",
                  Text, Bound / 32),
      Text);
}

void WarpSizeLiteralCheck::onFirst(const BinaryOperator *BO, ASTContext &C) {
  // `lane < 31`, `lane >= 31`: all lanes but the last, or the last, of a
  // 32-wide warp. The lane is a variable computed from the thread index
  // (`threadIdx.x < 31` counts threads of a block).
  if (const auto *LaneRef = dyn_cast<DeclRefExpr>(strip(BO->getLHS()));
      LaneRef && LaneRef->getDecl()->getName() != "threadIdx" &&
      constantOrigin(BO->getRHS(), C, {31}).K != ConstantOrigin::None)
    return onCmp(BO, C);
  // `threadIdx.x < 32`: "the first warp", in a function that works per
  // warp (lane math or collectives); elsewhere 32 threads may be a tile.
  ConstantOrigin O = constantOrigin(BO->getRHS(), C, {32});
  const Expr *L = strip(BO->getLHS());
  if (O.K == ConstantOrigin::None)
    return onWarpRole(BO, C);
  if (!isThreadIndex(L) || !isLaneLike(L, C))
    return;
  const FunctionDecl *F = enclosingFunction(BO, C);
  if (!F || !worksPerWarp(F->getBody(), C))
    return;
  std::string Text = sourceText(BO->getSourceRange(), C);
  use(O, core::Severity::Warning, BO->getOperatorLoc(),
      BO->getSourceRange(),
      fmt::format("'{}' takes the first 32 threads as the first warp; a "
                  "64-lane wavefront has 64: compare with warpSize",
                  Text),
      Text);
}

void WarpSizeLiteralCheck::onCmp(const BinaryOperator *BO, ASTContext &C) {
  // Width guards (`warpSize != 32`) are wave64-width-guard's.
  for (auto [Lane, K] : {std::pair(BO->getLHS(), BO->getRHS()),
                         std::pair(BO->getRHS(), BO->getLHS())}) {
    ConstantOrigin O = constantOrigin(K, C, {31});
    if (O.K == ConstantOrigin::None || !isLaneLike(Lane, C))
      continue;
    std::string Text = sourceText(BO->getSourceRange(), C);
    // A literal 31 is the last lane whatever the width: warpSize - 1.
    std::optional<FixItHint> Fix;
    if (O.K == ConstantOrigin::Literal)
      Fix = FixItHint::CreateReplacement(K->getSourceRange(), "(warpSize - 1)");
    use(O, core::Severity::Error, BO->getOperatorLoc(),
        BO->getSourceRange(),
        fmt::format("'{}' takes lane 31 as the last lane; on a 64-lane "
                    "wavefront it is 63: use warpSize - 1",
                    Text),
        Text, {}, Fix);
    return;
  }
}

/// True when Call is the only shuffle in F of its value argument (the one
/// at index Value), compared as written: no tree of other steps on it.
static bool loneShuffleOf(const CallExpr *Call, unsigned Value,
                          const FunctionDecl *F, ASTContext &C) {
  if (Call->getNumArgs() <= Value || !F->getBody())
    return false;
  auto Plain = [&](const Expr *E) {
    std::string T = sourceText(E->getSourceRange(), C);
    llvm::erase_if(T, [](char Ch) { return isspace(Ch); });
    return T;
  };
  std::string Mine = Plain(Call->getArg(Value));
  unsigned Same = 0;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *CE = dyn_cast<CallExpr>(S);
        CE && isShuffleName(calleeName(CE))) {
      unsigned V = calleeName(CE).ends_with("_sync") ? 1 : 0;
      if (CE->getNumArgs() > V && Plain(CE->getArg(V)) == Mine)
        ++Same;
    }
    for (const Stmt *Ch : S->children())
      Walk(Ch);
  };
  Walk(F->getBody());
  return Same == 1;
}

void WarpSizeLiteralCheck::onShuffle(const CallExpr *Call, ASTContext &C) {
  llvm::StringRef Name = calleeName(Call);
  // A tile's shfl_xor(v, m) takes the intrinsic's arguments, without width.
  std::string Member;
  if (isa<CXXMemberCallExpr>(Call)) {
    Member = "__" + Name.str();
    Name = Member;
  }
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
  // A tile's lane 31 is its last lane when the tile has 32.
  if (Base == "__shfl" && Member.empty()) {
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
    if (O.K == ConstantOrigin::None)
      return;
    const FunctionDecl *F = enclosingFunction(Call, C);
    // `lm = fmaxf(lm, __shfl_xor(lm, 16))` and no other shuffle of lm:
    // lanes t and t ^ 16 pair up, in the same 32-lane half at any width.
    if (Base == "__shfl_xor" && F && loneShuffleOf(Call, Lane - 1, F, C)) {
      use(O, core::Severity::Note, L->getBeginLoc(), L->getSourceRange(),
          "a lone exchange of lanes 16 apart pairs lanes of the same "
          "32-lane half at any width, no reduction of the warp",
          sourceText(Call->getSourceRange(), C));
      return;
    }
    AssumptionUse = true;
    bool Rows = rowsOfThreadIdxX(F, C);
    use(O, Rows ? core::Severity::Note : core::Severity::Warning,
        L->getBeginLoc(), L->getSourceRange(),
        std::string("reduction step of 16 lanes covers a 32-wide warp; on "
                    "a 64-lane wavefront each half reduces separately: "
                    "start at warpSize / 2") +
            (Rows ? kRowReduction : ""),
        sourceText(Call->getSourceRange(), C));
    AssumptionUse = false;
  }
}

void WarpSizeLiteralCheck::onLoop(const ForStmt *Loop, const VarDecl *Var,
                                  const Expr *Init, const CallExpr *Shfl,
                                  ASTContext &C) {
  // The loop variable must be the shuffle's offset.
  bool Offset = false;
  for (const Expr *A : Shfl->arguments())
    if (const auto *DRE = dyn_cast<DeclRefExpr>(A->IgnoreParenImpCasts()))
      Offset |= DRE->getDecl() == Var;
  if (!Offset || findWarpSizeRef(Init, C))
    return;
  // `for (int l = 31; l >= 0; --l) ... __shfl(v, l)`: lanes counted down
  // from the last lane of a 32-wide warp; lanes 32-63 are never read.
  ConstantOrigin Last = constantOrigin(Init, C, {31});
  if (Last.K != ConstantOrigin::None) {
    use(Last, core::Severity::Error, Init->getBeginLoc(),
        Init->getSourceRange(),
        "loop over lanes counting down from lane 31 leaves out lanes 32-63 "
        "of a 64-lane wavefront: start at warpSize - 1",
        sourceText(Loop->getInit()->getSourceRange(), C));
    return;
  }
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
    const FunctionDecl *F = enclosingFunction(Loop, C);
    if (rowsOfThreadIdxX(F, C)) {
      Level = core::Severity::Note;
      Msg += kRowReduction;
    } else if (F)
      if (const Expr *WS = findWarpSizeRef(F->getBody(), C)) {
        Level = core::Severity::Error;
        Msg += "; this function collects results per warpSize lanes, so "
               "lanes 32-63 are left out of the total";
        Notes.emplace_back(WS->getBeginLoc(), "warpSize used here");
      }
    AssumptionUse = true;
    use(O, Level, Init->getBeginLoc(), Init->getSourceRange(), Msg,
        sourceText(Loop->getInit()->getSourceRange(), C), std::move(Notes));
    AssumptionUse = false;
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
    if (B.K == ConstantOrigin::None || !DRE || DRE->getDecl() != Var)
      return;
    // `if (lane >= d) v += __shfl_up(v, d)`, lane by 32: the guard keeps
    // each scan within its 32-lane half (shared/WAVE64.md: correct at 64).
    const FunctionDecl *F = enclosingFunction(Loop, C);
    if (F && halfRead(Shfl, F->getBody(), C) == HalfRead::Guarded) {
      use(B, core::Severity::Note, Bound->getBeginLoc(),
          Bound->getSourceRange(),
          "shuffle loop bounded by a 32-wide warp, read only under a guard "
          "by a lane index by 32: each 32-lane half scans on its own, right "
          "at either width",
          sourceText(Cond->getSourceRange(), C));
      return;
    }
    use(B, core::Severity::Warning, Bound->getBeginLoc(),
        Bound->getSourceRange(),
        "shuffle loop bounded by a 32-wide warp; on a 64-lane wavefront "
        "lanes 32-63 are not covered as one group: bound it by warpSize",
        sourceText(Cond->getSourceRange(), C));
  }
}

/// Named 32s in a shift amount (`1 << (WS - 1)`, `w << (n % WS)`,
/// `x >> (WS / 2)`): the constant counts the bits of a 32-bit word.
static void bitCounts(const Expr *E, ASTContext &C, unsigned Depth,
                      std::set<unsigned> &Out) {
  if (!E || Depth > 3)
    return;
  E = E->IgnoreParenImpCasts();
  if (isa<DeclRefExpr>(E) || isa<IntegerLiteral>(E)) {
    ConstantOrigin O = constantOrigin(E, C, {32});
    if (O.named())
      Out.insert(O.Loc.getRawEncoding());
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    bitCounts(BO->getLHS(), C, Depth + 1, Out);
    bitCounts(BO->getRHS(), C, Depth + 1, Out);
  }
}

/// `dim3 block(kLanes, kWarps)`: a named 32 that is the x extent of a block
/// of several rows. threadIdx.x stays below it whatever the wave's width,
/// so arrays and loops it sizes are the block's rows, not a warp's lanes.
void WarpSizeLiteralCheck::onBlockShape(const CXXConstructExpr *Block,
                                        ASTContext &C) {
  if (Block->getNumArgs() < 2 || isa<CXXDefaultArgExpr>(Block->getArg(1)))
    return;
  Expr::EvalResult Rows;
  if (Block->getArg(1)->EvaluateAsInt(Rows, C) &&
      Rows.Val.getInt() == 1)
    return;
  ConstantOrigin O = constantOrigin(Block->getArg(0), C, {32});
  if (O.named())
    BlockRows.insert(O.Loc.getRawEncoding());
}

void WarpSizeLiteralCheck::onShift(const BinaryOperator *BO, ASTContext &C) {
  bitCounts(BO->getRHS(), C, 0, BitWidth);
}

void WarpSizeLiteralCheck::run(const MatchFinder::MatchResult &R) {
  Ctx = R.Context;
  ASTContext &C = *R.Context;
  if (const auto *VD = R.Nodes.getNodeAs<VarDecl>("array"))
    return onArray(VD, C);
  if (const auto *For = R.Nodes.getNodeAs<ForStmt>("for"))
    return onFor(For, C);
  if (const auto *BO = R.Nodes.getNodeAs<BinaryOperator>("math"))
    return onMath(BO, C);
  if (const auto *BO = R.Nodes.getNodeAs<BinaryOperator>("shift"))
    return onShift(BO, C);
  if (const auto *BO = R.Nodes.getNodeAs<BinaryOperator>("first"))
    return onFirst(BO, C);
  if (const auto *BO = R.Nodes.getNodeAs<BinaryOperator>("cmp"))
    return onCmp(BO, C);
  if (const auto *Call = R.Nodes.getNodeAs<CallExpr>("shfl"))
    return onShuffle(Call, C);
  if (const auto *Block = R.Nodes.getNodeAs<CXXConstructExpr>("dim3"))
    return onBlockShape(Block, C);
  if (const auto *Loop = R.Nodes.getNodeAs<ForStmt>("loop"))
    return onLoop(Loop, R.Nodes.getNodeAs<VarDecl>("var"),
                  R.Nodes.getNodeAs<Expr>("init"),
                  R.Nodes.getNodeAs<CallExpr>("loopshfl"), C);
}

} // namespace hipport::checks
