//===- main.cpp - hipport command line entry point ------------------------===//
#include "Command.h"

#include "Core/Version.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstring>
#include <memory>

using namespace llvm;

namespace hipport::cli {

std::vector<Command> &commands() {
  static std::vector<Command> Commands;
  return Commands;
}

cl::opt<std::string>
    RocmVersionOpt("rocm-version",
                   cl::desc("Target ROCm release X.Y (default: the newest "
                            "release the rules know)"));
cl::list<std::string> UserRulesOpt("rules",
                                   cl::desc("Additional rule table (JSON)"));
cl::opt<std::string> BlasOpt("blas",
                             cl::desc("BLAS target: hipblas (default) or rocblas"),
                             cl::init("hipblas"));
cl::opt<std::string> RulesDirOpt(
    "rules-dir",
    cl::desc("hipport's built-in rule tables (default: $HIPPORT_RULES_DIR, "
             "else ../share/hipport/rules beside the binary)"));
cl::opt<std::string> CacheDirOpt(
    "cache-dir",
    cl::desc("Where the precompiled CUDA prelude is kept (default: "
             "$HIPPORT_CACHE_DIR, else $XDG_CACHE_HOME/hipport; 'off' disables)"));
cl::opt<std::string> DocsBaseUriOpt(
    "docs-base-uri",
    cl::desc("Base of the check help links in SARIF (default: "
             "$HIPPORT_DOCS_BASE_URI, else file:// of docs/checks)"));
std::vector<std::string> ExtraClangArgs;

void error(const Twine &Msg) {
  WithColor::error(errs(), "hipport") << Msg << "\n";
}
void warning(const Twine &Msg) {
  WithColor::warning(errs(), "hipport") << Msg << "\n";
}

bool loadRules(rules::RuleSet &Out) {
  auto RS = rules::RuleSet::loadBuiltin(
      std::vector<std::string>(UserRulesOpt.begin(), UserRulesOpt.end()));
  if (!RS) {
    error("invalid rules:\n" + toString(RS.takeError()));
    return false;
  }
  Out = std::move(*RS);
  return true;
}

bool targetOptions(const rules::RuleSet &RS, rules::TargetOptions &Out) {
  if (!RocmVersionOpt.empty()) {
    Out.Rocm = rules::RocmVersion::parse(RocmVersionOpt);
    if (!Out.Rocm) {
      error("--rocm-version: '" + RocmVersionOpt + "' is not a version X.Y");
      return false;
    }
    const std::vector<rules::RocmVersion> &Known = RS.knownReleases();
    if (!std::binary_search(Known.begin(), Known.end(), *Out.Rocm)) {
      std::string List;
      for (const rules::RocmVersion &V : Known)
        List += (List.empty() ? "" : ", ") + V.str();
      error("--rocm-version: ROCm " + Out.Rocm->str() +
            " is not a release the rules know; known: " + List);
      return false;
    }
  }
  if (BlasOpt != "hipblas" && BlasOpt != "rocblas") {
    error("--blas: expected hipblas or rocblas, got '" + BlasOpt + "'");
    return false;
  }
  Out.Variants["blas"] = BlasOpt;
  // The default the layers use (RuleSet::newestRocm), named as such.
  std::string Release = Out.Rocm ? Out.Rocm->str()
                                 : RS.newestRocm().str() + " (newest known)";
  // Said once per run, before any output, so a log always shows what a
  // result was computed for.
  errs() << "hipport: target ROCm " << Release << ", BLAS " << BlasOpt << "\n";
  return true;
}

namespace {

/// `-j2`, `-j 2`, `--jobs=2` and `--jobs 2` all mean `-j=2`: llvm::cl would
/// read `-j2` as a group of one-letter flags.
std::vector<std::string> normalizeJobs(const std::vector<std::string> &In) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < In.size(); ++I) {
    llvm::StringRef A = In[I];
    bool Next = I + 1 < In.size();
    if ((A == "-j" || A == "--jobs") && Next)
      Out.push_back("-j=" + In[++I]);
    else if (A.consume_front("--jobs="))
      Out.push_back("-j=" + A.str());
    else if (A.size() > 2 && A.starts_with("-j") && A[2] != '=' &&
             llvm::all_of(A.drop_front(2), llvm::isDigit))
      Out.push_back("-j=" + A.drop_front(2).str());
    else
      Out.push_back(A.str());
  }
  return Out;
}

/// The options several verbs share, by the name verbs register them with.
std::vector<cl::Option *> sharedOptions() {
  // std::addressof: cl::list overloads operator& to give its storage.
  return {&RocmVersionOpt, std::addressof(UserRulesOpt), &BlasOpt,
          &RulesDirOpt,    &CacheDirOpt,                 &DocsBaseUriOpt};
}

/// Each shared option is moved onto exactly the verbs that honour it, so
/// `lint --blas rocblas` is an unknown option instead of silently ignored.
bool restrictSharedOptions() {
  for (cl::Option *O : sharedOptions()) {
    std::vector<cl::SubCommand *> Subs;
    for (const Command &C : commands())
      if (llvm::is_contained(C.SharedOptions, O->ArgStr))
        Subs.push_back(C.Sub);
    O->removeArgument();
    O->Subs.clear();
    for (cl::SubCommand *S : Subs)
      O->addSubCommand(*S);
    if (Subs.empty()) {
      error("internal: no verb takes --" + O->ArgStr);
      return false;
    }
    O->addArgument();
  }
  for (const Command &C : commands())
    for (const std::string &Name : C.SharedOptions)
      if (!llvm::any_of(sharedOptions(),
                        [&](cl::Option *O) { return O->ArgStr == Name; })) {
        error("internal: verb " + C.Sub->getName() + " names no option --" +
              Name);
        return false;
      }
  return true;
}

/// LLVM's own options (polly, targets, ...) are registered on the top level;
/// hipport's are on its verbs, --help and --version on all. Only ours are
/// shown.
void hideLlvmOptions() {
  for (auto &Entry : cl::getRegisteredOptions(cl::SubCommand::getTopLevel())) {
    cl::Option *O = Entry.second;
    if (!O->Subs.count(&cl::SubCommand::getAll()))
      O->setHiddenFlag(cl::ReallyHidden);
  }
}

} // namespace

} // namespace hipport::cli

int main(int Argc, const char **Argv) {
  InitLLVM X(Argc, Argv);
  using namespace hipport::cli;
  // Everything after a bare "--" belongs to clang, not to us.
  std::vector<std::string> Ours;
  for (int I = 0; I < Argc; ++I) {
    if (std::strcmp(Argv[I], "--") == 0) {
      for (int J = I + 1; J < Argc; ++J)
        ExtraClangArgs.push_back(Argv[J]);
      break;
    }
    Ours.push_back(Argv[I]);
  }
  Ours = normalizeJobs(Ours);
  std::vector<const char *> Args;
  for (const std::string &A : Ours)
    Args.push_back(A.c_str());
  if (!restrictSharedOptions())
    return 2;
  hideLlvmOptions();
  cl::SetVersionPrinter(
      [](raw_ostream &OS) { OS << hipport::core::versionLine() << "\n"; });
  if (!cl::ParseCommandLineOptions(
          int(Args.size()), Args.data(),
          "hipport: port CUDA codebases to HIP, lint them for wave64 and "
          "ROCm pitfalls, estimate and validate the port\n",
          &errs()))
    return 2;
  // One place decides the rules directory (core::rulesDirectory); drivers that
  // validate spawns read the same variable.
  if (!RulesDirOpt.empty())
    ::setenv("HIPPORT_RULES_DIR", RulesDirOpt.c_str(), 1);
  if (!DocsBaseUriOpt.empty())
    ::setenv("HIPPORT_DOCS_BASE_URI", DocsBaseUriOpt.c_str(), 1);
  if (!CacheDirOpt.empty())
    ::setenv("HIPPORT_CACHE_DIR", CacheDirOpt.c_str(), 1);
  for (const Command &C : commands())
    if (*C.Sub)
      return C.Run();
  errs() << "usage: hipport <port|lint|report|validate|rules> [options]; "
            "see hipport --help\n";
  return 2;
}
