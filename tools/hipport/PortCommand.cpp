//===- PortCommand.cpp - hipport port --------------------------------------===//
#include "Command.h"

#include "Core/FileWriter.h"
#include "Core/Paths.h"
#include "Core/TextDiagnostic.h"
#include "Port/Porter.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

using namespace llvm;
using namespace hipport;
namespace fs = llvm::sys::fs;

namespace {

cl::SubCommand PortCmd("port", "Rename CUDA to HIP across a codebase");
cl::list<std::string> Inputs(cl::Positional, cl::sub(PortCmd),
                             cl::desc("<source dir or files>"));
cl::opt<std::string> OutDir("o", cl::desc("Write the ported tree here (mirror)"),
                            cl::value_desc("dir"), cl::sub(PortCmd));
cl::opt<bool> InPlace("in-place", cl::desc("Rewrite files in place"),
                      cl::sub(PortCmd));
cl::opt<bool> NoBackup("no-backup",
                       cl::desc("With --in-place: keep no FILE.orig"),
                       cl::sub(PortCmd));
cl::opt<std::string> CompileDb("p", cl::desc("compile_commands.json or its dir"),
                               cl::value_desc("path"), cl::sub(PortCmd));
cl::opt<bool> Diff("diff", cl::desc("Print a unified diff; write nothing"),
                   cl::sub(PortCmd));
cl::opt<std::string> Stats("stats", cl::ValueOptional,
                           cl::desc("Statistics per file and total"),
                           cl::sub(PortCmd));
cl::opt<std::string> Format("format", cl::init("text"),
                            cl::desc("Statistics as text or json (implies "
                                     "--stats)"),
                            cl::sub(PortCmd));
cl::opt<bool> Verbose("verbose",
                      cl::desc("List each clang error of system and toolkit "
                               "headers (default: one line per file)"),
                      cl::sub(PortCmd));
cl::opt<unsigned> Jobs("j", cl::desc("Translation units in parallel"),
                       cl::init(1), cl::sub(PortCmd));
cl::opt<std::string> Launch("launch-syntax",
                            cl::desc("Kernel launches: chevron (default) or hip"),
                            cl::init("chevron"), cl::sub(PortCmd));
cl::opt<bool> RenameExt("rename-ext", cl::desc("Rename .cu files to .hip"),
                        cl::sub(PortCmd));
cl::list<std::string> Excludes("exclude",
                               cl::desc("Leave out paths containing this"),
                               cl::sub(PortCmd));
cl::opt<bool> StrictUtf8("strict-utf8",
                         cl::desc("Stop at files that are not UTF-8 instead "
                                  "of porting them byte-wise (the default)"),
                         cl::sub(PortCmd));
// Byte-wise is the default now; the old opt-in stays accepted.
cl::opt<bool> AllowNonUtf8("allow-non-utf8", cl::Hidden,
                           cl::desc("Accepted for compatibility: non-UTF-8 "
                                    "files are ported byte-wise by default"),
                           cl::sub(PortCmd));
cl::opt<std::string> OffloadArch(
    "offload-arch", cl::init("gfx90a"),
    cl::desc("AMD target the rewritten build files compile for"),
    cl::sub(PortCmd));
cl::opt<bool> NoBuildFiles("no-build-files",
                           cl::desc("Copy CMake files and Makefiles unchanged"),
                           cl::sub(PortCmd));
cl::opt<bool> Ops("ops",
                  cl::desc("Also rewrite operations files for ROCm (device "
                           "variables, Kubernetes GPU resources, base images, "
                           "nvidia-smi queries) and report the other items"),
                  cl::sub(PortCmd));
cl::opt<std::string> CudaPath("cuda-path", cl::desc("CUDA toolkit to parse with"),
                              cl::sub(PortCmd));

std::string displayPath(const std::string &Abs) {
  SmallString<256> Cwd;
  if (!fs::current_path(Cwd)) {
    StringRef P(Abs);
    if (P.starts_with(Cwd) && P.size() > Cwd.size() && P[Cwd.size()] == '/')
      return P.drop_front(Cwd.size() + 1).str();
  }
  return Abs;
}


/// Checks that Dir can be written before anything is: a run either writes
/// its whole output or nothing.
bool checkWritable(const std::string &Dir) {
  std::string Probe = Dir;
  while (!fs::exists(Probe))
    Probe = std::string(sys::path::parent_path(Probe));
  if (!fs::is_directory(Probe)) {
    cli::error(Probe + ": not a directory");
    return false;
  }
  // Root passes access(W_OK) everywhere; creating a file is the real test.
  int FD;
  SmallString<256> Temp;
  // Named like a writer temporary, so a probe a kill leaves behind is found
  // and removed by the next run like any other.
  if (std::error_code EC = fs::createUniqueFile(
          Probe + "/hipport-probe.hipport-%%%%%%", FD, Temp)) {
    cli::error(Probe + ": output directory is not writable: " + EC.message());
    return false;
  }
  ::close(FD);
  fs::remove(Temp);
  return true;
}

void note(const Twine &Msg) { WithColor::note(errs(), "hipport") << Msg << "\n"; }

/// Dir resolved on disk as far as it exists, the rest appended: the output
/// root is compared with the canonical input roots in this form.
std::string resolvedOutput(const std::string &Dir) {
  std::string Abs = project::absolutePath(Dir), Rest;
  std::string Probe = Abs;
  while (!fs::exists(Probe) && sys::path::has_parent_path(Probe)) {
    Rest = "/" + sys::path::filename(Probe).str() + Rest;
    Probe = std::string(sys::path::parent_path(Probe));
  }
  auto Real = project::canonicalPath(Probe);
  if (!Real) {
    consumeError(Real.takeError());
    return Abs;
  }
  return (*Real == "/" ? "" : *Real) + Rest;
}

/// Output and input overlap when either holds the other, compared on disk
/// (an alias through a symlink is the same directory). With only -p, the
/// output may sit in the database's directory: it is never walked.
bool checkOverlap(const project::Project &P, const std::string &OutRoot,
                  bool DatabaseOnly) {
  for (const std::string &Root : P.roots())
    if (core::isUnder(Root, OutRoot) ||
        (!DatabaseOnly && core::isUnder(OutRoot, Root))) {
      cli::error("output directory " + OutRoot + " overlaps the input " + Root +
                 "; choose a directory outside it");
      return false;
    }
  for (const project::ProjectFile &F : P.files())
    if (core::isUnder(F.Path, OutRoot)) {
      cli::error("output directory " + OutRoot + " holds the input " + F.Path);
      return false;
    }
  return true;
}

/// Two project files (or links) with one output name, exactly or up to case,
/// would overwrite each other in the mirror: refused before any write.
bool checkCollisions(const port::PortResult &R, const project::Project &P) {
  // lower-cased output name -> (source, output name)
  std::map<std::string, std::pair<std::string, std::string>> Seen;
  bool Ok = true;
  auto See = [&](const std::string &Out, const std::string &Src) {
    auto [It, New] = Seen.emplace(StringRef(Out).lower(), std::pair(Src, Out));
    if (New)
      return;
    const auto &[First, FirstOut] = It->second;
    cli::error(FirstOut == Out
                   ? fmt::format("{} and {} both become {}; nothing written",
                                 First, Src, Out)
                   : fmt::format("{} and {} become {} and {}, one name on "
                                 "case-insensitive file systems; nothing "
                                 "written",
                                 First, Src, FirstOut, Out));
    Ok = false;
  };
  for (const port::PortedFile &F : R.Files)
    See(F.OutRelative, F.Source->Path);
  for (const project::ProjectLink &L : P.links())
    if (L.InsideRoot)
      See(L.Relative, L.Path);
  return Ok;
}

/// Removes what an interrupted run left, naming each file.
bool removeLeftovers(const std::vector<std::string> &Paths) {
  for (const std::string &T : Paths)
    note(T + ": temporary left by an interrupted run; removed");
  if (Error E = core::removeTemporaries(Paths)) {
    cli::error(toString(std::move(E)));
    return false;
  }
  return true;
}

/// Recreates a link that stays inside the root as the same link in the
/// mirror; one pointing out of the root is left out. Never follows either.
bool mirrorLink(const project::ProjectLink &L, const std::string &OutRoot) {
  if (!L.InsideRoot) {
    note(L.Path + ": symbolic link to " + L.Target +
         " leaves the root; not followed, not mirrored");
    return true;
  }
  std::string Dst = OutRoot + "/" + L.Relative;
  std::string Parent(sys::path::parent_path(Dst));
  std::string Through = core::symlinkOnPath(Parent, OutRoot);
  if (!Through.empty()) {
    cli::error(Dst + ": refusing to write through the symbolic link " + Through);
    return false;
  }
  char Buf[4096];
  ssize_t N = ::readlink(Dst.c_str(), Buf, sizeof Buf);
  if (N >= 0 && std::string(Buf, size_t(N)) == L.Target)
    return true;
  fs::create_directories(Parent);
  std::string Temp = Dst + ".hipport-link00";
  ::unlink(Temp.c_str());
  if (::symlink(L.Target.c_str(), Temp.c_str()) != 0 ||
      ::rename(Temp.c_str(), Dst.c_str()) != 0) {
    cli::error(Dst + ": cannot create symbolic link: " +
               std::error_code(errno, std::generic_category()).message());
    ::unlink(Temp.c_str());
    return false;
  }
  return true;
}

nlohmann::json statsJson(const port::PortResult &R) {
  nlohmann::json Files = nlohmann::json::array();
  std::map<std::string, unsigned> Conv, Left, Rewrites;
  unsigned Lines = 0, ChangedFiles = 0, NonUtf8 = 0;
  for (const port::PortedFile &F : R.Files) {
    if (F.Source->Role == project::FileRole::Other && !F.Changed())
      continue;
    NonUtf8 += F.Stats.NonUtf8;
    nlohmann::json J;
    J["file"] = F.Source->Relative;
    J["converted"] = F.Stats.Converted;
    J["left"] = F.Stats.Left;
    J["linesChanged"] = F.Stats.LinesChanged;
    J["astEdits"] = F.Stats.AstEdits;
    J["tokenEdits"] = F.Stats.TokenEdits;
    if (F.Stats.NonUtf8)
      J["notUtf8"] = true;
    if (!F.Stats.Rewrites.empty())
      J["rewrites"] = F.Stats.Rewrites;
    for (auto &[K, V] : F.Stats.Rewrites)
      Rewrites[K] += V;
    Files.push_back(J);
    for (auto &[K, V] : F.Stats.Converted)
      Conv[K] += V;
    for (auto &[K, V] : F.Stats.Left)
      Left[K] += V;
    Lines += F.Stats.LinesChanged;
    ChangedFiles += F.Changed();
  }
  nlohmann::json T;
  T["schema"] = "hipport-port-stats/1";
  T["files"] = Files;
  T["total"] = {{"converted", Conv},
                {"left", Left},
                {"linesChanged", Lines},
                {"filesChanged", ChangedFiles},
                {"filesNotUtf8", NonUtf8},
                {"rewrites", Rewrites},
                {"seconds", R.Seconds}};
  return T;
}

void printStatsText(raw_ostream &OS, const port::PortResult &R) {
  auto Sum = [](const std::map<std::string, unsigned> &M) {
    unsigned S = 0;
    for (auto &[K, V] : M)
      S += V;
    return S;
  };
  OS << fmt::format("{:<48}{:>10}{:>7}{:>7}\n", "file", "converted", "left",
                    "lines");
  std::map<std::string, unsigned> Conv, Left;
  unsigned Lines = 0;
  for (const port::PortedFile &F : R.Files) {
    if (F.Source->Role == project::FileRole::Other && !F.Changed())
      continue;
    OS << fmt::format("{:<48}{:>10}{:>7}{:>7}\n", F.Source->Relative,
                      Sum(F.Stats.Converted), Sum(F.Stats.Left),
                      F.Stats.LinesChanged);
    for (auto &[K, V] : F.Stats.Converted)
      Conv[K] += V;
    for (auto &[K, V] : F.Stats.Left)
      Left[K] += V;
    Lines += F.Stats.LinesChanged;
  }
  OS << fmt::format("{:<48}{:>10}{:>7}{:>7}\n", "total", Sum(Conv), Sum(Left),
                    Lines);
  std::set<std::string> Families;
  for (auto &[K, V] : Conv)
    Families.insert(K);
  for (auto &[K, V] : Left)
    Families.insert(K);
  for (const std::string &Fam : Families)
    OS << fmt::format("  {:<46}{:>10}{:>7}\n", Fam,
                      Conv.count(Fam) ? Conv[Fam] : 0,
                      Left.count(Fam) ? Left[Fam] : 0);
  unsigned NonUtf8 = 0;
  std::map<std::string, unsigned> Rewrites;
  for (const port::PortedFile &F : R.Files) {
    NonUtf8 += F.Stats.NonUtf8;
    for (auto &[K, V] : F.Stats.Rewrites)
      Rewrites[K] += V;
  }
  for (auto &[K, V] : Rewrites)
    OS << fmt::format("rewrite {:<40}{:>10}\n", K, V);
  if (NonUtf8)
    OS << fmt::format("not UTF-8 (ported byte-wise): {} file(s)\n", NonUtf8);
  OS << fmt::format("time: {:.2f} s\n", R.Seconds);
}

int runPort() {
  int Modes = !OutDir.empty() + InPlace + Diff;
  if (Modes != 1) {
    cli::error("port: give exactly one of -o DIR, --in-place or --diff");
    return 2;
  }
  if (Launch != "chevron" && Launch != "hip") {
    cli::error("--launch-syntax: expected chevron or hip");
    return 2;
  }
  if (Format != "text" && Format != "json") {
    cli::error("--format: expected text or json, got '" + Format + "'");
    return 2;
  }
  if (!Stats.empty() && Stats != "json" && Stats != "text") {
    cli::error("--stats: expected --stats or --stats=json");
    return 2;
  }
  rules::RuleSet Rules;
  if (!cli::loadRules(Rules))
    return 2;
  port::PortOptions Opts;
  if (!cli::targetOptions(Rules, Opts.Target))
    return 2;
  Opts.Launch = Launch == "hip" ? port::LaunchSyntax::HipLaunchKernelGGL
                                : port::LaunchSyntax::Chevron;
  Opts.RenameExtensions = RenameExt;
  Opts.Jobs = Jobs ? Jobs : 1;
  if (StrictUtf8 && AllowNonUtf8) {
    cli::error("--strict-utf8 and --allow-non-utf8 contradict each other");
    return 2;
  }
  Opts.StrictUtf8 = StrictUtf8;
  Opts.OffloadArch = OffloadArch;
  Opts.RewriteBuildFiles = !NoBuildFiles;
  Opts.VerboseDiagnostics = Verbose;
  Opts.RewriteOps = Ops;

  project::ProjectOptions PO;
  PO.Inputs.assign(Inputs.begin(), Inputs.end());
  PO.CompileDb = CompileDb;
  PO.Excludes.assign(Excludes.begin(), Excludes.end());
  PO.ExtraArgs = cli::ExtraClangArgs;
  PO.CudaPath = CudaPath;
  std::string OutRoot;
  if (!OutDir.empty()) {
    OutRoot = resolvedOutput(OutDir);
    PO.SkipDirs.push_back(OutRoot);
    PO.HiddenFiles = !Diff; // a mirror is complete
  }
  auto P = project::Project::open(PO);
  if (!P) {
    cli::error(toString(P.takeError()));
    return 2;
  }
  for (const std::string &N : P->notes())
    note(N);
  if (!OutRoot.empty()) {
    if (!checkOverlap(*P, OutRoot, Inputs.empty()) || !checkWritable(OutRoot))
      return 2;
  }
  if (!P->hasCuda())
    cli::warning("no CUDA installation found (set --cuda-path or CUDA_PATH); "
                 "porting with the rules-restricted token pass only");

  auto R = port::portProject(*P, Rules, Opts);
  if (!R) {
    cli::error(toString(R.takeError()));
    return 2;
  }

  core::TextDiagnostic Diag(errs(), errs().has_colors());
  for (core::Finding F : R->Findings) {
    F.Range.File = displayPath(F.Range.File);
    Diag.print(F);
  }

  if (!OutRoot.empty() && !checkCollisions(*R, *P))
    return 2;
  if (!InPlace) // -o and --diff write nothing into the input
    for (const std::string &T : P->leftovers())
      note(T + ": temporary left by an interrupted run (--in-place "
               "removes it)");
  if (Diff) {
    for (const port::PortedFile &F : R->Files)
      outs() << port::unifiedDiff(F.Source->Relative, F.Original, F.Edits);
  } else {
    if (InPlace)
      for (const port::PortedFile &F : R->Files)
        if (F.Changed() &&
            !checkWritable(std::string(sys::path::parent_path(F.Source->Path))))
          return 2;
    if ((InPlace && !removeLeftovers(P->leftovers())) ||
        (!OutRoot.empty() && fs::is_directory(OutRoot) &&
         !removeLeftovers(core::findTemporaries(OutRoot))))
      return 2;
    for (const project::ProjectLink &L : P->links())
      if (InPlace)
        note(L.Path + ": symbolic link; left alone (its target is ported "
                      "where it is a project file)");
      else if (!mirrorLink(L, OutRoot))
        return 2;
    unsigned Written = 0;
    for (const port::PortedFile &F : R->Files) {
      std::string Target;
      std::string Root;
      if (InPlace) {
        if (!F.Changed())
          continue;
        Root = std::string(sys::path::parent_path(F.Source->Path));
        Target = F.Source->Path;
      } else {
        Root = OutRoot;
        Target = OutRoot + "/" + F.OutRelative;
      }
      core::FileWriter W(Root);
      bool Changed = false;
      // A mirror keeps each file's mode (a build.sh stays executable).
      std::optional<fs::perms> Mode;
      fs::file_status St;
      if (!InPlace && !fs::status(F.Source->Path, St))
        Mode = St.permissions();
      if (auto E = W.write(Target, F.Ported, InPlace && !NoBackup, Changed,
                           Mode)) {
        cli::error(toString(std::move(E)));
        return 2;
      }
      Written += Changed;
      if (!W.lastBackup().empty())
        note(Target + ".orig holds an older original; this one was kept as " +
             W.lastBackup());
    }
    errs() << fmt::format("hipport: {} file(s) written{}\n", Written,
                          OutRoot.empty() ? "" : " under " + OutDir);
  }
  if (!Stats.empty() || Stats.getNumOccurrences() ||
      Format.getNumOccurrences()) {
    raw_ostream &OS = Diff ? errs() : outs();
    if (Stats == "json" || Format == "json")
      OS << statsJson(*R).dump(2) << "\n";
    else
      printStatsText(OS, *R);
  }
  return 0;
}

cli::RegisterCommand Reg(PortCmd, runPort,
                         {"rocm-version", "rules", "blas", "rules-dir", "cache-dir"});

} // namespace
