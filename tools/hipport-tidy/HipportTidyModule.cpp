//===- HipportTidyModule.cpp - hipport lint checks inside clang-tidy ------===//
//
// Each lint check becomes clang-tidy check "hipport-<id>": a thin adapter
// that forwards matcher registration to the same check class `hipport lint`
// runs and turns its diagnostics into clang-tidy diagnostics.
//
//===----------------------------------------------------------------------===//
#include "Checks/CheckRegistry.h"

#include "ClangTidy.h"
#include "ClangTidyCheck.h"
#include "ClangTidyModule.h"
#include "ClangTidyModuleRegistry.h"

#include <mutex>

using namespace clang;
using namespace clang::tidy;

namespace hipport::tidy {

/// The PTX table is loaded once; without it the PTX check still reports
/// every asm statement, only without the replacement intrinsic.
static std::shared_ptr<const checks::PtxTable> ptxTable() {
  static std::once_flag Once;
  static std::shared_ptr<const checks::PtxTable> Table;
  std::call_once(Once, [] {
    auto T = checks::PtxTable::load(checks::PtxTable::defaultFile());
    if (T)
      Table = std::make_shared<const checks::PtxTable>(std::move(*T));
    else
      llvm::consumeError(T.takeError());
  });
  return Table;
}

/// Adapts one hipport check to clang-tidy.
class TidyAdapter : public ClangTidyCheck, public checks::DiagSink {
public:
  TidyAdapter(llvm::StringRef Name, ClangTidyContext *Ctx,
              const checks::RegisteredCheck &R)
      : ClangTidyCheck(Name, Ctx) {
    checks::CheckOptions Opts;
    Opts.Ptx = ptxTable();
    Impl = R.Create(Opts);
    Impl->setSink(this);
  }

  bool isLanguageVersionSupported(const LangOptions &LO) const override {
    return LO.CPlusPlus;
  }
  void registerMatchers(ast_matchers::MatchFinder *F) override {
    Impl->registerMatchers(*F);
  }
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *) override {
    Impl->registerPPCallbacks(SM, *PP);
  }
  // The check class is its own match callback; nothing reaches here.
  void check(const ast_matchers::MatchFinder::MatchResult &) override {}

  void emit(const checks::Check &, checks::CheckDiag D, const SourceManager &,
            const LangOptions &) override {
    // clang-tidy reserves errors for the compiler: an error-level check
    // diagnostic makes it report "compiler errors" and refuse --fix. hipport's
    // errors and warnings are both warnings here; WarningsAsErrors (or
    // --warnings-as-errors='hipport-*') makes a gate of them.
    DiagnosticIDs::Level L = D.Level == core::Severity::Error ||
                                     D.Level == core::Severity::Warning
                                 ? DiagnosticIDs::Warning
                                 : DiagnosticIDs::Remark;
    {
      // "%0": messages quote code such as 'tid % 32'.
      auto B = diag(D.Loc, "%0", L) << D.Message;
      if (D.Range.isValid())
        B << D.Range;
      for (const FixItHint &H : D.Fixes)
        B << H;
    }
    for (auto &[NL, Msg] : D.Notes)
      diag(NL, "%0", DiagnosticIDs::Note) << Msg;
  }

private:
  std::unique_ptr<checks::Check> Impl;
};

class HipportModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    for (const checks::RegisteredCheck &R : checks::registry()) {
      if (!R.Create)
        continue; // build-file checks need no AST
      Factories.registerCheckFactory(
          std::string("hipport-") + R.Info->Id,
          [&R](llvm::StringRef Name, ClangTidyContext *Ctx) {
            return std::make_unique<TidyAdapter>(Name, Ctx, R);
          });
    }
  }
};

} // namespace hipport::tidy

static clang::tidy::ClangTidyModuleRegistry::Add<hipport::tidy::HipportModule>
    X("hipport-module", "hipport: wave64, ROCm 7 and NVIDIA-only checks");
