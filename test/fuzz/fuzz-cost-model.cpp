// A cost model (report --cost-model FILE): complete, or partial over the
// built-in one, loaded or refused with one error per field.
#include "FuzzInput.h"
#include "Report/CostModel.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  const std::string &File = hipport::fuzz::inputFile(Data, Size);
  auto Full = hipport::report::CostModel::load(File);
  if (!Full)
    llvm::consumeError(Full.takeError());
  static auto Base =
      hipport::report::CostModel::load(hipport::report::CostModel::builtinFile());
  if (Base) {
    auto Partial = hipport::report::CostModel::load(File, &*Base);
    if (!Partial)
      llvm::consumeError(Partial.takeError());
  }
  return 0;
}
