//===- ProjectReport.h - inventory and estimate of a whole tree -*- C++ -*-===//
#pragma once

#include "Checks/LintConfig.h"
#include "Project/Project.h"
#include "Report/CostModel.h"
#include "Report/ReportModel.h"
#include "Rules/RuleSet.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hipport::report {

struct ReportOptions {
  rules::TargetOptions Target;
  unsigned Jobs = 1;
  /// Extra third-party directories (root-relative prefixes or path parts),
  /// on top of the usual names and .gitmodules paths.
  std::vector<std::string> ThirdParty;
  /// Lint configuration (the tree's .hipport.json when it has one).
  checks::LintConfig Lint;
  bool RunLint = true;
  /// How the report was asked for, for its context header.
  std::string CommandLine;
};

/// True when a root-relative path is third-party code: a path component
/// named third_party, thirdparty, 3rdparty, external, extern, vendor or deps,
/// a submodule, or under one of Extra.
bool isThirdParty(llvm::StringRef Relative,
                  const std::vector<std::string> &Extra);

/// Builds the inventory of P (one clang parse per TU for kernels and API
/// use, a text scan for what clang cannot parse, the lint checks for
/// findings and build items, a line scan for operations items) and prices
/// it with M. Problems with the input (an empty tree, no CUDA, parse
/// failures) become notes in the report, never errors.
llvm::Expected<Report> buildReport(const project::Project &P,
                                   const rules::RuleSet &Rules,
                                   const CostModel &M,
                                   const ReportOptions &Opts);

} // namespace hipport::report
