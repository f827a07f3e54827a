//===- LaunchMirror.h - launches rewritten through the AST -----*- C++ -*-===//
#pragma once

#include "Project/Project.h"

#include "llvm/Support/Error.h"

#include <memory>

namespace clang {
class ASTContext;
}

#include <string>

namespace hipport::validate {

/// One `k<<<g, b, s, st>>>(args)` as `hipLaunchKernelGGL(HIP_KERNEL_NAME(k),
/// dim3(g), dim3(b), s, st, args)`: every part is taken from the AST, each
/// configuration argument as the text of its expansion range, so macro
/// (`#define TPB 256`), template and expression arguments stay whole.
/// A launch written inside a macro body is left as it is.
struct LaunchEdit {
  unsigned Offset = 0, Length = 0;
  std::string Text;
};

/// Writes a copy of P under Out with every launch rewritten (the only
/// change), so its files compile as C++ on runtime/hipcpu. A `<<<` the
/// parse could not place (a TU with errors) is rewritten from the text.
/// The file of the mirror's root that defines the storage of its
/// `extern __shared__` arrays, written where there are any; a hipcpu build
/// links it in.
inline constexpr const char *DynamicSharedFile = "hipport_dynamic_shared.cpp";

llvm::Error writeLaunchMirror(const project::Project &P, const std::string &Out,
                              unsigned Jobs);

/// The launch edits of a project, collected during a parse some other
/// analysis pays for (spec derivation), so the mirror needs none of its own.
class LaunchEdits {
public:
  LaunchEdits();
  ~LaunchEdits();
  /// Collects the edits of one parsed TU; safe from several threads.
  void collect(const project::Project &P, clang::ASTContext &Ctx);
  /// Writes the mirror from what was collected.
  llvm::Error write(const project::Project &P, const std::string &Out);
  struct Impl;

private:
  std::unique_ptr<Impl> I;
};

} // namespace hipport::validate
