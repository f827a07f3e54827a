#include "Core/Paths.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>
#include <dlfcn.h>

#ifndef HIPPORT_RULES_DIR
#define HIPPORT_RULES_DIR "rules"
#endif

namespace hipport::core {

bool isUnder(llvm::StringRef Path, llvm::StringRef Dir) {
  if (!Path.starts_with(Dir))
    return false;
  return Path.size() == Dir.size() || Dir.ends_with("/") ||
         Path[Dir.size()] == '/';
}

namespace {

/// <prefix>/share/hipport/rules for the binary or plugin this code lives in
/// (<prefix>/bin/hipport, <prefix>/lib/hipport-tidy.so), when it exists.
std::string installedRulesDirectory() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&installedRulesDirectory), &Info) ||
      !Info.dli_fname)
    return "";
  llvm::SmallString<256> Dir(llvm::sys::path::parent_path(Info.dli_fname));
  llvm::sys::path::append(Dir, "..", "share", "hipport", "rules");
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Dir, Real) || !llvm::sys::fs::is_directory(Real))
    return "";
  return std::string(Real);
}

} // namespace

std::string rulesDirectory() {
  if (const char *Env = std::getenv("HIPPORT_RULES_DIR"); Env && *Env)
    return Env;
  static const std::string Installed = installedRulesDirectory();
  if (!Installed.empty())
    return Installed;
  return HIPPORT_RULES_DIR;
}

std::string docsDirectory() {
  if (const char *Env = std::getenv("HIPPORT_DOCS_DIR"); Env && *Env)
    return Env;
  std::string Rules = rulesDirectory();
  for (const char *Rel : {"/../docs", "/../../doc/hipport"}) {
    llvm::SmallString<256> Real;
    if (!llvm::sys::fs::real_path(Rules + Rel, Real) &&
        llvm::sys::fs::is_directory(Real + "/checks"))
      return std::string(Real);
  }
  return Rules + "/../docs";
}

} // namespace hipport::core
