//===- AmdTargets.h - what the HIP compiler predefines per AMD target -*- C++ -*-===//
#pragma once

#include "llvm/Support/Error.h"

#include <string>
#include <utility>
#include <vector>

namespace hipport::core {

/// One AMD GPU target as the HIP device pass sees it: its wavefront width and
/// the macros the compiler predefines for it (device-pass macros included).
struct AmdTarget {
  std::string Name; // gfx90a
  unsigned Wave = 64;
  std::vector<std::pair<std::string, std::string>> Macros;

  /// `-DNAME=VALUE` for each macro, for a clang or g++ command line.
  std::vector<std::string> defineFlags() const;
};

/// The representative targets in rules/targets/amd.json (a wave64 and a
/// wave32 one), read once; errors name the file and JSON pointer.
llvm::Expected<const std::vector<AmdTarget> &> amdTargets();

/// The first target of the given width, or an error naming the width.
llvm::Expected<const AmdTarget &> amdTargetForWave(unsigned Wave);

} // namespace hipport::core
