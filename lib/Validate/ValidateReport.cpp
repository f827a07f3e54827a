#include "Validate/ValidateReport.h"

#include "Validate/Backend.h"
#include "Validate/Program.h"
#include "Validate/Result.h"

#include "Core/FileWriter.h"
#include "Core/SourceText.h"

#include <fmt/format.h>

#include <set>

using nlohmann::json;

namespace hipport::validate {
namespace {

/// Line and column of a byte offset, for lint findings (a failing kernel's
/// few; core::SourceText's line table, not a second count of newlines).
std::pair<unsigned, unsigned> lineCol(const std::string &File, unsigned Off) {
  auto Text = core::readFile(File);
  if (!Text) {
    llvm::consumeError(Text.takeError());
    return {0, 0};
  }
  core::SourceText Src(std::move(*Text));
  return {Src.line(Off), Src.column(Off)};
}

} // namespace

void printText(llvm::raw_ostream &OS, const ValidateResult &R) {
  OS << "reference: " << R.Reference << "\n";
  for (const std::string &W : R.Warnings)
    OS << "warning: " << W << "\n";
  unsigned Passed = 0, Failed = 0;
  for (const KernelResult &K : R.Kernels) {
    bool Ok = K.passed();
    (Ok ? Passed : Failed)++;
    std::string Where = K.HipFile.empty()
                            ? K.Spec.Relative
                            : fmt::format("{}:{}", K.Spec.Relative, K.Spec.Line);
    OS << fmt::format("{} {} ({})\n", Ok ? "PASS" : "FAIL", K.Spec.Name, Where);
    for (const std::string &N : K.Spec.Notes)
      OS << "  note: " << N << "\n";
    if (K.ReferenceStatus != RunStatus::Pass) {
      OS << fmt::format("  reference: {}: {}\n", statusName(K.ReferenceStatus),
                        K.ReferenceMessage);
      continue;
    }
    for (const RunResult &Run : K.Runs) {
      OS << fmt::format("  {:<16} {}", Run.label(), statusName(Run.Status));
      if (Run.Status == RunStatus::Pass || Run.Status == RunStatus::Fail)
        OS << fmt::format("  max error {:.6g}", Run.MaxError);
      if (Run.Status != RunStatus::Pass)
        OS << "  " << runDetail(Run, /*WithElements=*/false);
      OS << "\n";
      if (Run.Status != RunStatus::Fail)
        continue;
      for (const BufferResult &B : Run.Buffers)
        for (const Mismatch &M : B.First)
          OS << fmt::format("    {}[{}]: expected {}, got {}\n", B.Name,
                            M.Index, M.Expected, M.Actual);
    }
    if (!Ok)
      for (const core::Finding &F : K.Lint) {
        auto [L, C] = lineCol(F.Range.File, F.Range.Offset);
        OS << fmt::format("  lint: {}:{}:{}: {}: {} [{}]\n", F.Range.File, L, C,
                          core::severityName(F.Level), F.Message, F.CheckId);
      }
  }
  OS << fmt::format("{} kernel(s): {} passed, {} failed ({} builds, {:.1f} s)\n",
                    R.Kernels.size(), Passed, Failed, R.Builds, R.Seconds);
}

json toJson(const ValidateResult &R) {
  json Ks = json::array();
  for (const KernelResult &K : R.Kernels) {
    json Runs = json::array();
    for (const RunResult &Run : K.Runs) {
      json Bufs = json::array();
      for (const BufferResult &B : Run.Buffers) {
        json First = json::array();
        for (const Mismatch &M : B.First)
          First.push_back({{"index", M.Index},
                           {"expected", M.Expected},
                           {"actual", M.Actual}});
        Bufs.push_back({{"name", B.Name},
                        {"count", B.Count},
                        {"mismatches", B.Mismatches},
                        {"maxError", B.MaxError},
                        {"firstMismatches", First},
                        {"problem", B.Problem}});
      }
      Runs.push_back({{"target", Run.Target->name().str()},
                      {"wave", Run.Wave},
                      {"status", statusName(Run.Status)},
                      {"message", Run.Message},
                      {"maxError", Run.MaxError},
                      {"buffers", Bufs}});
    }
    json Lint = json::array();
    for (const core::Finding &F : K.Lint) {
      auto [L, C] = lineCol(F.Range.File, F.Range.Offset);
      Lint.push_back({{"check", F.CheckId},
                      {"severity", core::severityName(F.Level)},
                      {"file", F.Range.File},
                      {"line", L},
                      {"column", C},
                      {"message", F.Message}});
    }
    Ks.push_back({{"kernel", K.Spec.Name},
                  {"passed", K.passed()},
                  {"cudaFile", K.Spec.Relative},
                  {"cudaLine", K.Spec.Line},
                  {"hipFile", K.HipFile},
                  {"hipLine", K.HipLine},
                  {"referenceStatus", statusName(K.ReferenceStatus)},
                  {"referenceMessage", K.ReferenceMessage},
                  {"spec", specToJson(K.Spec)},
                  {"notes", K.Spec.Notes},
                  {"runs", Runs},
                  {"lint", Lint}});
  }
  unsigned Passed = 0;
  for (const KernelResult &K : R.Kernels)
    Passed += K.passed();
  return {{"schema", "hipport-validate-kernels/1"},
          {"reference", R.Reference},
          {"warnings", R.Warnings},
          {"kernels", Ks},
          {"summary",
           {{"kernels", R.Kernels.size()},
            {"passed", Passed},
            {"failed", R.Kernels.size() - Passed},
            {"builds", R.Builds},
            {"seconds", R.Seconds}}}};
}

void printComparison(llvm::raw_ostream &OS, const RecordComparison &C) {
  OS << fmt::format("  launches: {} recorded, the reference {}\n",
                    C.PortLaunches, C.RefLaunches);
  if (!C.HostDivergence.empty())
    OS << "    host side differs: " << C.HostDivergence << "\n";
  for (const KernelVerdict &V : C.Kernels)
    OS << "    " << describeVerdict(V) << "\n";
}

namespace {

/// --record: the launch-by-launch verdicts under a program run.
void printLaunches(llvm::raw_ostream &OS, const ProgramRun &Run) {
  if (Run.RecordDir.empty())
    return;
  if (!Run.RecordError.empty()) {
    OS << "  launches: not compared: " << Run.RecordError << "\n";
    return;
  }
  const RecordComparison &C = Run.Launches;
  printComparison(OS, C);
  if (Run.Status == RunStatus::Pass && C.differs())
    OS << "    note: kernel outputs differ although the program's output "
          "matches: a bug the output does not show, or partial results that "
          "depend on the width\n";
}

json verdictToJson(const KernelVerdict &V) {
  json First = json::array();
  for (const Mismatch &M : V.Diff.First)
    First.push_back(
        {{"index", M.Index}, {"expected", M.Expected}, {"actual", M.Actual}});
  json J = {{"kernel", V.Kernel},
            {"launches", V.Launches},
            {"compared", V.Compared},
            {"differs", V.Differs},
            {"note", V.Note}};
  if (V.Differs)
    J["first"] = {{"launch", V.FirstSeq},  {"argument", V.Arg},
                  {"problem", V.Diff.Problem}, {"mismatches", V.Diff.Mismatches},
                  {"count", V.Diff.Count},  {"maxError", V.Diff.MaxError},
                  {"firstMismatches", First}};
  return J;
}

json launchesToJson(const ProgramRun &Run) {
  json Ks = json::array();
  for (const KernelVerdict &V : Run.Launches.Kernels)
    Ks.push_back(verdictToJson(V));
  return {{"recording", Run.RecordDir},
          {"error", Run.RecordError},
          {"launches", Run.Launches.PortLaunches},
          {"referenceLaunches", Run.Launches.RefLaunches},
          {"hostDivergence", Run.Launches.HostDivergence},
          {"kernels", Ks}};
}

} // namespace

void printProgramText(llvm::raw_ostream &OS, const ProgramResult &R) {
  OS << "reference: " << R.Reference << " program, "
     << statusName(R.ReferenceStatus);
  if (R.ReferenceStatus == RunStatus::Pass)
    OS << " (exit " << R.ReferenceExit << ")";
  else
    OS << ": " << R.ReferenceMessage;
  OS << "\n";
  for (const std::string &W : R.Warnings)
    OS << "warning: " << W << "\n";
  for (const ProgramRun &Run : R.Runs) {
    OS << fmt::format("{} program {}", Run.label(), statusName(Run.Status));
    if (!Run.Message.empty())
      OS << ": " << Run.Message;
    OS << "\n";
    for (const std::string &D : Run.Differences)
      OS << "  " << D << "\n";
    printLaunches(OS, Run);
  }
  OS << (R.allPassed() ? "program: PASS\n" : "program: FAIL\n");
}

nlohmann::json programToJson(const ProgramResult &R) {
  nlohmann::json Runs = nlohmann::json::array();
  for (const ProgramRun &Run : R.Runs) {
    Runs.push_back({{"target", Run.Target->name().str()},
                    {"wave", Run.Wave},
                    {"status", statusName(Run.Status)},
                    {"message", Run.Message},
                    {"exitCode", Run.ExitCode},
                    {"differences", Run.Differences}});
    if (!Run.RecordDir.empty())
      Runs.back()["launches"] = launchesToJson(Run);
  }
  return {{"schema", "hipport-validate-program/1"},
          {"reference", R.Reference},
          {"referenceStatus", statusName(R.ReferenceStatus)},
          {"referenceExit", R.ReferenceExit},
          {"nonDeterministicReference", R.NonDeterministic},
          {"warnings", R.Warnings},
          {"runs", Runs},
          {"passed", R.allPassed()}};
}

} // namespace hipport::validate
