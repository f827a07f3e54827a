//===- PortTypes.h - options and results of `hipport port` -----*- C++ -*-===//
#pragma once

#include "Core/Finding.h"
#include "Port/EditSet.h"
#include "Rules/RuleSet.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace hipport::port {

enum class LaunchSyntax { Chevron, HipLaunchKernelGGL };

struct PortOptions {
  rules::TargetOptions Target;
  LaunchSyntax Launch = LaunchSyntax::Chevron;
  bool RenameExtensions = false; ///< .cu -> .hip, .cuh -> .hip.h? no: .cuh kept
  unsigned Jobs = 1;
};

/// What one file's port did, for --stats.
struct FileStats {
  std::map<std::string, unsigned> Converted; ///< by rule family
  std::map<std::string, unsigned> Left;      ///< unsupported names left, by family
  unsigned LinesChanged = 0;
  unsigned AstEdits = 0, TokenEdits = 0;
};

/// Facts the AST pass learns about the project, shared with the token pass.
struct AstFacts {
  /// Edits the AST pass proposes, per absolute file path.
  std::map<std::string, std::vector<Edit>> Edits;
  /// Names that the project itself declares: never renamed.
  std::set<std::string> UserDeclared;
  std::vector<core::Finding> Findings;
};

} // namespace hipport::port
