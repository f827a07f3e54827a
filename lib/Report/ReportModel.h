//===- ReportModel.h - what `hipport report` knows about a tree -*- C++ -*-===//
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

namespace hipport::report {

/// A place in the tree, as a root-relative path and a 1-based line.
struct Location {
  std::string File;
  unsigned Line = 0;
  auto operator<=>(const Location &) const = default;
};

/// Which language a source file is written in, judged by its includes.
enum class Dialect { None, Cuda, Hip };
const char *dialectName(Dialect D);

/// One __global__ function (a template counted once, by its primary template).
struct Kernel {
  std::string Name; ///< qualified
  Location Loc;
  Dialect Lang = Dialect::Cuda;
  bool Template = false;
  bool ThirdParty = false;
  bool FromTextScan = false; ///< clang could not parse it; found by the text scan
  unsigned Lines = 0;        ///< lines of the body
  std::set<std::string> WarpIntrinsics;
  unsigned SharedVars = 0;
  bool DynamicShared = false; ///< extern __shared__
  std::set<std::string> Atomics;
  unsigned InlineAsm = 0;
  std::set<std::string> TensorCore;
  std::set<Location> LaunchSites;
  /// Filled by the estimate: the cost-model item kind and its hours.
  std::string CostKind;
  double HoursLow = 0, HoursHigh = 0;
  /// Ranks kernels by how much about them may break on AMD; see riskScore.
  unsigned Risk = 0;
};

/// One CUDA (or CUDA-library) name used by the project.
struct ApiUse {
  std::string Name;
  std::string Family;
  std::string Status; ///< supported | experimental | deprecated | unsupported
  std::string Hip;    ///< the HIP name the target maps it to; empty if none
  unsigned Calls = 0;
  Location First;
  bool ThirdParty = false; ///< every use is in third-party code
  /// Uses per file (root-relative): a per-TU cost model counts the name in
  /// each TU that uses it.
  std::map<std::string, unsigned> CallsByFile;
};

/// A library the project uses and where it goes on ROCm.
struct LibraryUse {
  std::string Id;   ///< cublas, cudnn, cutlass, ...
  std::string Name; ///< cuBLAS
  std::string Rocm; ///< hipBLAS / rocBLAS / hipBLASLt
  std::string Maturity;
  bool Mapped = true; ///< a HIP library with the same shape exists
  unsigned ApiCalls = 0, ApiDistinct = 0;
  std::set<std::string> Files; ///< files that include its headers
  Location First;
};

/// A lint check and how often it fired.
struct LintCount {
  std::string Check;
  std::string Severity;
  unsigned Count = 0;
};

/// A build-system finding (lint checks with build-* ids).
struct BuildItem {
  Location Loc;
  std::string Check;
  std::string Severity;
  std::string Message;
  bool Rewrite = false; ///< the finding carries a fix hipport can apply
};

/// A lint finding outside the build system, with its place.
struct LintFinding {
  Location Loc;
  std::string Check;
  std::string Severity;
  std::string Message;
};

/// One place a person must work on: what `hipport port` cannot do.
struct ManualSite {
  /// lint-error | lint-warning | inline-ptx | unsupported-api | build
  std::string Kind;
  Location Loc;
  std::string What;
  unsigned Count = 1; ///< edits it stands for (uses of an API, PTX blocks)
};

/// The split the report leads with: the edits `hipport port` makes and the
/// sites left to a person, riskiest first.
struct Automation {
  unsigned Automatic = 0; ///< renames of mapped CUDA names, one per use
  unsigned Manual = 0;    ///< sum of the sites' counts
  std::vector<ManualSite> Sites;
  /// Automatic edits by file (root-relative): where reviewing them falls.
  std::map<std::string, unsigned> AutomaticByFile;
  /// Manual edits in source code (unsupported uses, lint errors and
  /// warnings, inline PTX) by file: a per-TU model's "manual-site" input.
  std::map<std::string, unsigned> SourceManualByFile;
  unsigned total() const { return Automatic + Manual; }
};

/// When, by what and for what target the report was made.
struct ReportContext {
  std::string Date;       ///< UTC, ISO 8601 (SOURCE_DATE_EPOCH when set)
  std::string Version;    ///< hipport's
  std::string Rocm;       ///< target ROCm release, X.Y
  std::string CommandLine;
  std::string CostModelVersion;
  std::string CostModelForm;    ///< linear | per-tu-log
  unsigned CostModelSchema = 0; ///< the cost-model file's "version"
};

/// An operations item: deployment, monitoring or container configuration
/// that names NVIDIA, with its ROCm counterpart.
struct OpsItem {
  std::string Kind; ///< ops-visible-devices, ops-telemetry, ...
  Location Loc;
  std::string Text; ///< the line, trimmed
  std::string Rocm;
  bool Rewritten = false;   ///< `hipport port --ops` rewrites it
  bool PortsItself = false; ///< retargets without a rewrite (Triton)
};

/// A translation unit clang could not parse; its files were text-scanned.
struct Unparsed {
  std::string File;
  unsigned Errors = 0;
  std::string FirstError;
};

/// Lines and files of one directory (the first path component under a root).
struct DirectoryStats {
  std::string Dir;
  unsigned Files = 0, Lines = 0, SourceFiles = 0, SourceLines = 0;
  unsigned Kernels = 0;
  bool ThirdParty = false;
  double HoursLow = 0, HoursHigh = 0;
};

/// A range of hours for one category of work.
struct CategoryEstimate {
  std::string Category;
  std::string Description;
  double Low = 0, High = 0;
};

/// A costed line of the estimate: one item kind, or one named thing.
struct EstimateLine {
  std::string Kind;
  std::string Category;
  std::string What; ///< e.g. the kernel or library it is; empty for a kind
  unsigned Count = 0;
  double Low = 0, High = 0;
  std::string Unit;
};

/// A range of hours.
struct HourRange {
  double Low = 0, High = 0;
};

struct Estimate {
  /// The one hour figure: Predicted + Review + Uncalibrated under a per-TU
  /// model, the judgement sum under a linear one (docs/cost-model.md).
  double Low = 0, High = 0;
  std::vector<CategoryEstimate> Categories; ///< largest high first
  std::vector<EstimateLine> ByKind;         ///< largest high first
  std::vector<EstimateLine> Dominant;       ///< the named items that dominate
  std::string CostModelFile;
  /// Edit sites a person is predicted to make beyond `hipport port`: the
  /// item counts times the calibrated sites per unit (bench/calibration).
  double PredictedSites = 0;
  /// A per-TU model's sites times its hours per site (0 when linear): the
  /// hours of the items it was fitted on.
  double PredictedHoursLow = 0, PredictedHoursHigh = 0;
  double HoursPerSiteLow = 0, HoursPerSiteHigh = 0;
  /// Reading the automatic edits of `hipport port` (item port-review).
  HourRange Review;
  unsigned ReviewedEdits = 0;
  /// Items no calibrated weight covers, at their judgement ranges (under a
  /// linear model: every item but the review).
  HourRange Uncalibrated;
  /// Hours come from the predicted sites (a per-TU model).
  bool Calibrated = false;
  /// TUs the per-TU model priced (those with an item or a CUDA name).
  unsigned PricedTus = 0;
};

/// The whole report: inventory, estimate, and what the tool could not see.
struct Report {
  std::string Root;
  std::string Mode; ///< cuda | hip | mixed | none: what the sources are written in
  unsigned Files = 0, Lines = 0;
  unsigned SourceFiles = 0, SourceLines = 0;
  unsigned ThirdPartyFiles = 0, ThirdPartyLines = 0;
  unsigned TranslationUnits = 0;
  /// The translation unit each project file is counted under by a per-TU
  /// cost model (root-relative; a file absent here is its own unit): a TU
  /// owns itself, a header the nearest TU that includes it.
  std::map<std::string, std::string> TuOf;
  /// Lines of each source file (root-relative), the per-TU "source-line".
  std::map<std::string, unsigned> SourceLinesOf;
  std::vector<std::string> ThirdPartyDirs;
  std::vector<Kernel> Kernels; ///< riskiest first
  std::vector<ApiUse> Api;     ///< by family, then name
  std::vector<LibraryUse> Libraries;
  std::vector<LintCount> Lint;
  unsigned LintFindings = 0;
  /// Non-build lint findings per file and severity, for the estimate (the
  /// width net's hints counted as notes).
  std::map<std::string, std::map<std::string, unsigned>> LintByFile;
  bool LintRan = false;
  /// Non-build findings with their places, errors first.
  std::vector<LintFinding> Findings;
  std::vector<BuildItem> Build;
  unsigned BuildFiles = 0;
  std::vector<OpsItem> Operations;
  std::vector<Unparsed> UnparsedTUs;
  std::vector<std::string> TextScannedFiles;
  std::vector<DirectoryStats> Directories;
  Estimate Est;
  Automation Auto;
  ReportContext Context;
  /// What a reader must know to trust the numbers: empty tree, no CUDA,
  /// parse failures, no CUDA toolkit.
  std::vector<std::string> Notes;
  double Seconds = 0;
};

} // namespace hipport::report
