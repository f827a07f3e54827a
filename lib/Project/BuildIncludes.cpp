//===- BuildIncludes.cpp - include directories the build files give -------===//
//
// Without a compile database the parse must guess the include path. The
// build files next to the sources say it: Makefiles pass `-I../common`,
// CMake lists include_directories()/target_include_directories(). Paths
// are taken relative to the build file; a path with a variable hipport
// cannot resolve is skipped (the directory walk still covers the tree).
//
//===----------------------------------------------------------------------===//
#include "Project/BuildIncludes.h"

#include "Core/FileWriter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace hipport::project {
namespace {

std::string resolve(llvm::StringRef Dir, llvm::StringRef P) {
  P = P.trim().trim('"');
  for (llvm::StringRef V : {"${CMAKE_CURRENT_SOURCE_DIR}/",
                            "${CMAKE_CURRENT_LIST_DIR}/", "$(CURDIR)/", "./"})
    if (P.starts_with(V))
      P = P.drop_front(V.size());
  if (P.empty() || P.contains('$'))
    return "";
  llvm::SmallString<256> Abs(P);
  if (!path::is_absolute(Abs)) {
    Abs = Dir;
    path::append(Abs, P);
  }
  path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return fs::is_directory(Abs) ? std::string(Abs) : "";
}

void fromMakefile(llvm::StringRef Dir, llvm::StringRef Text,
                  std::vector<std::string> &Out) {
  llvm::SmallVector<llvm::StringRef, 16> Words;
  for (llvm::StringRef Line : llvm::split(Text, '\n')) {
    Line = Line.take_until([](char C) { return C == '#'; });
    Words.clear();
    Line.split(Words, ' ', -1, false);
    for (size_t I = 0; I < Words.size(); ++I) {
      llvm::StringRef W = Words[I].trim();
      if (W == "-I" && I + 1 < Words.size())
        W = Words[++I].trim();
      else if (W.starts_with("-I"))
        W = W.drop_front(2);
      else
        continue;
      if (std::string D = resolve(Dir, W); !D.empty())
        Out.push_back(D);
    }
  }
}

void fromCMake(llvm::StringRef Dir, llvm::StringRef Text,
               std::vector<std::string> &Out) {
  std::string Lower = Text.lower();
  for (llvm::StringRef Cmd :
       {"target_include_directories(", "include_directories("}) {
    size_t At = 0;
    while ((At = Lower.find(Cmd.str(), At)) != std::string::npos) {
      bool Target = Cmd.starts_with("target");
      if (!Target && At >= 7 && llvm::StringRef(Lower).substr(At - 7, 7) == "target_") {
        At += Cmd.size();
        continue;
      }
      size_t Close = Lower.find(')', At);
      if (Close == std::string::npos)
        break;
      llvm::SmallVector<llvm::StringRef, 8> Args;
      Text.slice(At + Cmd.size(), Close).split(Args, ' ', -1, false);
      for (size_t I = Target ? 1 : 0; I < Args.size(); ++I)
        for (llvm::StringRef A : llvm::split(Args[I], '\n')) {
          A = A.trim();
          if (A.empty() || A == "PUBLIC" || A == "PRIVATE" ||
              A == "INTERFACE" || A == "SYSTEM" || A == "BEFORE" ||
              A == "AFTER")
            continue;
          if (std::string D = resolve(Dir, A); !D.empty())
            Out.push_back(D);
        }
      At = Close;
    }
  }
}

} // namespace

BuildIncludeMap inferBuildIncludes(const std::vector<std::string> &Paths) {
  BuildIncludeMap M;
  for (const std::string &P : Paths) {
    llvm::StringRef Name = path::filename(P);
    bool IsCMake = Name == "CMakeLists.txt";
    bool IsMake = Name == "Makefile" || Name == "makefile" ||
                  Name == "GNUmakefile" || Name.ends_with(".mk");
    if (!IsCMake && !IsMake)
      continue;
    auto Text = core::readFile(P);
    if (!Text) {
      llvm::consumeError(Text.takeError());
      continue;
    }
    std::string Dir(path::parent_path(P));
    std::vector<std::string> &Out = M[Dir];
    (IsCMake ? fromCMake : fromMakefile)(Dir, *Text, Out);
    std::vector<std::string> Unique;
    for (std::string &D : Out)
      if (std::find(Unique.begin(), Unique.end(), D) == Unique.end())
        Unique.push_back(D);
    Out = std::move(Unique);
  }
  return M;
}

std::vector<std::string> buildIncludesFor(const BuildIncludeMap &M,
                                          llvm::StringRef File) {
  std::vector<std::string> Out;
  for (llvm::StringRef Dir = path::parent_path(File); !Dir.empty();
       Dir = path::parent_path(Dir)) {
    auto It = M.find(Dir.str());
    if (It != M.end())
      Out.insert(Out.end(), It->second.begin(), It->second.end());
    if (Dir == path::root_path(Dir))
      break;
  }
  return Out;
}

} // namespace hipport::project
