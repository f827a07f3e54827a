//===- Project.h - which files are ours and how to parse them --*- C++ -*-===//
#pragma once

#include "Project/BuildIncludes.h"
#include "Project/IncludeDiscovery.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace clang::tooling {
class CompilationDatabase;
}

namespace hipport::project {

enum class FileRole {
  TranslationUnit, ///< .cu .cpp .cc .cxx .c .hip: parsed on its own
  Header,          ///< .h .cuh .hpp .inl .hh .hxx .inc: ported through TUs
  Other            ///< everything else: copied unchanged
};

FileRole roleOf(llvm::StringRef Path);

struct ProjectOptions {
  /// Directories or single files given on the command line.
  std::vector<std::string> Inputs;
  /// compile_commands.json (or the directory holding it); optional.
  std::string CompileDb;
  /// Path substrings to leave out (e.g. "third_party/").
  std::vector<std::string> Excludes;
  /// Extra clang arguments after "--".
  std::vector<std::string> ExtraArgs;
  /// CUDA toolkit; empty: $CUDA_PATH, then /usr/local/cuda.
  std::string CudaPath;
  /// Directories never walked (canonical): the output tree of `port -o`,
  /// so a run never takes its own earlier output for input.
  std::vector<std::string> SkipDirs;
  /// Also take dot-files and dot-folders (`.github/`, `.clang-format`), as
  /// files copied unchanged: a mirror (`port -o`) is complete. Version
  /// control metadata (.git, .hg, .svn) is never taken.
  bool HiddenFiles = false;
};

/// A symbolic link met in a walk. It is never followed and never written
/// through: `port -o` recreates it when it stays inside the root, the
/// in-place modes leave it alone.
struct ProjectLink {
  std::string Path;     ///< absolute path of the link itself
  std::string Relative; ///< relative to its root
  std::string Target;   ///< the link's text, as readlink gives it
  bool InsideRoot = false; ///< relative, and resolves to a path in the root
};

/// A project file and the root it was found under.
struct ProjectFile {
  std::string Path;     ///< absolute, normalized
  std::string Relative; ///< relative to its root (its path in a mirror tree)
  FileRole Role;
};

/// The files hipport may read and rewrite, and the clang command line of each
/// translation unit. Only files under the roots are "ours": system and toolkit
/// headers are never rewritten or reported.
class Project {
public:
  static llvm::Expected<Project> open(const ProjectOptions &Opts);

  const std::vector<ProjectFile> &files() const { return Files; }
  std::vector<std::string> translationUnits() const;
  /// True if Path (absolute) is under one of the roots and not excluded.
  bool owns(llvm::StringRef Path) const;
  const ProjectFile *find(llvm::StringRef Path) const;
  /// The clang command line (argv without the input file) for a TU.
  std::vector<std::string> clangArgs(llvm::StringRef File) const;
  /// Roots, canonical (resolved on disk): the input directories, the
  /// directory of an input file, or with only -p the database's directory.
  const std::vector<std::string> &roots() const { return Roots; }
  /// Symbolic links found under the roots (never followed).
  const std::vector<ProjectLink> &links() const { return Links; }
  /// Temporaries an interrupted run left (FILE.hipport-XXXXXX): never
  /// project files; the writing modes remove them.
  const std::vector<std::string> &leftovers() const { return Leftovers; }
  /// What the walk skipped and why (cycles, dangling links), for the user.
  const std::vector<std::string> &notes() const { return Notes; }
  /// True when a CUDA toolkit with headers was found.
  bool hasCuda() const { return !CudaPath.empty(); }
  const std::string &cudaPath() const { return CudaPath; }
  /// The include directory holding hip/hip_runtime.h; empty when HIP is absent.
  const std::string &hipInclude() const { return HipInclude; }

private:
  void addFile(const std::string &Abs, const std::string &Root,
               bool Hidden = false);
  bool excluded(llvm::StringRef Path) const;
  llvm::Error walk(const std::string &Root, const std::vector<std::string> &Skip,
                   bool HeadersOnly, bool HiddenFiles = false);
  void rebase();
  llvm::Expected<Project> finish(const ProjectOptions &Opts);

  std::vector<ProjectLink> Links;
  std::vector<std::string> Leftovers;
  std::vector<std::string> Notes;
  unsigned ExcludedCount = 0;
  std::vector<std::string> Roots;
  std::vector<ProjectFile> Files;
  std::map<std::string, size_t> Index;
  std::vector<std::string> Excludes;
  std::vector<std::string> ExtraArgs;
  std::vector<std::string> IncludeDirs;
  /// Of IncludeDirs, those holding a header named like a standard one:
  /// searched after the system directories (-idirafter), never before.
  std::set<std::string> AfterSystemDirs;
  BuildIncludeMap BuildIncludes; ///< -I of the build files, without a database
  /// Inner include roots the includes name, without a database.
  std::shared_ptr<const IncludeDiscovery> Discovery;
  std::string CudaPath;
  std::string HipInclude;
  std::shared_ptr<clang::tooling::CompilationDatabase> Db;
};

/// The absolute, dot-free form of Path.
std::string absolutePath(llvm::StringRef Path);

/// Path resolved on disk (symlinks, `..`): the one form roots and overlap
/// checks compare. Fails, naming the path, when it does not exist.
llvm::Expected<std::string> canonicalPath(llvm::StringRef Path);

} // namespace hipport::project
