//===- LintConfigTest.cpp - .hipport.json and --checks globs -------------===//
#include "Checks/LintConfig.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace hipport;
using namespace hipport::checks;

namespace {

struct TempDir {
  llvm::SmallString<128> Path;
  TempDir() { EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("lintcfg", Path)); }
  ~TempDir() { llvm::sys::fs::remove_directories(Path); }
  std::string write(const std::string &Rel, const std::string &Text) {
    std::string F = (Path + "/" + Rel).str();
    std::error_code EC;
    llvm::raw_fd_ostream OS(F, EC);
    OS << Text;
    return F;
  }
};

TEST(LintConfig, EverythingEnabledByDefault) {
  LintConfig C;
  EXPECT_TRUE(C.enabled("wave64-warp-size-literal"));
  EXPECT_TRUE(C.enabled("build-nvcc-flags"));
  EXPECT_FALSE(C.severity("wave64-warp-size-literal").has_value());
}

TEST(LintConfig, GlobsApplyInOrderLaterWins) {
  LintConfig C;
  ASSERT_FALSE(llvm::errorToBool(C.addGlobs("-*,wave64-*,-wave64-shuffle-width")));
  EXPECT_TRUE(C.enabled("wave64-ballot-mask-width"));
  EXPECT_FALSE(C.enabled("wave64-shuffle-width"));
  EXPECT_FALSE(C.enabled("ptx-inline-asm"));
  ASSERT_FALSE(llvm::errorToBool(C.addGlobs("hipport-ptx-inline-asm")));
  EXPECT_TRUE(C.enabled("ptx-inline-asm"));
}

TEST(LintConfig, UnknownIdsAndSeveritiesAreErrors) {
  LintConfig C;
  llvm::Error E = C.addGlobs("-wave64-warp-size-litreal");
  ASSERT_TRUE(bool(E));
  EXPECT_NE(llvm::toString(std::move(E)).find("unknown check"), std::string::npos);
  EXPECT_TRUE(llvm::errorToBool(C.setSeverity("no-such-check", "error")));
  EXPECT_TRUE(llvm::errorToBool(C.setSeverity("ptx-inline-asm", "fatal")));
  ASSERT_FALSE(llvm::errorToBool(C.setSeverity("wave64-shuffle-width", "error")));
  EXPECT_EQ(C.severity("wave64-shuffle-width"), core::Severity::Error);
}

TEST(LintConfig, LoadsChecksSeverityAndExcludes) {
  TempDir D;
  std::string F = D.write(".hipport.json", R"({"lint": {
      "checks": ["-*", "rocm7-*"],
      "severity": {"rocm7-warpsize-constexpr": "warning"},
      "exclude": ["third_party/"]}})");
  auto C = LintConfig::load(F);
  ASSERT_TRUE(bool(C)) << llvm::toString(C.takeError());
  EXPECT_TRUE(C->enabled("rocm7-warpsize-constexpr"));
  EXPECT_FALSE(C->enabled("wave64-lane-mask-literal"));
  EXPECT_EQ(C->severity("rocm7-warpsize-constexpr"), core::Severity::Warning);
  ASSERT_EQ(C->excludes().size(), 1u);
  EXPECT_EQ(C->excludes()[0], "third_party/");
}

TEST(LintConfig, ErrorsNameFileAndPointer) {
  TempDir D;
  std::string F = D.write(".hipport.json",
                          R"({"lint": {"severity": {"wave64-shuffle-width": 3}}})");
  auto C = LintConfig::load(F);
  ASSERT_FALSE(bool(C));
  std::string Msg = llvm::toString(C.takeError());
  EXPECT_NE(Msg.find(F + ":/lint/severity/wave64-shuffle-width"), std::string::npos)
      << Msg;
  std::string G = D.write("bad.json", "{not json");
  auto C2 = LintConfig::load(G);
  ASSERT_FALSE(bool(C2));
  EXPECT_NE(llvm::toString(C2.takeError()).find(G), std::string::npos);
}

TEST(LintConfig, FindsTheNearestFileAbove) {
  TempDir D;
  ASSERT_FALSE(llvm::sys::fs::create_directories(D.Path + "/a/b/c"));
  std::string Top = D.write(".hipport.json", "{}");
  std::string Mid = D.write("a/.hipport.json", "{}");
  EXPECT_EQ(LintConfig::find((D.Path + "/a/b/c").str()), Mid);
  EXPECT_EQ(LintConfig::find((D.Path + "/a").str()), Mid);
  EXPECT_EQ(LintConfig::find(D.Path.str().str()), Top);
}

} // namespace
