//===- LaneMaskLiteralCheck.h - wave64-lane-mask-literal -------*- C++ -*-===//
#pragma once

#include "Checks/Check.h"

namespace hipport::checks {

/// Finds lane masks built in 32-bit arithmetic (`1 << lane`,
/// `~(-1 << lane)`) and the 32-lane full mask 0xffffffff passed to *_sync
/// warp intrinsics, which take 64-bit masks in HIP (ROCm 6.2 and later).
class LaneMaskLiteralCheck : public Check {
public:
  static const CheckInfo Info;
  LaneMaskLiteralCheck() : Check(Info) {}
  void registerMatchers(clang::ast_matchers::MatchFinder &F) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
};

} // namespace hipport::checks
