#include "Frontend/Frontend.h"

#include "Core/Memory.h"
#include "Core/Progress.h"
#include "Frontend/Preamble.h"
#include "Frontend/Recovery.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclGroup.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <deque>
#include <fstream>
#include <mutex>

namespace hipport::frontend {

std::string clangResourceDir() { return HIPPORT_CLANG_RESOURCE_DIR; }

namespace {

class ErrorCollector;
/// The collector of the parse this thread runs (one at a time per thread).
thread_local ErrorCollector *CurrentCollector = nullptr;

/// Records errors with their presumed position; warnings are not ours to show.
class ErrorCollector : public clang::DiagnosticConsumer {
public:
  std::vector<ParseError> Errors;
  std::vector<clang::SourceLocation> Locations; ///< expansion locations
  void BeginSourceFile(const clang::LangOptions &LO,
                       const clang::Preprocessor *PP) override {
    Lang = &LO;
    DiagnosticConsumer::BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override {
    Lang = nullptr;
    DiagnosticConsumer::EndSourceFile();
  }
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
      Locations.push_back(
          Info.getSourceManager().getExpansionLoc(Info.getLocation()));
      clang::PresumedLoc PL =
          Info.getSourceManager().getPresumedLoc(Info.getLocation());
      if (PL.isValid()) {
        E.File = PL.getFilename();
        E.Line = PL.getLine();
        E.Column = PL.getColumn();
      }
      E.Next = tokensAfter(Info.getSourceManager(), Info.getLocation());
    }
    Errors.push_back(std::move(E));
  }

private:
  /// Up to a dozen raw tokens after the one at Loc, where it is written.
  std::vector<std::string> tokensAfter(const clang::SourceManager &SM,
                                       clang::SourceLocation Loc) {
    std::vector<std::string> Out;
    if (!Lang)
      return Out;
    clang::SourceLocation Sp = SM.getSpellingLoc(Loc);
    auto [FID, Off] = SM.getDecomposedLoc(Sp);
    bool Invalid = false;
    llvm::StringRef Buf = SM.getBufferData(FID, &Invalid);
    if (Invalid || Off >= Buf.size())
      return Out;
    clang::Lexer L(SM.getLocForStartOfFile(FID), *Lang, Buf.begin(),
                   Buf.begin() + Off, Buf.end());
    clang::Token T;
    L.LexFromRawLexer(T); // the token the error is at
    while (Out.size() < 12 && !L.LexFromRawLexer(T) && T.isNot(clang::tok::eof))
      Out.push_back(std::string(SM.getCharacterData(T.getLocation()), T.getLength()));
    return Out;
  }
  const clang::LangOptions *Lang = nullptr;
};

/// HIPPORT_RECOVERY_TRACE=<file>: one JSON line per TU and pass, with the
/// function definitions of project files the final parse has (bench only:
/// bench/wave64-real/misses.py).
class FunctionTrace : public clang::ASTConsumer,
                      public clang::RecursiveASTVisitor<FunctionTrace> {
public:
  FunctionTrace(clang::CompilerInstance &CI, std::vector<std::string> &Out)
      : CI(CI), Out(Out) {}
  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    Out.clear();
    const clang::SourceManager &SM = CI.getSourceManager();
    for (clang::Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (!SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
        TraverseDecl(D);
  }
  bool VisitFunctionDecl(clang::FunctionDecl *F) {
    if (!F->doesThisDeclarationHaveABody() || !F->getBody())
      return true;
    const clang::SourceManager &SM = CI.getSourceManager();
    clang::PresumedLoc B = SM.getPresumedLoc(SM.getExpansionLoc(F->getBeginLoc()));
    clang::PresumedLoc E = SM.getPresumedLoc(SM.getExpansionLoc(F->getEndLoc()));
    if (B.isValid() && E.isValid())
      Out.push_back(std::string(B.getFilename()) + ":" + std::to_string(B.getLine()) +
                    "-" + std::to_string(E.getLine()));
    return true;
  }
  bool shouldVisitTemplateInstantiations() const { return false; }

private:
  clang::CompilerInstance &CI;
  std::vector<std::string> &Out;
};

const char *traceFile() {
  const char *T = std::getenv("HIPPORT_RECOVERY_TRACE");
  return T && *T ? T : nullptr;
}

void trace(const TUOutcome &O, const std::string &Verb,
           const std::vector<std::string> &Functions) {
  static std::mutex Lock;
  std::lock_guard<std::mutex> G(Lock);
  std::ofstream Out(traceFile(), std::ios::app);
  nlohmann::json Left = nlohmann::json::array();
  for (const ParseError &E : O.RecoveredErrors)
    if (Left.size() < 20)
      Left.push_back(E.File + ":" + std::to_string(E.Line) + ": " + E.Message);
  Out << nlohmann::json({{"tu", O.File},
                         {"verb", Verb},
                         {"parsed", O.Parsed},
                         {"recovered", O.Recovered},
                         {"errors", O.Errors.size()},
                         {"errors_left", O.RecoveredErrors.size()},
                         {"parses", O.RecoveryParses},
                         {"headers", O.StubbedHeaders},
                         {"stubs", O.StubbedNames},
                         {"left", Left},
                         {"functions", Functions}})
             .dump()
      << "\n";
}

/// With SkipFunctionBodies on, the parser asks before each body: a
/// system header's bodies are never walked, so they need not be parsed
/// (Sema still parses constexpr and auto-returning ones, whose bodies
/// types depend on). MultiplexConsumer skips only when every consumer
/// agrees, so this one's "no" keeps every project body.
class SystemBodySkipper : public clang::ASTConsumer {
public:
  explicit SystemBodySkipper(clang::CompilerInstance &CI) : CI(CI) {}
  bool shouldSkipFunctionBody(clang::Decl *D) override {
    const clang::SourceManager &SM = CI.getSourceManager();
    return SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
  }

protected:
  clang::CompilerInstance &CI;
};

/// Limits every analysis to the declarations written outside system headers:
/// the CUDA headers' thousands of declarations (parsed, or loaded from the
/// precompiled prelude) are never walked, only referred to.
class ProjectScope : public SystemBodySkipper {
public:
  explicit ProjectScope(clang::CompilerInstance &CI) : SystemBodySkipper(CI) {}
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
  std::vector<clang::Decl *> Scope;
};

} // namespace

/// HIPPORT_SKIP_SYSTEM_BODIES=off parses every body (to compare outputs).
bool skipSystemBodies() {
  static const bool On = [] {
    const char *V = std::getenv("HIPPORT_SKIP_SYSTEM_BODIES");
    return !V || llvm::StringRef(V) != "off";
  }();
  return On;
}

std::vector<clang::SourceLocation>
errorLocations(const clang::DiagnosticsEngine &Diags) {
  if (!CurrentCollector || Diags.getClient() != CurrentCollector)
    return {};
  return CurrentCollector->Locations;
}

std::unique_ptr<clang::ASTConsumer>
withSystemBodiesSkipped(clang::CompilerInstance &CI,
                        std::unique_ptr<clang::ASTConsumer> Inner) {
  if (!Inner || !skipSystemBodies())
    return Inner;
  CI.getFrontendOpts().SkipFunctionBodies = true; // read by ParseAST
  std::vector<std::unique_ptr<clang::ASTConsumer>> Both;
  Both.push_back(std::make_unique<SystemBodySkipper>(CI));
  Both.push_back(std::move(Inner));
  return std::make_unique<clang::MultiplexConsumer>(std::move(Both));
}

namespace {

class ProjectScopedAction : public clang::WrapperFrontendAction {
public:
  ProjectScopedAction(std::unique_ptr<clang::FrontendAction> Inner,
                      std::vector<std::string> *Functions)
      : WrapperFrontendAction(std::move(Inner)), Functions(Functions) {}

protected:
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef InFile) override {
    std::unique_ptr<clang::ASTConsumer> Inner =
        WrapperFrontendAction::CreateASTConsumer(CI, InFile);
    if (!Inner)
      return nullptr;
    if (skipSystemBodies())
      CI.getFrontendOpts().SkipFunctionBodies = true; // read by ParseAST
    std::vector<std::unique_ptr<clang::ASTConsumer>> Both;
    Both.push_back(std::make_unique<ProjectScope>(CI)); // first: sets the scope
    Both.push_back(std::move(Inner));
    if (Functions)
      Both.push_back(std::make_unique<FunctionTrace>(CI, *Functions));
    return std::make_unique<clang::MultiplexConsumer>(std::move(Both));
  }

private:
  std::vector<std::string> *Functions;
};

class OneShotFactory : public clang::tooling::FrontendActionFactory {
public:
  OneShotFactory(const ActionFactory &F, std::string TU,
                 std::vector<std::string> *Functions)
      : F(F), TU(std::move(TU)), Functions(Functions) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<ProjectScopedAction>(F(TU), Functions);
  }

private:
  const ActionFactory &F;
  std::string TU;
  std::vector<std::string> *Functions;
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

/// One parse. With Stubs, the recovery's empty headers and prelude are
/// virtual files: an -idirafter folder, searched after every real one, and
/// an -include after the precompiled prelude.
TUOutcome parseWith(std::vector<std::string> Args, const std::string &TU,
                    const ActionFactory &Factory, const RecoveryStubs *Stubs,
                    std::vector<std::string> *Functions,
                    const std::string *Text) {
  Args.insert(Args.begin(), "-resource-dir=" + clangResourceDir());
  Args.push_back("-fno-caret-diagnostics"); // no "N errors generated" on stderr
  if (Stubs)
    Args.insert(Args.end(), {"-idirafter", RecoveryStubs::dir(), "-include",
                             RecoveryStubs::preludePath()});
  clang::tooling::FixedCompilationDatabase Db(".", Args);
  clang::tooling::ClangTool Tool(Db, {TU});
  // The tool keeps references to the paths and contents: they live here.
  std::deque<std::string> Virtual;
  if (Stubs) {
    Virtual.push_back(RecoveryStubs::preludePath());
    Virtual.push_back(Stubs->preludeText());
    Tool.mapVirtualFile(Virtual[0], Virtual[1]);
    for (const std::string &H : Stubs->headers()) {
      Virtual.push_back(llvm::StringRef(H).starts_with("/")
                            ? H
                            : std::string(RecoveryStubs::dir()) + "/" + H);
      Tool.mapVirtualFile(Virtual.back(), "");
    }
  }
  ErrorCollector Errors;
  Tool.setDiagnosticConsumer(&Errors);
  CurrentCollector = &Errors;
  Tool.setPrintErrorMessage(false); // our findings say it, with position
  if (Text) // the caller's copy, not a second one read from disk
    Tool.mapVirtualFile(TU, *Text);
  OneShotFactory F(Factory, TU, Functions);
  int Rc = 1;
  TUOutcome O;
  O.File = TU;
  if (Stubs) {
    // Stubs are guesses, and a guess can lead clang into one of its own
    // crashes: the recovery parse is then abandoned, not the whole run.
    static std::once_flag Enabled;
    std::call_once(Enabled, [] { llvm::CrashRecoveryContext::Enable(); });
    llvm::CrashRecoveryContext CRC;
    O.Crashed = !CRC.RunSafely([&] { Rc = Tool.run(&F); });
  } else {
    Rc = Tool.run(&F);
  }
  CurrentCollector = nullptr;
  O.Errors = std::move(Errors.Errors);
  O.Parsed = Rc == 0 && O.Errors.empty();
  if (Rc != 0 && O.Errors.empty())
    O.Errors.push_back({TU, 0, 0, "clang could not process this file", {}});
  return O;
}

TUOutcome parseOne(const project::Project &P, const std::string &TU,
                   const ActionFactory &Factory, const ParseOptions &Opts) {
  std::vector<std::string> Args = P.clangArgs(TU);
  if (Opts.Adjust)
    Opts.Adjust(TU, Args);
  const std::string *Text = Opts.Contents ? Opts.Contents(TU) : nullptr;
  std::vector<std::string> Functions, *Trace = traceFile() ? &Functions : nullptr;
  std::optional<std::string> Pch = preambles().pchFor(Args, TU);
  auto Parse = [&](const RecoveryStubs *Stubs) {
    if (Pch) {
      std::vector<std::string> WithPch = Args;
      WithPch.push_back("-include-pch");
      WithPch.push_back(*Pch);
      TUOutcome O = parseWith(std::move(WithPch), TU, Factory, Stubs, Trace, Text);
      if (!pchRejected(O.Errors))
        return O;
      preambles().reject(*Pch);
      Pch.reset();
    }
    return parseWith(Args, TU, Factory, Stubs, Trace, Text);
  };
  bool Recover = Opts.Recover && recoveryEnabled();
  TUOutcome O;
  if (Recover && recoveredBefore(TU)) {
    // An earlier pass recovered this TU: its headers are missing here too.
    O = recoverParse(TU, nullptr, [&] { return Parse(nullptr); },
                     [&](const RecoveryStubs &S) { return Parse(&S); });
  } else {
    O = Parse(nullptr);
    if (Recover && !O.Parsed)
      O = recoverParse(TU, &O, [&] { return Parse(nullptr); },
                       [&](const RecoveryStubs &S) { return Parse(&S); });
  }
  if (Trace)
    trace(O, Opts.Verb, Functions);
  core::memoryTrace("parse", TU);
  return O;
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
    // Headers of later ROCm releases, after every real include directory.
    if (const std::string &Compat = hipCompatDir(); !Compat.empty())
      Out.insert(Out.end(), {"-idirafter", Compat});
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
