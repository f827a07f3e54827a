//===- LaneMaskLiteralCheck.h - wave64-lane-mask-literal -------*- C++ -*-===//
#pragma once

#include "Checks/Check.h"
#include "Checks/LaneMasks.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <memory>
#include <set>

namespace hipport::checks {

/// Finds lane masks built in 32-bit arithmetic (`1 << lane`,
/// `~(-1 << lane)`) and the 32-lane full mask 0xffffffff passed to *_sync
/// warp intrinsics, which take 64-bit masks in HIP (ROCm 6.2 and later), as
/// well as any other mask of a 32-bit type there (which does not compile).
/// A shift counts as a lane mask when its amount is a lane index, or when
/// it is combined into a variable the code uses as a lane mask (the mask
/// operand of a *_sync intrinsic, a ballot's result: LaneMaskVars), and a
/// mask variable initialised with 0xffffffff counts as that literal.
class LaneMaskLiteralCheck : public Check {
public:
  static const CheckInfo Info;
  LaneMaskLiteralCheck() : Check(Info) {}
  void registerMatchers(clang::ast_matchers::MatchFinder &F) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void startTranslationUnit() override {
    Masks.reset();
    Reported.clear();
  }

private:
  LaneMaskVars &masks(clang::ASTContext &C);
  void checkNarrowRightShift(const clang::BinaryOperator *Shr,
                             clang::ASTContext &C);
  void reportNarrowMaskType(
      const clang::CallExpr *Call, llvm::StringRef Name, clang::ASTContext &C,
      llvm::function_ref<bool(clang::SourceLocation)> FirstReport);
  std::unique_ptr<LaneMaskVars> Masks;
  /// Expansion locations of the masks reported: once each, whichever
  /// instantiation reaches them first.
  std::set<unsigned> Reported;
};

} // namespace hipport::checks
