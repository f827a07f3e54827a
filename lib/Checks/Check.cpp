#include "Checks/Check.h"

#include "clang/AST/ASTContext.h"

namespace hipport::checks {

void Check::report(const clang::ASTContext &Ctx, CheckDiag D) {
  report(Ctx.getSourceManager(), Ctx.getLangOpts(), std::move(D));
}

void Check::report(const clang::SourceManager &SM, const clang::LangOptions &LO,
                   CheckDiag D) {
  if (Sink)
    Sink->emit(*this, std::move(D), SM, LO);
}

} // namespace hipport::checks
