//===- TypedPointerCasts.cpp - casts for CUDA's C++ convenience templates -===//
//
// cuda_runtime.h wraps many C functions in templates that take typed
// pointers: `cudaMalloc(T **, size_t)`, `cudaFuncGetAttributes(attr, T *)`.
// HIP has some of them, in some releases; a call that relied on one the
// target lacks stops compiling (`no matching function for call to
// 'hipFuncGetAttributes'`). The CUDA parse says which calls chose a template,
// the table says which HIP release has its own; below it, the argument gets
// the cast the C API needs, which every release accepts.
//
//===----------------------------------------------------------------------===//
#include "Port/AstFix.h"
#include "Core/Json.h"

#include "Core/FileWriter.h"
#include "Core/Paths.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <fmt/format.h>
#include <mutex>
#include <nlohmann/json.hpp>

using namespace clang;

namespace hipport::port {

static llvm::Expected<std::vector<CxxOverload>>
readOverloads(const std::string &File) {
  auto Read = readTableJson(File);
  if (!Read)
    return Read.takeError();
  nlohmann::json &J = *Read;
  if (!J.is_object() || !J.contains("overloads") ||
      !J["overloads"].is_array())
    return tableError(File, "", "expected an object with an 'overloads' array");
  std::vector<CxxOverload> Out;
  for (size_t I = 0; I < J["overloads"].size(); ++I) {
    const nlohmann::json &E = J["overloads"][I];
    std::string At = "/overloads/" + std::to_string(I);
    if (!E.is_object())
      return tableError(File, At, "expected an object");
    for (auto &[K, V] : E.items())
      if (K != "cuda" && K != "arg" && K != "cast" && K != "hip_template_since")
        return tableError(File, At + "/" + K, "unknown key");
    if (!E.contains("cuda") || !E["cuda"].is_string() || !E.contains("cast") ||
        !E["cast"].is_string() || !E.contains("arg") ||
        !E["arg"].is_number_unsigned())
      return tableError(File, At,
                        "needs 'cuda' (string), 'arg' (index), 'cast' (type)");
    CxxOverload O{E["cuda"], E["arg"], E["cast"], std::nullopt};
    if (E.contains("hip_template_since")) {
      O.HipSince = E["hip_template_since"].is_string()
                       ? rules::RocmVersion::parse(E["hip_template_since"])
                       : std::nullopt;
      if (!O.HipSince)
        return tableError(File, At + "/hip_template_since",
                          "expected a version X.Y");
    }
    Out.push_back(std::move(O));
  }
  return Out;
}

llvm::Expected<const std::vector<CxxOverload> *> cxxOverloads() {
  static RulesTable<std::vector<CxxOverload>> Table("port/cxx-overloads.json", readOverloads);
  return Table.get();
}

namespace {

class CastVisitor : public RecursiveASTVisitor<CastVisitor> {
public:
  CastVisitor(ASTContext &Ctx, FixContext &C,
              const std::vector<CxxOverload> &Table)
      : Ctx(Ctx), C(C) {
    rules::RocmVersion Target =
        C.opts().Target.Rocm.value_or(C.rules().newestRocm());
    for (const CxxOverload &O : Table)
      if (!O.HipSince || Target < *O.HipSince)
        Needed[O.Cuda] = &O;
  }
  // A call in a template resolves only in its instantiations; their
  // locations are the template's, so every instantiation proposes the
  // same edit, which merges.
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *FD = E->getDirectCallee();
    if (!FD || !FD->getPrimaryTemplate() || !FD->getIdentifier())
      return true;
    auto It = Needed.find(FD->getName());
    if (It == Needed.end() || It->second->Arg >= E->getNumArgs())
      return true;
    SourceManager &SM = C.sm();
    if (!C.ownedFile(SM.getExpansionLoc(FD->getLocation())).empty())
      return true; // the project's own template of that name
    const Expr *A = E->getArg(It->second->Arg);
    if (isa<CXXDefaultArgExpr>(A))
      return true;
    // Spelled in one piece in a project file (a macro argument counts).
    CharSourceRange R = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(A->getSourceRange()), SM,
        Ctx.getLangOpts());
    if (R.isInvalid() || C.ownedFile(R.getBegin()).empty())
      return true;
    std::string Cast = It->second->Cast;
    C.edit(R.getBegin(), 0, "reinterpret_cast<" + Cast + ">(",
           "typed-pointer-cast");
    C.edit(R.getEnd(), 0, ")", "");
    C.finding(R.getBegin(), "port-typed-pointer-cast", core::Severity::Note,
              fmt::format("'{}' took a typed pointer through a template of "
                          "cuda_runtime.h that the target HIP lacks; cast to "
                          "'{}' for the C API",
                          It->second->Cuda, Cast));
    return true;
  }

private:
  ASTContext &Ctx;
  FixContext &C;
  std::map<std::string, const CxxOverload *, std::less<>> Needed;
};

} // namespace

void castTypedPointerArgs(ASTContext &Ctx, FixContext &C) {
  auto *Table = loadedOrNull(cxxOverloads());
  if (!Table)
    return;
  CastVisitor V(Ctx, C, *Table);
  traverseProjectDecls(Ctx, C, V);
}

} // namespace hipport::port
