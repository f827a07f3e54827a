//===- HipcpuBackend.h - what the two runtime/hipcpu backends share -*- C++ -*-===//
#pragma once

#include "Validate/Backend.h"

namespace hipport::validate {

/// A build on runtime/hipcpu with the host C++ compiler: the sources are
/// launch mirrors, the spelling header is force-included, and the width is
/// chosen at run time (HIPCPU_WARP_SIZE) plus, for the port, at compile
/// time through the predefined macros of a real AMD target of that width.
class HipcpuBackend : public Backend {
public:
  bool onHipcpu() const override { return true; }
  std::string missing(const Toolchain &TC) const override;
  std::vector<std::string> compileCommand(const Toolchain &TC,
                                          const BuildRequest &R) const override;
  std::vector<std::string> runEnvironment(int Wave) const override;
  llvm::StringRef driverExtension() const override { return ".cpp"; }
  std::string version(const Toolchain &TC) const override;

protected:
  /// "hipcpu/cuda_runtime.h" or "hipcpu/hip_runtime.h".
  virtual const char *spellingHeader() const = 0;
  /// -D flags the build for this width adds.
  virtual std::vector<std::string> widthDefines(int Wave) const { return {}; }
};

/// The -D flags of the representative AMD target of a width
/// (rules/targets/amd.json), less the device-pass macros that select AMD
/// builtins and inline assembly a CPU build cannot compile; empty when the
/// table has no target of that width.
std::vector<std::string> amdTargetDefines(int Wave);

} // namespace hipport::validate
