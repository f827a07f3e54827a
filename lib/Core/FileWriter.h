//===- FileWriter.h - atomic, rooted, idempotent file output ---*- C++ -*-===//
#pragma once

#include "llvm/Support/Error.h"

#include <string>

namespace hipport::core {

/// Writes files only under one output root, each atomically (temporary file
/// in the same directory, fsync, rename), so a reader never sees half a file
/// and a crash never leaves one. Writing the content a file already has is a
/// no-op, which makes a second identical run change nothing.
class FileWriter {
public:
  explicit FileWriter(std::string Root) : Root(std::move(Root)) {}

  /// Writes Content to Path (absolute, under the root), creating parent
  /// directories. With Backup, an existing different file is first copied
  /// to Path + ".orig" (kept if that exists already: the first original wins).
  /// Returns true in Changed when the file's bytes changed.
  llvm::Error write(const std::string &Path, const std::string &Content,
                    bool Backup, bool &Changed);

  const std::string &root() const { return Root; }

private:
  std::string Root;
};

/// Reads a whole file; the error names the file.
llvm::Expected<std::string> readFile(const std::string &Path);

} // namespace hipport::core
