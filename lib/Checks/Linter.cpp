#include "Checks/Linter.h"

#include "BuildScan/BuildScanner.h"
#include "Checks/BackendTwins.h"
#include "Checks/LogicalWarps.h"
#include "Checks/ParseErrorCheck.h"
#include "Checks/PendingPort.h"
#include "Checks/Suppressions.h"
#include "Checks/TargetMacros.h"
#include "Checks/TokenScan.h"
#include "Checks/WidthLiteralNet.h"
#include "Core/AmdTargets.h"
#include "Core/Memory.h"
#include "Core/SourceText.h"
#include "Frontend/Preamble.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Timer.h"

#include <algorithm>
#ifdef __GLIBC__
#endif
#include <cstdlib>
#include <deque>
#include <iterator>
#include <numeric>
#include <map>
#include <mutex>
#include <set>
#include <unordered_set>

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

using core::FindingStore;
using PackedFindings = FindingStore::Records;
using PackedFinding = FindingStore::Record;

/// Turns check diagnostics into findings in project files: macro findings at
/// their spelling in the user's macro definition, nothing in system headers
/// or outside the roots, no fix-its touching macro expansions.
class FindingSink : public DiagSink {
public:
  FindingSink(const project::Project &P, FindingStore &Store)
      : P(P), Store(Store) {}
  PackedFindings Findings;

  void emit(const Check &C, CheckDiag D, const SourceManager &SM,
            const LangOptions &LO) override {
    auto Loc = place(D.Loc, SM);
    if (!Loc)
      return;
    PackedFinding F;
    auto [CheckIt, NewCheck] = CheckIds.try_emplace(&C, 0);
    if (NewCheck)
      CheckIt->second = Store.check(C.id());
    F.Check = CheckIt->second;
    F.Level = uint8_t(D.Level);
    F.Message = Store.text(std::move(D.Message), FindingStore::slot(F.Check, 0));
    F.File = Loc->File;
    F.Offset = Loc->Offset;
    F.Length = length(D.Loc, D.Range, SM, LO);
    Parts.clear();
    for (auto &[NL, Msg] : D.Notes)
      if (auto R = place(NL, SM)) {
        R->Length = Lexer::MeasureTokenLength(SM.getSpellingLoc(NL), SM, LO);
        R->Text = Store.text(std::move(Msg), FindingStore::slot(F.Check, 1));
        Parts.push_back(*R);
      }
    F.Notes = uint16_t(Parts.size());
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
        B->Text = Store.text(H.CodeToInsert, FindingStore::slot(F.Check, 2));
        Parts.push_back(*B);
      }
    F.Fixes = uint16_t(Parts.size() - F.Notes);
    if (!Parts.empty())
      F.Parts = Store.parts(Parts);
    Findings.push_back(F);
  }

private:
  /// The file and offset to report Loc at, if it is in a project file.
  std::optional<FindingStore::Part> place(SourceLocation Loc,
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
    return FindingStore::Part{Paths[FID.getHashValue()], SM.getFileOffset(Loc),
                              0, 0};
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
      Paths[FID.getHashValue()] = Store.file(Abs);
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
  FindingStore &Store;
  std::map<unsigned, bool> Owned;
  std::map<unsigned, uint32_t> Paths;
  std::map<const Check *, uint16_t> CheckIds;
  std::vector<FindingStore::Part> Parts; ///< of the finding being emitted
};

/// Moves From's findings to the end of To and frees From.
void appendFindings(PackedFindings &To, PackedFindings &From) {
  if (To.empty())
    To.swap(From);
  else
    std::move(From.begin(), From.end(), std::back_inserter(To));
  PackedFindings().swap(From);
}

/// Byte ranges of the main file skipped by the preprocessor (`#if`-inactive).
using Skips = std::vector<std::pair<unsigned, unsigned>>;

/// Runs the MatchFinder on the project's own top-level declarations only:
/// the CUDA and HIP headers are most of every TU and never reported, so
/// skipping them keeps lint close to the cost of the parse.
/// A function body of a TU: its byte range and what its lane math by 32
/// means at 64 (LogicalWarps), for the width net's text findings.
struct LaneBody {
  unsigned Begin, End;
  LaneGroups Kind;
};
using LaneBodies = std::map<std::string, std::vector<LaneBody>>;

class LintConsumer : public ASTConsumer {
public:
  LintConsumer(const project::Project &P,
               std::vector<std::unique_ptr<Check>> Checks,
               PackedFindings &Out, FindingStore &Store, std::mutex &Lock,
               LaneBodies *Bodies)
      : P(P), Checks(std::move(Checks)), Finder(finderOptions(Records)),
        Sink(P, Store), Out(Out), Lock(Lock), Bodies(Bodies) {
    for (auto &C : this->Checks) {
      C->setSink(&Sink);
      C->registerMatchers(Finder);
    }
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    llvm::TimeRecord Parsed = llvm::TimeRecord::getCurrentTime(false);
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
    // The TU's lane groups, shared by the checks that ask (one walk).
    LogicalWarps Groups(Ctx);
    Groups.setErrors(frontend::errorLocations(Ctx.getDiagnostics()));
    {
      LogicalWarps::Active UseGroups(Groups);
      // The checks' instantiation tests, answered in one walk (#17).
      InstantiationIndex Index(Ctx);
      InstantiationIndex::Active Use(Index);
      // Their parent lookups, one top-level declaration at a time (#17).
      ParentIndex Parents(Ctx);
      ParentIndex::Active UseParents(Parents);
      // Where a ballot may be, for the ballot checks' body searches (#17).
      CallIndex Calls(Ctx);
      CallIndex::Active UseCalls(Calls);
      Finder.matchAST(Ctx);
    }
    // Also where the TU has errors: what clang could not read counts as
    // lanes meeting (LogicalWarps), as it does for the checks above.
    if (Bodies)
      recordBodies(Groups, SM);
    std::lock_guard<std::mutex> G(Lock);
    appendFindings(Out, Sink.Findings);
    if (profiling())
      printProfile(Parsed, llvm::TimeRecord::getCurrentTime(false));
  }

private:
  void recordBodies(LogicalWarps &Groups, const SourceManager &SM) {
    std::map<unsigned, std::vector<LaneBody> *> Files;
    Groups.forEachBody([&](FileID F, unsigned B, unsigned E, LaneGroups K) {
      auto [It, New] = Files.try_emplace(F.getHashValue(), nullptr);
      if (New)
        if (auto FE = SM.getFileEntryRefForID(F)) {
          std::string Abs = project::absolutePath(FE->getName());
          if (P.owns(Abs))
            It->second = &(*Bodies)[Abs];
        }
      if (It->second)
        It->second->push_back({B, E, K});
    });
  }

  /// HIPPORT_PROFILE_CHECKS: CPU seconds of the parse and of the checks'
  /// matching per TU on stderr; =each adds the MatchFinder's time per check
  /// (its timers cost as much as cheap matchers, so the split is rough).
  static const char *profiling() {
    const char *E = std::getenv("HIPPORT_PROFILE_CHECKS");
    return E && *E ? E : nullptr;
  }
  static ast_matchers::MatchFinder::MatchFinderOptions
  finderOptions(llvm::StringMap<llvm::TimeRecord> &Records) {
    ast_matchers::MatchFinder::MatchFinderOptions O;
    if (profiling() && llvm::StringRef(profiling()) == "each")
      O.CheckProfiling.emplace(Records);
    return O;
  }
  void printProfile(const llvm::TimeRecord &Parsed,
                    const llvm::TimeRecord &Matched) const {
    auto Cpu = [](const llvm::TimeRecord &T) {
      return T.getUserTime() + T.getSystemTime();
    };
    llvm::errs() << llvm::format("check-profile %-32s %8.3f s\n", "(parse)",
                                 Cpu(Parsed) - Cpu(Created))
                 << llvm::format("check-profile %-32s %8.3f s\n", "(match)",
                                 Cpu(Matched) - Cpu(Parsed));
    for (const auto &R : Records)
      llvm::errs() << llvm::format("check-profile %-32s %8.3f s\n",
                                   R.getKey().str().c_str(),
                                   Cpu(R.getValue()));
  }

  const project::Project &P;
  std::vector<std::unique_ptr<Check>> Checks;
  llvm::TimeRecord Created = llvm::TimeRecord::getCurrentTime(false);
  llvm::StringMap<llvm::TimeRecord> Records; ///< before Finder: it holds a ref
  ast_matchers::MatchFinder Finder;
  FindingSink Sink;
  PackedFindings &Out;
  std::mutex &Lock;
  LaneBodies *Bodies; ///< null but in the first pass
};

/// The passes of one TU. First: the project's command line (a TU that
/// includes a HIP header gets the HIP host pass instead). For a TU whose
/// project code tests AMD macros, or that is HIP code: the HIP host pass
/// (host-side checks) and the HIP device pass for the wave64 target
/// (device-side checks), so that both sides are judged as the HIP compiler
/// for AMD compiles them.
enum class Pass { First, HipHost, Wave64Target };

/// The checks whose verdict depends on the code the device pass for a
/// wave64 target compiles.
bool judgedForTarget(llvm::StringRef Id) {
  return Id == "wave64-warp-size-literal" || Id == "wave64-ballot-mask-width" ||
         Id == "wave64-lane-mask-literal" || Id == "wave64-shuffle-width" ||
         Id == "wave64-warp-constant-use";
}

/// The checks judged on both HIP passes: a width fixed for every AMD
/// target may be written where only the host pass looks (`#ifdef USE_ROCM`)
/// or where only the device pass does (`#if defined(__HIP_DEVICE_COMPILE__)
/// ... warpSize = 32`).
bool judgedOnBothPasses(llvm::StringRef Id) {
  return Id == "wave64-compile-time-width";
}

/// What one pass over one TU leaves.
struct PassResult {
  PackedFindings Findings;
  /// Every project file the pass entered (the main file included), with the
  /// byte ranges the preprocessor skipped in it (`#if`-inactive): where the
  /// TU does not parse, the token scan reads these files as compiled.
  std::map<std::string, Skips> Files;
  /// Function-like macros defined in the TU.
  std::set<std::string> Macros;
  /// Project code tests an AMD target or platform macro (First pass only).
  bool TestsTarget = false;
  /// A project file of the TU includes a HIP header (`hip/...`): HIP code,
  /// even where the main file itself names no HIP header.
  bool IncludesHip = false;
  /// The function bodies of each project file and what their lane math by
  /// 32 means (First pass only; a body holding a parse error is never
  /// judged right at 64).
  LaneBodies Bodies;
};

/// Records the project files a pass enters and the ranges skipped in each,
/// so the token scan of a TU that did not parse reads only the code its
/// compiler pass compiles, in the main file and in the headers it includes.
class SkipRecorder : public PPCallbacks {
public:
  SkipRecorder(const SourceManager &SM, const project::Project &P,
               std::map<std::string, Skips> &Files,
               std::set<std::string> &Macros, bool &IncludesHip)
      : SM(SM), P(P), Files(Files), Macros(Macros), IncludesHip(IncludesHip) {}
  /// A project header that includes HIP's runtime makes its TU HIP code: a
  /// .cpp file parsed as CUDA would read Debian's HIP headers for the
  /// NVIDIA platform, and judge code the AMD build never compiles.
  void InclusionDirective(SourceLocation HashLoc, const Token &,
                          StringRef FileName, bool, CharSourceRange,
                          OptionalFileEntryRef, StringRef, StringRef,
                          const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    if (!IncludesHip && FileName.starts_with("hip/") &&
        fileOf(SM.getFileID(SM.getExpansionLoc(HashLoc))))
      IncludesHip = true;
  }
  /// Function-like macros: a call spelled like an intrinsic may be one
  /// (`#define __shfl_xor_sync(m, v, l) __shfl_xor(v, l)`).
  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    if (Name.getIdentifierInfo() && MD->getMacroInfo()->isFunctionLike())
      Macros.insert(Name.getIdentifierInfo()->getName().str());
  }
  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind Kind, FileID) override {
    if (Reason == EnterFile && Kind == SrcMgr::C_User)
      fileOf(SM.getFileID(Loc));
  }
  void SourceRangeSkipped(SourceRange R, SourceLocation EndifLoc) override {
    FileID FID = SM.getFileID(R.getBegin());
    Skips *Out = fileOf(FID);
    if (!Out)
      return;
    // The range may end before the skipped lines; the #endif does not.
    unsigned End = SM.getFileOffset(SM.getExpansionLoc(R.getEnd()));
    if (EndifLoc.isValid() && SM.getFileID(EndifLoc) == FID)
      End = std::max(End, SM.getFileOffset(EndifLoc));
    Out->push_back({SM.getFileOffset(R.getBegin()), End});
  }

private:
  /// The skipped ranges of a project file, null for other files.
  Skips *fileOf(FileID FID) {
    auto [It, New] = ByID.try_emplace(FID.getHashValue(), nullptr);
    if (!New)
      return It->second;
    if (auto FE = SM.getFileEntryRefForID(FID)) {
      std::string Abs = project::absolutePath(FE->getName());
      if (!SM.isInSystemHeader(SM.getLocForStartOfFile(FID)) && P.owns(Abs))
        It->second = &Files[Abs];
    }
    return It->second;
  }

  const SourceManager &SM;
  const project::Project &P;
  std::map<std::string, Skips> &Files;
  std::set<std::string> &Macros;
  bool &IncludesHip;
  std::map<unsigned, Skips *> ByID;
};

class LintAction : public ASTFrontendAction {
public:
  LintAction(const project::Project &P, const LintConfig &Config,
             const CheckOptions &Opts, PassResult &Out, FindingStore &Store,
             Pass Which, const frontend::ConsumerFactory &Also, std::string TU)
      : P(P), Config(Config), Opts(Opts), Out(Out), Store(Store), Which(Which),
        Also(Also), TU(std::move(TU)) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    // A header that is not found (a dependency lint was not told about)
    // ends clang's parse; as an error instead, the rest of the TU is still
    // parsed and checked, and the TU is still a lint-parse-error.
    CI.getDiagnostics().setFatalsAsError(true);
    CI.getDiagnostics().setErrorLimit(0);
    CI.getPreprocessor().addPPCallbacks(std::make_unique<SkipRecorder>(
        CI.getSourceManager(), P, Out.Files, Out.Macros, Out.IncludesHip));
    std::vector<std::unique_ptr<Check>> Checks;
    // Every pass runs every check: when the first pass fails (HIP code in
    // a .cu file), the HIP passes' findings are all there is.
    for (const RegisteredCheck &R : registry())
      if (R.Create && Config.enabled(R.Info->Id))
        Checks.push_back(R.Create(Opts));
    for (auto &C : Checks)
      C->registerPPCallbacks(CI.getSourceManager(), CI.getPreprocessor());
    if (Which == Pass::First)
      CI.getPreprocessor().addPPCallbacks(
          watchTargetTests(
              CI.getSourceManager(), CI.getPreprocessor(),
              [this](llvm::StringRef F) {
                return P.owns(project::absolutePath(F));
              },
              Out.TestsTarget));
    auto Lint = std::make_unique<LintConsumer>(
        P, std::move(Checks), Out.Findings, Store, Lock,
        Which == Pass::First ? &Out.Bodies : nullptr);
    if (!Also || Which != Pass::First)
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
  PassResult &Out;
  FindingStore &Store;
  Pass Which;
  const frontend::ConsumerFactory &Also;
  std::string TU;
  std::mutex Lock; ///< one TU per action: never contended
};

/// True when the file includes a HIP header: HIP code, whatever its
/// extension, is compiled by the HIP compiler.
bool includesHip(const std::string &File) {
  auto Buf = llvm::MemoryBuffer::getFile(File);
  if (!Buf)
    return false;
  // `#[ \t]*include[ \t]*[<"]hip/` anywhere, matched by hand: a regex
  // search over a big file cost seconds of lint's time (#17).
  llvm::StringRef Text = (*Buf)->getBuffer();
  for (size_t At = Text.find('#'); At != llvm::StringRef::npos;
       At = Text.find('#', At + 1)) {
    llvm::StringRef Rest = Text.substr(At + 1).ltrim(" \t");
    if (!Rest.consume_front("include"))
      continue;
    Rest = Rest.ltrim(" \t");
    if ((Rest.consume_front("<") || Rest.consume_front("\"")) &&
        Rest.starts_with("hip/"))
      return true;
  }
  return false;
}

/// (check id, line) pairs already reported in a file; an empty id takes the
/// line for every check.
using TakenLines = std::set<std::pair<std::string, unsigned>>;

/// The findings a text scan (the token scan, the width net) gives on File:
/// Scan reads its text with the ranges of Skipped inactive (`#if` branches
/// the judging pass did not compile); Taken names the lines already
/// reported, given the file's line table. Kept: enabled checks on active
/// lines that Taken leaves free.
void addTextFindings(
    const std::string &File, const Skips &Skipped, const LintConfig &Config,
    llvm::function_ref<std::vector<core::Finding>(
        llvm::StringRef, const std::function<bool(unsigned)> &)>
        Scan,
    llvm::function_ref<TakenLines(const core::SourceText &)> Taken,
    FindingStore &Store, PackedFindings &Out) {
  auto Buf = llvm::MemoryBuffer::getFile(File);
  if (!Buf)
    return;
  core::SourceText S((*Buf)->getBuffer().str());
  std::function<bool(unsigned)> Inactive = [&](unsigned Off) {
    return llvm::any_of(Skipped, [&](const auto &R) {
      return R.first <= Off && Off <= R.second;
    });
  };
  TakenLines Lines = Taken(S);
  for (core::Finding &F : Scan((*Buf)->getBuffer(), Inactive)) {
    unsigned Line = S.line(F.Range.Offset);
    if (Config.enabled(F.CheckId) && !Inactive(F.Range.Offset) &&
        !Lines.count({F.CheckId, Line}) && !Lines.count({"", Line}))
      Out.push_back(Store.pack(F));
  }
}

/// What the function body around Offset shows of its lane math by 32
/// (LogicalWarps), as every TU that has that body agrees (Bodies: each
/// TU's bodies of the file): a header's helper may be called from other
/// kernels in another TU.
LaneGroups laneGroupsAt(const std::vector<const std::vector<LaneBody> *> &Bodies,
                        unsigned Offset) {
  std::optional<LaneGroups> Agreed;
  for (const std::vector<LaneBody> *TU : Bodies) {
    const LaneBody *In = nullptr;
    for (const LaneBody &B : *TU)
      if (B.Begin <= Offset && Offset <= B.End &&
          (!In || B.End - B.Begin < In->End - In->Begin))
        In = &B;
    if (!In)
      continue;
    if (Agreed && *Agreed != In->Kind)
      return LaneGroups::Unknown;
    Agreed = In->Kind;
  }
  return Agreed.value_or(LaneGroups::Unknown);
}

/// Each file's function bodies, one list per TU that recorded it.
using BodyLists =
    std::map<std::string, std::vector<const std::vector<LaneBody> *>>;

BodyLists bodyLists(const std::vector<PassResult> &First) {
  BodyLists Out;
  for (const PassResult &R : First)
    for (const auto &[File, Bodies] : R.Bodies)
      Out[File].push_back(&Bodies);
  return Out;
}

/// Findings of the token scan on the text of File, left out where the
/// partial AST already gave the same check on the same line. Why says what
/// kept the file from the AST checks.
void addTokenFindings(const std::string &File, const LintConfig &Config,
                      const Skips &Skipped,
                      const std::set<std::string> &Macros, llvm::StringRef Why,
                      FindingStore &Store, PackedFindings &Out,
                      const BodyLists *Bodies = nullptr) {
  addTextFindings(
      File, Skipped, Config,
      [&](llvm::StringRef Text, const std::function<bool(unsigned)> &) {
        std::vector<core::Finding> Found = scanTokens(File, Text, Macros, Why);
        // A partial AST may still show a body where no wave64 finding
        // holds (as Check::report demotes the AST checks' findings there),
        // or one whose shuffles all stay in their 32-lane half (a width of
        // 32, a tree only each group's lane 0 reads), where a shuffle
        // without its width is right (as ShuffleWidthCheck says).
        auto It = Bodies ? Bodies->find(File) : BodyLists::const_iterator();
        if (Bodies && It != Bodies->end())
          for (core::Finding &F : Found) {
            LaneGroups Kind = laneGroupsAt(It->second, F.Range.Offset);
            bool HalfLocal = F.CheckId == "wave64-shuffle-width" &&
                             (Kind == LaneGroups::Segments ||
                              Kind == LaneGroups::LeaderTrees);
            if (F.Level != core::Severity::Note &&
                (noWave64FindingHolds(Kind) || HalfLocal)) {
              F.Level = core::Severity::Note;
              F.Message = rightAtEitherWidth(F.Message, Kind);
            }
          }
        return Found;
      },
      [&](const core::SourceText &S) {
        TakenLines Seen;
        for (const PackedFinding &F : Out)
          if (Store.path(F.File) == File)
            Seen.insert({Store.checkId(F.Check), S.line(F.Offset)});
        return Seen;
      },
      Store, Out);
}

/// The token scan of the project files no parsed TU's AST covered: the main
/// file of each TU that did not parse and the project headers it entered
/// (a header that some parsed TU includes was checked on that TU's AST),
/// each once; then the project headers that no TU includes, read whole.
/// Findings go to Found[I] of the TU that entered the file.
void scanUncoveredFiles(const project::Project &P, const LintConfig &Config,
                        const LintOptions &Opts,
                        const std::vector<std::string> &TUs,
                        const std::vector<frontend::TUOutcome> &Outcomes,
                        const std::vector<PassResult> &First,
                        FindingStore &Store,
                        std::vector<PackedFindings> &Found) {
  std::set<std::string> Covered, Entered;
  for (size_t I = 0; I < TUs.size(); ++I)
    for (const auto &[File, Skipped] : First[I].Files) {
      Entered.insert(File);
      if (Outcomes[I].Parsed)
        Covered.insert(File);
    }
  static const Skips None;
  BodyLists Bodies = bodyLists(First);
  for (size_t I = 0; I < TUs.size(); ++I) {
    if (Outcomes[I].Parsed)
      continue;
    auto Main = First[I].Files.find(TUs[I]);
    addTokenFindings(TUs[I], Config,
                     Main == First[I].Files.end() ? None : Main->second,
                     First[I].Macros, "this file did not parse", Store,
                     Found[I], &Bodies);
    for (const auto &[File, Skipped] : First[I].Files)
      if (File != TUs[I] && Covered.insert(File).second)
        addTokenFindings(File, Config, Skipped, First[I].Macros,
                         "no TU that includes this header parsed", Store,
                         Found[I], &Bodies);
  }
  if (Found.empty())
    return;
  for (const project::ProjectFile &F : P.files())
    if (F.Role == project::FileRole::Header && !Entered.count(F.Path) &&
        inShard(F.Relative, Opts.Shard, Opts.Shards))
      addTokenFindings(F.Path, Config, None, {},
                       "no TU includes this header", Store, Found.back());
}

/// The pending regions (PendingPort.h) of each project file, as the passes
/// that judged its TUs skipped them.
using PendingRegions = std::map<std::string, std::vector<PendingRegion>>;

PendingRegions findPendingRegions(const std::vector<PassResult> &First) {
  PendingRegions Out;
  for (const PassResult &R : First)
    for (const auto &[File, Skipped] : R.Files) {
      if (Skipped.empty() || Out.count(File))
        continue;
      if (auto Buf = llvm::MemoryBuffer::getFile(File))
        Out[File] = pendingPortRegions((*Buf)->getBuffer(), Skipped);
    }
  return Out;
}

/// The width net (WidthLiteralNet.h) on the text of every project file a
/// TU entered, each once, read with the skipped ranges of the pass that
/// judged it (a pending region, with those of the pass that defined its
/// switch: Nested), and on the project headers no TU includes; a line that
/// a width check already reports on is left to that check.
void addWidthNetFindings(const project::Project &P, const LintConfig &Config,
                         const LintOptions &Opts,
                         const std::vector<PassResult> &First,
                         const PendingRegions &Pending,
                         const std::map<std::string, Skips> &Nested,
                         FindingStore &Store,
                         std::vector<PackedFindings> &Found) {
  if (!Config.enabled(WidthLiteralNet::Info.Id) || Found.empty())
    return;
  std::map<std::string, std::set<unsigned>> Reported; ///< file -> offsets
  // Every width check's lines, whatever the TU that reported them.
  for (const PackedFindings &L : Found)
    for (const PackedFinding &F : L)
      if (llvm::StringRef(Store.checkId(F.Check)).starts_with("wave64-"))
        Reported[Store.path(F.File)].insert(F.Offset);
  BodyLists BodiesOf = bodyLists(First);
  static const std::vector<PendingRegion> NoRegions;
  auto Scan = [&](const std::string &File, const Skips &Skipped,
                  PackedFindings &Into) {
    auto PendingIt = Pending.find(File);
    const auto &Regions =
        PendingIt == Pending.end() ? NoRegions : PendingIt->second;
    // Pending regions are read as the pass that defined their switches
    // compiled them.
    Skips Read;
    for (const auto &R : Skipped)
      if (!llvm::any_of(Regions, [&](const PendingRegion &G) {
            return R.first <= G.Begin && G.Begin <= R.second;
          }))
        Read.push_back(R);
    if (auto It = Nested.find(File); It != Nested.end())
      Read.insert(Read.end(), It->second.begin(), It->second.end());
    addTextFindings(
        File, Read, Config,
        [&](llvm::StringRef Text, const std::function<bool(unsigned)> &In) {
          std::vector<core::Finding> Out = widthLiteralFindings(File, Text, In);
          const auto &Bodies = BodiesOf[File];
          for (core::Finding &F : Out)
            if (const PendingRegion *G = regionAt(Regions, F.Range.Offset))
              F.Message = inPendingRegion(F.Message, *G);
            else if (LaneGroups K = laneGroupsAt(Bodies, F.Range.Offset);
                     K != LaneGroups::Unknown) {
              F.Level = core::Severity::Note;
              F.Message = rightAtEitherWidth(F.Message, K);
            }
          return Out;
        },
        [&](const core::SourceText &S) {
          TakenLines Lines;
          for (unsigned Off : Reported[File])
            Lines.insert({"", S.line(Off)});
          return Lines;
        },
        Store, Into);
  };
  std::set<std::string> Done;
  for (size_t I = 0; I < First.size(); ++I)
    for (const auto &[File, Skipped] : First[I].Files)
      if (Done.insert(File).second)
        Scan(File, Skipped, Found[I]);
  static const Skips None;
  for (const project::ProjectFile &F : P.files())
    if (F.Role == project::FileRole::Header && Done.insert(F.Path).second &&
        inShard(F.Relative, Opts.Shard, Opts.Shards))
      Scan(F.Path, None, Found.back());
}

/// Runs one pass over the TUs listed in Which (indices into TUs): results
/// go to Out[index], outcomes come back in the order of Which.
std::vector<frontend::TUOutcome>
runPass(const project::Project &P, const LintConfig &Config,
        const CheckOptions &CO, const LintOptions &Opts,
        const std::vector<std::string> &TUs, const std::vector<size_t> &Which,
        Pass Kind, std::vector<PassResult> &Out, FindingStore &Store,
        frontend::ParseOptions PO) {
  std::map<std::string, size_t> Index;
  std::vector<std::string> List;
  for (size_t I : Which) {
    Index[TUs[I]] = I;
    List.push_back(TUs[I]);
  }
  return frontend::parseAll(
      P, List,
      [&](const std::string &TU) -> std::unique_ptr<FrontendAction> {
        // A recovery parse starts afresh: only the last parse's results count.
        Out[Index[TU]] = PassResult();
        return std::make_unique<LintAction>(P, Config, CO, Out[Index[TU]], Store,
                                            Kind, Opts.AlsoConsume, TU);
      },
      PO);
}

/// The HIP passes' verdict on a judged TU: host-side checks as the HIP host
/// pass sees the code, device-side wave64 checks as the wave64 target's
/// device pass does, both with errors or not (the same headers are missing
/// in every pass: the first pass's view of `#if` branches is no better).
/// Whether the TU parses is its own command line's verdict (the first
/// pass): CUDA code is not expected to compile as HIP before hipify, so
/// a HIP pass's errors say nothing about the flags lint was given; for HIP
/// code (HipCode), whose first pass is the HIP host pass, both HIP passes
/// must parse.
void judgeByHipPasses(const FindingStore &Store, PassResult &Host,
                      PassResult &Target,
                      const frontend::TUOutcome &TargetOutcome, bool HipCode,
                      PassResult &Into, frontend::TUOutcome &Outcome) {
  PackedFindings Kept;
  for (PackedFinding &F : Host.Findings)
    if (!judgedForTarget(Store.checkId(F.Check)))
      Kept.push_back(std::move(F));
  for (PackedFinding &F : Target.Findings)
    if (judgedForTarget(Store.checkId(F.Check)) ||
        judgedOnBothPasses(Store.checkId(F.Check)))
      Kept.push_back(std::move(F));
  Into.Findings = std::move(Kept);
  Into.Files = std::move(Target.Files);
  Into.Macros = Target.Macros;
  if (HipCode && Outcome.Parsed && !TargetOutcome.Parsed) {
    Outcome.Parsed = false;
    Outcome.Errors = TargetOutcome.Errors;
  }
}

/// Lints the pending regions: each TU whose files hold one is parsed again
/// with BasePO's arguments and the regions' switches defined; of that
/// parse, the findings inside a region are kept, each saying so. Returns
/// the ranges that parse skipped inside the regions (`#if` branches nested
/// in them), for the width net.
std::map<std::string, Skips>
lintPendingRegions(const project::Project &P, const LintConfig &Config,
                   const CheckOptions &CO, const LintOptions &Opts,
                   const std::vector<std::string> &TUs,
                   const std::vector<PassResult> &First,
                   const PendingRegions &Regions,
                   const frontend::ParseOptions &BasePO, FindingStore &Store,
                   std::vector<PackedFindings> &Found) {
  std::map<std::string, std::set<std::string>> Switches; ///< TU -> macros
  std::vector<size_t> Which;
  for (size_t I = 0; I < TUs.size(); ++I) {
    for (const auto &[File, Skipped] : First[I].Files)
      if (auto It = Regions.find(File); It != Regions.end())
        for (const PendingRegion &R : It->second)
          Switches[TUs[I]].insert(R.Switch);
    if (Switches.count(TUs[I]))
      Which.push_back(I);
  }
  std::map<std::string, Skips> Nested;
  if (Which.empty())
    return Nested;
  frontend::ParseOptions PO = BasePO;
  PO.Verb = "lint pending";
  PO.Adjust = [&](const std::string &TU, std::vector<std::string> &Args) {
    if (BasePO.Adjust)
      BasePO.Adjust(TU, Args);
    for (const std::string &S : Switches.at(TU))
      Args.push_back("-D" + S);
  };
  std::vector<PassResult> Again(TUs.size());
  std::vector<frontend::TUOutcome> Outcomes =
      runPass(P, Config, CO, Opts, TUs, Which, Pass::First, Again, Store, PO);
  for (size_t K = 0; K < Which.size(); ++K) {
    size_t I = Which[K];
    PackedFindings Kept = std::move(Again[I].Findings);
    // Where that parse failed (the code may need headers the build never
    // reached), the token scan reads the regions too.
    if (!Outcomes[K].Parsed)
      for (const auto &[File, Skipped] : Again[I].Files)
        if (Regions.count(File))
          addTokenFindings(File, Config, Skipped, Again[I].Macros,
                           "the HIP parse of this CUDA code failed", Store,
                           Kept);
    for (const PackedFinding &F : Kept) {
      auto It = Regions.find(Store.path(F.File));
      const PendingRegion *R =
          It == Regions.end() ? nullptr : regionAt(It->second, F.Offset);
      if (!R || Store.checkId(F.Check) == ParseErrorCheck::Info.Id)
        continue;
      core::Finding U = Store.unpack(F);
      U.Message = inPendingRegion(U.Message, *R);
      Found[I].push_back(Store.pack(U));
    }
    for (const auto &[File, Skipped] : Again[I].Files)
      if (auto It = Regions.find(File); It != Regions.end())
        for (const auto &S : Skipped)
          if (regionAt(It->second, S.first))
            Nested[File].push_back(S);
  }
  return Nested;
}

/// Parses the TUs (the first pass); then the TUs whose project code tests
/// AMD target or platform macros, and HIP code, as the HIP compiler for AMD
/// sees them: the HIP host pass and the device pass for the wave64 target
/// (see judgeByHipPasses). A TU that does not parse is a lint-parse-error,
/// its partial AST's findings are kept, and the token scan runs on its text.
llvm::Error lintTUs(const project::Project &P, const LintConfig &Config,
                    const CheckOptions &CO, const LintOptions &Opts,
                    const std::vector<std::string> &TUs,
                    std::vector<frontend::TUOutcome> &Outcomes,
                    FindingStore &Store) {
  size_t N = TUs.size();
  std::vector<PassResult> First(N), HipHost(N), Target(N);
  std::string Prelude = frontend::hipPreludeHeader(P.hipInclude());
  std::vector<std::string> HostDefines = hipPlatformDefines();
  // HIP code, whatever its extension, is compiled by the HIP compiler: its
  // first pass is the HIP host pass.
  std::set<std::string> HipFirst;
  std::vector<size_t> All0;
  for (size_t I = 0; I < N; ++I) {
    All0.push_back(I);
    if (includesHip(TUs[I]))
      HipFirst.insert(TUs[I]);
  }
  frontend::ParseOptions PO;
  PO.Jobs = Opts.Jobs;
  PO.Verb = "lint";
  // A TU that fails is parsed again with stubs for its missing headers'
  // declarations (frontend/Recovery.h). Not under report, whose inventory
  // consumer rides on the first parse and must see it once.
  PO.Recover = !Opts.AlsoConsume;
  frontend::ParseOptions FirstPO = PO;
  FirstPO.Adjust = [&](const std::string &TU, std::vector<std::string> &Args) {
    if (HipFirst.count(TU))
      frontend::toHipHostPass(Args, HostDefines, Prelude);
  };
  Outcomes = runPass(P, Config, CO, Opts, TUs, All0, Pass::First, First, Store,
                     FirstPO);
  // A TU that reaches a HIP header through a project header is HIP code
  // too: its first pass is redone as the HIP host pass.
  std::vector<size_t> Redo;
  for (size_t I = 0; I < N; ++I)
    if (First[I].IncludesHip && !HipFirst.count(TUs[I]) && !Prelude.empty()) {
      HipFirst.insert(TUs[I]);
      Redo.push_back(I);
    }
  std::vector<frontend::TUOutcome> Again =
      runPass(P, Config, CO, Opts, TUs, Redo, Pass::First, First, Store, FirstPO);
  for (size_t K = 0; K < Redo.size(); ++K)
    Outcomes[Redo[K]] = std::move(Again[K]);

  // CUDA code meets the HIP passes as hipify would leave it.
  auto Hipify = [&](const std::string &TU, std::vector<std::string> &Args) {
    const frontend::HipifyShim &S = frontend::hipifyShim();
    if (Prelude.empty() || HipFirst.count(TU) || S.Header.empty())
      return;
    Args.insert(Args.end(), {"-isystem", S.Dir, "-include", S.Header});
  };
  auto HostPass = [&](const std::string &TU, std::vector<std::string> &Args) {
    frontend::toHipHostPass(Args, HostDefines, Prelude);
    Hipify(TU, Args);
  };
  std::vector<size_t> Judged, NeedHost;
  for (size_t I = 0; I < N; ++I)
    if (First[I].TestsTarget || HipFirst.count(TUs[I])) {
      Judged.push_back(I);
      if (!HipFirst.count(TUs[I]))
        NeedHost.push_back(I);
    }
  if (!Judged.empty()) {
    auto T = core::amdTargetForWave(64);
    if (!T)
      return T.takeError();
    std::vector<std::string> Defines = T->defineFlags();
    std::string Arch = T->Name;
    frontend::ParseOptions HO = PO, TO = PO;
    HO.Verb = "lint hip-host";
    HO.Adjust = HostPass;
    TO.Verb = "lint " + Arch;
    TO.Adjust = [&](const std::string &TU, std::vector<std::string> &Args) {
      frontend::toHipDevicePass(Args, Arch, Defines, Prelude);
      Hipify(TU, Args);
    };
    // Only its findings count: the first pass's outcome decides whether the
    // TU parses (see judgeByHipPasses).
    runPass(P, Config, CO, Opts, TUs, NeedHost, Pass::HipHost, HipHost, Store,
            HO);
    std::vector<frontend::TUOutcome> TargetOut =
        runPass(P, Config, CO, Opts, TUs, Judged, Pass::Wave64Target, Target,
                Store, TO);
    for (size_t K = 0; K < Judged.size(); ++K) {
      size_t I = Judged[K];
      bool HipCode = HipFirst.count(TUs[I]);
      judgeByHipPasses(Store, HipCode ? First[I] : HipHost[I], Target[I],
                       TargetOut[K], HipCode, First[I], Outcomes[I]);
    }
  }

  auto Owns = [&](const std::string &F) { return P.owns(F); };
  std::vector<PackedFindings> Found(N);
  for (size_t I = 0; I < N; ++I) {
    frontend::TUOutcome &O = Outcomes[I];
    Found[I].swap(First[I].Findings);
    if (!O.Parsed) {
      for (frontend::ParseError &E : O.Errors)
        if (!E.File.empty())
          E.File = project::absolutePath(E.File);
      if (Config.enabled(ParseErrorCheck::Info.Id))
        if (auto F = parseErrorFinding(O, Owns))
          Found[I].push_back(Store.pack(*F));
    }
  }
  scanUncoveredFiles(P, Config, Opts, TUs, Outcomes, First, Store, Found);
  // Not under report, whose inventory must see each TU once.
  PendingRegions Pending =
      Opts.AlsoConsume ? PendingRegions() : findPendingRegions(First);
  // A pending region is read as the HIP host pass of its port sees it.
  frontend::ParseOptions PendingPO = FirstPO;
  if (!Prelude.empty())
    PendingPO.Adjust = HostPass;
  std::map<std::string, Skips> Nested = lintPendingRegions(
      P, Config, CO, Opts, TUs, First, Pending, PendingPO, Store, Found);
  addWidthNetFindings(P, Config, Opts, First, Pending, Nested, Store, Found);
  for (PackedFindings &F : Found)
    appendFindings(Store.List, F);
  return llvm::Error::success();
}


/// The rank of each of N names in their sorted order.
template <typename NameFn>
std::vector<uint32_t> ranks(size_t N, NameFn Name) {
  std::vector<uint32_t> Order(N), Rank(N);
  std::iota(Order.begin(), Order.end(), 0);
  std::sort(Order.begin(), Order.end(),
            [&](uint32_t A, uint32_t B) { return Name(A) < Name(B); });
  for (size_t K = 0; K < N; ++K)
    Rank[Order[K]] = uint32_t(K);
  return Rank;
}

/// Sorts by file, offset, check id, message and length (strings compared
/// as strings: the order of the unpacked findings) and drops duplicates,
/// headers seen from several TUs.
void sortFindings(FindingStore &S) {
  std::vector<uint32_t> FileRank =
      ranks(S.files(), [&](uint32_t I) -> const std::string & {
        return S.path(I);
      });
  std::vector<uint32_t> CheckRank =
      ranks(S.checks(), [&](uint32_t I) -> const std::string & {
        return S.checkId(uint16_t(I));
      });
  // <0, 0, >0 as the keys compare.
  auto Compare = [&](const PackedFinding &A, const PackedFinding &B) -> int {
    if (A.File != B.File)
      return FileRank[A.File] < FileRank[B.File] ? -1 : 1;
    if (A.Offset != B.Offset)
      return A.Offset < B.Offset ? -1 : 1;
    if (A.Check != B.Check)
      return CheckRank[A.Check] < CheckRank[B.Check] ? -1 : 1;
    if (int C = S.compareText(A.Message, B.Message))
      return C;
    return A.Length < B.Length ? -1 : A.Length > B.Length ? 1 : 0;
  };
  std::sort(S.List.begin(), S.List.end(),
            [&](const auto &A, const auto &B) { return Compare(A, B) < 0; });
  S.List.erase(std::unique(S.List.begin(), S.List.end(),
                           [&](const auto &A, const auto &B) {
                             return Compare(A, B) == 0;
                           }),
               S.List.end());
}

/// Drops the width findings in CUDA backend files whose HIP twin the HIP
/// build compiles instead (hipTwinOf): their widths are NVIDIA's.
void dropReplacedBackends(FindingStore &S) {
  std::map<uint32_t, bool> Replaced;
  llvm::erase_if(S.List, [&](const PackedFinding &F) {
    if (!llvm::StringRef(S.checkId(F.Check)).starts_with("wave64-"))
      return false;
    auto [It, New] = Replaced.try_emplace(F.File);
    if (New)
      It->second = !hipTwinOf(S.path(F.File)).empty();
    return It->second;
  });
}

/// Drops suppressed findings (the count comes back) and applies the
/// configured severities, compacting the list in place.
unsigned applySuppressions(FindingStore &S, const LintConfig &Config) {
  // One file's text at a time: the findings are sorted by file.
  std::unique_ptr<core::SourceText> Text;
  uint32_t TextFile = 0;
  std::map<uint16_t, std::optional<core::Severity>> Levels;
  unsigned Suppressed = 0;
  size_t Kept = 0;
  for (size_t I = 0; I < S.List.size(); ++I) {
    PackedFinding F = S.List[I];
    if (!Text || TextFile != F.File) {
      auto Buf = llvm::MemoryBuffer::getFile(S.path(F.File));
      Text.reset();
      Text = std::make_unique<core::SourceText>(
          Buf ? (*Buf)->getBuffer().str() : std::string());
      TextFile = F.File;
    }
    const std::string &Id = S.checkId(F.Check);
    unsigned Line = Text->line(F.Offset);
    if (isSuppressed(Id, Text->lineTextOf(Line), Text->lineTextOf(Line - 1))) {
      ++Suppressed;
      continue;
    }
    auto [Level, New] = Levels.try_emplace(F.Check);
    if (New)
      Level->second = Config.severity(Id);
    if (Level->second)
      F.Level = uint8_t(*Level->second);
    S.List[Kept++] = F;
  }
  S.List.resize(Kept);
  return Suppressed;
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
  CO.Rules = Opts.Rules;
  CO.Target = Opts.Target;
  LintResult R;
  std::vector<std::string> TUs;
  for (const std::string &TU : P.translationUnits())
    if (inShard(relativePath(P, TU), Opts.Shard, Opts.Shards))
      TUs.push_back(TU);
  R.TranslationUnits = unsigned(TUs.size());

  FindingStore &Store = R.Findings;
  // Failing closed needs the parse even when no AST check is enabled.
  // The width net reads files as the passes' preprocessors left them.
  bool AnyAst = Config.enabled(ParseErrorCheck::Info.Id) ||
                Config.enabled(WidthLiteralNet::Info.Id);
  for (const RegisteredCheck &C : registry())
    AnyAst |= C.Create && Config.enabled(C.Info->Id);
  if (AnyAst && !TUs.empty())
    if (llvm::Error E = lintTUs(P, Config, CO, Opts, TUs, R.Outcomes, Store))
      return std::move(E);
  // The report's allocations then do not come on top of the parses' heap
  // (#17).
  core::releaseFreedMemory();

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
        Store.List.push_back(Store.pack(Fi));
  }
  sortFindings(Store);
  dropReplacedBackends(Store);
  R.Suppressed = applySuppressions(Store, Config);
  return R;
}

} // namespace hipport::checks
