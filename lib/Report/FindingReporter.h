//===- FindingReporter.h - JSON and SARIF 2.1.0 output ---------*- C++ -*-===//
#pragma once

#include "Core/Finding.h"

#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace hipport::report {

/// What the machine-readable reporters need besides the findings; the
/// text reporter is core::TextDiagnostic.
struct FindingReport {
  /// The findings, read in order, each once per pass: Count of them, the
  /// I-th from At (valid until the next call: lint unpacks its packed
  /// findings one at a time, #17) and its fingerprint.
  size_t Count = 0;
  std::function<const core::Finding &(size_t)> At;
  std::function<std::string(size_t)> Fingerprint;
  /// Root-relative path of a file.
  std::function<std::string(const std::string &)> Relative;
  /// 1-based line and column of a range's start.
  std::function<std::pair<unsigned, unsigned>(const core::FileRange &)>
      LineColumn;
  /// The first project root, the base of relative paths (SARIF %SRCROOT%).
  std::string Root;
  unsigned TranslationUnits = 0, BuildFiles = 0, Suppressed = 0,
           Baselined = 0;
  /// SARIF automationDetails.id is "<Category>/": one category per upload,
  /// so each shard of a sharded run needs its own.
  std::string Category = "hipport-lint";

  /// Findings and their fingerprints (checks::fingerprints) from vectors.
  void readFrom(const std::vector<core::Finding> &Fs,
                const std::vector<std::string> &Prints) {
    Count = Fs.size();
    At = [&Fs](size_t I) -> const core::Finding & { return Fs[I]; };
    Fingerprint = [&Prints](size_t I) { return Prints[I]; };
  }
};

/// {"version": 1, "findings": [...], "summary": {...}}, the findings
/// written as they are read.
void writeJson(llvm::raw_ostream &OS, const FindingReport &R);
/// One SARIF 2.1.0 run: every registered check as a rule, findings as
/// results with related locations (notes), fixes and partial fingerprints.
void writeSarif(llvm::raw_ostream &OS, const FindingReport &R);

} // namespace hipport::report
