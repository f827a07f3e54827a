//===- Libraries.h - CUDA libraries and their ROCm counterparts -*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hipport::report {

/// A CUDA library the report recognises, by its headers and by the rule
/// family of its API, and what replaces it on ROCm. The data is the
/// `library` block of each rules/*.json family (rules::Library), not here.
struct LibraryInfo {
  std::string Id;
  std::string Name;
  std::string Rocm;
  /// How far the ROCm side is from a drop-in: what a lead must budget for.
  std::string Maturity;
  /// True when a HIP library of the same shape exists (renames plus build
  /// changes); false when the code must be rewritten against another API.
  bool Mapped = true;
  std::vector<std::string> HeaderPrefixes;
  std::vector<std::string> Families;
};

/// The libraries of the built-in rule families (language families such as
/// the runtime left out), loaded once. A broken table is reported on stderr
/// once and its library is then missing.
const std::vector<LibraryInfo> &libraries();
/// The library an #include path belongs to, or null.
const LibraryInfo *libraryForHeader(llvm::StringRef Include);
/// The library a rule family belongs to, or null (the CUDA runtime, driver
/// and device families are the language, not a library).
const LibraryInfo *libraryForFamily(llvm::StringRef Family);

} // namespace hipport::report
