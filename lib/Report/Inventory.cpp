#include "Report/Inventory.h"

#include "Frontend/TypeNames.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace hipport::report {

bool isWarpIntrinsic(llvm::StringRef N) {
  static const llvm::StringSet<> Exact = {
      "__any",          "__all",           "__any_sync",       "__all_sync",
      "__uni_sync",     "__activemask",    "__syncwarp",       "__match_any_sync",
      "__match_all_sync", "__lanemask_lt", "__lanemask_le",    "__lanemask_gt",
      "__lanemask_ge",  "__lanemask_eq",   "tiled_partition",  "thread_block_tile",
      "coalesced_threads", "coalesced_group", "__ballot",       "__fns"};
  return N.starts_with("__shfl") || N.starts_with("__ballot") ||
         (N.starts_with("__reduce_") && N.ends_with("_sync")) ||
         Exact.contains(N);
}

bool isAtomic(llvm::StringRef N) {
  return (N.starts_with("atomic") && N.size() > 6 && isupper(N[6])) ||
         N.starts_with("__hip_atomic") || N.starts_with("unsafeAtomic") ||
         N.starts_with("safeAtomic");
}

bool isTensorCore(llvm::StringRef Q) {
  static const llvm::StringSet<> Exact = {
      "mma_sync", "load_matrix_sync", "store_matrix_sync", "fill_fragment",
      "bmma_sync"};
  llvm::StringRef Last = Q.rsplit("::").second.empty() ? Q : Q.rsplit("::").second;
  return Q.contains("wmma::") || Q.contains("rocwmma") ||
         Exact.contains(Last) || Last.starts_with("__hmma") ||
         Last.starts_with("__imma") || Last.starts_with("__bmma") ||
         Last.starts_with("__builtin_amdgcn_mfma") ||
         Last.starts_with("__builtin_amdgcn_wmma");
}

namespace {

/// True for inline PTX (or AMDGCN) that drives the matrix units.
bool isTensorAsm(llvm::StringRef S) {
  return S.contains("mma.") || S.contains("wgmma") || S.contains("ldmatrix") ||
         S.contains("v_mfma") || S.contains("v_wmma");
}

/// Maps source locations to project files, caching per FileID.
class Places {
public:
  Places(const project::Project &P, const SourceManager &SM, ASTContext &Ctx)
      : P(P), SM(SM), Ctx(Ctx) {}
  ASTContext &astContext() { return Ctx; }

  /// The identifier written in the file at Loc's file location: for
  /// `cublasCreate(&h)` that is cublasCreate, though the AST names the
  /// cublasCreate_v2 the macro expands to.
  llvm::StringRef spelled(SourceLocation Loc) {
    SourceLocation FL = SM.getFileLoc(Loc);
    unsigned Len = Lexer::MeasureTokenLength(FL, SM, Ctx.getLangOpts());
    bool Invalid = false;
    const char *C = SM.getCharacterData(FL, &Invalid);
    return Invalid ? llvm::StringRef() : llvm::StringRef(C, Len);
  }

  /// The project file holding Loc (its file location), or "".
  std::string file(SourceLocation Loc) {
    if (Loc.isInvalid())
      return "";
    Loc = SM.getFileLoc(Loc);
    FileID FID = SM.getFileID(Loc);
    auto It = Cache.find(FID);
    if (It != Cache.end())
      return It->second;
    std::string Path;
    if (!SM.isInSystemHeader(Loc))
      if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID)) {
        std::string Abs = project::absolutePath(FE->getName());
        if (P.owns(Abs))
          Path = Abs;
      }
    return Cache[FID] = Path;
  }

  unsigned line(SourceLocation Loc) {
    return SM.getSpellingLineNumber(SM.getFileLoc(Loc));
  }
  unsigned offset(SourceLocation Loc) {
    return SM.getFileOffset(SM.getFileLoc(Loc));
  }
  std::string key(SourceLocation Loc) {
    std::string F = file(Loc);
    return F.empty() ? "" : F + ":" + std::to_string(offset(Loc));
  }

private:
  const project::Project &P;
  const SourceManager &SM;
  ASTContext &Ctx;
  llvm::DenseMap<FileID, std::string> Cache;
};

/// The declaration a kernel is counted by: the primary template's pattern
/// for specializations, and its definition when one is visible.
const FunctionDecl *countedDecl(const FunctionDecl *FD) {
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    FD = Pattern;
  if (const FunctionTemplateDecl *Prim = FD->getPrimaryTemplate())
    FD = Prim->getTemplatedDecl();
  if (const FunctionDecl *Def = FD->getDefinition())
    FD = Def;
  return FD;
}

/// Walks a kernel body, and the bodies of the project's __device__ functions
/// it calls, recording what matters on AMD hardware.
class FeatureWalker : public RecursiveASTVisitor<FeatureWalker> {
public:
  FeatureWalker(Places &Pl, Kernel &K) : Pl(Pl), K(K) {}
  bool shouldVisitTemplateInstantiations() const { return false; }

  void walk(const FunctionDecl *FD, unsigned Depth = 0) {
    if (!FD || !FD->hasBody() || Depth > 8 || !Walked.insert(FD).second)
      return;
    const FunctionDecl *Def = nullptr;
    Stmt *Body = FD->getBody(Def);
    if (!Body)
      return;
    unsigned Saved = this->Depth;
    this->Depth = Depth;
    TraverseStmt(Body);
    this->Depth = Saved;
  }

  bool VisitCallExpr(CallExpr *E) {
    if (const FunctionDecl *FD = E->getDirectCallee()) {
      name(FD->getQualifiedNameAsString(), FD);
      follow(FD);
    }
    return true;
  }

  bool VisitOverloadExpr(OverloadExpr *E) {
    if (E->getName().isIdentifier())
      name(E->getName().getAsString(), nullptr);
    for (const NamedDecl *D : E->decls())
      if (const FunctionDecl *FD = D->getAsFunction())
        follow(FD);
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const ValueDecl *D = E->getDecl();
    if (const auto *V = dyn_cast<VarDecl>(D))
      if (V->hasAttr<CUDASharedAttr>() && !V->isLocalVarDecl())
        Shared.insert(V);
    if (isa<FunctionDecl>(D))
      name(D->getQualifiedNameAsString(), D);
    return true;
  }

  bool VisitVarDecl(VarDecl *V) {
    if (V->hasAttr<CUDASharedAttr>()) {
      Shared.insert(V);
      if (V->hasExternalStorage() || V->getType()->isIncompleteArrayType())
        K.DynamicShared = true;
    }
    std::string T = V->getType().getAsString();
    if (isTensorCore(T) || llvm::StringRef(T).contains("fragment<"))
      if (llvm::StringRef(T).contains("wmma"))
        K.TensorCore.insert("wmma::fragment");
    if (llvm::StringRef(T).contains("thread_block_tile"))
      K.WarpIntrinsics.insert("thread_block_tile");
    return true;
  }

  bool VisitAsmStmt(AsmStmt *S) {
    ++K.InlineAsm;
    std::string Text = S->generateAsmString(Pl.astContext());
    if (isTensorAsm(Text))
      K.TensorCore.insert("inline mma");
    return true;
  }

  void finish() { K.SharedVars = unsigned(Shared.size()); }

private:
  void name(const std::string &Qualified, const Decl *D) {
    llvm::StringRef Q = Qualified;
    llvm::StringRef Last = Q.contains("::") ? Q.rsplit("::").second : Q;
    // Names the project declares itself are its own helpers, not CUDA's.
    if (D && !Pl.file(D->getLocation()).empty())
      return;
    if (isWarpIntrinsic(Last))
      K.WarpIntrinsics.insert(Last.str());
    else if (isAtomic(Last))
      K.Atomics.insert(Last.str());
    else if (isTensorCore(Q))
      K.TensorCore.insert(Last.str());
  }

  void follow(const FunctionDecl *FD) {
    FD = countedDecl(FD);
    if (FD->hasAttr<CUDADeviceAttr>() && !Pl.file(FD->getLocation()).empty())
      walk(FD, Depth + 1);
  }

  Places &Pl;
  Kernel &K;
  unsigned Depth = 0;
  llvm::SmallPtrSet<const FunctionDecl *, 16> Walked;
  llvm::SmallPtrSet<const VarDecl *, 8> Shared;
};

/// Finds kernels, launches and rule-table names in the project's own code.
class TUWalker : public RecursiveASTVisitor<TUWalker> {
public:
  TUWalker(const rules::RuleSet &Rules, Places &Pl, TUInventory &Out)
      : Rules(Rules), Pl(Pl), Out(Out) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->hasAttr<CUDAGlobalAttr>() || !FD->doesThisDeclarationHaveABody())
      return true;
    const FunctionDecl *C = countedDecl(FD);
    std::string Key = Pl.key(C->getLocation());
    if (Key.empty() || Out.Kernels.count(Key))
      return true;
    Kernel K;
    K.Name = C->getQualifiedNameAsString();
    K.Loc = {Pl.file(C->getLocation()), Pl.line(C->getLocation())};
    K.Template = C->getDescribedFunctionTemplate() ||
                 C->isFunctionTemplateSpecialization() ||
                 C->isDependentContext();
    if (const Stmt *B = C->getBody())
      K.Lines = Pl.line(B->getEndLoc()) - Pl.line(B->getBeginLoc()) + 1;
    FeatureWalker W(Pl, K);
    W.walk(C);
    W.finish();
    Out.Kernels.emplace(Key, std::move(K));
    return true;
  }

  bool TraverseCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    const Expr *Callee = E->getCallee()->IgnoreImplicit();
    std::string Site = Pl.file(E->getBeginLoc());
    if (!Site.empty()) {
      LaunchRef L;
      L.Site = {Site, Pl.line(E->getBeginLoc())};
      if (const FunctionDecl *FD = E->getDirectCallee()) {
        const FunctionDecl *C = countedDecl(FD);
        L.KernelKey = Pl.key(C->getLocation());
        L.KernelName = C->getQualifiedNameAsString();
      } else if (const auto *O = dyn_cast<OverloadExpr>(Callee)) {
        for (const NamedDecl *D : O->decls())
          if (const FunctionDecl *FD = D->getAsFunction()) {
            const FunctionDecl *C = countedDecl(FD);
            L.KernelKey = Pl.key(C->getLocation());
            L.KernelName = C->getQualifiedNameAsString();
            break;
          }
        if (L.KernelName.empty())
          L.KernelName = O->getName().getAsString();
      }
      if (!L.KernelName.empty())
        Out.Launches.push_back(std::move(L));
      if (const auto *R = dyn_cast<DeclRefExpr>(Callee))
        LaunchCallees.insert(R);
    }
    return RecursiveASTVisitor::TraverseCUDAKernelCallExpr(E);
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const ValueDecl *D = E->getDecl();
    // A kernel named outside <<<>>> (cudaLaunchKernel, hipLaunchKernelGGL's
    // expansion, occupancy queries) is launched from there too.
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      if (FD->hasAttr<CUDAGlobalAttr>() && !LaunchCallees.count(E)) {
        std::string Site = Pl.file(E->getLocation());
        const FunctionDecl *C = countedDecl(FD);
        if (!Site.empty())
          Out.Launches.push_back({Pl.key(C->getLocation()),
                                  C->getQualifiedNameAsString(),
                                  {Site, Pl.line(E->getLocation())}});
      }
    if (D->getDeclName().isIdentifier())
      use(E->getLocation(), D->getName(), D);
    return true;
  }

  bool VisitOverloadExpr(OverloadExpr *E) {
    if (E->getName().isIdentifier())
      use(E->getNameLoc(), E->getName().getAsIdentifierInfo()->getName(),
          nullptr);
    return true;
  }

  bool VisitTypeLoc(TypeLoc TL) {
    frontend::NamedType N = frontend::namedType(TL);
    if (N.Decl)
      use(N.NameLoc, N.Decl->getName(), N.Decl);
    return true;
  }

  /// `cub::`, `thrust::`: namespaces are rule-table names too.
  bool TraverseNestedNameSpecifierLoc(NestedNameSpecifierLoc NNS) {
    if (NNS && NNS.getNestedNameSpecifier().getKind() ==
                   NestedNameSpecifier::Kind::Namespace) {
      const NamespaceBaseDecl *NS = NNS.getAsNamespaceAndPrefix().Namespace;
      if (NS && NS->getDeclName().isIdentifier())
        use(NNS.getLocalBeginLoc(), NS->getName(), NS);
    }
    return RecursiveASTVisitor::TraverseNestedNameSpecifierLoc(NNS);
  }

  /// A name in the rule tables, spelled in a project file and declared
  /// outside it (the project's own `cudaMalloc` wrapper is not CUDA's).
  void use(SourceLocation Loc, llvm::StringRef Name, const Decl *D) {
    if (Loc.isMacroID()) {
      llvm::StringRef Sp = Pl.spelled(Loc);
      if (Sp != Name && Rules.find(Sp))
        Name = Sp;
    }
    const rules::RuleEntry *E = Rules.find(Name);
    if (!E || E->EntryKind == rules::Kind::Member)
      return;
    if (D && !Pl.file(D->getLocation()).empty())
      return;
    std::string File = Pl.file(Loc);
    if (File.empty())
      return;
    Out.Uses.insert({File, Pl.offset(Loc), Pl.line(Loc), Name.str()});
  }

private:
  const rules::RuleSet &Rules;
  Places &Pl;
  TUInventory &Out;
  llvm::SmallPtrSet<const DeclRefExpr *, 16> LaunchCallees;
};

/// Macro uses of rule-table macros (__CUDACC__, CUDART_VERSION, ...),
/// including the ones in #ifdef and defined(), which the AST never sees.
class MacroUses : public PPCallbacks {
public:
  MacroUses(const project::Project &P, const rules::RuleSet &Rules,
            SourceManager &SM, TUInventory &Out)
      : P(P), Rules(Rules), SM(SM), Out(Out) {}

  void MacroExpands(const Token &Tok, const MacroDefinition &, SourceRange,
                    const MacroArgs *) override {
    note(Tok);
  }
  void Defined(const Token &Tok, const MacroDefinition &,
               SourceRange) override {
    note(Tok);
  }
  void Ifdef(SourceLocation, const Token &Tok,
             const MacroDefinition &) override {
    note(Tok);
  }
  void Ifndef(SourceLocation, const Token &Tok,
              const MacroDefinition &) override {
    note(Tok);
  }

private:
  void note(const Token &Tok) {
    const IdentifierInfo *II = Tok.getIdentifierInfo();
    if (!II)
      return;
    const rules::RuleEntry *E = Rules.find(II->getName());
    if (!E || E->EntryKind != rules::Kind::Macro)
      return;
    SourceLocation L = SM.getFileLoc(Tok.getLocation());
    if (L.isInvalid() || SM.isInSystemHeader(L))
      return;
    OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getFileID(L));
    if (!FE)
      return;
    std::string Abs = project::absolutePath(FE->getName());
    if (!P.owns(Abs))
      return;
    Out.Uses.insert({Abs, SM.getFileOffset(L), SM.getSpellingLineNumber(L),
                     II->getName().str()});
  }

  const project::Project &P;
  const rules::RuleSet &Rules;
  SourceManager &SM;
  TUInventory &Out;
};

class InventoryConsumer : public ASTConsumer {
public:
  InventoryConsumer(InventoryCollector &C, std::string TU,
                    std::shared_ptr<TUInventory> Inv)
      : C(C), TU(std::move(TU)), Inv(std::move(Inv)) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    SourceManager &SM = Ctx.getSourceManager();
    Places Pl(C.project(), SM, Ctx);
    TUWalker W(C.rules(), Pl, *Inv);
    // Only the project's own declarations: the toolkit headers are most of
    // every TU and hold nothing to count.
    for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (!Pl.file(D->getLocation()).empty())
        W.TraverseDecl(D);
    for (auto It = SM.fileinfo_begin(), E = SM.fileinfo_end(); It != E; ++It) {
      std::string Abs = project::absolutePath(It->first.getName());
      if (C.project().owns(Abs))
        Inv->SeenFiles.insert(Abs);
    }
    C.add(TU, std::move(*Inv));
  }

private:
  InventoryCollector &C;
  std::string TU;
  std::shared_ptr<TUInventory> Inv;
};

std::unique_ptr<ASTConsumer> makeConsumer(InventoryCollector &C,
                                          CompilerInstance &CI,
                                          const std::string &TU) {
  auto Inv = std::make_shared<TUInventory>();
  CI.getPreprocessor().addPPCallbacks(std::make_unique<MacroUses>(
      C.project(), C.rules(), CI.getSourceManager(), *Inv));
  return std::make_unique<InventoryConsumer>(C, TU, Inv);
}

class InventoryAction : public ASTFrontendAction {
public:
  InventoryAction(InventoryCollector &C, std::string TU)
      : C(C), TU(std::move(TU)) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    return makeConsumer(C, CI, TU);
  }

private:
  InventoryCollector &C;
  std::string TU;
};

} // namespace

InventoryCollector::InventoryCollector(const project::Project &P,
                                       const rules::RuleSet &Rules)
    : P(P), Rules(Rules) {}

frontend::ActionFactory InventoryCollector::factory() {
  return [this](const std::string &TU) -> std::unique_ptr<FrontendAction> {
    return std::make_unique<InventoryAction>(*this, TU);
  };
}

frontend::ConsumerFactory InventoryCollector::consumerFactory() {
  return [this](CompilerInstance &CI, const std::string &TU) {
    return makeConsumer(*this, CI, TU);
  };
}

void InventoryCollector::add(const std::string &TU, TUInventory Inv) {
  std::lock_guard<std::mutex> G(Lock);
  PerTU[TU] = std::move(Inv);
}

} // namespace hipport::report
