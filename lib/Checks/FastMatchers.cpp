#include "Checks/FastMatchers.h"
#include "Checks/CudaPatterns.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <vector>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipport::checks {

namespace {

/// clang's callee(Matcher<Decl>) on a CallExpr, without the matcher it
/// builds per call: hasDeclaration's test of getCalleeDecl().
class CalleeDecl : public internal::MatcherInterface<CallExpr> {
public:
  explicit CalleeDecl(internal::Matcher<Decl> Inner) : Inner(std::move(Inner)) {}
  bool matches(const CallExpr &C, internal::ASTMatchFinder *F,
               internal::BoundNodesTreeBuilder *B) const override {
    const Decl *D = C.getCalleeDecl();
    return D && !(F->isTraversalIgnoringImplicitNodes() && D->isImplicit()) &&
           Inner.matches(*D, F, B);
  }

private:
  internal::Matcher<Decl> Inner;
};

class NameTest : public internal::MatcherInterface<NamedDecl> {
public:
  explicit NameTest(std::function<bool(llvm::StringRef)> Test)
      : Test(std::move(Test)) {}
  bool matches(const NamedDecl &D, internal::ASTMatchFinder *,
               internal::BoundNodesTreeBuilder *) const override {
    return Test(matchedName(D));
  }

private:
  std::function<bool(llvm::StringRef)> Test;
};

} // namespace

internal::Matcher<CallExpr> callee(const internal::Matcher<Decl> &Inner) {
  return internal::makeMatcher(new CalleeDecl(Inner));
}

internal::Matcher<CallExpr> callee(const internal::Matcher<Stmt> &Inner) {
  return ast_matchers::callee(Inner);
}

std::string matchedName(const NamedDecl &D) {
  // NamedDecl::printQualifiedName prints the named contexts, then the name
  // (for a declaration in a function, the name alone). A function with an
  // identifier and no named context prints as its identifier.
  if (isa<FunctionDecl>(D) && D.getDeclName().isIdentifier()) {
    const DeclContext *Ctx = D.getDeclContext();
    bool Named = false;
    if (!Ctx->isFunctionOrMethod())
      for (; Ctx && !Named; Ctx = Ctx->getParent())
        Named = isa<NamedDecl>(Ctx);
    if (!Named)
      return ("::" + D.getName()).str();
  }
  return "::" + D.getQualifiedNameAsString();
}

internal::Matcher<NamedDecl>
nameMatches(std::function<bool(llvm::StringRef)> Test) {
  return internal::makeMatcher(new NameTest(std::move(Test)));
}

bool namesShuffleWrapper(llvm::StringRef Q) {
  for (llvm::StringRef S : {"WARP_SHFL", "Shfl", "shfl", "Shuffle", "shuffle"})
    if (Q.contains(S))
      return true;
  return false;
}

bool namesSyncIntrinsic(llvm::StringRef Q) {
  // "::__", then [a-z_]+, then "_sync" at the end.
  if (!Q.consume_front("::__") || Q.size() < 6 || !Q.ends_with("_sync"))
    return false;
  return llvm::all_of(Q, [](char C) { return (C >= 'a' && C <= 'z') || C == '_'; });
}

bool namesWmma(llvm::StringRef Q) { return Q.starts_with("::nvcuda::wmma::"); }

bool mayBeBallotCall(const CallExpr &C) {
  llvm::StringRef N = calleeName(&C);
  return isBallotName(N) || N == "ballot";
}

namespace {

/// The matchers' own walk (instantiations and implicit code, from the
/// traversal scope) with the functions being traversed on a stack: a
/// call that may be a ballot marks every function around it. Statements are
/// traversed inside their function's TraverseDecl (a lambda's body inside
/// its call operator's, through the lambda class), so a descendant search
/// from a function's body meets no call that did not mark it.
class BallotWalker : public RecursiveASTVisitor<BallotWalker> {
public:
  BallotWalker(llvm::DenseSet<const FunctionDecl *> &Out, bool &Any)
      : Out(Out), Any(Any) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool TraverseDecl(Decl *D) {
    const auto *F = dyn_cast_or_null<FunctionDecl>(D);
    if (F)
      Stack.push_back(F);
    bool R = RecursiveASTVisitor::TraverseDecl(D);
    if (F)
      Stack.pop_back();
    return R;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (mayBeBallotCall(*C)) {
      Any = true;
      Out.insert(Stack.begin(), Stack.end());
    }
    return true;
  }

private:
  llvm::DenseSet<const FunctionDecl *> &Out;
  bool &Any;
  std::vector<const FunctionDecl *> Stack;
};

thread_local CallIndex *CurrentCalls = nullptr;

class MayCallBallot : public internal::MatcherInterface<FunctionDecl> {
public:
  bool matches(const FunctionDecl &F, internal::ASTMatchFinder *Finder,
               internal::BoundNodesTreeBuilder *) const override {
    CallIndex *I = activeCallIndex(Finder->getASTContext());
    return !I || I->mayCallBallot(&F);
  }
};

} // namespace

void CallIndex::walk() {
  if (Walked)
    return;
  Walked = true;
  BallotWalker W(Ballot, Any);
  for (Decl *D : Ctx.getTraversalScope())
    W.TraverseDecl(D);
}

bool CallIndex::mayCallBallot(const FunctionDecl *F) {
  walk();
  return Ballot.contains(F);
}

bool CallIndex::callsBallot() {
  walk();
  return Any;
}

CallIndex *activeCallIndex(const ASTContext &Ctx) {
  return CurrentCalls && &CurrentCalls->context() == &Ctx ? CurrentCalls : nullptr;
}

CallIndex::Active::Active(CallIndex &Index) : Saved(CurrentCalls) { CurrentCalls = &Index; }
CallIndex::Active::~Active() { CurrentCalls = Saved; }

internal::Matcher<FunctionDecl> mayCallBallot() {
  return internal::makeMatcher(new MayCallBallot());
}

} // namespace hipport::checks
