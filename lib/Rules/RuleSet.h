//===- RuleSet.h - CUDA->HIP knowledge loaded from rules/*.json -*- C++ -*-===//
#pragma once

#include "Rules/Library.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hipport::rules {

enum class Kind { Function, Type, Enumerator, Macro, Namespace, Header, Member };
enum class Status { Supported, Unsupported, Experimental, Deprecated };

const char *kindName(Kind K);
const char *statusName(Status S);

/// A ROCm release, "X.Y".
struct RocmVersion {
  int Major = 0, Minor = 0;
  static std::optional<RocmVersion> parse(const std::string &Text);
  std::string str() const;
  auto operator<=>(const RocmVersion &) const = default;
};

/// What to emit when the target ROCm predates the entry's HIP name.
struct Fallback {
  std::string Hip;                ///< older HIP spelling; empty = unsupported
  std::vector<unsigned> DropArgs; ///< call arguments the older form lacks
  std::string Note;
};

/// One CUDA name and what becomes of it.
struct RuleEntry {
  std::string Cuda;
  std::string Hip;
  Kind EntryKind = Kind::Function;
  Status EntryStatus = Status::Supported;
  std::optional<RocmVersion> SinceRocm;
  std::optional<Fallback> Older;
  /// Alternative targets chosen by an option, e.g. {"rocblas": "rocblas_sgemm"}.
  std::map<std::string, std::string> Variants;
  std::string Note;
  std::string Example;
  std::string Family;
  std::string SourceFile;
};

/// Target choices that decide how an entry resolves.
struct TargetOptions {
  std::optional<RocmVersion> Rocm; ///< unset: newest release the rules know
  /// Variant picked per family group, e.g. {"blas", "rocblas"}.
  std::map<std::string, std::string> Variants;
};

/// An entry resolved against a target.
struct Mapping {
  enum class Action { Rename, Unsupported } Act = Action::Rename;
  std::string Hip;
  std::vector<unsigned> DropArgs;
  std::string Note;
  const RuleEntry *Entry = nullptr;
};

/// Per family: entries by status.
struct FamilyStats {
  std::string Family;
  std::map<Status, unsigned> ByStatus;
  unsigned Total = 0;
};

/// All rule tables, validated and indexed by CUDA name.
class RuleSet {
public:
  /// Loads and validates Files. Every problem in every file is reported in
  /// one Error, one "file:/json/pointer: message" line each.
  static llvm::Expected<RuleSet> load(const std::vector<std::string> &Files);
  /// The built-in tables (rules/*.json) followed by user files.
  static llvm::Expected<RuleSet>
  loadBuiltin(const std::vector<std::string> &UserFiles = {});
  static std::vector<std::string> builtinFiles();
  static std::string builtinDir();

  const RuleEntry *find(llvm::StringRef Cuda) const;
  Mapping resolve(const RuleEntry &E, const TargetOptions &T) const;
  const std::vector<RuleEntry> &entries() const { return Entries; }
  /// The `library` block of each family that has one, in load order.
  const std::vector<Library> &libraries() const { return Libraries; }
  std::vector<FamilyStats> stats() const;
  /// Newest release of knownReleases() (at least 7.0): the default target,
  /// the one the CLI names "newest known".
  RocmVersion newestRocm() const;
  /// Releases --rocm-version accepts: rules/targets/rocm-releases.json and
  /// every since_rocm value, sorted (read once, at load).
  const std::vector<RocmVersion> &knownReleases() const { return Releases; }

private:
  std::vector<RuleEntry> Entries;
  std::vector<Library> Libraries;
  llvm::StringMap<size_t> Index;
  std::vector<RocmVersion> Releases;
  static std::vector<RocmVersion>
  collectReleases(const std::vector<RuleEntry> &Entries);
};

} // namespace hipport::rules
