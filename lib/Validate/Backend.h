//===- Backend.h - toolchains, generated drivers, builds and runs -*- C++ -*-===//
#pragma once

#include "Validate/KernelSpec.h"

#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace hipport::validate {

/// Where a kernel runs. The two CPU backends share runtime/hipcpu and differ
/// in spelling (the CUDA original or the HIP port) and default width.
enum class BackendKind { Cuda, CudaCpu, Hip, HipCpu, CompileOnly };

const char *backendName(BackendKind B);
bool parseBackend(llvm::StringRef Name, BackendKind &Out);
/// True for the backends that build the CUDA original.
bool buildsOriginal(BackendKind B);
/// True for the backends that run on runtime/hipcpu.
bool onHipcpu(BackendKind B);

struct ToolchainOptions {
  std::string Cxx;         ///< compiler for hipcpu drivers; "" = g++ / $CXX
  std::string HipcpuLib;   ///< libhipcpu.a; "" = next to the hipport binary
  std::string OffloadArch = "gfx90a"; ///< compile-only and hip targets
  std::string CudaArch = "native";    ///< nvcc -arch
  std::string Argv0;       ///< to find libhipcpu.a relative to hipport
};

/// What exists on this machine, found once per run.
struct Toolchain {
  ToolchainOptions Opts;
  std::string Cxx, HipcpuInclude, HipcpuLib, Nvcc, Hipcc;
  bool NvidiaGpu = false, AmdGpu = false;

  static Toolchain detect(const ToolchainOptions &Opts);
  /// Empty when the backend can run here; otherwise what is missing.
  std::string missing(BackendKind B) const;
  /// One line naming the compiler and its version, for the golden record.
  std::string version(BackendKind B) const;
};

/// The result of one child process.
struct ProcResult {
  int Rc = 0;
  bool TimedOut = false, Crashed = false, NotStarted = false;
  std::string Message; ///< why it failed to start, or the signal
  std::string Output;  ///< stdout and stderr, as written to the log
};

/// Runs Args (Args[0] a path or a name on $PATH) with extra environment
/// entries, stdout and stderr to LogFile. Timeout 0: none.
ProcResult runProcess(const std::vector<std::string> &Args,
                      const std::vector<std::string> &ExtraEnv,
                      const std::string &LogFile, unsigned TimeoutSeconds,
                      const std::string &StdoutFile = "");

/// The C++ of a driver for the kernels of one source file: `driver KERNEL
/// INDIR OUTDIR` reads each buffer from INDIR/<param>.bin, launches the
/// kernel, and writes every output buffer to OUTDIR/<param>.bin.
std::string generateDriver(const std::vector<const KernelSpec *> &Kernels,
                           const std::string &IncludeFile, BackendKind B);

/// Writes empty stand-ins for the CUDA and HIP runtime headers, which the
/// force-included hipcpu spelling header replaces.
llvm::Error writeHipcpuShims(const std::string &Dir);

/// The compile (and link) command of a driver.
std::vector<std::string> buildCommand(const Toolchain &TC, BackendKind B,
                                      const std::string &Driver,
                                      const std::string &Output,
                                      const std::vector<std::string> &IncludeDirs,
                                      const std::string &ShimDir);

} // namespace hipport::validate
