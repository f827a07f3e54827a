//===- Libraries.h - CUDA libraries and their ROCm counterparts -*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <vector>

namespace hipport::report {

/// A CUDA library the report recognises, by its headers and by the rule
/// family of its API, and what replaces it on ROCm.
struct LibraryInfo {
  const char *Id;
  const char *Name;
  const char *Rocm;
  /// How far the ROCm side is from a drop-in: what a lead must budget for.
  const char *Maturity;
  /// True when a HIP library of the same shape exists (renames plus build
  /// changes); false when the code must be rewritten against another API.
  bool Mapped;
  std::vector<const char *> HeaderPrefixes;
  std::vector<const char *> Families;
};

const std::vector<LibraryInfo> &libraries();
/// The library an #include path belongs to, or null.
const LibraryInfo *libraryForHeader(llvm::StringRef Include);
/// The library a rule family belongs to, or null (the CUDA runtime, driver
/// and device families are the language, not a library).
const LibraryInfo *libraryForFamily(llvm::StringRef Family);

} // namespace hipport::report
