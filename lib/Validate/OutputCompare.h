//===- OutputCompare.h - program output, normalised and compared -*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <set>
#include <string>
#include <vector>

namespace hipport::validate {

/// Masks what differs between two correct runs: numbers on lines that
/// report time or speed (ms, sec, GFlop/s, GB/s, "Time=", ...), absolute
/// paths, and hexadecimal addresses; then every match of each Extra
/// regular expression. Errors name the bad expression.
llvm::Expected<std::string> normaliseOutput(llvm::StringRef Text,
                                            const std::vector<std::string> &Extra);

/// Token positions where two runs of the reference disagree (ignored in
/// the comparison); Comparable false when they cannot be lined up (their
/// token counts differ).
struct Unstable {
  std::set<size_t> Positions;
  bool Comparable = true;
};
Unstable unstableTokens(llvm::StringRef First, llvm::StringRef Second,
                        double Rel, double Abs);

/// Compares two stdout texts token by token (numbers within tolerance,
/// other tokens exactly, Skip ignored); "" when they agree, otherwise a
/// summary: how many tokens differ, the largest numeric error, and the
/// first Keep differences.
std::string compareStdout(llvm::StringRef Expected, llvm::StringRef Actual,
                          double Rel, double Abs, const Unstable &Skip = {},
                          unsigned Keep = 5);

} // namespace hipport::validate
