//===- BuildScanner.h - NVIDIA build logic in build files ------*- C++ -*-===//
#pragma once

#include "Core/Finding.h"

#include "llvm/ADT/StringRef.h"

#include <memory>
#include <vector>

namespace hipport::buildscan {

/// Id, default severity and summary of a build check (mirrors
/// checks::CheckInfo, which this layer cannot see).
struct ScannerInfo {
  const char *Id;
  core::Severity Level;
  const char *Summary;
};

/// A line-oriented scanner for one kind of build file.
class Scanner {
public:
  virtual ~Scanner() = default;
  virtual const ScannerInfo &info() const = 0;
  /// True when Path (by its name) is a file of this kind.
  virtual bool handles(llvm::StringRef Path) const = 0;
  /// Appends a finding per NVIDIA-specific construct; File is the path
  /// recorded in the findings.
  virtual void scan(const std::string &File, llvm::StringRef Text,
                    std::vector<core::Finding> &Out) const = 0;
};

/// CMake: enable_language(CUDA), CUDA_ARCHITECTURES, find_package(CUDA),
/// CUDA:: targets, CMAKE_CUDA_* variables.
class CMakeScanner;
/// Makefiles: nvcc, -arch=sm_XX, -gencode, --expt-*, -Xptxas, -lcudart...
class MakefileScanner;
/// Shell scripts invoking nvcc, with the same flag rules as Makefiles.
class ShellScanner;
/// setup.py: CUDAExtension, extra_compile_args['nvcc'], CUDA_HOME.
class SetupPyScanner;

const std::vector<std::unique_ptr<Scanner>> &scanners();
std::vector<const ScannerInfo *> scannerInfos();
/// True when some scanner handles Path.
bool isBuildFile(llvm::StringRef Path);
/// Findings of every scanner handling Path, in file order.
std::vector<core::Finding> scanBuildFile(const std::string &Path,
                                         llvm::StringRef Text);

} // namespace hipport::buildscan
