// A lint baseline (--baseline FILE): loaded, or an error naming the file.
#include "Checks/Baseline.h"
#include "FuzzInput.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  auto B = hipport::checks::Baseline::load(hipport::fuzz::inputFile(Data, Size));
  if (!B)
    llvm::consumeError(B.takeError());
  return 0;
}
