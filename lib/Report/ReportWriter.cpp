#include "Report/ReportWriter.h"

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

/// Counts per family and status, for the API tables.
struct FamilyRow {
  std::string Family;
  unsigned Distinct = 0, Calls = 0;
  std::map<std::string, std::pair<unsigned, unsigned>> ByStatus;
};

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

std::string hoursRange(double Low, double High) {
  return fmtHours(Low) + "-" + fmtHours(High) + " h";
}

void writeReportJson(llvm::raw_ostream &OS, const Report &R) {
  ojson J;
  J["schema"] = ReportSchema;
  J["root"] = R.Root;
  J["mode"] = R.Mode;
  J["seconds"] = std::round(R.Seconds * 1000) / 1000;
  J["notes"] = R.Notes;
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

  ojson Est;
  Est["total"] = range(R.Est.Low, R.Est.High);
  Est["costModel"] = R.Est.CostModelFile;
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
  J["estimate"] = Est;

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
  J["api"] = Api;

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

  ojson Lint;
  Lint["ran"] = R.LintRan;
  Lint["findings"] = R.LintFindings;
  Lint["byCheck"] = ojson::array();
  for (const LintCount &C : R.Lint)
    Lint["byCheck"].push_back(
        {{"check", C.Check}, {"severity", C.Severity}, {"count", C.Count}});
  J["lint"] = Lint;

  J["build"] = ojson::array();
  for (const BuildItem &B : R.Build)
    J["build"].push_back({{"file", B.Loc.File},
                          {"line", B.Loc.Line},
                          {"check", B.Check},
                          {"severity", B.Severity},
                          {"message", B.Message}});
  J["operations"] = ojson::array();
  for (const OpsItem &O : R.Operations)
    J["operations"].push_back({{"kind", O.Kind},
                               {"file", O.Loc.File},
                               {"line", O.Loc.Line},
                               {"text", O.Text},
                               {"rocm", O.Rocm}});
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

} // namespace

void writeReportMarkdown(llvm::raw_ostream &OS, const Report &R) {
  OS << "# hipport report\n\n";
  OS << fmt::format("Root: `{}` — sources are **{}**\n\n", R.Root, R.Mode);
  for (const std::string &N : R.Notes)
    OS << "> **Note:** " << N << "\n>\n";
  if (!R.Notes.empty())
    OS << "\n";

  OS << "## Estimate\n\n";
  OS << fmt::format("**Total: {}** (a range, not a quote: each item is priced "
                    "low-high by the cost model `{}`)\n\n",
                    hoursRange(R.Est.Low, R.Est.High), R.Est.CostModelFile);
  if (R.Est.High > 0) {
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
    OS << "\nCells: distinct names (uses).\n";
    bool Header = false;
    for (const ApiUse &A : R.Api) {
      if (A.Status != "unsupported")
        continue;
      if (!Header) {
        OS << "\nUnsupported on the target ROCm:\n\n";
        Header = true;
      }
      OS << fmt::format("- `{}` ({}), {} use(s), first at {}:{}\n", A.Name,
                        A.Family, A.Calls, A.First.File, A.First.Line);
    }
  }

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
    OS << "\n## Build system\n\n";
    for (const BuildItem &B : R.Build)
      OS << fmt::format("- {}:{}: {} [{}]\n", B.Loc.File, B.Loc.Line,
                        md(B.Message), B.Check);
  }
  if (!R.Operations.empty()) {
    OS << "\n## Operations\n\n| Where | Item | Line | ROCm |\n"
          "|---|---|---|---|\n";
    for (const OpsItem &O : R.Operations)
      OS << fmt::format("| {}:{} | {} | `{}` | {} |\n", O.Loc.File, O.Loc.Line,
                        O.Kind, md(O.Text), md(O.Rocm));
  }
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

} // namespace hipport::report
