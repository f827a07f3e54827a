//===- LintConfig.h - which checks run, at which severity ------*- C++ -*-===//
#pragma once

#include "Checks/Check.h"

#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hipport::checks {

/// Enables, disables and re-ranks checks. Read from `.hipport.json`
///   {"lint": {"checks": "-*,wave64-*", "severity": {"id": "error"},
///             "exclude": ["third_party/"]}}
/// and from --checks; globs apply in order, later ones win, as in clang-tidy.
class LintConfig {
public:
  /// Parses a .hipport.json; errors name the file and the JSON pointer.
  static llvm::Expected<LintConfig> load(const std::string &File);
  /// The nearest .hipport.json in Dir or its parents, or "".
  static std::string find(const std::string &Dir);

  /// Appends comma-separated globs ("-*,wave64-*"); an unknown plain id is
  /// an error, so a typo does not silently disable nothing.
  llvm::Error addGlobs(llvm::StringRef Globs);
  llvm::Error setSeverity(llvm::StringRef Id, llvm::StringRef Level);

  bool enabled(llvm::StringRef Id) const;
  /// The configured severity of a check, if re-ranked.
  std::optional<core::Severity> severity(llvm::StringRef Id) const;
  const std::vector<std::string> &excludes() const { return Excludes; }
  const std::string &file() const { return File; }

private:
  std::vector<std::pair<bool, std::string>> Globs;
  std::map<std::string, core::Severity> Severities;
  std::vector<std::string> Excludes;
  std::string File;
};

} // namespace hipport::checks
