//===- HeaderShims.h - headers HIP lacks, replaced by hipport's own -*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>

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

} // namespace hipport::port
