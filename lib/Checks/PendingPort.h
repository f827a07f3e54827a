//===- PendingPort.h - CUDA code the build skips and a port enables -*- C++
//-*-===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>
#include <utility>
#include <vector>

namespace hipport::checks {

/// A `#if` group that the build lint judged skipped, in a file that names no
/// HIP or AMD macro, opened by the project's own CUDA switch (`#if
/// defined(HYPRE_USING_CUDA)`, `#ifdef USE_CUDA`; not the toolkit's
/// `__CUDA_ARCH__` or `CUDA_VERSION`) and closed without an `#else`: CUDA
/// code with no HIP branch yet, which the port will enable for HIP (the
/// switch becomes `..._USING_GPU`). Lint reads it with Switch defined.
struct PendingRegion {
  unsigned Begin = 0; ///< the `#` of its `#if`
  unsigned End = 0;   ///< the `#` of its `#endif`
  std::string Switch;
};

/// The pending regions of Text among the byte ranges the preprocessor
/// skipped in it (Skipped: each from its `#if` on).
std::vector<PendingRegion>
pendingPortRegions(llvm::StringRef Text,
                   const std::vector<std::pair<unsigned, unsigned>> &Skipped);

/// The region of Regions that holds Offset, or null.
const PendingRegion *regionAt(const std::vector<PendingRegion> &Regions,
                              unsigned Offset);

/// Message, telling that the finding lies in code the build skipped.
std::string inPendingRegion(llvm::StringRef Message, const PendingRegion &R);

} // namespace hipport::checks
