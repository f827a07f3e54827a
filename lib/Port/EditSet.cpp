#include "Port/EditSet.h"

#include <algorithm>
#include <fmt/format.h>

namespace hipport::port {

bool FileEdits::add(const Edit &E) {
  auto Next = Edits.lower_bound(E.Offset);
  if (Next != Edits.end() && Next->first == E.Offset) {
    const Edit &Same = Next->second;
    // Pure insertions at one offset and a replacement there do not clash.
    if (Same.Length == E.Length && Same.Text == E.Text)
      return true;
    if (Same.Length == 0 && E.Length == 0) {
      Next->second.Text += E.Text;
      return true;
    }
    return false;
  }
  if (Next != Edits.end() && E.Offset + E.Length > Next->first &&
      !(E.Length == 0 && E.Offset == Next->first))
    return false;
  if (Next != Edits.begin()) {
    auto Prev = std::prev(Next);
    if (Prev->first + Prev->second.Length > E.Offset)
      return false;
  }
  Edits.emplace(E.Offset, E);
  return true;
}

std::string FileEdits::apply(const std::string &Original) const {
  std::string Out;
  Out.reserve(Original.size() + 64);
  unsigned Pos = 0;
  for (const auto &[Off, E] : Edits) {
    if (Off < Pos || Off + E.Length > Original.size())
      continue;
    Out.append(Original, Pos, Off - Pos);
    Out += E.Text;
    Pos = Off + E.Length;
  }
  Out.append(Original, Pos, std::string::npos);
  return Out;
}

namespace {

std::vector<std::string> splitLines(const std::string &S) {
  std::vector<std::string> Lines;
  size_t Start = 0;
  while (Start < S.size()) {
    size_t End = S.find('\n', Start);
    if (End == std::string::npos) {
      Lines.push_back(S.substr(Start));
      break;
    }
    Lines.push_back(S.substr(Start, End - Start));
    Start = End + 1;
  }
  return Lines;
}

/// Longest-common-subsequence edit script over lines (Myers' greedy
/// algorithm); ports change few lines, so D stays small.
struct LineDiff {
  enum Op { Keep, Del, Ins };
  std::vector<std::pair<Op, unsigned>> Script; // index into A (Keep/Del) or B (Ins)
};

LineDiff diffLines(const std::vector<std::string> &A,
                   const std::vector<std::string> &B) {
  int N = int(A.size()), M = int(B.size()), Max = N + M;
  std::vector<int> V(2 * Max + 2, 0);
  std::vector<std::vector<int>> Trace;
  int Found = -1;
  for (int D = 0; D <= Max && Found < 0; ++D) {
    Trace.push_back(V);
    for (int K = -D; K <= D; K += 2) {
      int X;
      if (K == -D || (K != D && V[K - 1 + Max] < V[K + 1 + Max]))
        X = V[K + 1 + Max];
      else
        X = V[K - 1 + Max] + 1;
      int Y = X - K;
      while (X < N && Y < M && A[X] == B[Y])
        ++X, ++Y;
      V[K + Max] = X;
      if (X >= N && Y >= M) {
        Found = D;
        break;
      }
    }
  }
  LineDiff R;
  int X = N, Y = M;
  for (int D = Found; D > 0; --D) {
    const std::vector<int> &VP = Trace[D];
    int K = X - Y;
    int PrevK = (K == -D || (K != D && VP[K - 1 + Max] < VP[K + 1 + Max]))
                    ? K + 1
                    : K - 1;
    int PrevX = VP[PrevK + Max], PrevY = PrevX - PrevK;
    while (X > PrevX && Y > PrevY)
      R.Script.push_back({LineDiff::Keep, unsigned(--X)}), --Y;
    if (X == PrevX)
      R.Script.push_back({LineDiff::Ins, unsigned(--Y)});
    else
      R.Script.push_back({LineDiff::Del, unsigned(--X)});
  }
  while (X > 0)
    R.Script.push_back({LineDiff::Keep, unsigned(--X)}), --Y;
  std::reverse(R.Script.begin(), R.Script.end());
  return R;
}

} // namespace

unsigned changedLines(const std::string &Original,
                      const std::string &Modified) {
  if (Original == Modified)
    return 0;
  auto A = splitLines(Original), B = splitLines(Modified);
  unsigned Del = 0, Ins = 0;
  for (auto &[Op, I] : diffLines(A, B).Script)
    Del += Op == LineDiff::Del, Ins += Op == LineDiff::Ins;
  return std::max(Del, Ins);
}

std::string unifiedDiff(const std::string &Label, const std::string &Original,
                        const std::string &Modified) {
  if (Original == Modified)
    return "";
  auto A = splitLines(Original), B = splitLines(Modified);
  auto Script = diffLines(A, B).Script;
  const int Ctx = 3;
  std::string Out = fmt::format("--- a/{}\n+++ b/{}\n", Label, Label);
  size_t I = 0;
  while (I < Script.size()) {
    if (Script[I].first == LineDiff::Keep) {
      ++I;
      continue;
    }
    // A hunk: back up Ctx kept lines, then extend while changes are near.
    size_t Start = I;
    for (int C = 0; C < Ctx && Start > 0 && Script[Start - 1].first == LineDiff::Keep; ++C)
      --Start;
    size_t End = I;
    size_t LastChange = I;
    while (End < Script.size()) {
      if (Script[End].first != LineDiff::Keep)
        LastChange = End;
      else if (End - LastChange > size_t(2 * Ctx))
        break;
      ++End;
    }
    End = std::min(Script.size(), LastChange + 1 + Ctx);
    // Line numbers of the hunk's first line in A and B.
    unsigned ALine = 0, BLine = 0;
    for (size_t J = 0; J < Start; ++J) {
      ALine += Script[J].first != LineDiff::Ins;
      BLine += Script[J].first != LineDiff::Del;
    }
    unsigned ACount = 0, BCount = 0;
    std::string Body;
    for (size_t J = Start; J < End; ++J) {
      auto [Op, Idx] = Script[J];
      if (Op == LineDiff::Keep) {
        Body += " " + A[Idx] + "\n";
        ++ACount, ++BCount;
      } else if (Op == LineDiff::Del) {
        Body += "-" + A[Idx] + "\n";
        ++ACount;
      } else {
        Body += "+" + B[Idx] + "\n";
        ++BCount;
      }
    }
    Out += fmt::format("@@ -{},{} +{},{} @@\n", ACount ? ALine + 1 : ALine,
                       ACount, BCount ? BLine + 1 : BLine, BCount);
    Out += Body;
    I = End;
  }
  return Out;
}

} // namespace hipport::port
