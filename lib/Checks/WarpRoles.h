//===- WarpRoles.h - threads split into roles of 32-lane warps -*- C++ -*-===//
#pragma once

#include <cstdint>
#include <vector>

namespace clang {
class BinaryOperator;
class Expr;
class Stmt;
} // namespace clang

namespace hipport::checks {

/// True when E reads threadIdx, directly or through a local initialised
/// from it without arithmetic (`int const t = threadIdx.x;`).
bool isThreadIndex(const clang::Expr *E);

/// The thread count a comparison of the thread index with a literal
/// multiple of 32 splits the block at (`t < 64`, `threadIdx.x >= 96`,
/// `t <= 63`: 64, 96, 64), or 0.
int64_t warpBoundOf(const clang::BinaryOperator *BO);

/// The comparisons a function body splits its threads with into roles of
/// 32-lane warps: `t < 32` (the first warp) and the bounds that continue it
/// one warp at a time (`t < 64`, `t < 96`). Empty unless the body splits at
/// 32 and at 64 at least: one bound at 32 alone is wave64-warp-size-literal's
/// "first warp", and a lone `t < 256` a block-level tile.
std::vector<const clang::BinaryOperator *> warpRoleBounds(const clang::Stmt *Body);

} // namespace hipport::checks
