//===- CallFixes.cpp - calls whose CUDA overload HIP does not have --------===//
//
// Two kinds of call compile to something else, or not at all, once renamed
// (rules/port/call-fixes.json lists the functions):
//  - CUDA's integer min/max family: `umin(a, b)` has no HIP counterpart, and
//    CUDA's mixed-sign `min(int, unsigned)` converts both to unsigned where
//    HIP's overloads (an int one, a double template) make the call ambiguous
//    or change its type. The CUDA parse says which overload was chosen; each
//    argument not of its result type is cast to it, so HIP's same-type
//    overload does the same computation.
//  - parameters with a default in cuda_runtime_api.h and none in the target
//    HIP (`cudaMalloc3DArray`'s flags): the default is spelled out.
//
//===----------------------------------------------------------------------===//
#include "Port/AstFix.h"

#include "Core/FileWriter.h"
#include "Core/Json.h"
#include "Core/Paths.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <fmt/format.h>
#include <mutex>

using namespace clang;

namespace hipport::port {

static llvm::Expected<CallFixTable> readCallFixes(const std::string &File) {
  auto Read = readTableJson(File);
  if (!Read)
    return Read.takeError();
  nlohmann::json &J = *Read;
  if (!J.is_object() || !J.contains("min_max") || !J["min_max"].is_array() ||
      !J.contains("default_args") || !J["default_args"].is_array())
    return tableError(File, "",
                      "expected an object with 'min_max' and 'default_args' "
                      "arrays");
  CallFixTable T;
  for (size_t I = 0; I < J["min_max"].size(); ++I) {
    const nlohmann::json &E = J["min_max"][I];
    std::string At = "/min_max/" + std::to_string(I);
    if (!E.is_object() || E.size() != 2 || !E.contains("cuda") ||
        !E["cuda"].is_string() || !E.contains("hip") || !E["hip"].is_string())
      return tableError(File, At, "needs exactly 'cuda' and 'hip' (strings)");
    T.MinMax[E["cuda"]] = E["hip"];
  }
  for (size_t I = 0; I < J["default_args"].size(); ++I) {
    const nlohmann::json &E = J["default_args"][I];
    std::string At = "/default_args/" + std::to_string(I);
    if (!E.is_object() || E.size() != 2 || !E.contains("cuda") ||
        !E["cuda"].is_string() || !E.contains("arg") ||
        !E["arg"].is_number_unsigned())
      return tableError(File, At, "needs exactly 'cuda' (string) and 'arg' "
                                  "(index)");
    T.DefaultArgs[E["cuda"]] = E["arg"];
  }
  return T;
}

llvm::Expected<const CallFixTable *> callFixes() {
  static RulesTable<CallFixTable> Table("port/call-fixes.json", readCallFixes);
  return Table.get();
}

namespace {

class CallFixVisitor : public RecursiveASTVisitor<CallFixVisitor> {
public:
  CallFixVisitor(ASTContext &Ctx, FixContext &C, const CallFixTable &T)
      : Ctx(Ctx), C(C), T(T) {}
  // Non-dependent calls in a template are resolved in the pattern already;
  // instantiations would only repeat them.
  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *FD = E->getDirectCallee();
    if (!FD || !FD->getIdentifier() || E->isTypeDependent() ||
        !C.ownedFile(C.sm().getExpansionLoc(FD->getLocation())).empty())
      return true; // unresolved, or the project's own function of that name
    if (auto It = T.MinMax.find(FD->getName()); It != T.MinMax.end())
      fixMinMax(E, FD, It->second);
    else if (auto D = T.DefaultArgs.find(FD->getName());
             D != T.DefaultArgs.end())
      spellDefaults(E, FD, D->second);
    return true;
  }

private:
  /// The range of X in one project file (a macro argument counts), or an
  /// invalid range.
  CharSourceRange fileRange(SourceRange X) {
    CharSourceRange R = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(X), C.sm(), Ctx.getLangOpts());
    if (R.isInvalid() || C.ownedFile(R.getBegin()).empty())
      return {};
    return R;
  }

  /// `blockDim.x` and its kin: unsigned int in CUDA, a struct that converts
  /// to it in HIP, which no same-type overload takes.
  static bool isBuiltinCoordinate(const Expr *A) {
    const Expr *X = A->IgnoreParenImpCasts();
    if (const auto *PO = dyn_cast<PseudoObjectExpr>(X))
      X = PO->getSyntacticForm()->IgnoreParens();
    const Expr *BaseExpr = nullptr;
    if (const auto *P = dyn_cast<MSPropertyRefExpr>(X))
      BaseExpr = P->getBaseExpr();
    else if (const auto *M = dyn_cast<MemberExpr>(X))
      BaseExpr = M->getBase();
    if (!BaseExpr)
      return false;
    BaseExpr = BaseExpr->IgnoreParenImpCasts();
    if (const auto *O = dyn_cast<OpaqueValueExpr>(BaseExpr))
      BaseExpr = O->getSourceExpr()->IgnoreParenImpCasts();
    const auto *Base = dyn_cast<DeclRefExpr>(BaseExpr);
    if (!Base || !Base->getDecl()->getIdentifier())
      return false;
    llvm::StringRef N = Base->getDecl()->getName();
    return N == "threadIdx" || N == "blockIdx" || N == "blockDim" ||
           N == "gridDim";
  }

  void fixMinMax(const CallExpr *E, const FunctionDecl *FD,
                 const std::string &Hip) {
    if (FD->isInStdNamespace() || E->getNumArgs() != 2)
      return;
    QualType R = FD->getReturnType().getCanonicalType().getUnqualifiedType();
    if (!R->isArithmeticType())
      return;
    const auto *Ref = dyn_cast<DeclRefExpr>(E->getCallee()->IgnoreParenImpCasts());
    if (!Ref || Ref->hasQualifier())
      return;
    std::vector<CharSourceRange> Casts;
    for (const Expr *A : E->arguments()) {
      QualType AT = A->IgnoreParenImpCasts()
                        ->getType()
                        .getNonReferenceType()
                        .getCanonicalType()
                        .getUnqualifiedType();
      if (Ctx.hasSameType(AT, R) && !isBuiltinCoordinate(A))
        continue;
      CharSourceRange AR = fileRange(A->getSourceRange());
      if (AR.isInvalid())
        return;
      Casts.push_back(AR);
    }
    bool Rename = FD->getName() != Hip;
    if (Casts.empty() && !Rename)
      return;
    CharSourceRange Name = fileRange(Ref->getLocation());
    if (Name.isInvalid())
      return;
    std::string Type = R.getAsString(Ctx.getPrintingPolicy());
    bool First = true;
    auto Mark = [&] {
      std::string Id = First ? "min-max-cast" : "";
      First = false;
      return Id;
    };
    if (Rename)
      C.edit(Name.getBegin(), unsigned(FD->getName().size()), Hip, Mark());
    for (const CharSourceRange &AR : Casts) {
      C.edit(AR.getBegin(), 0, "static_cast<" + Type + ">(", Mark());
      C.edit(AR.getEnd(), 0, ")", "");
    }
    C.finding(Name.getBegin(), "port-min-max", core::Severity::Note,
              fmt::format("CUDA's '{}' here computes in '{}'{}; HIP's {} "
                          "overloads differ, so {}",
                          FD->getName().str(), Type,
                          Rename ? fmt::format(" and HIP has no '{}'",
                                               FD->getName().str())
                                 : "",
                          Hip,
                          Casts.empty()
                              ? fmt::format("it is called as '{}'", Hip)
                              : fmt::format("the arguments are cast to '{}'",
                                            Type)));
  }

  void spellDefaults(const CallExpr *E, const FunctionDecl *FD, unsigned Arg) {
    if (Arg >= E->getNumArgs() || !isa<CXXDefaultArgExpr>(E->getArg(Arg)))
      return;
    unsigned Given = 0;
    while (Given < E->getNumArgs() && !isa<CXXDefaultArgExpr>(E->getArg(Given)))
      ++Given;
    if (Given == 0)
      return;
    std::string Text;
    for (unsigned I = Given; I <= Arg; ++I) {
      const Expr *D = cast<CXXDefaultArgExpr>(E->getArg(I))->getExpr();
      Expr::EvalResult V;
      if (D->EvaluateAsInt(V, Ctx))
        Text += ", " + llvm::toString(V.Val.getInt(), 10);
      else if (D->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNull))
        Text += ", nullptr";
      else
        return; // not a constant we can spell without the CUDA headers
    }
    CharSourceRange Last = fileRange(E->getArg(Given - 1)->getSourceRange());
    if (Last.isInvalid())
      return;
    C.edit(Last.getEnd(), 0, Text, "default-arg");
    C.finding(Last.getEnd(), "port-default-arg", core::Severity::Note,
              fmt::format("'{}' took the default of parameter {} from "
                          "cuda_runtime_api.h; the target HIP has none, so "
                          "it is spelled out",
                          FD->getName().str(), Arg + 1));
  }

  ASTContext &Ctx;
  FixContext &C;
  const CallFixTable &T;
};

} // namespace

void fixCalls(ASTContext &Ctx, FixContext &C) {
  auto *Table = loadedOrNull(callFixes());
  if (!Table)
    return;
  CallFixVisitor V(Ctx, C, *Table);
  traverseProjectDecls(Ctx, C, V);
}

} // namespace hipport::port
