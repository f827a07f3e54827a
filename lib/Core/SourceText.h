//===- SourceText.h - file contents with line/column lookup ----*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace hipport::core {

/// Contents of one file plus a line table, so byte offsets turn into
/// 1-based line:column for diagnostics.
class SourceText {
public:
  explicit SourceText(std::string Text);
  const std::string &text() const { return Text; }
  unsigned line(unsigned Offset) const;
  unsigned column(unsigned Offset) const;
  /// The text of the line holding Offset, without its newline.
  std::string lineText(unsigned Offset) const;
  /// Number of lines (a final newline does not start another line).
  unsigned lineCount() const;
  /// Offset of the first byte of 1-based Line (text size past the end).
  unsigned lineStart(unsigned Line) const;
  /// The text of 1-based Line without its newline ("" past the end), in
  /// constant time: the table is built once per file.
  llvm::StringRef lineTextOf(unsigned Line) const;

private:
  std::string Text;
  std::vector<unsigned> LineStarts;
};

/// The offset of the bracket Close matching Open's bracket at Text[At],
/// skipping string and character literals (which end at a newline at the
/// latest); npos when unmatched.
size_t matchingBracket(llvm::StringRef Text, size_t At, char Open, char Close);

/// An `#include` directive as written: the path and whether it is `<...>`.
struct IncludeDirective {
  std::string Path;
  bool Angled = false;
};

/// The `#include` directives of Text, in order (`#if` branches all read).
std::vector<IncludeDirective> includeDirectives(llvm::StringRef Text);

/// True when Text is valid UTF-8; otherwise BadOffset is the first bad byte.
bool isValidUtf8(const std::string &Text, unsigned &BadOffset);

} // namespace hipport::core
