// core::parseJson: any bytes give a value or an error with a position.
#include "Core/Json.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  nlohmann::json J;
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  if (llvm::Error E = hipport::core::parseJson("input.json", Text, J)) {
    std::string Msg = llvm::toString(std::move(E));
    if (Msg.rfind("input.json:", 0) != 0)
      __builtin_trap(); // every error names the file and a position
  }
  return 0;
}
