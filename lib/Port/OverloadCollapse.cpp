//===- OverloadCollapse.cpp - overloads that one HIP type merges ----------===//
//
// CUDA has distinct types where HIP has one: cudaError_t and CUresult are
// both hipError_t. A project that overloads on them (helper_cuda.h's
// `_cudaGetErrorEnum(cudaError_t)` and `_cudaGetErrorEnum(CUresult)`) gets
// two definitions of one function once renamed. The later one is kept only
// where the earlier one was not compiled: the earlier defines a marker
// macro, the later is guarded by its absence, so every #ifdef combination
// of the original still has exactly one definition.
//
//===----------------------------------------------------------------------===//
#include "Port/AstFix.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>

using namespace clang;

namespace hipport::port {
namespace {

constexpr llvm::StringLiteral Marker = "hipport: ";

class Collapse {
public:
  Collapse(ASTContext &Ctx, FixContext &C) : Ctx(Ctx), C(C) {}

  void run() {
    std::vector<Def> Defs;
    collect(Ctx.getTranslationUnitDecl(), Defs);
    // Grouped by context and name, in source order within a group: a flat
    // sorted vector, not a map node and a copied name per function, as it
    // is held next to the whole AST of a big TU (#17).
    std::stable_sort(Defs.begin(), Defs.end(), [](const Def &A, const Def &B) {
      return std::tie(A.DC, A.Name) < std::tie(B.DC, B.Name);
    });
    for (size_t B = 0, E; B < Defs.size(); B = E) {
      for (E = B + 1; E < Defs.size() && Defs[E].DC == Defs[B].DC &&
                      Defs[E].Name == Defs[B].Name;
           ++E)
        ;
      for (size_t I = B; I < E; ++I)
        for (size_t J = I + 1; J < E; ++J)
          if (cudaSignature(Defs[I].FD) != cudaSignature(Defs[J].FD) &&
              hipSignature(Defs[I].FD) == hipSignature(Defs[J].FD))
            emit(Defs[I].FD, Defs[J].FD);
    }
  }

private:
  /// A function definition at namespace scope; Name lives in the AST.
  struct Def {
    const DeclContext *DC;
    llvm::StringRef Name;
    const FunctionDecl *FD;
  };

  /// The project's function definitions at namespace scope.
  void collect(const DeclContext *DC, std::vector<Def> &Out) {
    for (const Decl *D : DC->decls()) {
      if (const auto *NS = dyn_cast<NamespaceDecl>(D)) {
        collect(NS, Out);
        continue;
      }
      const auto *FD = dyn_cast<FunctionDecl>(D);
      if (!FD || !FD->getIdentifier() || !FD->isThisDeclarationADefinition() ||
          FD->isTemplated() || isa<CXXMethodDecl>(FD) ||
          FD->getTemplatedKind() != FunctionDecl::TK_NonTemplate ||
          FD->getLocation().isMacroID() ||
          C.ownedFile(FD->getLocation()).empty())
        continue;
      Out.push_back({DC->getPrimaryContext(), FD->getName(), FD});
    }
  }

  /// A parameter type as the port spells it: a CUDA type named through a
  /// typedef or tag gets its HIP name; anything else stays itself.
  std::string hipType(QualType T) {
    std::string Suffix;
    for (;;) {
      if (T.isLocalConstQualified())
        Suffix = " const" + Suffix;
      if (const auto *R = dyn_cast<ReferenceType>(T.getTypePtr())) {
        Suffix = "&" + Suffix;
        T = R->getPointeeType();
      } else if (const auto *P = dyn_cast<PointerType>(T.getTypePtr())) {
        Suffix = "*" + Suffix;
        T = P->getPointeeType();
      } else {
        break;
      }
    }
    const NamedDecl *Named = nullptr;
    if (const auto *TD = T->getAs<TypedefType>())
      Named = TD->getDecl();
    else if (const TagDecl *Tag = T->getAsTagDecl())
      Named = Tag;
    if (Named && Named->getIdentifier() &&
        C.ownedFile(C.sm().getExpansionLoc(Named->getLocation())).empty())
      if (const rules::RuleEntry *E = C.rules().find(Named->getName())) {
        rules::Mapping M = C.rules().resolve(*E, C.opts().Target);
        if (M.Act != rules::Mapping::Action::Unsupported)
          return M.Hip + Suffix;
      }
    return T.getCanonicalType().getUnqualifiedType().getAsString() + Suffix;
  }

  static std::vector<QualType> cudaSignature(const FunctionDecl *FD) {
    std::vector<QualType> S;
    for (const ParmVarDecl *P : FD->parameters())
      S.push_back(P->getType().getCanonicalType());
    return S;
  }

  std::vector<std::string> hipSignature(const FunctionDecl *FD) {
    std::vector<std::string> S;
    for (const ParmVarDecl *P : FD->parameters())
      S.push_back(hipType(P->getType()));
    return S;
  }

  /// Offsets of the whole lines [Begin, End) that D spans, if nothing else
  /// shares them.
  bool lines(const FunctionDecl *D, FileID &FID, unsigned &Begin,
             unsigned &End) {
    SourceManager &SM = C.sm();
    SourceLocation B = D->getBeginLoc(), E = D->getEndLoc();
    if (B.isMacroID() || E.isMacroID() || SM.getFileID(B) != SM.getFileID(E))
      return false;
    FID = SM.getFileID(B);
    llvm::StringRef Buf = SM.getBufferData(FID);
    Begin = SM.getFileOffset(B);
    while (Begin > 0 && Buf[Begin - 1] != '\n') {
      if (Buf[Begin - 1] != ' ' && Buf[Begin - 1] != '\t')
        return false;
      --Begin;
    }
    End = SM.getFileOffset(E) + 1;
    size_t Nl = Buf.find('\n', End);
    llvm::StringRef Rest = Buf.slice(End, Nl);
    if (!Rest.trim().empty() && !Rest.trim().starts_with("//"))
      return false;
    End = Nl == llvm::StringRef::npos ? unsigned(Buf.size()) : unsigned(Nl + 1);
    return true;
  }

  static bool markedAbove(llvm::StringRef Buf, unsigned Begin) {
    llvm::StringRef Before = Buf.take_front(Begin).rtrim();
    return Before.substr(Before.rfind('\n') + 1).contains(Marker);
  }

  void emit(const FunctionDecl *A, const FunctionDecl *B) {
    SourceManager &SM = C.sm();
    if (SM.isBeforeInTranslationUnit(B->getLocation(), A->getLocation()))
      std::swap(A, B);
    FileID FA, FB;
    unsigned ABegin, AEnd, BBegin, BEnd;
    if (!lines(A, FA, ABegin, AEnd) || !lines(B, FB, BBegin, BEnd))
      return;
    llvm::StringRef BufA = SM.getBufferData(FA), BufB = SM.getBufferData(FB);
    if (markedAbove(BufA, ABegin) || markedAbove(BufB, BBegin))
      return; // ported before
    std::string Macro = "HIPPORT_DEFINED_" + A->getName().str();
    for (const std::string &T : hipSignature(A)) {
      Macro += "_";
      for (char Ch : T)
        Macro += isalnum(static_cast<unsigned char>(Ch)) ? Ch : '_';
    }
    std::string Sig = llvm::join(hipSignature(A), ", ");
    C.edit(SM.getComposedLoc(FA, ABegin), 0,
           fmt::format("#define {} // {}{}({}) once ported\n", Macro, Marker,
                       A->getName().str(), Sig),
           "overload-collapse");
    C.edit(SM.getComposedLoc(FB, BBegin), 0,
           fmt::format("#ifndef {} // {}same parameters as {}({}) once "
                       "ported\n",
                       Macro, Marker, A->getName().str(), Sig),
           "");
    std::string EndIf = "#endif\n";
    if (BEnd == BufB.size() && !BufB.ends_with("\n"))
      EndIf = "\n" + EndIf;
    C.edit(SM.getComposedLoc(FB, BEnd), 0, EndIf, "");
    C.finding(B->getLocation(), "port-overload-collapse",
              core::Severity::Warning,
              fmt::format("'{}' overloads on CUDA types that HIP merges: both "
                          "become {}({}); this one is compiled only where the "
                          "earlier one is not",
                          A->getName().str(), A->getName().str(), Sig));
  }

  ASTContext &Ctx;
  FixContext &C;
};

} // namespace

void collapseOverloads(ASTContext &Ctx, FixContext &C) {
  Collapse(Ctx, C).run();
}

} // namespace hipport::port
