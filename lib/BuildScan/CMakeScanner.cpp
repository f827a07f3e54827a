#include "BuildScan/CMakeScanner.h"
#include "BuildScan/LineRules.h"

#include "llvm/Support/Path.h"

namespace hipport::buildscan {

const ScannerInfo CMakeScanner::Info = {
    "build-cmake-cuda", core::Severity::Warning,
    "CUDA in CMake: enable_language(CUDA), CUDA_ARCHITECTURES, "
    "find_package(CUDA|CUDAToolkit), CUDA:: targets, CMAKE_CUDA_* variables"};

bool CMakeScanner::handles(llvm::StringRef Path) const {
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  return Name == "CMakeLists.txt" || Name.ends_with(".cmake");
}

void CMakeScanner::scan(const std::string &File, llvm::StringRef Text,
                        std::vector<core::Finding> &Out) const {
  static const std::vector<LineRule> Rules = [] {
    std::vector<LineRule> R = {
        {"enable_language[ \t]*\\([ \t]*CUDA[ \t]*\\)",
         "'$0' enables NVIDIA's CUDA language: use enable_language(HIP)"},
        {"LANGUAGES([ \t]+[A-Z]+)*[ \t]+CUDA($|[^A-Za-z_])",
         "project '$0' enables CUDA: list HIP instead"},
        {"LANGUAGE[ \t]+CUDA($|[^A-Za-z_])",
         "'$0' compiles sources as CUDA: use LANGUAGE HIP"},
        {"CMAKE_CUDA_ARCHITECTURES|CUDA_ARCHITECTURES",
         "'$0' lists NVIDIA architectures: use CMAKE_HIP_ARCHITECTURES / "
         "HIP_ARCHITECTURES with AMD targets (e.g. gfx942)"},
        {"find_package[ \t]*\\([ \t]*CUDAToolkit",
         "'$0' looks for NVIDIA's toolkit: use find_package(hip) and the "
         "packages of the hip* libraries"},
        {"find_package[ \t]*\\([ \t]*CUDA($|[^A-Za-z_])",
         "'$0' uses the removed FindCUDA module: use find_package(hip)"},
        {"CUDAToolkit_FOUND|CUDA_FOUND",
         "'$0' tests for NVIDIA's toolkit: test hip_FOUND"},
        {"CUDA::cudart(_static)?", "'$0' is NVIDIA's runtime: link hip::host "
                                   "(hip::device for device code)"},
        {"CUDA::cuda_driver", "'$0' is NVIDIA's driver: link hip::host"},
    };
    // Library targets come from the rules' library blocks.
    for (const LineRule &L : libraryTargetRules())
      R.push_back(L);
    std::vector<LineRule> Rest = {
        {"CUDA::[A-Za-z_0-9]+", "'$0' is an NVIDIA imported target: use the "
                                "hip:: or roc:: counterpart"},
        {"CMAKE_CUDA_[A-Z_]+", "'$0' configures NVIDIA's CUDA language: use "
                               "the CMAKE_HIP_ variable"},
        {"cuda_add_(executable|library)",
         "'$0' is from the removed FindCUDA module: use add_executable / "
         "add_library with LANGUAGE HIP sources"},
        {"CUDA_SEPARABLE_COMPILATION",
         "'$0' is CUDA relocatable device code: use -fgpu-rdc "
         "(HIP_SEPARABLE_COMPILATION is not a property)"},
        {"CUDA_NVCC_FLAGS", "'$0' holds nvcc flags: use CMAKE_HIP_FLAGS with "
                            "hipcc/clang flags"},
    };
    R.insert(R.end(), Rest.begin(), Rest.end());
    for (const LineRule &F : nvccFlagRules())
      R.push_back(F);
    return R;
  }();
  scanLines(Info, File, Text, Rules, '#', Out);
}

} // namespace hipport::buildscan
