//===- OpsRules.h - operations items as data (rules/ops/) ------*- C++ -*-===//
//
// Deployment, container and monitoring text that names NVIDIA: what the
// report lists and what `port --ops` rewrites. One table for both, so the
// report's "rewritten by port --ops" is exactly what the port does.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Rules/RuleSet.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hipport::rules {

/// A mechanical rewrite of an operations item.
struct OpsRewrite {
  std::string Match; ///< POSIX ERE, case-sensitive, applied per line
  std::string To;    ///< \1.. for groups, {rocm} for the target release
  /// The group holding an Ubuntu release that must have ROCm images at the
  /// target (0: none).
  unsigned UbuntuGroup = 0;
  std::optional<RocmVersion> SinceRocm; ///< not rewritten on older targets
  std::string Note; ///< reported beside the rewrite (device mounts, ...)
};

/// One kind of operations item: how it is found and what replaces it.
struct OpsPattern {
  std::string Kind;
  std::string Find; ///< lower-case substring of the line
  std::string SkipIf; ///< lower-case substring that makes the line no item
  std::string Rocm; ///< the ROCm counterpart, in words
  bool SourceToo = false;   ///< also in C/C++/CUDA files
  bool WordStart = false;   ///< Find must start a word
  bool PortsItself = false; ///< retargets to AMD without a rewrite (Triton)
  std::vector<OpsRewrite> Rewrites;
  /// NVIDIA names (telemetry metrics) and their AMD counterparts.
  std::map<std::string, std::string> Counterparts;
};

/// Ubuntu releases with rocm/dev-ubuntu-* images, per ROCm range.
struct UbuntuImages {
  std::string Ubuntu;
  RocmVersion From;
  std::optional<RocmVersion> To;
};

/// The operations table.
struct OpsTable {
  std::vector<OpsPattern> Patterns;
  std::vector<UbuntuImages> Ubuntu;
  std::vector<std::string> FileGlobs; ///< files `port --ops` rewrites

  /// Parses a table; every problem at once, "file:/pointer: message".
  static llvm::Expected<OpsTable> load(const std::string &File);
  /// rules/ops/operations.json.
  static std::string builtinFile();
  /// The built-in table, loaded once; a broken one is reported on stderr
  /// once and reads as empty.
  static const OpsTable &builtin();

  /// True when `port --ops` rewrites Path (by its file name).
  bool rewritesFile(llvm::StringRef Path) const;
  bool ubuntuHasImages(llvm::StringRef Ubuntu, RocmVersion Target) const;
};

/// A replacement of bytes of the scanned text.
struct OpsEdit {
  unsigned Offset = 0, Length = 0;
  std::string Text;
};

/// One operations item on one line.
struct OpsHit {
  const OpsPattern *Pattern = nullptr;
  unsigned Line = 0;      ///< 1-based
  unsigned Offset = 0;    ///< of the line's first non-blank byte
  std::string Text;       ///< the line, trimmed
  std::string Counterpart; ///< Rocm plus the counterparts of names on the line
  /// What `port --ops` replaces on the target (empty: reported only).
  std::vector<OpsEdit> Edits;
  std::string Note; ///< of the rewrite that applied
};

/// Every operations item of Text, one per kind and line, with the edits of
/// the item's rewrites at Target. IsSource: a C/C++/CUDA file, where only
/// patterns marked sourceToo apply (NVML there is API use, not operations).
std::vector<OpsHit> scanOpsText(llvm::StringRef Text, bool IsSource,
                                const OpsTable &Table, RocmVersion Target);

} // namespace hipport::rules
