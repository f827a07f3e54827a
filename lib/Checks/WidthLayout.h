//===- WidthLayout.h - layouts sized or indexed by a 32-lane width -*- C++ -*-===//
#pragma once

#include "Checks/Check.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>
#include <string>

namespace clang {
class BinaryOperator;
class CallExpr;
class DeclaratorDecl;
class FunctionDecl;
class ForStmt;
class NonTypeTemplateParmDecl;
class VarDecl;
} // namespace clang

namespace hipport::checks {

/// A small intra-TU data flow for data layouts tied to 32 lanes. Sources: a
/// named warp width of 32 (a `#define`, `constexpr`/`static const`, or a
/// template parameter's default, named like a warp width: WARP_SIZE,
/// kWarpSize, or a width-named parameter of a template instantiated with 32
/// and never with 64), and constants computed from one (`kNumWarps = Threads /
/// kWarpSize`, `kRegs = N / kWarpSize`, or `Threads / 32` in a constant
/// named like a warp count). Uses, each reported where it is written: array
/// and shared-memory extents (`T v[N / kWarpSize]`, `s[kNumWarps][...]`),
/// indices scaling a warp id by the width (`s[warp * 32 + lane]`,
/// `warp * kWarpSize + lane`), loop bounds and strides, and the derived
/// constants' own definitions. A use that is the named 32 itself
/// (`s[WARP_SIZE]`, `i < WARP_SIZE`) is wave64-warp-size-literal's.
class WidthLayout {
public:
  explicit WidthLayout(clang::ASTContext &C) : C(C) {}
  std::optional<CheckDiag> onDecl(const clang::DeclaratorDecl *D);
  std::optional<CheckDiag> onMul(const clang::BinaryOperator *Mul);
  std::optional<CheckDiag> onFor(const clang::ForStmt *F);
  /// `divUp(n, 32)`, `roundDown(i, 32)` in device code whose lanes are
  /// counted with a width other than 32 (warpSize, or a named width that is
  /// 64 for this target): groups of 32 items that no longer match a warp.
  std::optional<CheckDiag> onCall(const clang::CallExpr *Call);

  /// What a leaf of an expression holds.
  struct Source {
    enum Kind { None, Width, Derived } K = None;
    std::string Name;
    clang::SourceLocation Def;
    const clang::Expr *At = nullptr;
    /// The definition of the width it comes from (invalid for `/ 32`).
    clang::SourceLocation Root;
  };
  /// The root width of the last diagnostic returned: a width also used as
  /// the bit count of a word (`1 << (WS - 1)`) is a word width, and its
  /// uses are dropped at the end of the TU (see noteShift).
  clang::SourceLocation lastRoot() const { return LastRoot; }
  /// Records the widths read in a shift amount.
  void noteShift(const clang::BinaryOperator *Shift);
  bool isBitWidth(clang::SourceLocation Root) const {
    return Root.isValid() && BitWidths.count(Root.getRawEncoding());
  }
  /// The function of the last diagnostic returned (null at namespace or
  /// class scope).
  const clang::FunctionDecl *lastFunction() const { return LastFunc; }
  /// Records the width a lane or warp index is computed with
  /// (`threadIdx.x % kWarpSize`, `tid / WARP_SIZE`, `tid % warpSize`).
  void noteLaneMath(const clang::BinaryOperator *BO);
  /// True when the code counts its lanes and warps with the width at Root
  /// where a layout of function F (null: namespace or class scope) is
  /// used: in F itself, or, when F counts no lanes, anywhere in the TU. A
  /// function that counts its lanes with another width (warpSize) mixes
  /// the two.
  bool countsLanesWith(clang::SourceLocation Root,
                       const clang::FunctionDecl *F) const;
  /// The first width or derived constant read in E (looking through
  /// operators, not through calls).
  Source find(const clang::Expr *E, unsigned Depth = 0);
  /// The width or derived constant that E divides or multiplies by
  /// (`N / kWarpSize`, `kNumWarps * 2`); `kWarpSize - 1` or `1 << (WS - 1)`
  /// is a lane mask or a bit count, not a count of warps.
  Source scaledBy(const clang::Expr *E, unsigned Depth = 0);

private:
  clang::ASTContext &C;
  llvm::DenseMap<const clang::VarDecl *, Source> Vars;
  llvm::DenseSet<unsigned> BitWidths, LaneWidths;
  /// Per function: the roots of its lane math, and whether it also counts
  /// lanes with another width.
  llvm::DenseMap<const clang::FunctionDecl *, llvm::DenseSet<unsigned>> FuncLanes;
  llvm::DenseSet<const clang::FunctionDecl *> OtherLanes;
  clang::SourceLocation LastRoot;
  const clang::FunctionDecl *LastFunc = nullptr;
  Source ofVar(const clang::VarDecl *VD);
  Source ofLeaf(const clang::Expr *E);
  llvm::DenseMap<const clang::NonTypeTemplateParmDecl *, bool> Params;
  /// Per function: the width its lane math divides by, when not 32.
  llvm::DenseMap<const clang::FunctionDecl *, const clang::Expr *> WideLanes;
  const clang::Expr *wideLaneWidth(const clang::FunctionDecl *F);
  bool instantiatedWith32(const clang::NonTypeTemplateParmDecl *P);
  std::optional<CheckDiag> derivedDef(const clang::VarDecl *VD);
};

} // namespace hipport::checks
