#include "Core/Memory.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <mutex>
#include <sys/resource.h>
#include <unistd.h>

namespace hipport::core {

namespace {

bool tracing() {
  static const bool On = [] {
    const char *V = std::getenv("HIPPORT_MEMORY_TRACE");
    return V && *V && llvm::StringRef(V) != "0";
  }();
  return On;
}

/// Resident set now, in KiB (0 where /proc is not there).
long residentKiB() {
  long Pages = 0, Resident = 0;
  if (FILE *F = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(F, "%ld %ld", &Pages, &Resident) != 2)
      Resident = 0;
    std::fclose(F);
  }
  return Resident * (sysconf(_SC_PAGESIZE) / 1024);
}

} // namespace

void memoryTrace(llvm::StringRef Phase, llvm::StringRef What) {
  if (!tracing())
    return;
  struct rusage U {};
  getrusage(RUSAGE_SELF, &U); // ru_maxrss: KiB on Linux
  static std::mutex Lock;
  std::lock_guard<std::mutex> G(Lock);
  llvm::errs() << llvm::format("memory-trace %s %s maxrss %ld rss %ld\n",
                               Phase.str().c_str(), What.str().c_str(),
                               long(U.ru_maxrss / 1024),
                               residentKiB() / 1024);
}

void releaseFreedMemory() {
#ifdef __GLIBC__
  malloc_trim(0);
#endif
}

} // namespace hipport::core
