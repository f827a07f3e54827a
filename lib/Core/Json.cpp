#include "Core/Json.h"

#include "Core/SourceText.h"

#include <algorithm>

namespace hipport::core {

llvm::Error parseJson(const std::string &Path, llvm::StringRef Text,
                      nlohmann::json &J) {
  size_t Byte = 0;
  std::string What;
  try {
    J = nlohmann::json::parse(Text.begin(), Text.end());
    return llvm::Error::success();
  } catch (const nlohmann::json::parse_error &E) {
    Byte = E.byte;
    What = E.what();
  } catch (const nlohmann::json::exception &E) {
    What = E.what();
  }
  SourceText S(Text.str());
  unsigned Off = unsigned(std::min<size_t>(Byte ? Byte - 1 : 0,
                                           Text.empty() ? 0 : Text.size() - 1));
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      Path + ":" + std::to_string(S.line(Off)) + ":" +
          std::to_string(S.column(Off)) + ": invalid JSON: " + What);
}

} // namespace hipport::core
