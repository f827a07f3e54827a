//===- SyncShimCheck.h - wave64-sync-shim ------------------------*- C++ -*-===//
#pragma once

#include "Checks/Check.h"

namespace hipport::checks {

/// Finds macros that stand a `*_sync` warp intrinsic in for its mask-less
/// HIP counterpart and pass the mask along as the first argument: `#define
/// __shfl_sync __shfl`, `#define __shfl_xor_sync(...) __shfl_xor(__VA_ARGS__)`.
/// `__shfl_sync(mask, v, lane)` then shuffles the mask, reads v as the
/// source lane and the lane as the width. Shims that drop the mask
/// (`#define __ballot_sync(mask, p) __ballot(p)`) are right. The same
/// without a macro: a mask-less shuffle called with the `*_sync` argument
/// list (`__shfl_down(0xffffffff, v, d)`), a `_sync` dropped by hand.
class SyncShimCheck : public Check {
public:
  static const CheckInfo Info;
  SyncShimCheck() : Check(Info) {}
  void registerMatchers(clang::ast_matchers::MatchFinder &F) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void registerPPCallbacks(const clang::SourceManager &SM,
                           clang::Preprocessor &PP) override;

private:
  friend class SyncShimCallbacks;
  void reportShim(const clang::SourceManager &SM, const clang::LangOptions &LO,
                  clang::SourceLocation Loc, llvm::StringRef Sync,
                  llvm::StringRef Plain);
};

} // namespace hipport::checks
