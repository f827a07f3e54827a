//===- Linter.h - run the lint checks over a project -----------*- C++ -*-===//
#pragma once

#include "Checks/CheckRegistry.h"
#include "Checks/LintConfig.h"
#include "Core/Finding.h"
#include "Core/FindingStore.h"
#include "Frontend/Frontend.h"
#include "Project/Project.h"

#include "llvm/Support/Error.h"

#include <vector>

namespace hipport::checks {

struct LintOptions {
  unsigned Jobs = 1;
  /// This run covers shard Shard (0-based) of Shards.
  unsigned Shard = 0, Shards = 1;
  /// Another analysis to run on the same parse of each TU (report's
  /// inventory): one clang parse serves both.
  frontend::ConsumerFactory AlsoConsume;
  /// Rule tables and target ROCm for checks that ask what HIP has there
  /// (null: the built-in tables).
  std::shared_ptr<const rules::RuleSet> Rules;
  rules::TargetOptions Target;
};

struct LintResult {
  /// Sorted by file and offset, duplicates (headers seen from several TUs)
  /// and suppressed findings removed, severities as configured; packed,
  /// unpacked one at a time as they are read (#17).
  core::FindingStore Findings;
  std::vector<frontend::TUOutcome> Outcomes;
  unsigned TranslationUnits = 0, BuildFiles = 0, Suppressed = 0;
};

/// True when the file with this root-relative path belongs to shard K of N.
/// A hash of the path, not its position in a list, so adding a file moves
/// no other file to another shard.
bool inShard(llvm::StringRef Relative, unsigned K, unsigned N);

/// The root-relative path of a project file (the path itself otherwise).
std::string relativePath(const project::Project &P, const std::string &File);

/// Parses every translation unit of the shard, runs the enabled checks on
/// its AST, scans the shard's build files, and applies suppressions.
/// Fails only when the checks cannot be set up (the PTX table is invalid).
llvm::Expected<LintResult> lint(const project::Project &P,
                                const LintConfig &Config,
                                const LintOptions &Opts);

} // namespace hipport::checks
