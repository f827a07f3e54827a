#include "Project/Project.h"

#include "Core/Paths.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
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

void Project::addFile(const std::string &Abs, const std::string &Root) {
  if (Index.count(Abs) || excluded(Abs))
    return;
  llvm::SmallString<256> Rel(Abs);
  path::replace_path_prefix(Rel, Root, "");
  std::string R(Rel);
  while (!R.empty() && R[0] == '/')
    R.erase(0, 1);
  Index[Abs] = Files.size();
  Files.push_back({Abs, R.empty() ? std::string(path::filename(Abs)) : R,
                   roleOf(Abs)});
}

bool Project::excluded(llvm::StringRef P) const {
  for (const std::string &E : Excludes)
    if (P.contains(E))
      return true;
  return false;
}

llvm::Expected<Project> Project::open(const ProjectOptions &Opts) {
  Project P;
  P.Excludes = Opts.Excludes;
  P.ExtraArgs = Opts.ExtraArgs;
  P.CudaPath = findCuda(Opts.CudaPath);

  std::vector<std::string> DbFiles;
  if (!Opts.CompileDb.empty()) {
    std::string DbPath = Opts.CompileDb;
    if (fs::is_directory(DbPath))
      DbPath += "/compile_commands.json";
    std::string Err;
    auto Db = clang::tooling::JSONCompilationDatabase::loadFromFile(
        DbPath, Err, clang::tooling::JSONCommandLineSyntax::AutoDetect);
    if (!Db)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "%s: %s", DbPath.c_str(), Err.c_str());
    for (const std::string &F : Db->getAllFiles())
      DbFiles.push_back(absolutePath(F));
    P.Db = std::move(Db);
  }

  std::vector<std::string> Inputs;
  for (const std::string &I : Opts.Inputs) {
    std::string Abs = absolutePath(I);
    if (!fs::exists(Abs))
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "%s: no such file or directory",
                                     I.c_str());
    Inputs.push_back(Abs);
  }
  if (Inputs.empty() && !DbFiles.empty()) {
    // With only a compile database, the project is the common ancestor of its files.
    std::string Common = std::string(path::parent_path(DbFiles.front()));
    for (const std::string &F : DbFiles)
      while (!core::isUnder(F, Common))
        Common = std::string(path::parent_path(Common));
    Inputs.push_back(Common);
  }
  if (Inputs.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "no input: give a directory, files or -p");

  for (const std::string &In : Inputs) {
    if (!fs::is_directory(In)) {
      std::string Root(path::parent_path(In));
      P.Roots.push_back(Root);
      P.addFile(In, Root);
      continue;
    }
    P.Roots.push_back(In);
    std::error_code EC;
    for (fs::recursive_directory_iterator It(In, EC), End; It != End && !EC;
         It.increment(EC)) {
      llvm::StringRef Name = path::filename(It->path());
      if (Name.starts_with(".") && Name != "." && Name != "..") {
        It.no_push(); // .git, .cache and friends are never ours
        continue;
      }
      fs::file_status St;
      if (fs::status(It->path(), St) || !fs::is_regular_file(St))
        continue;
      P.addFile(absolutePath(It->path()), In);
    }
    if (EC)
      return llvm::createStringError(EC, "%s: %s", In.c_str(),
                                     EC.message().c_str());
  }
  // A compile database restricts the TUs to the ones it lists, when given.
  for (const std::string &F : DbFiles)
    for (const std::string &R : P.Roots)
      if (core::isUnder(F, R))
        P.addFile(F, R);

  std::set<std::string> Dirs;
  for (const ProjectFile &F : P.Files)
    if (F.Role == FileRole::Header)
      Dirs.insert(std::string(path::parent_path(F.Path)));
  P.IncludeDirs.assign(Dirs.begin(), Dirs.end());
  if (!P.Db) {
    std::vector<std::string> Paths;
    for (const ProjectFile &F : P.Files)
      Paths.push_back(F.Path);
    P.BuildIncludes = inferBuildIncludes(Paths);
  }
  for (const char *H : {"/opt/rocm/include", "/usr/include"})
    if (fs::exists(std::string(H) + "/hip/hip_runtime.h")) {
      P.HipInclude = H;
      break;
    }
  std::sort(P.Files.begin(), P.Files.end(),
            [](const ProjectFile &A, const ProjectFile &B) {
              return A.Path < B.Path;
            });
  P.Index.clear();
  for (size_t I = 0; I < P.Files.size(); ++I)
    P.Index[P.Files[I].Path] = I;
  return P;
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
  for (const std::string &R : Roots)
    if (core::isUnder(P, R))
      return true;
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
      Args.push_back("-I" + D);
  }
  Args.push_back("-w");
  Args.insert(Args.end(), ExtraArgs.begin(), ExtraArgs.end());
  return Args;
}

} // namespace hipport::project
