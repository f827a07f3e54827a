#include "Validate/LaunchMirror.h"
#include "Validate/SchedulingPoints.h"

#include "Core/FileWriter.h"
#include "Frontend/Frontend.h"
#include "Core/SourceText.h"
#include "Validate/Validator.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"

#include "llvm/ADT/StringExtras.h"

#include <map>
#include <mutex>
#include <set>

using namespace clang;

namespace hipport::validate {
namespace {

/// Edits by file and offset; a header's launch is seen by every TU that
/// includes it, always with the same edit.
struct Edits {
  std::mutex Lock;
  std::map<std::string, std::map<unsigned, LaunchEdit>> ByFile;
  /// `extern __shared__ T name[]` declarations: (namespace path, name).
  std::set<std::pair<std::string, std::string>> DynamicShared;
};

class LaunchVisitor : public RecursiveASTVisitor<LaunchVisitor> {
public:
  LaunchVisitor(const project::Project &P, ASTContext &Ctx, Edits &Out)
      : P(P), Ctx(Ctx), SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()),
        Out(Out) {}
  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitVarDecl(VarDecl *VD) {
    if (!VD->hasExternalStorage() || !VD->hasAttr<CUDASharedAttr>() ||
        !VD->getType()->isIncompleteArrayType())
      return true;
    std::string Ns;
    for (const DeclContext *C = VD->getDeclContext()->getEnclosingNamespaceContext();
         C && !C->isTranslationUnit(); C = C->getParent())
      if (const auto *N = dyn_cast<NamespaceDecl>(C))
        Ns = N->getName().str() + (Ns.empty() ? "" : "::" + Ns);
    std::lock_guard<std::mutex> G(Out.Lock);
    Out.DynamicShared.insert({Ns, VD->getName().str()});
    return true;
  }

  /// Lockstep and progress points in device code (SchedulingPoints.h).
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || !FD->getBody() ||
        !FD->getBody()->getBeginLoc().isFileID())
      return true;
    FileID FID = SM.getFileID(FD->getBody()->getBeginLoc());
    OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
    if (!FE)
      return true;
    std::string File = project::absolutePath(FE->getName());
    if (!P.owns(File))
      return true;
    std::map<unsigned, std::string> Points; // in the order written
    auto Owns = [&](const FunctionDecl &D) {
      const Stmt *B = D.getBody();
      if (!B || !B->getBeginLoc().isFileID() || D.isConstexpr())
        return false;
      OptionalFileEntryRef E =
          SM.getFileEntryRefForID(SM.getFileID(B->getBeginLoc()));
      return E && P.owns(project::absolutePath(E->getName()));
    };
    schedulingPoints(
        *FD, Ctx,
        [&](unsigned Offset, std::string Text) { Points[Offset] += Text; },
        Owns);
    if (Points.empty())
      return true;
    std::lock_guard<std::mutex> G(Out.Lock);
    auto &ByOffset = Out.ByFile[File];
    for (auto &[Offset, Text] : Points) {
      // A header's function is seen by every TU that includes it, with the
      // same points; an insertion where a launch starts goes before it.
      auto [It, New] = ByOffset.try_emplace(Offset, LaunchEdit{Offset, 0, Text});
      if (!New && !llvm::StringRef(It->second.Text).starts_with(Text))
        It->second.Text = Text + It->second.Text;
    }
    return true;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    const CallExpr *Cfg = E->getConfig();
    SourceLocation Begin = E->getBeginLoc(), End = E->getRParenLoc();
    if (!Cfg || !Begin.isFileID() || !End.isFileID())
      return true;
    SourceLocation LLL = Cfg->getCallee()->getBeginLoc();
    SourceLocation GGG = Cfg->getRParenLoc();
    if (!LLL.isFileID() || !GGG.isFileID() ||
        SM.getFileID(Begin) != SM.getFileID(End))
      return true;
    OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getFileID(Begin));
    if (!FE)
      return true;
    std::string File = project::absolutePath(FE->getName());
    if (!P.owns(File))
      return true;
    llvm::StringRef Buf = SM.getBufferData(SM.getFileID(Begin));
    unsigned B = SM.getFileOffset(Begin), L3 = SM.getFileOffset(LLL),
             G3 = SM.getFileOffset(GGG), R = SM.getFileOffset(End);
    size_t Open = Buf.find('(', G3 + 3);
    if (L3 < B || G3 < L3 || Open == llvm::StringRef::npos || Open > R)
      return true;
    std::string Kernel = Buf.slice(B, L3).rtrim().str();
    std::vector<std::string> Config = {"1", "1", "0", "0"};
    for (unsigned I = 0; I < Cfg->getNumArgs() && I < 4; ++I) {
      const Expr *A = Cfg->getArg(I);
      if (isa<CXXDefaultArgExpr>(A))
        continue;
      CharSourceRange Range = SM.getExpansionRange(A->getSourceRange());
      llvm::StringRef T = Lexer::getSourceText(Range, SM, LO);
      if (T.empty())
        return true;
      Config[I] = T.str();
    }
    std::string Args = Buf.slice(Open + 1, R).trim().str();
    // Default arguments: written out, since the launch macro calls through
    // a pointer that has none.
    for (unsigned I = 0; I < E->getNumArgs(); ++I)
      if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E->getArg(I))) {
        // NULL would reach the launch template as an integer.
        if (D->getExpr()->isNullPointerConstant(
                Ctx, Expr::NPC_ValueDependentIsNotNull)) {
          Args += (Args.empty() ? "" : ", ") + std::string("nullptr");
          continue;
        }
        llvm::StringRef T = Lexer::getSourceText(
            SM.getExpansionRange(D->getExpr()->getSourceRange()), SM, LO);
        if (T.empty())
          return true;
        Args += (Args.empty() ? "" : ", ") + T.str();
      }
    LaunchEdit Ed;
    Ed.Offset = B;
    Ed.Length = R + 1 - B;
    Ed.Text = "hipLaunchKernelGGL(HIP_KERNEL_NAME(" + Kernel + "), dim3(" +
              Config[0] + "), dim3(" + Config[1] + "), " + Config[2] + ", " +
              Config[3] + (Args.empty() ? "" : ", " + Args) + ")";
    std::lock_guard<std::mutex> G(Out.Lock);
    auto [It, New] = Out.ByFile[File].try_emplace(B, Ed);
    if (!New) // a scheduling point inserted here stays before the launch
      It->second = LaunchEdit{B, Ed.Length,
                              It->second.Length ? Ed.Text
                                                : It->second.Text + Ed.Text};
    return true;
  }

private:
  const project::Project &P;
  ASTContext &Ctx;
  SourceManager &SM;
  const LangOptions &LO;
  Edits &Out;
};

class LaunchConsumer : public ASTConsumer {
public:
  LaunchConsumer(const project::Project &P, Edits &Out) : P(P), Out(Out) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    LaunchVisitor V(P, Ctx, Out);
    V.TraverseDecl(Ctx.getTranslationUnitDecl());
  }

private:
  const project::Project &P;
  Edits &Out;
};

class LaunchAction : public ASTFrontendAction {
public:
  LaunchAction(const project::Project &P, Edits &Out) : P(P), Out(Out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef) override {
    return std::make_unique<LaunchConsumer>(P, Out);
  }

private:
  const project::Project &P;
  Edits &Out;
};

/// The text with the edits applied (non-overlapping, by offset).
std::string applyEdits(llvm::StringRef Text,
                       const std::map<unsigned, LaunchEdit> &Es) {
  std::string Out;
  unsigned At = 0;
  for (const auto &[Off, E] : Es) {
    if (Off < At || Off + E.Length > Text.size())
      continue; // nested in an earlier launch's arguments: kept as text
    Out += Text.slice(At, Off).str() + E.Text;
    At = Off + E.Length;
  }
  return Out + Text.substr(At).str();
}

/// Splits at the commas outside (), [] and {}.
std::vector<std::string> splitTopLevel(llvm::StringRef T) {
  std::vector<std::string> Out;
  int Depth = 0;
  size_t From = 0;
  for (size_t I = 0; I < T.size(); ++I) {
    char C = T[I];
    Depth += C == '(' || C == '[' || C == '{';
    Depth -= C == ')' || C == ']' || C == '}';
    if (C == ',' && Depth == 0) {
      Out.push_back(T.slice(From, I).trim().str());
      From = I + 1;
    }
  }
  Out.push_back(T.substr(From).trim().str());
  return Out;
}

/// The same edit from the text alone, for a launch the parse could not
/// place (a TU with errors): the kernel name (template arguments
/// included) before `<<<`, the configuration up to `>>>`, the balanced
/// argument list after it. Nothing is expanded, so macros stay whole.
std::optional<LaunchEdit> lexicalLaunch(llvm::StringRef T, size_t At) {
  size_t B = At;
  while (B > 0 && llvm::isSpace(T[B - 1]))
    --B;
  if (B > 0 && T[B - 1] == '>') {
    int Depth = 0;
    while (B > 0) {
      char C = T[--B];
      Depth += C == '>';
      Depth -= C == '<';
      if (Depth == 0)
        break;
    }
  }
  while (B > 0 && (llvm::isAlnum(T[B - 1]) || T[B - 1] == '_' ||
                   T[B - 1] == ':'))
    --B;
  size_t G = T.find(">>>", At + 3);
  if (G == llvm::StringRef::npos)
    return std::nullopt;
  size_t Open = T.find_first_not_of(" \t\n", G + 3);
  if (Open == llvm::StringRef::npos || T[Open] != '(')
    return std::nullopt;
  size_t Close = core::matchingBracket(T, Open, '(', ')');
  llvm::StringRef Kernel = T.slice(B, At).trim();
  if (Close == llvm::StringRef::npos || Kernel.empty())
    return std::nullopt;
  std::vector<std::string> Config = splitTopLevel(T.slice(At + 3, G));
  while (Config.size() < 4)
    Config.push_back(Config.size() < 2 ? "1" : "0");
  llvm::StringRef Args = T.slice(Open + 1, Close).trim();
  LaunchEdit E;
  E.Offset = unsigned(B);
  E.Length = unsigned(Close + 1 - B);
  E.Text = "hipLaunchKernelGGL(HIP_KERNEL_NAME(" + Kernel.str() + "), dim3(" +
           Config[0] + "), dim3(" + Config[1] + "), " + Config[2] + ", " +
           Config[3] + (Args.empty() ? "" : ", " + Args.str()) + ")";
  return E;
}

/// Adds a lexical edit for every `<<<` of Text outside the AST's edits and
/// outside comments.
void addLexicalEdits(llvm::StringRef Text, std::map<unsigned, LaunchEdit> &Es) {
  for (size_t At = Text.find("<<<"); At != llvm::StringRef::npos;
       At = Text.find("<<<", At + 3)) {
    bool Covered = false;
    for (const auto &[Off, E] : Es)
      Covered |= At >= Off && At < Off + E.Length;
    size_t LineStart = Text.rfind('\n', At);
    llvm::StringRef Line = Text.slice(
        LineStart == llvm::StringRef::npos ? 0 : LineStart + 1, At);
    if (Covered || Line.contains("//") || Line.ltrim().starts_with("#") ||
        Line.ltrim().starts_with("*"))
      continue;
    if (auto E = lexicalLaunch(Text, At))
      Es[E->Offset] = std::move(*E);
  }
}

} // namespace

namespace {
/// The Itanium name of the TLS init function of variable \p Name in
/// namespace \p Ns ("a::b" or empty): _ZTH then the variable's name.
std::string tlsInitSymbol(const std::string &Ns, const std::string &Name) {
  auto Part = [](llvm::StringRef S) { return std::to_string(S.size()) + S.str(); };
  if (Ns.empty())
    return "_ZTH" + Part(Name);
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  llvm::StringRef(Ns).split(Parts, "::");
  std::string Out = "_ZTHN";
  for (llvm::StringRef P : Parts)
    Out += Part(P.trim());
  return Out + Part(Name) + "E";
}

llvm::Error writeEdits(const project::Project &P, const std::string &Out,
                       Edits &E) {
  for (const project::ProjectFile &F : P.files()) {
    auto Text = core::readFile(F.Path);
    if (!Text)
      return Text.takeError();
    std::map<unsigned, LaunchEdit> &Es = E.ByFile[F.Path];
    if (F.Role != project::FileRole::Other)
      addLexicalEdits(*Text, Es);
    std::string Mirrored = Es.empty() ? std::move(*Text) : applyEdits(*Text, Es);
    if (auto Err = writeText(Out + "/" + F.Relative, Mirrored))
      return Err;
  }
  // Storage for every `extern __shared__` array, in a file of its own: a
  // char array of the capacity serves every element type the program
  // declares it with (the symbol is the name).
  std::string Storage = "// Generated by hipport validate: storage of the "
                        "extern __shared__ arrays.\n";
  unsigned Index = 0;
  for (const auto &[Ns, Name] : E.DynamicShared) {
    Storage += (Ns.empty() ? "" : "namespace " + Ns + " { ") +
               "alignas(64) thread_local char " + Name +
               "[HIPCPU_DYNAMIC_SHARED_CAPACITY];" + (Ns.empty() ? "" : " }") +
               "\n";
    // g++ reads a block-scope `extern thread_local` inside a template
    // (cuda-samples' SharedMemory<T>) through its TLS init function without
    // testing that one exists: give every array an empty one.
    std::string Fn = "hipport_tls_init_" + std::to_string(Index++);
    Storage += "extern \"C\" void " + Fn + "() __asm__(\"" +
               tlsInitSymbol(Ns, Name) + "\");\nextern \"C\" void " + Fn +
               "() {}\n";
  }
  if (!E.DynamicShared.empty())
    if (auto Err = writeText(Out + "/" + DynamicSharedFile, Storage))
      return Err;
  return llvm::Error::success();
}

} // namespace

llvm::Error writeLaunchMirror(const project::Project &P, const std::string &Out,
                              unsigned Jobs) {
  Edits E;
  frontend::ParseOptions PO;
  PO.Jobs = Jobs ? Jobs : 1;
  PO.Verb = "mirror";
  frontend::parseAll(
      P, P.translationUnits(),
      [&](const std::string &) -> std::unique_ptr<FrontendAction> {
        return std::make_unique<LaunchAction>(P, E);
      },
      PO);
  return writeEdits(P, Out, E);
}

struct LaunchEdits::Impl {
  Edits E;
};
LaunchEdits::LaunchEdits() : I(std::make_unique<Impl>()) {}
LaunchEdits::~LaunchEdits() = default;
void LaunchEdits::collect(const project::Project &P, ASTContext &Ctx) {
  LaunchVisitor V(P, Ctx, I->E);
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
}
llvm::Error LaunchEdits::write(const project::Project &P,
                               const std::string &Out) {
  return writeEdits(P, Out, I->E);
}

} // namespace hipport::validate
