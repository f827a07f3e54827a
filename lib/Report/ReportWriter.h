//===- ReportWriter.h - JSON, Markdown and HTML of a Report ----*- C++ -*-===//
#pragma once

#include "Report/ReportModel.h"

#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <map>
#include <string>

namespace hipport::report {

/// Identifies the JSON layout; bumped when a field changes meaning.
inline constexpr const char *ReportSchema = "hipport-report/3";

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

/// "hipport port does N of M edits automatically; K sites need a person".
std::string headline(const Report &R);

/// The one paragraph a manager reads first: size, the split, the hours.
std::string summaryParagraph(const Report &R);

/// Build findings of one file, deduplicated: each distinct (check, message)
/// once, with every line it occurs on.
struct BuildGroup {
  std::string File;
  struct Entry {
    std::string Check, Severity, Message;
    std::vector<unsigned> Lines;
    bool Rewrite = false;
  };
  std::vector<Entry> Entries;
};
std::vector<BuildGroup> buildGroups(const Report &R);

/// CUDA API per family: distinct names and uses, in total and per status.
struct FamilyRow {
  std::string Family;
  unsigned Distinct = 0, Calls = 0;
  std::map<std::string, std::pair<unsigned, unsigned>> ByStatus;
};
std::vector<FamilyRow> families(const Report &R);

/// At most this many sites of one kind are listed (Markdown, HTML); the
/// JSON has them all.
inline constexpr size_t MaxSitesPerKind = 50;

/// One part of the headline hours (docs/cost-model.md, "One hour
/// figure"): the predicted edit sites, the review of the automatic edits,
/// the items no calibrated weight covers; the parts add up to the total.
struct HourPart {
  std::string Id;   ///< predicted-sites | review | uncalibrated | judgement
  std::string What; ///< what it prices, for a reader
  std::string From; ///< where its hours come from
  double Low = 0, High = 0;
};
std::vector<HourPart> hourParts(const Report &R);

/// The parts in one clause: "12-48 h for the 24 edit sites ..., ...".
std::string hoursBreakdown(const Report &R);

/// "12-30 h" style ranges; whole hours above 10, one decimal below.
std::string hoursRange(double Low, double High);

/// The cost model a report used, as its context header names it: the
/// model's revision, its form and the file format's version.
std::string costModelLabel(const Report &R);

} // namespace hipport::report
