//===- CompileTimeWidthCheck.h - wave64-compile-time-width -----*- C++ -*-===//
#pragma once

#include "Checks/Check.h"

#include <vector>

namespace hipport::checks {

/// Finds a warp width fixed for every AMD target: `#define WARP_SIZE 64` or
/// `constexpr int kWarpSize = 64` in the AMD branch of a platform test
/// (`#ifdef USE_ROCM`, `__HIP_PLATFORM_AMD__`) or in a HIP pass, but under
/// no test of the target (`__GFX9__`, `__AMDGCN_WAVEFRONT_SIZE`). As the
/// gfx1100 (wave32) device pass sees it, the width is 64 on a target whose
/// wavefronts have 32 lanes: per-warp slots, strides and lane ranges sized
/// from it are wrong there. A 32 chosen in such an AMD branch is wrong on
/// every wave64 (gfx90a) target. A width picked per target is right.
class CompileTimeWidthCheck : public Check {
public:
  static const CheckInfo Info;
  CompileTimeWidthCheck() : Check(Info) {}
  void registerMatchers(clang::ast_matchers::MatchFinder &F) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void registerPPCallbacks(const clang::SourceManager &SM,
                           clang::Preprocessor &PP) override;

  /// Reported by the preprocessor callbacks at a macro definition.
  void reportAt(const clang::SourceManager &SM, const clang::LangOptions &LO,
                clang::SourceLocation Loc, llvm::StringRef Name, int Width);
  /// A width fixed in the branch taken where __AMDGCN_WAVEFRONT_SIZE is
  /// not defined, in a group that tests no other target macro.
  void reportFallback(const clang::SourceManager &SM,
                      const clang::LangOptions &LO, clang::SourceLocation Loc,
                      llvm::StringRef Name, int Width);

  /// Byte ranges (file hash, begin, end) of AMD branches with no target
  /// test around them, filled while the TU is preprocessed.
  struct Range {
    unsigned File, Begin, End;
  };
  std::vector<Range> AmdBranches;
  /// `#if` groups (all their branches) that test the target.
  std::vector<Range> TargetGroups;
};

} // namespace hipport::checks
