//===- Validator.h - run ported kernels and programs against a reference -*- C++ -*-===//
#pragma once

#include "Project/Project.h"
#include "Validate/Backend.h"
#include "Validate/Result.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hipport::validate {

/// What both modes take.
struct ValidateOptions {
  std::string CudaDir, HipDir;
  std::vector<std::string> Kernels; ///< empty: every kernel found
  std::string SpecFile;
  /// "cuda", "cuda-cpu", "golden:DIR", or "" (cuda where an NVIDIA GPU is,
  /// cuda-cpu otherwise).
  std::string Reference;
  std::vector<const Backend *> Targets; ///< empty: hip-cpu
  std::vector<int> Waves = {64};        ///< widths of backends that choose
  std::string RecordDir;
  /// Kernel mode: the reference is this recording of the original
  /// (program mode's --record DIR/reference): each recorded launch, up to
  /// ReplayLaunches per kernel, runs alone in the port's kernel with the
  /// recorded inputs, and its buffers are compared with the recorded ones.
  std::string ReplayDir;
  unsigned ReplayLaunches = 16;
  std::string WorkDir; ///< "": a temporary directory, removed afterwards
  unsigned Jobs = 2;
  unsigned TimeoutSeconds = 60;
  ToolchainOptions Tools;
  /// After `--`: for the parse, and the -I/-D/-U/-include/-std among them
  /// for every build too.
  std::vector<std::string> ExtraClangArgs;
  std::string CudaPath;
  /// Run the lint checks on failing kernels of the port.
  bool LintFailures = true;
  /// runtime/hipcpu runs the lanes of a wave in lockstep (HIPCPU_LOCKSTEP=1;
  /// the CPU build writes the scheduling points either way).
  bool Lockstep = true;
  /// Kernel mode: take launch shapes and buffer sizes from a run of the
  /// original program where it has a main().
  bool InputsFromProgram = true;
  /// The source (relative to each root) whose main() is the program, where
  /// several define one; "": the only one.
  std::string Main;
};

/// Program mode: what the program is given and how its output is compared.
struct ProgramOptions {
  ValidateOptions Base; ///< dirs, reference, targets, widths, timeout
  std::vector<std::string> RunArgs;
  std::vector<std::string> OutputFiles; ///< relative to the run directory
  double StdoutRel = 1e-5, StdoutAbs = 1e-6;
  /// Extra regular expressions whose matches are masked in stdout before
  /// comparison (timings, paths and addresses are masked always).
  std::vector<std::string> Normalise;
  /// Run the reference twice and report non-determinism.
  bool Twice = true;
  /// Under runtime/hipcpu, check memory and barriers (HIPCPU_CHECK=1).
  bool Checked = true;
  /// Base.RecordDir set: record every launch of each runtime/hipcpu run to
  /// RecordDir/<run> (docs/validate-record.md) and compare the port's with
  /// the reference's launch by launch; buffer contents stop after this many
  /// bytes per run.
  uint64_t RecordLimit = 256ull << 20;
};

/// Writes Text to Path, creating its directory.
llvm::Error writeText(const std::string &Path, llvm::StringRef Text);

/// Kernel mode: derives specs, builds a driver per source file, backend and
/// (where the build depends on it) width, runs the reference and every
/// target, and compares buffers. Fails only on input errors (an unreadable
/// directory, a bad spec file, a kernel named in --kernels that does not
/// exist); a build error, crash or timeout is a result of the kernels it
/// concerns.
llvm::Expected<ValidateResult> validate(const ValidateOptions &Opts);

/// Program mode: builds the one executable of each tree per backend and
/// width, runs each in a fresh directory with the same arguments, and
/// compares the exit code, normalised stdout (numbers within tolerance,
/// other tokens exactly) and the named output files (byte for byte).
llvm::Expected<ProgramResult> validateProgram(const ProgramOptions &Opts);

} // namespace hipport::validate
