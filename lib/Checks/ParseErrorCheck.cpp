#include "Checks/ParseErrorCheck.h"

#include "llvm/Support/MemoryBuffer.h"

#include <fmt/format.h>

namespace hipport::checks {

const CheckInfo ParseErrorCheck::Info = {
    "lint-parse-error", core::Severity::Error,
    "a translation unit that does not parse: its findings are incomplete"};

/// The byte offset of 1-based Line:Column in File, 0 when unknown.
static unsigned offsetOf(const std::string &File, unsigned Line,
                         unsigned Column) {
  auto Buf = llvm::MemoryBuffer::getFile(File);
  if (!Buf || Line == 0)
    return 0;
  llvm::StringRef T = (*Buf)->getBuffer();
  size_t Pos = 0;
  for (unsigned L = 1; L < Line; ++L) {
    size_t NL = T.find('\n', Pos);
    if (NL == llvm::StringRef::npos)
      return 0;
    Pos = NL + 1;
  }
  size_t End = T.find('\n', Pos);
  size_t LineLen = (End == llvm::StringRef::npos ? T.size() : End) - Pos;
  return unsigned(Pos + std::min<size_t>(Column ? Column - 1 : 0, LineLen));
}

std::optional<core::Finding>
parseErrorFinding(const frontend::TUOutcome &O,
                  const std::function<bool(const std::string &)> &Owns) {
  if (O.Parsed)
    return std::nullopt;
  frontend::ParseError First =
      O.Errors.empty() ? frontend::ParseError{O.File, 0, 0, "clang failed"}
                       : O.Errors.front();
  core::Finding F;
  F.CheckId = ParseErrorCheck::Info.Id;
  F.Level = core::Severity::Error;
  std::string Where =
      First.File.empty()
          ? std::string("")
          : fmt::format("{}:{}:{}: ", First.File, First.Line, First.Column);
  F.Message = fmt::format(
      "this translation unit does not parse ({} error(s); first: {}{}); "
      "its wave64 findings are incomplete: pass the build's flags with "
      "-p compile_commands.json, or include paths and macros after "
      "'--' (-- -I<dir> -D<name>)",
      O.Errors.size(), Where, First.Message);
  if (O.Recovered) {
    std::string Headers;
    for (size_t I = 0; I < O.StubbedHeaders.size() && I < 3; ++I)
      Headers += (I ? ", " : "") + O.StubbedHeaders[I];
    if (O.StubbedHeaders.size() > 3)
      Headers += ", ...";
    F.Message += fmt::format(
        "; the checks ran on a recovered parse ({} missing header(s) read as "
        "empty{}{}, {} name(s) stubbed; {} error(s) left)",
        O.StubbedHeaders.size(), Headers.empty() ? "" : ": ", Headers,
        O.StubbedNames.size(), O.RecoveredErrors.size());
  }
  bool InProject = !First.File.empty() && First.Line && Owns(First.File);
  F.Range.File = InProject ? First.File : O.File;
  F.Range.Offset =
      InProject ? offsetOf(First.File, First.Line, First.Column) : 0;
  F.Range.Length = 1;
  if (InProject && First.File != O.File)
    F.Notes.push_back({{O.File, 0, 1}, "in this translation unit"});
  return F;
}

} // namespace hipport::checks
