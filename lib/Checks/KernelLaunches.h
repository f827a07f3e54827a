//===- KernelLaunches.h - the block shape a launch writes -------*- C++ -*-===//
#pragma once

#include "clang/Basic/SourceLocation.h"

#include <cstdint>
#include <optional>
#include <utility>

namespace clang {
class ASTContext;
class Expr;
class SourceManager;
} // namespace clang

namespace hipport::checks {

/// The extents of a launch's block as written: `32`, `dim3(32)`,
/// `dim3(32, 8)`, through parens, macro arguments (`hipLaunchKernelGGL(k,
/// g, dim3(32), ...)`) and local `dim3` variables (`dim3 block(32, 8);
/// k<<<g, block>>>`). An extent written as a literal 1 is left out.
struct BlockExtents {
  const clang::Expr *X = nullptr; ///< null for `dim3()`
  const clang::Expr *Y = nullptr; ///< null for a 1-D block
  const clang::Expr *Z = nullptr;
};

BlockExtents blockExtents(const clang::Expr *Block, unsigned Depth = 0);

/// A literal extent written in a project file, with where it is written:
/// the literal itself, or the macro argument that spells it; not a macro's
/// body.
std::optional<std::pair<clang::SourceLocation, int64_t>>
literalExtent(const clang::Expr *E, const clang::SourceManager &SM);

/// True when Block is one row of 32 threads (`32`, `dim3(32)`,
/// `dim3(32, 1, 1)`, a constant 32): a block that fills half of a 64-lane
/// wavefront and never its lanes 32-63.
bool oneRowOf32(const clang::Expr *Block, const clang::ASTContext &Ctx);

/// True when E's value sizes nothing but launches' dynamic shared memory:
/// through arithmetic and casts it is the shared-memory size of a
/// `<<<grid, block, shared>>>` or of hipLaunchKernel/cudaLaunchKernel, or
/// it initialises a local every use of which is (`int num_warps = threads
/// / 32; k<<<g, threads, num_warps * sizeof(float)>>>`).
bool onlySizesSharedMemory(const clang::Expr *E, clang::ASTContext &Ctx,
                           unsigned Depth = 0);

} // namespace hipport::checks
