//===- Toolchain.h - the compilers and GPUs this machine has ---*- C++ -*-===//
#pragma once

#include <string>
#include <vector>

namespace hipport::validate {

struct ToolchainOptions {
  std::string Cxx;         ///< compiler for hipcpu drivers; "" = g++ / $CXX
  std::string HipcpuLib;   ///< libhipcpu.a; "" = next to the hipport binary
  std::string OffloadArch = "gfx90a"; ///< compile-only and hip targets
  std::string CudaArch = "native";    ///< nvcc -arch
  std::string Argv0;       ///< to find libhipcpu.a relative to hipport
};

/// What exists on this machine, found once per run. Backends decide from
/// it whether they can run (Backend::missing).
struct Toolchain {
  ToolchainOptions Opts;
  std::string Cxx, HipcpuInclude, HipcpuLib, Nvcc, Hipcc;
  /// Directory of the precompiled spelling headers built with libhipcpu.a
  /// for exactly Cxx; "" when there are none for it.
  std::string HipcpuPch;
  bool NvidiaGpu = false, AmdGpu = false;

  static Toolchain detect(const ToolchainOptions &Opts);
  /// "TOOL: first version line" of a compiler, for the golden record.
  static std::string versionOf(const std::string &Tool);
};

} // namespace hipport::validate
