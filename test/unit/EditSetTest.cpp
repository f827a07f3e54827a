//===- EditSetTest.cpp - edits keep every other byte; diffs apply --------===//
#include "Port/EditSet.h"

#include "llvm/ADT/StringRef.h"

#include <gtest/gtest.h>

#include <random>

using namespace hipport::port;

namespace {

/// Applies a unified diff made by unifiedDiff (one file) to Original, as
/// patch(1) would: context and removed lines must match exactly.
bool applyPatch(const std::string &Original, const std::string &Patch,
                std::string &Out) {
  std::vector<std::pair<std::string, bool>> Old; // line, has newline
  for (size_t P = 0; P < Original.size();) {
    size_t Nl = Original.find('\n', P);
    bool Has = Nl != std::string::npos;
    Old.push_back({Original.substr(P, (Has ? Nl : Original.size()) - P), Has});
    P = Has ? Nl + 1 : Original.size();
  }
  std::vector<std::pair<std::string, bool>> New;
  size_t At = 0; // next old line to copy
  std::vector<std::string> L;
  for (size_t P = 0; P < Patch.size();) {
    size_t Nl = Patch.find('\n', P);
    L.push_back(Patch.substr(P, Nl - P));
    P = Nl + 1;
  }
  for (size_t I = 2; I < L.size();) {
    unsigned A, AC, B, BC;
    if (sscanf(L[I].c_str(), "@@ -%u,%u +%u,%u @@", &A, &AC, &B, &BC) != 4)
      return false;
    size_t Start = AC ? A - 1 : A;
    if (Start < At)
      return false;
    while (At < Start)
      New.push_back(Old[At++]);
    for (++I; I < L.size() && L[I].rfind("@@", 0) != 0; ++I) {
      char Tag = L[I][0];
      std::string Text = L[I].substr(1);
      bool Has = !(I + 1 < L.size() && L[I + 1][0] == '\\');
      if (Tag == ' ' || Tag == '-') {
        if (At >= Old.size() || Old[At] != std::make_pair(Text, Has))
          return false;
        ++At;
      }
      if (Tag == ' ' || Tag == '+')
        New.push_back({Text, Has});
      if (!Has)
        ++I;
    }
  }
  while (At < Old.size())
    New.push_back(Old[At++]);
  Out.clear();
  for (auto &[T, Has] : New)
    Out += T + (Has ? "\n" : "");
  return true;
}

std::string randomText(std::mt19937 &R, bool Crlf, bool Bom, bool FinalNl) {
  std::string T = Bom ? "\xEF\xBB\xBF" : "";
  unsigned Lines = R() % 40;
  for (unsigned I = 0; I < Lines; ++I) {
    unsigned Len = R() % 12;
    for (unsigned K = 0; K < Len; ++K)
      T += "abc xyz"[R() % 7];
    if (I + 1 < Lines || FinalNl)
      T += Crlf ? "\r\n" : "\n";
  }
  return T;
}

TEST(EditSet, BytesOutsideEditsAreKeptAndDiffsApply) {
  std::mt19937 R(17);
  for (unsigned Trial = 0; Trial < 3000; ++Trial) {
    bool Crlf = R() % 2, Bom = R() % 3 == 0, FinalNl = R() % 2;
    std::string T = randomText(R, Crlf, Bom, FinalNl);
    size_t FirstNl = T.find('\n');
    Crlf = FirstNl != std::string::npos && FirstNl > 0 && T[FirstNl - 1] == '\r';
    FileEdits E;
    unsigned N = R() % 6;
    for (unsigned I = 0; I < N; ++I) {
      unsigned Off = T.empty() ? 0 : R() % (T.size() + 1);
      unsigned Len = Off < T.size() ? R() % std::min<size_t>(4, T.size() - Off + 1) : 0;
      static const char *Texts[] = {"", "X", "#include \"h\"\n", "a\nb", "\n"};
      E.add({Off, Len, Texts[R() % 5], EditOrigin::Token, "f"});
    }
    std::string Out = E.apply(T);
    // Every byte outside the fitted edits is there, in order.
    size_t Pos = 0, OutPos = 0;
    for (const Edit &F : E.fitted(T)) {
      ASSERT_EQ(Out.substr(OutPos, F.Offset - Pos), T.substr(Pos, F.Offset - Pos));
      OutPos += F.Offset - Pos + F.Text.size();
      Pos = F.Offset + F.Length;
      if (Bom && F.Length == 0)
        EXPECT_GE(F.Offset, 3u) << "an insertion before the byte-order mark";
      if (Crlf)
        for (size_t K = 0; K < F.Text.size(); ++K)
          if (F.Text[K] == '\n')
            EXPECT_TRUE(K > 0 && F.Text[K - 1] == '\r') << "a bare LF in CRLF";
    }
    ASSERT_EQ(Out.substr(OutPos), T.substr(Pos));
    std::string Patch = unifiedDiff("f", T, E), Applied;
    if (Out == T) {
      EXPECT_EQ(Patch, "");
      EXPECT_EQ(changedLines(T, E), 0u);
      continue;
    }
    ASSERT_TRUE(applyPatch(T, Patch, Applied)) << Patch;
    EXPECT_EQ(Applied, Out) << Patch;
    EXPECT_GT(changedLines(T, E), 0u);
  }
}

TEST(EditSet, NoFinalNewlineMarker) {
  FileEdits E;
  std::string T = "int a;\nvoid f() { cudaFree(0); }";
  E.add({18, 8, "hipFree", EditOrigin::Token, "f"});
  EXPECT_EQ(unifiedDiff("x.cu", T, E),
            "--- a/x.cu\n+++ b/x.cu\n@@ -1,2 +1,2 @@\n int a;\n"
            "-void f() { cudaFree(0); }\n\\ No newline at end of file\n"
            "+void f() { hipFree(0); }\n\\ No newline at end of file\n");
}

} // namespace
