//===- LayoutWarpSizeCheck.h - wave64-layout-vs-warpsize -------*- C++ -*-===//
#pragma once

#include "Checks/Check.h"

#include <set>

namespace hipport::checks {

/// Finds warpSize used as the width of a data layout that has a compile-time
/// width of its own. A function that compares a compile-time constant W (a
/// template-dependent constant, a constexpr variable or call) with warpSize,
/// or tests `W == 64` in a constant expression, states that its layout is W
/// lanes wide, and that W may differ from the wavefront's width (a 32-lane
/// layout run on a 64-lane wavefront). The comparison with warpSize, and
/// warpSize in the function's lane arithmetic (`tid & (warpSize - 1)`, a
/// shuffle tree from `warpSize >> 1`), then mix the two widths: reported.
class LayoutWarpSizeCheck : public Check {
public:
  static const CheckInfo Info;
  LayoutWarpSizeCheck() : Check(Info) {}
  void registerMatchers(clang::ast_matchers::MatchFinder &F) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void startTranslationUnit() override {
    Scanned.clear();
  }

private:
  /// Functions whose warpSize uses were reported, once each.
  std::set<const clang::FunctionDecl *> Scanned;
};

} // namespace hipport::checks
