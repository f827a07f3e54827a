//===- ShuffleWidthCheck.h - wave64-shuffle-width --------------*- C++ -*-===//
#pragma once

#include "Checks/Check.h"
#include "Checks/LogicalWarps.h"

namespace hipport::checks {

/// Finds shuffles without a width argument in functions whose lane math
/// assumes 32-wide warps: the shuffle spans the whole 64-lane wavefront
/// while the lanes it addresses were computed for 32.
class ShuffleWidthCheck : public Check {
public:
  static const CheckInfo Info;
  ShuffleWidthCheck() : Check(Info) {}
  void registerMatchers(clang::ast_matchers::MatchFinder &F) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
};

} // namespace hipport::checks
