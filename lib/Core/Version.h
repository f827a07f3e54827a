//===- Version.h - the one version string every output carries -*- C++ -*-===//
#pragma once

#include <string>

namespace hipport::core {

/// hipport's release, e.g. "0.1.0".
std::string version();
/// The commit it was built from (12 hex digits), or "unknown".
std::string gitHash();
/// The LLVM/Clang release it was built with, e.g. "22.1.8".
std::string llvmVersion();
/// "hipport 0.1.0 (git 1234abcd5678, LLVM 22.1.8)": --version, SARIF, reports.
std::string versionLine();

} // namespace hipport::core
