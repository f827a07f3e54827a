#include "Report/ProjectReport.h"

#include "Checks/Linter.h"
#include "Checks/WidthLiteralNet.h"
#include "Core/Version.h"
#include "Report/Automation.h"
#include "Report/Context.h"
#include "Report/Inventory.h"
#include "Report/Libraries.h"
#include "Report/TextScan.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <set>

namespace hipport::report {

const char *dialectName(Dialect D) {
  switch (D) {
  case Dialect::None:
    return "none";
  case Dialect::Cuda:
    return "cuda";
  case Dialect::Hip:
    return "hip";
  }
  return "none";
}

bool isThirdParty(llvm::StringRef Rel, const std::vector<std::string> &Extra) {
  static const char *Names[] = {"third_party", "thirdparty", "third-party",
                                "3rdparty",    "external",   "extern",
                                "vendor",      "deps"};
  llvm::SmallVector<llvm::StringRef> Parts;
  Rel.split(Parts, '/');
  Parts.pop_back(); // the file name itself
  for (llvm::StringRef P : Parts)
    for (const char *N : Names)
      if (P.equals_insensitive(N))
        return true;
  for (const std::string &E : Extra) {
    llvm::StringRef X = llvm::StringRef(E).trim("/");
    if (X.empty())
      continue;
    if (Rel.starts_with(X) && (Rel.size() == X.size() || Rel[X.size()] == '/'))
      return true;
    if (Rel.contains("/" + X.str() + "/"))
      return true;
  }
  return false;
}

namespace {

/// Submodule paths of every .gitmodules at a root: vendored code by intent.
std::vector<std::string> submodules(const project::Project &P) {
  std::vector<std::string> Out;
  for (const std::string &Root : P.roots()) {
    auto Buf = llvm::MemoryBuffer::getFile(Root + "/.gitmodules");
    if (!Buf)
      continue;
    llvm::SmallVector<llvm::StringRef> Lines;
    (*Buf)->getBuffer().split(Lines, '\n');
    for (llvm::StringRef L : Lines) {
      L = L.trim();
      if (!L.consume_front("path"))
        continue;
      L = L.ltrim();
      if (L.consume_front("="))
        Out.push_back(L.trim().str());
    }
  }
  return Out;
}

/// A project file as the report sees it.
struct FileFacts {
  const project::ProjectFile *F = nullptr;
  std::string Stripped; ///< comments blanked; sources only
  unsigned Lines = 0;
  bool Source = false, Text = false, ThirdParty = false;
  Dialect Lang = Dialect::None;
};


unsigned riskScore(const Kernel &K) {
  unsigned R = 0;
  R += K.TensorCore.empty() ? 0 : 8;
  R += K.InlineAsm ? 6 : 0;
  R += K.WarpIntrinsics.empty() ? 0 : 4;
  R += K.SharedVars ? 1 : 0;
  R += K.DynamicShared ? 1 : 0;
  R += K.Atomics.empty() ? 0 : 1;
  R += K.Template ? 1 : 0;
  R += std::min(K.Lines / 50, 5u);
  return R;
}

} // namespace

namespace {

/// Builds one report in stages; each stage reads what the earlier ones left.
class ReportBuilder {
public:
  ReportBuilder(const project::Project &P, const rules::RuleSet &Rules,
                const ReportOptions &Opts)
      : P(P), Rules(Rules), Opts(Opts),
        Target(Opts.Target.Rocm ? *Opts.Target.Rocm : Rules.newestRocm()),
        Collector(P, Rules) {}

  llvm::Expected<Report> build(const CostModel &M) {
    auto Start = std::chrono::steady_clock::now();
    R.Root = P.roots().empty() ? "" : P.roots().front();
    R.ThirdPartyDirs = Opts.ThirdParty;
    for (const std::string &S : submodules(P))
      R.ThirdPartyDirs.push_back(S);
    scanFiles();
    if (llvm::Error E = parseTranslationUnits())
      return std::move(E);
    collectCovered();
    gatherInventory();
    resolveKernels();
    countApiUse();
    countLibraries();
    addLintFindings();
    addNotes();
    finish(M);
    R.Seconds = std::chrono::duration<double>(
                    std::chrono::steady_clock::now() - Start)
                    .count();
    return std::move(R);
  }

private:
  void scanFiles();
  llvm::Error parseTranslationUnits();
  void collectCovered();
  void assignTus();
  void gatherInventory();
  void resolveKernels();
  void countApiUse();
  void countLibraries();
  void addLintFindings();
  void addNotes();
  void finish(const CostModel &M);

  const project::Project &P;
  const rules::RuleSet &Rules;
  const ReportOptions &Opts;
  rules::RocmVersion Target;
  Report R;
  std::map<std::string, FileFacts> Facts; // by absolute path
  std::map<std::string, DirectoryStats> Dirs;
  InventoryCollector Collector;
  std::vector<frontend::TUOutcome> Outcomes;
  std::optional<checks::LintResult> Lint;
  /// Files a cleanly parsed TU entered; the rest are text-scanned.
  std::set<std::string> Covered;
  std::map<std::string, Kernel> Kernels; // by key
  std::set<NameUse> Uses;
  std::vector<LaunchRef> Launches;
};

void ReportBuilder::scanFiles() {
  // Files, lines, dialects.
  for (const project::ProjectFile &F : P.files()) {
    FileFacts &FF = Facts[F.Path];
    FF.F = &F;
    FF.ThirdParty = isThirdParty(F.Relative, R.ThirdPartyDirs);
    FF.Source = F.Role != project::FileRole::Other;
    ++R.Files;
    DirectoryStats &D = Dirs[directoryOf(F.Relative)];
    D.Dir = directoryOf(F.Relative);
    ++D.Files;
    D.ThirdParty |= FF.ThirdParty;
    auto Buf = llvm::MemoryBuffer::getFile(F.Path, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
    if (!Buf || (*Buf)->getBufferSize() > (16u << 20))
      continue;
    llvm::StringRef Text = (*Buf)->getBuffer();
    if (Text.take_front(8192).contains('\0'))
      continue; // binary
    FF.Text = true;
    FF.Lines = countLines(Text);
    R.Lines += FF.Lines;
    D.Lines += FF.Lines;
    if (FF.ThirdParty) {
      ++R.ThirdPartyFiles;
      R.ThirdPartyLines += FF.Lines;
    }
    for (OpsItem &O : scanOps(Text, F.Relative, FF.Source, Target))
      R.Operations.push_back(std::move(O));
    if (!FF.Source)
      continue;
    ++R.SourceFiles;
    R.SourceLines += FF.Lines;
    R.SourceLinesOf[F.Relative] = FF.Lines;
    ++D.SourceFiles;
    D.SourceLines += FF.Lines;
    FF.Stripped = stripComments(Text);
    FF.Lang = dialectOf(F.Path, FF.Stripped);
  }

}

llvm::Error ReportBuilder::parseTranslationUnits() {
  // One parse per TU for kernels and names, shared with lint's when lint runs.
  std::vector<std::string> TUs = P.translationUnits();
  R.TranslationUnits = unsigned(TUs.size());
  if (Opts.RunLint) {
    checks::LintOptions LO;
    LO.Jobs = Opts.Jobs;
    LO.AlsoConsume = Collector.consumerFactory();
    // The report's own tables (user rules included) and target: borrowed.
    LO.Rules = std::shared_ptr<const rules::RuleSet>(
        &Rules, [](const rules::RuleSet *) {});
    LO.Target = Opts.Target;
    auto LR = checks::lint(P, Opts.Lint, LO);
    if (!LR)
      return LR.takeError();
    Lint = std::move(*LR);
    Outcomes = Lint->Outcomes;
  }
  // Lint parses nothing when its configuration disables every AST check.
  if (Outcomes.size() != TUs.size() && !TUs.empty()) {
    frontend::ParseOptions PO;
    PO.Jobs = Opts.Jobs;
    PO.Verb = "report";
    Outcomes = frontend::parseAll(P, TUs, Collector.factory(), PO);
  }

  return llvm::Error::success();
}

void ReportBuilder::collectCovered() {
  // A file counts as seen by clang when a TU that parsed cleanly entered
  // it; everything else is text-scanned, so no half-parsed AST and text
  // scan count the same kernel twice.
  for (const frontend::TUOutcome &O : Outcomes) {
    auto It = Collector.results().find(O.File);
    if (!O.Parsed) {
      Unparsed U;
      U.File = checks::relativePath(P, O.File);
      U.Errors = unsigned(O.Errors.size());
      if (!O.Errors.empty()) {
        const frontend::ParseError &E = O.Errors.front();
        U.FirstError = E.File.empty()
                           ? E.Message
                           : fmt::format("{}:{}:{}: {}",
                                         checks::relativePath(P, E.File),
                                         E.Line, E.Column, E.Message);
      }
      R.UnparsedTUs.push_back(std::move(U));
      continue;
    }
    if (It != Collector.results().end())
      Covered.insert(It->second.SeenFiles.begin(), It->second.SeenFiles.end());
  }
  assignTus();
}

/// Directory components two paths share: how near a header is to a TU
/// that includes it.
static unsigned commonDirDepth(llvm::StringRef A, llvm::StringRef B) {
  namespace path = llvm::sys::path;
  A = path::parent_path(A);
  B = path::parent_path(B);
  unsigned N = 0;
  for (auto I = path::begin(A), J = path::begin(B);
       I != path::end(A) && J != path::end(B) && *I == *J; ++I, ++J)
    ++N;
  return N;
}

void ReportBuilder::assignTus() {
  // Each file a parsed TU entered is counted under one TU, as the
  // calibration counted each header for one pair (bench/calibration
  // tu_headers()): a header under the TU nearest to it in the tree, then
  // the first by path. A TU that another TU includes (a .cu pulled into
  // main.cu) is counted like a header: the calibration's pair was the
  // including file.
  std::map<std::string, std::string> Owner; // absolute paths
  for (const auto &[TU, Inv] : Collector.results())
    for (const std::string &F : Inv.SeenFiles) {
      if (F == TU)
        continue;
      auto [It, New] = Owner.emplace(F, TU);
      unsigned Mine = commonDirDepth(F, TU),
               Theirs = commonDirDepth(F, It->second);
      if (!New && (Mine > Theirs || (Mine == Theirs && TU < It->second)))
        It->second = TU;
    }
  // Follow included TUs up to the one that includes them; a cycle (two
  // .cu files including each other) stops after as many steps as files.
  for (auto &[F, TU] : Owner) {
    std::string Top = TU;
    for (size_t Step = 0; Step < Owner.size(); ++Step) {
      auto Up = Owner.find(Top);
      if (Up == Owner.end() || Up->second == F)
        break;
      Top = Up->second;
    }
    R.TuOf[checks::relativePath(P, F)] = checks::relativePath(P, Top);
  }
}

void ReportBuilder::gatherInventory() {
  for (const auto &[TU, Inv] : Collector.results()) {
    for (const auto &[Key, K] : Inv.Kernels)
      if (Covered.count(K.Loc.File))
        Kernels.emplace(Key, K);
    for (const NameUse &U : Inv.Uses)
      if (Covered.count(U.File))
        Uses.insert(U);
    for (const LaunchRef &L : Inv.Launches)
      if (Covered.count(L.Site.File))
        Launches.push_back(L);
  }
  for (auto &[Abs, FF] : Facts) {
    if (!FF.Source || !FF.Text || Covered.count(Abs))
      continue;
    bool Any = false;
    for (Kernel &K : scanKernels(FF.Stripped, Abs)) {
      Any = true;
      Kernels.emplace(Abs + ":line" + std::to_string(K.Loc.Line), std::move(K));
    }
    for (LaunchRef &L : scanLaunches(FF.Stripped, Abs)) {
      Any = true;
      Launches.push_back(std::move(L));
    }
    for (NameUse &U : scanNames(FF.Stripped, Abs, Rules)) {
      Any = true;
      Uses.insert(std::move(U));
    }
    if (Any)
      R.TextScannedFiles.push_back(FF.F->Relative);
  }

}

void ReportBuilder::resolveKernels() {
  // Kernels: resolve launches, finish locations, rank.
  std::map<std::string, std::vector<std::string>> ByName; // name -> keys
  for (auto &[Key, K] : Kernels) {
    ByName[K.Name].push_back(Key);
    llvm::StringRef Short = llvm::StringRef(K.Name).rsplit("::").second;
    if (!Short.empty())
      ByName[Short.str()].push_back(Key);
  }
  for (const LaunchRef &L : Launches) {
    std::string Key = L.KernelKey;
    if (!Kernels.count(Key)) {
      auto It = ByName.find(L.KernelName);
      if (It == ByName.end()) {
        llvm::StringRef Short = llvm::StringRef(L.KernelName).rsplit("::").second;
        It = ByName.find(Short.str());
      }
      if (It == ByName.end())
        continue;
      // Several kernels of one name (one per file): prefer the launching file.
      Key = It->second.front();
      for (const std::string &C : It->second)
        if (Kernels[C].Loc.File == L.Site.File)
          Key = C;
    }
    Kernels[Key].LaunchSites.insert(
        {checks::relativePath(P, L.Site.File), L.Site.Line});
  }
  for (auto &[Key, K] : Kernels) {
    const FileFacts &FF = Facts[K.Loc.File];
    K.ThirdParty = FF.ThirdParty;
    K.Lang = FF.Lang == Dialect::Hip ? Dialect::Hip : Dialect::Cuda;
    K.Loc.File = checks::relativePath(P, K.Loc.File);
    K.Risk = riskScore(K);
    R.Kernels.push_back(std::move(K));
    ++Dirs[directoryOf(R.Kernels.back().Loc.File)].Kernels;
  }

}

void ReportBuilder::countApiUse() {
  // API use by name.
  std::map<std::string, ApiUse> Api;
  for (const NameUse &U : Uses) {
    const rules::RuleEntry *E = Rules.find(U.Name);
    if (!E)
      continue;
    // In HIP code a name HIP spells the same way (dim3, __syncthreads) is
    // not left to port.
    if (Facts[U.File].Lang == Dialect::Hip && E->Hip == E->Cuda)
      continue;
    ApiUse &A = Api[U.Name];
    std::string Rel = checks::relativePath(P, U.File);
    bool TP = Facts[U.File].ThirdParty;
    if (A.Calls == 0) {
      rules::Mapping Mp = Rules.resolve(*E, Opts.Target);
      A.Name = U.Name;
      A.Family = E->Family;
      A.Status = Mp.Act == rules::Mapping::Action::Unsupported
                     ? "unsupported"
                     : rules::statusName(E->EntryStatus);
      A.Hip = Mp.Act == rules::Mapping::Action::Unsupported ? "" : Mp.Hip;
      A.First = {Rel, U.Line};
      A.ThirdParty = TP;
    }
    A.ThirdParty &= TP;
    ++A.Calls;
    ++A.CallsByFile[Rel];
  }
  for (auto &[N, A] : Api)
    R.Api.push_back(A);
  std::stable_sort(R.Api.begin(), R.Api.end(), [](auto &A, auto &B) {
    return std::tie(A.Family, A.Name) < std::tie(B.Family, B.Name);
  });

}

void ReportBuilder::countLibraries() {
  // Libraries: by #include, and by the family of the names used.
  std::map<std::string, LibraryUse> Libs;
  auto Lib = [&](const LibraryInfo &I) -> LibraryUse & {
    LibraryUse &L = Libs[I.Id];
    if (L.Id.empty()) {
      L.Id = I.Id;
      L.Name = I.Name;
      L.Rocm = I.Rocm;
      L.Maturity = I.Maturity;
      L.Mapped = I.Mapped;
    }
    return L;
  };
  for (auto &[Abs, FF] : Facts) {
    if (!FF.Source || !FF.Text)
      continue;
    for (const std::string &Inc : includes(FF.Stripped))
      if (const LibraryInfo *I = libraryForHeader(Inc)) {
        LibraryUse &L = Lib(*I);
        if (L.Files.insert(FF.F->Relative).second && L.First.File.empty())
          L.First = {FF.F->Relative, 0};
      }
  }
  for (const ApiUse &A : R.Api)
    if (const LibraryInfo *I = libraryForFamily(A.Family)) {
      LibraryUse &L = Lib(*I);
      L.ApiCalls += A.Calls;
      ++L.ApiDistinct;
      if (L.First.File.empty())
        L.First = A.First;
    }
  for (auto &[Id, L] : Libs)
    R.Libraries.push_back(L);

}

void ReportBuilder::addLintFindings() {
  // Lint findings and build items.
  if (Lint) {
    const checks::LintResult *LR = &*Lint;
    R.LintRan = true;
    R.BuildFiles = LR->BuildFiles;
    std::map<std::string, LintCount> ByCheck;
    // Findings come by the thousand in big trees: each file is read once.
    std::map<std::string, std::unique_ptr<llvm::MemoryBuffer>> Bufs;
    auto LineOf = [&](const std::string &File, unsigned Offset) -> unsigned {
      auto It = Bufs.find(File);
      if (It == Bufs.end()) {
        auto B = llvm::MemoryBuffer::getFile(File);
        It = Bufs.emplace(File, B ? std::move(*B) : nullptr).first;
      }
      if (!It->second)
        return 0;
      return unsigned(It->second->getBuffer().take_front(Offset).count('\n') + 1);
    };
    for (const core::Finding &F : LR->Findings) {
      LintCount &C = ByCheck[F.CheckId];
      C.Check = F.CheckId;
      C.Severity = core::severityName(F.Level);
      ++C.Count;
      ++R.LintFindings;
      std::string Rel = checks::relativePath(P, F.Range.File);
      unsigned Line = LineOf(F.Range.File, F.Range.Offset);
      if (llvm::StringRef(F.CheckId).starts_with("build-")) {
        R.Build.push_back({{Rel, Line}, F.CheckId,
                           core::severityName(F.Level), F.Message,
                           !F.Fixes.empty()});
      } else {
        ++R.LintByFile[Rel][checks::isWidthNetHint(F.CheckId)
                                ? "note"
                                : core::severityName(F.Level)];
        R.Findings.push_back({{Rel, Line}, F.CheckId,
                              core::severityName(F.Level), F.Message});
      }
    }
    auto Rank = [](const std::string &Sev) {
      return Sev == "error" ? 0 : Sev == "warning" ? 1 : Sev == "remark" ? 2 : 3;
    };
    std::stable_sort(R.Findings.begin(), R.Findings.end(),
                     [&](auto &A, auto &B) {
                       return std::make_pair(Rank(A.Severity), A.Loc) <
                              std::make_pair(Rank(B.Severity), B.Loc);
                     });
    for (auto &[Id, C] : ByCheck)
      R.Lint.push_back(C);
    std::stable_sort(R.Lint.begin(), R.Lint.end(),
                     [](auto &A, auto &B) { return A.Count > B.Count; });
  }
  // Remarks are priced as notes.
  for (auto &[File, Counts] : R.LintByFile)
    if (auto It = Counts.find("remark"); It != Counts.end()) {
      Counts["note"] += It->second;
      Counts.erase(It);
    }

}

void ReportBuilder::addNotes() {
  // Mode and notes: what the reader must know to trust the numbers.
  bool AnyCuda = false, AnyHip = false;
  for (auto &[Abs, FF] : Facts) {
    AnyCuda |= FF.Lang == Dialect::Cuda;
    AnyHip |= FF.Lang == Dialect::Hip;
  }
  R.Mode = AnyCuda && AnyHip ? "mixed"
           : AnyCuda         ? "cuda"
           : AnyHip          ? "hip"
                             : "none";
  if (R.Files == 0)
    R.Notes.push_back("the tree is empty: nothing to port");
  else if (R.Mode == "none" && R.Api.empty())
    R.Notes.push_back("no CUDA or HIP code found: nothing to port");
  if (R.Mode == "hip")
    R.Notes.push_back("the sources are HIP: the estimate is what is left "
                      "(CUDA names still used, lint findings, validation)");
  if (R.Mode == "mixed")
    R.Notes.push_back("CUDA and HIP sources side by side: CUDA files are "
                      "priced as a port, HIP files as what is left");
  if (!R.UnparsedTUs.empty())
    R.Notes.push_back(fmt::format(
        "clang could not parse {} of {} translation unit(s); their files "
        "were inventoried by a text scan, which does not follow calls into "
        "__device__ helpers",
        R.UnparsedTUs.size(), R.TranslationUnits));
  if (!P.hasCuda() && AnyCuda)
    R.Notes.push_back("no CUDA toolkit found: CUDA sources could not be "
                      "parsed and were text-scanned");
  if (R.ThirdPartyFiles)
    R.Notes.push_back("third-party code is counted apart: its kernels, not "
                      "its lines, are priced");

  for (auto &[D, S] : Dirs)
    R.Directories.push_back(S);
}

void ReportBuilder::finish(const CostModel &M) {
  // The estimate prices the review of the automatic edits.
  automation(R);
  estimate(R, M);
  R.Context.Date = reportDate();
  R.Context.Version = core::version();
  R.Context.Rocm = Target.str();
  R.Context.CommandLine = Opts.CommandLine;
  R.Context.CostModelVersion = M.modelVersion();
  R.Context.CostModelForm = M.formName();
  R.Context.CostModelSchema = M.schemaVersion();

  std::stable_sort(R.Kernels.begin(), R.Kernels.end(), [](auto &A, auto &B) {
    if (A.Risk != B.Risk)
      return A.Risk > B.Risk;
    if (A.HoursHigh != B.HoursHigh)
      return A.HoursHigh > B.HoursHigh;
    return std::tie(A.Loc, A.Name) < std::tie(B.Loc, B.Name);
  });
  std::stable_sort(R.Directories.begin(), R.Directories.end(),
                   [](auto &A, auto &B) {
                     if (A.HoursHigh != B.HoursHigh)
                       return A.HoursHigh > B.HoursHigh;
                     return A.Dir < B.Dir;
                   });
}

} // namespace

llvm::Expected<Report> buildReport(const project::Project &P,
                                   const rules::RuleSet &Rules,
                                   const CostModel &M,
                                   const ReportOptions &Opts) {
  return ReportBuilder(P, Rules, Opts).build(M);
}

} // namespace hipport::report
