#include "Report/ReportWriter.h"

#include "Report/Automation.h"

#include "llvm/ADT/StringExtras.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace hipport::report {

using ojson = nlohmann::ordered_json;

namespace {

/// Hours rounded to hundredths: the model's inputs have no more precision,
/// and sums of doubles should not print as 12.000000000000002.
double hrs(double H) { return std::round(H * 100) / 100; }

ojson range(double Low, double High) {
  return ojson{{"low", hrs(Low)}, {"high", hrs(High)}};
}

ojson loc(const Location &L) { return ojson{{"file", L.File}, {"line", L.Line}}; }

ojson strings(const std::set<std::string> &S) {
  ojson A = ojson::array();
  for (const std::string &X : S)
    A.push_back(X);
  return A;
}

std::string fmtHours(double H) {
  if (H >= 10)
    return fmt::format("{:.0f}", H);
  std::string S = fmt::format("{:.1f}", H);
  if (llvm::StringRef(S).ends_with(".0"))
    S.resize(S.size() - 2);
  return S;
}

std::string features(const Kernel &K) {
  std::vector<std::string> F;
  if (!K.WarpIntrinsics.empty())
    F.push_back("warp: " + llvm::join(K.WarpIntrinsics, ", "));
  if (K.SharedVars)
    F.push_back(fmt::format("shared x{}{}", K.SharedVars,
                            K.DynamicShared ? " (dynamic)" : ""));
  if (!K.Atomics.empty())
    F.push_back("atomics: " + llvm::join(K.Atomics, ", "));
  if (K.InlineAsm)
    F.push_back(fmt::format("inline asm x{}", K.InlineAsm));
  if (!K.TensorCore.empty())
    F.push_back("tensor cores: " + llvm::join(K.TensorCore, ", "));
  return F.empty() ? "-" : llvm::join(F, "; ");
}

} // namespace

std::vector<FamilyRow> families(const Report &R) {
  std::map<std::string, FamilyRow> M;
  for (const ApiUse &A : R.Api) {
    FamilyRow &F = M[A.Family];
    F.Family = A.Family;
    ++F.Distinct;
    F.Calls += A.Calls;
    auto &S = F.ByStatus[A.Status];
    ++S.first;
    S.second += A.Calls;
  }
  std::vector<FamilyRow> Out;
  for (auto &[K, F] : M)
    Out.push_back(F);
  std::stable_sort(Out.begin(), Out.end(),
                   [](auto &A, auto &B) { return A.Calls > B.Calls; });
  return Out;
}

std::vector<BuildGroup> buildGroups(const Report &R) {
  std::vector<BuildGroup> Out;
  std::map<std::string, size_t> ByFile;
  for (const BuildItem &B : R.Build) {
    auto [It, New] = ByFile.try_emplace(B.Loc.File, Out.size());
    if (New)
      Out.push_back({B.Loc.File, {}});
    auto &Es = Out[It->second].Entries;
    auto E = std::find_if(Es.begin(), Es.end(), [&](auto &X) {
      return X.Check == B.Check && X.Message == B.Message;
    });
    if (E == Es.end()) {
      Es.push_back({B.Check, B.Severity, B.Message, {}, B.Rewrite});
      E = Es.end() - 1;
    }
    if (std::find(E->Lines.begin(), E->Lines.end(), B.Loc.Line) ==
        E->Lines.end())
      E->Lines.push_back(B.Loc.Line);
  }
  return Out;
}

std::string headline(const Report &R) {
  const Automation &A = R.Auto;
  return fmt::format("hipport port does {} of {} edits automatically; {} "
                     "site{} need{} a person",
                     A.Automatic, A.total(), A.Sites.size(),
                     A.Sites.size() == 1 ? "" : "s",
                     A.Sites.size() == 1 ? "s" : "");
}

std::string summaryParagraph(const Report &R) {
  unsigned Own = 0;
  for (const Kernel &K : R.Kernels)
    Own += !K.ThirdParty;
  std::map<std::string, unsigned> ByKind;
  for (const ManualSite &S : R.Auto.Sites)
    ++ByKind[S.Kind];
  std::vector<std::pair<int, std::string>> Parts;
  for (auto &[Kind, N] : ByKind)
    Parts.push_back({manualRank(Kind), fmt::format("{}: {}", manualTitle(Kind), N)});
  std::sort(Parts.begin(), Parts.end());
  std::string Split = headline(R);
  if (!Parts.empty()) {
    Split += ": ";
    for (size_t I = 0; I < Parts.size(); ++I)
      Split += (I ? "; " : "") + Parts[I].second;
  }
  std::string Top;
  if (!R.Est.Categories.empty() && R.Est.Categories.front().High > 0)
    Top = fmt::format(", most of it {} ({})", R.Est.Categories.front().Category,
                      hoursRange(R.Est.Categories.front().Low,
                                 R.Est.Categories.front().High));
  return fmt::format(
      "{} source files ({} lines) with {} kernel{} and {} distinct CUDA "
      "name{}, sources in {}. {}. Estimated effort {}{}: {} (cost model {}; "
      "docs/cost-model.md shows the fit and its held-out score).",
      R.SourceFiles, R.SourceLines, Own, Own == 1 ? "" : "s", R.Api.size(),
      R.Api.size() == 1 ? "" : "s", R.Mode, Split,
      hoursRange(R.Est.Low, R.Est.High), Top, hoursBreakdown(R),
      costModelLabel(R));
}

std::vector<HourPart> hourParts(const Report &R) {
  const Estimate &E = R.Est;
  std::vector<HourPart> Parts;
  if (E.Calibrated) {
    Parts.push_back(
        {"predicted-sites",
         fmt::format(
             "the {:.0f} source edit sites a person is predicted to make "
             "beyond the port",
             E.PredictedSites),
         fmt::format("{:.1f} sites x {}-{} h a site; the sites from weights "
                     "fitted on hand-made HIP ports",
                     E.PredictedSites, fmtHours(E.HoursPerSiteLow),
                     fmtHours(E.HoursPerSiteHigh)),
         E.PredictedHoursLow, E.PredictedHoursHigh});
    Parts.push_back(
        {"uncalibrated",
         "the items the model has no weight for: build, operations, "
         "kinds too rare to fit",
         "their judgement ranges", E.Uncalibrated.Low, E.Uncalibrated.High});
  } else {
    Parts.push_back({"judgement", "every item",
                     "their judgement ranges (a linear model has no hours "
                     "per site)",
                     E.Uncalibrated.Low, E.Uncalibrated.High});
  }
  Parts.push_back(
      {"review",
       fmt::format("reading the {} automatic edit{} of hipport port",
                   E.ReviewedEdits, E.ReviewedEdits == 1 ? "" : "s"),
       "its judgement range per edit", E.Review.Low, E.Review.High});
  return Parts;
}

std::string hoursBreakdown(const Report &R) {
  std::string Out;
  for (const HourPart &P : hourParts(R))
    Out += fmt::format("{}{} for {} ({})", Out.empty() ? "" : ", ",
                       hoursRange(P.Low, P.High), P.What, P.From);
  return Out;
}

std::string hoursRange(double Low, double High) {
  return fmtHours(Low) + "-" + fmtHours(High) + " h";
}

std::string costModelLabel(const Report &R) {
  return fmt::format("{}; {} form, schema {}", R.Context.CostModelVersion,
                     R.Context.CostModelForm, R.Context.CostModelSchema);
}

namespace {

/// The estimate: total, per category, per item kind, and what dominates.
ojson estimateJson(const Report &R) {
  ojson Est;
  Est["total"] = range(R.Est.Low, R.Est.High);
  // The parts of the total; categories and kinds share the same hours out.
  Est["hoursFrom"] = R.Est.Calibrated ? "predicted-sites" : "judgement";
  Est["parts"] = ojson::array();
  for (const HourPart &P : hourParts(R))
    Est["parts"].push_back({{"part", P.Id},
                            {"what", P.What},
                            {"from", P.From},
                            {"low", hrs(P.Low)},
                            {"high", hrs(P.High)}});
  Est["costModel"] = R.Est.CostModelFile;
  Est["predictedManualSites"] = std::round(R.Est.PredictedSites * 10) / 10;
  if (R.Context.CostModelForm == "per-tu-log") {
    Est["predictedManualHours"] =
        range(R.Est.PredictedHoursLow, R.Est.PredictedHoursHigh);
    Est["pricedTranslationUnits"] = R.Est.PricedTus;
  }
  Est["categories"] = ojson::array();
  for (const CategoryEstimate &C : R.Est.Categories)
    Est["categories"].push_back({{"category", C.Category},
                                 {"description", C.Description},
                                 {"low", hrs(C.Low)},
                                 {"high", hrs(C.High)}});
  Est["byKind"] = ojson::array();
  for (const EstimateLine &L : R.Est.ByKind)
    Est["byKind"].push_back({{"kind", L.Kind},
                             {"category", L.Category},
                             {"unit", L.Unit},
                             {"count", L.Count},
                             {"low", hrs(L.Low)},
                             {"high", hrs(L.High)}});
  Est["dominant"] = ojson::array();
  for (const EstimateLine &L : R.Est.Dominant)
    Est["dominant"].push_back({{"what", L.What},
                               {"kind", L.Kind},
                               {"category", L.Category},
                               {"low", hrs(L.Low)},
                               {"high", hrs(L.High)}});
  return Est;
}

/// API uses per family and status, and each name.
ojson apiJson(const Report &R) {
  ojson Api;
  Api["families"] = ojson::array();
  for (const FamilyRow &F : families(R)) {
    ojson S = ojson::object();
    for (auto &[St, DC] : F.ByStatus)
      S[St] = {{"distinct", DC.first}, {"calls", DC.second}};
    Api["families"].push_back({{"family", F.Family},
                               {"distinct", F.Distinct},
                               {"calls", F.Calls},
                               {"byStatus", S}});
  }
  Api["names"] = ojson::array();
  for (const ApiUse &A : R.Api)
    Api["names"].push_back({{"name", A.Name},
                            {"family", A.Family},
                            {"status", A.Status},
                            {"hip", A.Hip},
                            {"calls", A.Calls},
                            {"first", loc(A.First)},
                            {"thirdParty", A.ThirdParty}});
  return Api;
}

/// Lint counts per check and each finding.
ojson lintJson(const Report &R) {
  ojson Lint;
  Lint["ran"] = R.LintRan;
  Lint["findings"] = R.LintFindings;
  Lint["byCheck"] = ojson::array();
  for (const LintCount &C : R.Lint)
    Lint["byCheck"].push_back(
        {{"check", C.Check}, {"severity", C.Severity}, {"count", C.Count}});
  Lint["items"] = ojson::array();
  for (const LintFinding &F : R.Findings)
    Lint["items"].push_back({{"file", F.Loc.File},
                             {"line", F.Loc.Line},
                             {"check", F.Check},
                             {"severity", F.Severity},
                             {"message", F.Message}});
  return Lint;
}

} // namespace

void writeReportJson(llvm::raw_ostream &OS, const Report &R) {
  ojson J;
  J["schema"] = ReportSchema;
  J["root"] = R.Root;
  J["mode"] = R.Mode;
  J["seconds"] = std::round(R.Seconds * 1000) / 1000;
  J["context"] = {{"date", R.Context.Date},
                  {"tool", "hipport"},
                  {"version", R.Context.Version},
                  {"targetRocm", R.Context.Rocm},
                  {"commandLine", R.Context.CommandLine},
                  {"costModel", R.Context.CostModelVersion},
                  {"costModelForm", R.Context.CostModelForm},
                  {"costModelSchema", R.Context.CostModelSchema}};
  J["notes"] = R.Notes;
  J["headline"] = headline(R);
  J["paragraph"] = summaryParagraph(R);
  {
    ojson Sites = ojson::array();
    for (const ManualSite &S : R.Auto.Sites)
      Sites.push_back({{"kind", S.Kind},
                       {"file", S.Loc.File},
                       {"line", S.Loc.Line},
                       {"what", S.What},
                       {"count", S.Count}});
    J["automation"] = {{"automatic", R.Auto.Automatic},
                       {"manual", R.Auto.Manual},
                       {"edits", R.Auto.total()},
                       {"sites", Sites}};
  }
  J["summary"] = {
      {"files", R.Files},
      {"lines", R.Lines},
      {"sourceFiles", R.SourceFiles},
      {"sourceLines", R.SourceLines},
      {"thirdPartyFiles", R.ThirdPartyFiles},
      {"thirdPartyLines", R.ThirdPartyLines},
      {"translationUnits", R.TranslationUnits},
      {"unparsedTranslationUnits", R.UnparsedTUs.size()},
      {"kernels", std::count_if(R.Kernels.begin(), R.Kernels.end(),
                                [](auto &K) { return !K.ThirdParty; })},
      {"thirdPartyKernels", std::count_if(R.Kernels.begin(), R.Kernels.end(),
                                          [](auto &K) { return K.ThirdParty; })},
      {"apiDistinct", R.Api.size()},
      {"apiCalls", [&] {
         unsigned N = 0;
         for (const ApiUse &A : R.Api)
           N += A.Calls;
         return N;
       }()},
      {"libraries", R.Libraries.size()},
      {"lintFindings", R.LintFindings},
      {"buildItems", R.Build.size()},
      {"operationsItems", R.Operations.size()}};

  J["estimate"] = estimateJson(R);

  J["kernels"] = ojson::array();
  for (const Kernel &K : R.Kernels) {
    ojson Sites = ojson::array();
    for (const Location &L : K.LaunchSites)
      Sites.push_back(loc(L));
    J["kernels"].push_back(
        {{"name", K.Name},
         {"file", K.Loc.File},
         {"line", K.Loc.Line},
         {"dialect", dialectName(K.Lang)},
         {"template", K.Template},
         {"thirdParty", K.ThirdParty},
         {"source", K.FromTextScan ? "text" : "ast"},
         {"lines", K.Lines},
         {"warpIntrinsics", strings(K.WarpIntrinsics)},
         {"sharedMemory", {{"variables", K.SharedVars},
                           {"dynamic", K.DynamicShared}}},
         {"atomics", strings(K.Atomics)},
         {"inlineAsm", K.InlineAsm},
         {"tensorCore", strings(K.TensorCore)},
         {"launchSites", Sites},
         {"risk", K.Risk},
         {"costKind", K.CostKind},
         {"hours", range(K.HoursLow, K.HoursHigh)}});
  }

  J["api"] = apiJson(R);

  J["libraries"] = ojson::array();
  for (const LibraryUse &L : R.Libraries)
    J["libraries"].push_back({{"id", L.Id},
                              {"name", L.Name},
                              {"rocm", L.Rocm},
                              {"mapped", L.Mapped},
                              {"maturity", L.Maturity},
                              {"files", strings(L.Files)},
                              {"apiDistinct", L.ApiDistinct},
                              {"apiCalls", L.ApiCalls}});

  J["lint"] = lintJson(R);

  J["build"] = ojson::array();
  for (const BuildGroup &G : buildGroups(R)) {
    ojson Es = ojson::array();
    for (const BuildGroup::Entry &E : G.Entries)
      Es.push_back({{"check", E.Check},
                    {"severity", E.Severity},
                    {"message", E.Message},
                    {"lines", E.Lines},
                    {"rewrite", E.Rewrite}});
    J["build"].push_back({{"file", G.File}, {"items", Es}});
  }
  J["operations"] = ojson::array();
  for (const OpsItem &O : R.Operations)
    J["operations"].push_back({{"kind", O.Kind},
                               {"file", O.Loc.File},
                               {"line", O.Loc.Line},
                               {"text", O.Text},
                               {"rocm", O.Rocm},
                               {"rewrite", O.Rewritten},
                               {"portsItself", O.PortsItself}});
  J["unparsed"] = ojson::array();
  for (const Unparsed &U : R.UnparsedTUs)
    J["unparsed"].push_back({{"file", U.File},
                             {"errors", U.Errors},
                             {"firstError", U.FirstError}});
  J["textScanned"] = R.TextScannedFiles;
  J["thirdPartyDirs"] = R.ThirdPartyDirs;
  J["directories"] = ojson::array();
  for (const DirectoryStats &D : R.Directories)
    J["directories"].push_back({{"dir", D.Dir},
                                {"files", D.Files},
                                {"lines", D.Lines},
                                {"sourceFiles", D.SourceFiles},
                                {"sourceLines", D.SourceLines},
                                {"kernels", D.Kernels},
                                {"thirdParty", D.ThirdParty},
                                {"hours", range(D.HoursLow, D.HoursHigh)}});
  OS << J.dump(2) << "\n";
}

//===----------------------------------------------------------------------===//
// Markdown
//===----------------------------------------------------------------------===//

namespace {

/// Escapes the characters that would break a Markdown table cell.
std::string md(llvm::StringRef S) {
  std::string O;
  for (char C : S) {
    if (C == '|')
      O += "\\|";
    else if (C == '\n')
      O += ' ';
    else
      O += C;
  }
  return O;
}

unsigned ownKernels(const Report &R) {
  return unsigned(std::count_if(R.Kernels.begin(), R.Kernels.end(),
                                [](auto &K) { return !K.ThirdParty; }));
}

/// A Markdown link to a place, relative to the root (where a report.md
/// committed next to the sources is read).
std::string mdLoc(const Location &L) {
  return fmt::format("[{}:{}]({}#L{})", md(L.File), L.Line, L.File, L.Line);
}

void markdownManual(llvm::raw_ostream &OS, const Report &R) {
  OS << "## What hipport port does, and what needs a person\n\n";
  OS << fmt::format("**{}** ({} edits by a person), then an estimated **{}**."
                    " The calibrated cost model predicts {:.0f} edit sites "
                    "beyond the port.\n\n",
                    headline(R), R.Auto.Manual,
                    hoursRange(R.Est.Low, R.Est.High), R.Est.PredictedSites);
  if (R.Auto.Sites.empty())
    return;
  OS << "Needs a person, riskiest first:\n";
  std::string Kind;
  size_t N = 0, Left = 0;
  auto Flush = [&] {
    if (Left)
      OS << fmt::format("- …and {} more (see the JSON report)\n", Left);
    Left = 0;
  };
  for (const ManualSite &S : R.Auto.Sites) {
    if (S.Kind != Kind) {
      Flush();
      Kind = S.Kind;
      N = 0;
      OS << fmt::format("\n### {}\n\n", manualTitle(Kind));
    }
    if (++N > MaxSitesPerKind) {
      ++Left;
      continue;
    }
    OS << fmt::format("- {} — {}\n", mdLoc(S.Loc), md(S.What));
  }
  Flush();
  OS << "\n";
}

/// The title, the summary paragraph, the context table and notes.
void mdContext(llvm::raw_ostream &OS, const Report &R) {
  OS << "# hipport report\n\n";
  OS << summaryParagraph(R) << "\n\n";
  OS << "| Context | |\n|---|---|\n";
  OS << fmt::format("| Root | `{}` (sources are **{}**) |\n", md(R.Root),
                    R.Mode);
  OS << fmt::format("| Date | {} |\n", R.Context.Date);
  OS << fmt::format("| hipport | {} |\n", R.Context.Version);
  OS << fmt::format("| Target ROCm | {} |\n", R.Context.Rocm);
  OS << fmt::format("| Command | `{}` |\n", md(R.Context.CommandLine));
  OS << fmt::format("| Cost model | {} (`{}`) |\n\n", md(costModelLabel(R)),
                    md(R.Est.CostModelFile));
  for (const std::string &N : R.Notes)
    OS << "> **Note:** " << N << "\n>\n";
  if (!R.Notes.empty())
    OS << "\n";
  markdownManual(OS, R);
}

/// The estimate: total, categories and the items that dominate it.
void mdEstimate(llvm::raw_ostream &OS, const Report &R) {
  OS << "## Estimate\n\n";
  OS << fmt::format("**Total: {}** (a range, not a quote; cost model `{}`), "
                    "the sum of:\n\n",
                    hoursRange(R.Est.Low, R.Est.High), R.Est.CostModelFile);
  OS << "| Part | Hours | Where the hours come from |\n|---|---|---|\n";
  for (const HourPart &P : hourParts(R))
    OS << fmt::format("| {} | {} | {} |\n", md(P.What),
                      hoursRange(P.Low, P.High), md(P.From));
  OS << "\n";
  if (R.Est.High > 0) {
    if (R.Est.Calibrated)
      OS << "The same hours by category: the predicted sites' hours are "
            "shared out over the items the model was fitted on, in "
            "proportion to their judgement ranges.\n\n";
    OS << "| Category | Hours | What it covers |\n|---|---|---|\n";
    for (const CategoryEstimate &C : R.Est.Categories)
      if (C.High > 0)
        OS << fmt::format("| {} | {} | {} |\n", C.Category,
                          hoursRange(C.Low, C.High), md(C.Description));
  } else {
    OS << "Nothing to estimate.\n";
  }
  if (!R.Est.Dominant.empty()) {
    OS << "\nDominated by:\n\n";
    for (const EstimateLine &L : R.Est.Dominant)
      OS << fmt::format("- {} — {} ({})\n", md(L.What),
                        hoursRange(L.Low, L.High), L.Category);
  }
}

/// What the tree holds, in counts.
void mdInventory(llvm::raw_ostream &OS, const Report &R) {
  OS << "\n## Inventory\n\n| | |\n|---|---|\n";
  OS << fmt::format("| Files / lines | {} / {} |\n", R.Files, R.Lines);
  OS << fmt::format("| Source files / lines | {} / {} |\n", R.SourceFiles,
                    R.SourceLines);
  OS << fmt::format("| Third-party files / lines | {} / {} |\n",
                    R.ThirdPartyFiles, R.ThirdPartyLines);
  OS << fmt::format("| Translation units (unparsed) | {} ({}) |\n",
                    R.TranslationUnits, R.UnparsedTUs.size());
  OS << fmt::format("| Kernels (third-party) | {} ({}) |\n", ownKernels(R),
                    R.Kernels.size() - ownKernels(R));
  unsigned Calls = 0;
  for (const ApiUse &A : R.Api)
    Calls += A.Calls;
  OS << fmt::format("| CUDA API names / uses | {} / {} |\n", R.Api.size(),
                    Calls);
  OS << fmt::format("| Libraries | {} |\n", R.Libraries.size());
  OS << fmt::format("| Lint findings | {}{} |\n", R.LintFindings,
                    R.LintRan ? "" : " (lint not run)");
  OS << fmt::format("| Build-system items | {} |\n", R.Build.size());
  OS << fmt::format("| Operations items | {} |\n", R.Operations.size());
}

/// Kernels, riskiest first (25 at most).
void mdKernels(llvm::raw_ostream &OS, const Report &R) {
  if (!R.Kernels.empty()) {
    OS << "\n## Kernels, riskiest first\n\n"
          "| Kernel | Location | Risk | Hours | Features | Launch sites |\n"
          "|---|---|---|---|---|---|\n";
    size_t N = 0;
    for (const Kernel &K : R.Kernels) {
      if (++N > 25) {
        OS << fmt::format("\n…and {} more (see the JSON or HTML report).\n",
                          R.Kernels.size() - 25);
        break;
      }
      OS << fmt::format("| `{}`{}{}{} | {}:{} | {} | {} | {} | {} |\n",
                        md(K.Name), K.Template ? " (template)" : "",
                        K.ThirdParty ? " (third-party)" : "",
                        K.FromTextScan ? " (text scan)" : "", K.Loc.File,
                        K.Loc.Line, K.Risk, hoursRange(K.HoursLow, K.HoursHigh),
                        md(features(K)), K.LaunchSites.size());
    }
  }
}

/// CUDA API uses per family; the names that need a person listed.
void mdApi(llvm::raw_ostream &OS, const Report &R) {
  if (!R.Api.empty()) {
    OS << "\n## CUDA API by family\n\n"
          "| Family | Distinct | Uses | Supported | Experimental | "
          "Deprecated | Unsupported |\n|---|---|---|---|---|---|---|\n";
    for (const FamilyRow &F : families(R)) {
      auto Cell = [&](const char *S) {
        auto It = F.ByStatus.find(S);
        return It == F.ByStatus.end()
                   ? std::string("-")
                   : fmt::format("{} ({})", It->second.first,
                                 It->second.second);
      };
      OS << fmt::format("| {} | {} | {} | {} | {} | {} | {} |\n", F.Family,
                        F.Distinct, F.Calls, Cell("supported"),
                        Cell("experimental"), Cell("deprecated"),
                        Cell("unsupported"));
    }
    OS << "\nCells: distinct names (uses). Supported names are renamed by "
          "`hipport port` and counted only; the others are listed.\n";
    for (const char *St : {"unsupported", "experimental", "deprecated"}) {
      bool Header = false;
      for (const ApiUse &A : R.Api) {
        if (A.Status != St)
          continue;
        if (!Header) {
          OS << fmt::format("\n{} on the target ROCm:\n\n",
                            St[0] == 'u'   ? "Unsupported"
                            : St[0] == 'e' ? "Experimental"
                                           : "Deprecated");
          Header = true;
        }
        OS << fmt::format("- `{}` ({}{}{}), {} use(s), first at {}\n", A.Name,
                          A.Family, A.Hip.empty() ? "" : " → ",
                          A.Hip.empty() ? "" : "`" + A.Hip + "`", A.Calls,
                          mdLoc(A.First));
      }
    }
  }
}

/// Libraries, lint counts, build files and operations.
void mdLibrariesAndBuild(llvm::raw_ostream &OS, const Report &R) {
  if (!R.Libraries.empty()) {
    OS << "\n## Libraries\n\n| Library | ROCm | Kind | Files | API uses | "
          "Maturity |\n|---|---|---|---|---|---|\n";
    for (const LibraryUse &L : R.Libraries)
      OS << fmt::format("| {} | {} | {} | {} | {} | {} |\n", L.Name, md(L.Rocm),
                        L.Mapped ? "mapped" : "rewrite", L.Files.size(),
                        L.ApiCalls, md(L.Maturity));
  }

  if (!R.Lint.empty()) {
    OS << "\n## Lint findings by check\n\n| Check | Severity | Count |\n"
          "|---|---|---|\n";
    for (const LintCount &C : R.Lint)
      OS << fmt::format("| {} | {} | {} |\n", C.Check, C.Severity, C.Count);
  }
  if (!R.Build.empty()) {
    OS << "\n## Build system, per file\n";
    for (const BuildGroup &G : buildGroups(R)) {
      OS << fmt::format("\n**{}**\n\n", md(G.File));
      for (const BuildGroup::Entry &E : G.Entries) {
        std::vector<std::string> Ls;
        for (unsigned L : E.Lines)
          Ls.push_back(fmt::format("[{}]({}#L{})", L, G.File, L));
        OS << fmt::format("- line{} {}: {} [{}]{}\n",
                          E.Lines.size() == 1 ? "" : "s", llvm::join(Ls, ", "),
                          md(E.Message), E.Check,
                          E.Rewrite ? " (hipport rewrites it)" : "");
      }
    }
  }
  if (!R.Operations.empty()) {
    OS << "\n## Operations\n\n| Where | Item | Line | ROCm |\n"
          "|---|---|---|---|\n";
    for (const OpsItem &O : R.Operations)
      OS << fmt::format("| {}:{} | {} | `{}` | {}{} |\n", O.Loc.File,
                        O.Loc.Line, O.Kind, md(O.Text), md(O.Rocm),
                        O.Rewritten ? " (hipport port --ops rewrites it)" : "");
  }
}

/// What was only text-scanned, and the split by directory.
void mdUnparsedAndDirectories(llvm::raw_ostream &OS, const Report &R) {
  if (!R.UnparsedTUs.empty()) {
    OS << "\n## Not parsed (text-scanned)\n\n";
    for (const Unparsed &U : R.UnparsedTUs)
      OS << fmt::format("- {}: {} error(s); first: {}\n", U.File, U.Errors,
                        md(U.FirstError));
  }
  if (!R.Directories.empty()) {
    OS << "\n## By directory\n\n| Directory | Files | Lines | Kernels | "
          "Hours |\n|---|---|---|---|---|\n";
    for (const DirectoryStats &D : R.Directories)
      OS << fmt::format("| {}{} | {} | {} | {} | {} |\n", D.Dir,
                        D.ThirdParty ? " (third-party)" : "", D.Files, D.Lines,
                        D.Kernels, hoursRange(D.HoursLow, D.HoursHigh));
  }
}

} // namespace

void writeReportMarkdown(llvm::raw_ostream &OS, const Report &R) {
  mdContext(OS, R);
  mdEstimate(OS, R);
  mdInventory(OS, R);
  mdKernels(OS, R);
  mdApi(OS, R);
  mdLibrariesAndBuild(OS, R);
  mdUnparsedAndDirectories(OS, R);
}

} // namespace hipport::report
