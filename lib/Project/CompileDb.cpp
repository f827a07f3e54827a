#include "Project/CompileDb.h"

#include "Core/FileWriter.h"
#include "Core/Json.h"

#include "llvm/ADT/STLExtras.h"

namespace hipport::project {

llvm::Error checkCompileDb(const std::string &Path) {
  auto Text = core::readFile(Path);
  if (!Text)
    return Text.takeError();
  nlohmann::json J;
  if (llvm::Error E = core::parseJson(Path, *Text, J))
    return E;
  auto Bad = [&](const std::string &Where, const std::string &What) {
    return llvm::createStringError(Path + ":" + Where + ": " + What +
               " (a compile database is [{\"directory\": ..., \"file\": "
               "..., \"command\" or \"arguments\": ...}])");
  };
  if (!J.is_array())
    return Bad("/", "expected an array");
  for (size_t I = 0; I < J.size(); ++I) {
    const nlohmann::json &C = J[I];
    std::string At = "/" + std::to_string(I);
    if (!C.is_object())
      return Bad(At, "expected an object");
    for (const char *Key : {"directory", "file"})
      if (!C.contains(Key) || !C[Key].is_string())
        return Bad(At + "/" + Key, "expected a string");
    if (C.contains("command") ? !C["command"].is_string()
                              : !C.contains("arguments"))
      return Bad(At + "/command", "expected a string (or \"arguments\")");
    if (C.contains("arguments") &&
        (!C["arguments"].is_array() ||
         !llvm::all_of(C["arguments"],
                       [](const nlohmann::json &A) { return A.is_string(); })))
      return Bad(At + "/arguments", "expected an array of strings");
  }
  return llvm::Error::success();
}

} // namespace hipport::project
