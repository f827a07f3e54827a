#include "Core/Paths.h"

#include <cstdlib>

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

std::string rulesDirectory() {
  if (const char *Env = std::getenv("HIPPORT_RULES_DIR"))
    return Env;
  return HIPPORT_RULES_DIR;
}

} // namespace hipport::core
