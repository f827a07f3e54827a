//===- BuildIncludes.h - include directories the build files give -*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <vector>

namespace hipport::project {

/// Include directories a directory's Makefile or CMakeLists.txt gives
/// (`-I../common`, `include_directories(...)`, `target_include_directories`),
/// by absolute directory of the build file; only directories that exist.
using BuildIncludeMap = std::map<std::string, std::vector<std::string>>;

/// Reads the build files among Paths (absolute).
BuildIncludeMap inferBuildIncludes(const std::vector<std::string> &Paths);

/// The directories for a source file: those of the build files in its
/// directory and the directories above it, nearest first.
std::vector<std::string> buildIncludesFor(const BuildIncludeMap &M,
                                          llvm::StringRef File);

} // namespace hipport::project
