//===- Compare.h - seeded inputs and output comparison ---------*- C++ -*-===//
#pragma once

#include "Validate/KernelSpec.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hipport::validate {

/// Writes Dir/<param>.bin for every buffer of S: seeded random data per
/// element type (the same bytes on every machine: SplitMix64, no library
/// generator), zeros, iota, or a copy of the given file. Every backend then
/// reads the same inputs.
llvm::Error writeInputs(const KernelSpec &S, const std::string &Dir);

struct Mismatch {
  uint64_t Index = 0;
  std::string Expected, Actual;
};

/// One output buffer, reference against target.
struct BufferResult {
  std::string Name;
  uint64_t Count = 0, Mismatches = 0;
  /// Largest absolute difference (floats and integers; 0 for raw bytes).
  double MaxError = 0;
  std::vector<Mismatch> First; ///< the first few, in index order
  std::string Problem;         ///< a file missing or of the wrong size
  bool passed() const { return Problem.empty() && Mismatches == 0; }
};

/// Integers and raw bytes must match exactly. A floating-point element
/// passes when it is within Tol.Abs, within Tol.Rel of the reference, or
/// within Tol.Ulp units in the last place; NaN matches NaN.
BufferResult compareBuffer(const Param &P, llvm::StringRef Expected,
                           llvm::StringRef Actual, unsigned Keep = 5);

/// The ULP distance of two floats of the same width.
uint64_t ulpDistance(double A, double B, bool Single);

} // namespace hipport::validate
