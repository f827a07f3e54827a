//===- WarpSizeConstexprCheck.h - rocm7-warpsize-constexpr -----*- C++ -*-===//
#pragma once

#include "Checks/Check.h"

namespace hipport::checks {

/// Finds warpSize where a constant expression is needed (array bounds,
/// __shared__ sizes, template arguments, static_assert, constexpr
/// variables and functions, case labels, enumerators, if constexpr).
/// Since ROCm 7 warpSize is a run-time value, so these no longer compile.
class WarpSizeConstexprCheck : public Check {
public:
  static const CheckInfo Info;
  WarpSizeConstexprCheck() : Check(Info) {}
  void registerMatchers(clang::ast_matchers::MatchFinder &F) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
};

} // namespace hipport::checks
