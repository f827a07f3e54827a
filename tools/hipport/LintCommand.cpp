//===- LintCommand.cpp - hipport lint SRC... ------------------------------===//
#include "Command.h"

#include "Checks/Baseline.h"
#include "Core/FileWriter.h"
#include "Checks/CheckRegistry.h"
#include "Checks/Fixer.h"
#include "Checks/Linter.h"
#include "Core/SourceText.h"
#include "Core/TextDiagnostic.h"
#include "Report/FindingReporter.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>
#include <functional>
#include <optional>

using namespace llvm;
using namespace hipport;

namespace {

cl::SubCommand LintCmd("lint", "Check CUDA/HIP sources and build files for "
                               "wave64 and ROCm pitfalls");
cl::list<std::string> Inputs(cl::Positional, cl::sub(LintCmd),
                             cl::desc("SRC_DIR|FILE..."));
cl::opt<std::string> CompileDb("p", cl::sub(LintCmd),
                               cl::desc("compile_commands.json or its folder"));
cl::opt<std::string> Format("format", cl::sub(LintCmd), cl::init("text"),
                            cl::desc("text | json | sarif"));
cl::opt<std::string> OutputFile("o", cl::sub(LintCmd),
                                cl::desc("Write the report to a file"));
cl::opt<std::string> BaselineFile("baseline", cl::sub(LintCmd),
                                  cl::desc("Report only findings not in FILE"));
cl::opt<std::string> WriteBaseline("write-baseline", cl::sub(LintCmd),
                                   cl::desc("Write all findings to FILE"));
cl::opt<std::string> FailOn("fail-on", cl::sub(LintCmd), cl::init("warning"),
                            cl::desc("Exit 1 when a finding reaches this "
                                     "severity: error|warning|remark|note|"
                                     "never (default warning)"));
cl::opt<std::string> ChecksOpt("checks", cl::sub(LintCmd),
                               cl::desc("Globs enabling/disabling checks, "
                                        "e.g. -*,wave64-*"));
cl::opt<std::string> ConfigOpt("config", cl::sub(LintCmd),
                               cl::desc("Configuration file (default: the "
                                        "nearest .hipport.json)"));
cl::opt<std::string> ShardOpt("shard", cl::sub(LintCmd),
                              cl::desc("K/N: lint shard K (1-based) of N"));
cl::opt<std::string> SarifCategory(
    "sarif-category", cl::sub(LintCmd), cl::init("hipport-lint"),
    cl::desc("SARIF automationDetails category (a shard adds -K-of-N)"));
cl::list<std::string> Excludes("exclude", cl::sub(LintCmd),
                               cl::desc("Leave out paths containing this"));
cl::opt<unsigned> Jobs("j", cl::sub(LintCmd), cl::init(0),
                       cl::desc("Parallel parses (default: all cores)"));
cl::opt<bool> ListChecks("list-checks", cl::sub(LintCmd),
                         cl::desc("Print the checks and exit"));
cl::opt<bool> Quiet("quiet", cl::sub(LintCmd),
                    cl::desc("No summary line on stderr"));
cl::opt<bool> Fix("fix", cl::sub(LintCmd),
                  cl::desc("Apply the fix-its of the reported findings"));
cl::opt<std::string> FixOnly("fix-only", cl::sub(LintCmd),
                             cl::desc("Apply only the fix-its of checks "
                                      "matching these globs, e.g. wave64-* "
                                      "(implies --fix)"));

bool parseShard(unsigned &K, unsigned &N) {
  K = 0;
  N = 1;
  if (ShardOpt.empty())
    return true;
  StringRef S = ShardOpt, KS, NS;
  std::tie(KS, NS) = S.split('/');
  unsigned K1;
  if (KS.getAsInteger(10, K1) || NS.getAsInteger(10, N) || N == 0 || K1 == 0 ||
      K1 > N) {
    cli::error("--shard: expected K/N with 1 <= K <= N, got '" + ShardOpt +
               "'");
    return false;
  }
  K = K1 - 1;
  return true;
}

int listChecks() {
  for (const checks::RegisteredCheck &C : checks::registry())
    outs() << fmt::format("{:<28} {:<8} {}\n", C.Info->Id,
                          core::severityName(C.Info->DefaultLevel),
                          C.Info->Summary);
  return 0;
}

/// The nearest .hipport.json above the first input (or --config), plus
/// --checks; false after an error was printed.
bool loadConfig(checks::LintConfig &Config) {
  // The configuration lives in the tree: the nearest .hipport.json above
  // the first input.
  std::string ConfigPath = ConfigOpt;
  if (ConfigPath.empty() && !Inputs.empty()) {
    std::string First = project::absolutePath(Inputs.front());
    if (!sys::fs::is_directory(First))
      First = std::string(sys::path::parent_path(First));
    ConfigPath = checks::LintConfig::find(First);
  }
  if (!ConfigPath.empty()) {
    auto C = checks::LintConfig::load(ConfigPath);
    if (!C) {
      cli::error(toString(C.takeError()));
      return false;
    }
    Config = std::move(*C);
  }
  if (!ChecksOpt.empty())
    if (Error E = Config.addGlobs(ChecksOpt)) {
      cli::error("--checks: " + toString(std::move(E)));
      return false;
    }

  return true;
}

/// --fix / --fix-only: leftovers of an interrupted run go first, then the
/// fix-its of the shown findings; false after an error was printed.
bool applyFixIts(const project::Project &P,
                 const std::vector<core::Finding> &Shown,
                 core::TextDiagnostic &Text,
                 const std::function<std::string(const std::string &)> &Rel) {
  std::vector<GlobPattern> Globs;
  for (StringRef G : split(StringRef(FixOnly), ',')) {
    if (G.trim().empty())
      continue;
    auto Pat = GlobPattern::create(G.trim());
    if (!Pat) {
      cli::error("--fix-only: " + toString(Pat.takeError()));
      return false;
    }
    Globs.push_back(std::move(*Pat));
  }
  // What an interrupted --fix left (FILE.hipport-XXXXXX) goes first.
  for (const std::string &T : P.leftovers())
    errs() << "hipport lint: removed " << T
           << ", a temporary left by an interrupted run\n";
  if (Error E = core::removeTemporaries(P.leftovers())) {
    cli::error(toString(std::move(E)));
    return false;
  }
  auto Fixed = checks::applyFixes(Shown, [&](StringRef Id) {
    return Globs.empty() || llvm::any_of(Globs, [&](const GlobPattern &G) {
             return G.match(Id);
           });
  });
  if (!Fixed) {
    cli::error(toString(Fixed.takeError()));
    return false;
  }
  for (const core::Finding *F : Fixed->Conflicts) {
    auto [L, C] = Text.lineColumn(F->Range);
    cli::warning(fmt::format("{}:{}:{}: fix-it of [{}] overlaps another "
                             "fix-it; not applied",
                             Rel(F->Range.File), L, C, F->CheckId));
  }
  for (const auto &[File, N] : Fixed->Applied) {
    errs() << fmt::format("hipport lint: applied {} fix(es) to {}\n", N,
                          Rel(File));
  }
  if (Fixed->Applied.empty())
    errs() << "hipport lint: no fixes to apply\n";
  return true;
}

/// --baseline, when given; false after an error was printed.
bool loadBaseline(std::optional<checks::Baseline> &Base) {
  if (BaselineFile.empty())
    return true;
  auto B = checks::Baseline::load(BaselineFile);
  if (!B) {
    cli::error(toString(B.takeError()));
    return false;
  }
  Base = std::move(*B);
  return true;
}

void printSummary(const unsigned (&Counts)[4], const checks::LintResult &R,
                  unsigned Baselined, unsigned ParseFailures) {
  errs() << fmt::format(
      "hipport lint: {} error(s), {} warning(s), {} note(s) in {} "
      "translation unit(s) and {} build file(s){}{}{}\n",
      Counts[int(core::Severity::Error)], Counts[int(core::Severity::Warning)],
      Counts[int(core::Severity::Note)] + Counts[int(core::Severity::Remark)],
      R.TranslationUnits, R.BuildFiles,
      R.Suppressed ? fmt::format("; {} suppressed", R.Suppressed) : "",
      Baselined ? fmt::format("; {} in baseline", Baselined) : "",
      ParseFailures ? fmt::format("; {} TU(s) with parse errors", ParseFailures)
                    : "");
}

/// --format and --fail-on; false (after an error) when either is unknown.
bool checkOutputOptions(bool FailNever, core::Severity &FailLevel) {
  if (Format != "text" && Format != "json" && Format != "sarif") {
    cli::error("--format: expected text, json or sarif, got '" + Format + "'");
    return false;
  }
  if (!FailNever && !core::parseSeverity(FailOn, FailLevel)) {
    cli::error("--fail-on: expected error, warning, remark, note or never, "
               "got '" + FailOn + "'");
    return false;
  }
  return true;
}

/// The project lint reads: inputs, -p, excludes of the command line and
/// the config; errors said, nothing on failure.
std::optional<project::Project> openProject(const checks::LintConfig &Config) {
  project::ProjectOptions PO;
  PO.Inputs.assign(Inputs.begin(), Inputs.end());
  PO.CompileDb = CompileDb;
  PO.Excludes.assign(Excludes.begin(), Excludes.end());
  for (const std::string &X : Config.excludes())
    PO.Excludes.push_back(X);
  PO.ExtraArgs = cli::ExtraClangArgs;
  auto P = project::Project::open(PO);
  if (!P) {
    cli::error(toString(P.takeError()));
    return std::nullopt;
  }
  if (!P->hasCuda())
    cli::warning("no CUDA toolkit found: CUDA sources are parsed as C++ and "
                 "device code may not parse");
  return std::move(*P);
}

/// -o FILE opened for writing (File stays empty without -o).
bool openOutput(std::unique_ptr<raw_fd_ostream> &File) {
  if (OutputFile.empty())
    return true;
  std::error_code EC;
  File = std::make_unique<raw_fd_ostream>(OutputFile, EC);
  if (EC)
    cli::error(OutputFile + ": " + EC.message());
  return !EC;
}

/// One warning per TU that did not parse, with clang's first error.
unsigned warnParseFailures(const checks::LintResult &R) {
  unsigned Failures = 0;
  for (const frontend::TUOutcome &O : R.Outcomes)
    if (!O.Parsed) {
      ++Failures;
      const frontend::ParseError &E = O.Errors.front();
      cli::warning(fmt::format("{}: {} parse error(s); findings may be "
                               "incomplete (first: {}:{}:{}: {})",
                               O.File, O.Errors.size(), E.File, E.Line,
                               E.Column, E.Message));
    }
  return Failures;
}

int runLint() {
  if (ListChecks)
    return listChecks();
  bool FailNever = FailOn == "never" || FailOn == "none";
  core::Severity FailLevel = core::Severity::Warning;
  if (!checkOutputOptions(FailNever, FailLevel))
    return 2;
  checks::LintOptions LO;
  if (!parseShard(LO.Shard, LO.Shards))
    return 2;
  LO.Jobs = Jobs ? unsigned(Jobs) : std::max(1u, llvm::hardware_concurrency()
                                                     .compute_thread_count());
  if (Inputs.empty() && CompileDb.empty()) {
    cli::error("lint: give a source directory, files or -p "
               "compile_commands.json");
    return 2;
  }

  checks::LintConfig Config;
  if (!loadConfig(Config))
    return 2;
  // What HIP has at --rocm-version decides what is NVIDIA-only.
  auto Rules = std::make_shared<rules::RuleSet>();
  if (!cli::loadRules(*Rules) || !cli::targetOptions(*Rules, LO.Target))
    return 2;
  LO.Rules = Rules;

  auto P = openProject(Config);
  if (!P)
    return 2;

  std::optional<checks::Baseline> Base;
  if (!loadBaseline(Base))
    return 2;

  auto R = checks::lint(*P, Config, LO);
  if (!R) {
    cli::error(toString(R.takeError()));
    return 2;
  }
  unsigned ParseFailures = warnParseFailures(*R);

  core::TextDiagnostic Text(outs(), Format == "text" && !OutputFile.empty()
                                        ? false
                                        : Format == "text" &&
                                              outs().has_colors() &&
                                              !llvm::sys::Process::GetEnv(
                                                   "NO_COLOR"));
  auto Rel = [&](const std::string &F) { return checks::relativePath(*P, F); };
  auto LineText = [&](const std::string &F, unsigned Off) {
    const core::SourceText *S = Text.source(F);
    return S ? S->lineText(Off) : std::string();
  };
  // The findings stay packed: each is unpacked when it is read (#17).
  const core::FindingStore &Found = R->Findings;
  core::Finding Scratch;
  size_t ScratchAt = SIZE_MAX;
  auto At = [&](size_t I) -> const core::Finding & {
    if (I != ScratchAt) {
      Scratch = Found[I];
      ScratchAt = I;
    }
    return Scratch;
  };
  // Only JSON, SARIF and the baselines read fingerprints: text output of a
  // big run does without the line lookups and hashes (#17).
  bool NeedPrints =
      Format != "text" || Base || !WriteBaseline.empty();
  std::vector<uint64_t> Prints;
  if (NeedPrints) {
    checks::Fingerprinter FP(Rel, LineText);
    Prints.reserve(Found.size());
    for (size_t I = 0; I < Found.size(); ++I)
      Prints.push_back(FP.next(At(I)));
  }
  auto PrintOf = [&](size_t I) {
    return checks::Fingerprinter::text(Prints[I]);
  };

  if (!WriteBaseline.empty())
    if (Error E = checks::Baseline::write(WriteBaseline, Found.size(), At,
                                          PrintOf, Rel)) {
      cli::error(toString(std::move(E)));
      return 2;
    }

  // The shown findings: indices into Found, those not in the baseline.
  std::vector<uint32_t> Shown;
  unsigned Baselined = 0;
  unsigned Counts[4] = {0, 0, 0, 0};
  bool Fails = false;
  for (size_t I = 0; I < Found.size(); ++I) {
    if (Base && Base->contains(PrintOf(I))) {
      ++Baselined;
      continue;
    }
    Shown.push_back(uint32_t(I));
    auto Level = core::Severity(Found.List[I].Level);
    ++Counts[int(Level)];
    Fails |= !FailNever && Level >= FailLevel;
  }

  std::unique_ptr<raw_fd_ostream> File;
  if (!openOutput(File))
    return 2;
  raw_ostream *OS = File ? File.get() : &outs();
  report::FindingReport FR;
  FR.Count = Shown.size();
  FR.At = [&](size_t K) -> const core::Finding & { return At(Shown[K]); };
  FR.Fingerprint = [&](size_t K) { return PrintOf(Shown[K]); };
  FR.Relative = Rel;
  FR.LineColumn = [&](const core::FileRange &Rg) { return Text.lineColumn(Rg); };
  FR.Root = P->roots().empty() ? "" : P->roots().front();
  FR.TranslationUnits = R->TranslationUnits;
  FR.BuildFiles = R->BuildFiles;
  FR.Suppressed = R->Suppressed;
  FR.Baselined = Baselined;
  FR.Category = SarifCategory;
  if (LO.Shards > 1)
    FR.Category += "-" + std::to_string(LO.Shard + 1) + "-of-" +
                   std::to_string(LO.Shards);
  if (Format == "json")
    report::writeJson(*OS, FR);
  else if (Format == "sarif")
    report::writeSarif(*OS, FR);
  else {
    core::TextDiagnostic Out(*OS, false);
    core::TextDiagnostic &T = File ? Out : Text;
    for (uint32_t I : Shown)
      T.print(At(I));
  }

  if (Fix || !FixOnly.empty()) {
    std::vector<core::Finding> Fixing;
    for (uint32_t I : Shown)
      Fixing.push_back(Found[I]);
    if (!applyFixIts(*P, Fixing, Text, Rel))
      return 2;
  }

  OS->flush();
  outs().flush();
  if (!Quiet)
    printSummary(Counts, *R, Baselined, ParseFailures);
  return Fails ? 1 : 0;
}

cli::RegisterCommand Reg(LintCmd, runLint,
                         {"rocm-version", "rules", "rules-dir", "cache-dir",
                          "docs-base-uri"});

} // namespace
