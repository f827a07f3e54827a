//===- SlotArrayFlow.h - per-warp slot arrays followed into callees -*- C++ -*-===//
#pragma once

#include "clang/AST/Expr.h"

#include <optional>
#include <string>

namespace clang {
class ASTContext;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace hipport::checks {

/// True when a condition around S bounds Index (`if (lane < n) s[lane]`,
/// `lane < n ? s[lane] : 0`): the access is guarded. With WarpCount (an
/// array with a slot for every warp of a block: sized with warpSize, or 32
/// slots, enough for 1024 threads in warps of 32 or 64), a thread index
/// below a warp count also bounds it (`threadIdx.x < blockDim.x / warpSize
/// ? s[lane] : 0`: the lane is the thread index there).
bool guardedIndex(const clang::Stmt *S, const clang::Expr *Index,
                  bool WarpCount, clang::ASTContext &C);

/// How an array of one slot per warp is indexed in the callees it is handed
/// to (a pointer parameter, followed two calls deep).
struct SlotUse {
  enum Kind {
    /// A lane of a warpSize-wide warp, unguarded (`p[lane]`, lane =
    /// `threadIdx.x % warpSize`): reads or writes past an array of fewer
    /// than 64 slots.
    LaneOverrun,
    /// A warp index computed with warpSize (`p[threadIdx.x / warpSize]`):
    /// the slots are counted for 32-wide warps, the index is not.
    WidthWarp,
    /// A warp or lane index of 32-wide warps (`p[i / 32]`, `p[tid & 31]`)
    /// in a function that collects the warp at full width (a shuffle with
    /// no width of 32, a ballot): the slots stand for 32-lane warps while
    /// the collective spans the wavefront.
    Warp32
  } K;
  const clang::ArraySubscriptExpr *Sub; ///< the subscript
  const clang::CallExpr *Via;           ///< the call handing the array on, if any
};

/// The strongest per-warp use of VD, a local constant array of 32 slots
/// (fewer than 64 for LaneOverrun), in the callees its function Func hands
/// it to.
std::optional<SlotUse> slotUseOf(const clang::VarDecl *VD,
                                 const clang::FunctionDecl *Func,
                                 clang::ASTContext &C);

} // namespace hipport::checks
