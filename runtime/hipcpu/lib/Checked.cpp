//===- Checked.cpp - guard-page allocations and fault reports -------------===//
//
// Checked mode places each device buffer so that it ends where an
// inaccessible page begins (and starts after another), so the first byte
// written or read past either end faults at once. The SIGSEGV handler then
// names the buffer, the distance past its end, and the kernel, block and
// thread that made the access, before letting the default action end the
// process.
//
//===----------------------------------------------------------------------===//
#include "Engine.h"
#include "hipcpu/detail/core.h"

#include <map>
#include <mutex>
#include <signal.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

namespace hipcpu::detail {
namespace {

struct Mapping {
  char *Base;        // start of the mapping (a guard page)
  std::size_t Total; // bytes mapped, guards included
  char *User;        // the pointer handed out
  std::size_t Bytes; // the size asked for
};

std::mutex RegistryMutex;
std::map<char *, Mapping> Registry; // keyed by User

std::atomic<int> CheckedFlag{-1};
std::once_flag HandlerOnce;
struct sigaction OldSegv, OldBus;

std::size_t pageSize() {
  static std::size_t P = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return P;
}

void writeStr(const char *S) {
  ssize_t R = ::write(2, S, std::strlen(S));
  (void)R;
}

void onFault(int Sig, siginfo_t *Info, void *UC) {
  char *Addr = static_cast<char *>(Info->si_addr);
  bool IsWrite = false;
#if defined(__x86_64__)
  IsWrite =
      (static_cast<ucontext_t *>(UC)->uc_mcontext.gregs[REG_ERR] & 2) != 0;
#endif
  char Buf[768];
  const Mapping *Hit = nullptr;
  // A try-lock: the fault may have interrupted a holder of the lock.
  if (RegistryMutex.try_lock()) {
    for (auto &KV : Registry) {
      const Mapping &M = KV.second;
      if (Addr >= M.Base && Addr < M.Base + M.Total) {
        Hit = &M;
        break;
      }
    }
    RegistryMutex.unlock();
  }
  char Where[320] = "host code";
  describeCurrentThread(Where, sizeof Where);
  if (Hit) {
    long long Off = Addr - Hit->User;
    long long Past = Addr - (Hit->User + Hit->Bytes);
    if (Past >= 0)
      std::snprintf(Buf, sizeof Buf,
                    "hipcpu: checked mode: out-of-bounds %s at %p, %lld bytes "
                    "past the end of a %zu-byte device buffer at %p, in %s\n",
                    IsWrite ? "write" : "read", (void *)Addr, Past, Hit->Bytes,
                    (void *)Hit->User, Where);
    else
      std::snprintf(Buf, sizeof Buf,
                    "hipcpu: checked mode: out-of-bounds %s at %p, %lld bytes "
                    "before the start of a %zu-byte device buffer at %p, in "
                    "%s\n",
                    IsWrite ? "write" : "read", (void *)Addr, -Off, Hit->Bytes,
                    (void *)Hit->User, Where);
  } else {
    std::snprintf(Buf, sizeof Buf,
                  "hipcpu: invalid memory %s at %p in %s (stack overflow? "
                  "raise HIPCPU_STACK_KB)\n",
                  IsWrite ? "write" : "read", (void *)Addr, Where);
  }
  writeStr(Buf);
  // Restore the previous action; returning re-runs the access, which then
  // ends the process the usual way.
  sigaction(Sig, Sig == SIGSEGV ? &OldSegv : &OldBus, nullptr);
}

void installHandler() {
  std::call_once(HandlerOnce, [] {
    struct sigaction SA {};
    SA.sa_sigaction = onFault;
    SA.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&SA.sa_mask);
    sigaction(SIGSEGV, &SA, &OldSegv);
    sigaction(SIGBUS, &SA, &OldBus);
  });
}

} // namespace

void ensureAltStack() {
  stack_t Cur{};
  if (sigaltstack(nullptr, &Cur) == 0 && !(Cur.ss_flags & SS_DISABLE))
    return;
  stack_t S{};
  S.ss_size = 64 * 1024;
  S.ss_sp = std::malloc(S.ss_size); // kept for the thread's lifetime
  sigaltstack(&S, nullptr);
}

void *checkedAlloc(std::size_t Bytes) {
  installHandler();
  ensureAltStack();
  std::size_t P = pageSize();
  std::size_t Data = (Bytes + P - 1) / P * P;
  if (Data == 0)
    Data = P;
  std::size_t Total = Data + 2 * P;
  void *Map = mmap(nullptr, Total, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (Map == MAP_FAILED)
    return nullptr;
  char *Base = static_cast<char *>(Map);
  mprotect(Base, P, PROT_NONE);
  mprotect(Base + P + Data, P, PROT_NONE);
  // End the buffer at the guard page, keeping the largest alignment (up to
  // 256 bytes, as cudaMalloc gives) that the size allows.
  std::size_t Align = 256;
  while (Align > 1 && Bytes % Align)
    Align /= 2;
  char *User = Base + P + Data - Bytes;
  User = reinterpret_cast<char *>(reinterpret_cast<std::uintptr_t>(User) &
                                  ~(std::uintptr_t(Align) - 1));
  std::lock_guard<std::mutex> G(RegistryMutex);
  Registry[User] = {Base, Total, User, Bytes};
  return User;
}

bool checkedFree(void *P) {
  Mapping M;
  {
    std::lock_guard<std::mutex> G(RegistryMutex);
    auto It = Registry.find(static_cast<char *>(P));
    if (It == Registry.end())
      return false;
    M = It->second;
    Registry.erase(It);
  }
  munmap(M.Base, M.Total);
  return true;
}

} // namespace hipcpu::detail

namespace hipcpu {
void setChecked(bool On) { detail::CheckedFlag = On ? 1 : 0; }
bool isChecked() {
  int C = detail::CheckedFlag.load();
  if (C < 0) {
    const char *V = std::getenv("HIPCPU_CHECK");
    C = (V && *V && *V != '0') ? 1 : 0;
    detail::CheckedFlag = C;
  }
  return C != 0;
}
} // namespace hipcpu
