//===- Golden.h - recorded reference outputs -------------------*- C++ -*-===//
#pragma once

#include "Validate/KernelSpec.h"

#include "llvm/Support/Error.h"

#include <string>
#include <utility>
#include <vector>

namespace hipport::validate {

struct KernelResult;

/// DIR/manifest.json of a golden record: which reference made the outputs,
/// with which toolchain, where and when.
struct GoldenManifest {
  std::string Reference; ///< backend name, e.g. "cuda"
  std::string Toolchain; ///< compiler and version
  std::string Host, Created;
  std::vector<std::string> Kernels;
};

/// The complete spec of a kernel, types included, so that a machine without
/// the CUDA toolkit can drive the port with exactly the recorded launch.
nlohmann::json kernelToJson(const KernelSpec &S);
llvm::Expected<KernelSpec> kernelFromJson(const nlohmann::json &J,
                                          const std::string &Where);

/// Writes DIR/manifest.json and, per kernel whose reference ran,
/// DIR/<kernel>/{kernel.json, in/<param>.bin, out/<param>.bin}.
llvm::Error recordGolden(const std::string &Dir, const GoldenManifest &M,
                         const std::vector<KernelResult> &Kernels,
                         const std::string &WorkDir,
                         const std::string &FromGolden);

llvm::Expected<std::pair<GoldenManifest, std::vector<KernelSpec>>>
loadGolden(const std::string &Dir);

} // namespace hipport::validate
