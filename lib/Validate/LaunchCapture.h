//===- LaunchCapture.h - kernel inputs from a run of the program -*- C++ -*-===//
#pragma once

#include "Validate/KernelSpec.h"
#include "Validate/Pipeline.h"

#include <vector>

namespace hipport::validate {

/// One launch as runtime/hipcpu recorded it (HIPCPU_LAUNCH_LOG).
struct RecordedLaunch {
  std::string Kernel; ///< as the launch spelled it, HIP_KERNEL_NAME removed
  Dim3 Grid, Block;
  uint64_t Shared = 0;
  /// Per argument: "buf:BYTES" (-1: not a device buffer), "int:V",
  /// "float:V" or "other".
  std::vector<std::string> Args;
};

/// Parses a launch log; lines that do not parse are skipped.
std::vector<RecordedLaunch> parseLaunchLog(llvm::StringRef Text);

/// Where some derived spec has a buffer no size parameter sizes and the
/// original has one main(), builds and runs the original on runtime/hipcpu
/// once, recording its launches, and takes each such kernel's launch shape,
/// scalars and buffer sizes from its first launch. A buffer still unsized
/// afterwards makes its kernel unsupported, saying why, rather than run on
/// a guess.
void applyProgramLaunches(Session &S, std::vector<KernelSpec> &Specs);

} // namespace hipport::validate
