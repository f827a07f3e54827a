#include "Report/Automation.h"
#include "Report/ReportWriter.h"

#include <gtest/gtest.h>

using namespace hipport::report;

namespace {

LintFinding finding(const char *File, unsigned Line, const char *Check,
                    const char *Severity) {
  LintFinding F;
  F.Loc.File = File;
  F.Loc.Line = Line;
  F.Check = Check;
  F.Severity = Severity;
  F.Message = Check;
  return F;
}

BuildItem build(const char *File, unsigned Line, const char *Message,
                bool Rewrite) {
  BuildItem B;
  B.Loc.File = File;
  B.Loc.Line = Line;
  B.Check = "build-nvcc-flags";
  B.Severity = "warning";
  B.Message = Message;
  B.Rewrite = Rewrite;
  return B;
}

ApiUse api(const char *Name, const char *Status, const char *Hip,
           unsigned Calls, const char *File, bool ThirdParty = false) {
  ApiUse A;
  A.Name = Name;
  A.Family = "cuda-runtime";
  A.Status = Status;
  A.Hip = Hip;
  A.Calls = Calls;
  A.First.File = File;
  A.First.Line = 3;
  A.ThirdParty = ThirdParty;
  return A;
}

/// A report with one of everything the split looks at, built by hand.
Report sample() {
  Report R;
  R.Api.push_back(api("cudaMalloc", "supported", "hipMalloc", 7, "a.cu", false));
  R.Api.push_back(api("dim3", "supported", "dim3", 4, "a.cu", false));
  R.Api.push_back(api("cudaStreamGetId", "unsupported", "", 3, "b.cu", false));
  R.Api.push_back(api("cudaFoo", "unsupported", "", 2, "third_party/x.cu", true));
  R.Findings.push_back(finding("a.cu", 20, "wave64-lane-mask-literal", "warning"));
  R.Findings.push_back(finding("a.cu", 10, "ptx-inline-asm", "error"));
  R.Findings.push_back(finding("a.cu", 12, "wave64-ballot-mask-width", "error"));
  R.Findings.push_back(finding("a.cu", 30, "some-note", "note"));
  R.Build.push_back(build("CMakeLists.txt", 3, "-arch=sm_80", false));
  R.Build.push_back(build("CMakeLists.txt", 7, "-arch=sm_80", false));
  R.Build.push_back(build("setup.py", 2, "CUDAExtension", true));
  Kernel K;
  K.Name = "k";
  K.Loc.File = "a.cu";
  K.Loc.Line = 8;
  K.InlineAsm = 2;
  R.Kernels.push_back(K);
  return R;
}

TEST(ReportAutomation, SplitsAutomaticFromManualRiskiestFirst) {
  Report R = sample();
  automation(R);
  // Renames of mapped names (7 uses; dim3 is spelled the same) and the build
  // finding with a fix are automatic.
  EXPECT_EQ(R.Auto.Automatic, 8u);
  std::vector<std::string> Kinds;
  for (const ManualSite &S : R.Auto.Sites)
    Kinds.push_back(S.Kind);
  // Lint's PTX finding stands for the kernel's asm; third-party names and
  // notes are not sites; the -arch flag twice in one file is one site.
  EXPECT_EQ(Kinds, (std::vector<std::string>{"lint-error", "inline-ptx",
                                             "unsupported-api", "lint-warning",
                                             "build"}));
  EXPECT_EQ(R.Auto.Sites[2].Count, 3u);
  EXPECT_EQ(R.Auto.Manual, 1u + 1u + 3u + 1u + 1u);
  EXPECT_EQ(R.Auto.total(), R.Auto.Automatic + R.Auto.Manual);
  EXPECT_EQ(headline(R), "hipport port does 8 of 15 edits automatically; "
                         "5 sites need a person");
}

TEST(ReportAutomation, PtxFromKernelsWithoutLint) {
  Report R = sample();
  R.Findings.clear();
  automation(R);
  ASSERT_FALSE(R.Auto.Sites.empty());
  EXPECT_EQ(R.Auto.Sites[0].Kind, "inline-ptx");
  EXPECT_EQ(R.Auto.Sites[0].Loc.File, "a.cu");
  EXPECT_EQ(R.Auto.Sites[0].Loc.Line, 8u);
  EXPECT_EQ(R.Auto.Sites[0].Count, 2u);
}

TEST(ReportAutomation, BuildGroupsPerFileDeduplicated) {
  Report R = sample();
  auto G = buildGroups(R);
  ASSERT_EQ(G.size(), 2u);
  EXPECT_EQ(G[0].File, "CMakeLists.txt");
  ASSERT_EQ(G[0].Entries.size(), 1u);
  EXPECT_EQ(G[0].Entries[0].Lines, (std::vector<unsigned>{3, 7}));
  EXPECT_TRUE(G[1].Entries[0].Rewrite);
}

} // namespace
