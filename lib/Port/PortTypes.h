//===- PortTypes.h - options and results of `hipport port` -----*- C++ -*-===//
#pragma once

#include "Core/Finding.h"
#include "Port/EditSet.h"
#include "Rules/RuleSet.h"

#include <deque>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace hipport::port {

enum class LaunchSyntax { Chevron, HipLaunchKernelGGL };

struct PortOptions {
  rules::TargetOptions Target;
  LaunchSyntax Launch = LaunchSyntax::Chevron;
  bool RenameExtensions = false; ///< .cu -> .hip; headers keep their names
  unsigned Jobs = 1;
  /// Refuse files that are not UTF-8 instead of porting them byte-wise.
  /// Off by default: legacy Latin-1 bytes (a `\xa9` in a comment) are
  /// common in real trees, clang does not mind them, and the port only
  /// rewrites ASCII identifiers, so every other byte survives unchanged.
  bool StrictUtf8 = false;
  /// The AMD target build files are rewritten for (`--offload-arch=`).
  std::string OffloadArch = "gfx90a";
  /// Rewrite CMake files and Makefiles for hipcc (off: copy them as they are).
  bool RewriteBuildFiles = true;
  /// Rewrite operations files (Dockerfiles, Kubernetes and Helm YAML,
  /// compose files, scripts, dashboards) with rules/ops/operations.json and
  /// report the items it has no mechanical form for.
  bool RewriteOps = false;
  /// Rewrite kernel launches only (needs Launch = HipLaunchKernelGGL): no
  /// renames, header swaps or token pass. `hipport validate` uses it to make
  /// the CUDA original compile as C++ on runtime/hipcpu, semantics unchanged.
  bool LaunchesOnly = false;
  /// Every clang error of system and toolkit headers, one finding each;
  /// default: one summary line per TU (they are not the project's to fix).
  bool VerboseDiagnostics = false;
};

/// What one file's port did, for --stats.
struct FileStats {
  std::map<std::string, unsigned> Converted; ///< by rule family
  std::map<std::string, unsigned> Left;      ///< unsupported names left, by family
  unsigned LinesChanged = 0;
  unsigned AstEdits = 0, TokenEdits = 0;
  bool NonUtf8 = false; ///< ported byte-wise: not valid UTF-8
  /// Fix-ups beyond renaming, by id (`vector-operator-guard`, ...).
  std::map<std::string, unsigned> Rewrites;
};

/// Facts the AST pass learns about the project, shared with the token pass.
struct AstFacts {
  /// Edits the AST pass proposes, per absolute file path: a deque, as it
  /// grows during the parse, where a vector's doubling would hold up to
  /// three times the edits at once (#17).
  std::map<std::string, std::deque<Edit>> Edits;
  /// Names that the project itself declares: never renamed.
  std::set<std::string> UserDeclared;
  /// The project files a TU saw. A name stays in a file only where every TU
  /// that saw the file declares it: a sample's own `typedef ... CUresult;`
  /// (a dynamic-loading shim) must not stop the rename in every other
  /// sample of a tree, nor in the headers they share.
  std::set<std::string> Files;
  /// Names the project declares, by the file holding the declaration: they
  /// stay there whatever other TUs see.
  std::map<std::string, std::set<std::string>> DeclaredIn;
  std::vector<core::Finding> Findings;
  /// Shims (rules/port/name-shims.json files) AST fix-ups need, per file.
  std::map<std::string, std::set<std::string>> Shims;
};

} // namespace hipport::port
