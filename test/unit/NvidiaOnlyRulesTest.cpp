#include "Checks/NvidiaOnlyFeatureCheck.h"
#include "Rules/RuleSet.h"

#include <gtest/gtest.h>

using namespace hipport;

namespace {

/// The check's advice comes from the rules: each feature it looks for needs
/// an entry, or the advice would be a generic "no HIP counterpart".
TEST(NvidiaOnlyFeature, EveryFeatureHasARulesEntry) {
  auto RS = rules::RuleSet::loadBuiltin();
  ASSERT_TRUE(bool(RS)) << llvm::toString(RS.takeError());
  for (llvm::StringRef N : checks::NvidiaOnlyFeatureCheck::features())
    EXPECT_NE(RS->find(N), nullptr) << N.str();
}

/// __match_any_sync is HIP's since ROCm 7.0: unsupported before, renamed at.
TEST(NvidiaOnlyFeature, TheTargetDecides) {
  auto RS = rules::RuleSet::loadBuiltin();
  ASSERT_TRUE(bool(RS));
  const rules::RuleEntry *E = RS->find("__match_any_sync");
  ASSERT_NE(E, nullptr);
  rules::TargetOptions Old, New;
  Old.Rocm = rules::RocmVersion{6, 4};
  New.Rocm = rules::RocmVersion{7, 0};
  EXPECT_EQ(RS->resolve(*E, Old).Act, rules::Mapping::Action::Unsupported);
  EXPECT_EQ(RS->resolve(*E, New).Act, rules::Mapping::Action::Rename);
}

} // namespace
