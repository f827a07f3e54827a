//===- NvidiaOnlyFeatureCheck.h - nvidia-only-feature ----------*- C++ -*-===//
#pragma once

#include "Checks/Check.h"
#include "Rules/RuleSet.h"

#include <memory>

namespace hipport::checks {

/// Finds NVIDIA device features with no direct HIP path: wmma/mma
/// (rocWMMA instead), cp.async and pipeline primitives, thread-block
/// clusters and TMA, __nanosleep, __match_*_sync, __reduce_*_sync, and
/// shared memory above the 64 KiB LDS per workgroup of CDNA (static sizes,
/// MaxDynamicSharedMemorySize attributes and launch configurations). What
/// is NVIDIA-only, and the advice, come from the rule tables at the target
/// ROCm release: a name HIP has there (__match_any_sync since ROCm 7.0) is
/// not reported.
class NvidiaOnlyFeatureCheck : public Check {
public:
  static const CheckInfo Info;
  /// Rules null: the built-in tables, loaded once.
  NvidiaOnlyFeatureCheck(std::shared_ptr<const rules::RuleSet> Rules = nullptr,
                         rules::TargetOptions Target = {});
  /// The device functions this check looks for (each has a rules entry).
  static const std::vector<llvm::StringRef> &features();
  void registerMatchers(clang::ast_matchers::MatchFinder &F) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;

private:
  /// Why Name is NVIDIA-only at the target, or "" when HIP has it there.
  std::string advice(llvm::StringRef Name) const;

  std::shared_ptr<const rules::RuleSet> Rules;
  rules::TargetOptions Target;
};

} // namespace hipport::checks
