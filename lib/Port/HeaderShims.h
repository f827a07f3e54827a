//===- HeaderShims.h - headers HIP lacks, replaced by hipport's own -*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace hipport::port {

/// For a CUDA header HIP lacks but hipport can stand in for
/// (`cooperative_groups/reduce.h`), the shim's text from rules/port/ and
/// the id --stats counts it under; null when there is none.
struct HeaderShim {
  std::string File;    ///< rules/port/<File>
  std::string Rewrite; ///< `cg-reduce-shim`
  std::string Text;
};
const HeaderShim *headerShim(llvm::StringRef CudaHeader);

/// rules/port/name-shims.json: CUDA names the target may lack, each with the
/// name of hipport's stand-in and the shim (rules/port/<File>) defining it.
/// The port uses a shim only where the rules resolve the CUDA name as
/// unsupported for the target.
struct NameShimTable {
  struct Shim {
    std::string File;    ///< rules/port/<File>
    std::string Rewrite; ///< --stats id, `directed-rounding-shim`
    std::string Text;
  };
  std::vector<Shim> Shims;
  /// CUDA name -> (stand-in name, index into Shims).
  std::map<std::string, std::pair<std::string, size_t>, std::less<>> Names;
  /// CUDA names whose stand-in behaves differently at run time: why.
  std::map<std::string, std::string, std::less<>> Warnings;
};

/// The table and its shims, read and validated once; errors name the file
/// and JSON pointer.
llvm::Expected<const NameShimTable *> nameShims();

} // namespace hipport::port
