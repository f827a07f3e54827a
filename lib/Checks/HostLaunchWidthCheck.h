//===- HostLaunchWidthCheck.h - wave64-host-launch-width -------*- C++ -*-===//
#pragma once

#include "Checks/Check.h"
#include "Checks/LogicalWarps.h"
#include "Checks/TargetMacros.h"

#include <set>
#include <string>
#include <vector>

namespace clang {
class Expr;
class FunctionDecl;
} // namespace clang

namespace hipport::checks {

/// Finds launch configurations (`<<<>>>`, hipLaunchKernelGGL,
/// cudaLaunchKernel) whose grid, block or shared-memory size the host
/// computes with a warp width the launched kernel does not use: sized with
/// 32 (`threads / 32`, `n / WARP`, `4 * WARP`) while the kernel indexes
/// with warpSize, or sized with the queried width (`prop.warpSize`) while
/// the kernel's lane math hard-codes 32. Sizes from a named 32-valued warp
/// constant for a kernel using warp collectives are a warning: right only
/// on 32-wide warps. A warp constant the preprocessor picks per AMD target
/// (`#if defined(__GFX9__) ... 64 #else 32`) read by host code is an error:
/// the host pass never sees the device pass's macros.
class HostLaunchWidthCheck : public Check {
public:
  static const CheckInfo Info;
  HostLaunchWidthCheck() : Check(Info) {}
  void registerMatchers(clang::ast_matchers::MatchFinder &F) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void onEndOfTranslationUnit() override;
  void registerPPCallbacks(const clang::SourceManager &SM,
                           clang::Preprocessor &PP) override;

private:
  /// A host read of a warp constant the preprocessor picks per AMD target.
  void hostRead(const clang::Expr *E, clang::ASTContext &C);
  TargetRegions Regions;
  /// Why Kernel's 32-lane groups are right at 64, if they are.
  LaneGroups logicalWarpKernel(const clang::FunctionDecl *Kernel,
                         clang::ASTContext &C);
  std::set<unsigned> Reported;
  /// Where the launches read so far begin (their own locations, not the
  /// expansion's): each is read once.
  std::set<unsigned> Launches;
  /// Template launches left to their instantiations (launchFound).
  std::vector<std::pair<const clang::CallExpr *, clang::ASTContext *>> Deferred;
  void launchFound(const clang::CallExpr *Launch, clang::ASTContext &C);
  void readLaunch(const clang::CallExpr *Launch, clang::ASTContext &C);
  /// (file, line) of the launches and host reads reported.
  std::set<std::pair<unsigned, unsigned>> Lines;
  /// Takes At's line for this check's one finding a line; false where a
  /// finding (or a size judged right) holds it already.
  bool claimLine(const clang::SourceManager &SM, clang::SourceLocation At);
  void oneWarpBlock(const clang::Expr *Block, const clang::FunctionDecl *Kernel,
                    const clang::Expr *Callee, clang::ASTContext &C);
  void warpRoleBlock(const clang::Expr *X, const clang::FunctionDecl *Kernel,
                     const std::string &Name, clang::ASTContext &C);
  void checkArg(const clang::Expr *Arg, const char *Role,
                const clang::FunctionDecl *Kernel,
                const clang::Expr *LaunchSite, clang::ASTContext &C);
};

} // namespace hipport::checks
