//===- CheckRegistry.h - the one list of lint checks -----------*- C++ -*-===//
#pragma once

#include "Checks/Check.h"
#include "Checks/PtxTable.h"
#include "Rules/RuleSet.h"

#include <memory>
#include <vector>

namespace hipport::checks {

/// What checks may need beyond the AST: data loaded once per run.
struct CheckOptions {
  std::shared_ptr<const PtxTable> Ptx;
  /// The rule tables and target: what HIP has at the target ROCm release
  /// (null: the built-in tables, newest release).
  std::shared_ptr<const rules::RuleSet> Rules;
  rules::TargetOptions Target;
};

/// A registered check: its description and, for AST checks, a factory.
/// Build-file checks (lib/BuildScan) are listed with a null factory so ids,
/// docs and configuration cover them too.
struct RegisteredCheck {
  const CheckInfo *Info;
  std::unique_ptr<Check> (*Create)(const CheckOptions &);
};

/// Every check, AST checks first, in a fixed order.
const std::vector<RegisteredCheck> &registry();
const CheckInfo *findCheck(llvm::StringRef Id);

} // namespace hipport::checks
