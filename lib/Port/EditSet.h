//===- EditSet.h - replacements per file, merged across TUs ----*- C++ -*-===//
#pragma once

#include <map>
#include <string>
#include <vector>

namespace hipport::port {

/// Who proposed an edit; statistics tell the two apart.
enum class EditOrigin { Ast, Token };

struct Edit {
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;
  EditOrigin Origin = EditOrigin::Ast;
  std::string Family; ///< rule family, for statistics; empty for structural edits
  /// The fix-up this edit belongs to (`vector-operator-guard`, ...), counted
  /// once per fix in --stats; empty for renames and for a fix's other edits.
  std::string Rewrite;
};

/// All edits of one file. Several TUs include the same header; their edits
/// are merged here and must agree.
class FileEdits {
public:
  /// Adds E unless an identical edit exists. Returns false when E overlaps
  /// a different edit (a conflict); the first edit wins.
  bool add(const Edit &E);
  const std::map<unsigned, Edit> &edits() const { return Edits; }
  bool empty() const { return Edits.empty(); }
  /// The file content after all edits.
  std::string apply(const std::string &Original) const;
  /// The edits as they apply to Original, in offset order: an insertion
  /// never lands before a UTF-8 byte-order mark, and inserted line breaks
  /// take the file's own line ending (CRLF when its first line has one).
  std::vector<Edit> fitted(const std::string &Original) const;

private:
  std::map<unsigned, Edit> Edits; ///< by offset; non-overlapping
};

/// A unified diff of Original -> Edits.apply(Original) (3 lines of
/// context), labelled a/Label and b/Label; empty when nothing changes. The
/// hunks come straight from the edits, so time and memory are linear in the
/// file and the edits; a last line without a newline gets git's
/// "\ No newline at end of file" marker.
std::string unifiedDiff(const std::string &Label, const std::string &Original,
                        const FileEdits &Edits);

/// Number of lines that differ (changed, added or removed), from the edits.
unsigned changedLines(const std::string &Original, const FileEdits &Edits);

} // namespace hipport::port
