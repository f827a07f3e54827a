//===- WidthLayoutTile.h - a warp width used as a square tile's edge -*- C++ -*-===//
#pragma once

#include "Checks/Check.h"

#include <vector>

namespace clang {
class FunctionDecl;
}

namespace hipport::checks {

/// A kernel whose launch bounds are the square of a named warp width
/// (`__launch_bounds__(kWarpSize * kWarpSize)`) lays its threads out as a
/// square tile with the width as its edge: 1,024 threads at 32, but 4,096
/// on a 64-lane wavefront, more than a block may have, so the kernel cannot
/// launch. The width is then a tile edge, not a warp width: each use of it in
/// the kernel and in the functions the kernel calls (shared tiles
/// `T t[kWarpSize][kWarpSize + 1]`, `blockIdx.y * kWarpSize`, strides,
/// bounds) must move to a tile constant of its own. The bounds are reported
/// as an error, each line using the width as a warning.
std::vector<CheckDiag> squareTileUses(const clang::FunctionDecl *Kernel,
                                      clang::ASTContext &C);

} // namespace hipport::checks
