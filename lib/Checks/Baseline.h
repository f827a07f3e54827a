//===- Baseline.h - known findings, matched by fingerprint -----*- C++ -*-===//
#pragma once

#include "Core/Finding.h"

#include "llvm/Support/Error.h"

#include <functional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace hipport::checks {

/// The text of a file's line holding Offset ("" when unreadable).
using LineTextFn =
    std::function<std::string(const std::string &File, unsigned Offset)>;
/// The path of a file relative to its project root.
using RelativeFn = std::function<std::string(const std::string &File)>;

/// One fingerprint per finding. It hashes the check id, the file's path
/// relative to its root, the finding's source line with whitespace squeezed,
/// the message, and the index among findings equal in all of these, so it
/// survives lines inserted above and a checkout in another directory.
std::vector<std::string> fingerprints(const std::vector<core::Finding> &Fs,
                                      const RelativeFn &Rel,
                                      const LineTextFn &LineText);

/// The same fingerprints, of findings fed one at a time in their order:
/// a big run keeps 8 bytes per finding, not the findings (#17).
class Fingerprinter {
public:
  Fingerprinter(RelativeFn Rel, LineTextFn LineText)
      : Rel(std::move(Rel)), LineText(std::move(LineText)) {}
  uint64_t next(const core::Finding &F);
  /// A fingerprint as text: 16 hex digits.
  static std::string text(uint64_t Print);

private:
  RelativeFn Rel;
  LineTextFn LineText;
  /// Findings equal in every part of the key, counted by the key's hash.
  std::unordered_map<uint64_t, unsigned> Seen;
};

/// Findings accepted as known, read from or written to a JSON file.
class Baseline {
public:
  static llvm::Expected<Baseline> load(const std::string &File);
  static llvm::Error write(const std::string &File,
                           const std::vector<core::Finding> &Fs,
                           const std::vector<std::string> &Prints,
                           const RelativeFn &Rel);
  /// The same file from N findings read in order: At(I) (valid until the
  /// next call) and Print(I), written as they are read.
  static llvm::Error
  write(const std::string &File, size_t N,
        const std::function<const core::Finding &(size_t)> &At,
        const std::function<std::string(size_t)> &Print,
        const RelativeFn &Rel);
  bool contains(const std::string &Print) const {
    return Prints.count(Print) != 0;
  }
  size_t size() const { return Prints.size(); }

private:
  std::set<std::string> Prints;
};

} // namespace hipport::checks
