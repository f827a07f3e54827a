//===- LintPendingPortTest.cpp - CUDA code a port has yet to enable -------===//
#include "Checks/PendingPort.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

using namespace hipport::checks;

namespace {

/// The pending regions of Text when the group opening at its first `#` was
/// skipped (to the end of the text).
std::vector<PendingRegion> pendingOf(const std::string &Text) {
  unsigned B = unsigned(Text.find('#'));
  return pendingPortRegions(Text, {{B, unsigned(Text.size())}});
}

std::string switchOf(const std::string &Text) {
  std::vector<PendingRegion> R = pendingOf(Text);
  return R.size() == 1 ? R[0].Switch : "";
}

TEST(LintPendingPort, ProjectSwitchesOpenARegion) {
  EXPECT_EQ(switchOf("#if defined(HYPRE_USING_CUDA)\nint a;\n#endif\n"),
            "HYPRE_USING_CUDA");
  EXPECT_EQ(switchOf("#ifdef USE_CUDA\nint a;\n#endif\n"), "USE_CUDA");
  EXPECT_EQ(switchOf("#if HAVE_CUDA == 1\nint a;\n#endif\n"), "HAVE_CUDA");
  EXPECT_EQ(switchOf("#if defined X_ENABLE_CUDA && N > 2\nint a;\n#endif\n"),
            "X_ENABLE_CUDA");
}

TEST(LintPendingPort, RegionSpansItsNestedGroups) {
  std::string T = "#ifdef USE_CUDA\n#if A\nint a;\n#endif\nint b;\n#endif\n";
  std::vector<PendingRegion> R = pendingOf(T);
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(R[0].Begin, 0u);
  EXPECT_EQ(R[0].End, unsigned(T.rfind("#endif")));
  EXPECT_EQ(regionAt(R, unsigned(T.find("int b"))), &R[0]);
  EXPECT_EQ(regionAt(R, unsigned(T.size())), nullptr);
}

TEST(LintPendingPort, NegatedToolkitAndCompilerMacrosAreNot) {
  for (const char *T :
       {"#ifndef USE_CUDA\nint a;\n#endif\n",
        "#if !defined(USE_CUDA)\nint a;\n#endif\n",
        "#if !USE_CUDA\nint a;\n#endif\n",
        "#if CUDA_VERSION < 9000\nint a;\n#endif\n",
        "#if CUDART_VERSION >= 11000\nint a;\n#endif\n",
        "#ifdef __CUDACC__\nint a;\n#endif\n",
        "#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600\nint a;\n#endif\n",
        "#if defined(USE_ROCM)\nint a;\n#endif\n"})
    EXPECT_TRUE(pendingOf(T).empty()) << T;
}

TEST(LintPendingPort, AGroupWithAnotherBranchIsNot) {
  EXPECT_TRUE(pendingOf("#ifdef USE_CUDA\nint a;\n#else\nint b;\n#endif\n")
                  .empty());
  EXPECT_TRUE(
      pendingOf("#if defined(USE_CUDA)\nint a;\n#elif defined(X)\n#endif\n")
          .empty());
}

TEST(LintPendingPort, AFileThatNamesHipIsNot) {
  EXPECT_TRUE(
      pendingOf("#ifdef USE_CUDA\nint a;\n#endif\n#ifdef USE_ROCM\n#endif\n")
          .empty());
  EXPECT_TRUE(pendingOf("#ifdef USE_CUDA\n#include <hip/hip_runtime.h>\n"
                        "#endif\n")
                  .empty());
  EXPECT_TRUE(pendingOf("#ifdef USE_CUDA\nint a = __HIP_DEVICE_COMPILE__;\n"
                        "#endif\n")
                  .empty());
}

TEST(LintPendingPort, NothingSkippedNothingPending) {
  EXPECT_TRUE(pendingPortRegions("#ifdef USE_CUDA\nint a;\n#endif\n", {})
                  .empty());
}

} // namespace
