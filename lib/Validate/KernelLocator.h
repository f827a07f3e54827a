//===- KernelLocator.h - where kernels are defined and included -*- C++ -*-===//
#pragma once

#include "Project/Project.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace hipport::validate {

/// Where a kernel is defined in a source text: the identifier before the
/// parameter list of a `__global__` declaration that has a body.
struct Definition {
  unsigned Begin = 0, End = 0, Line = 0;
};
std::optional<Definition> findDefinition(llvm::StringRef Text,
                                         llvm::StringRef Name);

/// What a driver includes for a kernel defined in File: File itself when
/// it is a translation unit, or else the first translation unit of P that
/// includes it, so the header sees the includes and definitions that come
/// before it there.
std::string includingUnit(const project::Project &P, const std::string &File);

} // namespace hipport::validate
