//===- Engine.h - private interface between the engine and its helpers ----===//
#ifndef HIPCPU_LIB_ENGINE_H
#define HIPCPU_LIB_ENGINE_H

#include <cstddef>
#include <cstdint>

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

namespace hipcpu::host {
/// The allocation (device, managed or pinned) that P points into: its
/// start and size; false when P is in none.
bool allocationOf(const void *P, std::uintptr_t &Base, std::size_t &Bytes);
} // namespace hipcpu::host

#endif
