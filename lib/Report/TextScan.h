//===- TextScan.h - what a line scan finds without a parse -----*- C++ -*-===//
#pragma once

#include "Report/Inventory.h"
#include "Report/ReportModel.h"
#include "Rules/RuleSet.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace hipport::report {

/// Text with comments replaced by spaces (newlines kept), so offsets and
/// line numbers still match the file.
std::string stripComments(llvm::StringRef Text);

unsigned countLines(llvm::StringRef Text);

/// The paths of #include directives, in order.
std::vector<std::string> includes(llvm::StringRef Stripped);

/// CUDA when the file includes CUDA headers or uses CUDA syntax, HIP when
/// it includes HIP headers (or is a .hip file), None otherwise.
Dialect dialectOf(llvm::StringRef Path, llvm::StringRef Stripped);

/// Kernels found by the text scan: `__global__` definitions and the features
/// their bodies spell directly (callees are not followed). Locations hold
/// File as given.
std::vector<Kernel> scanKernels(llvm::StringRef Stripped,
                                const std::string &File);

/// Kernel launches spelled `name<<<` or `hipLaunchKernelGGL(name`.
std::vector<LaunchRef> scanLaunches(llvm::StringRef Stripped,
                                    const std::string &File);

/// Identifiers that are rule-table names (members excluded).
std::vector<NameUse> scanNames(llvm::StringRef Stripped,
                               const std::string &File,
                               const rules::RuleSet &Rules);

/// Deployment and monitoring lines that name NVIDIA (rules/ops/operations.json:
/// CUDA_VISIBLE_DEVICES, nvidia-smi, NVML, DCGM, `nvidia.com/gpu`, NVIDIA
/// base images, NCCL_ variables, profilers, Triton kernels), each marked
/// with whether `port --ops` rewrites it at Target. IsSource: a C/C++/CUDA
/// file, where NVML is API use instead.
std::vector<OpsItem> scanOps(llvm::StringRef Text, const std::string &File,
                             bool IsSource, rules::RocmVersion Target);

} // namespace hipport::report
