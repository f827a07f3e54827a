#include "Report/ReportWriter.h"

#include "Report/Automation.h"

#include "llvm/ADT/StringExtras.h"

#include <fmt/format.h>

#include <algorithm>

namespace hipport::report {

namespace {

std::string esc(llvm::StringRef S) {
  std::string O;
  O.reserve(S.size());
  for (char C : S) {
    switch (C) {
    case '&':
      O += "&amp;";
      break;
    case '<':
      O += "&lt;";
      break;
    case '>':
      O += "&gt;";
      break;
    case '"':
      O += "&quot;";
      break;
    default:
      O += C;
    }
  }
  return O;
}

/// Everything the page needs, inline: no fonts, scripts or images fetched.
const char *Css = R"css(
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:1200px;padding:1.5em;color:#1d2330;background:#fff}
h1{font-size:1.6em;margin:.2em 0}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #dde;padding-bottom:.2em}h3{font-size:1.05em;margin:1.2em 0 .3em}
.muted{color:#667}.cards{display:flex;flex-wrap:wrap;gap:.8em;margin:1em 0}
.card{border:1px solid #dde;border-radius:6px;padding:.6em 1em;min-width:9em}
.card b{display:block;font-size:1.4em}.total b{color:#b3261e}
.note{background:#fff7e0;border-left:4px solid #e0a800;padding:.4em .8em;margin:.4em 0}
#summary{font-size:1.08em;max-width:60em}.headline{font-size:1.25em;font-weight:600;margin:.6em 0}
table{border-collapse:collapse;width:100%;max-width:100%;margin:.6em 0}th,td{border-bottom:1px solid #eef;padding:.3em .5em;text-align:left;vertical-align:top;overflow-wrap:anywhere;word-break:break-word}
th{background:#f4f5fa}th[data-sort]{cursor:pointer;user-select:none}th[data-sort]:after{content:" \2195";color:#99a}
td.n,th.n{text-align:right;overflow-wrap:normal;word-break:normal;white-space:nowrap}code{font-size:.92em;overflow-wrap:anywhere}a{color:#1a5fb4}
#context{width:auto}#context th{white-space:nowrap}
ul.sites li{margin:.15em 0;overflow-wrap:anywhere}.sev-error{color:#b3261e}
svg{max-width:100%;height:auto}svg text{font:12px system-ui,sans-serif;fill:#1d2330}.tp{color:#8a5a00}
@media (max-width:1400px){#kernels .c-kind,#kernels .c-lines{display:none}}
@media print{
body{max-width:none;padding:0;font-size:11pt;color:#000}
a{color:#000;text-decoration:none}th[data-sort]:after{content:none}
.cards{gap:.4em}.card{border-color:#999}h2{break-after:avoid}tr,li,.card{break-inside:avoid}
details>*:not(summary){display:block}details summary{list-style:none}
#kernels .c-kind,#kernels .c-lines{display:none}
}
)css";

/// Sorts any table with th[data-sort]; `#sort=<column>[-asc]` presorts the
/// kernel table, so a link (or a test) can ask for an order.
const char *Js = R"js(
function hpSort(table, col, asc) {
  var th = table.tHead.rows[0].cells[col], num = th.dataset.sort === 'num';
  var rows = Array.prototype.slice.call(table.tBodies[0].rows);
  rows.sort(function (a, b) {
    var x = a.cells[col].dataset.v || a.cells[col].textContent;
    var y = b.cells[col].dataset.v || b.cells[col].textContent;
    var r = num ? parseFloat(x) - parseFloat(y) : x.localeCompare(y);
    return asc ? r : -r;
  });
  rows.forEach(function (r) { table.tBodies[0].appendChild(r); });
  table.dataset.sortedBy = th.dataset.key + (asc ? '-asc' : '-desc');
}
document.querySelectorAll('table').forEach(function (t) {
  if (!t.tHead) return;
  Array.prototype.forEach.call(t.tHead.rows[0].cells, function (th, i) {
    if (!th.dataset.sort) return;
    th.addEventListener('click', function () {
      var asc = t.dataset.sortedBy !== th.dataset.key + '-asc';
      hpSort(t, i, asc);
    });
  });
});
(function () {
  var m = /sort=([a-z]+)(-asc)?/.exec(location.hash), t = document.getElementById('kernels');
  if (!m || !t) return;
  Array.prototype.forEach.call(t.tHead.rows[0].cells, function (th, i) {
    if (th.dataset.key === m[1]) hpSort(t, i, !!m[2]);
  });
})();
// Tables must fit the page: name any that is wider than its container, so
// a reader (or a test) sees where the layout breaks.
(function () {
  var wide = [];
  document.querySelectorAll('table').forEach(function (t) {
    if (t.scrollWidth > t.parentElement.clientWidth + 1) wide.push(t.id || 'table');
  });
  if (document.documentElement.scrollWidth > document.documentElement.clientWidth + 1)
    wide.push('page');
  document.body.dataset.overflow = wide.length ? wide.join(' ') : 'none';
})();
document.body.dataset.ready = 'yes';
)js";

struct Bar {
  std::string Label;
  double Low, High;
  bool Accent = false;
};

/// A horizontal range chart: a solid bar to the low end, a pale one to the
/// high end, so the page never shows a single number as the answer.
void rangeChart(llvm::raw_ostream &OS, const std::string &Id,
                const std::string &Title, const std::vector<Bar> &Bars) {
  double Max = 0;
  for (const Bar &B : Bars)
    Max = std::max(Max, B.High);
  const int LabelW = 230, BarW = 560, RowH = 24, Top = 8;
  int H = Top + RowH * int(Bars.size()) + 8;
  OS << fmt::format("<svg id=\"{}\" role=\"img\" aria-label=\"{}\" "
                    "width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\">\n",
                    Id, esc(Title), LabelW + BarW + 120, H,
                    LabelW + BarW + 120, H);
  OS << "<title>" << esc(Title) << "</title>\n";
  for (size_t I = 0; I < Bars.size(); ++I) {
    const Bar &B = Bars[I];
    int Y = Top + RowH * int(I);
    double WL = Max > 0 ? B.Low / Max * BarW : 0;
    double WH = Max > 0 ? B.High / Max * BarW : 0;
    OS << fmt::format("<g class=\"bar\" data-label=\"{}\">", esc(B.Label));
    OS << fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
                      LabelW - 8, Y + 16, esc(B.Label));
    OS << fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"16\" "
                      "fill=\"{}\" opacity=\"0.3\"/>",
                      LabelW, Y + 4, WH, B.Accent ? "#b3261e" : "#1a5fb4");
    OS << fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"16\" "
                      "fill=\"{}\"/>",
                      LabelW, Y + 4, WL, B.Accent ? "#b3261e" : "#1a5fb4");
    OS << fmt::format("<text x=\"{:.1f}\" y=\"{}\">{}</text></g>\n",
                      LabelW + WH + 6, Y + 16, esc(hoursRange(B.Low, B.High)));
  }
  OS << "</svg>\n";
}

std::string loc(const LinkFn &Link, const Location &L) {
  return fmt::format("<a href=\"{}#L{}\">{}:{}</a>", esc(Link(L.File)), L.Line,
                     esc(L.File), L.Line);
}

/// The sites a person must work on, riskiest kind first, each linked.
void manualSection(llvm::raw_ostream &OS, const Report &R, const LinkFn &Link) {
  if (R.Auto.Sites.empty())
    return;
  OS << "<section id=\"manual\"><h2>Needs a person, riskiest first</h2>\n";
  std::string Kind;
  size_t N = 0, Left = 0;
  auto Close = [&] {
    if (Kind.empty())
      return;
    if (Left)
      OS << fmt::format("<li class=\"muted\">&hellip;and {} more (see the "
                        "JSON report)</li>\n",
                        Left);
    OS << "</ul>\n";
    Left = 0;
  };
  for (const ManualSite &S : R.Auto.Sites) {
    if (S.Kind != Kind) {
      Close();
      Kind = S.Kind;
      N = 0;
      OS << fmt::format("<h3>{}</h3>\n<ul class=\"sites\" id=\"manual-{}\">\n",
                        esc(manualTitle(Kind)), esc(Kind));
    }
    if (++N > MaxSitesPerKind) {
      ++Left;
      continue;
    }
    OS << "<li>" << loc(Link, S.Loc) << " &mdash; " << esc(S.What) << "</li>\n";
  }
  Close();
  OS << "</section>\n";
}

/// Head, context table, notes, headline and the manual sites.
void headerSection(llvm::raw_ostream &OS, const Report &R, const LinkFn &Link) {
  OS << "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
     << "<meta name=\"viewport\" content=\"width=device-width\">\n"
     << "<title>hipport report: " << esc(R.Root) << "</title>\n<style>" << Css
     << "</style></head>\n<body>\n";
  OS << "<h1>hipport report</h1>\n";
  OS << "<p id=\"summary\">" << esc(summaryParagraph(R)) << "</p>\n";
  OS << "<table id=\"context\"><tbody>\n";
  auto Ctx = [&](const char *Key, const char *Label, const std::string &V,
                 bool Code = false) {
    OS << fmt::format("<tr><th>{}</th><td id=\"ctx-{}\">{}{}{}</td></tr>\n",
                      Label, Key, Code ? "<code>" : "", esc(V),
                      Code ? "</code>" : "");
  };
  Ctx("root", "Root", R.Root);
  OS << "<tr><th>Mode</th><td><b id=\"mode\">" << esc(R.Mode)
     << "</b></td></tr>\n";
  Ctx("date", "Date", R.Context.Date);
  Ctx("version", "hipport", R.Context.Version);
  Ctx("rocm", "Target ROCm", R.Context.Rocm);
  Ctx("command", "Command", R.Context.CommandLine, true);
  Ctx("cost-model", "Cost model",
      costModelLabel(R) + " (" + R.Est.CostModelFile + ")");
  OS << "</tbody></table>\n";
  for (const std::string &N : R.Notes)
    OS << "<div class=\"note\">" << esc(N) << "</div>\n";

  OS << "<p class=\"headline\" id=\"headline\">" << esc(headline(R))
     << "; estimated " << esc(hoursRange(R.Est.Low, R.Est.High)) << ".</p>\n";
  manualSection(OS, R, Link);

}

/// The summary cards.
void cardsSection(llvm::raw_ostream &OS, const Report &R) {
  unsigned Own = 0, Calls = 0;
  for (const Kernel &K : R.Kernels)
    Own += !K.ThirdParty;
  for (const ApiUse &A : R.Api)
    Calls += A.Calls;

  OS << "<div class=\"cards\">\n";
  auto Card = [&](const std::string &Id, const std::string &Value,
                  const std::string &Label, bool Total = false) {
    OS << fmt::format("<div class=\"card{}\" id=\"{}\"><b>{}</b>{}</div>\n",
                      Total ? " total" : "", Id, esc(Value), esc(Label));
  };
  Card("total", hoursRange(R.Est.Low, R.Est.High), "estimated effort", true);
  Card("card-kernels", std::to_string(Own),
       fmt::format("kernels ({} third-party)", R.Kernels.size() - Own));
  Card("card-api", std::to_string(R.Api.size()),
       fmt::format("CUDA names, {} uses", Calls));
  Card("card-libraries", std::to_string(R.Libraries.size()), "libraries");
  Card("card-lint", std::to_string(R.LintFindings), "lint findings");
  Card("card-lines", std::to_string(R.SourceLines),
       fmt::format("source lines in {} files", R.SourceFiles));
  OS << "</div>\n";

}

/// Effort by category and by directory.
void effortSection(llvm::raw_ostream &OS, const Report &R) {
  OS << "<h2>Where the hours come from</h2>\n<table id=\"hour-parts\">"
        "<thead><tr><th>Part</th><th class=\"n\">Hours</th><th>From</th>"
        "</tr></thead><tbody>\n";
  for (const HourPart &P : hourParts(R))
    OS << fmt::format("<tr id=\"part-{}\"><td>{}</td><td class=\"n\">{}</td>"
                      "<td>{}</td></tr>\n",
                      P.Id, esc(P.What), esc(hoursRange(P.Low, P.High)),
                      esc(P.From));
  OS << fmt::format("<tr class=\"total\"><td>total</td><td class=\"n\">{}"
                    "</td><td></td></tr>\n</tbody></table>\n",
                    esc(hoursRange(R.Est.Low, R.Est.High)));
  OS << "<h2>Effort by category</h2>\n";
  std::vector<Bar> Cats;
  for (const CategoryEstimate &C : R.Est.Categories)
    if (C.High > 0)
      Cats.push_back({C.Category, C.Low, C.High, false});
  Cats.push_back({"total", R.Est.Low, R.Est.High, true});
  rangeChart(OS, "chart-category", "Effort by category (hours, low-high)",
             Cats);
  OS << "<p class=\"muted\">Solid: low end; pale: high end. Cost model: <code>"
     << esc(R.Est.CostModelFile) << "</code>.</p>\n";
  if (!R.Est.Dominant.empty()) {
    OS << "<p>Dominated by:</p><ul id=\"dominant\">\n";
    for (const EstimateLine &L : R.Est.Dominant)
      OS << "<li>" << esc(L.What) << " &mdash; "
         << esc(hoursRange(L.Low, L.High)) << " (" << esc(L.Category)
         << ")</li>\n";
    OS << "</ul>\n";
  }

  std::vector<Bar> Dirs;
  for (const DirectoryStats &D : R.Directories)
    if (D.HoursHigh > 0 && Dirs.size() < 20)
      Dirs.push_back({D.Dir + (D.ThirdParty ? " (3rd)" : ""), D.HoursLow,
                      D.HoursHigh, D.ThirdParty});
  if (!Dirs.empty()) {
    OS << "<h2>Effort by directory</h2>\n";
    rangeChart(OS, "chart-directory", "Effort by directory (hours, low-high)",
               Dirs);
  }

}

/// The kernel table, riskiest first.
void kernelsSection(llvm::raw_ostream &OS, const Report &R, const LinkFn &Link) {
  OS << "<h2>Kernels, riskiest first</h2>\n";
  if (R.Kernels.empty())
    OS << "<p id=\"no-kernels\">No kernels found.</p>\n";
  else {
    OS << "<table id=\"kernels\"><thead><tr>"
          "<th data-sort=\"text\" data-key=\"name\">Kernel</th>"
          "<th data-sort=\"text\" data-key=\"location\">Location</th>"
          "<th data-sort=\"num\" data-key=\"risk\" class=\"n\">Risk</th>"
          "<th data-sort=\"num\" data-key=\"hours\" class=\"n\">Hours</th>"
          "<th data-sort=\"text\" data-key=\"kind\" class=\"c-kind\">Kind</th>"
          "<th data-sort=\"num\" data-key=\"lines\" class=\"n c-lines\">Lines</th>"
          "<th>Features</th>"
          "<th data-sort=\"num\" data-key=\"launches\" class=\"n\">Launches</th>"
          "</tr></thead><tbody>\n";
    for (const Kernel &K : R.Kernels) {
      std::vector<std::string> F;
      if (!K.WarpIntrinsics.empty())
        F.push_back("warp: " + llvm::join(K.WarpIntrinsics, ", "));
      if (K.SharedVars)
        F.push_back(fmt::format("shared &times;{}{}", K.SharedVars,
                                K.DynamicShared ? " (dynamic)" : ""));
      if (!K.Atomics.empty())
        F.push_back("atomics: " + llvm::join(K.Atomics, ", "));
      if (K.InlineAsm)
        F.push_back(fmt::format("inline asm &times;{}", K.InlineAsm));
      if (!K.TensorCore.empty())
        F.push_back("tensor cores: " + llvm::join(K.TensorCore, ", "));
      std::string Sites;
      for (const Location &L : K.LaunchSites)
        Sites += (Sites.empty() ? "" : "<br>") + loc(Link, L);
      OS << fmt::format(
          "<tr><td><code>{}</code>{}{}{}</td><td>{}</td><td class=\"n\">{}"
          "</td><td class=\"n\" data-v=\"{}\">{}</td><td class=\"c-kind\">{}</td>"
          "<td class=\"n c-lines\">{}</td><td>{}</td><td class=\"n\" data-v=\"{}\">"
          "<details><summary>{}</summary>{}</details></td></tr>\n",
          esc(K.Name), K.Template ? " <span class=\"muted\">template</span>" : "",
          K.ThirdParty ? " <span class=\"tp\">third-party</span>" : "",
          K.FromTextScan ? " <span class=\"muted\">text scan</span>" : "",
          loc(Link, K.Loc), K.Risk, K.HoursHigh,
          esc(hoursRange(K.HoursLow, K.HoursHigh)), esc(K.CostKind), K.Lines,
          F.empty() ? "&ndash;" : llvm::join(F, "<br>"), K.LaunchSites.size(),
          K.LaunchSites.size(), Sites);
    }
    OS << "</tbody></table>\n";
  }

}

/// API families and the names that are not simply renamed.
void apiSection(llvm::raw_ostream &OS, const Report &R, const LinkFn &Link) {
  if (!R.Api.empty()) {
    OS << "<h2>CUDA API by family</h2>\n<table id=\"api-families\"><thead><tr>"
          "<th>Family</th><th class=\"n\">Names</th><th class=\"n\">Uses</th>"
          "<th class=\"n\">Supported</th><th class=\"n\">Experimental</th>"
          "<th class=\"n\">Deprecated</th><th class=\"n\">Unsupported</th>"
          "</tr></thead><tbody>\n";
    for (const FamilyRow &F : families(R)) {
      auto Cell = [&](const char *St) {
        auto It = F.ByStatus.find(St);
        return It == F.ByStatus.end()
                   ? std::string("&ndash;")
                   : fmt::format("{} ({})", It->second.first, It->second.second);
      };
      OS << fmt::format("<tr><td>{}</td><td class=\"n\">{}</td><td class=\"n\">"
                        "{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>"
                        "<td class=\"n\">{}</td><td class=\"n\">{}</td></tr>\n",
                        esc(F.Family), F.Distinct, F.Calls, Cell("supported"),
                        Cell("experimental"), Cell("deprecated"),
                        Cell("unsupported"));
    }
    OS << "</tbody></table>\n<p class=\"muted\">Cells: names (uses). "
          "Supported names are renamed by <code>hipport port</code> and only "
          "counted; the others are listed below.</p>\n";
    bool Any = false;
    for (const ApiUse &A : R.Api) {
      if (A.Status == "supported")
        continue;
      if (!Any)
        OS << "<table id=\"api\"><thead><tr>"
              "<th data-sort=\"text\" data-key=\"family\">Family</th>"
              "<th data-sort=\"text\" data-key=\"name\">Name</th>"
              "<th data-sort=\"text\" data-key=\"status\">Status</th>"
              "<th>HIP</th><th data-sort=\"num\" data-key=\"uses\" "
              "class=\"n\">Uses</th><th>First use</th></tr></thead><tbody>\n";
      Any = true;
      OS << fmt::format("<tr><td>{}</td><td><code>{}</code></td><td>{}</td>"
                        "<td><code>{}</code></td><td class=\"n\">{}</td>"
                        "<td>{}</td></tr>\n",
                        esc(A.Family), esc(A.Name), esc(A.Status), esc(A.Hip),
                        A.Calls, loc(Link, A.First));
    }
    if (Any)
      OS << "</tbody></table>\n";
  }

}

/// Libraries and lint counts.
void librariesAndLintSection(llvm::raw_ostream &OS, const Report &R) {
  if (!R.Libraries.empty()) {
    OS << "<h2>Libraries</h2>\n<table id=\"libraries\"><thead><tr>"
          "<th>Library</th><th>ROCm</th><th>Kind</th><th class=\"n\">Files"
          "</th><th class=\"n\">API uses</th><th>Maturity</th></tr></thead>"
          "<tbody>\n";
    for (const LibraryUse &L : R.Libraries)
      OS << fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td class=\"n\">"
                        "{}</td><td class=\"n\">{}</td><td>{}</td></tr>\n",
                        esc(L.Name), esc(L.Rocm),
                        L.Mapped ? "mapped" : "rewrite", L.Files.size(),
                        L.ApiCalls, esc(L.Maturity));
    OS << "</tbody></table>\n";
  }

  if (!R.Lint.empty()) {
    OS << "<h2>Lint findings by check</h2>\n<table id=\"lint\"><thead><tr>"
          "<th>Check</th><th>Severity</th><th class=\"n\">Count</th></tr>"
          "</thead><tbody>\n";
    for (const LintCount &C : R.Lint)
      OS << fmt::format("<tr><td><code>{}</code></td><td>{}</td>"
                        "<td class=\"n\">{}</td></tr>\n",
                        esc(C.Check), esc(C.Severity), C.Count);
    OS << "</tbody></table>\n";
  }
}

/// Build files, operations and unparsed TUs.
void buildAndOpsSection(llvm::raw_ostream &OS, const Report &R, const LinkFn &Link) {
  if (!R.Build.empty()) {
    OS << "<h2>Build system, per file</h2>\n<div id=\"build\">\n";
    for (const BuildGroup &G : buildGroups(R)) {
      OS << "<h3 class=\"build-file\">" << esc(G.File) << "</h3>\n<ul class=\"sites\">\n";
      for (const BuildGroup::Entry &E : G.Entries) {
        std::vector<std::string> Ls;
        for (unsigned L : E.Lines)
          Ls.push_back(loc(Link, {G.File, L}));
        OS << "<li>" << llvm::join(Ls, ", ") << ": " << esc(E.Message)
           << " <code>[" << esc(E.Check) << "]</code>"
           << (E.Rewrite ? " <span class=\"muted\">hipport rewrites it</span>" : "")
           << "</li>\n";
      }
      OS << "</ul>\n";
    }
    OS << "</div>\n";
  }
  if (!R.Operations.empty()) {
    OS << "<h2>Operations</h2>\n<table id=\"operations\"><thead><tr><th>Where"
          "</th><th>Item</th><th>Line</th><th>ROCm</th></tr></thead><tbody>\n";
    for (const OpsItem &O : R.Operations)
      OS << fmt::format("<tr><td>{}</td><td>{}</td><td><code>{}</code></td>"
                        "<td>{}</td></tr>\n",
                        loc(Link, O.Loc), esc(O.Kind), esc(O.Text),
                        esc(O.Rocm) +
                            (O.Rewritten ? " <span class=\"muted\">hipport "
                                           "port --ops rewrites it</span>"
                                         : ""));
    OS << "</tbody></table>\n";
  }
  if (!R.UnparsedTUs.empty()) {
    OS << "<h2>Not parsed (text-scanned)</h2>\n<ul id=\"unparsed\">\n";
    for (const Unparsed &U : R.UnparsedTUs)
      OS << "<li>" << esc(U.File) << ": " << U.Errors
         << " error(s); first: <code>" << esc(U.FirstError) << "</code></li>\n";
    OS << "</ul>\n";
  }
}

} // namespace

void writeReportHtml(llvm::raw_ostream &OS, const Report &R,
                     const LinkFn &Link) {
  headerSection(OS, R, Link);
  cardsSection(OS, R);
  effortSection(OS, R);
  kernelsSection(OS, R, Link);
  apiSection(OS, R, Link);
  librariesAndLintSection(OS, R);
  buildAndOpsSection(OS, R, Link);
  OS << fmt::format("<p class=\"muted\">{} files, {} lines ({} third-party "
                    "lines in {} files), {} translation units.</p>\n",
                    R.Files, R.Lines, R.ThirdPartyLines, R.ThirdPartyFiles,
                    R.TranslationUnits);
  OS << "<script>" << Js << "</script>\n</body></html>\n";
}

} // namespace hipport::report
