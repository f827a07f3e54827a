#include "BuildScan/SetupPyScanner.h"
#include "BuildScan/LineRules.h"

#include "llvm/Support/Path.h"

namespace hipport::buildscan {

const ScannerInfo SetupPyScanner::Info = {
    "build-setuppy-cuda", core::Severity::Warning,
    "CUDA in setup.py: CUDAExtension, extra_compile_args['nvcc'], CUDA_HOME "
    "and nvcc flags"};

bool SetupPyScanner::handles(llvm::StringRef Path) const {
  return llvm::sys::path::filename(Path) == "setup.py";
}

void SetupPyScanner::scan(const std::string &File, llvm::StringRef Text,
                          std::vector<core::Finding> &Out) const {
  static const std::vector<LineRule> Rules = [] {
    std::vector<LineRule> R = {
        {"CUDAExtension",
         "'$0' builds with nvcc; on a ROCm build of PyTorch it hipifies the "
         "sources and compiles with hipcc: check the 'nvcc' flags and that "
         "the kernels pass hipport lint"},
        {"['\"]nvcc['\"][ \t]*:",
         "$0 flags go to hipcc on ROCm: keep only flags hipcc accepts "
         "(--offload-arch=gfx942, -O3, -ffast-math)"},
        {"CUDA_HOME", "'$0' is NVIDIA's toolkit: use ROCM_HOME "
                      "(torch.utils.cpp_extension.ROCM_HOME)"},
    };
    for (const LineRule &F : nvccFlagRules())
      if (F.Pattern.find("nvcc") == std::string::npos)
        R.push_back(F);
    return R;
  }();
  scanLines(Info, File, Text, Rules, '#', Out);
}

} // namespace hipport::buildscan
