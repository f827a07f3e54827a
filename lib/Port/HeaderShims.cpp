#include "Port/HeaderShims.h"

#include "Core/FileWriter.h"
#include "Core/Paths.h"

#include <map>
#include <mutex>

namespace hipport::port {

const HeaderShim *headerShim(llvm::StringRef CudaHeader) {
  static std::once_flag Once;
  static std::map<std::string, HeaderShim, std::less<>> Shims;
  std::call_once(Once, [] {
    // One line per shim: the header it replaces, its file, its stats id.
    const struct {
      const char *Cuda, *File, *Rewrite;
    } Known[] = {
        {"cooperative_groups/reduce.h", "hip_cg_reduce.h", "cg-reduce-shim"},
    };
    for (const auto &K : Known) {
      auto Text = core::readFile(core::rulesDirectory() + "/port/" + K.File);
      if (!Text) {
        llvm::consumeError(Text.takeError()); // no shim: the header is reported
        continue;
      }
      Shims[K.Cuda] = {K.File, K.Rewrite, std::move(*Text)};
    }
  });
  auto It = Shims.find(CudaHeader);
  return It == Shims.end() ? nullptr : &It->second;
}

} // namespace hipport::port
