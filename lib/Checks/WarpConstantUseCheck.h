//===- WarpConstantUseCheck.h - wave64-warp-constant-use -------*- C++ -*-===//
#pragma once

#include "Checks/Check.h"

#include <map>
#include <memory>
#include <optional>
#include <set>

namespace clang {
class CallExpr;
class Expr;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace hipport::checks {

class WidthLayout;

/// Follows a warp width of 32 from where it is passed to where it is used:
/// a template argument (`reduce<32>(v)`, `kernel<32><<<g, b>>>`) or a call
/// argument (`warp_sum(v, 32)`, `warp_sum(v, WARP)`) that the callee uses
/// as the warp width (lane math on a thread index, a shuffle width, a loop
/// stride, a last-lane test) is reported at the argument, where the fix
/// goes, and each such use in the template at its place; and an array
/// smaller than the wavefront indexed by a lane index computed with
/// warpSize (`sums[lane]` with `float sums[32]`) reads past its end on a
/// 64-lane wavefront; and a warp index computed with 32 (`wid = tid / 32`)
/// scaled by warpSize (`wid * warpSize + i`): the layout mixes the widths.
/// Also the uses of layouts tied to 32 lanes (see WidthLayout): extents,
/// warp-index scaling and loop bounds computed from a named warp width; and
/// a warp width used as the edge of a square tile (see WidthLayoutTile).
class WarpConstantUseCheck : public Check {
public:
  static const CheckInfo Info;
  WarpConstantUseCheck();
  ~WarpConstantUseCheck() override;
  void onEndOfTranslationUnit() override;
  void registerMatchers(clang::ast_matchers::MatchFinder &F) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;

private:
  void templateArgs(const clang::CallExpr *Call, const clang::FunctionDecl *F,
                    clang::ASTContext &C);
  void callArgs(const clang::CallExpr *Call, const clang::FunctionDecl *F,
                clang::ASTContext &C);
  void laneIndexedArray(const clang::ArraySubscriptExpr *Sub,
                        clang::ASTContext &C);
  void mixedWidth(const clang::BinaryOperator *Mul, clang::ASTContext &C);
  void slotArray(const clang::VarDecl *VD, clang::ASTContext &C);
  /// Slot-array findings by declaration, the strongest kept to the end of
  /// the TU.
  std::map<unsigned, std::pair<clang::ASTContext *, CheckDiag>> Slots;
  std::unique_ptr<WidthLayout> Layout;
  const clang::ASTContext *LayoutCtx = nullptr;
  /// Layout findings held to the end of the TU, with their root width and
  /// function (WidthLayout::lastRoot, lastFunction).
  struct HeldLayout {
    CheckDiag D;
    clang::SourceLocation Root;
    const clang::FunctionDecl *Func;
  };
  std::vector<HeldLayout> Layouts;
  WidthLayout &layout(clang::ASTContext &C);
  void reportOnce(std::optional<CheckDiag> D, clang::ASTContext &C);
  /// The lines squareTileUses reported, where layout findings are dropped.
  std::set<std::pair<clang::FileID, unsigned>> TileLines;
  /// Locations reported once per TU (templates are instantiated many times).
  std::set<unsigned> Reported;
  bool once(clang::SourceLocation Loc, const clang::ASTContext &C);
};

} // namespace hipport::checks
