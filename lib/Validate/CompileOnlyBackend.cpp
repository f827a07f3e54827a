//===- CompileOnlyBackend.cpp - hipcc -c for a real AMD target, no run -----===//
#include "Validate/HipBackend.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <fmt/format.h>

namespace hipport::validate {
namespace {

/// Proves that the port compiles for --offload-arch: the object must hold
/// an amdgcn code object for that target.
class CompileOnlyBackend final : public Backend {
public:
  llvm::StringRef name() const override { return "compile-only"; }
  bool buildsOriginal() const override { return false; }
  bool compileOnly() const override { return true; }
  std::string missing(const Toolchain &TC) const override {
    return TC.Hipcc.empty() ? "hipcc not found" : "";
  }
  std::vector<std::string> compileCommand(const Toolchain &TC,
                                          const BuildRequest &R) const override {
    return hipccCommand(TC, R, true);
  }
  llvm::StringRef driverExtension() const override { return ".hip"; }
  std::string version(const Toolchain &TC) const override {
    return Toolchain::versionOf(TC.Hipcc);
  }
  std::string compiled(const Toolchain &TC, const std::string &Output,
                       std::string &Proof) const override {
    auto Obj = llvm::MemoryBuffer::getFile(Output);
    std::string Want = "amdgcn-amd-amdhsa--" + TC.Opts.OffloadArch;
    if (!Obj || !(*Obj)->getBuffer().contains(Want))
      return "no " + Want + " code object in " + Output;
    Proof = fmt::format("{} code object in {} ({} bytes)", TC.Opts.OffloadArch,
                        llvm::sys::path::filename(Output).str(),
                        (*Obj)->getBufferSize());
    return "";
  }
};

} // namespace

const Backend &compileOnlyBackend() {
  static const CompileOnlyBackend B;
  return B;
}

} // namespace hipport::validate
