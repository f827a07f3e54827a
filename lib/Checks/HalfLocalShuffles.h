//===- HalfLocalShuffles.h - shuffles within a 32-lane half -----*- C++ -*-===//
#pragma once

namespace clang {
class ASTContext;
class CallExpr;
class Stmt;
} // namespace clang

namespace hipport::checks {

/// How a shuffle intrinsic written without a width keeps, for every lane
/// whose result the code uses, its source lane in that lane's own 32-lane
/// half of a 64-lane wavefront, so it gives at width 64 what it gives at
/// width 32 (shared/WAVE64.md, "still correct at wave64").
enum class HalfRead {
  None,
  /// `__shfl_xor(v, m)` with m below 32, a constant or a loop counter whose
  /// every value is: `lane ^ m` keeps bit 5.
  Mask,
  /// `__shfl_up(v, d)` whose result is read only under `lane >= d`, or
  /// `__shfl_down(v, d)` only under `lane + d < 32`, lane being a lane index
  /// by 32 (`tid % 32`, `tid & 31`) and d below 32: the guard itself shows
  /// that the code works in 32-lane groups.
  Guarded,
};

/// How Shuffle reads within its half; Body is the function body around it.
HalfRead halfRead(const clang::CallExpr *Shuffle, const clang::Stmt *Body,
                  const clang::ASTContext &Ctx);

} // namespace hipport::checks
