#include "Checks/Parents.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipport::checks {

/// One declaration's parent map, built by the walk clang's ParentMapContext
/// makes (instantiations and implicit code, statements by data recursion),
/// with the translation unit as the declaration's parent, as clang has it.
struct ParentIndex::Local {
  Decl *Root = nullptr;
  llvm::DenseMap<const void *, ParentList> Pointer;
  llvm::DenseMap<DynTypedNode, ParentList> Other;

  const ParentList *find(const DynTypedNode &N) const {
    if (N.getNodeKind().hasPointerIdentity()) {
      auto It = Pointer.find(N.getMemoizationData());
      return It == Pointer.end() ? nullptr : &It->second;
    }
    auto It = Other.find(N);
    return It == Other.end() ? nullptr : &It->second;
  }
};

namespace {

class Mapper : public RecursiveASTVisitor<Mapper> {
public:
  using Base = RecursiveASTVisitor<Mapper>;
  explicit Mapper(ParentList::value_type TU) { Stack.push_back(TU); }

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    return node(D, DynTypedNode::create(*D), Pointer,
                [&] { return Base::TraverseDecl(D); });
  }
  bool TraverseTypeLoc(TypeLoc TL, bool TraverseQualifier = true) {
    if (!TL)
      return true;
    return node(DynTypedNode::create(TL), DynTypedNode::create(TL), Other,
                [&] { return Base::TraverseTypeLoc(TL, TraverseQualifier); });
  }
  bool TraverseNestedNameSpecifierLoc(NestedNameSpecifierLoc NNS) {
    if (!NNS)
      return true;
    return node(DynTypedNode::create(NNS), DynTypedNode::create(NNS), Other,
                [&] { return Base::TraverseNestedNameSpecifierLoc(NNS); });
  }
  bool TraverseAttr(Attr *A) {
    if (!A)
      return true;
    return node(A, DynTypedNode::create(*A), Pointer,
                [&] { return Base::TraverseAttr(A); });
  }
  bool TraverseObjCProtocolLoc(ObjCProtocolLoc L) {
    return node(DynTypedNode::create(L), DynTypedNode::create(L), Other,
                [&] { return Base::TraverseObjCProtocolLoc(L); });
  }
  bool dataTraverseStmtPre(Stmt *S) {
    add(Pointer[S]);
    Stack.push_back(DynTypedNode::create(*S));
    return true;
  }
  bool dataTraverseStmtPost(Stmt *) {
    Stack.pop_back();
    return true;
  }

  llvm::DenseMap<const void *, ParentList> Pointer;
  llvm::DenseMap<DynTypedNode, ParentList> Other;

private:
  /// clang's addParent: a parent with identity is recorded once.
  void add(ParentList &L) {
    const DynTypedNode &P = Stack.back();
    if (!P.getMemoizationData() || !llvm::is_contained(L, P))
      L.push_back(P);
  }
  template <class Key, class Map, class Fn>
  bool node(Key K, DynTypedNode Self, Map &M, Fn Traverse) {
    add(M[K]);
    Stack.push_back(Self);
    bool R = Traverse();
    Stack.pop_back();
    return R;
  }

  llvm::SmallVector<DynTypedNode, 16> Stack;
};

thread_local ParentIndex *Current = nullptr;

class ForFunction : public internal::MatcherInterface<Stmt> {
public:
  explicit ForFunction(internal::Matcher<FunctionDecl> Inner)
      : Inner(std::move(Inner)) {}
  bool matches(const Stmt &Node, internal::ASTMatchFinder *Finder,
               internal::BoundNodesTreeBuilder *Builder) const override {
    ASTContext &C = Finder->getASTContext();
    ParentList Ps = parentsOf(C, Node);
    llvm::SmallVector<DynTypedNode, 8> Stack(Ps.begin(), Ps.end());
    while (!Stack.empty()) {
      DynTypedNode Cur = Stack.pop_back_val();
      if (const auto *FD = Cur.get<FunctionDecl>()) {
        if (Inner.matches(*FD, Finder, Builder))
          return true;
      } else if (const auto *L = Cur.get<LambdaExpr>()) {
        if (Inner.matches(*L->getCallOperator(), Finder, Builder))
          return true;
      } else {
        llvm::append_range(Stack, parentsOf(C, Cur));
      }
    }
    return false;
  }

private:
  internal::Matcher<FunctionDecl> Inner;
};

} // namespace

ParentIndex::ParentIndex(ASTContext &Ctx) : Ctx(Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (Decl *D : Ctx.getTraversalScope()) {
    SourceRange R = D->getSourceRange();
    SourceLocation B = SM.getExpansionLoc(R.getBegin());
    SourceLocation E = SM.getExpansionRange(R.getEnd()).getEnd();
    if (B.isInvalid())
      continue;
    FileID F = SM.getFileID(B);
    unsigned End = E.isValid() && SM.getFileID(E) == F ? SM.getFileOffset(E)
                                                        : ~0u;
    Spans.push_back({F.getHashValue(), SM.getFileOffset(B), End, D});
  }
  std::stable_sort(Spans.begin(), Spans.end(), [](const Span &A, const Span &B) {
    return std::tie(A.File, A.Begin) < std::tie(B.File, B.Begin);
  });
}

ParentIndex::~ParentIndex() = default;

ParentIndex::Local *ParentIndex::localFor(const DynTypedNode &N) {
  for (auto &L : Recent)
    if (L->find(N))
      return L.get();
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation At = SM.getExpansionLoc(N.getSourceRange().getBegin());
  if (At.isInvalid())
    return nullptr;
  unsigned F = SM.getFileID(At).getHashValue(), Off = SM.getFileOffset(At);
  auto It = std::upper_bound(
      Spans.begin(), Spans.end(), std::make_pair(F, Off),
      [](const std::pair<unsigned, unsigned> &K, const Span &S) {
        return K < std::make_pair(S.File, S.Begin);
      });
  // The declarations that start at or before the node and span it; a
  // declaration inside another's range (`struct S {...} s;`) is nearer.
  for (unsigned Tried = 0; It != Spans.begin() && Tried < 8; ++Tried) {
    --It;
    if (It->File != F)
      break;
    if (Off > It->End)
      continue;
    if (llvm::any_of(Recent, [&](auto &L) { return L->Root == It->D; }))
      continue; // already asked above
    auto L = std::make_unique<Local>();
    L->Root = It->D;
    Mapper M(DynTypedNode::create(*Ctx.getTranslationUnitDecl()));
    M.TraverseDecl(It->D);
    L->Pointer = std::move(M.Pointer);
    L->Other = std::move(M.Other);
    Recent.insert(Recent.begin(), std::move(L));
    if (Recent.size() > 4)
      Recent.pop_back();
    if (Recent.front()->find(N))
      return Recent.front().get();
  }
  return nullptr;
}

ParentList ParentIndex::parents(const DynTypedNode &N) {
  if (N.get<TranslationUnitDecl>())
    return {}; // the root, in clang's map too
  if (Local *L = localFor(N))
    return *L->find(N);
  // Not under the declaration its position names: clang's whole map.
  auto Ps = Ctx.getParents(N);
  return ParentList(Ps.begin(), Ps.end());
}

ParentIndex::Active::Active(ParentIndex &Index) : Saved(Current) {
  Current = &Index;
}

ParentIndex::Active::~Active() { Current = Saved; }

ParentList parentsOf(ASTContext &Ctx, const DynTypedNode &N) {
  if (Current && &Current->context() == &Ctx)
    return Current->parents(N);
  auto Ps = Ctx.getParents(N);
  return ParentList(Ps.begin(), Ps.end());
}

internal::Matcher<Stmt>
forFunction(const internal::Matcher<FunctionDecl> &Inner) {
  return internal::makeMatcher(new ForFunction(Inner));
}

} // namespace hipport::checks
