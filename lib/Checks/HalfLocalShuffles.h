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
  /// A step of a reduction tree (`__shfl_down(v, d)` or `__shfl_xor(v, d)`,
  /// d below 32) whose total is read after the tree only by lane 0 of a
  /// 32-lane group (`if (lane == 0) slot[warp] = v`, lane an index by 32):
  /// lane 0 and lane 32 each fold only their own half (leaderRead).
  Leader,
};

/// How Shuffle reads within its half; Body is the function body around it.
HalfRead halfRead(const clang::CallExpr *Shuffle, const clang::Stmt *Body,
                  const clang::ASTContext &Ctx);

/// True when the value of Reduce (a tree step, or a call of a helper that
/// returns a tree's total) accumulates into a local of Body that, after the
/// tree, only lane 0 of each 32-lane group reads (`lane == 0`, lane an index
/// by 32, or `threadIdx.x == 0`). Xor: the tree is a butterfly, whose every
/// lane holds its half's total, so code that only the first 32 threads run
/// (`tid < 32`, `warp == 0`) may read it too.
bool leaderRead(const clang::CallExpr *Reduce, const clang::Stmt *Body,
                const clang::ASTContext &Ctx, bool Xor);

/// True when Shuffle is a step of a reduction tree (`__shfl_down` or
/// `__shfl_xor`, no width, offset below 32) whose total Body only returns
/// (`return v;`): a helper whose callers' reads decide (leaderRead).
bool returnsTree(const clang::CallExpr *Shuffle, const clang::Stmt *Body,
                 const clang::ASTContext &Ctx);

} // namespace hipport::checks
