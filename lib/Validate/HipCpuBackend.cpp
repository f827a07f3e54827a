//===- HipCpuBackend.cpp - the HIP port on runtime/hipcpu ------------------===//
#include "Validate/HipcpuBackend.h"

namespace hipport::validate {
namespace {

/// The port at any width, built once per width with the macros a wave64
/// (gfx90a) or wave32 (gfx1100) device pass predefines, so that code that
/// picks its width at compile time builds as it would for that GPU.
class HipCpuBackend final : public HipcpuBackend {
public:
  llvm::StringRef name() const override { return "hip-cpu"; }
  bool buildsOriginal() const override { return false; }
  std::vector<int> widths(llvm::ArrayRef<int> Requested) const override {
    return {Requested.begin(), Requested.end()};
  }
  bool buildsPerWidth() const override { return true; }

protected:
  const char *spellingHeader() const override { return "hipcpu/hip_runtime.h"; }
  std::vector<std::string> widthDefines(int Wave) const override {
    return amdTargetDefines(Wave);
  }
};

} // namespace

const Backend &hipCpuBackend() {
  static const HipCpuBackend B;
  return B;
}

} // namespace hipport::validate
