//===- PtxTable.h - PTX instructions and their HIP replacements -*- C++ -*-===//
#pragma once

#include "llvm/Support/Error.h"
#include "llvm/Support/Regex.h"

#include <memory>
#include <string>
#include <vector>

namespace hipport::checks {

/// One row of rules/ptx-instructions.json.
struct PtxEntry {
  std::string Ptx;
  std::string Hip; ///< empty: no direct HIP path
  std::string Note;
  std::shared_ptr<llvm::Regex> Pattern;
};

/// The PTX table: which intrinsic replaces an inline-asm instruction.
class PtxTable {
public:
  static llvm::Expected<PtxTable> load(const std::string &File);
  /// rules/ptx-instructions.json in the built-in rules directory.
  static std::string defaultFile();
  /// Every entry matching the asm text, in table order.
  std::vector<const PtxEntry *> match(llvm::StringRef Asm) const;
  size_t size() const { return Entries.size(); }

private:
  std::vector<PtxEntry> Entries;
};

} // namespace hipport::checks
