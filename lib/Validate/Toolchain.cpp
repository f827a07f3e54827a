#include "Validate/Toolchain.h"

#include "Core/Paths.h"
#include "Validate/Process.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <fmt/format.h>

#include <cstdlib>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace hipport::validate {
namespace {

std::string firstExisting(std::initializer_list<std::string> Paths) {
  for (const std::string &P : Paths)
    if (!P.empty() && fs::exists(P))
      return P;
  return "";
}

std::string envOr(const char *Name) {
  const char *E = std::getenv(Name);
  return E ? std::string(E) : "";
}

/// A fresh temporary file name for a child's output.
std::string tempLog(const char *Prefix) {
  llvm::SmallString<128> P;
  if (fs::createTemporaryFile(Prefix, "txt", P))
    return "/dev/null";
  return std::string(P);
}

/// True when Tool runs and prints Needle.
bool listsDevice(const std::string &Tool, std::vector<std::string> Args,
                 llvm::StringRef Needle) {
  if (Tool.empty())
    return false;
  std::string Log = tempLog("hipport-gpu");
  Args.insert(Args.begin(), Tool);
  ProcResult R = runProcess(Args, {}, Log, 30);
  fs::remove(Log);
  return R.Rc == 0 && llvm::StringRef(R.Output).contains(Needle);
}

/// pch/ next to libhipcpu.a, when it was built by the same compiler from
/// the headers in use (not with HIPPORT_HIPCPU_INCLUDE pointing elsewhere).
std::string precompiledHeaders(const Toolchain &T) {
  if (T.HipcpuLib.empty() || T.Cxx.empty() || !envOr("HIPPORT_HIPCPU_INCLUDE").empty())
    return "";
  std::string Dir = std::string(path::parent_path(T.HipcpuLib)) + "/pch";
  auto Stamp = llvm::MemoryBuffer::getFile(Dir + "/compiler.txt");
  if (!Stamp)
    return "";
  llvm::SmallString<256> Built, Used;
  if (fs::real_path((*Stamp)->getBuffer().trim(), Built) ||
      fs::real_path(T.Cxx, Used) || Built != Used)
    return "";
  // Older than a header (edited since the last build): not used.
  auto Modified = [](const std::string &P) {
    fs::file_status St;
    return fs::status(P, St) ? llvm::sys::TimePoint<>() : St.getLastModificationTime();
  };
  auto Oldest = std::min(Modified(Dir + "/hipcpu/hip_runtime.h.gch"),
                         Modified(Dir + "/hipcpu/cuda_runtime.h.gch"));
  for (const char *Sub : {"/hipcpu", "/hipcpu/detail"}) {
    std::error_code EC;
    for (fs::directory_iterator I(T.HipcpuInclude + Sub, EC), E; I != E && !EC;
         I.increment(EC))
      if (Modified(I->path()) > Oldest)
        return "";
  }
  return Dir;
}

} // namespace

Toolchain Toolchain::detect(const ToolchainOptions &Opts) {
  Toolchain T;
  T.Opts = Opts;
  T.Cxx = Opts.Cxx.empty() ? envOr("CXX") : Opts.Cxx;
  if (T.Cxx.empty())
    T.Cxx = onPath("g++");
  if (T.Cxx.empty())
    T.Cxx = onPath("clang++");
  if (!T.Cxx.empty() && !path::is_absolute(T.Cxx))
    T.Cxx = onPath(T.Cxx);
  T.HipcpuInclude =
      firstExisting({envOr("HIPPORT_HIPCPU_INCLUDE"),
                     core::rulesDirectory() + "/../runtime/hipcpu/include"});
  std::string ExeDir;
  static int Anchor;
  std::string Exe = fs::getMainExecutable(Opts.Argv0.c_str(), &Anchor);
  if (!Exe.empty())
    ExeDir = std::string(path::parent_path(Exe));
  T.HipcpuLib = firstExisting(
      {Opts.HipcpuLib, envOr("HIPPORT_HIPCPU_LIB"),
       ExeDir + "/../runtime/hipcpu/libhipcpu.a", ExeDir + "/../lib/libhipcpu.a",
       ExeDir + "/libhipcpu.a"});
  T.HipcpuPch = precompiledHeaders(T);
  T.Nvcc = onPath("nvcc");
  if (T.Nvcc.empty())
    T.Nvcc = firstExisting({"/usr/local/cuda/bin/nvcc"});
  T.Hipcc = onPath("hipcc");
  // A GPU is there when its driver's own tool lists one.
  T.NvidiaGpu = listsDevice(onPath("nvidia-smi"), {"-L"}, "GPU");
  if (fs::exists("/dev/kfd"))
    T.AmdGpu = listsDevice(onPath("rocminfo"), {}, "gfx");
  return T;
}

std::string Toolchain::versionOf(const std::string &Tool) {
  if (Tool.empty())
    return "";
  std::string Log = tempLog("hipport-version");
  ProcResult R = runProcess({Tool, "--version"}, {}, Log, 30);
  fs::remove(Log);
  std::string V;
  for (llvm::StringRef L : llvm::split(R.Output, '\n')) {
    // nvcc prints its release on the 4th line; the others on the first.
    if (L.contains("release") || L.contains("version") || V.empty())
      V = L.trim().str();
    if (L.contains("release") || L.contains("HIP version"))
      break;
  }
  return fmt::format("{}: {}", Tool, V);
}

} // namespace hipport::validate
