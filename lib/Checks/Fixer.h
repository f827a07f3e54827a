//===- Fixer.h - apply the fix-its of lint findings ------------*- C++ -*-===//
#pragma once

#include "Core/Finding.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

namespace hipport::checks {

/// Fix-it text for host code that needs the device's warp width where it
/// hard-coded 32 (launch sizes, a kernel's width argument): an immediately
/// called lambda that asks the current device, spelled with the API the TU
/// declares (HIP, else CUDA), so host and kernel agree at either width.
/// None when the TU declares neither API.
std::optional<std::string> deviceWarpWidthQuery(clang::ASTContext &C);

/// What applying the fix-its of a set of findings did.
struct FixOutcome {
  /// Per file (absolute path, sorted): the fix-its applied.
  std::vector<std::pair<std::string, unsigned>> Applied;
  /// Findings whose fix-its overlap a fix-it accepted earlier (in file and
  /// offset order), or whose text no longer matches the file: not applied.
  std::vector<const core::Finding *> Conflicts;
};

/// Applies the fix-its of Findings for which Select(checkId) is true, one
/// finding at a time as a unit: a finding whose fix-its overlap a fix-it
/// already accepted is refused whole and reported in Conflicts. Identical
/// fix-its of several findings (one declaration, two narrowed ballots) are
/// applied once. Each file is rewritten atomically through core::FileWriter
/// rooted at its directory; files with nothing to apply are not touched.
/// Findings carry no fix-its inside macro expansions, and none exist in
/// system headers, so neither is ever edited.
llvm::Expected<FixOutcome>
applyFixes(const std::vector<core::Finding> &Findings,
           llvm::function_ref<bool(llvm::StringRef CheckId)> Select);

/// Applies Fixes (sorted by offset, non-overlapping) to Text.
std::string applyToText(const std::string &Text,
                        const std::vector<core::FixIt> &Fixes);

} // namespace hipport::checks
