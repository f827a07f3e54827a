//===- LogicalWarps.h - functions that work in 32-lane segments -*- C++ -*-===//
#pragma once

#include "clang/Basic/SourceLocation.h"

#include <tuple>
#include <vector>

namespace clang {
class ASTContext;
}

namespace hipport::checks {

/// The functions of a TU that work in explicit 32-lane logical warps: every
/// shuffle they make stays in a 32-lane segment, passing a width argument
/// of 32 (`__shfl_xor_sync(m, v, o, 32)`, `__shfl_down(v, o, WARP_SIZE)`
/// with WARP_SIZE 32) or reading only within the caller's own half
/// under a guard by the lane index by 32 (HalfRead::Guarded: a scan whose
/// value is used where `lane >= d`), and
/// they make no other warp collective (ballot, any/all, activemask), call no
/// function of the TU that shuffles otherwise, and do not read warpSize. On
/// a 64-lane wavefront such shuffles stay in their 32-lane segment, so lane
/// math by 32 there (`tid % 32`, `tid / 32`, per-segment slots, a tree from
/// offset 16) names the segment's lanes: right at either width, two
/// segments to a wavefront. Found in one walk of the TU, made when first
/// asked.
class LogicalWarps {
public:
  explicit LogicalWarps(const clang::ASTContext &Ctx) : Ctx(Ctx) {}
  /// True when Loc (its expansion) lies in the body of such a function.
  bool covers(clang::SourceLocation Loc);

private:
  void build();
  const clang::ASTContext &Ctx;
  bool Built = false;
  /// (file, begin offset, end offset) of each such function's body.
  std::vector<std::tuple<unsigned, unsigned, unsigned>> Bodies;
};

} // namespace hipport::checks
