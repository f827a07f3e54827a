//===- CMakeScanner.h ---------------------------------------------*- C++ -*-===//
#pragma once

#include "BuildScan/BuildScanner.h"

namespace hipport::buildscan {

/// CUDA in CMake: enable_language(CUDA), CUDA_ARCHITECTURES, FindCUDA,
/// CUDA:: targets and CMAKE_CUDA_* variables.
class CMakeScanner : public Scanner {
public:
  static const ScannerInfo Info;
  const ScannerInfo &info() const override { return Info; }
  bool handles(llvm::StringRef Path) const override;
  void scan(const std::string &File, llvm::StringRef Text,
            std::vector<core::Finding> &Out) const override;
};

} // namespace hipport::buildscan
