//===- Library.h - what a rules family is as a library ---------*- C++ -*-===//
//
// Each rules/*.json family carries one `library` block: its ROCm counterpart
// and maturity, its headers and #include prefixes on both sides, API name
// prefixes, link names, CMake targets and packages. Derive, the report, the
// build scanners and rewriter and the lint checks all read it here, so no
// C++ names a library the rules do not.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace hipport::rules {

/// A CUDA name and its HIP counterpart (empty: none).
struct LibraryPair {
  std::string Cuda, Hip;
  bool Rewrite = true; ///< the build rewriter replaces it (false: reported)
};

struct Library {
  std::string Family;
  std::string Name;
  /// Part of CUDA itself (runtime, device functions, ...): never listed as
  /// a library, but its include prefixes tell CUDA code from HIP code.
  bool Language = false;
  std::string Rocm;
  std::string Maturity; ///< how far the ROCm side is from a drop-in
  bool Mapped = true;   ///< a same-shaped HIP library exists
  std::vector<std::string> CudaHeaders, HipHeaders;   ///< entry headers
  std::vector<std::string> CudaIncludes, HipIncludes; ///< #include prefixes
  std::vector<LibraryPair> Prefixes; ///< API name prefixes (derive)
  std::vector<LibraryPair> Link;     ///< -l names
  std::vector<LibraryPair> CMake;    ///< imported targets
  std::vector<std::string> AptCuda, AptRocm, PipCuda, PipRocm;
};

/// Reads the `library` block J of Family (in File, at Ptr); each problem is
/// appended to Errors as "File:Ptr/...: message".
Library parseLibrary(const nlohmann::json &J, const std::string &Family,
                     const std::string &File, const std::string &Ptr,
                     std::vector<std::string> &Errors);

/// The library blocks of the built-in tables, loaded once. A broken table
/// is reported on stderr once; its block is then missing.
const std::vector<Library> &builtinLibraries();
/// The built-in library of Family, or null.
const Library *builtinLibrary(llvm::StringRef Family);

} // namespace hipport::rules
