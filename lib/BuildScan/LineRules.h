//===- LineRules.h - regex rules applied line by line ----------*- C++ -*-===//
#pragma once

#include "BuildScan/BuildScanner.h"

#include "llvm/Support/Regex.h"

#include <string>
#include <vector>

namespace hipport::buildscan {

/// A pattern of NVIDIA build logic and the message naming its HIP
/// equivalent; "$0" in the message is replaced by the matched text.
struct LineRule {
  std::string Pattern;
  std::string Message;
};

/// Applies Rules to each line of Text outside comments (from Comment to the
/// end of the line), one finding per match.
void scanLines(const ScannerInfo &Info, const std::string &File,
               llvm::StringRef Text, const std::vector<LineRule> &Rules,
               char Comment, std::vector<core::Finding> &Out,
               llvm::StringRef OnlyLinesMatching = "");

/// nvcc command-line flags and CUDA libraries (-l names from the rules'
/// library blocks), shared by Makefile, shell, CMake and setup.py scanners.
const std::vector<LineRule> &nvccFlagRules();

/// CMake imported targets of CUDA libraries (CUDA::cublas, ...), from the
/// rules' library blocks.
const std::vector<LineRule> &libraryTargetRules();

} // namespace hipport::buildscan
