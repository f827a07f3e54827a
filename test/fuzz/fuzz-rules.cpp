// A user rule table (--rules FILE): loaded, or one error per problem.
#include "FuzzInput.h"
#include "Rules/RuleSet.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  auto RS = hipport::rules::RuleSet::load({hipport::fuzz::inputFile(Data, Size)});
  if (!RS) {
    llvm::consumeError(RS.takeError());
    return 0;
  }
  hipport::rules::TargetOptions T;
  for (const hipport::rules::RuleEntry &E : RS->entries())
    (void)RS->resolve(E, T);
  (void)RS->stats();
  return 0;
}
