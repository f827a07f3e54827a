//===- Derive.h - propose rule entries from two header sets -----*- C++ -*-===//
//
// When CUDA or ROCm ship a release, the tables are refreshed by comparing
// what the two header sets declare: a CUDA name whose prefix-mapped HIP name
// is declared with a compatible shape becomes a proposed entry; everything
// else is listed for a person to decide.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Rules/RuleSet.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace hipport::rules {

/// One declaration found in a header.
struct Declaration {
  std::string Name;
  Kind DeclKind = Kind::Function;
  /// Parameters of a function (after following a macro alias); -1 otherwise.
  int Params = -1;
  /// For `#define cublasSgemm cublasSgemm_v2`: the name it stands for.
  std::string AliasOf;
  std::string File;
  unsigned Line = 0;
};

/// A name prefix that corresponds between the two header sets.
struct PrefixPair {
  std::string Cuda, Hip;
};

/// What one family's refresh looks at.
struct FamilyPreset {
  std::string Family;
  /// Entry headers, relative to the include directory; includes that
  /// resolve inside the same directory are followed.
  std::vector<std::string> CudaHeaders, HipHeaders;
  std::vector<PrefixPair> Prefixes;
};

/// The built-in preset for Family, if there is one.
std::optional<FamilyPreset> familyPreset(llvm::StringRef Family);
/// Families with a built-in preset, in a stable order.
std::vector<std::string> presetFamilies();

/// Scans one header's text. A declaration scanner, not a compiler: it reads
/// macros, enums, typedefs, structs and function prototypes of C-style API
/// headers without preprocessing, so it works without either toolkit's
/// configuration macros and on headers for a GPU this machine lacks.
std::vector<Declaration> scanHeaderText(llvm::StringRef Text,
                                        llvm::StringRef FileName);

/// Scans Roots under Dir (all headers under Dir when none of Roots exists),
/// following includes that resolve inside Dir, and keeps the declarations
/// whose name starts with one of Prefixes (all when Prefixes is empty).
/// Macro aliases of functions are resolved to the function's shape.
llvm::Expected<std::vector<Declaration>>
scanHeaders(const std::string &Dir, const std::vector<std::string> &Roots,
            const std::vector<std::string> &Prefixes);

/// A proposed entry, or a name match whose shape differs.
struct Match {
  Declaration Cuda, Hip;
};

struct DeriveResult {
  std::vector<Match> Proposed;
  /// Same mapped name, incompatible kind or parameter count.
  std::vector<Match> Incompatible;
  std::vector<Declaration> Unmatched;
};

/// Matches every CUDA declaration against the HIP ones through Prefixes.
/// A `_v2` suffix on the CUDA side is also tried without it, since the
/// HIP libraries carry one name where CUDA kept a versioned one.
DeriveResult derive(const std::vector<Declaration> &Cuda,
                    const std::vector<Declaration> &Hip,
                    const std::vector<PrefixPair> &Prefixes);

/// The proposals as a rules file (the rules format of docs/rules.md).
std::string proposalsToJson(const DeriveResult &R, const std::string &Family,
                            const std::string &SinceRocm);

/// Declared CUDA APIs of a family against its rule entries.
struct Coverage {
  std::string Family;
  unsigned Declared = 0;
  unsigned Mapped = 0;      ///< entries with a HIP name
  unsigned Unsupported = 0; ///< entries marked unsupported
  unsigned Covered = 0;     ///< declared names that have an entry
};

/// Coverage of every preset family that has rule entries, against the CUDA
/// headers under CudaDir.
llvm::Expected<std::vector<Coverage>> coverage(const RuleSet &RS,
                                               const std::string &CudaDir);

} // namespace hipport::rules
