#include "Checks/CudaPatterns.h"
#include "Checks/Parents.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Regex.h"

#include <functional>

using namespace clang;

namespace hipport::checks {

const Expr *strip(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreParenCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(Next))
      Next = M->getSubExpr();
    if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(Next))
      Next = S->getReplacement();
    if (Next == E)
      break;
    E = Next;
  }
  return E;
}

std::optional<int64_t> intValue(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  if (!E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

/// The literal a constant is initialised with, also where its type is a
/// name a missing header would have declared (`const int32 w = 32;`):
/// clang then marks the declaration invalid and wraps the literal in a
/// RecoveryExpr, but the value the code gives it is plain.
static const IntegerLiteral *initLiteral(const VarDecl *VD) {
  const Expr *Init = VD->getInit();
  if (!Init)
    return nullptr;
  Init = Init->IgnoreParenImpCasts();
  if (const auto *R = dyn_cast<RecoveryExpr>(Init))
    if (VD->isInvalidDecl() && R->subExpressions().size() == 1)
      Init = R->subExpressions()[0]->IgnoreParenImpCasts();
  return dyn_cast<IntegerLiteral>(Init);
}

/// A project's own variable named warpSize initialised with a literal
/// (`const int warpSize = 32;` in a host function): a fixed width that
/// shadows the builtin, not the device's width. The builtin itself is
/// declared in a system header (clang's CUDA one says 32, HIP's 64).
static bool isWarpSizeShadow(const ValueDecl *D, const ASTContext &Ctx) {
  const auto *VD = dyn_cast<VarDecl>(D);
  if (!VD || VD->getName() != "warpSize" || !VD->getInit())
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  if (SM.isInSystemHeader(SM.getExpansionLoc(VD->getLocation())))
    return false;
  const IntegerLiteral *IL = initLiteral(VD);
  return IL && !IL->getLocation().isMacroID();
}

/// `#define NAME value` on the line of Loc: the macro is a named constant.
static std::optional<std::string> definedName(SourceLocation Loc,
                                              const SourceManager &SM) {
  bool Invalid = false;
  llvm::StringRef Buf = SM.getBufferData(SM.getFileID(Loc), &Invalid);
  if (Invalid)
    return std::nullopt;
  unsigned Off = SM.getFileOffset(Loc);
  size_t Begin = Buf.rfind('\n', Off);
  Begin = Begin == llvm::StringRef::npos ? 0 : Begin + 1;
  size_t End = Buf.find('\n', Off);
  llvm::StringRef Line = Buf.slice(Begin, End);
  static llvm::Regex Re(
      "^[ \t]*#[ \t]*define[ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]+\\(?[ \t]*"
      "[0-9xXa-fA-FuUlL]+[ \t]*\\)?[ \t]*(//.*|/\\*.*)?$");
  llvm::SmallVector<llvm::StringRef, 3> M;
  if (!Re.match(Line, &M))
    return std::nullopt;
  return M[1].str();
}

static ConstantOrigin originOfLeaf(const Expr *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  ConstantOrigin O;
  E = E->IgnoreParenImpCasts();
  if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    E = S->getReplacement()->IgnoreParenImpCasts();
  if (const auto *IL = dyn_cast<IntegerLiteral>(E)) {
    O.Value = IL->getValue().getSExtValue();
    SourceLocation L = IL->getLocation();
    if (L.isMacroID()) {
      SourceLocation Sp = SM.getSpellingLoc(L);
      O.Loc = Sp;
      if (auto Name = definedName(Sp, SM)) {
        // `#define warpSize 32` is reported at its definition, once.
        if (*Name == "warpSize")
          return O;
        O.K = ConstantOrigin::Macro;
        O.Name = *Name;
        return O;
      }
    } else {
      O.Loc = L;
    }
    O.K = ConstantOrigin::Literal;
    return O;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  if (!DRE)
    return O;
  const ValueDecl *D = DRE->getDecl();
  if (const auto *VD = dyn_cast<VarDecl>(D)) {
    if (!VD->getType().isConstQualified() && !VD->isConstexpr())
      return O;
    // `const int ws = warpSize;` and what is computed from it hold the
    // run-time width, even where a header makes warpSize a constant.
    if ((VD->getName() == "warpSize" && !isWarpSizeShadow(VD, Ctx)) ||
        !VD->getInit() || findWarpSizeRef(VD->getInit(), Ctx))
      return O;
    if (auto V = intValue(VD->getInit(), Ctx)) {
      O.K = ConstantOrigin::Variable;
      O.Value = *V;
    } else if (const IntegerLiteral *IL = initLiteral(VD)) {
      O.K = ConstantOrigin::Variable;
      O.Value = IL->getValue().getSExtValue();
    }
  } else if (const auto *EC = dyn_cast<EnumConstantDecl>(D)) {
    O.K = ConstantOrigin::Enumerator;
    O.Value = EC->getInitVal().getSExtValue();
  } else if (const auto *NT = dyn_cast<NonTypeTemplateParmDecl>(D)) {
    if (!NT->hasDefaultArgument())
      return O;
    if (auto V = intValue(NT->getDefaultArgument().getArgument().getAsExpr(),
                          Ctx)) {
      O.K = ConstantOrigin::TemplateParam;
      O.Value = *V;
    }
  }
  if (O.K != ConstantOrigin::None) {
    O.Loc = D->getLocation();
    O.Name = D->getNameAsString();
    if (O.Loc.isMacroID())
      O.Loc = SM.getSpellingLoc(O.Loc);
  }
  return O;
}

ConstantOrigin constantOrigin(const Expr *E, const ASTContext &Ctx,
                              std::initializer_list<int64_t> Values) {
  if (!E)
    return {};
  std::optional<int64_t> V = intValue(E, Ctx);
  const Expr *S = E->IgnoreParenImpCasts();
  if (const auto *Sub = dyn_cast<SubstNonTypeTemplateParmExpr>(S))
    S = Sub->getReplacement()->IgnoreParenImpCasts();
  if (!V) {
    // A template parameter default is the value the code was written for;
    // a constant whose type a missing header lost, its literal.
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (isa<NonTypeTemplateParmDecl>(DRE->getDecl()) ||
          (isa<VarDecl>(DRE->getDecl()) &&
           DRE->getDecl()->isInvalidDecl())) {
        ConstantOrigin O = originOfLeaf(S, Ctx);
        if (O.K != ConstantOrigin::None &&
            llvm::is_contained(Values, O.Value))
          return O;
      }
    return {};
  }
  if (!llvm::is_contained(Values, *V))
    return {};
  ConstantOrigin O = originOfLeaf(S, Ctx);
  if (O.K != ConstantOrigin::None) {
    O.Value = *V;
    return O;
  }
  // `WARP - 1`, `WARP / 2`, `(1 << LOG_WARP)`: the named part is what to fix.
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    for (const Expr *Side : {BO->getLHS(), BO->getRHS()}) {
      ConstantOrigin Inner = originOfLeaf(Side, Ctx);
      if (Inner.named() && (Inner.Value == 32 || Inner.Value == 5 ||
                            Inner.Value == 31 || Inner.Value == 16)) {
        if (Inner.Value != *V)
          Inner.Defined = Inner.Value;
        Inner.Value = *V;
        return Inner;
      }
      if (Inner.K == ConstantOrigin::Literal && Inner.Value == 32) {
        Inner.Value = *V;
        return Inner;
      }
    }
  }
  return {};
}

static bool isBuiltinVar(const Expr *E, llvm::StringRef Name) {
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return DRE->getDecl()->getName() == Name;
  return false;
}

bool mentionsBuiltin(const Stmt *S, llvm::StringRef Name) {
  if (!S)
    return false;
  // threadIdx.x is a property read whose base hides in an OpaqueValueExpr.
  if (const auto *O = dyn_cast<OpaqueValueExpr>(S))
    return mentionsBuiltin(O->getSourceExpr(), Name);
  if (const auto *E = dyn_cast<Expr>(S))
    if (isBuiltinVar(E, Name))
      return true;
  for (const Stmt *C : S->children())
    if (mentionsBuiltin(C, Name))
      return true;
  return false;
}

bool blockUniform(const Stmt *S, unsigned Depth) {
  if (!S || Depth > 4)
    return false;
  if (const auto *O = dyn_cast<OpaqueValueExpr>(S))
    return blockUniform(O->getSourceExpr(), Depth);
  // `blockIdx.x` is a property read: judge what is written, not the getter.
  if (const auto *P = dyn_cast<PseudoObjectExpr>(S))
    return blockUniform(P->getSyntacticForm(), Depth);
  if (const auto *E = dyn_cast<Expr>(S)) {
    if (isBuiltinVar(E, "threadIdx"))
      return false;
    if (isBuiltinVar(E, "blockIdx") || isBuiltinVar(E, "blockDim") ||
        isBuiltinVar(E, "gridDim"))
      return true;
  }
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    if (calleeName(CE).contains("readfirstlane"))
      return true;
    // Operators and conversions (`blockIdx.x` converts from a proxy) are
    // judged by their operands; any other function may read anything.
    if (!isa<CXXOperatorCallExpr>(CE) && !CE->getBuiltinCallee() &&
        !isa_and_nonnull<CXXConversionDecl>(CE->getDirectCallee()))
      return false;
  }
  if (isa<CompoundAssignOperator>(S) ||
      (isa<BinaryOperator>(S) && cast<BinaryOperator>(S)->isAssignmentOp()) ||
      (isa<UnaryOperator>(S) && cast<UnaryOperator>(S)->isIncrementDecrementOp()))
    return false;
  if (const auto *R = dyn_cast<DeclRefExpr>(S)) {
    const ValueDecl *D = R->getDecl();
    if (isa<EnumConstantDecl, NonTypeTemplateParmDecl, FunctionDecl>(D))
      return true;
    if (const auto *P = dyn_cast<ParmVarDecl>(D)) {
      const auto *F = dyn_cast<FunctionDecl>(P->getDeclContext());
      return F && F->hasAttr<CUDAGlobalAttr>() &&
             !P->getType()->isReferenceType();
    }
    const auto *V = dyn_cast<VarDecl>(D);
    if (!V)
      return false;
    if (V->hasGlobalStorage() && !V->isStaticLocal())
      return V->getType().isConstQualified() || V->hasAttr<CUDAConstantAttr>();
    return V->getType().isConstQualified() && V->getInit() &&
           blockUniform(V->getInit(), Depth + 1);
  }
  for (const Stmt *C : S->children())
    if (!blockUniform(C, Depth))
      return false;
  return true;
}

bool uniformFirstLane(const CallExpr *CE) {
  return calleeName(CE).contains("readfirstlane") && CE->getNumArgs() == 1 &&
         blockUniform(CE->getArg(0));
}

bool isPrintName(llvm::StringRef Name) {
  return Name == "printf" || Name == "fprintf" || Name == "snprintf";
}

bool isWarpSizeRef(const Expr *E, const ASTContext &Ctx) {
  if (isBuiltinVar(E, "warpSize"))
    return !isWarpSizeShadow(
        cast<DeclRefExpr>(E->IgnoreParenImpCasts())->getDecl(), Ctx);
  // Some headers spell warpSize as a macro onto a literal.
  if (const auto *IL = dyn_cast<IntegerLiteral>(E->IgnoreParenImpCasts())) {
    SourceLocation L = IL->getLocation();
    if (L.isMacroID())
      return Lexer::getImmediateMacroName(L, Ctx.getSourceManager(),
                                          Ctx.getLangOpts()) == "warpSize";
  }
  return false;
}

/// The first warpSize in S; with Guards false, not one only compared with
/// a constant.
static const Expr *firstWarpSize(const Stmt *S, const ASTContext &Ctx,
                                 bool Guards) {
  if (!S)
    return nullptr;
  if (const auto *O = dyn_cast<OpaqueValueExpr>(S))
    return firstWarpSize(O->getSourceExpr(), Ctx, Guards);
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      !Guards && BO && BO->isComparisonOp())
    for (auto [A, B] : {std::pair(BO->getLHS(), BO->getRHS()),
                        std::pair(BO->getRHS(), BO->getLHS())})
      if (isWarpSizeRef(strip(A), Ctx) && intValue(B, Ctx))
        return nullptr;
  if (const auto *E = dyn_cast<Expr>(S))
    if (isWarpSizeRef(E, Ctx))
      return E;
  for (const Stmt *C : S->children())
    if (const Expr *R = firstWarpSize(C, Ctx, Guards))
      return R;
  return nullptr;
}

const Expr *findWarpSizeRef(const Stmt *S, const ASTContext &Ctx) {
  return firstWarpSize(S, Ctx, /*Guards=*/true);
}

const Expr *findWarpSizeUse(const Stmt *S, const ASTContext &Ctx) {
  return firstWarpSize(S, Ctx, /*Guards=*/false);
}

/// True when the body fills or assigns VD from a queried warp width.
static bool filledWithWidth(const Stmt *S, const VarDecl *VD,
                            const ASTContext &Ctx, unsigned Depth) {
  if (!S)
    return false;
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    if (calleeName(Call).ends_with("DeviceGetAttribute") &&
        Call->getNumArgs() >= 2) {
      const auto *Addr = dyn_cast<UnaryOperator>(strip(Call->getArg(0)));
      const auto *Attr = dyn_cast<DeclRefExpr>(strip(Call->getArg(1)));
      if (Addr && Addr->getOpcode() == UO_AddrOf && Attr &&
          Attr->getDecl()->getName().contains("WarpSize"))
        if (const auto *D = dyn_cast<DeclRefExpr>(strip(Addr->getSubExpr())))
          if (D->getDecl() == VD)
            return true;
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->getOpcode() == BO_Assign)
      if (const auto *D = dyn_cast<DeclRefExpr>(strip(BO->getLHS())))
        if (D->getDecl() == VD && isQueriedWidth(BO->getRHS(), Ctx, Depth + 1))
          return true;
  for (const Stmt *C : S->children())
    if (filledWithWidth(C, VD, Ctx, Depth))
      return true;
  return false;
}

bool queriesWidthByName(llvm::StringRef FunctionName) {
  std::string N = FunctionName.lower();
  llvm::erase(N, '_');
  return llvm::StringRef(N).ends_with("warpsize") ||
         llvm::StringRef(N).ends_with("wavefrontsize");
}

bool isQueriedWidth(const Expr *E, const ASTContext &Ctx, unsigned Depth) {
  if (!E || Depth > 3)
    return false;
  E = strip(E);
  if (isWarpSizeRef(E, Ctx))
    return true;
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->getMemberDecl()->getName() == "warpSize";
  // A project's or framework's query (`at::cuda::warp_size()`,
  // `getWarpSize(dev)`): a function named for the width, not a constant.
  if (const auto *C = dyn_cast<CallExpr>(E))
    return queriesWidthByName(calleeName(C));
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->isLocalVarDecl())
    return false;
  if (VD->getInit() && isQueriedWidth(VD->getInit(), Ctx, Depth + 1))
    return true;
  if (const auto *F = dyn_cast<FunctionDecl>(VD->getDeclContext()))
    return filledWithWidth(F->getBody(), VD, Ctx, Depth);
  return false;
}

bool warpLikeName(llvm::StringRef Name) {
  static const llvm::Regex Re("warp|wave|lanes|^ws$|_ws$|^ws_",
                              llvm::Regex::IgnoreCase);
  return Re.match(Name);
}

bool countsWarpsName(llvm::StringRef Name) {
  // Case matters for the plural: `kNumWarps`, `WARPS_PER_BLOCK`, `warps_`
  // count warps; `kWarpSize` does not.
  static const llvm::Regex Plural(
      "(Warps|Waves|WARPS|WAVES|warps|waves)([A-Z_]|$)");
  static const llvm::Regex Count(
      "num[a-z_]*(warp|wave)|(warp|wave)_?(group|count)",
      llvm::Regex::IgnoreCase);
  static const llvm::Regex PerWarp("per_?(warp|wave)", llvm::Regex::IgnoreCase);
  return (Plural.match(Name) || Count.match(Name)) && !PerWarp.match(Name);
}

bool blockSizeName(llvm::StringRef Name) {
  static const llvm::Regex Re("block_?(size|dim|threads)",
                              llvm::Regex::IgnoreCase);
  return Re.match(Name) && !warpLikeName(Name);
}

bool queriesWidthName(llvm::StringRef Name) {
  std::string L = Name.lower();
  llvm::StringRef S(L);
  bool Width = S.contains("warpsize") || S.contains("warp_size") ||
               S.contains("wavefrontsize") || S.contains("wave_size") ||
               S.contains("wavesize");
  return Width && (S.contains("device") || S.contains("current") ||
                   S.contains("host") || S.starts_with("get") ||
                   S.contains("query"));
}

bool warpWidthName(llvm::StringRef Name) {
  static const llvm::Regex Re(
      "^(k_?|c_?|g_?)?(hw_?|max_?|default_?)?(warp|wave|wavefront)_?(size|"
      "width|sz|len|threads|lanes)?$|^ws$|^threads_?per_?(warp|wave)$|^lanes_?"
      "per_?(warp|wave)$|^([A-Za-z][A-Za-z0-9]*_)+(warp|wave|wavefront)_?("
      "size|width|threads|lanes)$",
      llvm::Regex::IgnoreCase);
  return Re.match(Name);
}

static bool laneName(llvm::StringRef N) {
  std::string L = N.lower();
  llvm::StringRef S(L);
  return llvm::StringSwitch<bool>(S)
      .Cases({"tid", "lane", "laneid", "lane_id", "lane_idx", "laneidx",
              "threadid", "thread_id", "tx", "thread_idx", "threadidx"},
             true)
      .Cases({"ltid", "local_id", "localid", "idx", "gid", "global_id"}, true)
      .Default(false);
}

/// A constant whose value depends on template parameters: a local constexpr
/// variable initialised with such an expression (`constexpr int VPT =
/// values_per_thread<BITS>;`). A template parameter itself is not one: it
/// may be the width.
static bool dependentScale(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return VD && VD->isConstexpr() && VD->isLocalVarDecl() && VD->getInit() &&
         VD->getInit()->isValueDependent();
}

bool isLaneLike(const Expr *E, const ASTContext &Ctx, unsigned Depth) {
  if (!E || Depth > 4)
    return false;
  E = E->IgnoreParenCasts();
  if (const auto *O = dyn_cast<OpaqueValueExpr>(E))
    return isLaneLike(O->getSourceExpr(), Ctx, Depth);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = DRE->getDecl();
    if (D->getName() == "threadIdx")
      return true;
    if (const auto *VD = dyn_cast<VarDecl>(D)) {
      if (VD->isLocalVarDeclOrParm() && laneName(VD->getName()))
        return true;
      if (VD->isLocalVarDecl() && VD->getInit())
        return isLaneLike(VD->getInit(), Ctx, Depth + 1);
    }
    return false;
  }
  // HIP's threadIdx.x converts to unsigned through an operator.
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    if (isa_and_nonnull<CXXConversionDecl>(MC->getMethodDecl()))
      return isLaneLike(MC->getImplicitObjectArgument(), Ctx, Depth);
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return isLaneLike(ME->getBase(), Ctx, Depth);
  if (const auto *C = dyn_cast<CallExpr>(E)) {
    llvm::StringRef N = calleeName(C);
    if (N == "__lane_id" || N == "thread_rank" || N == "__hip_get_thread_idx_x" ||
        N == "__ockl_get_local_id")
      return true;
  }
  // A thread index scaled by a constant (`threadIdx.x * 33`, a padded
  // shared-memory address) no longer numbers lanes; in a template, nor does
  // one scaled by a constant the template computes (`lane * VPT`, VPT =
  // values_per_thread<BITS>: an element index, as every instantiation shows).
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    if (BO->getOpcode() == BO_Mul)
      for (const Expr *Op : {BO->getLHS(), BO->getRHS()})
        if (auto V = intValue(Op, Ctx); (V && *V != 1) || dependentScale(Op))
          return false;
  // Data loaded with a thread index, or returned by a call, is a value,
  // not an index.
  if (isa<IntegerLiteral>(E) || isa<ArraySubscriptExpr>(E) ||
      isa<CallExpr>(E) || isa<UnaryOperator>(E) &&
                              cast<UnaryOperator>(E)->getOpcode() == UO_Deref)
    return false;
  for (const Stmt *Ch : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Ch))
      if (isLaneLike(CE, Ctx, Depth + 1))
        return true;
  return false;
}

llvm::StringRef calleeName(const CallExpr *C) {
  if (const FunctionDecl *F = C->getDirectCallee())
    if (F->getDeclName().isIdentifier())
      return F->getName();
  if (const auto *U = dyn_cast<UnresolvedLookupExpr>(
          C->getCallee()->IgnoreParenImpCasts()))
    if (U->getName().isIdentifier())
      return U->getName().getAsIdentifierInfo()->getName();
  return "";
}

bool isShuffleName(llvm::StringRef N) {
  if (N.consume_back("_sync"))
    ;
  return N == "__shfl" || N == "__shfl_up" || N == "__shfl_down" ||
         N == "__shfl_xor";
}

unsigned shuffleWidthIndex(llvm::StringRef N) {
  return N.ends_with("_sync") ? 3 : 2;
}

std::optional<int64_t> writtenShuffleWidth(const CallExpr *C,
                                           const ASTContext &Ctx) {
  unsigned I = shuffleWidthIndex(calleeName(C));
  const Expr *W = C->getNumArgs() > I ? C->getArg(I) : nullptr;
  if (!W || isa<CXXDefaultArgExpr>(W))
    return std::nullopt;
  return intValue(W, Ctx);
}

bool isBallotName(llvm::StringRef N) {
  return N == "__ballot" || N == "__ballot_sync" || N == "__activemask" ||
         N.starts_with("__lanemask_");
}

bool isWarpMatrixName(llvm::StringRef N) {
  return N == "mma_sync" || N == "load_matrix_sync" || N == "store_matrix_sync";
}

bool hasWarpCollective(const Stmt *S, unsigned Depth) {
  if (!S)
    return false;
  if (const auto *C = dyn_cast<CallExpr>(S)) {
    llvm::StringRef N = calleeName(C);
    if (isShuffleName(N) || N.starts_with("__ballot") ||
        N.starts_with("__any") || N.starts_with("__all") ||
        N.starts_with("__syncwarp") || N == "__activemask" ||
        N.ends_with("shfl_xor") || N.ends_with("shfl_down") ||
        isWarpMatrixName(N))
      return true;
    if (Depth < 2 && hasWarpCollective(projectDeviceBody(C), Depth + 1))
      return true;
  }
  for (const Stmt *Ch : S->children())
    if (hasWarpCollective(Ch, Depth))
      return true;
  return false;
}

/// Assignments to V in S whose value comes from a collective.
static bool assignedFromCollective(const VarDecl *V, const Stmt *S,
                                   const Stmt *Body, unsigned Depth) {
  if (!S)
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->isAssignmentOp())
    if (const auto *R = dyn_cast<DeclRefExpr>(strip(BO->getLHS()));
        R && R->getDecl() == V && fromCollective(BO->getRHS(), Body, Depth))
      return true;
  for (const Stmt *Ch : S->children())
    if (assignedFromCollective(V, Ch, Body, Depth))
      return true;
  return false;
}

bool fromCollective(const Expr *E, const Stmt *Body, unsigned Depth) {
  if (!E || Depth > 2)
    return false;
  if (hasWarpCollective(E))
    return true;
  std::vector<const VarDecl *> Locals;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *R = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(R->getDecl());
          V && V->isLocalVarDecl())
        Locals.push_back(V);
    for (const Stmt *Ch : S->children())
      Walk(Ch);
  };
  Walk(E);
  return llvm::any_of(Locals, [&](const VarDecl *V) {
    return (V->getInit() && fromCollective(V->getInit(), Body, Depth + 1)) ||
           assignedFromCollective(V, Body, Body, Depth + 1);
  });
}

const Stmt *projectDeviceBody(const CallExpr *Call) {
  const FunctionDecl *F = Call->getDirectCallee();
  // In a template, a call with a dependent argument is left unresolved;
  // a name that finds one function (template) has that body.
  if (const auto *U = dyn_cast<UnresolvedLookupExpr>(
          Call->getCallee()->IgnoreParenImpCasts());
      !F && U && U->getNumDecls() == 1) {
    const NamedDecl *D = (*U->decls_begin())->getUnderlyingDecl();
    if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
      F = T->getTemplatedDecl();
    else
      F = dyn_cast<FunctionDecl>(D);
  }
  if (!F)
    return nullptr;
  if (const FunctionDecl *P = F->getTemplateInstantiationPattern())
    F = P;
  if (!F->hasAttr<CUDADeviceAttr>() || !F->getBody() ||
      F->getASTContext().getSourceManager().isInSystemHeader(F->getLocation()))
    return nullptr;
  return F->getBody();
}

bool worksPerWarp(const Stmt *Body, ASTContext &Ctx) {
  return Body && (findLaneMath(Body, Ctx) || hasWarpCollective(Body));
}

const CallExpr *heldBallot(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *C = dyn_cast<CallExpr>(E))
    return isBallotName(calleeName(C)) ? C : nullptr;
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO || BO->getOpcode() != BO_Mul)
    return nullptr;
  for (auto [Bits, Gate] : {std::pair(BO->getLHS(), BO->getRHS()),
                            std::pair(BO->getRHS(), BO->getLHS())})
    if (Gate->IgnoreParenImpCasts()->getType()->isBooleanType())
      if (const CallExpr *C = heldBallot(Bits))
        return C;
  return nullptr;
}

static bool returnsBallotIn(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *R = dyn_cast<ReturnStmt>(S))
    if (const auto *C =
            dyn_cast_or_null<CallExpr>(strip(R->getRetValue())))
      return isBallotName(calleeName(C));
  for (const Stmt *Ch : S->children())
    if (returnsBallotIn(Ch))
      return true;
  return false;
}

bool returnsBallot(const FunctionDecl *F) {
  return F && F->doesThisDeclarationHaveABody() && returnsBallotIn(F->getBody());
}

bool isSyncIntrinsicName(llvm::StringRef N) {
  return (N.starts_with("__") && N.ends_with("_sync")) || N == "__syncwarp";
}

/// The nearest parent that is not a paren or a cast.
static DynTypedNode semanticParent(const Stmt *S, ASTContext &Ctx,
                                   const Stmt *&Child) {
  Child = S;
  while (true) {
    auto Parents = parentsOf(Ctx, *Child);
    if (Parents.empty())
      return {};
    const Stmt *P = Parents[0].get<Stmt>();
    if (P && (isa<ParenExpr>(P) || isa<CastExpr>(P))) {
      Child = P;
      continue;
    }
    return Parents[0];
  }
}

/// A 32-bit unsigned array named like a bitmap (`bits`, `words`, `mask`),
/// the base of `Base[i]` or `Base + i`. Warp slots (`sums[tid / 32]`) are
/// arrays too, so the array must look like a bitmap by type and name.
static bool bitmapWords(const Expr *Base, QualType Elem, const ASTContext &Ctx) {
  static llvm::Regex Bitmap("bit|word|mask|flag|pack|bmp|set",
                            llvm::Regex::IgnoreCase);
  return Elem->isUnsignedIntegerType() && Ctx.getTypeSize(Elem) == 32 &&
         Bitmap.match(sourceText(Base->getSourceRange(), Ctx));
}

/// True when E indexes a bitmap's 32-bit words where Parent uses it:
/// `bits[E]` or `bits + E`.
static bool indexesBitmap(const Expr *E, const Stmt *Parent,
                          const ASTContext &Ctx) {
  if (const auto *AS = dyn_cast_or_null<ArraySubscriptExpr>(Parent))
    return strip(AS->getIdx()) == E &&
           bitmapWords(AS->getBase(), AS->getType(), Ctx);
  const auto *Add = dyn_cast_or_null<BinaryOperator>(Parent);
  if (!Add || Add->getOpcode() != BO_Add)
    return false;
  const Expr *Ptr = strip(Add->getLHS()) == E ? Add->getRHS() : Add->getLHS();
  QualType T = Ptr->IgnoreParenImpCasts()->getType();
  return T->isPointerType() && bitmapWords(Ptr, T->getPointeeType(), Ctx);
}

/// Counts in Uses the reads of V below S; false when one of them is not an
/// index of a bitmap's words (indexesBitmap).
static bool onlyWordIndex(const Stmt *S, const Stmt *Parent, const VarDecl *V,
                          const ASTContext &Ctx, unsigned &Uses) {
  if (!S)
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (DRE->getDecl() == V) {
      ++Uses;
      return indexesBitmap(DRE, Parent, Ctx);
    }
  // Casts and parentheses pass their parent on.
  const Stmt *Up = isa<ImplicitCastExpr, ParenExpr>(S) ? Parent : S;
  for (const Stmt *C : S->children())
    if (!onlyWordIndex(C, Up, V, Ctx, Uses))
      return false;
  return true;
}

/// `const unsigned idx = id / 32;` whose every use indexes a bitmap's words
/// (`bitmask[idx]`, `atomicOr(bitmask + idx, m)`) in a function that makes
/// no warp collective: a word index. Beside a ballot, the word may hold one
/// warp's votes (a layout tied to the width).
static bool wordIndexVar(const VarDecl *V, const ASTContext &Ctx) {
  const auto *F = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  unsigned Uses = 0;
  return F && F->getBody() && !hasWarpCollective(F->getBody()) &&
         onlyWordIndex(F->getBody(), nullptr, V, Ctx, Uses) && Uses > 0;
}

static bool isBitPacking(const BinaryOperator *BO, ASTContext &Ctx) {
  const Stmt *Child;
  DynTypedNode P = semanticParent(BO, Ctx, Child);
  // `bits[i >> 5]`, `bits + i / 32`: a word of a bitmap.
  if (indexesBitmap(BO, P.get<Stmt>(), Ctx))
    return true;
  if (const auto *Sh = P.get<BinaryOperator>())
    if ((Sh->isShiftOp() || Sh->isShiftAssignOp()) &&
        strip(Sh->getRHS()) == BO)
      return true;
  if (const auto *VD = P.get<VarDecl>()) {
    std::string N = VD->getName().lower();
    if (llvm::StringRef(N).contains("bit") || llvm::StringRef(N).contains("word") ||
        llvm::StringRef(N).contains("shift"))
      return true;
    return wordIndexVar(VD, Ctx);
  }
  return false;
}

std::optional<LaneMath> laneMathShape(const BinaryOperator *BO,
                                      const ASTContext &Ctx) {
  LaneMath::Kind K;
  std::initializer_list<int64_t> Want = {32};
  static const std::initializer_list<int64_t> W32 = {32}, W31 = {31}, W5 = {5};
  switch (BO->getOpcode()) {
  case BO_Rem:
  case BO_RemAssign:
    K = LaneMath::Mod;
    Want = W32;
    break;
  case BO_And:
  case BO_AndAssign:
    K = LaneMath::And;
    Want = W31;
    break;
  case BO_Shr:
  case BO_ShrAssign:
    K = LaneMath::Shr;
    Want = W5;
    break;
  case BO_Div:
  case BO_DivAssign:
    K = LaneMath::Div;
    Want = W32;
    break;
  default:
    return std::nullopt;
  }
  const Expr *L = BO->getLHS(), *R = BO->getRHS();
  ConstantOrigin O = constantOrigin(R, Ctx, Want);
  if (O.K == ConstantOrigin::None && K == LaneMath::And) {
    O = constantOrigin(L, Ctx, Want);
    std::swap(L, R);
  }
  if (O.K == ConstantOrigin::None)
    return std::nullopt;
  if (K == LaneMath::Div && mentionsBuiltin(L, "blockDim") &&
      !mentionsBuiltin(L, "threadIdx"))
    return LaneMath{LaneMath::BlockDimDiv, BO, R};
  if (!isLaneLike(L, Ctx))
    return std::nullopt;
  return LaneMath{K, BO, R};
}

std::optional<LaneMath> laneMath(const BinaryOperator *BO, ASTContext &Ctx) {
  auto LM = laneMathShape(BO, Ctx);
  if (LM && LM->K != LaneMath::BlockDimDiv && isBitPacking(BO, Ctx))
    return std::nullopt;
  return LM;
}

std::optional<LaneMath> findLaneMath(const Stmt *S, ASTContext &Ctx) {
  if (!S)
    return std::nullopt;
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (auto LM = laneMath(BO, Ctx))
      return LM;
  for (const Stmt *C : S->children())
    if (auto LM = findLaneMath(C, Ctx))
      return LM;
  return std::nullopt;
}

std::string sourceText(SourceRange R, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  // Inside one macro argument (`__ballot_sync(m, x & (1 << j))`): the
  // argument's own text, not the whole macro call's.
  CharSourceRange CR = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(R), SM, Ctx.getLangOpts());
  if (CR.isInvalid())
    CR = CharSourceRange::getTokenRange(
        SM.getExpansionRange(R.getBegin()).getBegin(),
        SM.getExpansionRange(R.getEnd()).getEnd());
  return Lexer::getSourceText(CR, SM, Ctx.getLangOpts()).str();
}

const FunctionDecl *enclosingFunction(const Stmt *S, ASTContext &Ctx) {
  ParentList Ps = parentsOf(Ctx, *S);
  while (!Ps.empty()) {
    if (const auto *F = Ps[0].get<FunctionDecl>())
      return F;
    if (const auto *St = Ps[0].get<Stmt>())
      Ps = parentsOf(Ctx, *St);
    else if (const auto *D = Ps[0].get<Decl>())
      Ps = parentsOf(Ctx, *D);
    else
      return nullptr;
  }
  return nullptr;
}

/// Source text without spaces, so `threadIdx . y` reads as written tight.
static std::string tightText(SourceRange R, const ASTContext &Ctx) {
  std::string S = sourceText(R, Ctx);
  llvm::erase_if(S, [](char Ch) { return isWhitespace(Ch); });
  return S;
}

static bool namesRowIndex(llvm::StringRef Text) {
  return Text.contains("threadIdx.y") || Text.contains("hipThreadIdx_y");
}

/// A product or shift with threadIdx.y as an operand (a linear thread id),
/// or a division by warpSize (a warp index by the device's width, whose
/// 64-lane warps span two rows).
static bool crossesRows(const Stmt *S, const ASTContext &Ctx) {
  if (!S)
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (BO->getOpcode() == BO_Mul || BO->getOpcode() == BO_Shl)
      if (namesRowIndex(tightText(BO->getLHS()->getSourceRange(), Ctx)) ||
          namesRowIndex(tightText(BO->getRHS()->getSourceRange(), Ctx)))
        return true;
    if (BO->getOpcode() == BO_Div && findWarpSizeRef(BO->getRHS(), Ctx))
      return true;
  }
  for (const Stmt *C : S->children())
    if (crossesRows(C, Ctx))
      return true;
  return false;
}

bool rowsOfThreadIdxX(const FunctionDecl *F, const ASTContext &Ctx) {
  if (!F || !F->hasAttr<CUDAGlobalAttr>() || !F->getBody())
    return false;
  std::string Body = tightText(F->getBody()->getSourceRange(), Ctx);
  llvm::StringRef B(Body);
  return namesRowIndex(B) && !B.contains("blockDim.x") &&
         !B.contains("hipBlockDim_x") && !crossesRows(F->getBody(), Ctx);
}

} // namespace hipport::checks

namespace hipport::checks {

/// True when E names D (through parens and casts).
static bool refersTo(const Expr *E, const ValueDecl *D) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E ? strip(E) : nullptr);
  return DRE && DRE->getDecl() == D;
}

/// `D - 1`.
static bool isDMinusOne(const Expr *E, const ValueDecl *D,
                        const ASTContext &Ctx) {
  const auto *BO = dyn_cast_or_null<BinaryOperator>(E ? strip(E) : nullptr);
  if (!BO || BO->getOpcode() != BO_Sub || !refersTo(BO->getLHS(), D))
    return false;
  const auto *IL = dyn_cast<IntegerLiteral>(strip(BO->getRHS()));
  return IL && IL->getValue() == 1;
}

/// The width the device reports at run time: `warpSize`,
/// `__builtin_amdgcn_wavefrontsize()`, or a const local set from one
/// (`const int wave_size = __builtin_amdgcn_wavefrontsize();`).
static bool isRunTimeWidth(const Expr *E, const ASTContext &Ctx,
                           bool ThroughLocal = true) {
  E = strip(E);
  if (const auto *C = dyn_cast<CallExpr>(E))
    return calleeName(C) == "__builtin_amdgcn_wavefrontsize";
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
        ThroughLocal && V && V->isLocalVarDecl() &&
        V->getType().isConstQualified() && V->getInit())
      return isRunTimeWidth(V->getInit(), Ctx, false);
  return isWarpSizeRef(E, Ctx);
}

/// The for loop's counter starts at a value every thread of the block
/// holds alike (`int t = 0`, `t = blockIdx.x * TILE`).
static bool uniformStart(const ForStmt *F) {
  const Expr *Init = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit())) {
    if (DS->isSingleDecl())
      if (const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl()))
        Init = V->getInit();
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(F->getInit())) {
    if (BO->getOpcode() == BO_Assign)
      Init = BO->getRHS();
  }
  return Init && blockUniform(Init);
}

static void widthUsesIn(const Stmt *S, const ValueDecl *D, ASTContext &Ctx,
                        std::vector<WarpWidthUse> &Out) {
  if (!S)
    return;
  auto Text = [&](const Stmt *E) { return sourceText(E->getSourceRange(), Ctx); };
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    BinaryOperatorKind K = BO->getOpcode();
    const Expr *L = BO->getLHS(), *R = BO->getRHS();
    if ((K == BO_Rem || K == BO_Div || K == BO_RemAssign ||
         K == BO_DivAssign) &&
        refersTo(R, D) && isLaneLike(L, Ctx))
      Out.push_back({BO, (K == BO_Rem || K == BO_RemAssign ? "lane index '"
                                                           : "warp index '") +
                             Text(BO) + "'"});
    else if (K == BO_And && (isDMinusOne(R, D, Ctx) || isDMinusOne(L, D, Ctx)) &&
             (isLaneLike(L, Ctx) || isLaneLike(R, Ctx)))
      Out.push_back({BO, "lane index '" + Text(BO) + "'"});
    else if (K == BO_Div && refersTo(L, D) && isRunTimeWidth(R, Ctx))
      // 32 threads counted in warps of the device's width: none at 64.
      Out.push_back({BO, "warp count '" + Text(BO) + "' (0 on a 64-lane "
                                                     "wavefront)"});
    else if ((K == BO_EQ || K == BO_NE) &&
             ((isDMinusOne(R, D, Ctx) && isLaneLike(L, Ctx)) ||
              (isDMinusOne(L, D, Ctx) && isLaneLike(R, Ctx))))
      Out.push_back({BO, "last-lane test '" + Text(BO) + "'"});
  } else if (const auto *C = dyn_cast<CallExpr>(S)) {
    llvm::StringRef N = calleeName(C);
    unsigned W = shuffleWidthIndex(N);
    if (isShuffleName(N) && C->getNumArgs() > W && refersTo(C->getArg(W), D))
      Out.push_back({C->getArg(W), "shuffle width in '" + Text(C) + "'"});
  } else if (const auto *F = dyn_cast<ForStmt>(S)) {
    // A loop stepping by the block's size is a block-stride loop, right at
    // any width, whatever that size is (`idx += BLOCK_SIZE`). One from a
    // value every thread shares (`for (t = 0; t < n; t += TILE)`) walks the
    // same tiles in each thread: no lane's share of anything.
    if (const auto *Inc = dyn_cast_or_null<BinaryOperator>(F->getInc()))
      if (Inc->getOpcode() == BO_AddAssign && refersTo(Inc->getRHS(), D) &&
          !blockSizeName(D->getName()) && !uniformStart(F))
        Out.push_back({Inc, "loop stride '" + Text(Inc) + "'"});
  }
  for (const Stmt *Ch : S->children())
    widthUsesIn(Ch, D, Ctx, Out);
}

std::vector<WarpWidthUse> widthUsesOf(const Stmt *Body, const ValueDecl *D,
                                  ASTContext &Ctx) {
  std::vector<WarpWidthUse> Out;
  if (Body && D)
    widthUsesIn(Body, D, Ctx, Out);
  return Out;
}

bool isWidthLaneIndex(const Expr *E, const ASTContext &Ctx, unsigned Depth) {
  if (!E || Depth > 3)
    return false;
  E = strip(E);
  if (const auto *C = dyn_cast<CallExpr>(E))
    return calleeName(C) == "__lane_id";
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Rem)
      return isWarpSizeRef(strip(BO->getRHS()), Ctx);
    if (BO->getOpcode() == BO_And)
      for (const Expr *Side : {BO->getLHS(), BO->getRHS()})
        if (const auto *M = dyn_cast<BinaryOperator>(strip(Side)))
          if (M->getOpcode() == BO_Sub && isWarpSizeRef(strip(M->getLHS()), Ctx))
            return true;
    return false;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->isLocalVarDecl() && VD->getInit())
        return isWidthLaneIndex(VD->getInit(), Ctx, Depth + 1);
  return false;
}

bool deviceWidthLane(const Expr *E, const ASTContext &Ctx, unsigned Depth) {
  if (!E || Depth > 3)
    return false;
  if (isWidthLaneIndex(E, Ctx))
    return true;
  E = strip(E);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    auto V = intValue(BO->getRHS(), Ctx);
    return isLaneLike(BO->getLHS(), Ctx) &&
           ((BO->getOpcode() == BO_Rem && V == 64) ||
            (BO->getOpcode() == BO_And && V == 63));
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->isLocalVarDecl() && VD->getInit())
        return deviceWidthLane(VD->getInit(), Ctx, Depth + 1);
  return false;
}

std::vector<size_t> wordOffsets(llvm::StringRef Text, llvm::StringRef Word) {
  std::vector<size_t> Out;
  auto Ident = [](char C) { return isAsciiIdentifierContinue(C); };
  for (size_t At = Word.empty() ? llvm::StringRef::npos : Text.find(Word);
       At != llvm::StringRef::npos; At = Text.find(Word, At + 1)) {
    size_t After = At + Word.size();
    if ((At == 0 || !Ident(Text[At - 1])) &&
        (After == Text.size() || !Ident(Text[After])))
      Out.push_back(At);
  }
  return Out;
}

/// A name that may make lanes meet: shuffles, ballots, votes, lane reads,
/// warp or wave helpers, AMD cross-lane builtins, warp-level matrix
/// operations. `__syncthreads` (a block barrier) is not one.
bool crossLaneName(llvm::StringRef Name) {
  std::string L = Name.lower();
  llvm::StringRef S(L);
  if (S.starts_with("__syncthreads") || S.empty())
    return false;
  if (S.starts_with("__builtin_amdgcn_"))
    return !S.contains("workitem") && !S.contains("workgroup") &&
           !S.contains("s_barrier") && !S.contains("s_waitcnt") &&
           !S.contains("sched") && !S.contains("dispatch");
  static const char *const Parts[] = {
      "shfl", "shuffle", "ballot", "warp",    "wave",  "lane",
      "sync", "activemask", "mbcnt", "dpp",   "swizzle", "permute",
      "wmma", "mfma",    "match",  "vote",    "__reduce_"};
  for (const char *P : Parts)
    if (S.contains(P))
      return true;
  return S == "__any" || S == "__all" || S.starts_with("__any_") ||
         S.starts_with("__all_");
}

} // namespace hipport::checks
