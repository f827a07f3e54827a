//===- Baseline.h - known findings, matched by fingerprint -----*- C++ -*-===//
#pragma once

#include "Core/Finding.h"

#include "llvm/Support/Error.h"

#include <functional>
#include <set>
#include <string>
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

/// Findings accepted as known, read from or written to a JSON file.
class Baseline {
public:
  static llvm::Expected<Baseline> load(const std::string &File);
  static llvm::Error write(const std::string &File,
                           const std::vector<core::Finding> &Fs,
                           const std::vector<std::string> &Prints,
                           const RelativeFn &Rel);
  bool contains(const std::string &Print) const {
    return Prints.count(Print) != 0;
  }
  size_t size() const { return Prints.size(); }

private:
  std::set<std::string> Prints;
};

} // namespace hipport::checks
