#include "Checks/Check.h"
#include "Checks/LogicalWarps.h"

#include "clang/AST/ASTContext.h"

namespace hipport::checks {

Check::Check(const CheckInfo &Info) : Info(Info) {}
Check::~Check() = default;

void Check::onStartOfTranslationUnit() {
  OwnGroups.reset();
  startTranslationUnit();
}

LogicalWarps &Check::laneGroups(const clang::ASTContext &Ctx) {
  return logicalWarps(Ctx, OwnGroups);
}

void Check::report(const clang::ASTContext &Ctx, CheckDiag D) {
  // No wave64 finding holds in a kernel that lanes 32-63 never run, in
  // code only 32-wide wavefronts run, or in a template no code comes from
  // (noWave64FindingHolds).
  if (D.Level != core::Severity::Note && id().starts_with("wave64-")) {
    LaneGroups Kind = laneGroups(Ctx).at(D.Loc);
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
