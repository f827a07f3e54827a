//===- BallotMaskWidthCheck.h - wave64-ballot-mask-width -------*- C++ -*-===//
#pragma once

#include "Checks/Check.h"
#include "Checks/LaneMasks.h"

#include <memory>

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace hipport::checks {

/// Finds ballot and lane-mask results (__ballot, __ballot_sync,
/// __activemask, __lanemask_*, cooperative-groups ballot) narrowed to 32
/// bits by an initialisation, assignment, argument, return or cast, 32-bit
/// bit operations (__popc, __ffs, __clz, __brev) applied to them, and
/// comparisons with a 32-lane full mask, and 64-bit values passed as the
/// 32-bit predicate of a vote (`__ballot(m & 1ull << lane)`). Each loses
/// lanes 32-63. The ballot
/// is followed through local variables that hold it (`auto b = __ballot(p);
/// unsigned m = b & x;`) and through the types templates are instantiated
/// with (`MaskT m = __ballot(p)` with MaskT = unsigned).
class BallotMaskWidthCheck : public Check {
public:
  static const CheckInfo Info;
  BallotMaskWidthCheck() : Check(Info) {}
  void registerMatchers(clang::ast_matchers::MatchFinder &F) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void startTranslationUnit() override {
    Wrappers.clear();
    Reported.clear();
    Masks.reset();
    WrapperFiles.clear();
    MaskHelpers.clear();
  }
  void onEndOfTranslationUnit() override;

private:
  /// Functions of this TU returning a whole 64-bit ballot, by name.
  std::set<std::string> Wrappers;
  /// Files defining a ballot or __activemask wrapper, and 32-bit mask
  /// parameters counted with __popc/__ffs/__clz/__brev (the call, in its
  /// context): a warp utility file's mask helpers, judged at the TU's end.
  std::set<clang::FileID> WrapperFiles;
  std::vector<std::pair<const clang::CallExpr *, clang::ASTContext *>> MaskHelpers;
  /// Places reported (a template's narrowing is seen once per instantiation).
  std::set<unsigned> Reported;
  /// Lane-mask variables known from their use (LaneMaskVars), made when
  /// first asked.
  std::unique_ptr<LaneMaskVars> Masks;
  LaneMaskVars &masks(clang::ASTContext &C);
  /// A mask variable's bits counted with a 32-bit intrinsic, or a whole
  /// mask passed to a 32-bit parameter of the TU's own function.
  bool runMaskUse(const clang::CallExpr *Call, clang::ASTContext &C);
  /// A ballot wrapper's definition, or a 32-bit variable its result goes
  /// to; false for any other match.
  bool runWrapper(const clang::ast_matchers::MatchFinder::MatchResult &R);
  /// A 64-bit value passed as a vote's 32-bit predicate.
  void runVotePredicate(
      const clang::ast_matchers::MatchFinder::MatchResult &R);
};

} // namespace hipport::checks
