#include "Checks/HostLaunchWidthCheck.h"
#include "Checks/CudaPatterns.h"
#include "Checks/Fixer.h"
#include "Checks/HalfLocalShuffles.h"
#include "Checks/KernelLaunches.h"
#include "Checks/Parents.h"
#include "Checks/WarpRoles.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

#include "llvm/Support/Regex.h"

#include <fmt/format.h>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipport::checks {

const CheckInfo HostLaunchWidthCheck::Info = {
    "wave64-host-launch-width", core::Severity::Error,
    "launch grid, block or shared-memory sizes computed with a warp width "
    "the launched kernel does not use (32 on the host, warpSize in the "
    "kernel, or the reverse)"};

void HostLaunchWidthCheck::registerMatchers(MatchFinder &F) {
  auto NotInst = unless(isInTemplateInstantiation());
  // Launches in template instantiations too: a template's launch of
  // `kernel<T>` names its kernel only there (launchFound).
  F.addMatcher(cudaKernelCallExpr().bind("launch"), this);
  // Host reads of a warp constant picked per AMD target.
  // Only what hostRead() can find a constant in: a variable the constant
  // evaluator reads, a literal from a macro (#17: every reference and
  // literal of a big TU matched before).
  F.addMatcher(declRefExpr(to(varDecl(readableAsConstant())), NotInst)
                   .bind("ref"),
               this);
  // Not NotInst: a template's non-dependent literal is one node, shared
  // with its instantiations, so it counts as instantiated once the template
  // is (`if (WARP == 64)` in an explicitly instantiated host template).
  // Reported dedupes.
  F.addMatcher(integerLiteral(isMacroLiteral(), unless(isExpansionInSystemHeader()))
                   .bind("lit"),
               this);
  F.addMatcher(callExpr(callee(functionDecl(hasAnyName(
                            "cudaLaunchKernel", "hipLaunchKernel",
                            "cudaLaunchCooperativeKernel",
                            "hipLaunchCooperativeKernel"))))
                   .bind("api"),
               this);
}

namespace {

/// What a kernel's body says about the width it works with.
struct KernelWidth {
  const Expr *WarpSize = nullptr; ///< a warpSize reference
  std::optional<LaneMath> Fixed;  ///< lane math with a 32 constant
  bool Collectives = false;       ///< shuffles, ballots, votes
};

/// True when every warp collective in S, and in the device functions it
/// calls two deep, stays within 32-lane segments: shuffles with a written
/// width of at most 32 or that read within their half (halfRead). Ballots
/// and votes span the wavefront. Body is the function around S.
bool segmentLocal(const Stmt *S, const Stmt *Body, ASTContext &C,
                  unsigned Depth = 0) {
  if (!S)
    return true;
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    llvm::StringRef N = calleeName(Call);
    if (isShuffleName(N)) {
      std::optional<int64_t> W = writtenShuffleWidth(Call, C);
      if (!(W && *W <= 32) && halfRead(Call, Body, C) == HalfRead::None)
        return false;
    } else if (N.starts_with("__ballot") || N.starts_with("__any") ||
               N.starts_with("__all") || N == "__activemask" ||
               N.starts_with("__match") || isWarpMatrixName(N)) {
      return false;
    } else if (const Stmt *Callee = projectDeviceBody(Call)) {
      if (Depth >= 2 || !segmentLocal(Callee, Callee, C, Depth + 1))
        return false;
    }
  }
  for (const Stmt *Ch : S->children())
    if (!segmentLocal(Ch, Body, C, Depth))
      return false;
  return true;
}

KernelWidth widthOf(const FunctionDecl *K, ASTContext &C) {
  KernelWidth W;
  if (!K)
    return W;
  if (const FunctionDecl *P = K->getTemplateInstantiationPattern())
    K = P;
  const Stmt *Body = K->getBody();
  if (!Body)
    return W;
  W.WarpSize = findWarpSizeUse(Body, C);
  W.Fixed = findLaneMath(Body, C);
  if (W.Fixed && W.Fixed->K == LaneMath::BlockDimDiv)
    W.Fixed.reset();
  W.Collectives = hasWarpCollective(Body);
  return W;
}

/// A 32 (or its log, 5) that sizes something per warp: an operand of
/// `*`, `/`, `<<`, `>>` in a size expression.
struct WidthUse {
  const BinaryOperator *Op = nullptr;
  ConstantOrigin Origin;
};

struct SizeFacts {
  std::vector<WidthUse> Fixed;
  const Expr *Queried = nullptr;
  /// A 32 or 64 whose definition the preprocessor picks per AMD target.
  const Expr *PerPass = nullptr;
  ConstantOrigin PerPassOrigin;
};

/// The assignments to VD in S: plain ones (`int threads; if (big) threads
/// = 1024; else threads = 32 * peers;`) and steps (`bs += 32`).
void assignmentsTo(const Stmt *S, const VarDecl *VD,
                   std::vector<const BinaryOperator *> &Out) {
  if (!S || Out.size() > 8)
    return;
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->getOpcode() == BO_Assign || BO->getOpcode() == BO_AddAssign)
      if (const auto *L = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens()))
        if (L->getDecl() == VD)
          Out.push_back(BO);
  for (const Stmt *Ch : S->children())
    assignmentsTo(Ch, VD, Out);
}

void collect(const Expr *E, ASTContext &C, unsigned Depth, SizeFacts &Out,
             const TargetRegions &Regions) {
  if (!E || Depth > 4)
    return;
  E = E->IgnoreParenImpCasts();
  if (!Out.PerPass && (isa<DeclRefExpr>(E) || isa<IntegerLiteral>(E))) {
    ConstantOrigin O = constantOrigin(E, C, {32, 64});
    if (O.named() &&
        Regions.contains(O.Loc, C.getSourceManager())) {
      Out.PerPass = E;
      Out.PerPassOrigin = O;
    }
  }
  if (!Out.Queried && isQueriedWidth(E, C)) {
    Out.Queried = E;
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind K = BO->getOpcode();
    bool Scale = K == BO_Mul || K == BO_Div || K == BO_MulAssign ||
                 K == BO_DivAssign;
    bool Shift = K == BO_Shl || K == BO_Shr;
    if (Scale || Shift)
      for (const Expr *Side : {BO->getLHS(), BO->getRHS()}) {
        if (Shift && Side != BO->getRHS())
          continue;
        ConstantOrigin O = constantOrigin(
            Side, C, Shift ? std::initializer_list<int64_t>{5}
                           : std::initializer_list<int64_t>{32});
        // `32 * sizeof(T)` is as often 32 elements as one per lane; only a
        // named warp constant says which.
        const Expr *Other = Side == BO->getLHS() ? BO->getRHS() : BO->getLHS();
        if (O.K == ConstantOrigin::Literal &&
            isa<UnaryExprOrTypeTraitExpr>(Other->IgnoreParenImpCasts()))
          continue;
        if (O.K != ConstantOrigin::None)
          Out.Fixed.push_back({BO, O});
      }
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->isLocalVarDecl()) {
        if (VD->getInit())
          collect(VD->getInit(), C, Depth + 1, Out, Regions);
        // A size declared first and assigned per case, or stepped by a
        // warp of 32 (`for (bs = 32; bs <= 1024; bs += 32)`).
        std::vector<const BinaryOperator *> Assigned;
        if (const auto *F = dyn_cast<FunctionDecl>(VD->getDeclContext()))
          if (!VD->getType().isConstQualified())
            assignmentsTo(F->getBody(), VD, Assigned);
        for (const BinaryOperator *A : Assigned) {
          if (A->getOpcode() == BO_Assign) {
            collect(A->getRHS(), C, Depth + 1, Out, Regions);
            continue;
          }
          ConstantOrigin O = constantOrigin(A->getRHS(), C, {32});
          if (O.K != ConstantOrigin::None)
            Out.Fixed.push_back({A, O});
        }
      }
  for (const Stmt *Ch : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Ch))
      collect(CE, C, Depth, Out, Regions);
}

/// The fix-it for a literal 32 that scales a launch size of a kernel that
/// indexes warps with warpSize: the device's width, queried where the size
/// is computed, so host and kernel agree at either width. Only for a
/// literal spelled in the file (not a macro, not a named constant, whose
/// other uses the fix would not see), in a product or quotient, and not in
/// the initializer of a constexpr or static variable, which a run-time
/// query cannot initialize.
std::optional<FixItHint> deviceWidthFix(const WidthUse &U, ASTContext &C) {
  if (U.Origin.K != ConstantOrigin::Literal ||
      (U.Op->getOpcode() != BO_Mul && U.Op->getOpcode() != BO_Div))
    return std::nullopt;
  const Expr *Lit = nullptr;
  for (const Expr *Side : {U.Op->getLHS(), U.Op->getRHS()})
    if (const auto *IL = dyn_cast<IntegerLiteral>(Side->IgnoreParenImpCasts()))
      if (IL->getValue() == 32 && !IL->getBeginLoc().isMacroID())
        Lit = IL;
  if (!Lit || U.Op->getOperatorLoc().isMacroID())
    return std::nullopt;
  DynTypedNode N = DynTypedNode::create(*U.Op);
  for (unsigned Up = 0; Up < 8; ++Up) {
    ParentList Ps = parentsOf(C, N);
    if (Ps.empty())
      break;
    N = Ps.front();
    if (const auto *VD = N.get<VarDecl>()) {
      if (VD->isConstexpr() || !VD->isLocalVarDecl() ||
          VD->isStaticLocal())
        return std::nullopt;
      break;
    }
    if (!N.get<Expr>())
      break;
  }
  std::optional<std::string> Query = deviceWarpWidthQuery(C);
  if (!Query)
    return std::nullopt;
  return FixItHint::CreateReplacement(Lit->getSourceRange(), *Query);
}

/// True when a kernel body uses a warp-level library primitive
/// (`cub::WarpReduce`, cooperative groups' 32-lane tiles): it works per
/// warp even where the AST lost the library's types.
bool usesWarpPrimitive(const FunctionDecl *K, ASTContext &C) {
  if (!K)
    return false;
  if (const FunctionDecl *P = K->getTemplateInstantiationPattern())
    K = P;
  if (!K->getBody())
    return false;
  static const llvm::Regex Re(
      "Warp(Reduce|Scan|Exchange)|tiled_partition|thread_block_tile");
  return Re.match(sourceText(K->getBody()->getSourceRange(), C));
}

/// True when S makes a call whose lanes the AST does not show: one left
/// to instantiation (`heap.add(v)` on a dependent type), or one outside
/// the project's device code named for lanes or warps (`getLaneId()`);
/// in the device functions it calls too, two deep. Reading the first
/// lane of a value the same for every thread (`readfirstlane(blockIdx.x
/// / G)`, a scalar hint) is no meeting of lanes.
bool hidesLanes(const Stmt *S, unsigned Depth = 0) {
  if (!S)
    return false;
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *F = Call->getDirectCallee();
    const Stmt *Callee = projectDeviceBody(Call);
    if (uniformFirstLane(Call))
      return false;
    if (!F || (Callee && (Depth >= 2 || hidesLanes(Callee, Depth + 1))) ||
        (!Callee && !isShuffleName(calleeName(Call)) &&
         crossLaneName(F->getNameAsString())))
      return true;
  }
  return llvm::any_of(S->children(), [&](const Stmt *Ch) {
    return hidesLanes(Ch, Depth);
  });
}

/// True when kernel K names the constant Name in its body, reads no
/// warpSize, uses no library warp primitive, and every collective of it
/// stays within a 32-lane half (segmentLocal): its lanes form groups of
/// that constant's 32, two to a 64-lane wavefront.
bool halfLocalKernelWith(const FunctionDecl *K, llvm::StringRef Name,
                         ASTContext &C) {
  if (!K || Name.empty())
    return false;
  // The launched instantiation's calls are resolved; its pattern's, whose
  // arguments depend on the parameters, are not.
  const Stmt *Instance = K->getBody();
  if (const FunctionDecl *P = K->getTemplateInstantiationPattern())
    K = P;
  const Stmt *Body = K->getBody();
  if (!Body || findWarpSizeRef(Body, C) || usesWarpPrimitive(K, C) ||
      !segmentLocal(Body, Body, C) || hidesLanes(Instance ? Instance : Body))
    return false;
  return !wordOffsets(sourceText(Body->getSourceRange(), C), Name).empty();
}

const FunctionDecl *launchedKernel(const Expr *E) {
  E = strip(E);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_AddrOf)
      E = strip(U->getSubExpr());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<FunctionDecl>(DRE->getDecl());
  return nullptr;
}

} // namespace

bool HostLaunchWidthCheck::claimLine(const SourceManager &SM,
                                     SourceLocation At) {
  return Lines.insert({SM.getFileID(At).getHashValue(),
                       SM.getExpansionLineNumber(At)})
      .second;
}

LaneGroups HostLaunchWidthCheck::logicalWarpKernel(const FunctionDecl *Kernel,
                                                   ASTContext &C) {
  if (Kernel && Kernel->getTemplateInstantiationPattern())
    Kernel = Kernel->getTemplateInstantiationPattern();
  if (!Kernel || !Kernel->hasBody())
    return LaneGroups::Unknown;
  return laneGroups(C).at(Kernel->getBody()->getBeginLoc());
}

void HostLaunchWidthCheck::checkArg(const Expr *Arg, const char *Role,
                                    const FunctionDecl *Kernel,
                                    const Expr *Site, ASTContext &C) {
  if (!Arg || isa<CXXDefaultArgExpr>(Arg))
    return;
  SizeFacts S;
  collect(Arg, C, 0, S, Regions);
  if (S.Fixed.empty() && !S.Queried)
    return;
  KernelWidth W = widthOf(Kernel, C);
  std::string Name = Kernel ? Kernel->getNameAsString() : "the kernel";
  for (const WidthUse &U : S.Fixed) {
    llvm::StringRef R(Role);
    // Shared memory for one slot per 32-lane warp (`block >> 5`, `n / 32`
    // floats) holds the fewer slots of 64-lane warps too: right at either
    // width (the kernel's indexing is judged in the kernel), and its line
    // is no host read of the width either.
    if (R == "shared-memory size" && U.Op &&
        (U.Op->getOpcode() == BO_Div || U.Op->getOpcode() == BO_Shr) &&
        constantOrigin(U.Op->getRHS(), C, {32, 5}).K != ConstantOrigin::None) {
      const SourceManager &SM = C.getSourceManager();
      claimLine(SM, SM.getExpansionLoc(U.Op->getOperatorLoc()));
      continue;
    }
    CheckDiag D;
    D.Loc = U.Op->getOperatorLoc();
    D.Range = U.Op->getSourceRange();
    std::string Text = sourceText(U.Op->getSourceRange(), C);
    if (W.WarpSize) {
      D.Level = core::Severity::Error;
      D.Message = fmt::format(
          "launch {} '{}' is sized for 32-wide warps, but kernel '{}' "
          "indexes warps with warpSize: at wave64 the two disagree; size it "
          "with the device's warp width (hipDeviceAttributeWarpSize)",
          Role, Text, Name);
      D.Notes.emplace_back(W.WarpSize->getBeginLoc(), "warpSize used here");
      if (auto Fix = deviceWidthFix(U, C))
        D.Fixes.push_back(*Fix);
    } else if (U.Origin.K != ConstantOrigin::None &&
               (W.Collectives || W.Fixed)) {
      // A literal too (`n / 32`, `4 * 32`): the kernel works per warp, so
      // a 32 that scales its launch counts warps or lanes.
      std::string Const =
          U.Origin.named()
              ? fmt::format(" ('{}' = {})", U.Origin.Name, U.Origin.Value)
              : "";
      // A kernel whose own groups are 32 lanes wide agrees with the launch.
      // Not where the preprocessor picks the width per target: host and
      // device passes then count groups of different sizes.
      LaneGroups Groups = logicalWarpKernel(Kernel, C);
      bool Agrees = Groups == LaneGroups::Segments ||
                    Groups == LaneGroups::LeaderTrees ||
                    Groups == LaneGroups::Wave32Only ||
                    Groups == LaneGroups::OneWarpBlocks ||
                    (Groups == LaneGroups::NoCrossLane && !S.PerPass);
      // The kernel's lanes are groups of the launch's own constant and
      // never leave a half: the two count the same groups (the kernel's
      // lane math is judged where it is).
      bool SameGroups = !Agrees && U.Origin.named() && !S.PerPass &&
                        halfLocalKernelWith(Kernel, U.Origin.Name, C);
      D.Level = Agrees || SameGroups ? core::Severity::Note
                                     : core::Severity::Warning;
      std::string Form =
          Agrees ? std::string("launch {} '{}' counts 32-lane groups{} for "
                               "kernel '{}': ") +
                       laneGroupsReason(Groups) +
                       (Groups == LaneGroups::Wave32Only
                            ? "; the two agree at that width"
                            : "; the two agree at either width")
          : SameGroups
              ? std::string("launch {} '{}' counts 32-lane groups{} for "
                            "kernel '{}', which numbers its lanes with the "
                            "same constant and whose every collective stays "
                            "within a 32-lane half (a width of 32, an XOR "
                            "below 32, a guarded scan, a tree read by each "
                            "group's lane 0): the two agree at either width")
              : "launch {} '{}' assumes 32-wide warps{} for kernel '{}', "
                "which works per warp; AMD wavefronts have 64 lanes: size "
                "it with the device's warp width";
      D.Message = fmt::format(fmt::runtime(Form), Role, Text, Const, Name);
    } else {
      continue;
    }
    D.Notes.emplace_back(Site->getBeginLoc(), "launched here");
    const SourceManager &SM = C.getSourceManager();
    claimLine(SM, SM.getExpansionLoc(D.Loc));
    report(C, std::move(D));
    return;
  }
  if (S.Queried && W.Fixed) {
    CheckDiag D;
    D.Level = core::Severity::Error;
    D.Loc = S.Queried->getBeginLoc();
    D.Range = S.Queried->getSourceRange();
    D.Message = fmt::format(
        "launch {} is sized with the device's warp width, but kernel '{}' "
        "computes lanes and warps with 32 ('{}'): at wave64 the two "
        "disagree",
        Role, Name, sourceText(W.Fixed->Op->getSourceRange(), C));
    D.Notes.emplace_back(W.Fixed->Op->getOperatorLoc(), "32-lane math here");
    D.Notes.emplace_back(Site->getBeginLoc(), "launched here");
    report(C, std::move(D));
  }
}

void HostLaunchWidthCheck::registerPPCallbacks(const SourceManager &SM,
                                               Preprocessor &PP) {
  Regions.clear();
  Reported.clear();
  Lines.clear();
  Launches.clear();
  Deferred.clear();
  PP.addPPCallbacks(Regions.watch(SM));
}

/// True when the code around E is compiled for the host only.
static bool inHostCode(const Expr *E, ASTContext &C) {
  const FunctionDecl *F = enclosingFunction(E, C);
  return F && !F->hasAttr<CUDAGlobalAttr>() && !F->hasAttr<CUDADeviceAttr>();
}

/// True for the macros the host pass sees as the device pass does: the HIP
/// platform macros are defined for both, so a width picked by them agrees.
static bool bothPassesMacro(llvm::StringRef Name) {
  return Name == "__HIP_PLATFORM_AMD__" || Name == "__HIP_PLATFORM_HCC__" ||
         Name == "__HIP__" || Name == "__HIPCC__" || Name == "USE_ROCM";
}

/// True when a `#if` group around Loc tests a macro only the device pass
/// defines (`__GFX9__`, `__HIP_DEVICE_COMPILE__`, `__AMDGCN_WAVEFRONT_SIZE`):
/// the directive lines of the group, read from the buffer.
static bool inDeviceOnlyRegion(const TargetRegions &Regions, SourceLocation Loc,
                               const SourceManager &SM) {
  Loc = SM.getSpellingLoc(Loc);
  FileID F = SM.getFileID(Loc);
  unsigned Off = SM.getFileOffset(Loc);
  static const llvm::Regex Ident("[A-Za-z_][A-Za-z0-9_]*");
  for (const TargetRegions::Range &R : Regions.Ranges) {
    if (R.File != F || Off < R.Begin || Off > R.End)
      continue;
    llvm::StringRef Text = SM.getBufferData(F).slice(R.Begin, R.End);
    llvm::SmallVector<llvm::StringRef, 8> Lines;
    Text.split(Lines, '\n');
    // The group starts at its `if` keyword, after the `#`.
    for (llvm::StringRef L : Lines) {
      L = L.ltrim();
      if ((!L.consume_front("#") && L.data() != Text.data()) ||
          !(L.ltrim().starts_with("if") || L.ltrim().starts_with("elif")))
        continue;
      llvm::SmallVector<llvm::StringRef, 1> M;
      while (Ident.match(L, &M)) {
        if (isAmdTargetMacro(M[0]) && !bothPassesMacro(M[0]))
          return true;
        L = L.substr(M[0].data() - L.data() + M[0].size());
      }
    }
  }
  return false;
}

/// True when E is an argument of a printf-family call (a message sizes
/// nothing) or lies in a static_assert (each pass's compiler judges it).
static bool printedOrAsserted(const Expr *E, ASTContext &C) {
  DynTypedNode N = DynTypedNode::create(*E);
  for (unsigned Up = 0; Up < 12; ++Up) {
    ParentList Ps = parentsOf(C, N);
    if (Ps.empty())
      return false;
    N = Ps.front();
    if (N.get<StaticAssertDecl>())
      return true;
    if (const auto *CE = N.get<CallExpr>()) {
      if (isPrintName(calleeName(CE)))
        return true;
    }
    if (!N.get<Stmt>())
      return false;
  }
  return false;
}

/// E, a read of the constant O = 32, counts warps (`n / W`, `(n + W - 1)
/// / W`) for launches' shared memory only: slots for 32-lane warps are at
/// least as many as a 64-lane wavefront needs.
static bool warpSlotsForSharedMemory(const Expr *E, const ConstantOrigin &O,
                                     ASTContext &C) {
  if (O.Value != 32)
    return false;
  DynTypedNode N = DynTypedNode::create(*E);
  for (unsigned Up = 0; Up < 6; ++Up) {
    ParentList Ps = parentsOf(C, N);
    if (Ps.size() != 1)
      return false;
    const auto *BO = Ps.front().get<BinaryOperator>();
    if (BO && BO->getOpcode() == BO_Div) {
      ConstantOrigin D = constantOrigin(BO->getRHS(), C, {32});
      return D.named() && D.Loc == O.Loc && onlySizesSharedMemory(BO, C);
    }
    if (!(BO && BO->isAdditiveOp()) && !Ps.front().get<ParenExpr>() &&
        !Ps.front().get<CastExpr>())
      return false;
    N = Ps.front();
  }
  return false;
}

void HostLaunchWidthCheck::hostRead(const Expr *E, ASTContext &C) {
  ConstantOrigin O = constantOrigin(E, C, {32, 64});
  if (!O.named() || !warpLikeName(O.Name) || !inHostCode(E, C) ||
      printedOrAsserted(E, C))
    return;
  if (warpSlotsForSharedMemory(E, O, C))
    return;
  bool PerTarget = inDeviceOnlyRegion(Regions, O.Loc, C.getSourceManager());
  // A fixed width named as the width (`#define WARP_SIZE 32`) read on the
  // host: launch sizes, warp counts and buffers computed from it are right
  // on one wavefront width only. Counts of warps (`kWarpsPerBlock`) are not
  // the width itself.
  if (!PerTarget && !warpWidthName(O.Name))
    return;
  const SourceManager &SM = C.getSourceManager();
  SourceLocation At = SM.getExpansionLoc(E->getBeginLoc());
  // One warning a line: a launch reported there already says it.
  if (!PerTarget && !claimLine(SM, At))
    return;
  if (!Reported.insert(At.getRawEncoding()).second)
    return;
  CheckDiag D;
  D.Loc = At;
  if (PerTarget) {
    D.Level = core::Severity::Error;
    D.Message = fmt::format(
        "host code reads '{}' (= {} here), a warp width the preprocessor "
        "picks per AMD target: the host pass never sees the device pass's "
        "target macros, so launch sizes and strides computed from it "
        "disagree with the device on some target; query the width at run "
        "time (hipDeviceAttributeWarpSize)",
        O.Name, O.Value);
    D.Notes.emplace_back(O.Loc, "defined per target here");
  } else {
    // The same 64 in both passes is the device's width on every 64-lane
    // target; only a wave32 (RDNA) build disagrees, which is a portability
    // note, not a wave64 finding.
    bool Wave64 = O.Value == 64;
    D.Level = Wave64 ? core::Severity::Note : core::Severity::Warning;
    D.Message = fmt::format(
        "host code reads the compile-time warp width '{}' (= {}){}", O.Name,
        O.Value,
        Wave64 ? ", the same in both passes: right on 64-lane (CDNA) targets; "
                 "a wave32 (RDNA) build would need the width queried at run "
                 "time (hipDeviceAttributeWarpSize)"
               : ": AMD wavefronts have 64 lanes on CDNA and 32 on RDNA, so "
                 "sizes the host computes from it fit one of them only; query "
                 "the width at run time (hipDeviceAttributeWarpSize)");
    D.Notes.emplace_back(O.Loc, fmt::format("'{}' defined here", O.Name));
  }
  report(C, std::move(D));
}

namespace {

std::optional<SourceLocation> literal32(const Expr *E, const SourceManager &SM) {
  auto X = literalExtent(E, SM);
  return X && X->second == 32 ? std::optional<SourceLocation>(X->first)
                              : std::nullopt;
}

/// A warp width as a block extent: a named warp-width constant, or the
/// queried width.
bool isWidthExtent(const Expr *E, ASTContext &C) {
  if (!E)
    return false;
  if (isQueriedWidth(E, C))
    return true;
  ConstantOrigin O = constantOrigin(E, C, {32, 64});
  return O.named() && warpWidthName(O.Name);
}

} // namespace

/// The block's shape against the kernel's width. `<<<g, 32>>>`: one
/// 32-thread warp per block, half a 64-lane wavefront, for a kernel that
/// works per warp (collectives, lane math, warpSize) or whose body this TU
/// does not show (declared in a header, defined in another TU, or named
/// through dependent template arguments). `dim3(32, N)` for a kernel that
/// works per warp: one warp per row, and a 64-lane wavefront spans two.
/// `dim3(W, W)` with W a warp width: 4096 threads at wave64, over the
/// 1024-thread limit of a block.
void HostLaunchWidthCheck::oneWarpBlock(const Expr *Block,
                                        const FunctionDecl *Kernel,
                                        const Expr *Callee, ASTContext &C) {
  const SourceManager &SM = C.getSourceManager();
  BlockExtents B = blockExtents(Block);
  std::string Name = Kernel ? Kernel->getNameAsString()
                            : sourceText(Callee->getSourceRange(), C);
  if (B.Y && isWidthExtent(B.X, C) && isWidthExtent(B.Y, C)) {
    CheckDiag D;
    D.Loc = SM.getExpansionLoc(B.X->getBeginLoc());
    D.Level = core::Severity::Error;
    D.Message = fmt::format(
        "block of {} x {} threads, the warp width squared, for kernel '{}': "
        "at wave64 that is 4096 threads, over the 1024-thread limit of a "
        "block, so the launch fails; size one extent by the warps per block",
        sourceText(B.X->getSourceRange(), C),
        sourceText(B.Y->getSourceRange(), C), Name);
    claimLine(SM, D.Loc);
    report(C, std::move(D));
    return;
  }
  std::optional<SourceLocation> At = literal32(B.X, SM);
  if (!At)
    return warpRoleBlock(B.X, Kernel, Name, C);
  const FunctionDecl *Pattern =
      Kernel && Kernel->getTemplateInstantiationPattern()
          ? Kernel->getTemplateInstantiationPattern()
          : Kernel;
  KernelWidth W = widthOf(Kernel, C);
  bool PerWarp = W.Collectives || W.Fixed || W.WarpSize ||
                 usesWarpPrimitive(Kernel, C);
  bool Unseen = !Pattern || !Pattern->hasBody();
  if (!PerWarp && (B.Y || !Unseen))
    return;
  // One finding a line: a size of this launch reported already says it.
  if (!claimLine(SM, *At))
    return;
  CheckDiag D;
  D.Loc = *At;
  D.Level = core::Severity::Warning;
  // 32-lane rows whose collectives all stay in their segment, with no
  // warpSize to disagree with: right at 64, half a wavefront idles at most.
  bool Segments = !Unseen && !W.WarpSize && !usesWarpPrimitive(Kernel, C) &&
                  segmentLocal(Pattern->getBody(), Pattern->getBody(), C);
  std::string Shape = B.Y ? fmt::format("block of 32 x '{}' threads, one "
                                        "32-wide warp per row",
                                        sourceText(B.Y->getSourceRange(), C))
                          : std::string("block of 32 threads, one 32-wide warp");
  LaneGroups Groups = Unseen ? LaneGroups::Unknown
                             : logicalWarpKernel(Kernel, C);
  if (Groups == LaneGroups::Wave32Only) {
    D.Level = core::Severity::Note;
    D.Message = fmt::format("{}, for kernel '{}': {}; one wavefront a block "
                            "at that width",
                            Shape, Name,
                            laneGroupsReason(LaneGroups::Wave32Only));
  } else if (Segments) {
    D.Level = core::Severity::Note;
    D.Message = fmt::format(
        "{}, for kernel '{}', whose collectives all stay within their 32-lane "
        "segment (a written width of 32, or reads within the half) and which "
        "does not read warpSize: right at 64, where a wavefront {}",
        Shape, Name, B.Y ? "runs two rows" : "idles half its lanes");
  } else if (Groups == LaneGroups::OneWarpBlocks) {
    // Unlike segments, the kernel's 32-lane math is right only under this
    // block: the launch is where the 32 lives, and where a change of one
    // without the other breaks.
    D.Message = fmt::format(
        "{}, for kernel '{}': {}: right at 64, but half of each wavefront "
        "idles; size the block from the device's warp width to use it, and "
        "the kernel's lane math with it",
        Shape, Name, laneGroupsReason(Groups));
  } else if (B.Y) {
    D.Message = fmt::format(
        "{}, for kernel '{}', which works per warp: a 64-lane AMD wavefront "
        "spans two rows, so per-row warp collectives and warp indices "
        "('threadIdx.y') mix rows; size the row from the device's warp width "
        "(hipDeviceAttributeWarpSize)",
        Shape, Name);
  } else {
    D.Message = fmt::format(
        "{}, for kernel '{}', which works per warp or is defined elsewhere: "
        "an AMD wavefront has 64 lanes, so half of it idles and per-warp "
        "layouts sized for 32 lanes break; size the block from the device's "
        "warp width (hipDeviceAttributeWarpSize)",
        Shape, Name);
  }
  report(C, std::move(D));
}

/// `dim3 block(128); k<<<g, block>>>` for a kernel whose threads split
/// into roles one 32-lane warp each (`t < 32`, `t < 64`, `t < 96`, see
/// warpRoleBounds): the block is counted in 32-lane warps, one per role; a
/// 64-lane wavefront holds two roles.
void HostLaunchWidthCheck::warpRoleBlock(const Expr *X,
                                         const FunctionDecl *Kernel,
                                         const std::string &Name,
                                         ASTContext &C) {
  const SourceManager &SM = C.getSourceManager();
  auto Extent = literalExtent(X, SM);
  if (!Extent || Extent->second < 64 || Extent->second % 32 != 0 || !Kernel)
    return;
  const FunctionDecl *Pattern = Kernel->getTemplateInstantiationPattern()
                                    ? Kernel->getTemplateInstantiationPattern()
                                    : Kernel;
  const Stmt *Body = Pattern->getBody();
  if (!worksPerWarp(Body, C))
    return;
  std::set<int64_t> Bounds;
  for (const BinaryOperator *BO : warpRoleBounds(Body))
    Bounds.insert(warpBoundOf(BO));
  if (Bounds.empty() || *Bounds.rbegin() > Extent->second ||
      !claimLine(SM, Extent->first))
    return;
  std::string At;
  for (int64_t B : Bounds)
    At += (At.empty() ? "" : ", ") + std::to_string(B);
  CheckDiag D;
  D.Loc = Extent->first;
  D.Level = core::Severity::Warning;
  D.Message = fmt::format(
      "block of {} threads, {} warps of 32 lanes, for kernel '{}', whose "
      "threads split into roles one 32-lane warp each (at thread {}): on "
      "64-lane AMD wavefronts two roles share a wavefront and their warp "
      "collectives mix; split the roles and size the block by the warp width",
      Extent->second, Extent->second / 32, Name, At);
  report(C, std::move(D));
}

/// Dependent on a template's parameters (not only on an error clang
/// recovered from).
static bool templateDependent(const Expr *E) {
  return E && E->isInstantiationDependent() && !E->containsErrors();
}

void HostLaunchWidthCheck::readLaunch(const CallExpr *Launch, ASTContext &C) {
  static const char *Roles[] = {"grid", "block", "shared-memory size"};
  // An instantiation's launch has its template's locations; the launches
  // of one macro expansion each have their own.
  if (!Launches.insert(Launch->getBeginLoc().getRawEncoding()).second)
    return;
  if (const auto *L = dyn_cast<CUDAKernelCallExpr>(Launch)) {
    const CallExpr *Config = L->getConfig();
    const FunctionDecl *K = L->getDirectCallee();
    for (unsigned I = 0; I < 3 && I < Config->getNumArgs(); ++I)
      checkArg(Config->getArg(I), Roles[I], K, L, C);
    if (Config->getNumArgs() > 1)
      oneWarpBlock(Config->getArg(1), K, L->getCallee(), C);
    return;
  }
  // (func, grid, block, args, sharedMem, stream)
  const FunctionDecl *K = launchedKernel(Launch->getArg(0));
  checkArg(Launch->getArg(1), Roles[0], K, Launch, C);
  checkArg(Launch->getArg(2), Roles[1], K, Launch, C);
  if (Launch->getNumArgs() > 4)
    checkArg(Launch->getArg(4), Roles[2], K, Launch, C);
}

/// A template's launch whose kernel or sizes depend on its parameters is
/// read where the template is instantiated, where they are resolved, once
/// for all instantiations; the template's own, only where no
/// instantiation of this TU reached it (onEndOfTranslationUnit).
void HostLaunchWidthCheck::launchFound(const CallExpr *Launch, ASTContext &C) {
  const auto *L = dyn_cast<CUDAKernelCallExpr>(Launch);
  if (L && !L->getConfig())
    return;
  if (!L && Launch->getNumArgs() < 3)
    return;
  if (templateDependent(Launch) ||
      (L && templateDependent(L->getConfig())) ||
      llvm::any_of(Launch->arguments(), templateDependent)) {
    Deferred.emplace_back(Launch, &C);
    return;
  }
  readLaunch(Launch, C);
}

void HostLaunchWidthCheck::onEndOfTranslationUnit() {
  for (auto [Launch, C] : Deferred)
    readLaunch(Launch, *C);
  Deferred.clear();
}

void HostLaunchWidthCheck::run(const MatchFinder::MatchResult &R) {
  ASTContext &C = *R.Context;
  if (const auto *E = R.Nodes.getNodeAs<DeclRefExpr>("ref"))
    return hostRead(E, C);
  if (const auto *E = R.Nodes.getNodeAs<IntegerLiteral>("lit")) {
    if (E->getLocation().isMacroID())
      hostRead(E, C);
    return;
  }
  if (const auto *L = R.Nodes.getNodeAs<CUDAKernelCallExpr>("launch"))
    return launchFound(L, C);
  if (const auto *Call = R.Nodes.getNodeAs<CallExpr>("api"))
    launchFound(Call, C);
}

} // namespace hipport::checks
