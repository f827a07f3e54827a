//===- FileWriter.h - atomic, rooted, idempotent file output ---*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"

#include <optional>

#include <string>
#include <vector>

namespace hipport::core {

/// Writes files only under one output root, each atomically (temporary file
/// in the same directory, fsync, rename), so a reader never sees half a file
/// and a crash never leaves one. Writing the content a file already has is a
/// no-op, which makes a second identical run change nothing.
class FileWriter {
public:
  explicit FileWriter(std::string Root) : Root(std::move(Root)) {}

  /// Writes Content to Path (absolute, under the root), creating parent
  /// directories. Refuses (with an error naming the link) when Path or a
  /// directory between the root and Path is a symbolic link: a write never
  /// goes through one. With Backup, an existing different file is first
  /// copied to Path + ".orig"; an .orig that holds something else (a stale
  /// backup of an older original, a directory, a link) is kept and the
  /// current original goes to the first free Path + ".orig.N" instead, so no
  /// original is ever lost. Returns true in Changed when the bytes (or,
  /// with Mode, the permissions) changed. Mode: the permissions to give the
  /// file (a mirror keeps its source's); default, those of the file replaced.
  llvm::Error write(const std::string &Path, const std::string &Content,
                    bool Backup, bool &Changed,
                    std::optional<llvm::sys::fs::perms> Mode = {});

  const std::string &root() const { return Root; }
  /// The backup the last write made, or "" (none needed or made).
  const std::string &lastBackup() const { return LastBackup; }

private:
  std::string Root;
  std::string LastBackup;
};

/// True for a name a backup of write() takes (FILE.orig, FILE.orig.N): an
/// interrupted run leaves them in the tree, and the next run must not take
/// one for a source (Makefile.orig for a Makefile variant).
bool isBackupName(llvm::StringRef Name);

/// The first directory entry between Root (excluded) and Path (included)
/// that is a symbolic link, or "". Missing components end the search.
std::string symlinkOnPath(const std::string &Path, const std::string &Root);

/// True for the name of a temporary of FileWriter (NAME.hipport-XXXXXX).
bool isWriterTemporary(llvm::StringRef Path);

/// Temporaries an interrupted write left under Dir (NAME.hipport-XXXXXX),
/// found without following symbolic links.
std::vector<std::string> findTemporaries(const std::string &Dir);

/// Removes the regular files in Paths; errors name the file.
llvm::Error removeTemporaries(const std::vector<std::string> &Paths);

/// Reads a whole file; the error names the file.
llvm::Expected<std::string> readFile(const std::string &Path);

} // namespace hipport::core
