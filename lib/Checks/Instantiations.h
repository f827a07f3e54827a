//===- Instantiations.h - template-instantiation tests in one walk -*- C++ -*-===//
#pragma once

#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/DenseSet.h"

namespace hipport::checks {

/// The nodes of a TU that lie inside a template instantiation, found in one
/// walk of its traversal scope. clang's isInTemplateInstantiation() and
/// isInstantiated() walk the parent map up from every node they test: on a
/// TU of millions of nodes that walk, once per node and matcher, was most of
/// lint's time (#17). The walk is the parent map's own (instantiations and
/// implicit code visited), so the answers are the same.
class InstantiationIndex {
public:
  explicit InstantiationIndex(clang::ASTContext &Ctx);
  const clang::ASTContext &context() const { return Ctx; }
  /// True when an instantiated function, class or variable encloses N.
  bool inside(const void *N) const { return Inside.contains(N); }

  /// Makes Index answer the matchers below for its context in this thread
  /// while the scope lives (the driver runs one TU's matchers at a time).
  class Active {
  public:
    explicit Active(const InstantiationIndex &Index);
    ~Active();
    Active(const Active &) = delete;
    Active &operator=(const Active &) = delete;

  private:
    const InstantiationIndex *Saved;
  };

private:
  const clang::ASTContext &Ctx;
  llvm::DenseSet<const void *> Inside;
};

/// Same as clang's matchers of these names, answered from the active index
/// of the TU (clang's ancestor walk when none is active, as under
/// clang-tidy). Declared here, in the checks' namespace, so the checks'
/// unqualified `unless(isInTemplateInstantiation())` picks them.
clang::ast_matchers::internal::Matcher<clang::Stmt> isInTemplateInstantiation();
clang::ast_matchers::internal::Matcher<clang::Decl> isInstantiated();

} // namespace hipport::checks
