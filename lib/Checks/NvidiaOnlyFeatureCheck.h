//===- NvidiaOnlyFeatureCheck.h - nvidia-only-feature ----------*- C++ -*-===//
#pragma once

#include "Checks/Check.h"

namespace hipport::checks {

/// Finds NVIDIA device features with no direct HIP path: wmma/mma
/// (rocWMMA instead), cp.async and pipeline primitives, thread-block
/// clusters and TMA, __nanosleep, __match_*_sync, __reduce_*_sync, and
/// shared memory above the 64 KiB LDS per workgroup of CDNA (static sizes,
/// MaxDynamicSharedMemorySize attributes and launch configurations).
class NvidiaOnlyFeatureCheck : public Check {
public:
  static const CheckInfo Info;
  NvidiaOnlyFeatureCheck() : Check(Info) {}
  void registerMatchers(clang::ast_matchers::MatchFinder &F) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
};

} // namespace hipport::checks
