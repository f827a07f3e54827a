#include "Port/HeaderShims.h"

#include "Core/FileWriter.h"
#include "Core/Json.h"
#include "Core/Paths.h"
#include "Port/AstFix.h"

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

static llvm::Expected<NameShimTable> readNameShims(const std::string &File) {
  auto Read = readTableJson(File);
  if (!Read)
    return Read.takeError();
  nlohmann::json &J = *Read;
  if (!J.is_object() || !J.contains("shims") || !J["shims"].is_array())
    return tableError(File, "", "expected an object with a 'shims' array");
  NameShimTable T;
  for (size_t I = 0; I < J["shims"].size(); ++I) {
    const nlohmann::json &E = J["shims"][I];
    std::string At = "/shims/" + std::to_string(I);
    if (!E.is_object() || E.size() != 3 || !E.contains("file") ||
        !E["file"].is_string() || !E.contains("rewrite") ||
        !E["rewrite"].is_string() || !E.contains("names") ||
        !E["names"].is_object())
      return tableError(File, At,
                       "needs exactly 'file', 'rewrite' (strings) and 'names' "
                       "(an object of CUDA name -> stand-in)");
    std::string ShimFile = E["file"];
    auto Body = core::readFile(core::rulesDirectory() + "/port/" + ShimFile);
    if (!Body)
      return tableError(File, At + "/file", llvm::toString(Body.takeError()));
    T.Shims.push_back({ShimFile, E["rewrite"], std::move(*Body)});
    for (auto &[Cuda, Hip] : E["names"].items()) {
      if (!Hip.is_string())
        return tableError(File, At + "/names/" + Cuda, "expected a string");
      if (!T.Names.try_emplace(Cuda, Hip, T.Shims.size() - 1).second)
        return tableError(File, At + "/names/" + Cuda, "listed twice");
    }
  }
  if (J.contains("warnings")) {
    if (!J["warnings"].is_object())
      return tableError(File, "/warnings", "expected an object");
    for (auto &[Cuda, Why] : J["warnings"].items()) {
      if (!Why.is_string() || !T.Names.count(Cuda))
        return tableError(File, "/warnings/" + Cuda,
                         "expected a string, for a name a shim lists");
      T.Warnings[Cuda] = Why;
    }
  }
  return T;
}

llvm::Expected<const NameShimTable *> nameShims() {
  static RulesTable<NameShimTable> Table("port/name-shims.json", readNameShims);
  return Table.get();
}

} // namespace hipport::port
