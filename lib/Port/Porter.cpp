#include "Port/Porter.h"

#include "BuildScan/BuildRewriter.h"
#include "BuildScan/BuildScanner.h"
#include "Core/FileWriter.h"
#include "Core/SourceText.h"
#include "Port/AstFix.h"
#include "Port/AstRenamer.h"
#include "Port/HeaderShims.h"
#include "Port/OpsPort.h"
#include "Port/TokenRenamer.h"

#include "clang/Frontend/FrontendAction.h"
#include "llvm/Support/Path.h"

#include <chrono>
#include <fmt/format.h>
#include <mutex>

namespace hipport::port {

std::string outputRelativePath(const project::ProjectFile &F,
                               const PortOptions &Opts) {
  if (!Opts.RenameExtensions || !llvm::StringRef(F.Relative).ends_with(".cu"))
    return F.Relative;
  return F.Relative.substr(0, F.Relative.size() - 3) + ".hip";
}

/// A clang error as a finding at its position, saying what the port did.
static core::Finding parseErrorFinding(const frontend::TUOutcome &O,
                                       const frontend::ParseError &E) {
  core::Finding F;
  F.CheckId = "port-parse-error";
  F.Level = core::Severity::Error;
  F.Range.File = E.File.empty() ? O.File : E.File;
  F.Message = fmt::format("{} (while parsing {}; ported by the token pass only)",
                          E.Message, O.File);
  if (!E.Line)
    return F;
  auto Text = core::readFile(F.Range.File);
  if (!Text) {
    llvm::consumeError(Text.takeError());
    F.Message = fmt::format("line {}:{}: {}", E.Line, E.Column, F.Message);
    return F;
  }
  unsigned Off = 0, Line = 1;
  while (Line < E.Line && Off < Text->size())
    if ((*Text)[Off++] == '\n')
      ++Line;
  F.Range.Offset = Off + E.Column - 1;
  return F;
}

/// The TU's clang errors as findings: each error in a project file at its
/// position; those of system and toolkit headers (a HIP header parsed on
/// the CUDA path, a missing include path) summed up in one finding at the
/// TU unless Verbose, with the hint that fixes them.
static void addParseErrorFindings(const project::Project &P,
                                  const frontend::TUOutcome &O, bool Verbose,
                                  std::vector<core::Finding> &Out) {
  unsigned Foreign = 0;
  const frontend::ParseError *First = nullptr;
  for (const frontend::ParseError &E : O.Errors) {
    bool Ours = E.File.empty() || P.owns(E.File);
    bool Meta = llvm::StringRef(E.Message).starts_with("too many errors");
    if (Verbose || (Ours && !Meta)) {
      Out.push_back(parseErrorFinding(O, E));
      continue;
    }
    if (Meta)
      continue;
    ++Foreign;
    if (!First)
      First = &E;
  }
  if (!Foreign)
    return;
  core::Finding F;
  F.CheckId = "port-parse-error";
  F.Level = core::Severity::Error;
  F.Range.File = O.File;
  F.Message = fmt::format(
      "{} error(s) in system or toolkit headers while parsing this file "
      "(first: {}:{}:{}: {}); ported by the token pass only: pass the "
      "build's flags with -p compile_commands.json, or include paths and "
      "macros after '--' (-- -I<dir> -D<name>); --verbose lists each",
      Foreign, First->File, First->Line, First->Column, First->Message);
  Out.push_back(std::move(F));
}

/// True when E renames a name the project declares itself, in any TU. The
/// AST pass asks per declaration, and a shim that redeclares a CUDA type
/// (`typedef struct CUctx_st *CUcontext;` next to the toolkit's) is either
/// the toolkit's declaration (pass 1) or an invalid redefinition (pass 2,
/// once its struct tag was renamed): asking by name, as the token pass does,
/// gives one answer in every pass, so a port of a port changes nothing.
static bool renamesUserName(const Edit &E, const std::string &Original,
                            const std::set<std::string> &UserDeclared,
                            const rules::RuleSet &Rules) {
  if (E.Origin != EditOrigin::Ast || E.Family.empty() ||
      E.Offset + E.Length > Original.size())
    return false;
  std::string Name = Original.substr(E.Offset, E.Length);
  const rules::RuleEntry *RE = Rules.find(Name);
  return RE && RE->EntryKind != rules::Kind::Member &&
         UserDeclared.count(Name);
}

/// A CMake file or Makefile, rewritten for hipcc through the same edit set
/// (and so the same writer and diff) as sources.
template <class AddFindingFn>
static void portBuildFile(PortedFile &PF, const PortOptions &Opts,
                          AddFindingFn &AddFinding) {
  buildscan::BuildRewriteOptions BO;
  BO.OffloadArch = Opts.OffloadArch;
  buildscan::BuildRewrite B =
      buildscan::rewriteBuildFile(PF.Source->Path, PF.Original, BO);
  FileEdits Edits;
  for (const buildscan::BuildEdit &E : B.Edits)
    Edits.add({E.Offset, E.Length, E.Text, EditOrigin::Token, ""});
  PF.Ported = Edits.apply(PF.Original);
  PF.Stats.LinesChanged = changedLines(PF.Original, Edits);
  PF.Edits = std::move(Edits); // --diff is built from the edits
  for (const auto &[K, V] : B.Counts)
    PF.Stats.Rewrites[K] += V;
  for (core::Finding &F : B.Left)
    AddFinding(std::move(F));
}

/// An operations file under `port --ops`: same edit set, writer and diff.
template <class AddFindingFn>
static void portOpsFile(PortedFile &PF, rules::RocmVersion Target,
                        AddFindingFn &AddFinding) {
  OpsPort O = portOps(PF.Source->Path, PF.Original,
                      rules::OpsTable::builtin(), Target);
  PF.Ported = O.Edits.apply(PF.Original);
  PF.Stats.LinesChanged = changedLines(PF.Original, O.Edits);
  PF.Edits = std::move(O.Edits);
  for (const auto &[K, V] : O.Rewrites)
    PF.Stats.Rewrites[K] += V;
  for (core::Finding &F : O.Findings)
    AddFinding(std::move(F));
  // setup.py (CUDAExtension, 'nvcc' flags) and scripts that call nvcc: what
  // lint reports there is reported here too, by the same scanners.
  if (buildscan::isBuildFile(PF.Source->Path))
    for (core::Finding &F :
         buildscan::scanBuildFile(PF.Source->Path, PF.Original))
      AddFinding(std::move(F));
}

/// Every project file read into R.Files; a file that is not UTF-8 is a note
/// (or, with StrictUtf8, an error with its position).
static llvm::Error readProjectFiles(const project::Project &P,
                                    const PortOptions &Opts, PortResult &R) {
  for (const project::ProjectFile &F : P.files()) {
    auto Text = core::readFile(F.Path);
    if (!Text)
      return Text.takeError();
    PortedFile PF;
    PF.Source = &F;
    PF.OutRelative = outputRelativePath(F, Opts);
    PF.Original = std::move(*Text);
    if (F.Role != project::FileRole::Other) {
      unsigned Bad;
      if (!core::isValidUtf8(PF.Original, Bad)) {
        core::SourceText S(PF.Original);
        unsigned Byte = static_cast<unsigned char>(PF.Original[Bad]);
        if (Opts.StrictUtf8)
          return llvm::createStringError(
              llvm::inconvertibleErrorCode(),
              "%s:%u:%u: invalid UTF-8 byte 0x%02x; convert the file to UTF-8 "
              "or leave out --strict-utf8",
              F.Path.c_str(), S.line(Bad), S.column(Bad), Byte);
        core::Finding NonUtf8;
        NonUtf8.CheckId = "port-non-utf8";
        NonUtf8.Level = core::Severity::Note;
        NonUtf8.Range = {F.Path, Bad, 1};
        NonUtf8.Message = fmt::format(
            "file is not UTF-8 (first invalid byte 0x{:02x}); every byte is "
            "kept, only identifiers are rewritten",
            Byte);
        R.Findings.push_back(NonUtf8);
        PF.Stats.NonUtf8 = true;
      }
    }
    R.Files.push_back(std::move(PF));
  }
  return llvm::Error::success();
}

/// The AST pass, one parse per TU: edits, shims and findings into Facts,
/// and per file the project names every TU that saw it declares.
static void runAstPass(const project::Project &P, const rules::RuleSet &Rules,
                       const PortOptions &Opts, PortResult &R, AstFacts &Facts,
                       std::map<std::string, std::set<std::string>> &DeclaredFor) {
  std::map<std::string, std::set<std::string>> DeclaredHere;
  R.UsedAst = true;
  frontend::ParseOptions PO;
  PO.Jobs = Opts.Jobs;
  PO.Verb = "port";
  // The text readProjectFiles read is what clang parses: a big file held once.
  std::map<std::string, const std::string *> Texts;
  for (const PortedFile &PF : R.Files)
    Texts[PF.Source->Path] = &PF.Original;
  PO.Contents = [&](const std::string &TU) -> const std::string * {
    auto It = Texts.find(TU);
    return It == Texts.end() ? nullptr : It->second;
  };
  // Each TU collects into facts of its own, merged after the parses.
  std::vector<std::unique_ptr<AstFacts>> PerTU;
  std::mutex PerTULock;
  auto SafeFactory = [&](const std::string &TU)
      -> std::unique_ptr<clang::FrontendAction> {
    std::lock_guard<std::mutex> G(PerTULock);
    PerTU.push_back(std::make_unique<AstFacts>());
    return makeAstRenameAction(P, Rules, Opts, *PerTU.back());
  };
  R.Outcomes = frontend::parseAll(P, P.translationUnits(), SafeFactory, PO);
  // Moved, not copied, and each TU's facts freed once merged: on a big
  // file the edits are the largest thing the port holds besides the text.
  for (auto &F : PerTU) {
    for (auto &[File, Edits] : F->Edits) {
      std::deque<Edit> &To = Facts.Edits[File];
      if (To.empty())
        To = std::move(Edits);
      else
        To.insert(To.end(), std::make_move_iterator(Edits.begin()),
                  std::make_move_iterator(Edits.end()));
    }
    Facts.UserDeclared.insert(F->UserDeclared.begin(), F->UserDeclared.end());
    // Every TU that sees a file must declare the name for it to stay
    // there: a shared header follows the majority use, not one sample's
    // shim.
    for (const std::string &File : F->Files) {
      auto [It, New] = DeclaredFor.try_emplace(File, F->UserDeclared);
      if (New)
        continue;
      std::set<std::string> Both;
      std::set_intersection(It->second.begin(), It->second.end(),
                            F->UserDeclared.begin(), F->UserDeclared.end(),
                            std::inserter(Both, Both.end()));
      It->second = std::move(Both);
    }
    for (const auto &[File, Names] : F->DeclaredIn)
      DeclaredHere[File].insert(Names.begin(), Names.end());
    for (const auto &[File, Shims] : F->Shims)
      Facts.Shims[File].insert(Shims.begin(), Shims.end());
    Facts.Findings.insert(Facts.Findings.end(),
                          std::make_move_iterator(F->Findings.begin()),
                          std::make_move_iterator(F->Findings.end()));
    F.reset();
  }
  for (auto &[File, Names] : DeclaredHere)
    DeclaredFor[File].insert(Names.begin(), Names.end());
  for (const frontend::TUOutcome &O : R.Outcomes)
    addParseErrorFindings(P, O, Opts.VerboseDiagnostics, R.Findings);
}

llvm::Expected<PortResult> portProject(const project::Project &P,
                                       const rules::RuleSet &Rules,
                                       const PortOptions &Opts) {
  auto Start = std::chrono::steady_clock::now();
  PortResult R;
  // A broken fix-up table stops the run before any parse.
  if (auto Table = cxxOverloads(); !Table)
    return Table.takeError();
  if (auto Table = callFixes(); !Table)
    return Table.takeError();
  if (auto Table = nameShims(); !Table)
    return Table.takeError();
  if (auto Table = memberFixes(); !Table)
    return Table.takeError();

  // Read and check everything before any work: bad input stops the run
  // before a single byte is written.
  if (llvm::Error E = readProjectFiles(P, Opts, R))
    return std::move(E);

  AstFacts Facts;
  // The project's own names, per file: those of the TUs that saw it.
  std::map<std::string, std::set<std::string>> DeclaredFor;
  if (P.hasCuda())
    runAstPass(P, Rules, Opts, R, Facts, DeclaredFor);

  // Token pass over every source file, merged with the AST's edits.
  TokenRenamer Tokens(Rules, Opts);
  std::set<std::tuple<std::string, unsigned, std::string>> SeenFindings;
  auto AddFinding = [&](core::Finding F) {
    auto Key = std::make_tuple(F.Range.File, F.Range.Offset, F.CheckId);
    if (SeenFindings.insert(Key).second)
      R.Findings.push_back(std::move(F));
  };
  for (core::Finding &F : Facts.Findings)
    AddFinding(F);
  for (PortedFile &PF : R.Files) {
    if (PF.Source->Role == project::FileRole::Other) {
      PF.Ported = PF.Original;
      if (Opts.RewriteBuildFiles && !Opts.LaunchesOnly &&
          buildscan::isRewritableBuildFile(PF.Source->Path))
        portBuildFile(PF, Opts, AddFinding);
      else if (Opts.RewriteOps && !Opts.LaunchesOnly &&
               rules::OpsTable::builtin().rewritesFile(PF.Source->Path))
        portOpsFile(PF,
                    Opts.Target.Rocm ? *Opts.Target.Rocm : Rules.newestRocm(),
                    AddFinding);
      continue;
    }
    FileEdits Edits;
    std::vector<core::Finding> Findings;
    // A file no TU saw (inactive, or no parse) keeps every project name.
    auto Seen = DeclaredFor.find(PF.Source->Path);
    const std::set<std::string> &Declared =
        Seen != DeclaredFor.end() ? Seen->second : Facts.UserDeclared;
    auto It = Facts.Edits.find(PF.Source->Path);
    if (It != Facts.Edits.end())
      for (const Edit &E : It->second) {
        if (renamesUserName(E, PF.Original, Declared, Rules))
          continue;
        if (!Edits.add(E)) {
          core::Finding F;
          F.CheckId = "port-conflict";
          F.Range = {PF.Source->Path, E.Offset, E.Length};
          F.Message = "translation units disagree on this edit; kept the first";
          Findings.push_back(F);
        }
        // Members are only seen by the AST pass, so only it can count them.
        if (!E.Family.empty()) {
          const rules::RuleEntry *RE =
              Rules.find(llvm::StringRef(PF.Original).substr(E.Offset, E.Length));
          if (RE && RE->EntryKind == rules::Kind::Member)
            ++PF.Stats.Converted[E.Family];
        }
      }
    if (It != Facts.Edits.end())
      Facts.Edits.erase(It); // merged into Edits
    bool NeedsInclude =
        llvm::sys::path::extension(PF.Source->Path) == ".cu";
    auto Shims = Facts.Shims.find(PF.Source->Path);
    if (!Opts.LaunchesOnly)
      Tokens.run(PF.Source->Path, PF.Original, Declared, NeedsInclude, Edits,
                 Findings, PF.Stats,
                 Shims != Facts.Shims.end() ? Shims->second
                                            : std::set<std::string>{});
    for (const auto &[Off, E] : Edits.edits()) {
      ++(E.Origin == EditOrigin::Ast ? PF.Stats.AstEdits : PF.Stats.TokenEdits);
      if (!E.Rewrite.empty())
        ++PF.Stats.Rewrites[E.Rewrite];
    }
    PF.Ported = Edits.apply(PF.Original);
    PF.Stats.LinesChanged = changedLines(PF.Original, Edits);
    PF.Edits = std::move(Edits);
    for (core::Finding &F : Findings)
      AddFinding(std::move(F));
  }
  std::stable_sort(R.Findings.begin(), R.Findings.end(),
                   [](const core::Finding &A, const core::Finding &B) {
                     return std::tie(A.Range.File, A.Range.Offset) <
                            std::tie(B.Range.File, B.Range.Offset);
                   });
  R.Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                            Start)
                  .count();
  return R;
}

} // namespace hipport::port
