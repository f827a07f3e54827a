//===- HipBackend.cpp - the HIP port with hipcc on an AMD GPU --------------===//
#include "Validate/HipBackend.h"

namespace hipport::validate {

std::vector<std::string> hipccCommand(const Toolchain &TC,
                                      const BuildRequest &R, bool ObjectOnly) {
  std::vector<std::string> C = {TC.Hipcc, "-std=c++17", "-O2", "-w",
                                "--offload-arch=" + TC.Opts.OffloadArch};
  if (ObjectOnly)
    C.push_back("-c");
  for (const std::string &D : R.IncludeDirs)
    C.push_back("-I" + D);
  C.insert(C.end(), R.UserFlags.begin(), R.UserFlags.end());
  C.insert(C.end(), {"-x", "hip"});
  C.insert(C.end(), R.Sources.begin(), R.Sources.end());
  C.insert(C.end(), {"-o", R.Output});
  return C;
}

namespace {

class HipBackend final : public Backend {
public:
  llvm::StringRef name() const override { return "hip"; }
  bool buildsOriginal() const override { return false; }
  std::string missing(const Toolchain &TC) const override {
    if (TC.Hipcc.empty())
      return "hipcc not found";
    if (!TC.AmdGpu)
      return "no AMD GPU (no /dev/kfd, or rocminfo lists none)";
    return "";
  }
  std::vector<std::string> compileCommand(const Toolchain &TC,
                                          const BuildRequest &R) const override {
    return hipccCommand(TC, R, false);
  }
  llvm::StringRef driverExtension() const override { return ".hip"; }
  std::string version(const Toolchain &TC) const override {
    return Toolchain::versionOf(TC.Hipcc);
  }
};

} // namespace

const Backend &hipBackend() {
  static const HipBackend B;
  return B;
}

} // namespace hipport::validate
