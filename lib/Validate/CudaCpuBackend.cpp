//===- CudaCpuBackend.cpp - the CUDA original on runtime/hipcpu ------------===//
#include "Validate/HipcpuBackend.h"

namespace hipport::validate {
namespace {

/// The reference where no NVIDIA GPU is: the original, CUDA spelling,
/// always at width 32 (CUDA's), with no AMD macros.
class CudaCpuBackend final : public HipcpuBackend {
public:
  llvm::StringRef name() const override { return "cuda-cpu"; }
  bool buildsOriginal() const override { return true; }
  std::vector<int> widths(llvm::ArrayRef<int>) const override { return {32}; }

protected:
  const char *spellingHeader() const override {
    return "hipcpu/cuda_runtime.h";
  }
};

} // namespace

const Backend &cudaCpuBackend() {
  static const CudaCpuBackend B;
  return B;
}

} // namespace hipport::validate
