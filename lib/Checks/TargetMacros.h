//===- TargetMacros.h - does a TU pick code by AMD target? -----*- C++ -*-===//
#pragma once

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class PPCallbacks;
class Preprocessor;
class SourceManager;
} // namespace clang

namespace hipport::checks {

/// True for the macros by which code picks its path or its warp width per
/// AMD target: the ones the HIP device pass predefines (rules/targets/amd.json),
/// `__gfx*__`/`__GFX*__` of any target, `__AMDGCN_WAVEFRONT_SIZE`, and the
/// HIP platform macros.
bool isAmdTargetMacro(llvm::StringRef Name);

/// True for the macros a HIP compile for AMD defines in its host pass as in
/// its device passes (`__HIP_PLATFORM_AMD__`, `__HIP_PLATFORM_HCC__`,
/// `__HIP__`, `__HIPCC__`): code under them is the AMD build's on both sides,
/// so a constant chosen by them is not a host/device disagreement.
bool isHipPlatformMacro(llvm::StringRef Name);

/// `-D` flags of the HIP platform macros, for a HIP host pass.
std::vector<std::string> hipPlatformDefines();

/// Preprocessor callbacks that set Tested when an `#if`, `#ifdef`, `#elif`
/// or `defined()` in a project file (Owns, given the file's name) names an
/// AMD target macro, or a HIP build macro the command line defines
/// (`-DUSE_ROCM`): such a TU must be judged as the HIP compiler sees it for
/// the target, not as the host pass with no AMD macro defined sees it.
std::unique_ptr<clang::PPCallbacks>
watchTargetTests(const clang::SourceManager &SM, const clang::Preprocessor &PP,
                 std::function<bool(llvm::StringRef)> Owns, bool &Tested);

/// The `#if` groups of project files whose conditions test AMD target
/// macros other than the platform macros: a constant defined inside one has
/// a value per compiler pass, and the host pass never sees the device pass's.
class TargetRegions {
public:
  /// Callbacks that fill this object while the TU is preprocessed.
  std::unique_ptr<clang::PPCallbacks> watch(const clang::SourceManager &SM);
  /// True when the spelling location Loc lies in such a group.
  bool contains(clang::SourceLocation Loc,
                const clang::SourceManager &SM) const;
  void clear() { Ranges.clear(); }

  struct Range {
    clang::FileID File;
    unsigned Begin, End;
  };
  std::vector<Range> Ranges;
};

} // namespace hipport::checks
