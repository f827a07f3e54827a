//===- WidthGuardCheck.h - wave64-width-guard -------------------*- C++ -*-===//
#pragma once

#include "Checks/Check.h"

namespace hipport::checks {

/// Finds code that refuses, or takes another path on, a 64-lane wavefront
/// because it compares the warp width with 32: `warpSize != 32`,
/// `prop.warpSize == 32`, a width queried with cudaDeviceGetAttribute or
/// hipDeviceGetAttribute compared with 32 or with a 32-valued warp constant,
/// on the host or on the device.
class WidthGuardCheck : public Check {
public:
  static const CheckInfo Info;
  WidthGuardCheck() : Check(Info) {}
  void registerMatchers(clang::ast_matchers::MatchFinder &F) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
};

} // namespace hipport::checks
