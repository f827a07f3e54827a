#include "Checks/Check.h"
#include "Checks/LogicalWarps.h"

#include "clang/AST/ASTContext.h"

namespace hipport::checks {

void Check::report(const clang::ASTContext &Ctx, CheckDiag D) {
  // No wave64 finding holds in a kernel that lanes 32-63 never run or in
  // a template no code comes from (noWave64FindingHolds). Only where the
  // linter shares its index: clang-tidy runs the checks one by one.
  if (D.Level != core::Severity::Note && id().starts_with("wave64-"))
    if (LogicalWarps *Groups = activeLogicalWarps(Ctx)) {
      LaneGroups Kind = Groups->at(D.Loc);
      if (noWave64FindingHolds(Kind)) {
        D.Level = core::Severity::Note;
        D.Message = rightAtEitherWidth(D.Message, Kind);
        D.Fixes.clear();
      }
    }
  report(Ctx.getSourceManager(), Ctx.getLangOpts(), std::move(D));
}

void Check::report(const clang::SourceManager &SM, const clang::LangOptions &LO,
                   CheckDiag D) {
  if (Sink)
    Sink->emit(*this, std::move(D), SM, LO);
}

} // namespace hipport::checks
