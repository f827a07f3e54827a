#include "Core/Version.h"

#include "Version.inc"

#include "llvm/Config/llvm-config.h"

namespace hipport::core {

std::string version() { return HIPPORT_VERSION; }
std::string gitHash() { return HIPPORT_GIT_HASH; }
std::string llvmVersion() { return LLVM_VERSION_STRING; }

std::string versionLine() {
  return "hipport " + version() + " (git " + gitHash() + ", LLVM " +
         llvmVersion() + ")";
}

} // namespace hipport::core
