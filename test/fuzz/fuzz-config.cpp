// A lint configuration (.hipport.json): loaded, or an error with the file
// and position. The check registry is replaced by a few ids here, so the
// target does not link every check and clang's AST libraries.
#include "Checks/CheckRegistry.h"
#include "Checks/LintConfig.h"
#include "FuzzInput.h"

namespace hipport::checks {
const CheckInfo *findCheck(llvm::StringRef Id) {
  static const CheckInfo Known[] = {
      {"wave64-warp-size-literal", core::Severity::Warning, ""},
      {"wave64-ballot-mask-width", core::Severity::Error, ""},
      {"inline-ptx", core::Severity::Error, ""}};
  for (const CheckInfo &C : Known)
    if (Id == C.Id)
      return &C;
  return nullptr;
}
} // namespace hipport::checks

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  auto C = hipport::checks::LintConfig::load(hipport::fuzz::inputFile(Data, Size));
  if (!C)
    llvm::consumeError(C.takeError());
  return 0;
}
