//===- SetupPyScanner.h ---------------------------------------------*- C++ -*-===//
#pragma once

#include "BuildScan/BuildScanner.h"

namespace hipport::buildscan {

/// CUDAExtension, nvcc arguments and CUDA_HOME in setup.py.
class SetupPyScanner : public Scanner {
public:
  static const ScannerInfo Info;
  const ScannerInfo &info() const override { return Info; }
  bool handles(llvm::StringRef Path) const override;
  void scan(const std::string &File, llvm::StringRef Text,
            std::vector<core::Finding> &Out) const override;
};

} // namespace hipport::buildscan
