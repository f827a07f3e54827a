#include "Core/TextDiagnostic.h"

#include "Core/SourceText.h"

#include "llvm/Support/MemoryBuffer.h"

namespace hipport::core {

const SourceText *TextDiagnostic::source(const std::string &File) {
  auto It = Cache.find(File);
  if (It != Cache.end())
    return It->second.get();
  std::unique_ptr<SourceText> S;
  if (auto Buf = llvm::MemoryBuffer::getFile(File))
    S = std::make_unique<SourceText>((*Buf)->getBuffer().str());
  return (Cache[File] = std::move(S)).get();
}

std::pair<unsigned, unsigned> TextDiagnostic::lineColumn(const FileRange &R) {
  const SourceText *S = source(R.File);
  if (!S || R.Offset > S->text().size())
    return {0, 0};
  return {S->line(R.Offset), S->column(R.Offset)};
}

void TextDiagnostic::printLocated(const FileRange &R, const char *Level,
                                  const std::string &Msg,
                                  const std::string &Suffix) {
  auto [Line, Col] = lineColumn(R);
  if (Color)
    OS.changeColor(llvm::raw_ostream::SAVEDCOLOR, true);
  OS << R.File;
  if (Line)
    OS << ":" << Line << ":" << Col;
  OS << ": ";
  if (Color)
    OS.changeColor(std::string(Level) == "error" ? llvm::raw_ostream::RED
                   : std::string(Level) == "note" ? llvm::raw_ostream::BLACK
                                                  : llvm::raw_ostream::MAGENTA,
                   true);
  OS << Level << ": ";
  if (Color)
    OS.changeColor(llvm::raw_ostream::SAVEDCOLOR, true);
  OS << Msg << Suffix << "\n";
  if (Color)
    OS.resetColor();
  const SourceText *S = source(R.File);
  if (!Line || !S)
    return;
  std::string Text = S->lineText(R.Offset);
  OS << Text << "\n";
  std::string Caret;
  for (unsigned I = 0; I + 1 < Col && I < Text.size(); ++I)
    Caret += Text[I] == '\t' ? '\t' : ' ';
  Caret += '^';
  unsigned LineEnd = unsigned(Text.size()) - (Col - 1);
  for (unsigned I = 1; I < R.Length && I < LineEnd; ++I)
    Caret += '~';
  OS << Caret << "\n";
}

void TextDiagnostic::print(const Finding &F) {
  printLocated(F.Range, severityName(F.Level), F.Message,
               F.CheckId.empty() ? "" : " [" + F.CheckId + "]");
  for (const FixIt &Fix : F.Fixes) {
    auto [Line, Col] = lineColumn(Fix.Range);
    (void)Line;
    std::string Pad(Col ? Col - 1 : 0, ' ');
    OS << Pad << Fix.Replacement << "\n";
  }
  for (const Note &N : F.Notes)
    printLocated(N.Range, "note", N.Message, "");
}

} // namespace hipport::core
