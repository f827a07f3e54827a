#include "Checks/WidthLayout.h"
#include "Checks/CudaPatterns.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/TypeLoc.h"
#include "llvm/Support/Regex.h"

#include <fmt/format.h>

#include <set>
#include <type_traits>

using namespace clang;

namespace hipport::checks {

/// A name counting warps (`kNumWarps`, `warps_per_block`, `NWARPS`) or
/// per-lane items (`kRegsPerLane`): a constant of that name computed with a
/// literal 32 derives from the warp width; a word's bits are named otherwise.
static bool warpCountName(llvm::StringRef N) {
  static const llvm::Regex Bits("bit|word|byte|mask", llvm::Regex::IgnoreCase);
  return warpLikeName(N) && !Bits.match(N);
}

/// `X / 32` with a literal 32 written in place (a count of warps),
/// somewhere in E; `64 * 64 * 32` is a size, not a count.
static bool scalesByLiteral32(const Expr *E, const ASTContext &C,
                              unsigned Depth = 0) {
  if (!E || Depth > 4)
    return false;
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Div) {
      ConstantOrigin O = constantOrigin(BO->getRHS(), C, {32});
      if (O.K == ConstantOrigin::Literal)
        return true;
    }
  }
  for (const Stmt *Ch : E->children())
    if (scalesByLiteral32(dyn_cast_or_null<Expr>(Ch), C, Depth + 1))
      return true;
  return false;
}

/// True when E is a constant: literals, template parameters, enumerators
/// and constants initialised with constants (`Threads / kWarpSize`), not an
/// index computed from a thread's id (`const int w = tid / 32`).
static bool constantInit(const Expr *E, unsigned Depth = 0) {
  if (!E || Depth > 6)
    return false;
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = DRE->getDecl();
    if (isa<NonTypeTemplateParmDecl>(D) || isa<EnumConstantDecl>(D))
      return true;
    const auto *VD = dyn_cast<VarDecl>(D);
    return VD && (VD->isConstexpr() || VD->getType().isConstQualified()) &&
           VD->getInit() && constantInit(VD->getInit(), Depth + 1);
  }
  if (isa<CallExpr>(E) || isa<MemberExpr>(E) || isa<ArraySubscriptExpr>(E) ||
      isa<CXXDependentScopeMemberExpr>(E) || isa<LambdaExpr>(E))
    return false;
  for (const Stmt *Ch : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Ch); CE && !constantInit(CE, Depth + 1))
      return false;
  return true;
}

WidthLayout::Source WidthLayout::ofVar(const VarDecl *VD) {
  auto It = Vars.find(VD);
  if (It != Vars.end())
    return It->second;
  Vars[VD] = {}; // a cycle through a self-referencing init reads None
  Source S;
  const Expr *Init = VD->getInit();
  if ((VD->getType().isConstQualified() || VD->isConstexpr()) && Init &&
      VD->getType()->isIntegralOrEnumerationType() &&
      !findWarpSizeRef(Init, C) &&
      !C.getSourceManager().isInSystemHeader(VD->getLocation())) {
    std::optional<int64_t> V = intValue(Init, C);
    if (V && *V == 32 && warpWidthName(VD->getName())) {
      S = {Source::Width, VD->getNameAsString(), VD->getLocation(), nullptr,
           VD->getLocation()};
    } else if (!warpWidthName(VD->getName()) && constantInit(Init)) {
      // A constant (`kNumWarps = Threads / kWarpSize`), not an index
      // computed from a thread's id (`const int w = tid / 32`, lane math).
      Source Inner = scaledBy(Init);
      if (Inner.K != Source::None ||
          (warpCountName(VD->getName()) && scalesByLiteral32(Init, C)))
        S = {Source::Derived, VD->getNameAsString(), VD->getLocation(),
             nullptr, Inner.Root};
    }
  }
  Vars[VD] = S;
  return S;
}

/// The integral arguments the specializations of P's template give P.
template <typename SpecRange>
static void argsOf(SpecRange Specs, unsigned Index, std::set<int64_t> &Out) {
  for (const auto *S : Specs) {
    const TemplateArgumentList *Args = nullptr;
    if constexpr (std::is_same_v<std::decay_t<decltype(S)>,
                                 const FunctionDecl *> ||
                  std::is_same_v<std::decay_t<decltype(S)>, FunctionDecl *>)
      Args = S->getTemplateSpecializationArgs();
    else
      Args = &S->getTemplateArgs();
    if (Args && Index < Args->size() &&
        Args->get(Index).getKind() == TemplateArgument::Integral)
      Out.insert(Args->get(Index).getAsIntegral().getExtValue());
  }
}

/// True when the template of the width-named parameter P (`template <int
/// WarpSize> struct Queue`) is instantiated with 32 for it, and never with
/// 64 (both would be a dispatch on the width).
bool WidthLayout::instantiatedWith32(const NonTypeTemplateParmDecl *P) {
  auto [It, New] = Params.try_emplace(P, false);
  if (!New)
    return It->second;
  std::set<int64_t> Values;
  const DeclContext *DC = P->getDeclContext();
  if (P->getDepth() == 0) {
    if (const auto *RD = dyn_cast_or_null<CXXRecordDecl>(DC))
      if (const ClassTemplateDecl *T = RD->getDescribedClassTemplate())
        argsOf(T->specializations(), P->getIndex(), Values);
    if (const auto *FD = dyn_cast_or_null<FunctionDecl>(DC))
      if (const FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate())
        argsOf(T->specializations(), P->getIndex(), Values);
  }
  It->second = Values.count(32) && !Values.count(64);
  return It->second;
}

WidthLayout::Source WidthLayout::ofLeaf(const Expr *E) {
  if (const auto *IL = dyn_cast<IntegerLiteral>(E)) {
    if (!IL->getLocation().isMacroID() || IL->getValue() != 32)
      return {};
    ConstantOrigin O = constantOrigin(IL, C, {32});
    if (O.K == ConstantOrigin::Macro && warpWidthName(O.Name))
      return {Source::Width, O.Name, O.Loc, E, O.Loc};
    return {};
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  if (!DRE)
    return {};
  if (const auto *NT = dyn_cast<NonTypeTemplateParmDecl>(DRE->getDecl())) {
    if (!warpWidthName(NT->getName()))
      return {};
    ConstantOrigin O = constantOrigin(DRE, C, {32});
    if (O.K == ConstantOrigin::TemplateParam)
      return {Source::Width, O.Name, O.Loc, E, O.Loc};
    if (!NT->hasDefaultArgument() && instantiatedWith32(NT))
      return {Source::Width, NT->getNameAsString(), NT->getLocation(), E,
              NT->getLocation()};
    return {};
  }
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  if (!VD)
    return {};
  Source S = ofVar(VD);
  S.At = E;
  return S;
}

WidthLayout::Source WidthLayout::find(const Expr *E, unsigned Depth) {
  if (!E || Depth > 6)
    return {};
  E = E->IgnoreParenImpCasts();
  if (isa<IntegerLiteral>(E) || isa<DeclRefExpr>(E))
    return ofLeaf(E);
  // A call, sizeof or a lambda computes its own value.
  if (isa<CallExpr>(E) || isa<UnaryExprOrTypeTraitExpr>(E) ||
      isa<LambdaExpr>(E))
    return {};
  for (const Stmt *Ch : E->children())
    if (Source S = find(dyn_cast_or_null<Expr>(Ch), Depth + 1);
        S.K != Source::None)
      return S;
  return {};
}

void WidthLayout::noteShift(const BinaryOperator *Shift) {
  if (Source S = find(Shift->getRHS()); S.Root.isValid())
    BitWidths.insert(S.Root.getRawEncoding());
}

void WidthLayout::noteLaneMath(const BinaryOperator *BO) {
  if ((BO->getOpcode() != BO_Rem && BO->getOpcode() != BO_Div) ||
      !isLaneLike(BO->getLHS(), C))
    return;
  const FunctionDecl *F = enclosingFunction(BO, C);
  if (Source S = find(BO->getRHS()); S.K == Source::Width && S.Root.isValid()) {
    LaneWidths.insert(S.Root.getRawEncoding());
    if (F)
      FuncLanes[F].insert(S.Root.getRawEncoding());
  } else if (F && (isWarpSizeRef(BO->getRHS(), C) ||
                   constantOrigin(BO->getRHS(), C, {32, 64}).K !=
                       ConstantOrigin::None)) {
    OtherLanes.insert(F);
  }
}

bool WidthLayout::countsLanesWith(SourceLocation Root,
                                  const FunctionDecl *F) const {
  if (Root.isInvalid())
    return false;
  unsigned R = Root.getRawEncoding();
  if (F) {
    if (OtherLanes.count(F))
      return false;
    auto It = FuncLanes.find(F);
    if (It != FuncLanes.end())
      return It->second.count(R);
  }
  return LaneWidths.count(R);
}

WidthLayout::Source WidthLayout::scaledBy(const Expr *E, unsigned Depth) {
  if (!E || Depth > 4)
    return {};
  E = E->IgnoreParenImpCasts();
  // `1 << (WS / 2)`: a bit count.
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isShiftOp())
    return {};
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && (BO->getOpcode() == BO_Div || BO->getOpcode() == BO_Mul))
    for (const Expr *Side : {BO->getLHS(), BO->getRHS()})
      if (Source S = find(Side); S.K != Source::None)
        return S;
  if (isa<CallExpr>(E))
    return {};
  for (const Stmt *Ch : E->children())
    if (Source S = scaledBy(dyn_cast_or_null<Expr>(Ch), Depth + 1);
        S.K != Source::None)
      return S;
  return {};
}

static std::string describe(const WidthLayout::Source &S) {
  return S.K == WidthLayout::Source::Width
             ? fmt::format("the warp width '{}' (= 32)", S.Name)
             : fmt::format("'{}', computed from a warp width of 32", S.Name);
}

/// True when the value of E is the named 32 itself: such a use is
/// wave64-warp-size-literal's (reported at its place there).
static bool loneWidth(const Expr *E, const WidthLayout::Source &S) {
  return S.K == WidthLayout::Source::Width && S.At &&
         E->IgnoreParenImpCasts() == S.At;
}

std::optional<CheckDiag> WidthLayout::derivedDef(const VarDecl *VD) {
  Source S = ofVar(VD);
  // A function's own count (`constexpr int kMaxWarps = 1024 / WARP_SIZE`)
  // is judged where it sizes an array (onDecl), which may index it
  // consistently.
  if (S.K != Source::Derived || isa<ParmVarDecl>(VD) || VD->isLocalVarDecl())
    return std::nullopt;
  Source From = find(VD->getInit());
  std::string Via = From.K == Source::None
                        ? std::string("32")
                        : fmt::format("'{}' (= 32)", From.Name);
  CheckDiag D;
  D.Loc = VD->getLocation();
  D.Range = D.Loc.isMacroID() ? SourceRange() : VD->getSourceRange();
  D.Message = fmt::format(
      "'{}' is computed from the warp width {}: a count of warps or of "
      "per-lane items of 32-wide warps; on a 64-lane wavefront it is twice "
      "too large (or too small): derive it from the wavefront's width",
      VD->getName(), Via);
  if (From.K != Source::None)
    D.Notes.emplace_back(From.Def,
                         fmt::format("'{}' defined here", From.Name));
  LastRoot = S.Root;
  LastFunc = nullptr;
  return D;
}

/// A subscript's index and the conditions it runs under (`if (c)`'s then
/// branch, a `for` loop's body).
struct GuardedIndex {
  const Expr *Index;
  std::vector<const Expr *> Guards;
};

/// Collects the first index of every subscript of VD in S.
static void indicesOf(const Stmt *S, const VarDecl *VD,
                      std::vector<GuardedIndex> &Out,
                      std::vector<const Expr *> &Guards) {
  if (!S)
    return;
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S))
    if (const auto *DRE = dyn_cast<DeclRefExpr>(strip(AS->getBase()));
        DRE && DRE->getDecl() == VD)
      Out.push_back({AS->getIdx(), Guards});
  const Stmt *Guarded = nullptr;
  const Expr *Cond = nullptr;
  if (const auto *If = dyn_cast<IfStmt>(S))
    Guarded = If->getThen(), Cond = If->getCond();
  else if (const auto *For = dyn_cast<ForStmt>(S))
    Guarded = For->getBody(), Cond = For->getCond();
  for (const Stmt *Ch : S->children()) {
    bool Push = Cond && Ch == Guarded;
    if (Push)
      Guards.push_back(Cond);
    indicesOf(Ch, VD, Out, Guards);
    if (Push)
      Guards.pop_back();
  }
}

/// The variables E reads.
static void varsOf(const Stmt *E, llvm::SmallPtrSetImpl<const VarDecl *> &Out) {
  if (!E)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      Out.insert(V);
  for (const Stmt *Ch : E->children())
    varsOf(Ch, Out);
}

/// True when one of Guards is `Index < B`, B reading a variable of Counts:
/// the index stays below the count of slots.
static bool boundedBy(const Expr *Index, llvm::ArrayRef<const Expr *> Guards,
                      const llvm::SmallPtrSetImpl<const VarDecl *> &Counts) {
  const auto *IR = dyn_cast<DeclRefExpr>(strip(Index));
  if (!IR)
    return false;
  for (const Expr *G : Guards) {
    const auto *BO = dyn_cast<BinaryOperator>(strip(G));
    if (!BO || BO->getOpcode() != BO_LT)
      continue;
    const auto *L = dyn_cast<DeclRefExpr>(strip(BO->getLHS()));
    llvm::SmallPtrSet<const VarDecl *, 4> Bound;
    varsOf(BO->getRHS(), Bound);
    if (L && L->getDecl() == IR->getDecl() &&
        llvm::any_of(Bound, [&](const VarDecl *V) { return Counts.count(V); }))
      return true;
  }
  return false;
}

/// True when every index of the function-local array VD is a warp or lane
/// index computed with the same 32 (`warp_id = threadIdx.x / WARP_SIZE`),
/// or a value kept below the count that sizes it (`if (t < kNumWarps)`,
/// `for (i = 0; i < kNumWarps; ++i)`): slots of 32-lane warps indexed as
/// such, consistent at wave64 too.
static bool indexedConsistently(const VarDecl *VD, const Expr *Size,
                                ASTContext &C) {
  const auto *F = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  if (!F || !F->getBody())
    return false;
  std::vector<GuardedIndex> Idx;
  std::vector<const Expr *> Guards;
  indicesOf(F->getBody(), VD, Idx, Guards);
  llvm::SmallPtrSet<const VarDecl *, 4> Counts;
  varsOf(Size, Counts);
  return !Idx.empty() && llvm::all_of(Idx, [&](const GuardedIndex &G) {
    const auto *DRE = dyn_cast<DeclRefExpr>(strip(G.Index));
    const auto *IV = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    return (IV && IV->getInit() && !findWarpSizeRef(IV->getInit(), C) &&
            findLaneMath(IV->getInit(), C)) ||
           boundedBy(G.Index, G.Guards, Counts);
  });
}

std::optional<CheckDiag> WidthLayout::onDecl(const DeclaratorDecl *DD) {
  const auto *VD = dyn_cast<VarDecl>(DD);
  if (VD && isa<ParmVarDecl>(VD))
    return std::nullopt;
  if (VD && !VD->getType()->isArrayType())
    return derivedDef(VD);
  if (!DD->getTypeSourceInfo() || !DD->getType()->isArrayType())
    return std::nullopt;
  TypeLoc TL = DD->getTypeSourceInfo()->getTypeLoc();
  for (bool First = true; auto AT = TL.getAs<ArrayTypeLoc>(); First = false) {
    const Expr *Size = AT.getSizeExpr();
    TL = AT.getElementLoc();
    Source S = find(Size);
    if (S.K == Source::None || loneWidth(Size, S) ||
        (VD && First && indexedConsistently(VD, Size, C)))
      continue;
    CheckDiag D;
    D.Loc = Size->getBeginLoc();
    if (D.Loc.isMacroID())
      D.Loc = C.getSourceManager().getExpansionLoc(D.Loc);
    else
      D.Range = Size->getSourceRange();
    // A layout of 32-wide warps can be self-consistent on a 64-lane
    // wavefront (every index computed with the same 32): a warning; the
    // index read through a warpSize lane is laneIndexedArray's error.
    bool Shared = VD && VD->hasAttr<CUDASharedAttr>();
    D.Message = fmt::format(
        "{}array '{}' is sized '{}' with {}: one element per warp or per "
        "lane of 32-wide warps; a 64-lane wavefront indexes it with twice (or "
        "half) as many lanes: size it with the wavefront's width",
        Shared ? "shared " : "", DD->getName(),
        sourceText(Size->getSourceRange(), C), describe(S));
    D.Notes.emplace_back(S.Def, fmt::format("'{}' defined here", S.Name));
    LastRoot = S.Root;
    LastFunc = dyn_cast_or_null<FunctionDecl>(DD->getParentFunctionOrMethod());
    return D;
  }
  return std::nullopt;
}

/// A variable computed as a thread index over 32 (`int w = tid / 32`,
/// `tid >> 5`).
static bool warpIndexVarBy32(const VarDecl *VD, ASTContext &C) {
  const auto *Init = VD->getInit()
                         ? dyn_cast<BinaryOperator>(strip(VD->getInit()))
                         : nullptr;
  std::optional<LaneMath> LM = Init ? laneMath(Init, C) : std::nullopt;
  return LM && (LM->K == LaneMath::Div || LM->K == LaneMath::Shr);
}

/// A warp index: a variable named like one (`warp`, `wid`, `warp_id`) or
/// computed as a thread index over 32 (warpIndexVarBy32).
static bool warpIndexLike(const Expr *E, ASTContext &C) {
  const auto *DRE = dyn_cast<DeclRefExpr>(strip(E));
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->isLocalVarDeclOrParm())
    return false;
  static const llvm::Regex Name(
      "^(warp|wid|wave|w)(_?(id|idx|index|num|no|nr|rank))?$|^(warp|wave)_?id",
      llvm::Regex::IgnoreCase);
  return Name.match(VD->getName()) || warpIndexVarBy32(VD, C);
}

/// The size expression of VD's first dimension, if VD is an array.
static const Expr *firstExtent(const VarDecl *VD) {
  if (!VD->getTypeSourceInfo())
    return nullptr;
  auto AT = VD->getTypeSourceInfo()->getTypeLoc().getAs<ArrayTypeLoc>();
  return AT ? AT.getSizeExpr() : nullptr;
}

/// True when every read of V in S is the first index of an array whose
/// first extent reads a variable of Counts (`s[i]`, s sized `kNumWarps`).
static bool onlySlotIndex(const Stmt *S, const VarDecl *V,
                          const llvm::SmallPtrSetImpl<const VarDecl *> &Counts,
                          unsigned &Uses) {
  if (!S)
    return true;
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S))
    if (const auto *I = dyn_cast<DeclRefExpr>(strip(AS->getIdx()));
        I && I->getDecl() == V) {
      const auto *B = dyn_cast<DeclRefExpr>(strip(AS->getBase()));
      const auto *A = B ? dyn_cast<VarDecl>(B->getDecl()) : nullptr;
      llvm::SmallPtrSet<const VarDecl *, 4> Extent;
      varsOf(A ? firstExtent(A) : nullptr, Extent);
      if (llvm::none_of(Extent, [&](const VarDecl *E) { return Counts.count(E); }))
        return false;
      ++Uses;
      return onlySlotIndex(AS->getBase(), V, Counts, Uses);
    }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    return DRE->getDecl() != V;
  return llvm::all_of(S->children(), [&](const Stmt *Ch) {
    return onlySlotIndex(Ch, V, Counts, Uses);
  });
}

/// The variable a `for` loop declares or assigns in its init, and the
/// value it starts from.
static std::pair<const VarDecl *, const Expr *> loopStart(const ForStmt *F) {
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit()))
    if (DS->isSingleDecl())
      if (const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl()))
        return {V, V->getInit()};
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(F->getInit()))
    if (BO->getOpcode() == BO_Assign)
      if (const auto *L = dyn_cast<DeclRefExpr>(strip(BO->getLHS())))
        return {dyn_cast<VarDecl>(L->getDecl()), BO->getRHS()};
  return {nullptr, nullptr};
}

/// True when E reads a warp index computed with 32 (`w = tid / 32`).
static bool readsWarpIndexBy32(const Stmt *E, ASTContext &C) {
  llvm::SmallPtrSet<const VarDecl *, 4> Vars;
  varsOf(E, Vars);
  return llvm::any_of(Vars, [&](const VarDecl *V) {
    return warpIndexVarBy32(V, C) && !findWarpSizeRef(V->getInit(), C);
  });
}

/// A loop whose count agrees with the 32 it is measured against: one
/// from a warp index by 32 striding by a count of such warps (each item
/// taken by one warp, whatever the wavefront), or one bounded by a count
/// of warps whose counter only indexes slots sized by that count.
static bool consistentLoop(const ForStmt *F, const Expr *Bound,
                           const Expr *Step, ASTContext &C) {
  auto [V, Start] = loopStart(F);
  if (!V)
    return false;
  if (Step)
    return Start && readsWarpIndexBy32(Start, C);
  llvm::SmallPtrSet<const VarDecl *, 4> Counts;
  varsOf(Bound, Counts);
  unsigned Uses = 0;
  return onlySlotIndex(F->getBody(), V, Counts, Uses) && Uses > 0;
}

std::optional<CheckDiag> WidthLayout::onFor(const ForStmt *F) {
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(F->getCond());
  const Expr *Bound = Cond && Cond->isRelationalOp() ? Cond->getRHS() : nullptr;
  const Expr *Step = nullptr;
  if (const auto *Inc = dyn_cast_or_null<CompoundAssignOperator>(F->getInc()))
    if (Inc->getOpcode() == BO_AddAssign || Inc->getOpcode() == BO_SubAssign)
      Step = Inc->getRHS();
  for (auto [E, What] : {std::pair(Bound, "bound"), std::pair(Step, "stride")}) {
    if (!E)
      continue;
    Source S = find(E);
    if (S.K == Source::None || loneWidth(E, S) ||
        (S.K == Source::Derived &&
         consistentLoop(F, E == Bound ? E : nullptr, E == Step ? E : nullptr,
                        C)))
      continue;
    CheckDiag D;
    D.Loc = E->getBeginLoc();
    if (D.Loc.isMacroID())
      D.Loc = C.getSourceManager().getExpansionLoc(D.Loc);
    else
      D.Range = E->getSourceRange();
    D.Message = fmt::format(
        "loop {} '{}' counts warps or per-lane items with {}; a 64-lane "
        "wavefront covers twice as many elements per step: derive it from "
        "the wavefront's width",
        What, sourceText(E->getSourceRange(), C), describe(S));
    D.Notes.emplace_back(S.Def, fmt::format("'{}' defined here", S.Name));
    LastRoot = S.Root;
    LastFunc = enclosingFunction(F, C);
    return D;
  }
  return std::nullopt;
}

/// `warp * 32 + lane`, `wid * WARP_SIZE`: a warp index scaled by a 32-lane
/// width. At wave64 the lanes of a wavefront are 0-63, so warp w's rows
/// overlap warp w+1's.
std::optional<CheckDiag> WidthLayout::onMul(const BinaryOperator *Mul) {
  for (auto [W, X] : {std::pair(Mul->getLHS(), Mul->getRHS()),
                      std::pair(Mul->getRHS(), Mul->getLHS())}) {
    ConstantOrigin O = constantOrigin(W, C, {32});
    Source S = find(W);
    bool Literal = O.K == ConstantOrigin::Literal &&
                   !W->getBeginLoc().isMacroID();
    if ((!Literal && S.K == Source::None) || !warpIndexLike(X, C))
      continue;
    const FunctionDecl *F = enclosingFunction(Mul, C);
    bool Device =
        F && (F->hasAttr<CUDADeviceAttr>() || F->hasAttr<CUDAGlobalAttr>());
    // A warp index of the run-time width (`w = tid / warpSize`) scaled by
    // 32 mixes the widths: wrong at wave64 whatever the rest does.
    const auto *XR = dyn_cast<DeclRefExpr>(strip(X));
    const auto *XV = XR ? dyn_cast<VarDecl>(XR->getDecl()) : nullptr;
    const Expr *XI = XV ? XV->getInit() : nullptr;
    bool Mixed = XI && findWarpSizeRef(XI, C);
    // `w = tid / 32; w * 32 + lane`: one width throughout, the thread
    // index again, right at any width.
    if (XI && !Mixed && findLaneMath(XI, C))
      continue;
    CheckDiag D;
    D.Loc = Mul->getBeginLoc();
    if (D.Loc.isMacroID())
      D.Loc = C.getSourceManager().getExpansionLoc(D.Loc);
    else
      D.Range = Mul->getSourceRange();
    D.Level = Device && Mixed ? core::Severity::Error : core::Severity::Warning;
    D.Message = fmt::format(
        "'{}' scales warp index '{}' by a 32-lane width: on a 64-lane "
        "wavefront lanes 32-63 of warp w index the elements of warp w+1; "
        "scale by the wavefront's width",
        sourceText(Mul->getSourceRange(), C), sourceText(X->getSourceRange(), C));
    if (S.K != Source::None)
      D.Notes.emplace_back(S.Def, fmt::format("'{}' defined here", S.Name));
    if (Literal && Device && Mixed)
      D.Fixes.push_back(
          FixItHint::CreateReplacement(W->getSourceRange(), "warpSize"));
    // A mixed product is wrong whatever else the TU does with the width.
    LastRoot = Mixed ? SourceLocation() : S.Root;
    LastFunc = F;
    return D;
  }
  return std::nullopt;
}

/// The width W of the first lane or warp index S computes as `t % W` or
/// `t / W` on a thread index, when W is not 32 in this pass: warpSize, or a
/// constant that is 64 for this target (`kWarpSize`, picked per target).
static const Expr *laneWidthIn(const Stmt *S, ASTContext &C) {
  if (!S)
    return nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && (BO->getOpcode() == BO_Rem || BO->getOpcode() == BO_Div) &&
      isLaneLike(BO->getLHS(), C)) {
    const Expr *W = BO->getRHS();
    if (isWarpSizeRef(W, C))
      return W;
    std::optional<int64_t> V = intValue(W, C);
    if (V && *V == 64 && constantOrigin(W, C, {64}).named())
      return W;
  }
  for (const Stmt *Ch : S->children())
    if (const Expr *W = laneWidthIn(Ch, C))
      return W;
  return nullptr;
}

const Expr *WidthLayout::wideLaneWidth(const FunctionDecl *F) {
  auto [It, New] = WideLanes.try_emplace(F, nullptr);
  if (New && F->hasBody())
    It->second = laneWidthIn(F->getBody(), C);
  return It->second;
}

/// Integer rounding to a multiple or a count of groups: `divUp(n, g)`,
/// `roundDown(i, g)`, `ceil_div`, `DIV_ROUND_UP`.
static bool roundingName(llvm::StringRef N) {
  static const llvm::Regex Re(
      "^(div_?up|div_?round_?up|ceil_?div|cdiv|round_?(up|down)|align_?(up|down))$",
      llvm::Regex::IgnoreCase);
  return Re.match(N);
}

std::optional<CheckDiag> WidthLayout::onCall(const CallExpr *Call) {
  if (Call->getNumArgs() != 2 || !roundingName(calleeName(Call)))
    return std::nullopt;
  const Expr *G = Call->getArg(1);
  const auto *Lit = dyn_cast<IntegerLiteral>(strip(G));
  if (!Lit || Lit->getValue() != 32 || Lit->getLocation().isMacroID())
    return std::nullopt;
  const FunctionDecl *F = enclosingFunction(Call, C);
  if (!F || !(F->hasAttr<CUDAGlobalAttr>() || F->hasAttr<CUDADeviceAttr>()))
    return std::nullopt;
  if (const FunctionDecl *P = F->getTemplateInstantiationPattern())
    F = P;
  const Expr *W = wideLaneWidth(F);
  if (!W)
    return std::nullopt;
  CheckDiag D;
  D.Loc = Call->getBeginLoc();
  if (D.Loc.isMacroID())
    D.Loc = C.getSourceManager().getExpansionLoc(D.Loc);
  else
    D.Range = Call->getSourceRange();
  D.Message = fmt::format(
      "'{}' groups items by 32 in '{}', whose lanes are counted with '{}' (64 "
      "lanes on a wave64 target): a group of 32 no longer matches a warp, so "
      "lanes 32-63 work on the next group; group by the same width",
      sourceText(Call->getSourceRange(), C), F->getName(),
      sourceText(W->getSourceRange(), C));
  D.Notes.emplace_back(W->getBeginLoc(), "lanes counted here");
  LastRoot = SourceLocation();
  LastFunc = F;
  return D;
}

} // namespace hipport::checks
