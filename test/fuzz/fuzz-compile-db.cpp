// A compile database (-p): checked, or an error with its position.
#include "FuzzInput.h"
#include "Project/CompileDb.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (llvm::Error E =
          hipport::project::checkCompileDb(hipport::fuzz::inputFile(Data, Size)))
    llvm::consumeError(std::move(E));
  return 0;
}
