//===- ValidateReport.h - text, JSON and SARIF of a validation -*- C++ -*-===//
#pragma once

#include "Validate/Recording.h"
#include "Validate/Result.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

namespace hipport::validate {

/// One block per kernel: its result on each target, then for failures the
/// first mismatching indices with both values, and the lint findings inside
/// the kernel. A summary line last.
void printText(llvm::raw_ostream &OS, const ValidateResult &R);
nlohmann::json toJson(const ValidateResult &R);
/// The launch counts, where the host sides part, and one verdict per kernel.
void printComparison(llvm::raw_ostream &OS, const RecordComparison &C);
// SARIF comes from the shared reporter, over toFindings (Result.h).

} // namespace hipport::validate
