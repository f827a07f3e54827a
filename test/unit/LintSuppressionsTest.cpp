//===- LintSuppressionsTest.cpp - comments that silence findings ---------===//
#include "Checks/Suppressions.h"

#include <gtest/gtest.h>

using namespace hipport::checks;

namespace {

const char *Id = "wave64-warp-size-literal";

TEST(LintSuppressions, NothingWithoutAComment) {
  EXPECT_FALSE(isSuppressed(Id, "int w = threadIdx.x / 32;", ""));
  EXPECT_FALSE(isSuppressed(Id, "int w = threadIdx.x / 32; // 32 lanes", "int x;"));
}

TEST(LintSuppressions, IgnoreOnTheLineOrAbove) {
  EXPECT_TRUE(isSuppressed(
      Id, "int w = tid / 32; // hipport-lint: ignore[wave64-warp-size-literal]",
      ""));
  EXPECT_TRUE(isSuppressed(Id, "int w = tid / 32;",
                           "// hipport-lint: ignore[wave64-warp-size-literal]"));
  EXPECT_TRUE(isSuppressed(
      Id, "x; // hipport-lint: ignore[wave64-ballot-mask-width, wave64-warp-size-literal]",
      ""));
}

TEST(LintSuppressions, OtherIdsStayReported) {
  EXPECT_FALSE(isSuppressed(
      Id, "x; // hipport-lint: ignore[wave64-ballot-mask-width]", ""));
  EXPECT_FALSE(isSuppressed(Id, "x; // NOLINT(ptx-inline-asm)", ""));
  EXPECT_FALSE(isSuppressed(Id, "x;", "// NOLINTNEXTLINE(ptx-*)"));
}

TEST(LintSuppressions, GlobsStarsAndTidyPrefix) {
  EXPECT_TRUE(isSuppressed(Id, "x; // hipport-lint: ignore[wave64-*]", ""));
  EXPECT_TRUE(isSuppressed(Id, "x; // hipport-lint: ignore[*]", ""));
  EXPECT_TRUE(isSuppressed(Id, "x; // NOLINT(hipport-wave64-warp-size-literal)", ""));
  EXPECT_FALSE(isSuppressed(Id, "x; // hipport-lint: ignore[rocm7-*]", ""));
}

TEST(LintSuppressions, NolintScopes) {
  EXPECT_TRUE(isSuppressed(Id, "x; // NOLINT", ""));
  EXPECT_TRUE(isSuppressed(Id, "x; // NOLINT(wave64-warp-size-literal)", ""));
  EXPECT_TRUE(isSuppressed(Id, "x;", "// NOLINTNEXTLINE(wave64-warp-size-literal)"));
  // NOLINT covers its own line only; NOLINTNEXTLINE only the next one.
  EXPECT_FALSE(isSuppressed(Id, "x;", "y; // NOLINT(wave64-warp-size-literal)"));
  EXPECT_FALSE(isSuppressed(Id, "x; // NOLINTNEXTLINE(wave64-warp-size-literal)", ""));
}

} // namespace
