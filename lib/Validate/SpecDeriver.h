//===- SpecDeriver.h - kernel specs from signatures and launches -*- C++ -*-===//
#pragma once

#include "Project/Project.h"
#include "Validate/KernelSpec.h"
#include "Validate/LaunchMirror.h"

#include "llvm/Support/Error.h"

#include <vector>

namespace hipport::validate {

/// Finds every __global__ function defined in a project file and derives a
/// spec from its signature and its first launch site: pointer parameters
/// become buffers (outputs unless the pointee is const), scalars take the
/// call site's value when it is a constant, grid and block come from the
/// launch. What had to be guessed is said in KernelSpec::Notes.
/// Launches, when given, collects the launch edits of the same parse.
std::vector<KernelSpec> deriveSpecs(const project::Project &CudaProject,
                                    unsigned Jobs,
                                    LaunchEdits *Launches = nullptr);

} // namespace hipport::validate
