#include "Report/Context.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cstdlib>
#include <ctime>

namespace hipport::report {

std::string reportDate() {
  std::time_t T = std::time(nullptr);
  if (const char *E = std::getenv("SOURCE_DATE_EPOCH")) {
    char *End = nullptr;
    long long V = std::strtoll(E, &End, 10);
    if (End && *End == '\0' && End != E)
      T = std::time_t(V);
  }
  std::tm Tm{};
  gmtime_r(&T, &Tm);
  char Buf[32];
  std::strftime(Buf, sizeof Buf, "%Y-%m-%dT%H:%M:%SZ", &Tm);
  return Buf;
}

std::string shellJoin(const std::vector<std::string> &Args) {
  std::string Out;
  for (const std::string &A : Args) {
    if (!Out.empty())
      Out += ' ';
    bool Plain = !A.empty() &&
                 A.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN"
                                     "OPQRSTUVWXYZ0123456789-_./=:,+@%") ==
                     std::string::npos;
    if (Plain) {
      Out += A;
      continue;
    }
    Out += '\'';
    for (char C : A)
      Out += C == '\'' ? std::string("'\\''") : std::string(1, C);
    Out += '\'';
  }
  return Out;
}

std::vector<std::string> processArguments() {
  std::vector<std::string> Args;
  auto Buf = llvm::MemoryBuffer::getFileAsStream("/proc/self/cmdline");
  if (!Buf)
    return Args;
  llvm::StringRef S = (*Buf)->getBuffer();
  while (!S.empty()) {
    auto [A, Rest] = S.split('\0');
    Args.push_back(A.str());
    S = Rest;
  }
  if (!Args.empty())
    Args[0] = llvm::sys::path::filename(Args[0]).str();
  return Args;
}

} // namespace hipport::report
