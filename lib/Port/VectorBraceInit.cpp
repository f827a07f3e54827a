//===- VectorBraceInit.cpp - short brace lists of CUDA vector types --------===//
//
// CUDA's vector types are aggregates: `float4 v = {0};` sets x and zeroes the
// rest. HIP's have constructors, one of them explicit and broadcasting
// (`float4{1}` is {1, 1, 1, 1}), so HIP rejects the short list in copy-
// initialisation and would change its meaning in direct-initialisation. The
// full list means the same in both: the missing components become 0.
//
//===----------------------------------------------------------------------===//
#include "Port/AstFix.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Regex.h"

#include <fmt/format.h>

using namespace clang;

namespace hipport::port {
namespace {

class BraceVisitor : public RecursiveASTVisitor<BraceVisitor> {
public:
  explicit BraceVisitor(FixContext &C) : C(C) {}
  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitInitListExpr(InitListExpr *E) {
    const InitListExpr *Syn = E->isSemanticForm() && E->getSyntacticForm()
                                  ? E->getSyntacticForm()
                                  : E;
    const RecordDecl *RD = E->getType()->getAsRecordDecl();
    static const llvm::Regex VectorName(
        "^(u?char|u?short|u?int|u?long|u?longlong|float|double)[2-4]$");
    if (!RD || !RD->getIdentifier() || !VectorName.match(RD->getName()))
      return true;
    SourceManager &SM = C.sm();
    if (!C.ownedFile(SM.getExpansionLoc(RD->getLocation())).empty())
      return true; // the project's own type of that name
    unsigned Given = 0;
    for (const Expr *I : Syn->inits())
      Given += !isa<ImplicitValueInitExpr>(I);
    unsigned Fields = unsigned(std::distance(RD->field_begin(), RD->field_end()));
    SourceLocation R = Syn->getRBraceLoc();
    if (Given == 0 || Given >= Fields || R.isInvalid() || R.isMacroID() ||
        Syn->getLBraceLoc().isMacroID() || C.ownedFile(R).empty())
      return true;
    std::string Pad;
    for (unsigned I = Given; I < Fields; ++I)
      Pad += ", 0";
    C.edit(R, 0, Pad, "vector-brace-init");
    C.finding(Syn->getLBraceLoc(), "port-vector-init", core::Severity::Note,
              fmt::format("'{}' from {} of its {} components: HIP's {} is "
                          "not an aggregate (a short list is rejected, or "
                          "broadcast); the missing components are spelled 0",
                          RD->getName().str(), Given, Fields,
                          RD->getName().str()));
    return true;
  }

private:
  FixContext &C;
};

} // namespace

void padVectorBraceInits(ASTContext &Ctx, FixContext &C) {
  BraceVisitor V(C);
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
}

} // namespace hipport::port
