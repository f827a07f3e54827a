#include "Validate/HipcpuBackend.h"

#include "Core/AmdTargets.h"

#include "llvm/ADT/STLExtras.h"

#include <fmt/format.h>

namespace hipport::validate {

std::string HipcpuBackend::missing(const Toolchain &TC) const {
  if (TC.Cxx.empty())
    return "no C++ compiler (g++ or clang++) for runtime/hipcpu";
  if (TC.HipcpuInclude.empty())
    return "runtime/hipcpu headers not found (set HIPPORT_HIPCPU_INCLUDE)";
  if (TC.HipcpuLib.empty())
    return "libhipcpu.a not found (build the hipcpu target, or pass "
           "--hipcpu-lib / set HIPPORT_HIPCPU_LIB)";
  return "";
}

std::vector<std::string>
HipcpuBackend::compileCommand(const Toolchain &TC, const BuildRequest &R) const {
  // Each function in its own section, unused ones dropped at the link: a
  // kernel file's own main() (renamed in a driver) may call functions of
  // other files the driver does not link.
  std::vector<std::string> C = {TC.Cxx, "-std=c++17", "-O1",
                                "-ffunction-sections", "-w", "-I" + R.ShimDir};
  // The precompiled headers only with the flags they were built with: g++
  // takes a .gch made for other ones too, and may then crash.
  bool OwnFlags = llvm::none_of(R.UserFlags, [](llvm::StringRef F) {
    return F.starts_with("-std=") || F.starts_with("-O") || F.starts_with("-f");
  });
  if (!TC.HipcpuPch.empty() && OwnFlags)
    C.push_back("-I" + TC.HipcpuPch);
  C.push_back("-I" + TC.HipcpuInclude);
  for (const std::string &D : R.IncludeDirs)
    C.push_back("-I" + D);
  std::vector<std::string> Defines = widthDefines(R.Wave);
  C.insert(C.end(), Defines.begin(), Defines.end());
  C.insert(C.end(), R.UserFlags.begin(), R.UserFlags.end());
  C.insert(C.end(), {"-include", spellingHeader(), "-x", "c++"});
  C.insert(C.end(), R.Sources.begin(), R.Sources.end());
  C.insert(C.end(), R.Extra.begin(), R.Extra.end());
  C.insert(C.end(), {"-x", "none", TC.HipcpuLib, "-lboost_context",
                     "-lpthread", "-Wl,--gc-sections", "-o", R.Output});
  return C;
}

std::vector<std::string> HipcpuBackend::runEnvironment(int Wave) const {
  return {fmt::format("HIPCPU_WARP_SIZE={}", Wave ? Wave : 64)};
}

std::string HipcpuBackend::version(const Toolchain &TC) const {
  return Toolchain::versionOf(TC.Cxx) +
         fmt::format(" + runtime/hipcpu ({})", TC.HipcpuLib);
}

std::vector<std::string> amdTargetDefines(int Wave) {
  auto T = core::amdTargetForWave(unsigned(Wave));
  if (!T) {
    llvm::consumeError(T.takeError());
    return {};
  }
  std::vector<std::string> Out;
  for (const auto &[Name, Value] : T->Macros)
    // hipcpu's hip_runtime.h defines __HIP_PLATFORM_AMD__ itself, and a
    // -D of it would also make g++ ignore the precompiled header.
    if (Name != "__HIP_DEVICE_COMPILE__" && Name != "__AMDGCN__" &&
        Name != "__AMDGPU__" && Name != "__HIP_PLATFORM_AMD__")
      Out.push_back("-D" + Name + "=" + Value);
  return Out;
}

} // namespace hipport::validate
