//===- Backend.h - where a unit is built and run ---------------*- C++ -*-===//
#pragma once

#include "Validate/Toolchain.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace hipport::validate {

/// What one build needs: sources already prepared for the backend (a
/// generated driver, or a program's translation units), where headers are,
/// the user's -I/-D flags, and the width the build is for.
struct BuildRequest {
  std::vector<std::string> Sources;
  /// More sources the backend adds itself (hipcpu: shared-memory storage).
  std::vector<std::string> Extra;
  std::vector<std::string> IncludeDirs;
  std::vector<std::string> UserFlags; ///< -I/-D/-U passed after `--`
  std::string ShimDir;                ///< empty CUDA/HIP runtime headers
  std::string Output;
  int Wave = 0;
};

/// One place kernels run: a GPU toolchain, runtime/hipcpu in one spelling,
/// or a compile-only proof. A new backend is one file implementing this and
/// one line in BackendRegistry.cpp.
class Backend {
public:
  virtual ~Backend() = default;
  /// The --target / --reference name, e.g. "hip-cpu".
  virtual llvm::StringRef name() const = 0;
  /// Builds the CUDA original (true) or the HIP port.
  virtual bool buildsOriginal() const = 0;
  /// Runs on runtime/hipcpu: sources are launch-mirrored first.
  virtual bool onHipcpu() const { return false; }
  /// Only compiles; compiled() says what the output proves.
  virtual bool compileOnly() const { return false; }
  /// Empty when it can run here; otherwise what is missing.
  virtual std::string missing(const Toolchain &TC) const = 0;
  /// The widths it runs at, given those asked for (0: the device's own).
  virtual std::vector<int> widths(llvm::ArrayRef<int> Requested) const {
    return {0};
  }
  /// Whether a build for one width differs from one for another (the
  /// target's predefined macros); false lets one build serve every width.
  virtual bool buildsPerWidth() const { return false; }
  /// The compile (and link) command of one build.
  virtual std::vector<std::string> compileCommand(const Toolchain &TC,
                                                  const BuildRequest &R) const = 0;
  /// Extra environment of a run at the given width.
  virtual std::vector<std::string> runEnvironment(int Wave) const { return {}; }
  /// The source extension its compiler expects for a generated driver.
  virtual llvm::StringRef driverExtension() const = 0;
  /// The compiler and its version, for the golden record.
  virtual std::string version(const Toolchain &TC) const = 0;
  /// Compile-only: empty when Output proves the build, else what is wrong;
  /// Proof says what was proven.
  virtual std::string compiled(const Toolchain &TC, const std::string &Output,
                               std::string &Proof) const {
    return "";
  }
};

/// Every backend, in a fixed order (BackendRegistry.cpp).
const std::vector<const Backend *> &backends();
/// The backend of that name, or null.
const Backend *findBackend(llvm::StringRef Name);
/// "cuda, cuda-cpu, ..." for messages.
std::string backendNames();

} // namespace hipport::validate
