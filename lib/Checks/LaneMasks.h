//===- LaneMasks.h - variables known to hold lane masks ---------*- C++ -*-===//
#pragma once

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace clang {
class ASTContext;
}

namespace hipport::checks {

/// The variables of a TU that hold lane masks, known from how the code uses
/// them rather than from their names: the mask operand of a *_sync warp
/// intrinsic (HIP declares it 64-bit: one bit per lane of the wavefront) and
/// the result of a ballot, closed over copies and bitwise combinations
/// (`int m = mask & ~bit`) and over the parameters of the TU's functions
/// that receive one as an argument. Found in one walk of the TU, made when
/// first asked; a check owns one per TU.
class LaneMaskVars {
public:
  explicit LaneMaskVars(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// The mask variable E reads: E itself names one, or E combines one with
  /// & | ^ ~ (through parentheses and casts); null otherwise.
  const clang::VarDecl *maskIn(const clang::Expr *E);
  bool isMask(const clang::VarDecl *V);
  /// For a parameter that receives a lane mask: the first such argument.
  const clang::Expr *maskArgumentOf(const clang::ParmVarDecl *P);
  /// True for a mask variable that holds, or was copied from one that
  /// holds, a whole 64-bit mask: a 64-bit variable, or a ballot's result.
  /// A narrower copy of one (`int m = mask64 & x`) has lost lanes 32-63.
  bool fromWide(const clang::VarDecl *V);

private:
  void build();
  const clang::VarDecl *carried(const clang::Expr *E, unsigned Depth = 0) const;

  clang::ASTContext &Ctx;
  bool Built = false;
  llvm::DenseSet<const clang::VarDecl *> Masks;
  llvm::DenseSet<const clang::VarDecl *> Wide;
  llvm::DenseMap<const clang::ParmVarDecl *, const clang::Expr *> Received;
};

} // namespace hipport::checks
