//===- Engine.h - private interface between the engine and its helpers ----===//
#ifndef HIPCPU_LIB_ENGINE_H
#define HIPCPU_LIB_ENGINE_H

#include <cstddef>

namespace hipcpu::detail {

/// Writes "kernel K, block (x,y,z), thread (x,y,z)" for the calling OS
/// thread's running kernel thread, or returns false outside kernels. Reads
/// thread-local state only, so a signal handler may call it.
bool describeCurrentThread(char *Buf, std::size_t Size);

/// Guarded allocations of checked mode.
void *checkedAlloc(std::size_t Bytes);
/// Frees P if checkedAlloc made it; false otherwise.
bool checkedFree(void *P);
/// Gives the calling OS thread an alternate signal stack, so a fault on a
/// fiber stack can still be reported.
void ensureAltStack();

} // namespace hipcpu::detail

#endif
