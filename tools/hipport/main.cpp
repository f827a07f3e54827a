//===- main.cpp - hipport command line entry point ------------------------===//
#include "Command.h"

#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace llvm;

namespace hipport::cli {

std::vector<Command> &commands() {
  static std::vector<Command> Commands;
  return Commands;
}

cl::opt<std::string>
    RocmVersionOpt("rocm-version",
                   cl::desc("Target ROCm release X.Y (default: the newest "
                            "release the rules know)"),
                   cl::sub(cl::SubCommand::getAll()));
cl::list<std::string> UserRulesOpt("rules",
                                   cl::desc("Additional rule table (JSON)"),
                                   cl::sub(cl::SubCommand::getAll()));
cl::opt<std::string> BlasOpt("blas",
                             cl::desc("BLAS target: hipblas (default) or rocblas"),
                             cl::init("hipblas"),
                             cl::sub(cl::SubCommand::getAll()));
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
  }
  if (BlasOpt != "hipblas" && BlasOpt != "rocblas") {
    error("--blas: expected hipblas or rocblas, got '" + BlasOpt + "'");
    return false;
  }
  Out.Variants["blas"] = BlasOpt;
  return true;
}

} // namespace hipport::cli

int main(int Argc, const char **Argv) {
  InitLLVM X(Argc, Argv);
  using namespace hipport::cli;
  // Everything after a bare "--" belongs to clang, not to us.
  std::vector<const char *> Args;
  for (int I = 0; I < Argc; ++I) {
    if (std::strcmp(Argv[I], "--") == 0) {
      for (int J = I + 1; J < Argc; ++J)
        ExtraClangArgs.push_back(Argv[J]);
      break;
    }
    Args.push_back(Argv[I]);
  }
  if (!cl::ParseCommandLineOptions(
          int(Args.size()), Args.data(),
          "hipport: port CUDA codebases to HIP, lint them for wave64 and "
          "ROCm pitfalls, estimate and validate the port\n",
          &errs()))
    return 2;
  for (const Command &C : commands())
    if (*C.Sub)
      return C.Run();
  errs() << "usage: hipport <port|lint|report|validate|rules> [options]; "
            "see hipport --help\n";
  return 2;
}
