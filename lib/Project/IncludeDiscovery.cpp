//===- IncludeDiscovery.cpp - include roots found from the includes -------===//
#include "Project/IncludeDiscovery.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <deque>
#include <set>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace hipport::project {
namespace {

/// Files followed per TU: a bound on the walk through a large header tree.
constexpr size_t MaxFilesPerTU = 4000;

/// Leading path components A shares with B.
size_t sharedDepth(llvm::StringRef A, llvm::StringRef B) {
  size_t Depth = 0;
  for (auto I = path::begin(A), J = path::begin(B), IE = path::end(A),
            JE = path::end(B);
       I != IE && J != JE && *I == *J; ++I, ++J)
    ++Depth;
  return Depth;
}

std::string existing(llvm::StringRef Dir, llvm::StringRef Spelled) {
  llvm::SmallString<256> P(Dir);
  path::append(P, Spelled);
  return fs::is_regular_file(P) ? std::string(P) : std::string();
}

} // namespace

IncludeDiscovery::IncludeDiscovery(const std::vector<std::string> &Files) {
  for (const std::string &F : Files)
    ByName[path::filename(F).str()].push_back(F);
}

const std::vector<core::IncludeDirective> &
IncludeDiscovery::includesOf(const std::string &File) const {
  {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Cache.find(File);
    if (It != Cache.end())
      return It->second;
  }
  std::vector<core::IncludeDirective> Out;
  if (auto Buf = llvm::MemoryBuffer::getFile(File))
    Out = core::includeDirectives((*Buf)->getBuffer());
  std::lock_guard<std::mutex> G(Lock);
  return Cache.emplace(File, std::move(Out)).first->second;
}

std::string IncludeDiscovery::rootFor(const std::string &Spelled,
                                      llvm::StringRef From) const {
  auto It = ByName.find(path::filename(Spelled).str());
  if (It == ByName.end())
    return "";
  std::string Best;
  size_t BestShared = 0, BestDepth = SIZE_MAX;
  llvm::StringRef FromDir = path::parent_path(From);
  for (const std::string &P : It->second) {
    llvm::StringRef S(P);
    if (!S.ends_with("/" + Spelled))
      continue;
    llvm::StringRef Root = S.drop_back(Spelled.size() + 1);
    size_t Shared = sharedDepth(Root, FromDir);
    size_t Depth = std::distance(path::begin(Root), path::end(Root));
    if (Best.empty() || Shared > BestShared ||
        (Shared == BestShared && Depth < BestDepth)) {
      Best = Root.str();
      BestShared = Shared;
      BestDepth = Depth;
    }
  }
  return Best;
}

std::vector<std::string>
IncludeDiscovery::dirsFor(const std::string &TU,
                          const std::vector<std::string> &Search) const {
  {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Answers.find(TU);
    if (It != Answers.end())
      return It->second;
  }
  std::vector<std::string> Found;
  std::set<std::string> Roots(Search.begin(), Search.end());
  std::set<std::string> Seen{TU};
  std::deque<std::string> Queue{TU};
  // The project file I names from File: relative to File (quoted), else
  // under a root of the path; else, under the root rootFor finds, which
  // joins the path. Names of no project file (system headers) give "".
  auto Resolve = [&](const core::IncludeDirective &I, llvm::StringRef From) -> std::string {
    auto It = ByName.find(path::filename(I.Path).str());
    if (It == ByName.end())
      return "";
    if (path::is_absolute(I.Path)) // a driver's `#include "/abs/x.h"`
      return fs::is_regular_file(I.Path) ? I.Path : "";
    if (!I.Angled)
      if (std::string P = existing(path::parent_path(From), I.Path); !P.empty()) {
        llvm::SmallString<256> Clean(P);
        path::remove_dots(Clean, /*remove_dot_dot=*/true);
        return std::string(Clean);
      }
    for (const std::string &P : It->second)
      if (llvm::StringRef(P).ends_with("/" + I.Path) &&
          Roots.count(P.substr(0, P.size() - I.Path.size() - 1)))
        return P;
    for (const std::string &D : Search) // a toolkit's, or outside the tree
      if (!existing(D, I.Path).empty())
        return "";
    std::string Root = rootFor(I.Path, From);
    if (Root.empty())
      return "";
    Found.push_back(Root);
    Roots.insert(Root);
    return Root + "/" + I.Path;
  };
  while (!Queue.empty() && Seen.size() < MaxFilesPerTU) {
    std::string File = std::move(Queue.front());
    Queue.pop_front();
    for (const core::IncludeDirective &I : includesOf(File)) {
      std::string P = Resolve(I, File);
      if (!P.empty() && Seen.insert(P).second)
        Queue.push_back(P);
    }
  }
  std::lock_guard<std::mutex> G(Lock);
  return Answers.emplace(TU, std::move(Found)).first->second;
}

} // namespace hipport::project
