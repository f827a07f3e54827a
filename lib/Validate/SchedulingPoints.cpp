#include "Validate/SchedulingPoints.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hipport::validate {
namespace {

class PointWriter {
public:
  PointWriter(ASTContext &Ctx, FileID File,
              const std::function<void(unsigned, std::string)> &Insert)
      : SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()), File(File),
        Insert(Insert) {}

  void compound(const CompoundStmt &C, int Depth) {
    for (const Stmt *S : C.body())
      statement(*S, Depth);
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
  void loopBody(const Stmt *Body, int Depth) {
    if (!Body)
      return;
    if (const auto *C = dyn_cast<CompoundStmt>(Body)) {
      if (!inFile(C->getLBracLoc()))
        return;
      put(SM.getFileOffset(C->getLBracLoc()) + 1, " HIPCPU_LOOP();");
      compound(*C, Depth);
      return;
    }
    long End = after(*Body);
    if (End < 0 || !inFile(Body->getBeginLoc()))
      return;
    put(SM.getFileOffset(Body->getBeginLoc()), "{ HIPCPU_LOOP(); ");
    statement(*Body, Depth, /*Nested=*/true);
    put(End, " }");
  }

  void branch(const Stmt *S, int Depth) {
    if (const auto *C = dyn_cast_or_null<CompoundStmt>(S))
      compound(*C, Depth);
  }

  void statement(const Stmt &S, int Depth, bool Nested = false) {
    std::string Reconv = " HIPCPU_RECONVERGE(" + std::to_string(Depth) + ");";
    if (const auto *C = dyn_cast<CompoundStmt>(&S)) {
      compound(*C, Depth);
    } else if (const auto *If = dyn_cast<IfStmt>(&S)) {
      branch(If->getThen(), Depth + 1);
      branch(If->getElse(), Depth + 1);
      if (!Nested)
        put(after(S), Reconv);
    } else if (const auto *F = dyn_cast<ForStmt>(&S)) {
      loopBody(F->getBody(), Depth + 1);
      if (!Nested)
        put(after(S), Reconv);
    } else if (const auto *W = dyn_cast<WhileStmt>(&S)) {
      loopBody(W->getBody(), Depth + 1);
      if (!Nested)
        put(after(S), Reconv);
    } else if (const auto *D = dyn_cast<DoStmt>(&S)) {
      loopBody(D->getBody(), Depth + 1);
      if (!Nested)
        put(after(S), Reconv);
    } else if (const auto *R = dyn_cast<CXXForRangeStmt>(&S)) {
      loopBody(R->getBody(), Depth + 1);
      if (!Nested)
        put(after(S), Reconv);
    } else if (isa<SwitchStmt>(&S)) {
      if (!Nested)
        put(after(S), Reconv);
    } else if ((isa<Expr>(&S) || isa<DeclStmt>(&S)) && !Nested) {
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
                      const std::function<void(unsigned, std::string)> &Insert) {
  if (!F.doesThisDeclarationHaveABody() || F.isConstexpr() ||
      !(F.hasAttr<CUDAGlobalAttr>() || F.hasAttr<CUDADeviceAttr>()))
    return;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(F.getBody());
  SourceManager &SM = Ctx.getSourceManager();
  if (!Body || !Body->getLBracLoc().isFileID())
    return;
  PointWriter W(Ctx, SM.getFileID(Body->getLBracLoc()), Insert);
  W.compound(*Body, 0);
}

} // namespace hipport::validate
