//===- CoreFindingStoreTest.cpp - packed findings, streamed JSON ----------===//
#include "Core/FindingStore.h"
#include "Core/Json.h"

#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace hipport::core;

namespace {

Finding finding(std::string Check, std::string File, unsigned Offset,
                std::string Message) {
  Finding F;
  F.CheckId = std::move(Check);
  F.Range = {std::move(File), Offset, 2};
  F.Message = std::move(Message);
  return F;
}

void expectSame(const Finding &A, const Finding &B) {
  EXPECT_EQ(A.CheckId, B.CheckId);
  EXPECT_EQ(A.Level, B.Level);
  EXPECT_EQ(A.Range.File, B.Range.File);
  EXPECT_EQ(A.Range.Offset, B.Range.Offset);
  EXPECT_EQ(A.Range.Length, B.Range.Length);
  EXPECT_EQ(A.Message, B.Message);
  ASSERT_EQ(A.Notes.size(), B.Notes.size());
  for (size_t I = 0; I < A.Notes.size(); ++I) {
    EXPECT_EQ(A.Notes[I].Message, B.Notes[I].Message);
    EXPECT_EQ(A.Notes[I].Range.File, B.Notes[I].Range.File);
    EXPECT_EQ(A.Notes[I].Range.Offset, B.Notes[I].Range.Offset);
  }
  ASSERT_EQ(A.Fixes.size(), B.Fixes.size());
  for (size_t I = 0; I < A.Fixes.size(); ++I) {
    EXPECT_EQ(A.Fixes[I].Replacement, B.Fixes[I].Replacement);
    EXPECT_EQ(A.Fixes[I].Range.Length, B.Fixes[I].Range.Length);
  }
}

} // namespace

// Messages that differ in their middle only (a kernel's name in a fixed
// sentence), longer or shorter than the slot's first, empty middles, and
// texts that share nothing all come back as they went in.
TEST(CoreFindingStore, PackedFindingsUnpackAsTheyWere) {
  std::vector<Finding> In;
  const char *Names[] = {"k0", "kernel_with_a_long_name", "", "k0", "x"};
  for (const char *N : Names)
    In.push_back(finding("wave64-a", "/r/a.cu", 10,
                         std::string("block of 32 threads for kernel '") + N +
                             "', which works per warp"));
  In.push_back(finding("wave64-a", "/r/b.cu", 3, "something else entirely"));
  In.push_back(finding("wave64-b", "/r/a.cu", 0, ""));
  Finding WithParts = finding("wave64-a", "/r/a.cu", 5, "m");
  WithParts.Level = Severity::Error;
  WithParts.Notes.push_back({{"/r/h.h", 7, 3}, "declared here: 'k0'"});
  WithParts.Notes.push_back({{"/r/h.h", 9, 3}, "declared here: 'k12'"});
  WithParts.Fixes.push_back({{"/r/a.cu", 5, 2}, "warpSize"});
  In.push_back(WithParts);

  FindingStore S;
  for (const Finding &F : In)
    S.List.push_back(S.pack(F));
  ASSERT_EQ(S.size(), In.size());
  for (size_t I = 0; I < In.size(); ++I)
    expectSame(S[I], In[I]);
  // Equal texts compare equal whatever their encoding; others as strings.
  EXPECT_EQ(S.compareText(S.List[0].Message, S.List[3].Message), 0);
  EXPECT_LT(S.compareText(S.List[2].Message, S.List[0].Message), 0);
  EXPECT_GT(S.compareText(S.List[1].Message, S.List[0].Message), 0);
  EXPECT_EQ(S.List[0].File, S.List[1].File);
  EXPECT_NE(S.List[0].File, S.List[5].File);
}

// The streamed writer gives dump(2)'s bytes: arrays of none, one and
// several elements, nested at any depth, with strings holding newlines.
TEST(CoreFindingStore, StreamedJsonIsDumpTwo) {
  auto Element = [](size_t I) {
    return nlohmann::json{{"i", I},
                          {"text", "line\nbreak \"quoted\""},
                          {"list", nlohmann::json::array({1, 2})},
                          {"empty", nlohmann::json::array()}};
  };
  for (size_t N : {0u, 1u, 3u}) {
    nlohmann::json Items = nlohmann::json::array();
    for (size_t I = 0; I < N; ++I)
      Items.push_back(Element(I));
    auto Frame = [&](nlohmann::json Value) {
      return nlohmann::json{
          {"a", 1},
          {"runs", nlohmann::json::array(
                       {{{"results", Value}, {"z", "\"results\": x"}}})},
          {"version", "2"}};
    };
    std::string Want = Frame(Items).dump(2), Got;
    llvm::raw_string_ostream OS(Got);
    writeStreamed(
        OS, [&] { return Frame(StreamedArray); }, N, Element);
    OS.flush();
    EXPECT_EQ(Got, Want) << "N = " << N;
  }
}
