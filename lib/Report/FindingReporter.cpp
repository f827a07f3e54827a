#include "Report/FindingReporter.h"

#include "Checks/CheckRegistry.h"
#include "Core/Json.h"
#include "Core/Paths.h"
#include "Core/Version.h"

#include "llvm/Support/MemoryBuffer.h"

#include <nlohmann/json.hpp>

#include <cstdlib>

using nlohmann::json;

namespace hipport::report {

static json location(const FindingReport &R, const core::FileRange &F) {
  auto [Line, Col] = R.LineColumn(F);
  return {{"file", R.Relative(F.File)}, {"path", F.File},
          {"line", Line},             {"column", Col},
          {"offset", F.Offset},       {"length", F.Length}};
}

/// One finding of the JSON report.
static json jsonFinding(const FindingReport &R, const core::Finding &F,
                        const std::string &Print) {
  json J = location(R, F.Range);
  J["checkId"] = F.CheckId;
  J["severity"] = core::severityName(F.Level);
  J["message"] = F.Message;
  J["fingerprint"] = Print;
  json Notes = json::array();
  for (const core::Note &N : F.Notes) {
    json NJ = location(R, N.Range);
    NJ["message"] = N.Message;
    Notes.push_back(NJ);
  }
  J["notes"] = Notes;
  json Fixes = json::array();
  for (const core::FixIt &X : F.Fixes) {
    json XJ = location(R, X.Range);
    XJ["replacement"] = X.Replacement;
    Fixes.push_back(XJ);
  }
  J["fixes"] = Fixes;
  return J;
}

void writeJson(llvm::raw_ostream &OS, const FindingReport &R) {
  unsigned Counts[4] = {0, 0, 0, 0};
  auto Frame = [&]() -> json {
    return {{"schema", "hipport-lint/1"},
            {"version", 1},
            {"tool", "hipport lint"},
            {"findings", core::StreamedArray},
            {"summary",
             {{"errors", Counts[int(core::Severity::Error)]},
              {"warnings", Counts[int(core::Severity::Warning)]},
              {"remarks", Counts[int(core::Severity::Remark)]},
              {"notes", Counts[int(core::Severity::Note)]},
              {"translationUnits", R.TranslationUnits},
              {"buildFiles", R.BuildFiles},
              {"suppressed", R.Suppressed},
              {"baselined", R.Baselined}}}};
  };
  core::writeStreamed(OS, Frame, R.Count, [&](size_t I) {
    const core::Finding &F = R.At(I);
    ++Counts[int(F.Level)];
    return jsonFinding(R, F, R.Fingerprint(I));
  });
  OS << "\n";
}

static const char *sarifLevel(core::Severity S) {
  switch (S) {
  case core::Severity::Error:
    return "error";
  case core::Severity::Warning:
    return "warning";
  default:
    return "note";
  }
}

/// SARIF wants a URI; a relative one is resolved against %SRCROOT%.
static std::string uriEscape(const std::string &P) {
  std::string Out;
  for (unsigned char C : P) {
    if (isalnum(C) || C == '/' || C == '-' || C == '_' || C == '.' || C == '~')
      Out += char(C);
    else {
      char Buf[4];
      snprintf(Buf, sizeof Buf, "%%%02X", C);
      Out += Buf;
    }
  }
  return Out;
}

static json physical(const FindingReport &R, const core::FileRange &F) {
  auto [Line, Col] = R.LineColumn(F);
  json Region = {{"charOffset", F.Offset}, {"charLength", F.Length}};
  if (Line) {
    Region["startLine"] = Line;
    Region["startColumn"] = Col;
  }
  std::string Rel = R.Relative(F.File);
  json Art = {{"uri", uriEscape(Rel)}};
  if (Rel != F.File)
    Art["uriBaseId"] = "SRCROOT";
  return {{"artifactLocation", Art}, {"region", Region}};
}

/// Where rule help links point: $HIPPORT_DOCS_BASE_URI (what
/// --docs-base-uri sets, e.g. a web copy of docs/checks/), else the
/// docs/checks directory this hipport reads.
static std::string docsBaseUri() {
  std::string Base;
  if (const char *Env = std::getenv("HIPPORT_DOCS_BASE_URI"); Env && *Env)
    Base = Env;
  else
    Base = "file://" + uriEscape(core::docsDirectory() + "/checks");
  if (Base.back() != '/')
    Base += '/';
  return Base;
}

/// A rule's SARIF entry, its help taken from docs/checks/<id>.md: the first
/// paragraph is the full description, the page is the markdown help.
static json sarifRule(const checks::CheckInfo &Info, const std::string &Base) {
  json Rule = {{"id", Info.Id},
               {"name", Info.Id},
               {"shortDescription", {{"text", Info.Summary}}},
               {"helpUri", Base + Info.Id + ".md"},
               {"defaultConfiguration", {{"level", sarifLevel(Info.DefaultLevel)}}}};
  auto Page = llvm::MemoryBuffer::getFile(core::docsDirectory() + "/checks/" +
                                          Info.Id + ".md");
  if (!Page)
    return Rule;
  llvm::StringRef Text = (*Page)->getBuffer();
  std::string First;
  for (llvm::StringRef Rest = Text; !Rest.empty();) {
    auto [Line, Next] = Rest.split('\n');
    Rest = Next;
    llvm::StringRef T = Line.trim();
    // Skip the title and the "**Severity:** ..." line above the summary.
    if (T.starts_with("#") || T.starts_with("**") || (T.empty() && First.empty()))
      continue;
    if (T.empty())
      break;
    First += (First.empty() ? "" : " ") + T.str();
  }
  if (!First.empty())
    Rule["fullDescription"] = {{"text", First}};
  Rule["help"] = {{"text", First.empty() ? std::string(Info.Summary) : First},
                  {"markdown", Text.str()}};
  return Rule;
}

/// Parse failures make the analysis of those TUs incomplete: SARIF says so
/// as tool execution notifications, besides the lint-parse-error results.
static json sarifInvocation(const FindingReport &R) {
  json Notes = json::array();
  for (size_t I = 0; I < R.Count; ++I)
    if (const core::Finding &F = R.At(I); F.CheckId == "lint-parse-error")
      Notes.push_back({{"level", "error"},
                       {"message", {{"text", F.Message}}},
                       {"descriptor", {{"id", F.CheckId}}},
                       {"locations", json::array({{{"physicalLocation",
                                                    physical(R, F.Range)}}})}});
  return {{"executionSuccessful", Notes.empty()},
          {"toolExecutionNotifications", Notes}};
}

/// One finding as a SARIF result.
static json sarifResult(const core::Finding &F, const std::string &Print,
                        const FindingReport &R,
                        const std::map<std::string, unsigned> &RuleIndex) {
  json Res = {{"ruleId", F.CheckId},
              {"level", sarifLevel(F.Level)},
              {"message", {{"text", F.Message}}},
              {"locations", json::array({{{"physicalLocation",
                                           physical(R, F.Range)}}})},
              {"partialFingerprints",
               {{"hipportFingerprint/v1", Print}}}};
  auto It = RuleIndex.find(F.CheckId);
  if (It != RuleIndex.end())
    Res["ruleIndex"] = It->second;
  if (!F.Notes.empty()) {
    json Rel = json::array();
    int Id = 0;
    for (const core::Note &N : F.Notes)
      Rel.push_back({{"id", Id++},
                     {"message", {{"text", N.Message}}},
                     {"physicalLocation", physical(R, N.Range)}});
    Res["relatedLocations"] = Rel;
  }
  if (!F.Fixes.empty()) {
    json Changes = json::array();
    for (const core::FixIt &X : F.Fixes) {
      json Loc = physical(R, X.Range)["artifactLocation"];
      Changes.push_back(
          {{"artifactLocation", Loc},
           {"replacements",
            json::array({{{"deletedRegion",
                           {{"charOffset", X.Range.Offset},
                            {"charLength", X.Range.Length}}},
                          {"insertedContent",
                           {{"text", X.Replacement}}}}})}});
    }
    Res["fixes"] = json::array(
        {{{"description", {{"text", "suggested by hipport lint"}}},
          {"artifactChanges", Changes}}});
  }
  return Res;
}

void writeSarif(llvm::raw_ostream &OS, const FindingReport &R) {
  json Rules = json::array();
  std::map<std::string, unsigned> RuleIndex;
  std::string Base = docsBaseUri();
  for (const checks::RegisteredCheck &C : checks::registry()) {
    RuleIndex[C.Info->Id] = unsigned(Rules.size());
    Rules.push_back(sarifRule(*C.Info, Base));
  }
  std::string RootUri = "file://" + uriEscape(R.Root);
  if (RootUri.back() != '/')
    RootUri += '/';
  json Run = {{"tool",
               {{"driver",
                 {{"name", "hipport"},
                  {"version", core::versionLine()},
                  {"semanticVersion", core::version()},
                  {"rules", Rules}}}}},
              {"automationDetails", {{"id", R.Category + "/"}}},
              {"invocations", json::array({sarifInvocation(R)})},
              {"originalUriBaseIds", {{"SRCROOT", {{"uri", RootUri}}}}},
              {"columnKind", "unicodeCodePoints"},
              {"results", core::StreamedArray}};
  json Log = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs", json::array({Run})}};
  core::writeStreamed(
      OS, [&] { return Log; }, R.Count, [&](size_t I) {
        return sarifResult(R.At(I), R.Fingerprint(I), R, RuleIndex);
      });
  OS << "\n";
}

} // namespace hipport::report
