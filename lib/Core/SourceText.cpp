#include "Core/SourceText.h"

#include <algorithm>

namespace hipport::core {

SourceText::SourceText(std::string T) : Text(std::move(T)) {
  LineStarts.push_back(0);
  for (unsigned I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n')
      LineStarts.push_back(I + 1);
}

unsigned SourceText::line(unsigned Offset) const {
  auto It = std::upper_bound(LineStarts.begin(), LineStarts.end(), Offset);
  return unsigned(It - LineStarts.begin());
}

unsigned SourceText::column(unsigned Offset) const {
  return Offset - LineStarts[line(Offset) - 1] + 1;
}

std::string SourceText::lineText(unsigned Offset) const {
  unsigned Start = LineStarts[line(Offset) - 1];
  size_t End = Text.find('\n', Start);
  if (End == std::string::npos)
    End = Text.size();
  return Text.substr(Start, End - Start);
}

unsigned SourceText::lineCount() const {
  bool FinalNewline = Text.empty() || Text.back() == '\n';
  return unsigned(LineStarts.size()) - (FinalNewline ? 1 : 0);
}

unsigned SourceText::lineStart(unsigned Line) const {
  if (Line == 0 || Line > LineStarts.size())
    return unsigned(Text.size());
  return LineStarts[Line - 1];
}

llvm::StringRef SourceText::lineTextOf(unsigned Line) const {
  if (Line == 0 || Line > lineCount())
    return "";
  unsigned Start = LineStarts[Line - 1];
  unsigned End = Line < LineStarts.size() ? LineStarts[Line] - 1
                                          : unsigned(Text.size());
  return llvm::StringRef(Text).slice(Start, End);
}

size_t matchingBracket(llvm::StringRef T, size_t At, char Open, char Close) {
  int Depth = 0;
  for (size_t I = At; I < T.size(); ++I) {
    if (T[I] == '"' || T[I] == '\'') {
      char Q = T[I];
      for (++I; I < T.size() && T[I] != Q && T[I] != '\n'; ++I)
        if (T[I] == '\\')
          ++I;
      continue;
    }
    if (T[I] == Open)
      ++Depth;
    else if (T[I] == Close && --Depth == 0)
      return I;
  }
  return llvm::StringRef::npos;
}

bool isValidUtf8(const std::string &Text, unsigned &BadOffset) {
  const auto *S = reinterpret_cast<const unsigned char *>(Text.data());
  size_t N = Text.size();
  for (size_t I = 0; I < N;) {
    unsigned char C = S[I];
    unsigned Len = C < 0x80 ? 1 : (C >> 5) == 6 ? 2 : (C >> 4) == 14 ? 3
                 : (C >> 3) == 30 ? 4 : 0;
    if (Len == 0 || I + Len > N) {
      BadOffset = unsigned(I);
      return false;
    }
    for (unsigned K = 1; K < Len; ++K)
      if ((S[I + K] >> 6) != 2) {
        BadOffset = unsigned(I);
        return false;
      }
    I += Len;
  }
  return true;
}

std::vector<IncludeDirective> includeDirectives(llvm::StringRef Text) {
  std::vector<IncludeDirective> Out;
  while (!Text.empty()) {
    auto [L, Rest] = Text.split('\n');
    Text = Rest;
    L = L.ltrim();
    if (!L.consume_front("#"))
      continue;
    L = L.ltrim();
    if (!L.consume_front("include"))
      continue;
    L = L.ltrim();
    if (L.empty() || (L[0] != '<' && L[0] != '"'))
      continue;
    char Close = L[0] == '<' ? '>' : '"';
    size_t End = L.find(Close, 1);
    if (End != llvm::StringRef::npos && End > 1)
      Out.push_back({L.slice(1, End).str(), Close == '>'});
  }
  return Out;
}

} // namespace hipport::core
