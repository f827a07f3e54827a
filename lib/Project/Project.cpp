#include "Project/Project.h"
#include "Project/CompileDb.h"

#include "Core/FileWriter.h"
#include "Core/Paths.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <unistd.h>
#include <cstdlib>
#include <set>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace hipport::project {

std::string absolutePath(llvm::StringRef P) {
  llvm::SmallString<256> Abs(P);
  fs::make_absolute(Abs);
  path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

FileRole roleOf(llvm::StringRef P) {
  llvm::StringRef Ext = path::extension(P);
  static const llvm::StringSet<> TUs = {".cu", ".cpp", ".cc", ".cxx", ".c",
                                        ".hip", ".C"};
  static const llvm::StringSet<> Headers = {".h",  ".cuh", ".hpp", ".inl",
                                            ".hh", ".hxx", ".inc", ".tcc"};
  if (TUs.contains(Ext))
    return FileRole::TranslationUnit;
  if (Headers.contains(Ext))
    return FileRole::Header;
  return FileRole::Other;
}


static std::string findCuda(const std::string &Given) {
  std::vector<std::string> Candidates;
  if (!Given.empty())
    Candidates.push_back(Given);
  else {
    if (const char *E = std::getenv("CUDA_PATH"))
      Candidates.push_back(E);
    Candidates.push_back("/usr/local/cuda");
  }
  for (const std::string &C : Candidates)
    if (fs::exists(C + "/include/cuda_runtime.h"))
      return absolutePath(C);
  return "";
}

llvm::Expected<std::string> canonicalPath(llvm::StringRef P) {
  llvm::SmallString<256> Real;
  if (std::error_code EC = fs::real_path(P, Real, /*expand_tilde=*/false))
    return llvm::createStringError(EC, "%s: %s", P.str().c_str(),
                                   EC.message().c_str());
  return std::string(Real);
}

static llvm::Error err(const llvm::Twine &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

void Project::addFile(const std::string &Abs, const std::string &Root,
                      bool Hidden) {
  if (Index.count(Abs))
    return;
  if (excluded(Abs)) {
    ++ExcludedCount;
    return;
  }
  llvm::SmallString<256> Rel(Abs);
  path::replace_path_prefix(Rel, Root, "");
  std::string R(Rel);
  while (!R.empty() && R[0] == '/')
    R.erase(0, 1);
  Index[Abs] = Files.size();
  // A dot-file is copied, never parsed: a `.github/x.cu` is not a TU.
  Files.push_back({Abs, R.empty() ? std::string(path::filename(Abs)) : R,
                   Hidden ? FileRole::Other : roleOf(Abs)});
}

bool Project::excluded(llvm::StringRef P) const {
  for (const std::string &E : Excludes)
    if (P.contains(E))
      return true;
  return false;
}

/// Walks Root without following symbolic links: a link is recorded, never
/// entered, so nothing outside the root is read and a link loop cannot
/// multiply the tree. Directories are also matched by device and inode, so
/// a bind-mount cycle is walked once.
llvm::Error Project::walk(const std::string &Root,
                          const std::vector<std::string> &Skip,
                          bool HeadersOnly, bool HiddenFiles) {
  std::set<fs::UniqueID> Seen;
  // Each directory with whether it lies under a dot-folder.
  std::vector<std::pair<std::string, bool>> Stack{{Root, false}};
  while (!Stack.empty()) {
    auto [Dir, InHidden] = std::move(Stack.back());
    Stack.pop_back();
    fs::file_status DS;
    if (fs::status(Dir, DS, /*Follow=*/false))
      continue;
    if (!Seen.insert(DS.getUniqueID()).second) {
      Notes.push_back(Dir + ": directory already walked (a cycle); skipped");
      continue;
    }
    std::error_code EC;
    std::vector<std::string> Entries;
    for (fs::directory_iterator It(Dir, EC, /*follow_symlinks=*/false), End;
         It != End && !EC; It.increment(EC))
      Entries.push_back(It->path());
    if (EC)
      return err(Dir + ": " + EC.message());
    std::sort(Entries.begin(), Entries.end());
    for (const std::string &E : Entries) {
      llvm::StringRef Name = path::filename(E);
      bool Hidden = InHidden || Name.starts_with(".");
      // .git and friends are never ours; other dot-entries only for a mirror.
      if (Name.starts_with(".") &&
          (!HiddenFiles || HeadersOnly || Name == ".git" || Name == ".hg" ||
           Name == ".svn"))
        continue;
      fs::file_status St;
      if (fs::status(E, St, /*Follow=*/false))
        continue;
      if (St.type() == fs::file_type::symlink_file) {
        ProjectLink L;
        L.Path = E;
        L.Relative = E.substr(Root.size() + 1);
        char Buf[4096];
        ssize_t N = ::readlink(E.c_str(), Buf, sizeof Buf);
        L.Target = N > 0 ? std::string(Buf, size_t(N)) : "";
        auto Real = canonicalPath(E);
        L.InsideRoot = Real && !path::is_absolute(L.Target) &&
                       core::isUnder(*Real, Root);
        if (!Real)
          llvm::consumeError(Real.takeError());
        if (!excluded(E))
          Links.push_back(std::move(L));
        continue;
      }
      if (St.type() == fs::file_type::directory_file) {
        if (!llvm::any_of(Skip, [&](auto &S) { return core::isUnder(E, S); }))
          Stack.push_back({E, Hidden});
        continue;
      }
      if (St.type() != fs::file_type::regular_file)
        continue;
      if (core::isWriterTemporary(E)) {
        Leftovers.push_back(E);
        continue;
      }
      if (!HeadersOnly || roleOf(E) == FileRole::Header)
        addFile(E, Root, Hidden);
    }
  }
  return llvm::Error::success();
}

llvm::Expected<Project> Project::open(const ProjectOptions &Opts) {
  Project P;
  P.Excludes = Opts.Excludes;
  P.ExtraArgs = Opts.ExtraArgs;
  P.CudaPath = findCuda(Opts.CudaPath);
  for (const std::string &E : Opts.Excludes)
    if (E.empty() || E == "/")
      return err("--exclude '" + E + "': excludes every path");

  std::vector<std::string> DbFiles;
  if (!Opts.CompileDb.empty()) {
    std::string DbPath = Opts.CompileDb;
    if (fs::is_directory(DbPath))
      DbPath += "/compile_commands.json";
    auto Canon = canonicalPath(DbPath);
    if (!Canon)
      return Canon.takeError();
    DbPath = *Canon;
    std::string Err;
    if (llvm::Error E = checkCompileDb(DbPath))
      return std::move(E);
    auto Db = clang::tooling::JSONCompilationDatabase::loadFromFile(
        DbPath, Err, clang::tooling::JSONCommandLineSyntax::AutoDetect);
    if (!Db)
      return err(DbPath + ": " + Err);
    for (const std::string &F : Db->getAllFiles()) {
      auto C = canonicalPath(F);
      if (!C) {
        llvm::consumeError(C.takeError());
        P.Notes.push_back(F + ": listed in " + DbPath + " but missing; skipped");
        continue;
      }
      if (!fs::is_regular_file(*C)) {
        P.Notes.push_back(F + ": listed in " + DbPath +
                          " but not a regular file; skipped");
        continue;
      }
      DbFiles.push_back(*C);
    }
    P.Db = std::move(Db);
    if (Opts.Inputs.empty()) {
      // Exactly the database's files plus the headers under its directory:
      // never a common ancestor, which may hold anything (or be /).
      std::string DbDir(path::parent_path(DbPath));
      P.Roots.push_back(DbDir);
      if (auto E = P.walk(DbDir, Opts.SkipDirs, /*HeadersOnly=*/true))
        return std::move(E);
      for (const std::string &F : DbFiles)
        P.addFile(F, DbDir);
      P.rebase();
      return P.finish(Opts);
    }
  }

  for (const std::string &I : Opts.Inputs) {
    auto Abs = canonicalPath(I);
    if (!Abs)
      return err(I + ": no such file or directory");
    if (!fs::is_directory(*Abs)) {
      std::string Root(path::parent_path(*Abs));
      P.Roots.push_back(Root);
      P.addFile(*Abs, Root);
      continue;
    }
    if (*Abs == "/")
      return err(I + ": refusing to take / as a project root");
    P.Roots.push_back(*Abs);
    if (auto E = P.walk(*Abs, Opts.SkipDirs, /*HeadersOnly=*/false,
                        Opts.HiddenFiles))
      return std::move(E);
  }
  if (P.Roots.empty())
    return err("no input: give a directory, files or -p");
  // A compile database restricts the TUs to the ones it lists, when given.
  for (const std::string &F : DbFiles)
    for (const std::string &R : P.Roots)
      if (core::isUnder(F, R))
        P.addFile(F, R);
  return P.finish(Opts);
}

/// Mirror paths relative to the files' common ancestor (database mode).
void Project::rebase() {
  if (Files.empty())
    return;
  std::string Common(path::parent_path(Files.front().Path));
  for (const ProjectFile &F : Files)
    while (!core::isUnder(F.Path, Common))
      Common = std::string(path::parent_path(Common));
  for (ProjectFile &F : Files)
    F.Relative = llvm::StringRef(F.Path).drop_front(Common.size()).ltrim('/').str();
  for (ProjectLink &L : Links)
    if (core::isUnder(L.Path, Common))
      L.Relative = llvm::StringRef(L.Path).drop_front(Common.size()).ltrim('/').str();
}

/// A project header named like a C or C++ standard header (a library's own
/// `string.h`): the folder that holds it, given with -I, would shadow the
/// system header for every `#include <string.h>` of the TU.
static bool isStandardHeaderName(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = {
      "assert.h", "complex.h", "ctype.h",  "errno.h",  "fenv.h",   "float.h",
      "inttypes.h", "limits.h", "locale.h", "malloc.h", "math.h",  "memory.h",
      "setjmp.h", "signal.h",  "stdarg.h", "stdbool.h", "stddef.h", "stdint.h",
      "stdio.h",  "stdlib.h",  "string.h", "strings.h", "time.h",  "uchar.h",
      "unistd.h", "wchar.h",   "wctype.h"};
  return Names.contains(Name);
}

llvm::Expected<Project> Project::finish(const ProjectOptions &Opts) {
  if (Files.empty() && ExcludedCount > 0) {
    std::string List;
    for (const std::string &E : Opts.Excludes)
      List += (List.empty() ? "'" : ", '") + E + "'";
    return err("the excludes " + List + " leave no file of the " +
               std::to_string(ExcludedCount) + " found");
  }
  std::set<std::string> Dirs;
  for (const ProjectFile &F : Files)
    if (F.Role == FileRole::Header) {
      llvm::StringRef Dir = path::parent_path(F.Path);
      Dirs.insert(Dir.str());
      // `#include "lib/utils/x.h"` of a header under .../include/lib/utils:
      // the build gives the `include` directory, which no header lies in.
      for (llvm::StringRef Up = Dir; !Up.empty() && Up.size() > 1;
           Up = path::parent_path(Up))
        if (path::filename(Up) == "include")
          Dirs.insert(Up.str());
    }
  IncludeDirs.assign(Dirs.begin(), Dirs.end());
  for (const ProjectFile &F : Files)
    if (F.Role == FileRole::Header && isStandardHeaderName(path::filename(F.Path)))
      AfterSystemDirs.insert(path::parent_path(F.Path).str());
  if (!Db) {
    std::vector<std::string> Paths;
    for (const ProjectFile &F : Files)
      Paths.push_back(F.Path);
    BuildIncludes = inferBuildIncludes(Paths);
    Discovery = std::make_shared<IncludeDiscovery>(Paths);
  }
  for (const char *H : {"/opt/rocm/include", "/usr/include"})
    if (fs::exists(std::string(H) + "/hip/hip_runtime.h")) {
      HipInclude = H;
      break;
    }
  std::sort(Files.begin(), Files.end(),
            [](const ProjectFile &A, const ProjectFile &B) {
              return A.Path < B.Path;
            });
  std::sort(Leftovers.begin(), Leftovers.end());
  Index.clear();
  for (size_t I = 0; I < Files.size(); ++I)
    Index[Files[I].Path] = I;
  return std::move(*this);
}

std::vector<std::string> Project::translationUnits() const {
  std::vector<std::string> TUs;
  for (const ProjectFile &F : Files)
    if (F.Role == FileRole::TranslationUnit)
      TUs.push_back(F.Path);
  return TUs;
}

bool Project::owns(llvm::StringRef P) const {
  if (excluded(P))
    return false;
  if (Index.count(std::string(P)))
    return true;
  // Under a root, but reached through a symbolic link: the walk never
  // followed it, so what lies behind is not ours (callers cache per file).
  for (const std::string &R : Roots)
    if (core::isUnder(P, R))
      return core::symlinkOnPath(P.str(), R).empty();
  return false;
}

const ProjectFile *Project::find(llvm::StringRef P) const {
  auto It = Index.find(std::string(P));
  return It == Index.end() ? nullptr : &Files[It->second];
}

/// Flags of a recorded compile command that mean the same to clang; nvcc's
/// other flags (-arch, -gencode, -Xcompiler...) do not, so they are dropped.
static void keepPortableFlags(const std::vector<std::string> &Cmd,
                              std::vector<std::string> &Out) {
  for (size_t I = 1; I < Cmd.size(); ++I) {
    llvm::StringRef A = Cmd[I];
    for (llvm::StringRef Pfx : {"-I", "-isystem", "-D", "-U", "-include"}) {
      if (!A.starts_with(Pfx))
        continue;
      Out.push_back(A.str());
      if (A == Pfx && I + 1 < Cmd.size())
        Out.push_back(Cmd[++I]);
      break;
    }
    if (A.starts_with("-std=") || A.starts_with("--std="))
      Out.push_back(A.starts_with("--") ? A.drop_front().str() : A.str());
    else if (A == "-std" && I + 1 < Cmd.size())
      Out.push_back("-std=" + Cmd[++I]);
  }
}

/// The folders of the -I and -idirafter flags of Args, in order.
static std::vector<std::string> includePath(const std::vector<std::string> &Args) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A.consume_front("-I") && !A.empty())
      Out.push_back(A.str());
    else if ((A == "-I" || A == "-idirafter" || A == "-isystem") &&
             I + 1 < Args.size())
      Out.push_back(Args[++I]);
  }
  return Out;
}

std::vector<std::string> Project::clangArgs(llvm::StringRef File) const {
  std::vector<std::string> Args;
  llvm::StringRef Ext = path::extension(File);
  bool IsHip = Ext == ".hip";
  if (Ext == ".c") {
    Args = {"-x", "c"};
  } else if (IsHip) {
    // Clang 22 parsing HIP 5.2 headers needs the wave size LLVM no longer defines.
    Args = {"-x", "hip", "--cuda-host-only", "-nogpulib",
            "-D__AMDGCN_WAVEFRONT_SIZE=64"};
    if (!HipInclude.empty() && HipInclude != "/usr/include")
      Args.push_back("--rocm-path=" + HipInclude.substr(0, HipInclude.size() - 8));
  } else if (!CudaPath.empty()) {
    // nvcc adds the CCCL include dir implicitly; clang does not.
    Args = {"-x", "cuda", "--cuda-host-only", "--cuda-path=" + CudaPath,
            "-I" + CudaPath + "/include/cccl", "-nocudalib",
            "-Wno-unknown-cuda-version",
            // nvcc accepts what clang's C++17 mode rejects by default:
            // `register`, and launches from device code without -rdc.
            "-Wno-register", "-fgpu-rdc"};
  } else {
    Args = {"-x", "c++"};
  }
  std::vector<std::string> FromDb;
  if (Db)
    for (const auto &C : Db->getCompileCommands(File))
      keepPortableFlags(C.CommandLine, FromDb);
  bool HasStd = std::any_of(FromDb.begin(), FromDb.end(), [](auto &A) {
    return llvm::StringRef(A).starts_with("-std=");
  });
  if (!HasStd && Ext != ".c")
    Args.push_back("-std=c++17");
  Args.insert(Args.end(), FromDb.begin(), FromDb.end());
  Args.push_back("-I" + std::string(path::parent_path(File)));
  if (!Db) {
    // No compile database: the build files' own -I first, then the
    // project's header directories and its roots, the include path nvcc
    // would most likely have been given.
    for (const std::string &D : buildIncludesFor(BuildIncludes, File))
      Args.push_back("-I" + D);
    for (const std::string &R : Roots)
      Args.push_back("-I" + R);
    for (const std::string &D : IncludeDirs)
      if (AfterSystemDirs.count(D))
        Args.insert(Args.end(), {"-idirafter", D});
      else
        Args.push_back("-I" + D);
  }
  Args.push_back("-w");
  Args.insert(Args.end(), ExtraArgs.begin(), ExtraArgs.end());
  if (!Db) {
    // Last of the -I folders: only what nothing else resolves. A -I, not
    // an -idirafter (a system folder, whose code lint neither reads nor
    // reports), unless it holds a header named like a standard one.
    std::vector<std::string> Search = includePath(Args);
    // What the toolkits and the system resolve is not ours to find (a
    // vendored copy of <cub/cub.cuh> must not shadow the toolkit's).
    if (!CudaPath.empty())
      Search.insert(Search.end(), {CudaPath + "/include", CudaPath + "/include/cccl"});
    if (!HipInclude.empty())
      Search.push_back(HipInclude);
    Search.insert(Search.end(), {"/usr/local/include", "/usr/include"});
    for (const std::string &D : Discovery->dirsFor(File.str(), Search))
      if (AfterSystemDirs.count(D))
        Args.insert(Args.end(), {"-idirafter", D});
      else
        Args.push_back("-I" + D);
  }
  return Args;
}

} // namespace hipport::project
