#include "Validate/SpecDeriver.h"

#include "Frontend/Frontend.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"

#include <fmt/format.h>

#include <map>
#include <mutex>
#include <optional>
#include <set>

using namespace clang;

namespace hipport::validate {
namespace {

/// What one launch site says, before it is merged into the kernel's spec.
struct Launch {
  std::optional<Dim3> Grid, Block;
  std::optional<uint64_t> Shared;
  /// Per argument: a C++ literal when the argument is a constant.
  std::vector<std::optional<std::string>> Args;
  std::vector<std::string> ArgOrigins;
  std::string Where;
};

struct Found {
  KernelSpec Spec;
  std::optional<Launch> First;
  unsigned Launches = 0;
};

/// Shared by the parses of all TUs: a kernel in a header is seen many times.
struct Collected {
  std::mutex Lock;
  std::map<std::string, Found> Kernels; ///< by name (name<args> for templates)
  /// Template kernels some launch instantiates: their pattern is not a unit.
  std::set<std::string> Instantiated;
};

bool sizeLikeName(llvm::StringRef N) {
  std::string L = N.lower();
  llvm::StringRef S(L);
  return S == "n" || S == "len" || S == "length" || S == "size" ||
         S == "count" || S == "num" || S == "nelem" || S == "nelems" ||
         S == "numelements" || S == "num_elements" || S.starts_with("num_") ||
         S.ends_with("_size") || S.ends_with("count") || S.ends_with("_len") ||
         S.starts_with("n_");
}

ElemType elemTypeOf(QualType T, ASTContext &Ctx) {
  ElemType E;
  PrintingPolicy PP = Ctx.getPrintingPolicy();
  PP.SuppressTagKeyword = true;
  PP.FullyQualifiedName = true;
  E.Spelling = T.getUnqualifiedType().getAsString(PP);
  QualType C = T.getCanonicalType();
  if (C->isVoidType() || C->isIncompleteType()) {
    E.Size = 1;
    E.Kind = ElemKind::Bytes;
    return E;
  }
  E.Size = unsigned(Ctx.getTypeSizeInChars(C).getQuantity());
  if (C->isRealFloatingType() && (E.Size == 4 || E.Size == 8))
    E.Kind = ElemKind::Float;
  else if (C->isSignedIntegerOrEnumerationType())
    E.Kind = ElemKind::Signed;
  else if (C->isUnsignedIntegerOrEnumerationType())
    E.Kind = ElemKind::Unsigned;
  else
    E.Kind = ElemKind::Bytes;
  return E;
}

/// The value of an integer expression: a constant, or a local variable whose
/// initializer is one (the common `int n = 1 << 20; ... k<<<..>>>(n)`).
std::optional<int64_t> evalInt(const Expr *E, ASTContext &Ctx,
                               std::string *Origin = nullptr) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  if (isa<CXXDefaultArgExpr>(E))
    return evalInt(cast<CXXDefaultArgExpr>(E)->getExpr(), Ctx, Origin);
  Expr::EvalResult R;
  if (E->EvaluateAsInt(R, Ctx))
    return R.Val.getInt().getExtValue();
  const Expr *S = E->IgnoreParenImpCasts();
  if (auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->hasLocalStorage() && VD->getInit())
        if (auto V = evalInt(VD->getInit(), Ctx)) {
          if (Origin)
            *Origin = fmt::format("the initializer of '{}'", VD->getName());
          return V;
        }
  return std::nullopt;
}

std::optional<double> evalFloat(const Expr *E, ASTContext &Ctx,
                                std::string *Origin) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  llvm::APFloat F(0.0);
  if (E->EvaluateAsFloat(F, Ctx))
    return F.convertToDouble();
  if (auto I = evalInt(E, Ctx, Origin))
    return double(*I);
  const Expr *S = E->IgnoreParenImpCasts();
  if (auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->hasLocalStorage() && VD->getInit()) {
        llvm::APFloat G(0.0);
        if (VD->getInit()->EvaluateAsFloat(G, Ctx)) {
          if (Origin)
            *Origin = fmt::format("the initializer of '{}'", VD->getName());
          return G.convertToDouble();
        }
      }
  return std::nullopt;
}

/// A launch dimension: an integer, dim3(x[, y[, z]]), or a local dim3
/// variable initialized so.
std::optional<Dim3> evalDim3(const Expr *E, ASTContext &Ctx, unsigned Depth = 0) {
  if (!E || Depth > 4)
    return std::nullopt;
  E = E->IgnoreImplicit()->IgnoreParens();
  if (auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
    return evalDim3(FC->getSubExpr(), Ctx, Depth + 1);
  if (auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return evalDim3(MT->getSubExpr(), Ctx, Depth + 1);
  if (E->getType()->isIntegralOrEnumerationType()) {
    if (auto V = evalInt(E, Ctx))
      if (*V > 0)
        return Dim3{uint64_t(*V), 1, 1};
    return std::nullopt;
  }
  if (auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getNumArgs() == 1 &&
        !CE->getArg(0)->getType()->isIntegralOrEnumerationType())
      return evalDim3(CE->getArg(0), Ctx, Depth + 1); // copy or move
    uint64_t V[3] = {1, 1, 1};
    for (unsigned I = 0; I < CE->getNumArgs() && I < 3; ++I) {
      auto X = evalInt(CE->getArg(I), Ctx);
      if (!X || *X <= 0)
        return std::nullopt;
      V[I] = uint64_t(*X);
    }
    return Dim3{V[0], V[1], V[2]};
  }
  if (auto *ILE = dyn_cast<InitListExpr>(E)) {
    uint64_t V[3] = {1, 1, 1};
    for (unsigned I = 0; I < ILE->getNumInits() && I < 3; ++I) {
      auto X = evalInt(ILE->getInit(I), Ctx);
      if (!X || *X <= 0)
        return std::nullopt;
      V[I] = uint64_t(*X);
    }
    return Dim3{V[0], V[1], V[2]};
  }
  if (auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->getInit())
        return evalDim3(VD->getInit(), Ctx, Depth + 1);
  return std::nullopt;
}

class DeriveVisitor : public RecursiveASTVisitor<DeriveVisitor> {
public:
  DeriveVisitor(const project::Project &P, ASTContext &Ctx, Collected &Out)
      : P(P), Ctx(Ctx), SM(Ctx.getSourceManager()), Out(Out) {}

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->hasAttr<CUDAGlobalAttr>() || !FD->doesThisDeclarationHaveABody() ||
        !FD->getDeclName().isIdentifier())
      return true;
    std::string File = ownedFile(FD->getLocation());
    if (File.empty())
      return true;
    KernelSpec S = specOf(FD, File, FD->getName().str());
    if (FD->getDescribedFunctionTemplate())
      S.Unsupported = "a template kernel that no launch instantiates (give "
                      "its template arguments at a launch)";
    std::lock_guard<std::mutex> G(Out.Lock);
    auto [It, New] = Out.Kernels.try_emplace(S.Name);
    if (It->second.Spec.Name.empty())
      It->second.Spec = std::move(S);
    return true;
  }

  /// The spec of a kernel as its (instantiated) declaration says.
  KernelSpec specOf(const FunctionDecl *FD, const std::string &File,
                    std::string Name) {
    KernelSpec S;
    S.Name = std::move(Name);
    S.QualifiedName = FD->getQualifiedNameAsString();
    if (S.Name.find('<') != std::string::npos)
      S.QualifiedName += S.Name.substr(S.Name.find('<'));
    S.File = File;
    if (const project::ProjectFile *PF = P.find(File))
      S.Relative = PF->Relative;
    S.Line = SM.getSpellingLineNumber(FD->getLocation());
    for (const ParmVarDecl *PV : FD->parameters())
      S.Params.push_back(paramOf(PV, S));
    return S;
  }

  Param paramOf(const ParmVarDecl *PV, KernelSpec &S) {
    Param Pa;
    Pa.Name = PV->getName().str();
    if (Pa.Name.empty())
      Pa.Name = fmt::format("arg{}", PV->getFunctionScopeIndex());
    QualType T = PV->getType();
    if (T->isDependentType() || T->isInstantiationDependentType()) {
      // A template's own parameter: only its instantiations have sizes.
      if (S.Unsupported.empty())
        S.Unsupported = fmt::format("parameter '{}' has a dependent type",
                                    Pa.Name);
      Pa.Type = ElemType{T.getAsString(), ElemKind::Bytes, 1};
      return Pa;
    }
    if (const auto *PT = T->getAs<PointerType>()) {
      Pa.Kind = ParamKind::Buffer;
      QualType Pointee = PT->getPointeeType();
      Pa.Type = elemTypeOf(Pointee, Ctx);
      Pa.Output = !Pointee.isConstQualified();
      if (Pointee->isPointerType() && S.Unsupported.empty())
        S.Unsupported = fmt::format(
            "parameter '{}' is a pointer to pointers; give the kernel a "
            "flat buffer", Pa.Name);
      if (Pa.Type.Kind == ElemKind::Float)
        Pa.Tol = Tolerance{};
    } else if (T->isReferenceType() || T->isDependentType()) {
      if (S.Unsupported.empty())
        S.Unsupported =
            fmt::format("parameter '{}' has a type validate cannot fill",
                        Pa.Name);
      Pa.Type = ElemType{T.getAsString(), ElemKind::Bytes, 1};
    } else {
      Pa.Kind = ParamKind::Scalar;
      Pa.Type = elemTypeOf(T, Ctx);
    }
    return Pa;
  }

  /// "name<args>" of an instantiated template kernel, as C++ spells it.
  std::string instantiationName(const FunctionDecl *FD) {
    std::string Name = FD->getName().str();
    const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs();
    if (!Args)
      return Name;
    PrintingPolicy PP = Ctx.getPrintingPolicy();
    PP.SuppressTagKeyword = true;
    PP.FullyQualifiedName = true;
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    printTemplateArgumentList(OS, Args->asArray(), PP);
    return Name + OS.str();
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    const FunctionDecl *FD = E->getDirectCallee();
    if (!FD || !FD->getDeclName().isIdentifier() ||
        ownedFile(E->getBeginLoc()).empty())
      return true;
    Launch L;
    const CallExpr *Cfg = E->getConfig();
    if (Cfg && Cfg->getNumArgs() >= 2) {
      L.Grid = evalDim3(Cfg->getArg(0), Ctx);
      L.Block = evalDim3(Cfg->getArg(1), Ctx);
      if (Cfg->getNumArgs() >= 3)
        if (auto S = evalInt(Cfg->getArg(2), Ctx); S && *S >= 0)
          L.Shared = uint64_t(*S);
    }
    PresumedLoc PL = SM.getPresumedLoc(SM.getExpansionLoc(E->getBeginLoc()));
    if (PL.isValid())
      L.Where = fmt::format("{}:{}", llvm::sys::path::filename(PL.getFilename()),
                            PL.getLine());
    for (unsigned I = 0; I < E->getNumArgs(); ++I) {
      const Expr *A = E->getArg(I);
      std::string Origin;
      std::optional<std::string> V;
      QualType T = A->getType();
      if (T->isRealFloatingType()) {
        if (auto F = evalFloat(A, Ctx, &Origin))
          V = fmt::format("{:.17g}", *F);
      } else if (T->isIntegralOrEnumerationType()) {
        if (auto X = evalInt(A, Ctx, &Origin))
          V = std::to_string(*X);
      }
      if (V && Origin.empty())
        Origin = "a constant at " + L.Where;
      else if (V)
        Origin += " at " + L.Where;
      L.Args.push_back(V);
      L.ArgOrigins.push_back(Origin);
    }
    std::string Key = FD->getName().str();
    std::optional<KernelSpec> Inst;
    if (FD->isTemplateInstantiation()) {
      Key = instantiationName(FD);
      const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
      std::string File = ownedFile(Pattern ? Pattern->getLocation()
                                           : FD->getLocation());
      if (!File.empty())
        Inst = specOf(FD, File, Key);
      if (Inst && Pattern)
        Inst->Line = SM.getSpellingLineNumber(Pattern->getLocation());
    }
    std::lock_guard<std::mutex> G(Out.Lock);
    Found &F = Out.Kernels[Key];
    if (Inst && F.Spec.Name.empty())
      F.Spec = std::move(*Inst);
    if (Inst)
      Out.Instantiated.insert(FD->getName().str());
    if (!F.First)
      F.First = std::move(L);
    ++F.Launches;
    return true;
  }

private:
  std::string ownedFile(SourceLocation Loc) {
    Loc = SM.getSpellingLoc(Loc);
    if (Loc.isInvalid())
      return "";
    if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getFileID(Loc))) {
      std::string Abs = project::absolutePath(FE->getName());
      if (P.owns(Abs))
        return Abs;
    }
    return "";
  }

  const project::Project &P;
  ASTContext &Ctx;
  SourceManager &SM;
  Collected &Out;
};

class DeriveConsumer : public ASTConsumer {
public:
  DeriveConsumer(const project::Project &P, Collected &Out, LaunchEdits *L)
      : P(P), Out(Out), Launches(L) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    DeriveVisitor V(P, Ctx, Out);
    V.TraverseDecl(Ctx.getTranslationUnitDecl());
    if (Launches)
      Launches->collect(P, Ctx);
  }

private:
  const project::Project &P;
  Collected &Out;
  LaunchEdits *Launches;
};

class DeriveAction : public ASTFrontendAction {
public:
  DeriveAction(const project::Project &P, Collected &Out, LaunchEdits *L)
      : P(P), Out(Out), Launches(L) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef) override {
    return std::make_unique<DeriveConsumer>(P, Out, Launches);
  }

private:
  const project::Project &P;
  Collected &Out;
  LaunchEdits *Launches;
};

/// Completes a kernel's spec from its launch, and defaults where the launch
/// says nothing: the numbers a user would most likely pick, each noted.
void complete(Found &F) {
  KernelSpec &S = F.Spec;
  const Launch *L = F.First ? &*F.First : nullptr;
  if (!L)
    S.Notes.push_back("no launch site in the sources: grid, block and "
                      "scalars are defaults; give them in --spec");
  else if (F.Launches > 1)
    S.Notes.push_back(fmt::format("{} launch sites; derived from the one at {}",
                                  F.Launches, L->Where));
  // Scalars first: a size parameter sizes the buffers and the grid.
  std::optional<uint64_t> SizeValue;
  for (size_t I = 0; I < S.Params.size(); ++I) {
    Param &P = S.Params[I];
    if (P.Kind != ParamKind::Scalar)
      continue;
    if (L && I < L->Args.size() && L->Args[I]) {
      P.Value = *L->Args[I];
      P.Origin = L->ArgOrigins[I];
      if (sizeLikeName(P.Name) && P.Type.Kind != ElemKind::Float &&
          P.Type.Kind != ElemKind::Bytes && !SizeValue)
        SizeValue = uint64_t(std::max<int64_t>(std::stoll(P.Value), 0));
    }
  }
  if (L && L->Block)
    S.Block = *L->Block;
  else {
    S.Block = {256, 1, 1};
    S.Notes.push_back("block not constant at the launch: 256 assumed");
  }
  if (L && L->Grid)
    S.Grid = *L->Grid;
  else {
    uint64_t N = SizeValue ? *SizeValue : 4096;
    S.Grid = {std::max<uint64_t>(1, (N + S.Block.X - 1) / S.Block.X), 1, 1};
    S.Notes.push_back(fmt::format("grid not constant at the launch: {} "
                                  "blocks assumed", S.Grid.X));
  }
  if (L && L->Shared)
    S.SharedBytes = *L->Shared;
  uint64_t Threads = S.Grid.total() * S.Block.total();
  for (Param &P : S.Params) {
    if (P.Kind != ParamKind::Scalar || !P.Value.empty())
      continue;
    if (sizeLikeName(P.Name) && P.Type.Kind != ElemKind::Float) {
      P.Value = std::to_string(Threads);
      P.Origin = "the launch's thread count (not constant at the call)";
      SizeValue = SizeValue ? SizeValue : Threads;
    } else if (P.Type.Kind == ElemKind::Float) {
      P.Value = "1.0";
      P.Origin = "a default (not constant at the call)";
    } else if (P.Type.Kind == ElemKind::Bytes) {
      P.Value = P.Type.Spelling + "{}";
      P.Origin = "value-initialized (not constant at the call)";
    } else {
      P.Value = "1";
      P.Origin = "a default (not constant at the call)";
    }
    if (P.Origin.find("default") != std::string::npos ||
        P.Origin.find("value-init") != std::string::npos)
      S.Notes.push_back(fmt::format("scalar '{}' = {} is {}", P.Name, P.Value,
                                    P.Origin));
  }
  // Buffers: the larger of the size parameter and the thread count, so that
  // both guarded (i < n) and unguarded (one element per thread) kernels stay
  // in bounds; checked mode reports any kernel that reaches further.
  for (Param &P : S.Params) {
    if (P.Kind != ParamKind::Buffer)
      continue;
    P.Count = std::max(SizeValue.value_or(0), Threads);
    P.Origin = SizeValue && *SizeValue >= Threads
                   ? "the size parameter"
                   : "the launch's thread count";
    if (!SizeValue)
      S.Unsized.push_back(P.Name);
    if (P.Type.Kind == ElemKind::Signed || P.Type.Kind == ElemKind::Unsigned) {
      P.HasRange = true;
      P.Lo = 0;
      P.Hi = 100;
    }
  }
}

} // namespace

std::vector<KernelSpec> deriveSpecs(const project::Project &CudaProject,
                                    unsigned Jobs, LaunchEdits *Launches) {
  Collected C;
  frontend::ParseOptions PO;
  PO.Jobs = Jobs ? Jobs : 1;
  PO.Verb = "derive";
  frontend::parseAll(
      CudaProject, CudaProject.translationUnits(),
      [&](const std::string &) -> std::unique_ptr<FrontendAction> {
        return std::make_unique<DeriveAction>(CudaProject, C, Launches);
      },
      PO);
  std::vector<KernelSpec> Out;
  for (auto &[Name, F] : C.Kernels) {
    if (F.Spec.Name.empty())
      continue; // launched but defined outside the project
    if (!F.Spec.Unsupported.empty() && C.Instantiated.count(Name))
      continue; // validated as its instantiations
    complete(F);
    Out.push_back(std::move(F.Spec));
  }
  return Out;
}

} // namespace hipport::validate
