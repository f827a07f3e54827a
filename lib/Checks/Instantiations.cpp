#include "Checks/Instantiations.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hipport::checks {

namespace {

/// clang's IsInstantiation: decl(anyOf(cxxRecordDecl(isTemplateInstantiation()),
/// functionDecl(...), varDecl(...))).
bool isInstantiation(const Decl *D) {
  auto Kind = [](TemplateSpecializationKind K) {
    return K == TSK_ImplicitInstantiation ||
           K == TSK_ExplicitInstantiationDefinition ||
           K == TSK_ExplicitInstantiationDeclaration;
  };
  if (const auto *R = dyn_cast<CXXRecordDecl>(D))
    return Kind(R->getTemplateSpecializationKind());
  if (const auto *F = dyn_cast<FunctionDecl>(D))
    return Kind(F->getTemplateSpecializationKind());
  if (const auto *V = dyn_cast<VarDecl>(D))
    return Kind(V->getTemplateSpecializationKind());
  return false;
}

/// The parent map's walk (ParentMapContext's visitor: instantiations and
/// implicit code, from the traversal scope), counting the instantiations on
/// the way down: a node met while the count is positive has one as an
/// ancestor.
class Walker : public RecursiveASTVisitor<Walker> {
public:
  explicit Walker(llvm::DenseSet<const void *> &Inside) : Inside(Inside) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    if (Depth)
      Inside.insert(D);
    bool Inst = isInstantiation(D);
    Depth += Inst;
    bool R = RecursiveASTVisitor::TraverseDecl(D);
    Depth -= Inst;
    return R;
  }
  bool VisitStmt(Stmt *S) {
    if (Depth)
      Inside.insert(S);
    return true;
  }

private:
  llvm::DenseSet<const void *> &Inside;
  unsigned Depth = 0;
};

thread_local const InstantiationIndex *CurrentIndex = nullptr;

const InstantiationIndex *activeFor(const ASTContext &Ctx) {
  return CurrentIndex && &CurrentIndex->context() == &Ctx ? CurrentIndex : nullptr;
}

class InInstantiation : public internal::MatcherInterface<Stmt> {
public:
  bool matches(const Stmt &S, internal::ASTMatchFinder *F,
               internal::BoundNodesTreeBuilder *B) const override {
    if (const InstantiationIndex *I = activeFor(F->getASTContext()))
      return I->inside(&S);
    static const internal::Matcher<Stmt> Walk =
        ast_matchers::isInTemplateInstantiation();
    return Walk.matches(S, F, B);
  }
};

class Instantiated : public internal::MatcherInterface<Decl> {
public:
  bool matches(const Decl &D, internal::ASTMatchFinder *F,
               internal::BoundNodesTreeBuilder *B) const override {
    if (const InstantiationIndex *I = activeFor(F->getASTContext()))
      return isInstantiation(&D) || I->inside(&D);
    static const internal::Matcher<Decl> Walk =
        ast_matchers::isInstantiated();
    return Walk.matches(D, F, B);
  }
};

} // namespace

InstantiationIndex::InstantiationIndex(ASTContext &Ctx) : Ctx(Ctx) {
  Walker(Inside).TraverseAST(Ctx);
}

InstantiationIndex::Active::Active(const InstantiationIndex &Index)
    : Saved(CurrentIndex) {
  CurrentIndex = &Index;
}

InstantiationIndex::Active::~Active() { CurrentIndex = Saved; }

internal::Matcher<Stmt> isInTemplateInstantiation() {
  return internal::makeMatcher(new InInstantiation);
}

internal::Matcher<Decl> isInstantiated() {
  return internal::makeMatcher(new Instantiated);
}

} // namespace hipport::checks
