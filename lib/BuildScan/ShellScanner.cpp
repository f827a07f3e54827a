#include "BuildScan/ShellScanner.h"
#include "BuildScan/LineRules.h"
#include "BuildScan/MakefileScanner.h"

#include "llvm/Support/Path.h"

namespace hipport::buildscan {

// Shell scripts share the id of Makefiles: both are nvcc command lines.
const ScannerInfo ShellScanner::Info = MakefileScanner::Info;

bool ShellScanner::handles(llvm::StringRef Path) const {
  return llvm::sys::path::filename(Path).ends_with(".sh");
}

void ShellScanner::scan(const std::string &File, llvm::StringRef Text,
                        std::vector<core::Finding> &Out) const {
  static const std::vector<LineRule> Rules = [] {
    std::vector<LineRule> R = nvccFlagRules();
    R.push_back({"/usr/local/cuda[^ \t\"']*",
                 "'$0' is NVIDIA's toolkit: use /opt/rocm"});
    return R;
  }();
  // Only command lines count: a script mentioning "-lcuda" in an echo of
  // help text is rare, but other tools' flags named like nvcc's are not.
  scanLines(MakefileScanner::Info, File, Text, Rules, '#', Out,
            "nvcc|-arch|-gencode|-lcu|-lnv|-lnccl|-Xptxas|--expt|cuda");
}

} // namespace hipport::buildscan
