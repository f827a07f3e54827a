#include "Checks/LogicalWarps.h"
#include "Checks/CudaPatterns.h"
#include "Checks/HalfLocalShuffles.h"
#include "Checks/KernelLaunches.h"
#include "Checks/UserCodeVisitor.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace hipport::checks {

namespace {

thread_local LogicalWarps *CurrentGroups = nullptr;

/// A library whose primitives work per warp (hipCUB's WarpReduce, a
/// BlockLoad with a warp transpose, cooperative groups' tiles).
bool warpLibrary(const Decl *D) {
  for (const DeclContext *C = D->getDeclContext(); C; C = C->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(C)) {
      llvm::StringRef N = NS->getName();
      if (N == "cub" || N == "hipcub" || N == "rocprim" ||
          N == "cooperative_groups" || N == "rocwmma" || N == "wmma" ||
          N == "nvcuda")
        return true;
    }
  return false;
}

/// What one function body does with the warp: its shuffles' widths, other
/// collectives, warpSize, and the TU functions it calls.
struct WarpUse {
  unsigned InSegment = 0; ///< shuffles that stay in a 32-lane segment
  /// Reduction trees whose total only lane 0 of each 32-lane group reads
  /// (HalfRead::Leader).
  unsigned Leaders = 0;
  /// Width-less XOR trees with masks below 32 whose total all lanes read
  /// (HalfRead::Mask): each half of a wave folds its own 32 lanes, which
  /// is the function's intent where it numbers its lanes by 32 too. They
  /// count as leader trees: right at 64, but written for 32 lanes.
  unsigned Butterflies = 0;
  /// Lane math by 32 on the thread index (`tid % 32`, `tid / 32`).
  bool GroupsBy32 = false;
  bool Other = false;     ///< any other shuffle, a ballot, warpSize...
  bool WarpSize = false;  ///< reads warpSize (or the wavefront size)
  /// Lanes may meet outside a shuffle: inline assembly, a library warp
  /// primitive, a call to a function outside the TU or to one named so.
  bool CrossLane = false;
  /// Builtins of one wavefront size only (`__builtin_amdgcn_*_w32`, `_w64`).
  bool Wave32 = false, Wave64 = false;
  /// A helper whose reduction tree's total it returns (returnsTree): its
  /// callers' reads decide; XorTree when every such tree is a butterfly.
  bool ReturnsTree = false, XorTree = true;
  std::vector<const FunctionDecl *> Callees;
  /// Calls of TU functions, for those that turn out to return a tree.
  struct Call {
    const FunctionDecl *Callee;
    const CallExpr *At;
    const Stmt *Body;
  };
  std::vector<Call> Calls;
  /// Names of calls that overload resolution left to instantiation.
  std::vector<std::string> Unresolved;
  /// Invalid declarations that nothing uses: their errors hide no code.
  std::vector<clang::SourceRange> UnusedInvalid;
};

/// The declaration whose body the walk scanned for F: a template's
/// pattern stands for its instantiations.
const FunctionDecl *scanned(const FunctionDecl *F) {
  if (const FunctionDecl *P = F->getTemplateInstantiationPattern())
    F = P;
  return F->getCanonicalDecl();
}

class BodyScan : public RecursiveASTVisitor<BodyScan> {
public:
  BodyScan(const ASTContext &C, const Stmt *Body, WarpUse &U)
      : C(C), Body(Body), U(U) {}
  bool VisitCallExpr(CallExpr *CE) {
    llvm::StringRef N = calleeName(CE);
    waveSizeBuiltin(CE, N);
    if (isShuffleName(N)) {
      auto V = writtenShuffleWidth(CE, C);
      // A width-less XOR below 32 stays in its half too, but only its
      // consumers show 32-lane groups: lane 0 of each group reading the
      // total does; a butterfly from 16 feeding all 64 lanes may not.
      HalfRead H = V ? HalfRead::None : halfRead(CE, Body, C);
      if ((V && *V == 32) || H == HalfRead::Guarded) {
        ++U.InSegment;
      } else if (H == HalfRead::Leader) {
        ++U.Leaders;
      } else if (!V && returnsTree(CE, Body, C)) {
        U.ReturnsTree = true;
        U.XorTree &= N.starts_with("__shfl_xor");
      } else if (H == HalfRead::Mask) {
        ++U.Butterflies;
      } else {
        U.Other = true;
      }
    } else if (isBallotName(N) || N.starts_with("__any") ||
               N.starts_with("__all") || N.starts_with("__match") ||
               N.starts_with("__reduce_") || N == "__syncwarp") {
      U.Other = true;
    } else if (uniformFirstLane(CE)) {
      // Scalarizes a value all lanes share: no lane's value moves.
    } else if (N.contains("readfirstlane") || N.contains("readlane")) {
      // One lane's value for the whole wavefront, lanes 32-63 included.
      U.Other = true;
    } else if (const FunctionDecl *F = CE->getDirectCallee()) {
      callee(F, CE);
    } else {
      unresolved(CE);
    }
    return true;
  }
  bool VisitExpr(Expr *E) {
    if (!isa<ImplicitCastExpr>(E) && !isa<ParenExpr>(E) && isWarpSizeRef(E, C))
      U.Other = U.WarpSize = true;
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    // Lane math on a thread or lane index; laneMath tells bit packing
    // (`1u << (t & 31)`) apart by the parents, which the context maps on
    // first use.
    auto LM = laneMath(BO, const_cast<ASTContext &>(C));
    U.GroupsBy32 |= LM && LM->K != LaneMath::BlockDimDiv;
    return true;
  }
  bool VisitAsmStmt(AsmStmt *) {
    U.CrossLane = true;
    return true;
  }
  /// Code clang could not make sense of (a header lint was not given) may
  /// hide any call: nothing is shown.
  bool VisitRecoveryExpr(RecoveryExpr *) {
    U.CrossLane = true;
    return true;
  }
  bool VisitDecl(Decl *D) {
    if (!D->isInvalidDecl())
      return true;
    // A type alias of a header lint was not given (`typedef
    // hipcub::BlockExchange<...> BE;`) that no code uses hides nothing.
    if (isa<TypedefNameDecl>(D) && !D->isReferenced())
      U.UnusedInvalid.push_back(D->getSourceRange());
    else
      U.CrossLane = true;
    return true;
  }
  /// A named warp width that is not 32 here (`WARP_SIZE` 64 in the port,
  /// a template parameter): the function's literal 32s may then disagree
  /// with it, lanes meeting or not.
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const ValueDecl *D = E->getDecl();
    // `int warp = threadIdx.x / 32` numbers warps: an index, no width.
    if (const auto *V = dyn_cast_or_null<VarDecl>(D))
      if (V->getInit() && mentionsBuiltin(V->getInit(), "threadIdx"))
        return true;
    if (D && D->getDeclName().isIdentifier() && warpWidthName(D->getName()) &&
        intValue(E, C) != std::optional<int64_t>(32))
      U.CrossLane = true;
    return true;
  }
  bool VisitIntegerLiteral(IntegerLiteral *E) {
    const SourceManager &SM = C.getSourceManager();
    SourceLocation L = E->getLocation();
    if (L.isMacroID() && E->getValue() != 32 &&
        warpWidthName(Lexer::getImmediateMacroName(L, SM, C.getLangOpts())))
      U.CrossLane = true;
    return true;
  }
  /// `WarpReduce(temp)`, `BlockLoad(temp)`: a library's warp primitive.
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (const CXXConstructorDecl *D = E->getConstructor())
      if (warpLibrary(D) || crossLaneName(D->getParent()->getName()))
        U.CrossLane = true;
    return true;
  }
  bool VisitCXXUnresolvedConstructExpr(CXXUnresolvedConstructExpr *E) {
    if (crossLaneName(E->getTypeAsWritten().getAsString()))
      U.CrossLane = true;
    return true;
  }

private:
  /// A builtin of one wavefront size, by its name or by the macro the call
  /// is written with (a shim `#define`s the builtin where the target lacks
  /// it).
  void waveSizeBuiltin(CallExpr *CE, llvm::StringRef N) {
    const SourceManager &SM = C.getSourceManager();
    llvm::StringRef Macro;
    if (CE->getBeginLoc().isMacroID())
      Macro = Lexer::getImmediateMacroName(CE->getBeginLoc(), SM,
                                           C.getLangOpts());
    for (llvm::StringRef Name : {N, Macro}) {
      if (!Name.starts_with("__builtin_amdgcn_"))
        continue;
      U.Wave32 |= Name.ends_with("_w32");
      U.Wave64 |= Name.ends_with("_w64");
    }
  }
  void callee(const FunctionDecl *F, const CallExpr *CE) {
    const FunctionDecl *S = scanned(F);
    if (S->hasBody() && !C.getSourceManager().isInSystemHeader(
                            C.getSourceManager().getExpansionLoc(
                                S->getLocation()))) {
      U.Callees.push_back(S);
      U.Calls.push_back({S, CE, Body});
      return;
    }
    // Outside the TU's own code (a library, a compiler builtin): its name
    // says what it does. A project function whose body lint never sees
    // may do anything.
    bool Library = F->getBuiltinID() || F->isImplicit() ||
                   C.getSourceManager().isInSystemHeader(
                       C.getSourceManager().getExpansionLoc(S->getLocation()));
    if (!Library || warpLibrary(F) || crossLaneName(F->getNameAsString()))
      U.CrossLane = true;
  }
  /// A call in a template that instantiation resolves: its candidates, or
  /// its name, which the whole TU's functions answer for later.
  void unresolved(CallExpr *CE) {
    const Expr *Callee = CE->getCallee()->IgnoreParenImpCasts();
    std::string Name;
    if (const auto *UL = dyn_cast<UnresolvedLookupExpr>(Callee)) {
      Name = UL->getName().getAsString();
      // No candidate at all: a function of a header lint did not see.
      if (UL->decls().empty())
        U.CrossLane = true;
      for (const NamedDecl *D : UL->decls()) {
        D = D->getUnderlyingDecl();
        if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
          D = T->getTemplatedDecl();
        if (const auto *F = dyn_cast<FunctionDecl>(D))
          callee(F, CE);
      }
    } else if (const auto *M = dyn_cast<CXXDependentScopeMemberExpr>(Callee)) {
      Name = M->getMember().getAsString();
      if (!M->isImplicitAccess() &&
          crossLaneName(M->getBase()->getType().getAsString()))
        U.CrossLane = true;
    } else if (const auto *M = dyn_cast<UnresolvedMemberExpr>(Callee)) {
      Name = M->getMemberName().getAsString();
    } else if (const auto *D = dyn_cast<DeclRefExpr>(Callee)) {
      Name = D->getDecl()->getNameAsString();
    }
    if (crossLaneName(Name))
      U.CrossLane = true;
    else if (!Name.empty())
      U.Unresolved.push_back(std::move(Name));
  }

  const ASTContext &C;
  const Stmt *Body;
  WarpUse &U;
};

class FunctionWalk : public UserCodeVisitor<FunctionWalk> {
public:
  explicit FunctionWalk(const ASTContext &C) : UserCodeVisitor(C), C(C) {}
  bool VisitFunctionDecl(FunctionDecl *F) {
    if (!F->doesThisDeclarationHaveABody() || !F->getBody())
      return true;
    WarpUse &U = Uses[F->getCanonicalDecl()];
    BodyScan(C, F->getBody(), U).TraverseStmt(F->getBody());
    // A butterfly all lanes read is a 32-lane group's only where the
    // function numbers its lanes by 32 as well, and no lane index or call
    // it cannot see numbers them otherwise.
    if (U.Butterflies && (!U.GroupsBy32 || U.CrossLane))
      U.Other = true;
    Order.emplace_back(F->getCanonicalDecl(), F->getBody());
    return true;
  }
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *L) {
    const FunctionDecl *K = L->getDirectCallee();
    const CallExpr *Config = L->getConfig();
    if (!K)
      return true; // a dependent callee: its name is in Unresolved
    Launches &N = LaunchesOf[scanned(K)];
    ++N.Launches;
    N.AllOneRow &= Config && Config->getNumArgs() > 1 &&
                   oneRowOf32(Config->getArg(1), C);
    return true;
  }
  /// Every naming of a kernel: a launch's callee, or a pointer taken to
  /// launch it some other way (`hipLaunchKernel((void *)k, ...)`).
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *F = dyn_cast<FunctionDecl>(E->getDecl());
        F && F->hasAttr<CUDAGlobalAttr>())
      ++LaunchesOf[scanned(F)].Names;
    return true;
  }
  bool VisitOverloadExpr(OverloadExpr *E) {
    Unresolved.insert(E->getName().getAsString());
    return true;
  }
  const ASTContext &C;
  llvm::DenseMap<const FunctionDecl *, WarpUse> Uses;
  std::vector<std::pair<const FunctionDecl *, const Stmt *>> Order;
  struct Launches {
    unsigned Launches = 0, Names = 0;
    bool AllOneRow = true;
  };
  llvm::DenseMap<const FunctionDecl *, Launches> LaunchesOf;
  /// Names that template code calls or launches before instantiation.
  llvm::StringSet<> Unresolved;
};

/// The functions of Walk whose lanes, with everything they call, may meet
/// (any collective at all, whatever its width).
llvm::DenseSet<const FunctionDecl *> crossLaneFunctions(const FunctionWalk &W) {
  llvm::DenseSet<const FunctionDecl *> Out;
  llvm::StringSet<> Names; ///< names of such functions, for unresolved calls
  // A callee the walk did not enter (a header outside the project) is
  // judged by its name, as a library's is.
  for (const auto &[F, U] : W.Uses)
    if (U.Other || U.InSegment || U.Leaders || U.Butterflies || U.CrossLane ||
        U.ReturnsTree ||
        llvm::any_of(U.Callees, [&](const FunctionDecl *G) {
          return !W.Uses.count(G) &&
                 (warpLibrary(G) || crossLaneName(G->getNameAsString()));
        })) {
      Out.insert(F);
      Names.insert(F->getNameAsString());
    }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &[F, U] : W.Uses) {
      if (Out.count(F))
        continue;
      bool Meets =
          llvm::any_of(U.Callees, [&](auto *G) { return Out.count(G); }) ||
          llvm::any_of(U.Unresolved, [&](auto &N) { return Names.count(N); });
      if (Meets) {
        Out.insert(F);
        Names.insert(F->getNameAsString());
        Changed = true;
      }
    }
  }
  return Out;
}

/// A device helper whose lane groups cannot reach its caller: it runs on
/// the device (host code's launches are judged as launches), returns
/// nothing and takes no non-const reference, so a lane or warp index it
/// computes (`lane = threadIdx.x % 32`) only numbers its own threads'
/// work. With no collective in it or below it, its 32-lane groups are
/// right at any width whatever its callers do (a `laneId()` helper, which
/// returns its index, stays judged).
bool sealedHelper(const FunctionDecl *F) {
  if (!F->hasAttr<CUDADeviceAttr>() || !F->getReturnType()->isVoidType())
    return false;
  return llvm::none_of(F->parameters(), [](const ParmVarDecl *P) {
    QualType T = P->getType();
    return T->isReferenceType() && !T.getNonReferenceType().isConstQualified();
  });
}

/// Kernels whose lanes never meet, helpers only they call, and, in a
/// device pass, sealed helpers (sealedHelper): the host pass does not see
/// what a `__host__ __device__` body keeps under __HIP_DEVICE_COMPILE__.
llvm::DenseSet<const FunctionDecl *> noCrossLaneFunctions(const FunctionWalk &W,
                                                          bool DevicePass) {
  llvm::DenseSet<const FunctionDecl *> Meets = crossLaneFunctions(W);
  llvm::DenseMap<const FunctionDecl *, std::vector<const FunctionDecl *>>
      Callers;
  for (const auto &[F, U] : W.Uses)
    for (const FunctionDecl *G : U.Callees)
      Callers[G].push_back(F);
  llvm::DenseSet<const FunctionDecl *> Out;
  for (const auto &[F, U] : W.Uses)
    if (!Meets.count(F) &&
        (F->hasAttr<CUDAGlobalAttr>() || (DevicePass && sealedHelper(F))))
      Out.insert(F);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &[F, U] : W.Uses) {
      auto It = Callers.find(F);
      if (Out.count(F) || Meets.count(F) || It == Callers.end())
        continue;
      if (llvm::all_of(It->second, [&](auto *G) { return Out.count(G); })) {
        Out.insert(F);
        Changed = true;
      }
    }
  }
  return Out;
}

/// Functions that, with what they call, use builtins of wavefront size 32
/// and none of size 64: code for RDNA only. A launch is no call here: the
/// host code that dispatches such a kernel is what a wave64 device must not
/// run, and stays judged.
llvm::DenseSet<const FunctionDecl *>
wave32OnlyFunctions(const FunctionWalk &W) {
  llvm::DenseSet<const FunctionDecl *> W32, W64;
  for (const auto &[F, U] : W.Uses) {
    if (U.Wave32)
      W32.insert(F);
    if (U.Wave64)
      W64.insert(F);
  }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &[F, U] : W.Uses)
      for (const FunctionDecl *G : U.Callees) {
        if (G->hasAttr<CUDAGlobalAttr>())
          continue;
        if (W32.count(G) && W32.insert(F).second)
          Changed = true;
        if (W64.count(G) && W64.insert(F).second)
          Changed = true;
      }
  }
  llvm::DenseSet<const FunctionDecl *> Out;
  for (const FunctionDecl *F : W32)
    if (!W64.count(F))
      Out.insert(F);
  return Out;
}

/// Kernels that run in blocks of one 32-thread row
/// (LaneGroups::OneWarpBlocks): named only by launches of this TU whose
/// blocks are all 32 x 1 x 1, and that with everything they call read no
/// warpSize and meet no lane outside the TU's sight (a library warp
/// primitive sized for the hardware's 64 lanes, inline assembly).
llvm::DenseSet<const FunctionDecl *> oneWarpBlockKernels(const FunctionWalk &W) {
  llvm::DenseSet<const FunctionDecl *> Wide; ///< warpSize, or unseen lanes
  for (const auto &[F, U] : W.Uses)
    if (U.WarpSize || U.CrossLane || !U.Unresolved.empty() ||
        llvm::any_of(U.Callees,
                     [&](const FunctionDecl *G) { return !W.Uses.count(G); }))
      Wide.insert(F);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &[F, U] : W.Uses)
      if (!Wide.count(F) && llvm::any_of(U.Callees, [&](const FunctionDecl *G) {
            return Wide.count(G);
          }))
        Changed |= Wide.insert(F).second;
  }
  llvm::DenseSet<const FunctionDecl *> Out;
  for (const auto &[K, N] : W.LaunchesOf)
    if (N.Launches && N.AllOneRow && N.Names == N.Launches &&
        W.Uses.count(K) && !Wide.count(K) &&
        !W.Unresolved.count(K->getNameAsString()))
      Out.insert(K);
  return Out;
}

/// Whether each call of a helper that returns a tree's total
/// (WarpUse::ReturnsTree) reads it in lane 0 of each 32-lane group only,
/// by the call expression (an AST node: stable while the TU lives).
using TreeReads = llvm::DenseMap<const CallExpr *, bool>;

TreeReads treeReads(const FunctionWalk &W, const ASTContext &C) {
  TreeReads Out;
  for (const auto &[F, U] : W.Uses)
    for (const WarpUse::Call &Call : U.Calls) {
      auto It = W.Uses.find(Call.Callee);
      if (It != W.Uses.end() && It->second.ReturnsTree && !It->second.Other)
        Out[Call.At] = leaderRead(Call.At, Call.Body, C, It->second.XorTree);
    }
  return Out;
}

/// A helper that returns a tree's total, every call of which reads it in
/// lane 0 of each 32-lane group only: its lanes form such groups too.
bool leaderOnlyHelper(const FunctionDecl *F, const FunctionWalk &W,
                      const TreeReads &Reads) {
  unsigned Calls = 0;
  for (const auto &[G, U] : W.Uses)
    for (const WarpUse::Call &Call : U.Calls)
      if (Call.Callee == F) {
        auto It = Reads.find(Call.At);
        if (It == Reads.end() || !It->second)
          return false;
        ++Calls;
      }
  return Calls > 0;
}

/// Explicit 32-lane segments (LaneGroups::Segments), or reduction trees
/// read by each group's lane 0 (LaneGroups::LeaderTrees), or neither.
LaneGroups segmented(const FunctionWalk &W, const WarpUse &U,
                     const TreeReads &Reads) {
  if (U.Other)
    return LaneGroups::Unknown;
  // A helper that shuffles at full width makes the caller's lanes
  // wavefront lanes again; one that shuffles at width 32 counts as the
  // caller's own 32-lane shuffle (`warp_reduce_sum(x)`).
  bool Mixed = false, Segmented = U.InSegment > 0,
       Led = U.Leaders + U.Butterflies > 0;
  for (const FunctionDecl *G : U.Callees) {
    auto It = W.Uses.find(G);
    if (It == W.Uses.end())
      continue;
    Mixed |= It->second.Other;
    Segmented |= It->second.InSegment > 0;
    Led |= It->second.Leaders + It->second.Butterflies > 0;
  }
  for (const WarpUse::Call &Call : U.Calls)
    if (auto It = Reads.find(Call.At); It != Reads.end()) {
      Led |= It->second;
      Mixed |= !It->second;
    }
  if (Mixed)
    return LaneGroups::Unknown;
  return Segmented ? LaneGroups::Segments
         : Led     ? LaneGroups::LeaderTrees
                   : LaneGroups::Unknown;
}

/// True when the main file's text spells Name (as a whole word) only
/// inside Range, a range of the main file.
bool namedOnlyWithin(const SourceManager &SM, llvm::StringRef Name,
                     CharSourceRange Range) {
  FileID Main = SM.getMainFileID();
  if (Name.empty() || SM.getFileID(Range.getBegin()) != Main ||
      SM.getFileID(Range.getEnd()) != Main)
    return false;
  unsigned Begin = SM.getFileOffset(Range.getBegin());
  unsigned End = SM.getFileOffset(Range.getEnd());
  return llvm::all_of(wordOffsets(SM.getBufferData(Main), Name),
                      [&](size_t At) { return Begin <= At && At <= End; });
}

} // namespace

/// F is a function template of the main file that the TU never
/// instantiates (LaneGroups::NeverInstantiated).
bool LogicalWarps::neverInstantiated(const FunctionDecl *F,
                                     const Stmt *Body) const {
  const FunctionDecl *Def = F->getDefinition();
  const FunctionTemplateDecl *Tpl =
      Def ? Def->getDescribedFunctionTemplate() : nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  if (!Tpl || Def->getBody() != Body || !Tpl->specializations().empty() ||
      !SM.isInMainFile(SM.getExpansionLoc(Body->getBeginLoc())))
    return false;
  if (!Ctx.getDiagnostics().hasErrorOccurred())
    return true;
  // Code clang dropped after an error may have instantiated it; the text
  // cannot, where the file names it nowhere but in its own definition.
  return namedOnlyWithin(SM, Def->getName(),
                         SM.getExpansionRange(Tpl->getSourceRange()));
}

void LogicalWarps::build() {
  Built = true;
  FunctionWalk Walk(Ctx);
  Walk.TraverseDecl(Ctx.getTranslationUnitDecl());
  const SourceManager &SM = Ctx.getSourceManager();
  // Code clang dropped after an error may have made lanes meet.
  bool Blind = Ctx.getDiagnostics().hasErrorOccurred() && !ErrorsKnown;
  for (auto [F, Body] : Walk.Order) {
    WarpUse &U = Walk.Uses[F];
    auto Within = [&](SourceLocation E, SourceRange R) {
      return SM.isPointWithin(E, SM.getExpansionLoc(R.getBegin()),
                              SM.getExpansionLoc(R.getEnd()));
    };
    if (Blind || llvm::any_of(Errors, [&](SourceLocation E) {
          return Within(E, Body->getSourceRange()) &&
                 llvm::none_of(U.UnusedInvalid,
                               [&](SourceRange D) { return Within(E, D); });
        }))
      U.CrossLane = true;
  }
  llvm::DenseSet<const FunctionDecl *> Free =
      noCrossLaneFunctions(Walk, Ctx.getLangOpts().CUDAIsDevice);
  llvm::DenseSet<const FunctionDecl *> Wave32 = wave32OnlyFunctions(Walk);
  llvm::DenseSet<const FunctionDecl *> OneRow = oneWarpBlockKernels(Walk);
  TreeReads Reads = treeReads(Walk, Ctx);
  for (auto [F, Body] : Walk.Order) {
    const WarpUse &U = Walk.Uses[F];
    LaneGroups Groups = segmented(Walk, U, Reads);
    if (Groups == LaneGroups::Unknown && U.ReturnsTree && !U.Other &&
        leaderOnlyHelper(F, Walk, Reads))
      Groups = LaneGroups::LeaderTrees;
    LaneGroups Kind =
        neverInstantiated(F, Body)    ? LaneGroups::NeverInstantiated
        : Wave32.count(F)             ? LaneGroups::Wave32Only
        : Groups != LaneGroups::Unknown ? Groups
        : OneRow.count(F)             ? LaneGroups::OneWarpBlocks
        : Free.count(F)               ? LaneGroups::NoCrossLane
                                      : LaneGroups::Unknown;
    SourceLocation B = SM.getExpansionLoc(Body->getBeginLoc());
    SourceLocation E = SM.getExpansionLoc(Body->getEndLoc());
    if (SM.getFileID(B) != SM.getFileID(E))
      continue;
    // From the head of the definition: its attributes and template
    // parameters (`__launch_bounds__(32)`) state the same width.
    const FunctionDecl *Def = F->getDefinition();
    SourceLocation Head =
        Def && Def->getBody() == Body ? SM.getExpansionLoc(Def->getBeginLoc())
                                      : B;
    if (SM.getFileID(Head) == SM.getFileID(B) &&
        SM.getFileOffset(Head) < SM.getFileOffset(B))
      B = Head;
    Bodies.push_back({SM.getFileID(B), SM.getFileOffset(B),
                      SM.getFileOffset(E), Kind});
  }
}

void LogicalWarps::setErrors(std::vector<SourceLocation> Locations) {
  // None for a TU with errors: not the frontend's parse; stay blind.
  ErrorsKnown =
      !Locations.empty() || !Ctx.getDiagnostics().hasErrorOccurred();
  Errors = std::move(Locations);
}

LaneGroups LogicalWarps::at(SourceLocation Loc) {
  if (!Built)
    build();
  if (Loc.isInvalid() || Bodies.empty())
    return LaneGroups::Unknown;
  const SourceManager &SM = Ctx.getSourceManager();
  Loc = SM.getExpansionLoc(Loc);
  FileID File = SM.getFileID(Loc);
  unsigned Off = SM.getFileOffset(Loc);
  const Body *In = nullptr;
  for (const Body &B : Bodies)
    if (B.File == File && B.Begin <= Off && Off <= B.End &&
        (!In || B.End - B.Begin < In->End - In->Begin))
      In = &B;
  return In ? In->Kind : LaneGroups::Unknown;
}

void LogicalWarps::forEachBody(
    llvm::function_ref<void(FileID, unsigned, unsigned, LaneGroups)> Fn) {
  if (!Built)
    build();
  for (const Body &B : Bodies)
    Fn(B.File, B.Begin, B.End, B.Kind);
}

LogicalWarps *activeLogicalWarps(const ASTContext &Ctx) {
  return CurrentGroups && &CurrentGroups->context() == &Ctx ? CurrentGroups : nullptr;
}

LogicalWarps &logicalWarps(const ASTContext &Ctx,
                           std::unique_ptr<LogicalWarps> &Own) {
  if (LogicalWarps *A = activeLogicalWarps(Ctx))
    return *A;
  if (!Own)
    Own = std::make_unique<LogicalWarps>(Ctx);
  return *Own;
}

bool noWave64FindingHolds(LaneGroups Kind) {
  return Kind == LaneGroups::OneWarpBlocks ||
         Kind == LaneGroups::Wave32Only ||
         Kind == LaneGroups::NeverInstantiated;
}

bool widthFree(LaneGroups Kind) {
  return Kind == LaneGroups::NoCrossLane || Kind == LaneGroups::OneWarpBlocks;
}

const char *laneGroupsReason(LaneGroups Kind) {
  switch (Kind) {
  case LaneGroups::Segments:
    return "every shuffle here passes width 32 or reads within its own "
           "32-lane half, so the lanes form 32-lane logical warps, two to a "
           "64-lane wavefront";
  case LaneGroups::LeaderTrees:
    return "every shuffle here is a reduction tree within 32 lanes whose "
           "total only lane 0 of each 32-lane group reads (or every lane, "
           "where the code numbers its lanes by 32), so each half of a "
           "64-lane wavefront reduces on its own";
  case LaneGroups::NoCrossLane:
    return "no lane here reads another's (no shuffle, ballot, vote, warp "
           "primitive, lane index or warpSize in this kernel or what it "
           "calls), so its 32-lane groups only number threads and memory";
  case LaneGroups::Wave32Only:
    return "this code calls a builtin that exists only at wavefront size 32 "
           "(an RDNA '_w32' builtin) and none of its '_w64' forms, so it runs "
           "only on 32-wide wavefronts";
  case LaneGroups::OneWarpBlocks:
    return "every launch of this kernel gives it a block of one 32-thread "
           "row, and it reads no warpSize, so lanes 32-63 of a 64-lane "
           "wavefront never run it";
  case LaneGroups::NeverInstantiated:
    return "this is a function template the file defines and never "
           "instantiates, so no code of this build comes from it";
  case LaneGroups::Unknown:
    break;
  }
  return "";
}

std::string rightAtEitherWidth(llvm::StringRef Message, LaneGroups Kind) {
  return (Message.substr(0, Message.find(';')) + "; " +
          laneGroupsReason(Kind) +
          (Kind == LaneGroups::Wave32Only
               ? ": right at the only width it runs at (a wave64 device must "
                 "not dispatch it)"
           : Kind == LaneGroups::NeverInstantiated
               ? ": judge it where code instantiates it"
               : ": right at either width"))
      .str();
}

LogicalWarps::Active::Active(LogicalWarps &Index) : Saved(CurrentGroups) {
  CurrentGroups = &Index;
}
LogicalWarps::Active::~Active() { CurrentGroups = Saved; }

} // namespace hipport::checks
