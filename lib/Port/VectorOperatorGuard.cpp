//===- VectorOperatorGuard.cpp - user vector operators HIP already has ----===//
//
// CUDA's vector types are plain structs, so projects define their arithmetic
// (helper_math.h). HIP's HIP_vector_type brings its own: binary operators as
// templates (a user's non-template overload wins, same meaning), but compound
// assignments with the same vector type as non-template members. A free
// `operator+=(float4 &, float4)` then ties with the member and HIP rejects
// every `a += b` as ambiguous. Where the user's body is element-wise, HIP's
// member means the same, so the definition is guarded out for HIP; hipcpu's
// vector types are plain structs like CUDA's, so it keeps them.
//
//===----------------------------------------------------------------------===//
#include "Port/AstFix.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Regex.h"

#include <fmt/format.h>

using namespace clang;

namespace hipport::port {
namespace {

constexpr llvm::StringLiteral GuardLine =
    "#if !defined(__HIP_PLATFORM_AMD__) || defined(__HIPCPU__) // hipport: "
    "HIP's vector types define these compound assignments\n";

/// The CUDA vector type V of `V` or `const V &`, if it is one (declared in
/// the toolkit, not by the project).
const RecordDecl *cudaVectorType(QualType T, FixContext &C) {
  T = T.getNonReferenceType().getUnqualifiedType().getCanonicalType();
  const RecordDecl *RD = T->getAsRecordDecl();
  if (!RD || !RD->getIdentifier())
    return nullptr;
  static const llvm::Regex VectorName(
      "^(u?char|u?short|u?int|u?long|u?longlong|float|double)[1-4]$");
  if (!VectorName.match(RD->getName()))
    return nullptr;
  SourceLocation L = C.sm().getExpansionLoc(RD->getLocation());
  return C.ownedFile(L).empty() ? RD : nullptr;
}

bool isCompoundAssign(OverloadedOperatorKind K) {
  switch (K) {
  case OO_PlusEqual: case OO_MinusEqual: case OO_StarEqual:
  case OO_SlashEqual: case OO_PercentEqual: case OO_CaretEqual:
  case OO_AmpEqual: case OO_PipeEqual: case OO_LessLessEqual:
  case OO_GreaterGreaterEqual:
    return true;
  default:
    return false;
  }
}

/// The arithmetic operators a body applies, compound forms folded into
/// their base; element-wise means one kind, the overloaded one.
class OpCollector : public RecursiveASTVisitor<OpCollector> {
public:
  std::set<BinaryOperatorKind> Ops;
  bool VisitBinaryOperator(BinaryOperator *B) {
    BinaryOperatorKind K = B->getOpcode();
    if (K == BO_Assign || K == BO_Comma)
      return true;
    Ops.insert(BinaryOperator::isCompoundAssignmentOp(K)
                   ? BinaryOperator::getOpForCompoundAssignment(K)
                   : K);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    OverloadedOperatorKind K = E->getOperator();
    if (K == OO_Equal || K == OO_Comma || E->getNumArgs() != 2)
      return true;
    BinaryOperatorKind B = BinaryOperator::getOverloadedOpcode(K);
    Ops.insert(BinaryOperator::isCompoundAssignmentOp(B)
                   ? BinaryOperator::getOpForCompoundAssignment(B)
                   : B);
    return true;
  }
};

bool isElementWise(const FunctionDecl *FD) {
  if (!FD->doesThisDeclarationHaveABody())
    return true; // a prototype: its definition decides, elsewhere
  OpCollector Ops;
  Ops.TraverseStmt(FD->getBody());
  BinaryOperatorKind Want = BinaryOperator::getOpForCompoundAssignment(
      BinaryOperator::getOverloadedOpcode(FD->getOverloadedOperator()));
  return Ops.Ops.size() == 1 && *Ops.Ops.begin() == Want;
}

/// A whole-line span [Begin, End) of one file holding a declaration.
struct Span {
  unsigned Begin, End;
  std::string Label; ///< `operator+=(float4 &, float4)`
};

bool onlySpecifiers(llvm::StringRef S) {
  return S.find_first_not_of(
             "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_ "
             "\t") == llvm::StringRef::npos;
}

/// Extends [Begin, End) to whole lines, taking in lines before it that hold
/// only specifiers (`inline __host__ __device__`); fails when other code
/// shares a line with the declaration.
bool wholeLines(llvm::StringRef Buf, unsigned &Begin, unsigned &End) {
  // StringRef::rfind(C, From) looks at the bytes before From.
  size_t LineStart = Buf.rfind('\n', Begin);
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  if (!onlySpecifiers(Buf.slice(LineStart, Begin)))
    return false;
  while (LineStart > 0) {
    size_t Prev = Buf.rfind('\n', LineStart - 1);
    Prev = Prev == llvm::StringRef::npos ? 0 : Prev + 1;
    llvm::StringRef Line = Buf.slice(Prev, LineStart - 1).trim();
    if (Line.empty() || !onlySpecifiers(Line))
      break;
    LineStart = Prev;
  }
  size_t Eol = Buf.find('\n', End);
  llvm::StringRef Rest = Buf.slice(End, Eol).trim();
  if (!Rest.empty() && !Rest.starts_with("//"))
    return false;
  Begin = unsigned(LineStart);
  End = Eol == llvm::StringRef::npos ? unsigned(Buf.size()) : unsigned(Eol + 1);
  return true;
}

/// True when Text holds only whitespace and comments.
bool onlyComments(llvm::StringRef Text) {
  while (true) {
    Text = Text.ltrim();
    if (Text.empty())
      return true;
    if (Text.starts_with("//")) {
      size_t Eol = Text.find('\n');
      Text = Eol == llvm::StringRef::npos ? "" : Text.drop_front(Eol);
    } else if (Text.starts_with("/*")) {
      size_t Close = Text.find("*/");
      if (Close == llvm::StringRef::npos)
        return false;
      Text = Text.drop_front(Close + 2);
    } else {
      return false;
    }
  }
}

class Finder : public RecursiveASTVisitor<Finder> {
public:
  explicit Finder(FixContext &C) : C(C) {}
  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (isa<CXXMethodDecl>(FD) || FD->getNumParams() != 2 ||
        !isCompoundAssign(FD->getOverloadedOperator()) ||
        FD->getTemplatedKind() != FunctionDecl::TK_NonTemplate)
      return true;
    QualType Lhs = FD->getParamDecl(0)->getType();
    QualType Rhs = FD->getParamDecl(1)->getType();
    const RecordDecl *V = cudaVectorType(Lhs, C);
    if (!V || !Lhs->isLValueReferenceType() ||
        Lhs.getNonReferenceType().isConstQualified() ||
        cudaVectorType(Rhs, C) != V)
      return true;
    SourceManager &SM = C.sm();
    // A leading `__host__` is a macro; the declaration itself must not be.
    SourceLocation B = SM.getExpansionLoc(FD->getBeginLoc());
    SourceLocation E = FD->getEndLoc();
    if (FD->getLocation().isMacroID() || E.isMacroID())
      return true;
    std::string File = C.ownedFile(B);
    if (File.empty())
      return true;
    std::string Label = fmt::format("{}({} &, {})", FD->getNameAsString(),
                                    V->getName().str(), V->getName().str());
    if (!isElementWise(FD)) {
      C.finding(FD->getLocation(), "port-vector-operator",
                core::Severity::Warning,
                Label + " is also a member of HIP's " + V->getName().str() +
                    ", so HIP calls `a " +
                    getOperatorSpelling(FD->getOverloadedOperator()) +
                    " b` ambiguous; it is not element-wise, so it was left: "
                    "give it another name");
      return true;
    }
    bool Invalid = false;
    llvm::StringRef Buf = SM.getBufferData(SM.getFileID(B), &Invalid);
    if (Invalid)
      return true;
    unsigned Begin = SM.getFileOffset(B), End = SM.getFileOffset(E) + 1;
    if (!FD->doesThisDeclarationHaveABody()) {
      size_t Semi = Buf.find(';', End);
      if (Semi == llvm::StringRef::npos)
        return true;
      End = unsigned(Semi + 1);
    }
    if (!wholeLines(Buf, Begin, End))
      return true;
    Spans[SM.getFileID(B)].push_back({Begin, End, Label});
    return true;
  }

  /// One #if/#endif around each run of adjacent definitions.
  void emit() {
    SourceManager &SM = C.sm();
    for (auto &[FID, List] : Spans) {
      llvm::StringRef Buf = SM.getBufferData(FID);
      std::sort(List.begin(), List.end(),
                [](const Span &A, const Span &B) { return A.Begin < B.Begin; });
      List.erase(std::unique(List.begin(), List.end(),
                             [](const Span &A, const Span &B) {
                               return A.Begin == B.Begin;
                             }),
                 List.end());
      for (size_t I = 0; I < List.size();) {
        size_t J = I + 1;
        while (J < List.size() &&
               onlyComments(Buf.slice(List[J - 1].End, List[J].Begin)))
          ++J;
        emitGroup(FID, Buf, List[I].Begin, List[J - 1].End, J - I,
                  List[I].Label);
        I = J;
      }
    }
  }

private:
  void emitGroup(FileID FID, llvm::StringRef Buf, unsigned Begin, unsigned End,
                 size_t Count, const std::string &First) {
    // Ported before: the guard is already the line above.
    llvm::StringRef Before = Buf.take_front(Begin).rtrim();
    llvm::StringRef Prev = Before.substr(Before.rfind('\n') + 1);
    if (Prev.contains("hipport: HIP's vector types define"))
      return;
    SourceManager &SM = C.sm();
    SourceLocation At = SM.getComposedLoc(FID, Begin);
    C.edit(At, 0, GuardLine.str(), "vector-operator-guard");
    std::string EndIf = "#endif\n";
    if (End == Buf.size() && !Buf.ends_with("\n"))
      EndIf = "\n" + EndIf;
    C.edit(SM.getComposedLoc(FID, End), 0, EndIf, "");
    C.finding(At, "port-vector-operator", core::Severity::Note,
              fmt::format("{}{} element-wise, as HIP's own member is; guarded "
                          "out for HIP, which would call them ambiguous",
                          First,
                          Count > 1 ? fmt::format(" and {} more compound "
                                                  "assignments are",
                                                  Count - 1)
                                    : " is"));
  }

  FixContext &C;
  std::map<FileID, std::vector<Span>> Spans;
};

} // namespace

void guardVectorOperators(ASTContext &Ctx, FixContext &C) {
  Finder F(C);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  F.emit();
}

} // namespace hipport::port
