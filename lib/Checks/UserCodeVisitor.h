//===- UserCodeVisitor.h - a TU walk that skips system headers --*- C++ -*-===//
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace hipport::checks {

/// RecursiveASTVisitor over a TU's own code: declarations in system headers
/// (the HIP and CUDA headers' wrappers, the standard library) are not
/// entered, so a whole-TU analysis costs the project's code, not the
/// prelude's, and never mistakes a header's own helpers for the project's.
template <typename Derived>
class UserCodeVisitor : public clang::RecursiveASTVisitor<Derived> {
public:
  explicit UserCodeVisitor(const clang::ASTContext &Ctx)
      : SM(Ctx.getSourceManager()) {}

  bool TraverseDecl(clang::Decl *D) {
    if (D && !llvm::isa<clang::TranslationUnitDecl>(D) &&
        SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return true;
    return clang::RecursiveASTVisitor<Derived>::TraverseDecl(D);
  }

protected:
  const clang::SourceManager &SM;
};

} // namespace hipport::checks
