//===- Parents.h - AST parents, one top-level declaration at a time -*- C++ -*-===//
#pragma once

#include "clang/AST/ASTTypeTraits.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <vector>

namespace hipport::checks {

using ParentList = llvm::SmallVector<clang::DynTypedNode, 2>;

/// The parents of AST nodes of a TU, as clang's parent map gives them, but
/// mapped one top-level declaration at a time, when a node inside it is
/// asked about (the last few are kept). clang maps the whole traversal scope
/// on the first question: on a big TU that map was as large as the AST
/// itself (#17). The declaration is found by the node's position; a node
/// not found there (an instantiation traversed from another declaration)
/// gets clang's answer.
class ParentIndex {
public:
  explicit ParentIndex(clang::ASTContext &Ctx);
  ~ParentIndex();
  ParentList parents(const clang::DynTypedNode &N);
  const clang::ASTContext &context() const { return Ctx; }

  /// Makes Index answer parentsOf() and forFunction() for its context in
  /// this thread while the scope lives.
  class Active {
  public:
    explicit Active(ParentIndex &Index);
    ~Active();
    Active(const Active &) = delete;
    Active &operator=(const Active &) = delete;

  private:
    ParentIndex *Saved;
  };

private:
  struct Local;
  struct Span {
    unsigned File, Begin, End;
    clang::Decl *D;
  };
  Local *localFor(const clang::DynTypedNode &N);

  clang::ASTContext &Ctx;
  std::vector<Span> Spans; ///< the traversal scope by position
  std::vector<std::unique_ptr<Local>> Recent; ///< most recent first
};

/// The parents of N: from the active index of Ctx, else clang's parent map.
ParentList parentsOf(clang::ASTContext &Ctx, const clang::DynTypedNode &N);
template <class T> ParentList parentsOf(clang::ASTContext &Ctx, const T &N) {
  return parentsOf(Ctx, clang::DynTypedNode::create(N));
}

/// Same as clang's forFunction, asking parentsOf(); declared in the checks'
/// namespace so the checks' unqualified forFunction(...) picks it.
clang::ast_matchers::internal::Matcher<clang::Stmt>
forFunction(const clang::ast_matchers::internal::Matcher<clang::FunctionDecl>
                &Inner);

} // namespace hipport::checks
