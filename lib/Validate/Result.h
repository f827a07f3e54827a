//===- Result.h - what a validation found, per kernel and per program -*- C++ -*-===//
#pragma once

#include "Core/Finding.h"
#include "Validate/Compare.h"
#include "Validate/KernelSpec.h"
#include "Validate/Recording.h"

#include <string>
#include <vector>

namespace hipport::validate {

class Backend;

/// NoVerdict: the reference failed to build or run, so nothing can be said
/// about the port (never counted as passing).
enum class RunStatus {
  Pass,
  Fail,
  BuildError,
  RunError,
  Timeout,
  Skipped,
  Compiled,
  NoVerdict
};
const char *statusName(RunStatus S);
/// "hip-cpu w64", or the backend alone where no width was chosen.
std::string runLabel(const Backend *Target, int Wave);

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
  const Backend *Target = nullptr;
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

/// The port's program on one target against the original's.
struct ProgramRun {
  const Backend *Target = nullptr;
  int Wave = 0;
  RunStatus Status = RunStatus::Skipped;
  std::string Message;
  int ExitCode = 0;
  /// Differences found, in order: exit code, stdout, output files, checked
  /// mode; each a summary (count, first few, largest error).
  std::vector<std::string> Differences;
  /// --record: where its launches were recorded ("" when not), their
  /// comparison with the reference's, or why there is none.
  std::string RecordDir, RecordError;
  RecordComparison Launches;
  std::string label() const;
};

struct ProgramResult {
  std::string Reference;
  RunStatus ReferenceStatus = RunStatus::Skipped;
  std::string ReferenceMessage;
  int ReferenceExit = 0;
  std::string ReferenceRecordDir; ///< --record: the reference's recording
  /// The reference gave different output on its second run.
  bool NonDeterministic = false;
  std::vector<std::string> Warnings;
  std::vector<ProgramRun> Runs;
  double Seconds = 0;
  unsigned Builds = 0;
  bool allPassed() const;
};

/// What went wrong in Run: its first failing buffer (with the first
/// differing element and the largest error when WithElements), else its
/// message.
std::string runDetail(const RunResult &Run, bool WithElements = true);

/// Validate's results as findings (check ids validate-mismatch,
/// validate-build-error, validate-run-error, validate-timeout,
/// validate-no-verdict), at the kernel's definition in the port, so that
/// the shared reporters write them.
std::vector<core::Finding> toFindings(const ValidateResult &R);
std::vector<core::Finding> toFindings(const ProgramResult &R,
                                      const std::string &HipDir);

} // namespace hipport::validate
