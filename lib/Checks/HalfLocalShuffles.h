//===- HalfLocalShuffles.h - shuffles that stay in a 32-lane half -*- C++ -*-===//
#pragma once

namespace clang {
class ASTContext;
class CallExpr;
class Stmt;
} // namespace clang

namespace hipport::checks {

/// True when Shuffle, a shuffle intrinsic written without a width, reads for
/// every lane whose result Body uses a source lane in that lane's own
/// 32-lane half of a 64-lane wavefront, so it gives at width 64 what it
/// gives at width 32 (shared/WAVE64.md, "still correct at wave64"):
/// - `__shfl_xor(v, m)` with m below 32, a constant or a loop counter whose
///   every value is (`lane ^ m` keeps bit 5);
/// - `__shfl_up(v, d)` whose result is read only under `lane >= d`, and
///   `__shfl_down(v, d)` only under `lane + d < 32`, where lane is a lane
///   index by 32 (`tid % 32`, `tid & 31`) and d is below 32.
/// Body is the function body around Shuffle.
bool readsWithinHalf(const clang::CallExpr *Shuffle, const clang::Stmt *Body,
                     const clang::ASTContext &Ctx);

} // namespace hipport::checks
