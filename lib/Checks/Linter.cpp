#include "Checks/Linter.h"

#include "BuildScan/BuildScanner.h"
#include "Checks/Suppressions.h"
#include "Core/SourceText.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <map>
#include <mutex>

using namespace clang;

namespace hipport::checks {

bool inShard(llvm::StringRef Relative, unsigned K, unsigned N) {
  if (N <= 1)
    return true;
  uint64_t H = 1469598103934665603ull;
  for (unsigned char C : Relative) {
    H ^= C;
    H *= 1099511628211ull;
  }
  return H % N == K;
}

std::string relativePath(const project::Project &P, const std::string &File) {
  if (const project::ProjectFile *F = P.find(File))
    return F->Relative;
  for (const std::string &R : P.roots())
    if (llvm::StringRef(File).starts_with(R + "/"))
      return File.substr(R.size() + 1);
  return File;
}

namespace {

/// Turns check diagnostics into findings in project files: macro findings at
/// their spelling in the user's macro definition, nothing in system headers
/// or outside the roots, no fix-its touching macro expansions.
class FindingSink : public DiagSink {
public:
  explicit FindingSink(const project::Project &P) : P(P) {}
  std::vector<core::Finding> Findings;

  void emit(const Check &C, CheckDiag D, const SourceManager &SM,
            const LangOptions &LO) override {
    auto Loc = place(D.Loc, SM);
    if (!Loc)
      return;
    core::Finding F;
    F.CheckId = C.id().str();
    F.Level = D.Level;
    F.Message = std::move(D.Message);
    F.Range = *Loc;
    F.Range.Length = length(D.Loc, D.Range, SM, LO);
    for (auto &[NL, Msg] : D.Notes)
      if (auto R = place(NL, SM)) {
        R->Length = Lexer::MeasureTokenLength(SM.getSpellingLoc(NL), SM, LO);
        F.Notes.push_back({*R, Msg});
      }
    bool MacroFix = false;
    for (const FixItHint &H : D.Fixes)
      MacroFix |= H.RemoveRange.getBegin().isMacroID() ||
                  H.RemoveRange.getEnd().isMacroID();
    if (!MacroFix)
      for (const FixItHint &H : D.Fixes) {
        CharSourceRange CR =
            Lexer::makeFileCharRange(H.RemoveRange, SM, LO);
        auto B = place(CR.getBegin(), SM);
        if (!B || CR.isInvalid())
          continue;
        B->Length = SM.getFileOffset(CR.getEnd()) - B->Offset;
        F.Fixes.push_back({*B, H.CodeToInsert});
      }
    Findings.push_back(std::move(F));
  }

private:
  /// The file and offset to report Loc at, if it is in a project file.
  std::optional<core::FileRange> place(SourceLocation Loc,
                                       const SourceManager &SM) {
    if (Loc.isInvalid())
      return std::nullopt;
    if (Loc.isMacroID()) {
      SourceLocation Sp = SM.getSpellingLoc(Loc);
      Loc = owned(Sp, SM) ? Sp : SM.getExpansionLoc(Loc);
    }
    if (!owned(Loc, SM))
      return std::nullopt;
    FileID FID = SM.getFileID(Loc);
    return core::FileRange{Paths[FID.getHashValue()], SM.getFileOffset(Loc),
                           0};
  }

  bool owned(SourceLocation Loc, const SourceManager &SM) {
    if (Loc.isInvalid() || Loc.isMacroID() || SM.isInSystemHeader(Loc))
      return false;
    FileID FID = SM.getFileID(Loc);
    auto It = Owned.find(FID.getHashValue());
    if (It != Owned.end())
      return It->second;
    bool Ours = false;
    if (auto FE = SM.getFileEntryRefForID(FID)) {
      std::string Abs = project::absolutePath(FE->getName());
      Ours = P.owns(Abs);
      Paths[FID.getHashValue()] = Abs;
    }
    return Owned[FID.getHashValue()] = Ours;
  }

  unsigned length(SourceLocation Loc, SourceRange R, const SourceManager &SM,
                  const LangOptions &LO) {
    SourceLocation B = R.getBegin(), E = R.getEnd();
    if (R.isValid() && !B.isMacroID() && !E.isMacroID() && !Loc.isMacroID() &&
        SM.getFileID(B) == SM.getFileID(Loc)) {
      unsigned Begin = SM.getFileOffset(Loc);
      unsigned End = SM.getFileOffset(E) + Lexer::MeasureTokenLength(E, SM, LO);
      if (SM.getFileOffset(B) <= Begin && End > Begin)
        return End - Begin;
    }
    return Lexer::MeasureTokenLength(SM.getSpellingLoc(Loc), SM, LO);
  }

  const project::Project &P;
  std::map<unsigned, bool> Owned;
  std::map<unsigned, std::string> Paths;
};

/// Runs the MatchFinder on the project's own top-level declarations only:
/// the CUDA and HIP headers are most of every TU and never reported, so
/// skipping them keeps lint close to the cost of the parse.
class LintConsumer : public ASTConsumer {
public:
  LintConsumer(const project::Project &P,
               std::vector<std::unique_ptr<Check>> Checks,
               std::vector<core::Finding> &Out, std::mutex &Lock)
      : P(P), Checks(std::move(Checks)), Sink(P), Out(Out), Lock(Lock) {
    for (auto &C : this->Checks) {
      C->setSink(&Sink);
      C->registerMatchers(Finder);
    }
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    const SourceManager &SM = Ctx.getSourceManager();
    std::vector<Decl *> Scope;
    std::map<unsigned, bool> Ours;
    for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
      SourceLocation L = SM.getExpansionLoc(D->getLocation());
      if (L.isInvalid() || SM.isInSystemHeader(L))
        continue;
      FileID FID = SM.getFileID(L);
      auto It = Ours.find(FID.getHashValue());
      if (It == Ours.end()) {
        bool Own = false;
        if (auto FE = SM.getFileEntryRefForID(FID))
          Own = P.owns(project::absolutePath(FE->getName()));
        It = Ours.emplace(FID.getHashValue(), Own).first;
      }
      if (It->second)
        Scope.push_back(D);
    }
    Ctx.setTraversalScope(Scope);
    Finder.matchAST(Ctx);
    std::lock_guard<std::mutex> G(Lock);
    for (auto &F : Sink.Findings)
      Out.push_back(std::move(F));
  }

private:
  const project::Project &P;
  std::vector<std::unique_ptr<Check>> Checks;
  ast_matchers::MatchFinder Finder;
  FindingSink Sink;
  std::vector<core::Finding> &Out;
  std::mutex &Lock;
};

class LintAction : public ASTFrontendAction {
public:
  LintAction(const project::Project &P, const LintConfig &Config,
             const CheckOptions &Opts, std::vector<core::Finding> &Out,
             std::mutex &Lock, const frontend::ConsumerFactory &Also,
             std::string TU)
      : P(P), Config(Config), Opts(Opts), Out(Out), Lock(Lock), Also(Also),
        TU(std::move(TU)) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    std::vector<std::unique_ptr<Check>> Checks;
    for (const RegisteredCheck &R : registry())
      if (R.Create && Config.enabled(R.Info->Id))
        Checks.push_back(R.Create(Opts));
    for (auto &C : Checks)
      C->registerPPCallbacks(CI.getSourceManager(), CI.getPreprocessor());
    auto Lint = std::make_unique<LintConsumer>(P, std::move(Checks), Out, Lock);
    if (!Also)
      return Lint;
    std::vector<std::unique_ptr<ASTConsumer>> Both;
    Both.push_back(std::move(Lint));
    Both.push_back(Also(CI, TU));
    return std::make_unique<MultiplexConsumer>(std::move(Both));
  }

private:
  const project::Project &P;
  const LintConfig &Config;
  const CheckOptions &Opts;
  std::vector<core::Finding> &Out;
  std::mutex &Lock;
  const frontend::ConsumerFactory &Also;
  std::string TU;
};

std::string lineAt(const core::SourceText &S, unsigned Line) {
  return S.lineTextOf(Line).str(); // the line table: no walk per finding
}

} // namespace

llvm::Expected<LintResult> lint(const project::Project &P,
                                const LintConfig &Config,
                                const LintOptions &Opts) {
  CheckOptions CO;
  if (Config.enabled("ptx-inline-asm")) {
    auto T = PtxTable::load(PtxTable::defaultFile());
    if (!T)
      return T.takeError();
    CO.Ptx = std::make_shared<const PtxTable>(std::move(*T));
  }
  LintResult R;
  std::vector<std::string> TUs;
  for (const std::string &TU : P.translationUnits())
    if (inShard(relativePath(P, TU), Opts.Shard, Opts.Shards))
      TUs.push_back(TU);
  R.TranslationUnits = unsigned(TUs.size());

  std::vector<core::Finding> All;
  std::mutex Lock;
  bool AnyAst = false;
  for (const RegisteredCheck &C : registry())
    AnyAst |= C.Create && Config.enabled(C.Info->Id);
  if (AnyAst && !TUs.empty()) {
    frontend::ParseOptions PO;
    PO.Jobs = Opts.Jobs;
    PO.Verb = "lint";
    R.Outcomes = frontend::parseAll(
        P, TUs,
        [&](const std::string &TU) -> std::unique_ptr<FrontendAction> {
          return std::make_unique<LintAction>(P, Config, CO, All, Lock,
                                              Opts.AlsoConsume, TU);
        },
        PO);
  }

  for (const project::ProjectFile &F : P.files()) {
    if (!buildscan::isBuildFile(F.Path) ||
        !inShard(F.Relative, Opts.Shard, Opts.Shards))
      continue;
    auto Buf = llvm::MemoryBuffer::getFile(F.Path);
    if (!Buf)
      continue;
    ++R.BuildFiles;
    for (core::Finding &Fi :
         buildscan::scanBuildFile(F.Path, (*Buf)->getBuffer()))
      if (Config.enabled(Fi.CheckId))
        All.push_back(std::move(Fi));
  }

  auto Key = [](const core::Finding &F) {
    return std::tie(F.Range.File, F.Range.Offset, F.CheckId, F.Message,
                    F.Range.Length);
  };
  std::sort(All.begin(), All.end(),
            [&](const auto &A, const auto &B) { return Key(A) < Key(B); });
  All.erase(std::unique(All.begin(), All.end(),
                        [&](const auto &A, const auto &B) {
                          return Key(A) == Key(B);
                        }),
            All.end());

  std::map<std::string, std::unique_ptr<core::SourceText>> Sources;
  for (core::Finding &F : All) {
    auto &S = Sources[F.Range.File];
    if (!S) {
      auto Buf = llvm::MemoryBuffer::getFile(F.Range.File);
      S = std::make_unique<core::SourceText>(
          Buf ? (*Buf)->getBuffer().str() : std::string());
    }
    unsigned Line = S->line(F.Range.Offset);
    if (isSuppressed(F.CheckId, S->lineText(F.Range.Offset),
                     Line > 1 ? lineAt(*S, Line - 1) : "")) {
      ++R.Suppressed;
      continue;
    }
    if (auto Sev = Config.severity(F.CheckId))
      F.Level = *Sev;
    R.Findings.push_back(std::move(F));
  }
  return R;
}

} // namespace hipport::checks
