//===- StandardIncludes.h - standard headers safe to precompile -*- C++ -*-===//
#pragma once

#include <string>
#include <vector>

namespace hipport::frontend {

/// Headers a TU includes that can be precompiled before it without changing
/// what it means.
struct PrecompilableHeaders {
  /// GPU toolkit headers (found in ToolkitDirs: <cooperative_groups.h>),
  /// reached before any `#define` of the project, in the TU's order.
  std::vector<std::string> Toolkit;
  /// C and C++ standard headers, sorted: they do not depend on each
  /// other's order.
  std::vector<std::string> Standard;
};

/// What TU includes, directly or through the project headers it includes
/// (found beside it and in IncludeDirs): only unconditional includes, and
/// only those reached before the first directive that could change how a
/// standard header reads (a `#define` or `#undef` of a reserved or
/// lower-case name, NDEBUG, a computed or `#include_next` include). A
/// lexical scan; each file is read once per process.
PrecompilableHeaders
precompilableHeaders(const std::string &TU,
                     const std::vector<std::string> &IncludeDirs,
                     const std::vector<std::string> &ToolkitDirs);

/// True for a header of the C++ standard library that is more than a C
/// header's wrapper (<vector>, <iostream>; not <cstdio>): what makes a
/// precompiled set worth its own PCH.
bool isHeavyStandardHeader(const std::string &Name);

} // namespace hipport::frontend
