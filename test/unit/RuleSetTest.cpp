#include "Rules/RuleSet.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace hipport::rules;

namespace {

/// Writes Text to a fresh temporary .json file and returns its path.
std::string writeTemp(const std::string &Text) {
  llvm::SmallString<128> Path;
  int FD;
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("rules", "json", FD, Path));
  llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
  OS << Text;
  return std::string(Path);
}

std::string loadError(const std::vector<std::string> &Texts) {
  std::vector<std::string> Files;
  for (const std::string &T : Texts)
    Files.push_back(writeTemp(T));
  auto RS = RuleSet::load(Files);
  if (RS)
    return "";
  return llvm::toString(RS.takeError());
}

const char *Good = R"({"family": "f", "headers": [{"cuda": "cuda_runtime.h", "hip": "hip/hip_runtime.h"}],
  "entries": [{"cuda": "cudaMalloc", "kind": "function", "hip": "hipMalloc"},
              {"cuda": "cudaBindTexture", "kind": "function", "status": "unsupported", "note": "gone"},
              {"cuda": "__shfl_down_sync", "kind": "function", "hip": "__shfl_down_sync", "since_rocm": "6.2",
               "fallback": {"hip": "__shfl_down", "drop_args": [0], "note": "mask dropped"}}]})";

TEST(RuleSetTest, LoadsAndResolves) {
  auto RS = RuleSet::load({writeTemp(Good)});
  ASSERT_TRUE(bool(RS)) << llvm::toString(RS.takeError());
  const RuleEntry *E = RS->find("cudaMalloc");
  ASSERT_NE(E, nullptr);
  EXPECT_EQ(RS->resolve(*E, {}).Hip, "hipMalloc");
  ASSERT_NE(RS->find("cuda_runtime.h"), nullptr);
  EXPECT_EQ(RS->find("cuda_runtime.h")->EntryKind, Kind::Header);
  EXPECT_EQ(RS->resolve(*RS->find("cudaBindTexture"), {}).Act,
            Mapping::Action::Unsupported);
}

TEST(RuleSetTest, FallbackBelowSinceRocm) {
  auto RS = RuleSet::load({writeTemp(Good)});
  ASSERT_TRUE(bool(RS));
  const RuleEntry *E = RS->find("__shfl_down_sync");
  TargetOptions Old;
  Old.Rocm = RocmVersion{5, 2};
  Mapping M = RS->resolve(*E, Old);
  EXPECT_EQ(M.Hip, "__shfl_down");
  EXPECT_EQ(M.DropArgs, std::vector<unsigned>{0});
  TargetOptions New;
  New.Rocm = RocmVersion{6, 2};
  EXPECT_EQ(RS->resolve(*E, New).Hip, "__shfl_down_sync");
}

TEST(RuleSetTest, InvalidJsonHasLineAndColumn) {
  std::string E = loadError({"{\n  \"family\": \"f\",\n  \"entries\": [,]\n}"});
  EXPECT_NE(E.find(":3:"), std::string::npos) << E;
  EXPECT_NE(E.find("invalid JSON"), std::string::npos) << E;
}

TEST(RuleSetTest, UnknownKey) {
  std::string E = loadError(
      {R"({"family": "f", "entries": [{"cuda": "a", "kind": "function", "hip": "b", "colour": 1}]})"});
  EXPECT_NE(E.find("/entries/0/colour: unknown key"), std::string::npos) << E;
}

TEST(RuleSetTest, BadKind) {
  std::string E = loadError(
      {R"({"family": "f", "entries": [{"cuda": "a", "kind": "fnction", "hip": "b"}]})"});
  EXPECT_NE(E.find("/entries/0/kind: unknown kind 'fnction'"), std::string::npos)
      << E;
}

TEST(RuleSetTest, BadStatus) {
  std::string E = loadError(
      {R"({"family": "f", "entries": [{"cuda": "a", "kind": "function", "hip": "b", "status": "maybe"}]})"});
  EXPECT_NE(E.find("/entries/0/status: unknown status 'maybe'"),
            std::string::npos)
      << E;
}

TEST(RuleSetTest, DuplicateInOneFile) {
  std::string E = loadError(
      {R"({"family": "f", "entries": [{"cuda": "a", "kind": "function", "hip": "b"},
                                      {"cuda": "a", "kind": "function", "hip": "c"}]})"});
  EXPECT_NE(E.find("/entries/1: duplicate CUDA name 'a'"), std::string::npos)
      << E;
}

TEST(RuleSetTest, OverrideAcrossFilesNeedsFlag) {
  const char *Base =
      R"({"family": "f", "entries": [{"cuda": "a", "kind": "function", "hip": "b"}]})";
  std::string E = loadError(
      {Base, R"({"family": "u", "entries": [{"cuda": "a", "kind": "function", "hip": "c"}]})"});
  EXPECT_NE(E.find("add \"override\": true"), std::string::npos) << E;
  auto RS = RuleSet::load(
      {writeTemp(Base),
       writeTemp(R"({"family": "u", "entries": [{"cuda": "a", "kind": "function", "hip": "c", "override": true}]})")});
  ASSERT_TRUE(bool(RS));
  EXPECT_EQ(RS->find("a")->Hip, "c");
}

TEST(RuleSetTest, MissingHipAndBadVersion) {
  std::string E = loadError(
      {R"({"family": "f", "entries": [{"cuda": "a", "kind": "function"},
                                      {"cuda": "b", "kind": "type", "hip": "c", "since_rocm": "six"}]})"});
  EXPECT_NE(E.find("/entries/0/hip: required unless"), std::string::npos) << E;
  EXPECT_NE(E.find("/entries/1/since_rocm: 'six' is not a version"),
            std::string::npos)
      << E;
}

TEST(RuleSetTest, AllErrorsAtOnce) {
  std::string E = loadError(
      {R"({"family": "f", "bogus": 1, "entries": [{"cuda": "a", "kind": "nope", "hip": "b"},
                                                  {"cuda": "c", "kind": "type", "status": "x", "hip": "d"}]})"});
  EXPECT_NE(E.find("/bogus: unknown key"), std::string::npos) << E;
  EXPECT_NE(E.find("/entries/0/kind"), std::string::npos) << E;
  EXPECT_NE(E.find("/entries/1/status"), std::string::npos) << E;
}

TEST(RuleSetTest, BuiltinTablesLoad) {
  auto RS = RuleSet::loadBuiltin();
  ASSERT_TRUE(bool(RS)) << llvm::toString(RS.takeError());
  EXPECT_NE(RS->find("cudaMalloc"), nullptr);
}

} // namespace
