//===- TokenScan.h - wave64 checks on the tokens of unparsed code -*- C++ -*-===//
#pragma once

#include "Core/Finding.h"

#include "llvm/ADT/StringRef.h"

#include <set>
#include <string>
#include <vector>

namespace hipport::checks {

/// The unmistakable wave64 and PTX patterns, found on raw tokens: what lint
/// can still say about a file clang could not parse. Full 32-bit masks as
/// the first argument of a warp intrinsic, broadcasts from lane 31,
/// `threadIdx.x % 32` and `& 31`, `warpSize == 32` guards, inline asm. Each
/// finding carries the id of the AST check that reports it on parsed code.
/// Calls whose name is one of Macros (function-like macros the preprocessor
/// saw) are not taken for the intrinsics they are spelled like. Why, in
/// each message, says why the file was not checked on an AST ("this file
/// did not parse").
std::vector<core::Finding> scanTokens(const std::string &File,
                                      llvm::StringRef Text,
                                      const std::set<std::string> &Macros,
                                      llvm::StringRef Why);

} // namespace hipport::checks
