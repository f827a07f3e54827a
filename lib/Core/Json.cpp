#include "Core/Json.h"

#include "Core/SourceText.h"

#include <algorithm>

namespace hipport::core {

llvm::Error parseJson(const std::string &Path, llvm::StringRef Text,
                      nlohmann::json &J) {
  size_t Byte = 0;
  std::string What;
  try {
    J = nlohmann::json::parse(Text.begin(), Text.end());
    return llvm::Error::success();
  } catch (const nlohmann::json::parse_error &E) {
    Byte = E.byte;
    What = E.what();
  } catch (const nlohmann::json::exception &E) {
    What = E.what();
  }
  SourceText S(Text.str());
  unsigned Off = unsigned(std::min<size_t>(Byte ? Byte - 1 : 0,
                                           Text.empty() ? 0 : Text.size() - 1));
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      Path + ":" + std::to_string(S.line(Off)) + ":" +
          std::to_string(S.column(Off)) + ": invalid JSON: " + What);
}

/// J as dump(2) writes it where its opening line is indented by Pad: the
/// lines after the first get Pad too (a string holds no raw newline).
static void dumpIndented(llvm::raw_ostream &OS, const nlohmann::json &J,
                         llvm::StringRef Pad) {
  std::string S = J.dump(2);
  size_t From = 0;
  for (size_t NL; (NL = S.find('\n', From)) != std::string::npos; From = NL + 1)
    OS << llvm::StringRef(S).slice(From, NL + 1) << Pad;
  OS << llvm::StringRef(S).substr(From);
}

void writeStreamed(llvm::raw_ostream &OS,
                   const std::function<nlohmann::json()> &Frame, size_t N,
                   const std::function<nlohmann::json(size_t)> &Element) {
  std::string Mark = nlohmann::json(StreamedArray).dump();
  std::string Before = Frame().dump(2);
  // Inside a string every '"' is escaped: the mark is only the member.
  size_t At = Before.find(Mark);
  if (At == std::string::npos) {
    OS << Before;
    return;
  }
  size_t LineStart = Before.rfind('\n', At) + 1;
  size_t Indent = Before.find_first_not_of(' ', LineStart) - LineStart;
  OS << llvm::StringRef(Before).take_front(At);
  if (N == 0) {
    OS << "[]";
  } else {
    std::string Pad(Indent + 2, ' ');
    OS << "[\n";
    for (size_t I = 0; I < N; ++I) {
      OS << Pad;
      dumpIndented(OS, Element(I), Pad);
      OS << (I + 1 < N ? ",\n" : "\n");
    }
    OS << std::string(Indent, ' ') << "]";
  }
  std::string After = Frame().dump(2);
  OS << llvm::StringRef(After).substr(After.find(Mark) + Mark.size());
}

} // namespace hipport::core
