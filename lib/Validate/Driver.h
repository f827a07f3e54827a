//===- Driver.h - generated drivers that launch one kernel alone -*- C++ -*-===//
#pragma once

#include "Validate/Backend.h"
#include "Validate/KernelSpec.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hipport::validate {

/// The C++ of a driver for the kernels of one source file: `driver KERNEL
/// INDIR OUTDIR` reads each buffer from INDIR/<param>.bin, launches the
/// kernel, and writes every output buffer to OUTDIR/<param>.bin.
std::string generateDriver(const std::vector<const KernelSpec *> &Kernels,
                           const std::string &IncludeFile, const Backend &B);

/// Writes empty stand-ins for the CUDA and HIP runtime headers, which the
/// force-included hipcpu spelling header replaces.
llvm::Error writeHipcpuShims(const std::string &Dir);

} // namespace hipport::validate
