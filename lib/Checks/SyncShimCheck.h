//===- SyncShimCheck.h - wave64-sync-shim ------------------------*- C++ -*-===//
#pragma once

#include "Checks/Check.h"

namespace hipport::checks {

/// Finds macros that stand a `*_sync` warp intrinsic in for its mask-less
/// HIP counterpart and pass the mask along as the first argument: `#define
/// __shfl_sync __shfl`, `#define __shfl_xor_sync(...) __shfl_xor(__VA_ARGS__)`.
/// `__shfl_sync(mask, v, lane)` then shuffles the mask, reads v as the
/// source lane and the lane as the width. Shims that drop the mask
/// (`#define __ballot_sync(mask, p) __ballot(p)`) are right.
class SyncShimCheck : public Check {
public:
  static const CheckInfo Info;
  SyncShimCheck() : Check(Info) {}
  void registerMatchers(clang::ast_matchers::MatchFinder &) override {}
  void run(const clang::ast_matchers::MatchFinder::MatchResult &) override {}
  void registerPPCallbacks(const clang::SourceManager &SM,
                           clang::Preprocessor &PP) override;

private:
  friend class SyncShimCallbacks;
  void reportShim(const clang::SourceManager &SM, const clang::LangOptions &LO,
                  clang::SourceLocation Loc, llvm::StringRef Sync,
                  llvm::StringRef Plain);
};

} // namespace hipport::checks
