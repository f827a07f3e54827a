//===- Check.h - base class shared by hipport lint and clang-tidy -*- C++ -*-===//
#pragma once

#include "Checks/FastMatchers.h"
#include "Checks/Instantiations.h"
#include "Checks/Parents.h"
#include "Core/Finding.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/Diagnostic.h"

#include <memory>
#include <string>
#include <vector>

namespace clang {
class Preprocessor;
}

namespace hipport::checks {

class LogicalWarps;

/// What a check reports, in clang's terms. The sink turns it into a
/// core::Finding (hipport lint) or a clang-tidy diagnostic (the plugin), so a
/// check never knows which driver runs it.
struct CheckDiag {
  clang::SourceLocation Loc;
  /// Token range highlighted; may be invalid (then just the token at Loc).
  clang::SourceRange Range;
  core::Severity Level = core::Severity::Warning;
  std::string Message;
  std::vector<std::pair<clang::SourceLocation, std::string>> Notes;
  std::vector<clang::FixItHint> Fixes;
};

class Check;

/// Receives the diagnostics of checks; implemented by each driver.
class DiagSink {
public:
  virtual ~DiagSink() = default;
  virtual void emit(const Check &C, CheckDiag D,
                    const clang::SourceManager &SM,
                    const clang::LangOptions &LO) = 0;
};

/// Static description of a check: the stable id is the contract between
/// text, JSON, SARIF, docs and suppressions.
struct CheckInfo {
  const char *Id;
  core::Severity DefaultLevel;
  const char *Summary;
};

/// One lint check. Subclasses add AST matchers with themselves as callback
/// (and PPCallbacks where macros matter), and report through report(); the
/// same object runs inside `hipport lint` and the clang-tidy module.
class Check : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  explicit Check(const CheckInfo &Info);
  ~Check() override;
  const CheckInfo &info() const { return Info; }
  llvm::StringRef id() const { return Info.Id; }

  virtual void registerMatchers(clang::ast_matchers::MatchFinder &Finder) = 0;
  virtual void registerPPCallbacks(const clang::SourceManager &SM,
                                   clang::Preprocessor &PP) {}

  void setSink(DiagSink *S) { Sink = S; }
  llvm::StringRef getID() const override { return Info.Id; }
  /// Drops this TU's lane-group index, then runs startTranslationUnit().
  void onStartOfTranslationUnit() final;

protected:
  /// Where a check resets its per-TU state.
  virtual void startTranslationUnit() {}
  /// What the TU's function bodies show about their 32-lane groups: the
  /// linter's shared index, or this check's own (under clang-tidy, which
  /// runs the checks one by one), made on first use.
  LogicalWarps &laneGroups(const clang::ASTContext &Ctx);
  void report(const clang::ASTContext &Ctx, CheckDiag D);
  void report(const clang::SourceManager &SM, const clang::LangOptions &LO,
              CheckDiag D);

private:
  const CheckInfo &Info;
  DiagSink *Sink = nullptr;
  std::unique_ptr<LogicalWarps> OwnGroups;
};

} // namespace hipport::checks
