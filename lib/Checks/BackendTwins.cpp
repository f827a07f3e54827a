#include "Checks/BackendTwins.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace hipport::checks {

std::string hipTwinOf(const std::string &File) {
  namespace path = llvm::sys::path;
  llvm::SmallVector<llvm::StringRef, 16> Parts;
  for (auto It = path::begin(File), E = path::end(File); It != E; ++It)
    Parts.push_back(*It);
  if (Parts.size() < 2)
    return "";
  llvm::StringRef Name = Parts.back();
  llvm::StringRef Stem = Name.substr(0, Name.find('.'));
  static const char *const Exts[] = {"",     ".hip", ".hip.cpp", ".hip.hpp",
                                     ".cpp", ".hpp", ".h",       ".cuh"};
  // The innermost `cuda` folder: the backend split sits below any
  // project-wide one (`cuda/include/...`).
  for (size_t I = Parts.size() - 1; I-- > 0;) {
    if (Parts[I] != "cuda")
      continue;
    for (const char *Side : {"hip", "rocm"}) {
      llvm::SmallString<256> Dir;
      for (size_t J = 0; J + 1 < Parts.size(); ++J)
        path::append(Dir, J == I ? llvm::StringRef(Side) : Parts[J]);
      for (const char *Ext : Exts) {
        llvm::SmallString<256> Twin(Dir);
        path::append(Twin, *Ext ? (Stem + Ext).str() : Name.str());
        if (llvm::sys::fs::is_regular_file(Twin))
          return std::string(Twin);
      }
    }
    break;
  }
  return "";
}

} // namespace hipport::checks
