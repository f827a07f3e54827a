#include "Port/AstRenamer.h"

#include "Frontend/TypeNames.h"
#include "Port/AstFix.h"
#include "Port/TokenRenamer.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

#include <fmt/format.h>

using namespace clang;

namespace hipport::port {
namespace {

/// Shared by the visitor and the preprocessor callbacks of one TU.
class RenameContext : public FixContext {
public:
  RenameContext(const project::Project &P, const rules::RuleSet &Rules,
                const PortOptions &Opts, AstFacts &Out)
      : P(P), Rules(Rules), Opts(Opts), Out(Out) {}

  void setSourceManager(SourceManager &S) { SM = &S; }

  /// The project file holding Loc's spelling, or "" if not ours.
  std::string ownedFile(SourceLocation Loc) override {
    if (Loc.isInvalid())
      return "";
    FileID FID = SM->getFileID(Loc);
    auto It = OwnedCache.find(FID);
    if (It != OwnedCache.end())
      return It->second;
    std::string Path;
    if (OptionalFileEntryRef FE = SM->getFileEntryRefForID(FID)) {
      std::string Abs = project::absolutePath(FE->getName());
      if (P.owns(Abs)) {
        Path = Abs;
        Out.Files.insert(Abs);
      }
    }
    return OwnedCache[FID] = Path;
  }

  bool declaredByProject(const Decl *D) {
    return D && !ownedFile(SM->getSpellingLoc(D->getLocation())).empty();
  }

  /// Proposes renaming Name at Loc (an expansion or spelling location).
  void rename(SourceLocation Loc, llvm::StringRef Name, bool MemberOnly) {
    if (Opts.LaunchesOnly)
      return;
    const rules::RuleEntry *E = Rules.find(Name);
    if (!E || (E->EntryKind == rules::Kind::Member) != MemberOnly)
      return;
    // A name inside a macro argument is spelled in the user's code; one in a
    // macro body is spelled in the #define, which the edit then fixes once.
    SourceLocation Spell = SM->getSpellingLoc(Loc);
    std::string File = ownedFile(Spell);
    if (File.empty())
      return;
    unsigned Off = SM->getFileOffset(Spell);
    bool Invalid = false;
    llvm::StringRef Buf = SM->getBufferData(SM->getFileID(Spell), &Invalid);
    if (Invalid || Buf.substr(Off, Name.size()) != Name)
      return; // pasted or stringized: not a plain token we can edit
    rules::Mapping M = Rules.resolve(*E, Opts.Target);
    if (M.Act == rules::Mapping::Action::Unsupported ||
        E->EntryStatus == rules::Status::Experimental) {
      if (MemberOnly) {
        core::Finding F;
        F.CheckId = "port-unsupported-api";
        F.Range = {File, Off, unsigned(Name.size())};
        F.Message = unsupportedMessage(M);
        Out.Findings.push_back(F);
      }
      return;
    }
    if (M.Hip != Name)
      Out.Edits[File].push_back(
          {Off, unsigned(Name.size()), M.Hip, EditOrigin::Ast, E->Family});
  }

  void noteUserDecl(const NamedDecl *D) {
    if (!D->getDeclName().isIdentifier())
      return;
    llvm::StringRef Name = D->getName();
    if (Name.empty() || !Rules.find(Name))
      return;
    std::string File = ownedFile(SM->getSpellingLoc(D->getLocation()));
    if (File.empty())
      return;
    Out.UserDeclared.insert(Name.str());
    Out.DeclaredIn[File].insert(Name.str());
  }

  void edit(SourceLocation Loc, unsigned Len, std::string Text) {
    std::string File = ownedFile(Loc);
    if (File.empty() || Loc.isMacroID())
      return;
    Out.Edits[File].push_back(
        {SM->getFileOffset(Loc), Len, std::move(Text), EditOrigin::Ast, ""});
  }

  void edit(SourceLocation Loc, unsigned Len, std::string Text,
            std::string Rewrite) override {
    std::string File = ownedFile(Loc);
    if (File.empty() || Loc.isMacroID())
      return;
    Edit E{SM->getFileOffset(Loc), Len, std::move(Text), EditOrigin::Ast, ""};
    E.Rewrite = std::move(Rewrite);
    Out.Edits[File].push_back(std::move(E));
  }

  void finding(SourceLocation Loc, std::string Id, core::Severity S,
               std::string Msg) override {
    SourceLocation Spell = SM->getSpellingLoc(Loc);
    std::string File = ownedFile(Spell);
    if (File.empty())
      return;
    core::Finding F;
    F.CheckId = std::move(Id);
    F.Level = S;
    F.Range = {File, SM->getFileOffset(Spell), 1};
    F.Message = std::move(Msg);
    Out.Findings.push_back(F);
  }

  void needShim(SourceLocation Loc, std::string Shim) override {
    std::string File = ownedFile(SM->getSpellingLoc(Loc));
    if (!File.empty())
      Out.Shims[File].insert(std::move(Shim));
  }

  SourceManager &sm() override { return *SM; }
  const PortOptions &opts() const override { return Opts; }
  const rules::RuleSet &rules() const override { return Rules; }

private:
  const project::Project &P;
  const rules::RuleSet &Rules;
  const PortOptions &Opts;
  AstFacts &Out;
  SourceManager *SM = nullptr;
  llvm::DenseMap<FileID, std::string> OwnedCache;
};

class RenameVisitor : public RecursiveASTVisitor<RenameVisitor> {
public:
  explicit RenameVisitor(RenameContext &C, ASTContext &Ctx) : C(C), Ctx(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  bool VisitNamedDecl(NamedDecl *D) {
    C.noteUserDecl(D);
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const ValueDecl *D = E->getDecl();
    if (D->getDeclName().isIdentifier() && !C.declaredByProject(D))
      C.rename(E->getLocation(), D->getName(), false);
    return true;
  }

  bool VisitOverloadExpr(OverloadExpr *E) {
    if (E->getName().isIdentifier())
      C.rename(E->getNameLoc(), E->getName().getAsIdentifierInfo()->getName(),
               false);
    return true;
  }

  bool VisitMemberExpr(MemberExpr *E) {
    const ValueDecl *D = E->getMemberDecl();
    if (D->getDeclName().isIdentifier() && !C.declaredByProject(D))
      C.rename(E->getMemberLoc(), D->getName(), true);
    return true;
  }

  bool VisitTypeLoc(TypeLoc TL) {
    frontend::NamedType N = frontend::namedType(TL);
    if (N.Decl && !C.declaredByProject(N.Decl))
      C.rename(N.NameLoc, N.Decl->getName(), false);
    return true;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    if (C.opts().Launch == LaunchSyntax::HipLaunchKernelGGL)
      rewriteLaunch(E);
    return true;
  }

private:
  /// `k<<<g, b, s, st>>>(a, b)` -> `hipLaunchKernelGGL(k, dim3(g), dim3(b),
  /// s, st, a, b)`, as small edits around the user's own tokens so that
  /// renames inside the arguments still apply.
  void rewriteLaunch(CUDAKernelCallExpr *E) {
    SourceManager &SM = C.sm();
    const Expr *Callee = E->getCallee()->IgnoreImplicit();
    const CallExpr *Config = E->getConfig();
    if (E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID()) {
      C.finding(E->getBeginLoc(), "port-launch-in-macro",
                core::Severity::Warning,
                "kernel launch inside a macro left as <<<>>>");
      return;
    }
    FileID FID = SM.getFileID(E->getBeginLoc());
    bool Invalid = false;
    llvm::StringRef Buf = SM.getBufferData(FID, &Invalid);
    if (Invalid)
      return;
    unsigned CalleeBegin = SM.getFileOffset(Callee->getBeginLoc());
    unsigned CalleeEnd = SM.getFileOffset(Lexer::getLocForEndOfToken(
        Callee->getEndLoc(), 0, SM, Ctx.getLangOpts()));
    size_t Open = Buf.find("<<<", CalleeEnd);
    if (Open == llvm::StringRef::npos)
      return;
    std::vector<const Expr *> Cfg;
    for (const Expr *A : Config->arguments())
      if (!isa<CXXDefaultArgExpr>(A))
        Cfg.push_back(A);
    if (Cfg.size() < 2)
      return;
    auto EndOf = [&](const Expr *X) {
      return SM.getFileOffset(Lexer::getLocForEndOfToken(
          X->getEndLoc(), 0, SM, Ctx.getLangOpts()));
    };
    auto BeginOf = [&](const Expr *X) {
      return SM.getFileOffset(X->getBeginLoc());
    };
    size_t Close = Buf.find(">>>", EndOf(Cfg.back()));
    size_t LParen = Buf.find('(', Close + 3);
    if (Close == llvm::StringRef::npos || LParen == llvm::StringRef::npos)
      return;
    bool IsTemplate = Buf.substr(CalleeBegin, CalleeEnd - CalleeBegin)
                          .contains('<');
    SourceLocation Start = SM.getComposedLoc(FID, CalleeBegin);
    C.edit(Start, 0,
           IsTemplate ? "hipLaunchKernelGGL(HIP_KERNEL_NAME(" : "hipLaunchKernelGGL(");
    auto At = [&](unsigned Off) { return SM.getComposedLoc(FID, Off); };
    // Callee end .. first config arg: ", dim3(".
    C.edit(At(CalleeEnd), unsigned(BeginOf(Cfg[0]) - CalleeEnd),
           IsTemplate ? "), dim3(" : ", dim3(");
    C.edit(At(EndOf(Cfg[0])), BeginOf(Cfg[1]) - EndOf(Cfg[0]), "), dim3(");
    std::string Tail = ")";
    unsigned TailFrom = EndOf(Cfg[1]);
    if (Cfg.size() >= 3) {
      C.edit(At(TailFrom), BeginOf(Cfg[2]) - TailFrom, "), ");
      TailFrom = EndOf(Cfg[2]);
      Tail = "";
    } else {
      Tail += ", 0";
    }
    if (Cfg.size() >= 4) {
      C.edit(At(TailFrom), BeginOf(Cfg[3]) - TailFrom, ", ");
      TailFrom = EndOf(Cfg[3]);
    } else {
      Tail += ", 0";
    }
    bool HasArgs = E->getNumArgs() > 0 &&
                   !isa<CXXDefaultArgExpr>(E->getArg(0));
    // Last config arg .. '(' after '>>>': close the config, open the args.
    C.edit(At(TailFrom), unsigned(LParen + 1 - TailFrom),
           Tail + (HasArgs ? ", " : ""));
  }

  RenameContext &C;
  ASTContext &Ctx;
};

class RenamePPCallbacks : public PPCallbacks {
public:
  RenamePPCallbacks(RenameContext &C, AstFacts &Out) : C(C), Out(Out) {}

  void MacroExpands(const Token &Name, const MacroDefinition &MD,
                    SourceRange, const MacroArgs *) override {
    check(Name, MD);
  }
  void Ifdef(SourceLocation, const Token &Name,
             const MacroDefinition &MD) override {
    check(Name, MD);
  }
  void Ifndef(SourceLocation, const Token &Name,
              const MacroDefinition &MD) override {
    check(Name, MD);
  }
  void Defined(const Token &Name, const MacroDefinition &MD,
               SourceRange) override {
    check(Name, MD);
  }
  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    // A project that defines a CUDA name itself (a compatibility shim) owns it.
    if (IdentifierInfo *II = Name.getIdentifierInfo()) {
      std::string File = C.ownedFile(Name.getLocation());
      if (!File.empty()) {
        UserMacros.insert(II->getName().str());
        Out.DeclaredIn[File].insert(II->getName().str());
      }
    }
  }
  void EndOfMainFile() override {
    for (const std::string &M : UserMacros)
      Out.UserDeclared.insert(M);
  }

private:
  void check(const Token &Name, const MacroDefinition &MD) {
    IdentifierInfo *II = Name.getIdentifierInfo();
    if (!II)
      return;
    if (const MacroInfo *MI = MD.getMacroInfo())
      if (!C.ownedFile(MI->getDefinitionLoc()).empty())
        return;
    C.rename(Name.getLocation(), II->getName(), false);
  }
  RenameContext &C;
  AstFacts &Out;
  std::set<std::string> UserMacros;
};

class RenameConsumer : public ASTConsumer {
public:
  explicit RenameConsumer(RenameContext &C) : C(C) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    RenameVisitor V(C, Ctx);
    V.TraverseDecl(Ctx.getTranslationUnitDecl());
    if (C.opts().LaunchesOnly)
      return;
    guardVectorOperators(Ctx, C);
    castTypedPointerArgs(Ctx, C);
    padVectorBraceInits(Ctx, C);
    fixCalls(Ctx, C);
    collapseOverloads(Ctx, C);
    fixMembers(Ctx, C);
  }

private:
  RenameContext &C;
};

class RenameAction : public ASTFrontendAction {
public:
  RenameAction(const project::Project &P, const rules::RuleSet &Rules,
               const PortOptions &Opts, AstFacts &Out)
      : Ctx(P, Rules, Opts, Out), Out(Out) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    Ctx.setSourceManager(CI.getSourceManager());
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<RenamePPCallbacks>(Ctx, Out));
    return std::make_unique<RenameConsumer>(Ctx);
  }

private:
  RenameContext Ctx;
  AstFacts &Out;
};

} // namespace

std::unique_ptr<FrontendAction>
makeAstRenameAction(const project::Project &P, const rules::RuleSet &Rules,
                    const PortOptions &Opts, AstFacts &Out) {
  return std::make_unique<RenameAction>(P, Rules, Opts, Out);
}

} // namespace hipport::port
