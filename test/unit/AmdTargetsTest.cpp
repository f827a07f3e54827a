#include "Core/AmdTargets.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace hipport::core;

namespace {

bool defines(const AmdTarget &T, const std::string &Name, const std::string &Value) {
  return std::find(T.Macros.begin(), T.Macros.end(),
                   std::make_pair(Name, Value)) != T.Macros.end();
}

} // namespace

// rules/targets/amd.json holds one wave64 and one wave32 target, each with the
// width macro older ROCm releases define and the device-pass macros.
TEST(AmdTargets, Wave64AndWave32TargetsCarryTheirMacros) {
  auto W64 = amdTargetForWave(64);
  ASSERT_TRUE(bool(W64)) << llvm::toString(W64.takeError());
  EXPECT_EQ(W64->Name, "gfx90a");
  EXPECT_TRUE(defines(*W64, "__AMDGCN_WAVEFRONT_SIZE", "64"));
  EXPECT_TRUE(defines(*W64, "__GFX9__", "1"));
  EXPECT_TRUE(defines(*W64, "__HIP_DEVICE_COMPILE__", "1"));

  auto W32 = amdTargetForWave(32);
  ASSERT_TRUE(bool(W32)) << llvm::toString(W32.takeError());
  EXPECT_EQ(W32->Name, "gfx1100");
  EXPECT_TRUE(defines(*W32, "__AMDGCN_WAVEFRONT_SIZE", "32"));
  EXPECT_FALSE(defines(*W32, "__GFX9__", "1"));
}

TEST(AmdTargets, DefineFlagsSpellEachMacro) {
  auto W64 = amdTargetForWave(64);
  ASSERT_TRUE(bool(W64)) << llvm::toString(W64.takeError());
  auto Flags = W64->defineFlags();
  EXPECT_NE(std::find(Flags.begin(), Flags.end(), "-D__gfx90a__=1"), Flags.end());
  EXPECT_EQ(Flags.size(), W64->Macros.size());
}

TEST(AmdTargets, UnknownWidthIsAnError) {
  auto W16 = amdTargetForWave(16);
  ASSERT_FALSE(bool(W16));
  EXPECT_NE(llvm::toString(W16.takeError()).find("16"), std::string::npos);
}
