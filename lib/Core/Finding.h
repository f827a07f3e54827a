//===- Finding.h - the one record every analysis emits ---------*- C++ -*-===//
#pragma once

#include <string>
#include <vector>

namespace hipport::core {

enum class Severity { Note, Remark, Warning, Error };

const char *severityName(Severity S);
/// Parses "note", "remark", "warning", "error"; false on anything else.
bool parseSeverity(const std::string &Text, Severity &Out);

/// A byte range in one file. Line and column are derived on output.
struct FileRange {
  std::string File;
  unsigned Offset = 0;
  unsigned Length = 0;
};

/// A suggested edit: replace the range with the text.
struct FixIt {
  FileRange Range;
  std::string Replacement;
};

struct Note {
  FileRange Range;
  std::string Message;
};

/// The one record every analysis emits and every output reads.
struct Finding {
  std::string CheckId;
  Severity Level = Severity::Warning;
  FileRange Range;
  std::string Message;
  std::vector<Note> Notes;
  std::vector<FixIt> Fixes;
};

} // namespace hipport::core
