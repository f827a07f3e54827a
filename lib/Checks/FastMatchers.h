//===- FastMatchers.h - cheaper forms of the checks' hot matchers -*- C++ -*-===//
#pragma once

#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <optional>

namespace hipport::checks {

/// The checks' matchers run on every node of a TU: on a 50 MB file the
/// wave64 checks cost as much as the parse (#17). The matchers below give
/// the same answers as clang's of the same meaning, with less work per node.

/// Same as clang's callee(): the callee's declaration, for a CallExpr. clang
/// builds a callExpr(hasDeclaration(...)) matcher on every call it tests.
/// Declared in the checks' namespace so the checks' unqualified callee(...)
/// picks it.
clang::ast_matchers::internal::Matcher<clang::CallExpr>
callee(const clang::ast_matchers::internal::Matcher<clang::Decl> &Inner);
clang::ast_matchers::internal::Matcher<clang::CallExpr>
callee(const clang::ast_matchers::internal::Matcher<clang::Stmt> &Inner);

/// The name clang's matchesName() tests, "::" and the qualified name,
/// without printing it where no named context encloses the declaration
/// (the usual case: a function at file scope or in extern "C").
std::string matchedName(const clang::NamedDecl &D);

/// matchesName() for patterns that are a test on plain text: Test gets the
/// name matchesName() would give its regex. The tests replace the regexes
/// (an llvm::Regex run per call of a TU was most of a check's cost).
clang::ast_matchers::internal::Matcher<clang::NamedDecl>
nameMatches(std::function<bool(llvm::StringRef)> Test);

/// The tests standing for the checks' former regexes, exact equivalents:
/// "(WARP_SHFL|[Ss]hfl|[Ss]huffle)" (a search), "^::__[a-z_]+_sync$",
/// "^::nvcuda::wmma::".
bool namesShuffleWrapper(llvm::StringRef QualifiedName);
bool namesSyncIntrinsic(llvm::StringRef QualifiedName);
bool namesWmma(llvm::StringRef QualifiedName);

/// A call that may be a ballot: its callee named like a ballot intrinsic
/// (CudaPatterns' isBallotName, calleeName: an unresolved call too) or the
/// cooperative-groups member `ballot`. Every ballot test of the checks
/// (ballotIntrinsic(), carriesBallot(), returnsBallot()) needs one.
bool mayBeBallotCall(const clang::CallExpr &C);

/// Where a TU calls what may be a ballot (mayBeBallotCall), found in one
/// walk of its traversal scope, made when first asked: the functions around
/// such calls, and whether there is one at all. A function not in the set
/// has none in its body, so a descendant search for one there fails; in a
/// TU with none, the ballot checks have nothing to find.
class CallIndex {
public:
  explicit CallIndex(clang::ASTContext &Ctx) : Ctx(Ctx) {}
  const clang::ASTContext &context() const { return Ctx; }
  bool mayCallBallot(const clang::FunctionDecl *F);
  bool callsBallot();

  /// Makes Index answer the matchers below for its context in this thread
  /// while the scope lives.
  class Active {
  public:
    explicit Active(CallIndex &Index);
    ~Active();
    Active(const Active &) = delete;
    Active &operator=(const Active &) = delete;

  private:
    CallIndex *Saved;
  };

private:
  void walk();

  clang::ASTContext &Ctx;
  bool Walked = false, Any = false;
  llvm::DenseSet<const clang::FunctionDecl *> Ballot;
};

/// The active index of the finder's context, or null (under clang-tidy).
CallIndex *activeCallIndex(const clang::ASTContext &Ctx);

/// A function whose body may hold a ballot call: the active index's answer,
/// true where no index is active. Put before a hasBody(hasDescendant(
/// <ballot>)) to skip the search where it would fail.
clang::ast_matchers::internal::Matcher<clang::FunctionDecl> mayCallBallot();

// The matchers below are made by clang's macros, which open a namespace
// `internal` where they are: in a namespace of their own, so that the
// checks' `internal::` still names clang's.
namespace narrowing {

/// True unless the active index found no ballot call in the TU: first in a
/// matcher that needs one inside the matched node, or whose callback acts
/// only on what a ballot reaches.
AST_POLYMORPHIC_MATCHER(tuCallsBallot,
                        AST_POLYMORPHIC_SUPPORTED_TYPES(clang::Decl,
                                                        clang::Stmt)) {
  CallIndex *I = activeCallIndex(Finder->getASTContext());
  return !I || I->callsBallot();
}

/// An integer literal spelled by a macro expansion.
AST_MATCHER(clang::IntegerLiteral, isMacroLiteral) {
  return Node.getLocation().isMacroID();
}

/// A variable the constant evaluator may read (ExprConstant's
/// findCompleteObject: const or constexpr, a reference, OpenCL constant):
/// reading any other fails, so a constant-value test of a reference to it
/// (intValue) fails too.
AST_MATCHER(clang::VarDecl, readableAsConstant) {
  clang::QualType T = Node.getType();
  return Node.isConstexpr() || T->isReferenceType() || T.isConstQualified() ||
         T.getAddressSpace() == clang::LangAS::opencl_constant;
}

/// A variable of constant array type written with a type (not deduced from
/// a template or an initializer list only).
AST_MATCHER(clang::VarDecl, isConstantArrayVar) {
  return Node.getTypeSourceInfo() && Node.getType()->isConstantArrayType();
}

} // namespace narrowing

using narrowing::isConstantArrayVar;
using narrowing::isMacroLiteral;
using narrowing::readableAsConstant;
using narrowing::tuCallsBallot;

} // namespace hipport::checks
