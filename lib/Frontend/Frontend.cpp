#include "Frontend/Frontend.h"

#include "Core/Progress.h"
#include "Frontend/Preamble.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclGroup.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <mutex>

namespace hipport::frontend {

std::string clangResourceDir() { return HIPPORT_CLANG_RESOURCE_DIR; }

namespace {

/// Records errors with their presumed position; warnings are not ours to show.
class ErrorCollector : public clang::DiagnosticConsumer {
public:
  std::vector<ParseError> Errors;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < clang::DiagnosticsEngine::Error)
      return;
    ParseError E;
    llvm::SmallString<128> Msg;
    Info.FormatDiagnostic(Msg);
    E.Message = std::string(Msg);
    if (Info.getLocation().isValid() && Info.hasSourceManager()) {
      clang::PresumedLoc PL =
          Info.getSourceManager().getPresumedLoc(Info.getLocation());
      if (PL.isValid()) {
        E.File = PL.getFilename();
        E.Line = PL.getLine();
        E.Column = PL.getColumn();
      }
    }
    Errors.push_back(std::move(E));
  }
};

/// Limits every analysis to the declarations written outside system headers:
/// the CUDA headers' thousands of declarations (parsed, or loaded from the
/// precompiled prelude) are never walked, only referred to.
class ProjectScope : public clang::ASTConsumer {
public:
  explicit ProjectScope(clang::CompilerInstance &CI) : CI(CI) {}
  bool HandleTopLevelDecl(clang::DeclGroupRef G) override {
    const clang::SourceManager &SM = CI.getSourceManager();
    for (clang::Decl *D : G)
      if (!SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
        Scope.push_back(D);
    return true;
  }
  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    Ctx.setTraversalScope(Scope);
  }

private:
  clang::CompilerInstance &CI;
  std::vector<clang::Decl *> Scope;
};

class ProjectScopedAction : public clang::WrapperFrontendAction {
public:
  using WrapperFrontendAction::WrapperFrontendAction;

protected:
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef InFile) override {
    std::unique_ptr<clang::ASTConsumer> Inner =
        WrapperFrontendAction::CreateASTConsumer(CI, InFile);
    if (!Inner)
      return nullptr;
    std::vector<std::unique_ptr<clang::ASTConsumer>> Both;
    Both.push_back(std::make_unique<ProjectScope>(CI)); // first: sets the scope
    Both.push_back(std::move(Inner));
    return std::make_unique<clang::MultiplexConsumer>(std::move(Both));
  }
};

class OneShotFactory : public clang::tooling::FrontendActionFactory {
public:
  OneShotFactory(const ActionFactory &F, std::string TU)
      : F(F), TU(std::move(TU)) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<ProjectScopedAction>(F(TU));
  }

private:
  const ActionFactory &F;
  std::string TU;
};

/// True when clang refused the precompiled prelude itself (a header changed
/// under it, another clang wrote it): the TU is then parsed without it.
bool pchRejected(const std::vector<ParseError> &Errors) {
  for (const ParseError &E : Errors)
    if (llvm::StringRef(E.Message).contains("precompiled header") ||
        llvm::StringRef(E.Message).contains("PCH file") ||
        llvm::StringRef(E.Message).contains("AST file"))
      return true;
  return false;
}

TUOutcome parseWith(std::vector<std::string> Args, const std::string &TU,
                    const ActionFactory &Factory, const std::string *Text) {
  Args.insert(Args.begin(), "-resource-dir=" + clangResourceDir());
  Args.push_back("-fno-caret-diagnostics"); // no "N errors generated" on stderr
  clang::tooling::FixedCompilationDatabase Db(".", Args);
  clang::tooling::ClangTool Tool(Db, {TU});
  ErrorCollector Errors;
  Tool.setDiagnosticConsumer(&Errors);
  Tool.setPrintErrorMessage(false); // our findings say it, with position
  if (Text) // the caller's copy, not a second one read from disk
    Tool.mapVirtualFile(TU, *Text);
  OneShotFactory F(Factory, TU);
  int Rc = Tool.run(&F);
  TUOutcome O;
  O.File = TU;
  O.Errors = std::move(Errors.Errors);
  O.Parsed = Rc == 0 && O.Errors.empty();
  if (Rc != 0 && O.Errors.empty())
    O.Errors.push_back({TU, 0, 0, "clang could not process this file"});
  return O;
}

TUOutcome parseOne(const project::Project &P, const std::string &TU,
                   const ActionFactory &Factory, const ParseOptions &Opts) {
  std::vector<std::string> Args = P.clangArgs(TU);
  if (Opts.Adjust)
    Opts.Adjust(TU, Args);
  const std::string *Text = Opts.Contents ? Opts.Contents(TU) : nullptr;
  if (std::optional<std::string> Pch = preambles().pchFor(Args)) {
    std::vector<std::string> WithPch = Args;
    WithPch.push_back("-include-pch");
    WithPch.push_back(*Pch);
    TUOutcome O = parseWith(std::move(WithPch), TU, Factory, Text);
    if (!pchRejected(O.Errors))
      return O;
    preambles().reject(*Pch);
  }
  return parseWith(std::move(Args), TU, Factory, Text);
}

} // namespace

namespace {

/// Args with its language and CUDA toolkit flags replaced by Head, then
/// Defines and the runtime header.
void toHipPass(std::vector<std::string> &Args, std::vector<std::string> Head,
               const std::vector<std::string> &Defines,
               const std::string &RuntimeHeader) {
  std::vector<std::string> Out = std::move(Head);
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A == "-x" && I + 1 < Args.size()) {
      ++I;
      continue;
    }
    // The CUDA toolkit's headers and flags have no place in a HIP pass.
    if (A.starts_with("--cuda-path=") || A == "--cuda-host-only" ||
        A == "--cuda-device-only" || A.starts_with("--offload-arch=") ||
        A == "-nocudalib" || A == "-nogpulib" ||
        A == "-Wno-unknown-cuda-version" ||
        (A.starts_with("-I") && A.ends_with("/include/cccl")))
      continue;
    Out.push_back(A.str());
  }
  Out.insert(Out.end(), Defines.begin(), Defines.end());
  if (!RuntimeHeader.empty()) {
    Out.push_back("-include");
    Out.push_back(RuntimeHeader);
  }
  Args = std::move(Out);
}

} // namespace

void toHipDevicePass(std::vector<std::string> &Args, const std::string &Arch,
                     const std::vector<std::string> &Defines,
                     const std::string &RuntimeHeader) {
  toHipPass(Args,
            {"-x", "hip", "--cuda-device-only", "--offload-arch=" + Arch,
             "-nogpulib"},
            Defines, RuntimeHeader);
}

void toHipHostPass(std::vector<std::string> &Args,
                   const std::vector<std::string> &Defines,
                   const std::string &RuntimeHeader) {
  toHipPass(Args, {"-x", "hip", "--cuda-host-only", "-nogpulib"}, Defines,
            RuntimeHeader);
}

std::vector<TUOutcome> parseAll(const project::Project &P,
                                const std::vector<std::string> &TUs,
                                const ActionFactory &Factory,
                                const ParseOptions &Opts) {
  std::vector<TUOutcome> Out(TUs.size());
  core::Progress Prog(Opts.Verb, unsigned(TUs.size()));
  auto Work = [&](size_t I) {
    Prog.start(TUs[I]);
    Out[I] = parseOne(P, TUs[I], Factory, Opts);
    Prog.finish();
  };
  if (Opts.Jobs <= 1 || TUs.size() <= 1) {
    for (size_t I = 0; I < TUs.size(); ++I)
      Work(I);
    return Out;
  }
  llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Opts.Jobs));
  for (size_t I = 0; I < TUs.size(); ++I)
    Pool.async([&, I] { Work(I); });
  Pool.wait();
  return Out;
}

} // namespace hipport::frontend
