#include "Validate/SchedulingPoints.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hipport::validate {
namespace {

/// The built-in index variables are read-only per thread, not memory
/// another lane writes.
bool isIndexBuiltin(const NamedDecl *D) {
  if (!D || !D->getIdentifier())
    return false;
  llvm::StringRef N = D->getName();
  return N == "threadIdx" || N == "blockIdx" || N == "blockDim" ||
         N == "gridDim" || N == "warpSize";
}

/// Integer and floating-point helpers of the CUDA/HIP headers that read
/// only their arguments.
bool isPureMath(llvm::StringRef N) {
  static const llvm::StringRef Names[] = {
      "min",    "max",     "umin",     "umax",    "llmin",  "llmax",
      "ullmin", "ullmax",  "abs",      "labs",    "llabs",  "fabs",
      "fabsf",  "fminf",   "fmaxf",    "fmin",    "fmax",   "sqrtf",
      "sqrt",   "rsqrtf",  "__mul24",  "__umul24", "__mulhi", "__umulhi",
      "__popc", "__popcll", "__clz",   "__clzll", "__ffs",  "__ffsll",
      "__brev", "__brevll", "__sad",   "__usad",  "floorf", "ceilf"};
  for (llvm::StringRef X : Names)
    if (N == X)
      return true;
  return false;
}

/// Whether E names an index built-in (through casts and the opaque values
/// of CUDA's property reads).
bool isIndexBuiltinRef(const Expr *E) {
  while (E) {
    E = E->IgnoreImpCasts();
    if (const auto *O = dyn_cast<OpaqueValueExpr>(E))
      E = O->getSourceExpr();
    else if (const auto *D = dyn_cast<DeclRefExpr>(E))
      return isIndexBuiltin(D->getDecl());
    else
      return false;
  }
  return false;
}

/// Whether evaluating S may read or write memory another lane can see:
/// a subscript, a dereference, an arrow, a call (atomics, device functions,
/// operators), or a variable that is not a local value. Conservative.
class TouchesMemory : public RecursiveASTVisitor<TouchesMemory> {
public:
  /// Whether a function is one the CPU build writes points into.
  std::function<bool(const FunctionDecl &)> Owns;
  bool Found = false;
  bool TraverseLambdaExpr(LambdaExpr *) { return true; } // runs when called
  bool TraverseMemberExpr(MemberExpr *E) {
    if (isIndexBuiltinRef(E->getBase()))
      return true; // threadIdx.x
    return RecursiveASTVisitor::TraverseMemberExpr(E);
  }
  bool TraverseCXXMemberCallExpr(CXXMemberCallExpr *E) {
    if (const auto *M = dyn_cast<MemberExpr>(E->getCallee()->IgnoreImpCasts()))
      if (isIndexBuiltinRef(M->getBase()))
        return true; // the property getters of CUDA's builtin variables
    Found = true;
    return false;
  }
  bool TraversePseudoObjectExpr(PseudoObjectExpr *E) {
    // threadIdx.x in CUDA: a property read whose semantic form is a call.
    if (const auto *P = dyn_cast<MSPropertyRefExpr>(
            E->getSyntacticForm()->IgnoreImpCasts()))
      if (isIndexBuiltinRef(P->getBaseExpr()))
        return true;
    return RecursiveASTVisitor::TraversePseudoObjectExpr(E);
  }
  bool VisitMSPropertyRefExpr(MSPropertyRefExpr *E) {
    return isIndexBuiltinRef(E->getBaseExpr()) ? true : found();
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *) { return found(); }
  bool VisitCallExpr(CallExpr *C) {
    // cg::this_thread_block() and the like only name the group.
    const FunctionDecl *F = C->getDirectCallee();
    // A device function of the project carries its own steps where it
    // touches memory; the call itself is not one (its arguments are
    // traversed as part of this statement).
    if (F && F->getIdentifier() && isPureMath(F->getName()))
      return true;
    if (F && Owns && F->hasBody() && !F->isVariadic()) {
      const FunctionDecl *Def = nullptr;
      if (F->hasBody(Def) && Def &&
          (Def->hasAttr<CUDADeviceAttr>() || Def->hasAttr<CUDAGlobalAttr>()) &&
          Owns(*Def))
        return true;
    }
    if (F && F->getIdentifier() &&
        (F->getName() == "this_thread_block" || F->getName() == "this_grid") &&
        llvm::StringRef(F->getQualifiedNameAsString())
            .starts_with("cooperative_groups::"))
      return true;
    return found();
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    return E->getConstructor() && E->getConstructor()->isTrivial() ? true
                                                                   : found();
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    return U->getOpcode() == UO_Deref ? found() : true;
  }
  bool VisitMemberExpr(MemberExpr *E) { return E->isArrow() ? found() : true; }
  bool VisitCXXThisExpr(CXXThisExpr *) { return found(); }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *V = dyn_cast<VarDecl>(E->getDecl());
    if (!V || isIndexBuiltin(V))
      return true;
    if (V->getType().isConstQualified() && !V->getType()->isReferenceType())
      return true; // a constant: nothing writes it

    bool LocalValue = V->hasLocalStorage() && !V->getType()->isReferenceType();
    return LocalValue ? true : found();
  }

private:
  bool found() {
    Found = true;
    return false;
  }
};

/// Set by schedulingPoints for the function being written.
thread_local const std::function<bool(const FunctionDecl &)> *CurOwns;

bool touchesMemory(const Stmt &S) {
  TouchesMemory V;
  if (CurOwns)
    V.Owns = *CurOwns;
  if (const auto *D = dyn_cast<DeclStmt>(&S)) {
    for (const Decl *X : D->decls())
      if (const auto *VD = dyn_cast<VarDecl>(X)) {
        if (VD->getType()->isReferenceType() && VD->hasInit())
          return true; // binds to memory, which later statements then touch
        if (const Expr *Init = VD->getInit())
          V.TraverseStmt(const_cast<Expr *>(Init));
      }
    return V.Found;
  }
  V.TraverseStmt(const_cast<Stmt *>(&S));
  return V.Found;
}

/// A warp collective or barrier: every active lane of the warp waits there
/// for the others, so it orders the lanes as a scheduling point would.
bool isCollectiveName(llvm::StringRef N) {
  return N.starts_with("__shfl") || N.starts_with("__ballot") ||
         N.starts_with("__any") || N.starts_with("__all") ||
         N.starts_with("__syncthreads") || N == "__syncwarp" ||
         N.starts_with("__reduce_");
}

const FunctionDecl *directCallee(const Stmt &S) {
  const auto *E = dyn_cast<Expr>(&S);
  const auto *C = E ? dyn_cast<CallExpr>(E->IgnoreImplicit()) : nullptr;
  return C ? C->getDirectCallee() : nullptr;
}

/// A cooperative-groups barrier: `cg::sync(g)`, `g.sync()`.
bool isGroupSync(const FunctionDecl &F) {
  return F.getIdentifier() && F.getName() == "sync" &&
         llvm::StringRef(F.getQualifiedNameAsString())
             .starts_with("cooperative_groups::");
}

/// `__syncthreads();` and the like: a step after it adds nothing.
bool isCollectiveStatement(const Stmt &S) {
  const FunctionDecl *F = directCallee(S);
  return F && F->getIdentifier() &&
         (isCollectiveName(F->getName()) || isGroupSync(*F));
}

class FindsCollective : public RecursiveASTVisitor<FindsCollective> {
public:
  bool Found = false;
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *F = C->getDirectCallee();
    if (F && F->getIdentifier() &&
        (isCollectiveName(F->getName()) || isGroupSync(*F))) {
      Found = true;
      return false;
    }
    return true;
  }
};

bool containsCollective(const Stmt *S) {
  FindsCollective V;
  if (S)
    V.TraverseStmt(const_cast<Stmt *>(S));
  return V.Found;
}

/// Whether the loop's condition and increment touch no memory (so nothing
/// another lane sees runs between the body's end and its next loop point).
bool loopControlIsLocal(const Stmt &Loop) {
  const Stmt *Cond = nullptr, *Inc = nullptr;
  if (const auto *F = dyn_cast<ForStmt>(&Loop)) {
    Cond = F->getCond();
    Inc = F->getInc();
  } else if (const auto *W = dyn_cast<WhileStmt>(&Loop)) {
    Cond = W->getCond();
  } else if (const auto *D = dyn_cast<DoStmt>(&Loop)) {
    Cond = D->getCond();
  } else {
    return false;
  }
  return !(Cond && touchesMemory(*Cond)) && !(Inc && touchesMemory(*Inc));
}

/// A loop whose control touches no memory and whose body reaches a
/// collective each time needs no loop point: the collective keeps the
/// warp's lanes together and lets the others run.
bool loopSelfSynchronizes(const Stmt &Loop, const Stmt *Body) {
  if (!loopControlIsLocal(Loop))
    return false;
  // Only a collective every iteration executes: one at the body's top level.
  const auto *C = dyn_cast_or_null<CompoundStmt>(Body);
  if (!C)
    return Body && containsCollective(Body) && !isa<IfStmt>(Body);
  for (const Stmt *X : C->body())
    if ((isa<Expr>(X) || isa<DeclStmt>(X)) && containsCollective(X))
      return true;
  return false;
}

class PointWriter {
public:
  PointWriter(ASTContext &Ctx, FileID File,
              const std::function<void(unsigned, std::string)> &Insert)
      : SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()), File(File),
        Insert(Insert) {}

  /// EndsAtPoint: what runs after C's last statement is a scheduling point
  /// (a reconvergence after the branch, the loop point of the next
  /// iteration, a kernel's end), so that statement needs no step of its own;
  /// nor does one followed by a barrier or collective.
  void compound(const CompoundStmt &C, int Depth, bool EndsAtPoint = false) {
    const Stmt *const *B = C.body_begin(), *const *E = C.body_end();
    for (const Stmt *const *I = B; I != E; ++I) {
      const Stmt *Next = I + 1 != E ? I[1] : nullptr;
      bool Redundant =
          Next ? isCollectiveStatement(*Next) : EndsAtPoint;
      statement(**I, Depth, false, Redundant);
    }
  }

private:
  bool inFile(SourceLocation L) const {
    return L.isValid() && L.isFileID() && SM.getFileID(L) == File;
  }

  /// The offset just after S (after its `;` where it ends with one), or -1.
  long after(const Stmt &S) const {
    SourceLocation E = S.getEndLoc();
    if (!inFile(S.getBeginLoc()) || !inFile(E))
      return -1;
    SourceLocation Semi =
        Lexer::findLocationAfterToken(E, tok::semi, SM, LO, false);
    if (Semi.isValid() && !isa<DeclStmt>(S))
      return SM.getFileOffset(Semi);
    SourceLocation End = Lexer::getLocForEndOfToken(E, 0, SM, LO);
    return End.isValid() ? long(SM.getFileOffset(End)) : -1;
  }

  void put(long Offset, std::string Text) {
    if (Offset >= 0)
      Insert(unsigned(Offset), std::move(Text));
  }

  /// A loop body: the point first in it, a single statement braced.
  void loopBody(const Stmt &Loop, const Stmt *Body, int Depth) {
    if (!Body)
      return;
    if (loopSelfSynchronizes(Loop, Body)) {
      // A body that starts with its collective needs no step at its end.
      if (const auto *C = dyn_cast<CompoundStmt>(Body))
        compound(*C, Depth,
                 !C->body_empty() && isCollectiveStatement(**C->body_begin()));
      return;
    }
    if (const auto *C = dyn_cast<CompoundStmt>(Body)) {
      if (!inFile(C->getLBracLoc()))
        return;
      put(SM.getFileOffset(C->getLBracLoc()) + 1, " HIPCPU_LOOP();");
      compound(*C, Depth, loopControlIsLocal(Loop));
      return;
    }
    long End = after(*Body);
    if (End < 0 || !inFile(Body->getBeginLoc()))
      return;
    put(SM.getFileOffset(Body->getBeginLoc()), "{ HIPCPU_LOOP(); ");
    statement(*Body, Depth, /*Nested=*/true);
    put(End, " }");
  }

  void branch(const Stmt *S, int Depth, bool Reconverges) {
    if (const auto *C = dyn_cast_or_null<CompoundStmt>(S))
      compound(*C, Depth, Reconverges);
  }

  void statement(const Stmt &S, int Depth, bool Nested = false,
                 bool StepRedundant = false) {
    std::string Reconv = " HIPCPU_RECONVERGE(" + std::to_string(Depth) + ");";
    if (const auto *C = dyn_cast<CompoundStmt>(&S)) {
      compound(*C, Depth);
    } else if (const auto *If = dyn_cast<IfStmt>(&S)) {
      branch(If->getThen(), Depth + 1, !Nested);
      branch(If->getElse(), Depth + 1, !Nested);
      if (!Nested)
        put(after(S), Reconv);
    } else if (const auto *F = dyn_cast<ForStmt>(&S)) {
      loopBody(S, F->getBody(), Depth + 1);
      if (!Nested)
        put(after(S), Reconv);
    } else if (const auto *W = dyn_cast<WhileStmt>(&S)) {
      loopBody(S, W->getBody(), Depth + 1);
      if (!Nested)
        put(after(S), Reconv);
    } else if (const auto *D = dyn_cast<DoStmt>(&S)) {
      loopBody(S, D->getBody(), Depth + 1);
      if (!Nested)
        put(after(S), Reconv);
    } else if (const auto *R = dyn_cast<CXXForRangeStmt>(&S)) {
      loopBody(S, R->getBody(), Depth + 1);
      if (!Nested)
        put(after(S), Reconv);
    } else if (isa<SwitchStmt>(&S)) {
      if (!Nested)
        put(after(S), Reconv);
    } else if ((isa<Expr>(&S) || isa<DeclStmt>(&S)) && !Nested &&
               !StepRedundant && touchesMemory(S) &&
               !isCollectiveStatement(S)) {
      put(after(S), " HIPCPU_STEP();");
    }
  }

  SourceManager &SM;
  const LangOptions &LO;
  FileID File;
  const std::function<void(unsigned, std::string)> &Insert;
};

} // namespace

void schedulingPoints(const FunctionDecl &F, ASTContext &Ctx,
                      const std::function<void(unsigned, std::string)> &Insert,
                      const std::function<bool(const FunctionDecl &)> &Owns) {
  if (!F.doesThisDeclarationHaveABody() || F.isConstexpr() ||
      !(F.hasAttr<CUDAGlobalAttr>() || F.hasAttr<CUDADeviceAttr>()))
    return;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(F.getBody());
  SourceManager &SM = Ctx.getSourceManager();
  if (!Body || !Body->getLBracLoc().isFileID())
    return;
  PointWriter W(Ctx, SM.getFileID(Body->getLBracLoc()), Insert);
  CurOwns = &Owns;
  W.compound(*Body, 0, /*EndsAtPoint=*/F.hasAttr<CUDAGlobalAttr>());
  CurOwns = nullptr;
}

} // namespace hipport::validate
