//===- LintBaselineTest.cpp - fingerprints and baseline files ------------===//
#include "Checks/Baseline.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <map>

using namespace hipport;
using namespace hipport::checks;

namespace {

core::Finding finding(std::string Id, std::string File, unsigned Offset,
                      std::string Msg) {
  core::Finding F;
  F.CheckId = std::move(Id);
  F.Range = {std::move(File), Offset, 1};
  F.Message = std::move(Msg);
  return F;
}

/// Files as maps from offset to the text of the line holding it.
struct Tree {
  std::string Root;
  std::map<std::pair<std::string, unsigned>, std::string> Lines;
  RelativeFn rel() const {
    return [R = Root](const std::string &F) {
      return llvm::StringRef(F).starts_with(R + "/") ? F.substr(R.size() + 1)
                                                     : F;
    };
  }
  LineTextFn lines() const {
    return [this](const std::string &F, unsigned Off) {
      auto It = Lines.find({F, Off});
      return It == Lines.end() ? std::string() : It->second;
    };
  }
};

TEST(LintBaseline, FingerprintsSurviveMovesAndIndentation) {
  Tree A{"/src/a", {{{"/src/a/k.cu", 10}, "  int w = threadIdx.x / 32;"}}};
  Tree B{"/other/b", {{{"/other/b/k.cu", 250}, "int   w = threadIdx.x / 32;  "}}};
  auto PA = fingerprints({finding("wave64-warp-size-literal", "/src/a/k.cu", 10,
                                  "warp index")},
                         A.rel(), A.lines());
  auto PB = fingerprints({finding("wave64-warp-size-literal",
                                  "/other/b/k.cu", 250, "warp index")},
                         B.rel(), B.lines());
  ASSERT_EQ(PA.size(), 1u);
  EXPECT_EQ(PA, PB);
  EXPECT_EQ(PA[0].size(), 16u);
}

TEST(LintBaseline, FingerprintsAreTheDocumentedHash) {
  // FNV-1a of "id\0relative path\0squeezed line\0message\0N", computed
  // apart from hipport (python, from the formula in Baseline.h): the hash
  // run over the parts without building the key (#17) gives the same
  // prints, so existing baselines stay valid.
  Tree T{"/r",
         {{{"/r/k.cu", 3}, "  int w = threadIdx.x / 32;"},
          {{"/r/k.cu", 40}, "int   w = threadIdx.x / 32;"}}};
  auto P = fingerprints(
      {finding("wave64-warp-size-literal", "/r/k.cu", 3, "warp index"),
       finding("wave64-warp-size-literal", "/r/k.cu", 40, "warp index")},
      T.rel(), T.lines());
  ASSERT_EQ(P.size(), 2u);
  EXPECT_EQ(P[0], "679070ca8318e78d");
  EXPECT_EQ(P[1], "67906fca8318e5da");
}

TEST(LintBaseline, FingerprintsDifferByIdFileLineAndMessage) {
  Tree T{"/r",
         {{{"/r/a.cu", 0}, "x % 32"}, {{"/r/b.cu", 0}, "x % 32"},
          {{"/r/a.cu", 9}, "y % 32"}}};
  auto P = fingerprints({finding("c1", "/r/a.cu", 0, "m"),
                         finding("c2", "/r/a.cu", 0, "m"),
                         finding("c1", "/r/b.cu", 0, "m"),
                         finding("c1", "/r/a.cu", 9, "m"),
                         finding("c1", "/r/a.cu", 0, "other message")},
                        T.rel(), T.lines());
  std::set<std::string> Unique(P.begin(), P.end());
  EXPECT_EQ(Unique.size(), P.size());
}

TEST(LintBaseline, EqualFindingsAreNumbered) {
  // Two identical lines in one file: each keeps its own fingerprint, so a
  // third copy added later is new.
  Tree T{"/r", {{{"/r/a.cu", 0}, "v = x % 32;"}, {{"/r/a.cu", 20}, "v = x % 32;"}}};
  auto Two = fingerprints({finding("c", "/r/a.cu", 0, "m"),
                           finding("c", "/r/a.cu", 20, "m")},
                          T.rel(), T.lines());
  ASSERT_EQ(Two.size(), 2u);
  EXPECT_NE(Two[0], Two[1]);
}

TEST(LintBaseline, WriteThenLoadContainsEveryPrint) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("lintbase", Dir));
  std::string File = (Dir + "/base.json").str();
  Tree T{"/r", {{{"/r/a.cu", 0}, "a"}, {{"/r/a.cu", 5}, "b"}}};
  std::vector<core::Finding> Fs = {finding("c", "/r/a.cu", 0, "m"),
                                   finding("c", "/r/a.cu", 5, "m")};
  auto P = fingerprints(Fs, T.rel(), T.lines());
  ASSERT_FALSE(llvm::errorToBool(Baseline::write(File, Fs, P, T.rel())));
  auto B = Baseline::load(File);
  ASSERT_TRUE(bool(B)) << llvm::toString(B.takeError());
  EXPECT_EQ(B->size(), 2u);
  EXPECT_TRUE(B->contains(P[0]));
  EXPECT_TRUE(B->contains(P[1]));
  EXPECT_FALSE(B->contains("0000000000000000"));
  llvm::sys::fs::remove_directories(Dir);
}

TEST(LintBaseline, LoadRejectsOtherJson) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("lintbase", Dir));
  std::string File = (Dir + "/x.json").str();
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(File, EC);
    OS << "[1, 2, 3]";
  }
  auto B = Baseline::load(File);
  ASSERT_FALSE(bool(B));
  EXPECT_NE(llvm::toString(B.takeError()).find("not a hipport lint baseline"),
            std::string::npos);
  auto Missing = Baseline::load((Dir + "/none.json").str());
  ASSERT_FALSE(bool(Missing));
  llvm::consumeError(Missing.takeError());
  llvm::sys::fs::remove_directories(Dir);
}

} // namespace
