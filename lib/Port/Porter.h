//===- Porter.h - port a whole project: AST pass, token pass, merge -*- C++ -*-===//
#pragma once

#include "Frontend/Frontend.h"
#include "Port/PortTypes.h"
#include "Project/Project.h"

namespace hipport::port {

/// One project file, before and after.
struct PortedFile {
  const project::ProjectFile *Source = nullptr;
  std::string OutRelative; ///< path in the output tree (extension may change)
  std::string Original;
  std::string Ported;
  FileEdits Edits; ///< what made Ported; --diff is built from them
  FileStats Stats;
  bool Changed() const { return Original != Ported; }
};

struct PortResult {
  std::vector<PortedFile> Files; ///< every project file, in path order
  std::vector<core::Finding> Findings;
  std::vector<frontend::TUOutcome> Outcomes;
  bool UsedAst = false; ///< false: no CUDA toolkit, token pass only
  double Seconds = 0;
};

/// Ports every file of P in memory; nothing is written. Fails (with file and
/// position) only for input that cannot be ported at all, such as bytes
/// that are not UTF-8; a TU clang cannot parse gets the token pass and an
/// error finding.
llvm::Expected<PortResult> portProject(const project::Project &P,
                                       const rules::RuleSet &Rules,
                                       const PortOptions &Opts);

/// The output path of a project file relative to the output root.
std::string outputRelativePath(const project::ProjectFile &F,
                               const PortOptions &Opts);

} // namespace hipport::port
