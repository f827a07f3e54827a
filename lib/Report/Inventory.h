//===- Inventory.h - kernels and CUDA API use, from the AST ----*- C++ -*-===//
#pragma once

#include "Frontend/Frontend.h"
#include "Project/Project.h"
#include "Report/ReportModel.h"
#include "Rules/RuleSet.h"

#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace hipport::report {

/// One spelled use of a rule-table name, in an absolute path.
struct NameUse {
  std::string File;
  unsigned Offset = 0;
  unsigned Line = 0;
  std::string Name;
  auto operator<=>(const NameUse &) const = default;
};

/// A launch (or other reference) of a kernel, resolved later by key or name.
struct LaunchRef {
  std::string KernelKey; ///< "file:offset" of the kernel definition, if known
  std::string KernelName;
  Location Site; ///< absolute path
};

/// What one translation unit contributed; Kernel locations hold absolute paths.
struct TUInventory {
  std::map<std::string, Kernel> Kernels; ///< by key "file:offset"
  std::set<NameUse> Uses;
  std::vector<LaunchRef> Launches;
  std::set<std::string> SeenFiles; ///< project files the parse entered
};

/// Collects kernels, their features and CUDA name uses during one clang
/// parse per TU. Kernels are counted once, by primary template, however
/// many TUs include them; the walk descends into the __device__ functions
/// a kernel calls, so a shuffle hidden in a helper still marks the kernel.
class InventoryCollector {
public:
  InventoryCollector(const project::Project &P, const rules::RuleSet &Rules);

  frontend::ActionFactory factory();
  /// The inventory's consumer for one TU, to ride on another parse
  /// (checks::LintOptions::AlsoConsume).
  frontend::ConsumerFactory consumerFactory();
  /// Per TU (absolute path), filled by parses that ran.
  const std::map<std::string, TUInventory> &results() const { return PerTU; }

  /// Adds one TU's results (called from the parse threads).
  void add(const std::string &TU, TUInventory Inv);

  const project::Project &project() const { return P; }
  const rules::RuleSet &rules() const { return Rules; }

private:
  const project::Project &P;
  const rules::RuleSet &Rules;
  std::mutex Lock;
  std::map<std::string, TUInventory> PerTU;
};

/// Classifies a called name; shared by the AST walk and the text scan so
/// both see the same features.
bool isWarpIntrinsic(llvm::StringRef Name);
bool isAtomic(llvm::StringRef Name);
bool isTensorCore(llvm::StringRef QualifiedName);

} // namespace hipport::report
