//===- RulesCommand.cpp - hipport rules stats|query|check -----------------===//
#include "Command.h"

#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

using namespace llvm;
using namespace hipport;

namespace {

cl::SubCommand RulesCmd("rules", "Inspect and check the CUDA->HIP rule tables");
cl::list<std::string> RulesArgs(cl::Positional, cl::sub(RulesCmd),
                                cl::desc("stats | query NAME | check FILE..."));
cl::opt<bool> RulesJson("json", cl::desc("JSON output"), cl::sub(RulesCmd));

int runStats(const rules::RuleSet &RS) {
  using rules::Status;
  const Status All[] = {Status::Supported, Status::Experimental,
                        Status::Deprecated, Status::Unsupported};
  auto Stats = RS.stats();
  if (RulesJson) {
    nlohmann::json J = nlohmann::json::object();
    for (const auto &S : Stats) {
      nlohmann::json F;
      for (Status St : All)
        F[rules::statusName(St)] = S.ByStatus.count(St) ? S.ByStatus.at(St) : 0;
      F["total"] = S.Total;
      J[S.Family] = F;
    }
    outs() << J.dump(2) << "\n";
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
  if (!E->Example.empty())
    outs() << "  example: " << E->Example << "\n";
  return 0;
}

int runRules() {
  if (RulesArgs.empty()) {
    cli::error("rules: expected stats, query NAME or check FILE...");
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
    // clash with a built-in name is found here too.
    auto RS = rules::RuleSet::loadBuiltin(Files);
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

cli::RegisterCommand Reg(RulesCmd, runRules);

} // namespace
