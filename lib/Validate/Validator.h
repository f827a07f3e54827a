//===- Validator.h - run ported kernels against a reference ----*- C++ -*-===//
#pragma once

#include "Core/Finding.h"
#include "Project/Project.h"
#include "Validate/Backend.h"
#include "Validate/Compare.h"
#include "Validate/KernelSpec.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hipport::validate {

struct ValidateOptions {
  std::string CudaDir, HipDir;
  std::vector<std::string> Kernels; ///< empty: every kernel found
  std::string SpecFile;
  /// "cuda", "cuda-cpu", "golden:DIR", or "" (cuda where an NVIDIA GPU is,
  /// cuda-cpu otherwise).
  std::string Reference;
  std::vector<BackendKind> Targets = {BackendKind::HipCpu};
  std::vector<int> Waves = {64}; ///< hip-cpu widths
  std::string RecordDir;
  std::string WorkDir; ///< "": a temporary directory, removed afterwards
  unsigned Jobs = 2;
  unsigned TimeoutSeconds = 60;
  ToolchainOptions Tools;
  std::vector<std::string> ExtraClangArgs;
  std::string CudaPath;
  /// Run the lint checks on failing kernels of the port.
  bool LintFailures = true;
};

enum class RunStatus { Pass, Fail, BuildError, RunError, Timeout, Skipped, Compiled };
const char *statusName(RunStatus S);
/// "hip-cpu w64", or the backend alone where no width was chosen.
std::string runLabel(BackendKind Target, int Wave);
/// Passing means the reference ran and no target run failed (compile-only
/// and skipped runs count as passing: they prove what they can).
template <typename RunT>
bool allRunsPassed(RunStatus Reference, const std::vector<RunT> &Runs) {
  if (Reference != RunStatus::Pass)
    return false;
  for (const RunT &R : Runs)
    if (R.Status != RunStatus::Pass && R.Status != RunStatus::Compiled &&
        R.Status != RunStatus::Skipped)
      return false;
  return true;
}

/// One kernel on one target at one width, against the reference.
struct RunResult {
  BackendKind Target = BackendKind::HipCpu;
  int Wave = 0; ///< 0 where the width is not chosen (GPUs, compile-only)
  RunStatus Status = RunStatus::Skipped;
  std::string Message; ///< build or run error, or what was proven
  std::vector<BufferResult> Buffers;
  double MaxError = 0;
  std::string label() const;
};

struct KernelResult {
  KernelSpec Spec;
  std::string HipFile; ///< absolute; "" when the port lacks the kernel
  unsigned HipLine = 0;
  unsigned HipBegin = 0, HipEnd = 0; ///< byte range of its definition
  RunStatus ReferenceStatus = RunStatus::Skipped;
  std::string ReferenceMessage;
  std::vector<RunResult> Runs;
  /// Lint findings inside the kernel's definition in the port (failures only).
  std::vector<core::Finding> Lint;
  bool passed() const;
};

struct ValidateResult {
  std::string Reference; ///< e.g. "cuda-cpu (width 32)"
  std::vector<std::string> Warnings;
  std::vector<KernelResult> Kernels;
  double Seconds = 0;
  unsigned Builds = 0;
  bool allPassed() const;
};

/// Writes Text to Path, creating its directory.
llvm::Error writeText(const std::string &Path, llvm::StringRef Text);

/// Writes a copy of the project under Out with `<<<>>>` launches turned into
/// hipLaunchKernelGGL and nothing else changed, so that its files compile as
/// C++ on runtime/hipcpu with their own semantics (CUDA's or HIP's).
llvm::Error writeLaunchMirror(const project::Project &P, const std::string &Out,
                              unsigned Jobs);

/// Derives specs, builds a driver per source file and backend, runs the
/// reference and every target, and compares. Fails only on input errors
/// (an unreadable directory, a bad spec file, a kernel named in --kernels
/// that does not exist); a build error, crash or timeout of a driver is a
/// result of the kernels it concerns.
llvm::Expected<ValidateResult> validate(const ValidateOptions &Opts);

} // namespace hipport::validate
