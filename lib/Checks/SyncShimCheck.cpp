#include "Checks/SyncShimCheck.h"
#include "Checks/CudaPatterns.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

#include <fmt/format.h>

using namespace clang;

namespace hipport::checks {

const CheckInfo SyncShimCheck::Info = {
    "wave64-sync-shim", core::Severity::Error,
    "a *_sync warp intrinsic mapped to its mask-less HIP counterpart (by a "
    "macro, or a call by hand) with the mask passed on as the first "
    "argument"};

namespace {

llvm::StringRef spelling(const Token &T) {
  if (const IdentifierInfo *II = T.getIdentifierInfo())
    return II->getName();
  return {};
}

/// The first argument the body passes to Plain (`__shfl(__VA_ARGS__)`:
/// `__VA_ARGS__`), when it is one identifier; empty otherwise.
llvm::StringRef firstArgumentTo(const MacroInfo &MI, llvm::StringRef Plain) {
  unsigned N = MI.getNumTokens();
  for (unsigned I = 0; I + 3 < N; ++I)
    if (spelling(MI.getReplacementToken(I)) == Plain &&
        MI.getReplacementToken(I + 1).is(tok::l_paren)) {
      const Token &Arg = MI.getReplacementToken(I + 2);
      const Token &After = MI.getReplacementToken(I + 3);
      if (After.is(tok::comma) || After.is(tok::r_paren))
        return spelling(Arg);
      return {};
    }
  return {};
}

} // namespace

class SyncShimCallbacks : public PPCallbacks {
public:
  SyncShimCallbacks(SyncShimCheck &C, const SourceManager &SM,
                    const LangOptions &LO)
      : C(C), SM(SM), LO(LO) {}

  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    llvm::StringRef Sync = spelling(Name);
    if (!Sync.starts_with("__") || !Sync.ends_with("_sync") ||
        Sync == "__syncwarp" || SM.isInSystemHeader(Name.getLocation()))
      return;
    llvm::StringRef Plain = Sync.drop_back(5);
    const MacroInfo &MI = *MD->getMacroInfo();
    bool PassesMask = false;
    if (MI.isObjectLike())
      PassesMask = MI.getNumTokens() == 1 &&
                   spelling(MI.getReplacementToken(0)) == Plain;
    else if (MI.getNumParams() > 0)
      // `(...)` names its one parameter __VA_ARGS__: the mask goes first.
      PassesMask = firstArgumentTo(MI, Plain) == MI.params()[0]->getName();
    if (PassesMask)
      C.reportShim(SM, LO, Name.getLocation(), Sync, Plain);
  }

private:
  SyncShimCheck &C;
  const SourceManager &SM;
  const LangOptions &LO;
};

void SyncShimCheck::registerPPCallbacks(const SourceManager &SM,
                                        Preprocessor &PP) {
  PP.addPPCallbacks(
      std::make_unique<SyncShimCallbacks>(*this, SM, PP.getLangOpts()));
}

void SyncShimCheck::registerMatchers(ast_matchers::MatchFinder &F) {
  using namespace ast_matchers;
  F.addMatcher(callExpr(callee(functionDecl(hasAnyName(
                            "__shfl", "__shfl_up", "__shfl_down", "__shfl_xor"))),
                        argumentCountAtLeast(3),
                        unless(isInTemplateInstantiation()))
                   .bind("call"),
               this);
}

/// `__shfl_down(0xffffffff, v, d)`: a `_sync` dropped by hand and the mask
/// kept. HIP's `__shfl_down(var, delta, width)` shuffles the constant mask,
/// reads v as the offset and d as the width.
void SyncShimCheck::run(const ast_matchers::MatchFinder::MatchResult &R) {
  const auto *Call = R.Nodes.getNodeAs<CallExpr>("call");
  ASTContext &C = *R.Context;
  // A call spelled through a shim macro is the macro's finding.
  if (!Call || Call->getCallee()->getBeginLoc().isMacroID() ||
      isa<CXXDefaultArgExpr>(Call->getArg(2)))
    return;
  const Expr *Mask = Call->getArg(0)->IgnoreParenImpCasts();
  auto V = intValue(Mask, C);
  if (!V || (uint64_t(*V) & 0xffffffffull) != 0xffffffffull ||
      Mask->getType()->isFloatingType())
    return;
  std::string Name = Call->getDirectCallee()->getName().str();
  std::string Value = sourceText(Call->getArg(1)->getSourceRange(), C);
  std::string Third = sourceText(Call->getArg(2)->getSourceRange(), C);
  CheckDiag D;
  D.Loc = C.getSourceManager().getExpansionLoc(Call->getArg(0)->getBeginLoc());
  if (!Call->getArg(0)->getBeginLoc().isMacroID())
    D.Range = Call->getArg(0)->getSourceRange();
  D.Level = core::Severity::Error;
  D.Message = fmt::format(
      "'{0}' is called with a *_sync argument list: HIP's {0}(var, ..., "
      "width) shuffles the mask '{1}', reads '{2}' as its lane or offset and "
      "'{3}' as the width; drop the mask ('{0}({2}, {3})') or call {0}_sync",
      Name, sourceText(Call->getArg(0)->getSourceRange(), C), Value, Third);
  SourceLocation From = Call->getArg(0)->getBeginLoc();
  SourceLocation To = Call->getArg(1)->getBeginLoc();
  if (!From.isMacroID() && !To.isMacroID())
    D.Fixes.push_back(FixItHint::CreateRemoval(
        CharSourceRange::getCharRange(From, To)));
  report(C, std::move(D));
}

void SyncShimCheck::reportShim(const SourceManager &SM, const LangOptions &LO,
                               SourceLocation Loc, llvm::StringRef Sync,
                               llvm::StringRef Plain) {
  CheckDiag D;
  D.Loc = Loc;
  D.Level = core::Severity::Error;
  D.Message = fmt::format(
      "'{0}' is defined to call '{1}' with the lane mask as its first "
      "argument: '{0}(mask, v, ...)' becomes '{1}(mask, v, ...)', which "
      "shuffles or tests the mask instead of v; drop the mask "
      "('#define {0}(mask, ...) {1}(__VA_ARGS__)') or use HIP's own {0} "
      "(ROCm 6.2+, 64-bit masks)",
      Sync.str(), Plain.str());
  report(SM, LO, std::move(D));
}

} // namespace hipport::checks
