//===- Program.h - validate whole programs, original against port -*- C++ -*-===//
#pragma once

#include "Validate/Validator.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

namespace hipport::validate {

struct ProgramOptions {
  ValidateOptions Base; ///< dirs, reference, targets, widths, timeout
  std::vector<std::string> RunArgs;
  std::vector<std::string> OutputFiles; ///< relative to the run directory
  double StdoutRel = 1e-5, StdoutAbs = 1e-6;
};

/// The port's program on one target against the original's.
struct ProgramRun {
  BackendKind Target = BackendKind::HipCpu;
  int Wave = 0;
  RunStatus Status = RunStatus::Skipped;
  std::string Message;
  int ExitCode = 0;
  /// Differences found, in order: exit code, stdout tokens, output files.
  std::vector<std::string> Differences;
  std::string label() const;
};

struct ProgramResult {
  std::string Reference;
  RunStatus ReferenceStatus = RunStatus::Skipped;
  std::string ReferenceMessage;
  int ReferenceExit = 0;
  std::vector<std::string> Warnings;
  std::vector<ProgramRun> Runs;
  double Seconds = 0;
  bool allPassed() const;
};

/// Builds every translation unit of each directory into one program per
/// backend, runs each in a fresh directory with the same arguments, and
/// compares the exit code, stdout (numbers within tolerance, other tokens
/// exactly) and the named output files (byte for byte).
llvm::Expected<ProgramResult> validateProgram(const ProgramOptions &Opts);

/// Compares two stdout texts token by token; "" when they agree, otherwise
/// the first difference.
std::string compareStdout(llvm::StringRef Expected, llvm::StringRef Actual,
                          double Rel, double Abs);

void printProgramText(llvm::raw_ostream &OS, const ProgramResult &R);
nlohmann::json programToJson(const ProgramResult &R);

} // namespace hipport::validate
