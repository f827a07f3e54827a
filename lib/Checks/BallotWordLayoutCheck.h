//===- BallotWordLayoutCheck.h - wave64-ballot-word-layout -----*- C++ -*-===//
#pragma once

#include "Checks/Check.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace hipport::checks {

/// Finds buffers of 32-bit words that hold ballot masks: one word per 32
/// lanes (`bits[warp * 2 + lane] = __ballot(p)`, "two warps fill one 64-bit
/// word"). A 64-lane wavefront's mask needs 64 bits, so each store loses
/// lanes 32-63 and the word count and indexing are those of 32-lane warps.
/// The ballot's value is followed through local variables; the buffer
/// through the pointers, fields and parameters of the TU it is copied to
/// (by name), and every declaration, copy, store and load of it is a site.
class BallotWordLayoutCheck : public Check {
public:
  static const CheckInfo Info;
  BallotWordLayoutCheck() : Check(Info) {}
  void registerMatchers(clang::ast_matchers::MatchFinder &F) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void startTranslationUnit() override;
  void onEndOfTranslationUnit() override;

private:
  /// A value written to a name: `A = B`, `T A = B + off`, `A[i] = v`.
  struct Flow {
    const clang::ValueDecl *To;   ///< the variable, field or buffer
    const clang::Expr *From;      ///< what flows in
    clang::SourceLocation Site;   ///< where (for the report)
    bool Element = false;         ///< a store into To's elements
    const clang::Expr *Index = nullptr; ///< the element's index, if any
  };
  int carriesBallot(const clang::Expr *E) const;
  const clang::ValueDecl *named(const clang::Expr *E) const;
  void reportBuffers();

  std::vector<Flow> Flows;
  std::set<std::string> Wrappers;
  std::map<const clang::ValueDecl *, int> MaskVars;
  std::map<std::string, std::vector<const clang::ValueDecl *>> Decls;
  clang::ASTContext *Ctx = nullptr;
};

} // namespace hipport::checks
