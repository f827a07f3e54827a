//===- Command.h - verbs of the hipport CLI register here ------*- C++ -*-===//
#pragma once

#include "Rules/RuleSet.h"

#include "llvm/Support/CommandLine.h"

#include <string>
#include <vector>

namespace hipport::cli {

/// A verb: its llvm::cl subcommand and what runs when it is chosen.
/// Run returns the process exit code (0 clean, 1 findings, 2 usage/input error).
struct Command {
  llvm::cl::SubCommand *Sub;
  int (*Run)();
  /// The shared options (by name: "rocm-version", "rules", "blas",
  /// "rules-dir", "cache-dir", "docs-base-uri") this verb honours; the
  /// others are not accepted by it.
  std::vector<std::string> SharedOptions;
};

std::vector<Command> &commands();

/// Static registration, one per verb file.
struct RegisterCommand {
  RegisterCommand(llvm::cl::SubCommand &Sub, int (*Run)(),
                  std::vector<std::string> SharedOptions) {
    commands().push_back({&Sub, Run, std::move(SharedOptions)});
  }
};

/// Options every verb shares.
extern llvm::cl::opt<std::string> RocmVersionOpt;
extern llvm::cl::list<std::string> UserRulesOpt;
extern llvm::cl::opt<std::string> BlasOpt;
/// Arguments after a bare "--", passed to clang.
extern std::vector<std::string> ExtraClangArgs;

/// Loads built-in and --rules tables; prints errors and returns false on failure.
bool loadRules(rules::RuleSet &Out);
/// The target from --rocm-version and --blas; false (after an error) if invalid.
bool targetOptions(const rules::RuleSet &RS, rules::TargetOptions &Out);

/// Prints "hipport: error: Msg" to stderr.
void error(const llvm::Twine &Msg);
void warning(const llvm::Twine &Msg);

} // namespace hipport::cli
