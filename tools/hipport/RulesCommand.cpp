//===- RulesCommand.cpp - hipport rules: inspect, check, refresh tables ---===//
#include "Command.h"

#include "Project/Project.h"

#include "Rules/Derive.h"
#include "Rules/RuleDocs.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cmath>

using namespace llvm;
using namespace hipport;

namespace {

cl::SubCommand RulesCmd("rules", "Inspect and check the CUDA->HIP rule tables");
cl::list<std::string>
    RulesArgs(cl::Positional, cl::sub(RulesCmd),
              cl::desc("stats | query NAME | check FILE... | derive | scan | "
                       "coverage | docs"));
cl::opt<std::string> RulesFormat("format", cl::desc("text or json"),
                                  cl::init("text"), cl::sub(RulesCmd));
// The spelling before --format; kept so old scripts keep working.
cl::opt<bool> RulesJsonAlias("json", cl::Hidden, cl::sub(RulesCmd));
bool jsonOutput() { return RulesFormat == "json" || RulesJsonAlias; }
cl::opt<std::string> CudaInclude("cuda-include",
                                 cl::desc("CUDA header directory (derive, "
                                          "scan, coverage)"),
                                 cl::sub(RulesCmd));
cl::opt<std::string> HipInclude("hip-include",
                                cl::desc("HIP header directory (derive)"),
                                cl::sub(RulesCmd));
cl::opt<std::string> FamilyOpt("family",
                               cl::desc("Family to derive or scan (cublas, "
                                        "curand, cufft, ...)"),
                               cl::sub(RulesCmd));
cl::list<std::string>
    PrefixOpt("prefix",
              cl::desc("Extra name correspondence CUDA=HIP, e.g. cuda=hip"),
              cl::sub(RulesCmd));
cl::opt<std::string> SinceOpt("since",
                              cl::desc("since_rocm to stamp on derived "
                                       "entries (the HIP headers' release)"),
                              cl::sub(RulesCmd));
cl::opt<bool> NewOnly("new-only",
                      cl::desc("derive: propose only names the loaded "
                               "tables lack"),
                      cl::sub(RulesCmd));
cl::opt<std::string> OutOpt("out",
                            cl::desc("derive: proposals file (default "
                                     "stdout); docs: output directory"),
                            cl::sub(RulesCmd));

int runStats(const rules::RuleSet &RS) {
  using rules::Status;
  const Status All[] = {Status::Supported, Status::Experimental,
                        Status::Deprecated, Status::Unsupported};
  auto Stats = RS.stats();
  if (jsonOutput()) {
    nlohmann::json J = nlohmann::json::object();
    for (const auto &S : Stats) {
      nlohmann::json F;
      for (Status St : All)
        F[rules::statusName(St)] = S.ByStatus.count(St) ? S.ByStatus.at(St) : 0;
      F["total"] = S.Total;
      J[S.Family] = F;
    }
    outs() << nlohmann::json{{"schema", "hipport-rules-stats/1"},
                             {"families", J}}
                  .dump(2)
           << "\n";
    return 0;
  }
  outs() << fmt::format("{:<24}{:>10}{:>13}{:>11}{:>12}{:>8}\n", "family",
                        "supported", "experimental", "deprecated",
                        "unsupported", "total");
  unsigned Totals[4] = {0, 0, 0, 0}, Total = 0;
  for (const auto &S : Stats) {
    unsigned N[4];
    for (int I = 0; I < 4; ++I) {
      N[I] = S.ByStatus.count(All[I]) ? S.ByStatus.at(All[I]) : 0;
      Totals[I] += N[I];
    }
    Total += S.Total;
    outs() << fmt::format("{:<24}{:>10}{:>13}{:>11}{:>12}{:>8}\n", S.Family,
                          N[0], N[1], N[2], N[3], S.Total);
  }
  outs() << fmt::format("{:<24}{:>10}{:>13}{:>11}{:>12}{:>8}\n", "total",
                        Totals[0], Totals[1], Totals[2], Totals[3], Total);
  return 0;
}

int runQuery(const rules::RuleSet &RS, const std::string &Name) {
  const rules::RuleEntry *E = RS.find(Name);
  if (!E) {
    cli::error("no rule for '" + Name + "'");
    return 1;
  }
  rules::TargetOptions T;
  if (!cli::targetOptions(RS, T))
    return 2;
  rules::Mapping M = RS.resolve(*E, T);
  outs() << E->Cuda << " (" << rules::kindName(E->EntryKind) << ", "
         << E->Family << ")\n";
  outs() << "  hip:     "
         << (M.Act == rules::Mapping::Action::Unsupported ? "(none)" : M.Hip)
         << "\n";
  outs() << "  status:  " << rules::statusName(E->EntryStatus) << "\n";
  if (E->SinceRocm)
    outs() << "  since:   ROCm " << E->SinceRocm->str() << "\n";
  if (!M.Note.empty())
    outs() << "  note:    " << M.Note << "\n";
  for (const auto &[Choice, Hip] : E->Variants)
    outs() << "  variant: " << Choice << ": " << Hip << "\n";
  outs() << "  example: " << rules::exampleLine(*E, M) << "\n";
  return 0;
}

/// The preset of --family with --prefix pairs added; false after an error.
bool familyOptions(rules::FamilyPreset &Out) {
  if (FamilyOpt.empty()) {
    cli::error("rules: --family is required");
    return false;
  }
  if (auto P = rules::familyPreset(FamilyOpt))
    Out = *P;
  else
    Out.Family = FamilyOpt;
  for (const std::string &P : PrefixOpt) {
    size_t Eq = P.find('=');
    if (Eq == std::string::npos || Eq == 0) {
      cli::error("--prefix: expected CUDA=HIP, got '" + P + "'");
      return false;
    }
    Out.Prefixes.insert(Out.Prefixes.begin(),
                        {P.substr(0, Eq), P.substr(Eq + 1)});
  }
  if (Out.Prefixes.empty()) {
    cli::error("rules: family '" + FamilyOpt +
               "' has no preset; give its name correspondences with --prefix");
    return false;
  }
  return true;
}

std::vector<std::string> sidePrefixes(const rules::FamilyPreset &P, bool Cuda) {
  std::vector<std::string> Out;
  for (const rules::PrefixPair &PP : P.Prefixes)
    Out.push_back(Cuda ? PP.Cuda : PP.Hip);
  return Out;
}

std::string describe(const rules::Declaration &D) {
  std::string Shape = D.DeclKind == rules::Kind::Function && D.Params >= 0
                          ? fmt::format(", {} params", D.Params)
                          : "";
  return fmt::format("{} {}{} ({}:{})", rules::kindName(D.DeclKind), D.Name,
                     Shape, D.File, D.Line);
}

int runDerive(const rules::RuleSet &RS) {
  if (CudaInclude.empty() || HipInclude.empty()) {
    cli::error("rules derive: --cuda-include and --hip-include are required");
    return 2;
  }
  if (!SinceOpt.empty() && !rules::RocmVersion::parse(SinceOpt)) {
    cli::error("--since: '" + SinceOpt + "' is not a version X.Y");
    return 2;
  }
  rules::FamilyPreset P;
  if (!familyOptions(P))
    return 2;
  auto Cuda =
      rules::scanHeaders(CudaInclude, P.CudaHeaders, sidePrefixes(P, true));
  if (!Cuda) {
    cli::error(toString(Cuda.takeError()));
    return 2;
  }
  auto Hip =
      rules::scanHeaders(HipInclude, P.HipHeaders, sidePrefixes(P, false));
  if (!Hip) {
    cli::error(toString(Hip.takeError()));
    return 2;
  }
  if (NewOnly)
    llvm::erase_if(*Cuda, [&](const rules::Declaration &D) {
      return RS.find(D.Name) != nullptr;
    });
  rules::DeriveResult R = rules::derive(*Cuda, *Hip, P.Prefixes);
  std::string Json = rules::proposalsToJson(R, P.Family, SinceOpt);
  if (OutOpt.empty()) {
    outs() << Json;
  } else {
    std::error_code EC;
    raw_fd_ostream OS(OutOpt, EC);
    if (EC) {
      cli::error(OutOpt + ": cannot write: " + EC.message());
      return 2;
    }
    OS << Json;
  }
  // The report goes to stderr so the proposals can be redirected whole.
  errs() << fmt::format("derive {}: {} CUDA declarations, {} HIP; {} "
                        "proposed, {} incompatible, {} unmatched\n",
                        P.Family, Cuda->size(), Hip->size(), R.Proposed.size(),
                        R.Incompatible.size(), R.Unmatched.size());
  for (const rules::Match &M : R.Incompatible)
    errs() << "incompatible: " << describe(M.Cuda) << " vs " << describe(M.Hip)
           << "\n";
  for (const rules::Declaration &D : R.Unmatched)
    errs() << "unmatched: " << describe(D) << "\n";
  return 0;
}

int runScan() {
  if (CudaInclude.empty()) {
    cli::error("rules scan: --cuda-include is required");
    return 2;
  }
  rules::FamilyPreset P;
  if (!familyOptions(P))
    return 2;
  auto Decls =
      rules::scanHeaders(CudaInclude, P.CudaHeaders, sidePrefixes(P, true));
  if (!Decls) {
    cli::error(toString(Decls.takeError()));
    return 2;
  }
  if (jsonOutput()) {
    nlohmann::json J = nlohmann::json::array();
    for (const rules::Declaration &D : *Decls) {
      nlohmann::json E = {{"name", D.Name},
                          {"kind", rules::kindName(D.DeclKind)},
                          {"file", D.File},
                          {"line", D.Line}};
      if (D.Params >= 0)
        E["params"] = D.Params;
      if (!D.AliasOf.empty())
        E["aliasOf"] = D.AliasOf;
      J.push_back(E);
    }
    outs() << nlohmann::json{{"schema", "hipport-rules-scan/1"},
                             {"declarations", J}}
                  .dump(1)
           << "\n";
    return 0;
  }
  for (const rules::Declaration &D : *Decls)
    outs() << describe(D) << "\n";
  return 0;
}

int runCoverage(const rules::RuleSet &RS) {
  if (CudaInclude.empty()) {
    cli::error("rules coverage: --cuda-include is required");
    return 2;
  }
  auto Cov = rules::coverage(RS, CudaInclude);
  if (!Cov) {
    cli::error(toString(Cov.takeError()));
    return 2;
  }
  auto Share = [](const rules::Coverage &C) {
    return C.Declared ? 100.0 * C.Covered / C.Declared : 0.0;
  };
  if (jsonOutput()) {
    nlohmann::json J = nlohmann::json::object();
    for (const rules::Coverage &C : *Cov)
      J[C.Family] = {{"declared", C.Declared},
                     {"mapped", C.Mapped},
                     {"unsupported", C.Unsupported},
                     {"covered", C.Covered},
                     {"share", std::round(Share(C) * 10) / 10}};
    outs() << nlohmann::json{{"schema", "hipport-rules-coverage/1"},
                             {"families", J}}
                  .dump(2)
           << "\n";
    return 0;
  }
  outs() << fmt::format("{:<10}{:>10}{:>10}{:>13}{:>10}{:>8}\n", "family",
                        "declared", "with HIP", "unsupported", "covered",
                        "share");
  for (const rules::Coverage &C : *Cov)
    outs() << fmt::format("{:<10}{:>10}{:>10}{:>13}{:>10}{:>7.1f}%\n", C.Family,
                          C.Declared, C.Mapped, C.Unsupported, C.Covered,
                          Share(C));
  return 0;
}

int runRules() {
  if (RulesArgs.empty()) {
    cli::error("rules: expected stats, query NAME, check FILE..., derive, "
               "scan, coverage or docs");
    return 2;
  }
  const std::string &Action = RulesArgs[0];
  if (Action == "check") {
    std::vector<std::string> Files(RulesArgs.begin() + 1, RulesArgs.end());
    if (Files.empty()) {
      cli::error("rules check: no files given");
      return 2;
    }
    // User files are checked together with the built-in tables, so a
    // clash with a built-in name is found here too; a built-in file given
    // by name is checked once, not against itself.
    std::vector<std::string> Builtin = rules::RuleSet::builtinFiles();
    for (const std::string &F : Files)
      Builtin.erase(std::remove_if(Builtin.begin(), Builtin.end(),
                                   [&](const std::string &B) {
                                     return project::absolutePath(B) ==
                                            project::absolutePath(F);
                                   }),
                    Builtin.end());
    Builtin.insert(Builtin.end(), Files.begin(), Files.end());
    auto RS = rules::RuleSet::load(Builtin);
    if (!RS) {
      errs() << toString(RS.takeError()) << "\n";
      return 1;
    }
    outs() << "ok: " << Files.size() << " file(s)\n";
    return 0;
  }
  rules::RuleSet RS;
  if (!cli::loadRules(RS))
    return 2;
  if (Action == "stats")
    return runStats(RS);
  if (Action == "derive")
    return runDerive(RS);
  if (Action == "scan")
    return runScan();
  if (Action == "coverage")
    return runCoverage(RS);
  if (Action == "docs") {
    if (OutOpt.empty()) {
      cli::error("rules docs: --out DIR is required");
      return 2;
    }
    if (Error E = rules::writeRuleDocs(RS, OutOpt)) {
      cli::error(toString(std::move(E)));
      return 2;
    }
    return 0;
  }
  if (Action == "query") {
    if (RulesArgs.size() != 2) {
      cli::error("rules query: expected one NAME");
      return 2;
    }
    return runQuery(RS, RulesArgs[1]);
  }
  cli::error("rules: unknown action '" + Action + "'");
  return 2;
}

cli::RegisterCommand Reg(RulesCmd, runRules,
                         {"rocm-version", "rules", "blas", "rules-dir"});

} // namespace
