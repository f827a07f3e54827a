//===- ReportWriter.h - JSON, Markdown and HTML of a Report ----*- C++ -*-===//
#pragma once

#include "Report/ReportModel.h"

#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <string>

namespace hipport::report {

/// Identifies the JSON layout; bumped when a field changes meaning.
inline constexpr const char *ReportSchema = "hipport-report/1";

/// The full model as JSON (docs/report.md documents every field).
void writeReportJson(llvm::raw_ostream &OS, const Report &R);

/// A Markdown summary for an issue or a pull request.
void writeReportMarkdown(llvm::raw_ostream &OS, const Report &R);

/// Maps a root-relative source path to the href the HTML links it with.
using LinkFn = std::function<std::string(const std::string &Relative)>;

/// One self-contained HTML page: inline CSS and SVG, a small inline script
/// for sorting, nothing fetched.
void writeReportHtml(llvm::raw_ostream &OS, const Report &R,
                     const LinkFn &Link);

/// "12-30 h" style ranges; whole hours above 10, one decimal below.
std::string hoursRange(double Low, double High);

} // namespace hipport::report
