#include "BuildScan/BuildScanner.h"
#include "BuildScan/CMakeScanner.h"
#include "BuildScan/MakefileScanner.h"
#include "BuildScan/SetupPyScanner.h"
#include "BuildScan/ShellScanner.h"

namespace hipport::buildscan {

const std::vector<std::unique_ptr<Scanner>> &scanners() {
  static const std::vector<std::unique_ptr<Scanner>> S = [] {
    std::vector<std::unique_ptr<Scanner>> V;
    V.push_back(std::make_unique<CMakeScanner>());
    V.push_back(std::make_unique<MakefileScanner>());
    V.push_back(std::make_unique<ShellScanner>());
    V.push_back(std::make_unique<SetupPyScanner>());
    return V;
  }();
  return S;
}

std::vector<const ScannerInfo *> scannerInfos() {
  // Distinct ids: shell scripts share build-nvcc-flags with Makefiles.
  return {&CMakeScanner::Info, &MakefileScanner::Info, &SetupPyScanner::Info};
}

bool isBuildFile(llvm::StringRef Path) {
  for (const auto &S : scanners())
    if (S->handles(Path))
      return true;
  return false;
}

std::vector<core::Finding> scanBuildFile(const std::string &Path,
                                         llvm::StringRef Text) {
  std::vector<core::Finding> Out;
  for (const auto &S : scanners())
    if (S->handles(Path))
      S->scan(Path, Text, Out);
  return Out;
}

} // namespace hipport::buildscan
