//===- WarpSizeLiteralCheck.h - wave64-warp-size-literal -------*- C++ -*-===//
#pragma once

#include <optional>

#include "Checks/Check.h"
#include "Checks/CudaPatterns.h"
#include "Checks/LogicalWarps.h"

#include <map>
#include <set>

namespace hipport::checks {

/// Finds the warp width written as 32 (31, 5, 16): lane and warp arithmetic
/// on thread indices, `blockDim.x / 32`, shuffle widths of 32, broadcasts
/// from lane 31, reductions starting at offset 16, and named constants
/// holding these values, reported at their definition with the uses as notes.
class WarpSizeLiteralCheck : public Check {
public:
  static const CheckInfo Info;
  WarpSizeLiteralCheck() : Check(Info) {}
  void registerMatchers(clang::ast_matchers::MatchFinder &F) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void startTranslationUnit() override;
  void onEndOfTranslationUnit() override;
  void registerPPCallbacks(const clang::SourceManager &SM,
                           clang::Preprocessor &PP) override;
  /// `#define warpSize 32` at Loc.
  void reportMacro(const clang::SourceManager &SM, const clang::LangOptions &LO,
                   clang::SourceLocation Loc);

private:
  // One matcher's case each (run dispatches).
  void onArray(const clang::VarDecl *VD, clang::ASTContext &C);
  void onFor(const clang::ForStmt *For, clang::ASTContext &C);
  void laneStride(const clang::ForStmt *For, clang::ASTContext &C);
  void onMath(const clang::BinaryOperator *BO, clang::ASTContext &C);
  void onWarpRole(const clang::BinaryOperator *BO, clang::ASTContext &C);
  void onFirst(const clang::BinaryOperator *BO, clang::ASTContext &C);
  void onShift(const clang::BinaryOperator *BO, clang::ASTContext &C);
  void onBlockShape(const clang::CXXConstructExpr *Block, clang::ASTContext &C);
  void onCmp(const clang::BinaryOperator *BO, clang::ASTContext &C);
  void onShuffle(const clang::CallExpr *Call, clang::ASTContext &C);
  void onLoop(const clang::ForStmt *Loop, const clang::VarDecl *Var,
              const clang::Expr *Init, const clang::CallExpr *Shfl,
              clang::ASTContext &C);
  /// One use of the warp width; Origin says whether to report it in place
  /// or at a named constant's definition.
  void use(const ConstantOrigin &Origin, core::Severity Level,
           clang::SourceLocation UseLoc, clang::SourceRange UseRange,
           const std::string &Message, const std::string &UseText,
           std::vector<std::pair<clang::SourceLocation, std::string>> Notes = {},
           std::optional<clang::FixItHint> Fix = std::nullopt);

  /// A size, bound, stride or division by a named 32, reported at the end
  /// of the TU if the name turns out to be a warp constant; a use that
  /// Follows it only as a use in the notes of the constant's definition.
  void pending(const ConstantOrigin &O, clang::SourceLocation Loc,
               clang::SourceRange Range, std::string Message,
               bool Count = false, std::string Follows = {});
  static int64_t originValue(const ConstantOrigin &O);
  /// Reports D, as a note where every place it names lies in a function
  /// that works in explicit 32-lane logical warps (LogicalWarps): right at
  /// wave64 there, so neither a bug nor a warning. An AssumptionSite (a
  /// reduction tree's start, a lane index written with a literal, a warp
  /// constant's definition) of a function whose trees only group leaders
  /// read stays a warning; a named constant's uses there are notes.
  using Check::report;
  void report(const clang::ASTContext &C, CheckDiag D,
              bool AssumptionSite = false);
  /// Set while a use that states the 32 lanes is reported: a reduction
  /// tree's step or start, a lane index (`tid % 32`).
  bool AssumptionUse = false;

  struct PendingUse {
    ConstantOrigin Origin;
    clang::SourceLocation Loc;
    clang::SourceRange Range;
    std::string Message;
    bool Count = false; ///< `n / WARP`: a count of warps, or of words
    /// A use that follows the constant, right at any width (`float
    /// part[WARP]`): the note that lists it at the definition; no finding.
    std::string Follows;
  };
  /// Named 32s also used as the bit count of a word (see onShift).
  std::set<unsigned> BitWidth;
  /// Named 32s that are the x extent of a block of several rows.
  std::set<unsigned> BlockRows;
  std::vector<PendingUse> Pending;

  struct Group {
    ConstantOrigin Origin;
    core::Severity Level = core::Severity::Warning;
    std::vector<std::pair<clang::SourceLocation, std::string>> Uses;
    /// Every use sizes a block's rows (BlockRows): none is a warp's lanes.
    bool OnlyRows = true;
  };
  std::map<unsigned, Group> Named;
  const clang::ASTContext *Ctx = nullptr;
};

} // namespace hipport::checks
