//===- HostDispatchWidthCheck.h - wave64-host-dispatch-width ---*- C++ -*-===//
#pragma once

#include "Checks/Check.h"
#include "Checks/TargetMacros.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace clang {
class DeclRefExpr;
class FunctionDecl;
class FunctionTemplateDecl;
class CallExpr;
} // namespace clang

namespace hipport::checks {

/// Finds host code that picks a kernel instantiation valid only on 32-wide
/// warps: a kernel template launched (`<<<>>>`, hipLaunchKernelGGL,
/// cudaLaunchKernel, a pointer taken) with 32 for a parameter that is the
/// warp width or a per-warp size (`k<float, 32><<<...>>>` with `template
/// <typename T, int WarpSize>`, a per-warp queue `NumWarpQ = 32`), in a
/// function that never asks the device for its width (a dispatch on
/// anything else, `if (k <= 32) select<32>(...)`, picks 32 on every
/// device). A function that queries the width is not reported, nor a
/// width the preprocessor picks per AMD target (wave64-host-launch-width's:
/// the host pass never sees the device pass's macros).
class HostDispatchWidthCheck : public Check {
public:
  static const CheckInfo Info;
  HostDispatchWidthCheck() : Check(Info) {}
  void registerMatchers(clang::ast_matchers::MatchFinder &F) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void onEndOfTranslationUnit() override;
  void registerPPCallbacks(const clang::SourceManager &SM,
                           clang::Preprocessor &PP) override;

  /// A macro use that passes 32 for a parameter named like a per-warp size
  /// (`SELECT_CALL(float, true, 32)` with `#define SELECT_CALL(T, D,
  /// WARP_Q)`), recorded while the TU is preprocessed.
  struct WarpArgUse {
    clang::SourceLocation Begin, End, Arg;
    std::string Macro, Param;
  };

private:
  bool consultsWidth(const clang::FunctionDecl *F);
  void macroCall(const clang::CallExpr *Call, clang::ASTContext &C);
  std::vector<WarpArgUse> WarpArgs;
  std::map<const clang::FunctionDecl *, bool> Consults;
  std::set<unsigned> Reported;
  TargetRegions Regions;
};

} // namespace hipport::checks
