//===- Memory.h - the heap given back, and peak memory per phase -*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"

namespace hipport::core {

/// HIPPORT_MEMORY_TRACE=1: one "memory-trace PHASE WHAT maxrss N rss N"
/// line (MiB) on stderr after each phase that can set the process's peak
/// (a precompiled prelude built, a TU parsed), so bench/project-speed.sh
/// can say which phase a peak comes from. maxrss is this process's high
/// water mark (getrusage), rss what it holds now (/proc/self/statm). Off,
/// it costs one getenv.
void memoryTrace(llvm::StringRef Phase, llvm::StringRef What);

/// Gives the heap that freed allocations leave back to the system (glibc
/// keeps it mapped otherwise): what is freed before a big phase (a parse,
/// a precompiled prelude built, a report) then does not count on top of
/// that phase's own peak.
void releaseFreedMemory();

} // namespace hipport::core
