//===- TextDiagnostic.h - clang-style text output of findings --*- C++ -*-===//
#pragma once

#include "Core/Finding.h"
#include "Core/SourceText.h"

#include "llvm/Support/raw_ostream.h"

#include <map>
#include <memory>
#include <string>

namespace hipport::core {


/// Caches file contents so findings print with line, column, source line
/// and caret, like clang: `file:line:col: warning: message [check-id]`.
class TextDiagnostic {
public:
  explicit TextDiagnostic(llvm::raw_ostream &OS, bool Color = false)
      : OS(OS), Color(Color) {}
  void print(const Finding &F);
  /// Line and column of a range's start (1-based); 0:0 when unreadable.
  std::pair<unsigned, unsigned> lineColumn(const FileRange &R);
  const SourceText *source(const std::string &File);

private:
  void printLocated(const FileRange &R, const char *Level,
                    const std::string &Msg, const std::string &Suffix);
  llvm::raw_ostream &OS;
  bool Color;
  std::map<std::string, std::unique_ptr<SourceText>> Cache;
};

} // namespace hipport::core
