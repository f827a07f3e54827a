//===- Automation.h - what hipport port does, what a person does -*- C++ -*-===//
#pragma once

#include "Report/ReportModel.h"

namespace hipport::report {

/// Fills R.Auto from the inventory: the edits `hipport port` makes (each use
/// of a CUDA name the target maps to a different HIP name, each build
/// finding that carries a fix) and the sites it leaves to a person, riskiest
/// first: lint errors (wave64 and NVIDIA-only constructs), inline PTX,
/// unsupported names in use, lint warnings, build findings without a
/// rewrite (one per file and message), then operations items that
/// `port --ops` does not rewrite (one per kind and file; Triton kernels
/// port themselves). Third-party code is left out.
void automation(Report &R);

/// Display order of ManualSite::Kind, riskiest first.
int manualRank(const std::string &Kind);

/// A heading for a ManualSite::Kind ("lint-error" -> "lint errors").
const char *manualTitle(const std::string &Kind);

} // namespace hipport::report
