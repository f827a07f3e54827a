//===- CudaBackend.cpp - the CUDA original with nvcc on an NVIDIA GPU ------===//
#include "Validate/Backend.h"

namespace hipport::validate {
namespace {

class CudaBackend final : public Backend {
public:
  llvm::StringRef name() const override { return "cuda"; }
  bool buildsOriginal() const override { return true; }
  std::string missing(const Toolchain &TC) const override {
    if (TC.Nvcc.empty())
      return "nvcc not found";
    if (!TC.NvidiaGpu)
      return "no NVIDIA GPU (nvidia-smi lists none)";
    return "";
  }
  std::vector<std::string> compileCommand(const Toolchain &TC,
                                          const BuildRequest &R) const override {
    std::vector<std::string> C = {TC.Nvcc, "-std=c++17", "-O2", "-w",
                                  "-arch=" + TC.Opts.CudaArch};
    for (const std::string &D : R.IncludeDirs)
      C.push_back("-I" + D);
    C.insert(C.end(), R.UserFlags.begin(), R.UserFlags.end());
    C.insert(C.end(), {"-x", "cu"});
    C.insert(C.end(), R.Sources.begin(), R.Sources.end());
    C.insert(C.end(), {"-o", R.Output});
    return C;
  }
  llvm::StringRef driverExtension() const override { return ".cu"; }
  std::string version(const Toolchain &TC) const override {
    return Toolchain::versionOf(TC.Nvcc);
  }
};

} // namespace

const Backend &cudaBackend() {
  static const CudaBackend B;
  return B;
}

} // namespace hipport::validate
