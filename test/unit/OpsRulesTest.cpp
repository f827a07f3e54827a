#include "Rules/OpsRules.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace hipport::rules;

namespace {

std::string writeTemp(const std::string &Text) {
  llvm::SmallString<128> Path;
  int FD;
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("ops", "json", FD, Path));
  llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
  OS << Text;
  return std::string(Path);
}

TEST(OpsRules, EveryErrorAtOnceWithItsPointer) {
  auto T = OpsTable::load(writeTemp(R"({"version": 1, "files": [],
    "items": [{"kind": "visible", "find": "CUDA", "rocm": "x", "colour": 1,
               "rewrites": [{"match": "a(", "to": "b", "ubuntuGroup": 3}]}]})"));
  ASSERT_FALSE(bool(T));
  std::string E = llvm::toString(T.takeError());
  EXPECT_NE(E.find(":/items/0/colour: unknown key"), std::string::npos) << E;
  EXPECT_NE(E.find(":/items/0/find: expected lower case"), std::string::npos) << E;
  EXPECT_NE(E.find(":/items/0/kind: expected an id starting with ops-"),
            std::string::npos) << E;
  EXPECT_NE(E.find(":/items/0/rewrites/0/match: invalid regular expression"),
            std::string::npos) << E;
}

TEST(OpsRules, BuiltinTableLoads) {
  auto T = OpsTable::load(OpsTable::builtinFile());
  ASSERT_TRUE(bool(T)) << llvm::toString(T.takeError());
  EXPECT_TRUE(T->rewritesFile("/x/deploy/Dockerfile"));
  EXPECT_TRUE(T->rewritesFile("/x/values.yaml"));
  EXPECT_FALSE(T->rewritesFile("/x/README.md"));
  EXPECT_TRUE(T->ubuntuHasImages("24.04", {7, 1}));
  EXPECT_FALSE(T->ubuntuHasImages("24.04", {6, 1}));
}

TEST(OpsRules, RewritesAreIdempotentAndFollowTheTarget) {
  auto T = OpsTable::load(OpsTable::builtinFile());
  ASSERT_TRUE(bool(T));
  std::string Text = "FROM nvidia/cuda:12.4.1-runtime-ubuntu22.04\n"
                     "ENV CUDA_VISIBLE_DEVICES=0\n";
  auto Hits = scanOpsText(Text, false, *T, {7, 0});
  ASSERT_EQ(Hits.size(), 2u);
  ASSERT_EQ(Hits[0].Edits.size(), 1u);
  EXPECT_FALSE(Hits[0].Note.empty());
  std::string Out = Text;
  for (auto It = Hits.rbegin(); It != Hits.rend(); ++It)
    for (const OpsEdit &E : It->Edits)
      Out.replace(E.Offset, E.Length, E.Text);
  EXPECT_EQ(Out, "FROM rocm/dev-ubuntu-22.04:7.0\nENV HIP_VISIBLE_DEVICES=0\n");
  // Applied, a second scan finds nothing to rewrite.
  for (const OpsHit &H : scanOpsText(Out, false, *T, {7, 0}))
    EXPECT_TRUE(H.Edits.empty()) << H.Text;
  // No rocm/dev-ubuntu-22.04 images before ROCm 5.3: reported only.
  EXPECT_TRUE(scanOpsText(Text, false, *T, {5, 2})[0].Edits.empty());
}

} // namespace
