//===- FixApplier.h - apply the fix-its of lint findings -------*- C++ -*-===//
#pragma once

#include "Core/Finding.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hipport::validate {

struct FixSummary {
  unsigned Applied = 0;
  /// Fix-its left out because they overlap one already taken; each says
  /// file, offset and check.
  std::vector<std::string> Skipped;
  std::vector<std::string> FilesChanged;
};

/// Applies every fix-it of Findings to its file, in place (atomically, with
/// a FILE.orig backup when Backup). Of overlapping fix-its the one that
/// starts first is applied and the others are skipped, not merged, so the
/// result is always made of offered edits. Identical fix-its offered twice
/// (a header seen from two TUs) count once.
llvm::Expected<FixSummary> applyFixes(const std::vector<core::Finding> &Findings,
                                      bool Backup);

/// The same on text in memory: Text with the fix-its for File applied.
std::string applyFixesToText(const std::string &Text,
                             std::vector<core::FixIt> Fixes,
                             std::vector<std::string> *Skipped = nullptr);

} // namespace hipport::validate
