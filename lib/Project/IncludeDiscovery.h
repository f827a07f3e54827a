//===- IncludeDiscovery.h - include roots found from the includes -*- C++ -*-===//
#pragma once

#include "Core/SourceText.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace hipport::project {

/// Without a compile database, the include roots a build passes are
/// guessed. An include written from an inner root (`#include
/// "device/common/uvvars.hpp"`, `<CUDACore/HistoContainer.h>`) names that
/// root itself: the folder a project file of that path suffix lies in.
/// Where several do (one copy per backend: src/cuda/CUDACore,
/// src/hip/CUDACore), the copy nearest the including file is the one its
/// build uses.
class IncludeDiscovery {
public:
  /// Files: every project file (absolute, normalized).
  explicit IncludeDiscovery(const std::vector<std::string> &Files);

  /// The folders to add so that TU's includes, followed through the
  /// project's own headers, resolve where Search (the include path the
  /// command line already has, in order) leaves them unresolved. Found
  /// once per TU: Search is the TU's own path, the same in every pass.
  std::vector<std::string> dirsFor(const std::string &TU,
                                   const std::vector<std::string> &Search) const;

private:
  const std::vector<core::IncludeDirective> &
  includesOf(const std::string &File) const;
  /// The folder that holds Spelled for the file that includes it (From):
  /// the prefix of the project file nearest From whose path ends in it;
  /// empty when none does.
  std::string rootFor(const std::string &Spelled, llvm::StringRef From) const;

  std::map<std::string, std::vector<std::string>> ByName; ///< basename -> paths
  mutable std::mutex Lock;
  mutable std::map<std::string, std::vector<core::IncludeDirective>> Cache;
  /// dirsFor's answer per TU: each compiler pass of a TU asks again with
  /// the same path.
  mutable std::map<std::string, std::vector<std::string>> Answers;
};

} // namespace hipport::project
