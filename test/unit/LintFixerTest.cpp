//===- LintFixerTest.cpp - applying fix-its of findings ------------------===//
#include "Checks/Fixer.h"

#include "Core/FileWriter.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace hipport;
using namespace hipport::checks;

namespace {

core::Finding withFixes(std::string Id,
                        std::vector<std::tuple<std::string, unsigned, unsigned,
                                               std::string>> Fixes) {
  core::Finding F;
  F.CheckId = std::move(Id);
  for (auto &[File, Off, Len, Text] : Fixes)
    F.Fixes.push_back({{File, Off, Len}, Text});
  if (!F.Fixes.empty())
    F.Range = F.Fixes.front().Range;
  return F;
}

struct TempFile {
  llvm::SmallString<128> Dir;
  std::string Path;
  explicit TempFile(const std::string &Text) {
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("lintfix", Dir));
    Path = (Dir + "/k.cu").str();
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    OS << Text;
  }
  ~TempFile() { llvm::sys::fs::remove_directories(Dir); }
  std::string text() const { return llvm::cantFail(core::readFile(Path)); }
};

auto All = [](llvm::StringRef) { return true; };

TEST(LintFixer, AppliesNonOverlappingFixesInOrder) {
  //               0         1         2         3
  //               0123456789012345678901234567890123456
  TempFile T("unsigned m = __ballot(p); n = __popc(m);\n");
  std::vector<core::Finding> Fs = {
      withFixes("wave64-ballot-mask-width", {{T.Path, 0, 8, "unsigned long long"}}),
      withFixes("wave64-ballot-mask-width", {{T.Path, 30, 6, "__popcll"}})};
  auto R = applyFixes(Fs, All);
  ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
  EXPECT_EQ(T.text(), "unsigned long long m = __ballot(p); n = __popcll(m);\n");
  ASSERT_EQ(R->Applied.size(), 1u);
  EXPECT_EQ(R->Applied[0].second, 2u);
  EXPECT_TRUE(R->Conflicts.empty());
}

TEST(LintFixer, RefusesOverlapsAndMergesDuplicates) {
  TempFile T("0123456789\n");
  std::vector<core::Finding> Fs = {
      withFixes("a", {{T.Path, 2, 3, "X"}}),
      withFixes("b", {{T.Path, 2, 3, "X"}}),   // same edit: applied once
      withFixes("c", {{T.Path, 4, 2, "Y"}}),   // overlaps a's edit
      withFixes("d", {{T.Path, 8, 1, "Z"}})};
  auto R = applyFixes(Fs, All);
  ASSERT_TRUE(bool(R));
  EXPECT_EQ(T.text(), "01X567Z9\n");
  ASSERT_EQ(R->Conflicts.size(), 1u);
  EXPECT_EQ(R->Conflicts[0]->CheckId, "c");
  EXPECT_EQ(R->Applied[0].second, 2u);
}

TEST(LintFixer, SelectsByCheckAndLeavesOthers) {
  TempFile T("aaaa bbbb\n");
  std::vector<core::Finding> Fs = {withFixes("wave64-x", {{T.Path, 0, 4, "AA"}}),
                                   withFixes("build-y", {{T.Path, 5, 4, "BB"}})};
  auto R = applyFixes(Fs, [](llvm::StringRef Id) { return Id.starts_with("wave64-"); });
  ASSERT_TRUE(bool(R));
  EXPECT_EQ(T.text(), "AA bbbb\n");
}

TEST(LintFixer, NothingToApplyTouchesNothing) {
  TempFile T("same\n");
  llvm::sys::fs::file_status Before, After;
  ASSERT_FALSE(llvm::sys::fs::status(T.Path, Before));
  auto R = applyFixes({withFixes("a", {})}, All);
  ASSERT_TRUE(bool(R));
  EXPECT_TRUE(R->Applied.empty());
  ASSERT_FALSE(llvm::sys::fs::status(T.Path, After));
  EXPECT_EQ(Before.getUniqueID(), After.getUniqueID());
}

TEST(LintFixer, ApplyToText) {
  EXPECT_EQ(applyToText("1 << lane", {{{"f", 0, 1, "1ull"}}}), "1ull << lane");
  EXPECT_EQ(applyToText("abc", {{{"f", 3, 0, "d"}}}), "abcd");
  EXPECT_EQ(applyToText("abc", {}), "abc");
}

} // namespace
