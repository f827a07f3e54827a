//===- ReportCommand.cpp - hipport report SRC_DIR -------------------------===//
#include "Command.h"

#include "Checks/LintConfig.h"
#include "Core/FileWriter.h"
#include "Report/Context.h"
#include "Report/CostModel.h"
#include "Report/ProjectReport.h"
#include "Report/ReportWriter.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

using namespace llvm;
using namespace hipport;

namespace {

cl::SubCommand ReportCmd("report", "Inventory a CUDA (or HIP) tree and "
                                   "estimate the effort to port it");
cl::list<std::string> Inputs(cl::Positional, cl::sub(ReportCmd),
                             cl::desc("SRC_DIR|FILE..."));
cl::opt<std::string> CompileDb("p", cl::sub(ReportCmd),
                               cl::desc("compile_commands.json or its folder"));
cl::opt<std::string> OutputFile("o", cl::sub(ReportCmd),
                                cl::desc("Write the report to FILE; .html, "
                                         ".md or .json picks the format"));
cl::opt<std::string> Format("format", cl::sub(ReportCmd),
                            cl::desc("markdown | json | html (default: from "
                                     "-o's extension, else markdown)"));
cl::opt<std::string> CostModelOpt("cost-model", cl::sub(ReportCmd),
                                  cl::desc("Cost model overriding items of "
                                           "rules/cost-model.json"));
cl::list<std::string> ThirdParty("third-party", cl::sub(ReportCmd),
                                 cl::desc("Treat DIR as third-party code "
                                          "(repeatable)"));
cl::list<std::string> Excludes("exclude", cl::sub(ReportCmd),
                               cl::desc("Leave out paths containing this"));
cl::opt<bool> NoLint("no-lint", cl::sub(ReportCmd),
                     cl::desc("Skip the lint checks (one parse per TU "
                              "instead of two)"));
cl::opt<unsigned> Jobs("j", cl::sub(ReportCmd), cl::init(0),
                       cl::desc("Parallel parses (default: all cores)"));
cl::opt<bool> Quiet("quiet", cl::sub(ReportCmd),
                    cl::desc("No summary line on stderr"));

/// The format chosen by --format or by -o's extension.
bool pickFormat(std::string &Out) {
  Out = Format;
  if (Out.empty()) {
    StringRef Ext = sys::path::extension(OutputFile);
    Out = Ext == ".html" || Ext == ".htm" ? "html"
          : Ext == ".json"                ? "json"
                                          : "markdown";
  }
  if (Out == "md")
    Out = "markdown";
  if (Out != "markdown" && Out != "json" && Out != "html") {
    cli::error("--format: expected markdown, json or html, got '" + Out + "'");
    return false;
  }
  return true;
}

/// Links from the HTML to the sources: relative to where the page is
/// written, so the page and the tree can move together.
report::LinkFn linker(const std::string &Root) {
  std::string From;
  if (!OutputFile.empty())
    From = std::string(
        sys::path::parent_path(project::absolutePath(OutputFile)));
  return [Root, From](const std::string &Rel) {
    std::string Abs = Root + "/" + Rel;
    if (From.empty())
      return "file://" + Abs;
    SmallVector<StringRef> A, B;
    StringRef(Abs).split(A, '/');
    StringRef(From).split(B, '/');
    size_t I = 0;
    while (I < A.size() - 1 && I < B.size() && A[I] == B[I])
      ++I;
    std::string Out;
    for (size_t J = I; J < B.size(); ++J)
      if (!B[J].empty())
        Out += "../";
    for (size_t J = I; J < A.size(); ++J)
      Out += A[J].str() + (J + 1 < A.size() ? "/" : "");
    return Out;
  };
}

int runReport() {
  std::string Fmt;
  if (!pickFormat(Fmt))
    return 2;
  if (Inputs.empty() && CompileDb.empty()) {
    cli::error("report: give a source directory, files or -p "
               "compile_commands.json");
    return 2;
  }
  rules::RuleSet Rules;
  if (!cli::loadRules(Rules))
    return 2;
  report::ReportOptions RO;
  if (!cli::targetOptions(Rules, RO.Target))
    return 2;
  auto Model = report::CostModel::loadBuiltin(CostModelOpt);
  if (!Model) {
    cli::error(toString(Model.takeError()));
    return 2;
  }
  RO.Jobs = Jobs ? unsigned(Jobs)
                 : std::max(1u, llvm::hardware_concurrency()
                                    .compute_thread_count());
  RO.ThirdParty.assign(ThirdParty.begin(), ThirdParty.end());
  RO.RunLint = !NoLint;
  RO.CommandLine = report::shellJoin(report::processArguments());

  // The tree's own lint configuration, as `hipport lint` would find it.
  if (!Inputs.empty()) {
    std::string First = project::absolutePath(Inputs.front());
    if (!sys::fs::is_directory(First))
      First = std::string(sys::path::parent_path(First));
    std::string ConfigPath = checks::LintConfig::find(First);
    if (!ConfigPath.empty()) {
      auto C = checks::LintConfig::load(ConfigPath);
      if (!C) {
        cli::error(toString(C.takeError()));
        return 2;
      }
      RO.Lint = std::move(*C);
    }
  }

  project::ProjectOptions PO;
  PO.Inputs.assign(Inputs.begin(), Inputs.end());
  PO.CompileDb = CompileDb;
  PO.Excludes.assign(Excludes.begin(), Excludes.end());
  for (const std::string &X : RO.Lint.excludes())
    PO.Excludes.push_back(X);
  PO.ExtraArgs = cli::ExtraClangArgs;
  auto P = project::Project::open(PO);
  if (!P) {
    cli::error(toString(P.takeError()));
    return 2;
  }

  auto R = report::buildReport(*P, Rules, *Model, RO);
  if (!R) {
    cli::error(toString(R.takeError()));
    return 2;
  }

  std::string Text;
  raw_string_ostream OS(Text);
  if (Fmt == "json")
    report::writeReportJson(OS, *R);
  else if (Fmt == "html")
    report::writeReportHtml(OS, *R, linker(R->Root));
  else
    report::writeReportMarkdown(OS, *R);
  if (OutputFile.empty() || OutputFile == "-")
    outs() << Text;
  else {
    std::string Abs = project::absolutePath(OutputFile);
    core::FileWriter W(std::string(sys::path::parent_path(Abs)));
    bool Changed = false;
    if (Error E = W.write(Abs, Text, /*Backup=*/false, Changed)) {
      cli::error(toString(std::move(E)));
      return 2;
    }
  }

  if (!Quiet) {
    unsigned Kernels = 0;
    for (const report::Kernel &K : R->Kernels)
      Kernels += !K.ThirdParty;
    errs() << fmt::format(
        "hipport report: {} file(s), {} kernel(s), {} CUDA name(s), "
        "{} librar{}; estimate {} in {:.1f} s\n",
        R->Files, Kernels, R->Api.size(), R->Libraries.size(),
        R->Libraries.size() == 1 ? "y" : "ies",
        report::hoursRange(R->Est.Low, R->Est.High), R->Seconds);
    for (const std::string &N : R->Notes)
      cli::warning(N);
  }
  return 0;
}

cli::RegisterCommand Reg(ReportCmd, runReport,
                         {"rocm-version", "rules", "blas", "rules-dir", "cache-dir"});

} // namespace
