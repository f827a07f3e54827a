#include "Port/EditSet.h"

#include "Core/SourceText.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <deque>
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

std::vector<Edit> FileEdits::fitted(const std::string &Original) const {
  llvm::StringRef O(Original);
  bool Bom = O.starts_with("\xEF\xBB\xBF");
  size_t FirstNl = O.find('\n');
  bool Crlf = FirstNl != llvm::StringRef::npos && FirstNl > 0 &&
              O[FirstNl - 1] == '\r';
  std::vector<Edit> Out;
  Out.reserve(Edits.size());
  for (const auto &[Off, E] : Edits) {
    Edit F = E;
    if (Bom && F.Length == 0 && F.Offset < 3)
      F.Offset = 3; // the mark stays the first bytes of the file
    if (Crlf && F.Text.find('\n') != std::string::npos) {
      std::string T;
      for (size_t I = 0; I < F.Text.size(); ++I) {
        if (F.Text[I] == '\n' && (I == 0 || F.Text[I - 1] != '\r'))
          T += '\r';
        T += F.Text[I];
      }
      F.Text = std::move(T);
    }
    if (F.Offset > Original.size() || F.Offset + F.Length > Original.size())
      continue;
    if (!Out.empty() && Out.back().Offset + Out.back().Length > F.Offset)
      continue;
    Out.push_back(std::move(F));
  }
  return Out;
}

std::string FileEdits::apply(const std::string &Original) const {
  std::string Out;
  Out.reserve(Original.size() + 64);
  unsigned Pos = 0;
  for (const Edit &E : fitted(Original)) {
    Out.append(Original, Pos, E.Offset - Pos);
    Out += E.Text;
    Pos = E.Offset + E.Length;
  }
  Out.append(Original, Pos, std::string::npos);
  return Out;
}

namespace {

/// One line of a diff: its text without the newline, and whether it has one.
struct DiffLine {
  llvm::StringRef Text;
  bool Newline = true;
  bool operator==(const DiffLine &O) const {
    return Text == O.Text && Newline == O.Newline;
  }
};

void splitInto(llvm::StringRef S, std::vector<DiffLine> &Out) {
  while (!S.empty()) {
    size_t Nl = S.find('\n');
    if (Nl == llvm::StringRef::npos) {
      Out.push_back({S, false});
      return;
    }
    Out.push_back({S.take_front(Nl), true});
    S = S.drop_front(Nl + 1);
  }
}

/// Original lines [OldBegin, OldBegin + Old.size()) become New.
struct Change {
  unsigned OldBegin = 0;
  std::vector<DiffLine> Old, New;
};

/// The changes of the fitted edits, in order, each reduced to the lines that
/// really differ. New lines point into NewText, which outlives them.
std::vector<Change> changesOf(const core::SourceText &S,
                              const std::vector<Edit> &Edits,
                              std::deque<std::string> &NewText) {
  const std::string &T = S.text();
  unsigned N = S.lineCount();
  auto LineOf = [&](unsigned Off) { // 0-based; N for the end of the file
    return std::min(S.line(Off) - 1, N);
  };
  std::vector<Change> Out;
  size_t I = 0;
  while (I < Edits.size()) {
    // Edits sharing a line form one change.
    unsigned L1 = LineOf(Edits[I].Offset), L2 = L1;
    size_t J = I;
    for (; J < Edits.size(); ++J) {
      const Edit &E = Edits[J];
      unsigned B = LineOf(E.Offset);
      if (J > I && B >= L2)
        break;
      unsigned Last = E.Length ? LineOf(E.Offset + E.Length - 1) : B;
      L2 = std::max(L2, std::min(Last + 1, N));
    }
    unsigned B1 = S.lineStart(L1 + 1), B2 = S.lineStart(L2 + 1);
    std::string &New = NewText.emplace_back();
    unsigned Pos = B1;
    for (size_t K = I; K < J; ++K) {
      New.append(T, Pos, Edits[K].Offset - Pos);
      New += Edits[K].Text;
      Pos = Edits[K].Offset + Edits[K].Length;
    }
    New.append(T, Pos, B2 - Pos);
    Change C;
    C.OldBegin = L1;
    splitInto(llvm::StringRef(T).slice(B1, B2), C.Old);
    splitInto(New, C.New);
    // Edits that restore the text, or insertions at a line start, leave
    // lines equal at either end; those are context, not change.
    size_t Pre = 0;
    while (Pre < C.Old.size() && Pre < C.New.size() && C.Old[Pre] == C.New[Pre])
      ++Pre;
    size_t Post = 0;
    while (Post < C.Old.size() - Pre && Post < C.New.size() - Pre &&
           C.Old[C.Old.size() - 1 - Post] == C.New[C.New.size() - 1 - Post])
      ++Post;
    C.Old.erase(C.Old.end() - Post, C.Old.end());
    C.New.erase(C.New.end() - Post, C.New.end());
    C.Old.erase(C.Old.begin(), C.Old.begin() + Pre);
    C.New.erase(C.New.begin(), C.New.begin() + Pre);
    C.OldBegin += unsigned(Pre);
    if (!C.Old.empty() || !C.New.empty())
      Out.push_back(std::move(C));
    I = J;
  }
  return Out;
}

void emitLine(std::string &Out, char Tag, const DiffLine &L) {
  Out += Tag;
  Out.append(L.Text.data(), L.Text.size());
  Out += '\n';
  if (!L.Newline)
    Out += "\\ No newline at end of file\n";
}

} // namespace

unsigned changedLines(const std::string &Original, const FileEdits &Edits) {
  if (Edits.empty())
    return 0;
  core::SourceText S(Original);
  std::deque<std::string> Keep;
  unsigned Lines = 0;
  for (const Change &C : changesOf(S, Edits.fitted(Original), Keep))
    Lines += unsigned(std::max(C.Old.size(), C.New.size()));
  return Lines;
}

std::string unifiedDiff(const std::string &Label, const std::string &Original,
                        const FileEdits &Edits) {
  if (Edits.empty())
    return "";
  core::SourceText S(Original);
  std::deque<std::string> Keep;
  std::vector<Change> Cs = changesOf(S, Edits.fitted(Original), Keep);
  if (Cs.empty())
    return "";
  const unsigned Ctx = 3, N = S.lineCount();
  auto Context = [&](std::string &Body, unsigned From, unsigned To) {
    for (unsigned L = From; L < To; ++L)
      emitLine(Body, ' ',
               {S.lineTextOf(L + 1), L + 1 < N || Original.back() == '\n'});
  };
  std::string Out = fmt::format("--- a/{}\n+++ b/{}\n", Label, Label);
  long Delta = 0; // new line number minus old, before the current change
  size_t I = 0;
  while (I < Cs.size()) {
    // A hunk: changes whose context would touch or overlap.
    size_t J = I + 1;
    while (J < Cs.size() &&
           Cs[J].OldBegin <= Cs[J - 1].OldBegin + Cs[J - 1].Old.size() + 2 * Ctx)
      ++J;
    unsigned Begin = Cs[I].OldBegin > Ctx ? Cs[I].OldBegin - Ctx : 0;
    const Change &Last = Cs[J - 1];
    unsigned End = std::min<unsigned>(
        N, unsigned(Last.OldBegin + Last.Old.size()) + Ctx);
    std::string Body;
    unsigned OldCount = 0, NewCount = 0, At = Begin;
    long HunkDelta = Delta;
    // Changes with no context between them print as one block: all removed
    // lines, then all added ones, as diff(1) prints a changed run.
    std::vector<const DiffLine *> Minus, Plus;
    auto Flush = [&] {
      for (const DiffLine *L : Minus)
        emitLine(Body, '-', *L);
      for (const DiffLine *L : Plus)
        emitLine(Body, '+', *L);
      Minus.clear(), Plus.clear();
    };
    for (size_t K = I; K < J; ++K) {
      const Change &C = Cs[K];
      if (C.OldBegin != At) {
        Flush();
        Context(Body, At, C.OldBegin);
      }
      OldCount += C.OldBegin - At, NewCount += C.OldBegin - At;
      for (const DiffLine &L : C.Old)
        Minus.push_back(&L);
      for (const DiffLine &L : C.New)
        Plus.push_back(&L);
      OldCount += unsigned(C.Old.size()), NewCount += unsigned(C.New.size());
      Delta += long(C.New.size()) - long(C.Old.size());
      At = C.OldBegin + unsigned(C.Old.size());
    }
    Flush();
    Context(Body, At, End);
    OldCount += End - At, NewCount += End - At;
    long NewBegin = long(Begin) + HunkDelta;
    Out += fmt::format("@@ -{},{} +{},{} @@\n", OldCount ? Begin + 1 : Begin,
                       OldCount, NewCount ? NewBegin + 1 : NewBegin, NewCount);
    Out += Body;
    I = J;
  }
  return Out;
}

} // namespace hipport::port
