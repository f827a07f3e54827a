#include "BuildScan/MakefileScanner.h"
#include "BuildScan/LineRules.h"

#include "llvm/Support/Path.h"

namespace hipport::buildscan {

const ScannerInfo MakefileScanner::Info = {
    "build-nvcc-flags", core::Severity::Warning,
    "nvcc and its flags in Makefiles and shell scripts: -arch=sm_XX, "
    "-gencode, --expt-*, -Xptxas, -lcudart, -lcublas..."};

bool MakefileScanner::handles(llvm::StringRef Path) const {
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  return Name == "Makefile" || Name == "makefile" || Name == "GNUmakefile" ||
         Name.ends_with(".mk") || Name.ends_with(".make");
}

void MakefileScanner::scan(const std::string &File, llvm::StringRef Text,
                           std::vector<core::Finding> &Out) const {
  static const std::vector<LineRule> Rules = [] {
    std::vector<LineRule> R = nvccFlagRules();
    R.push_back({"(CUDA_PATH|CUDA_HOME|CUDA_ROOT|CUDA_DIR)",
                 "'$0' points at NVIDIA's toolkit: use ROCM_PATH (/opt/rocm)"});
    R.push_back({"/usr/local/cuda[^ \t\"']*",
                 "'$0' is NVIDIA's toolkit: use /opt/rocm"});
    return R;
  }();
  scanLines(Info, File, Text, Rules, '#', Out);
}

} // namespace hipport::buildscan
